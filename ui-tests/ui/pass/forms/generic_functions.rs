// Generic functions and methods of generic types expand: the generated constants use no
// generic parameter, and a gather of any `T: Default` fills with `T::default()` for a lane
// outside the layout.
use layout_core::catalog::SM80_16x8x16_F32_C;
use layout_macros::fragment_layout;

#[fragment_layout(SM80_16x8x16_F32_C, gather)]
fn load<T: Copy + Default>(lane: u32, a: &[T]) -> [T; 4] {
    |row, col| a[row * 8 + col]
}

struct Tile<T> {
    data: Vec<T>,
}

impl<T: Copy> Tile<T> {
    #[fragment_layout(SM80_16x8x16_F32_C)]
    fn store<L: layout_core::generated::ThreadIndex>(&mut self, lane: L, frag: &[T; 4]) {
        |row, col: u16, value| self.data[row * 8 + col as usize] = value
    }
}

pub fn main() {
    let a: Vec<u64> = (0..128).collect();
    assert_eq!(load(0, &a), [0, 1, 64, 65]);
    assert_eq!(load(32, &a), [0; 4]);
    let mut t = Tile { data: vec![0u8; 128] };
    t.store(1u64, &[1, 2, 3, 4]);
    t.store(-1i32, &[9; 4]);
    assert_eq!((t.data[2], t.data[3], t.data[66], t.data[67]), (1, 2, 3, 4));
    assert_eq!(t.data.iter().map(|&v| v as u32).sum::<u32>(), 10);
}
