// An epilogue as a method: the receiver comes first, then the lane and the fragment.
use layout_core::catalog::SM80_16x8x16_F32_C;
use layout_macros::fragment_layout;

struct Output {
    data: Vec<f32>,
    ld: usize,
    alpha: f32,
}

impl Output {
    #[fragment_layout(SM80_16x8x16_F32_C)]
    fn store(&mut self, lane: u32, frag: &[f32; 4]) {
        |row, col, value| self.data[row * self.ld + col] = self.alpha * value
    }
}

pub fn main() {
    let mut out = Output { data: vec![0.0; 16 * 8], ld: 8, alpha: 2.0 };
    for lane in 0..32 {
        out.store(lane, &[1.0, 2.0, 3.0, 4.0]);
    }
    assert_eq!(out.data.iter().sum::<f32>(), 2.0 * 32.0 * 10.0);
}
