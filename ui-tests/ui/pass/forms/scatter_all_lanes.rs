// A numeral declared with `numeral!`, used by a scatter epilogue with extra parameters, run for
// all 32 lanes: every tile element is written exactly once, with alpha applied.
use layout_macros::{fragment_layout, numeral};

numeral! {
    pub ACC: 16 x 8, elements 4 {
        e % 2    => 1,
        lane % 4 => 2,
        lane / 4 => 8,
        e / 2    => 64,
    }
}

#[fragment_layout(ACC)]
fn epilogue(lane: u32, frag: &[f32; 4], out: &mut [f32], ld: usize, alpha: f32) {
    |row, col, value: f32| out[row * ld + col] += alpha * value
}

pub fn main() {
    let mut out = vec![0.0f32; 16 * 24];
    for lane in 0..32u32 {
        let frag = [0, 1, 2, 3].map(|e| (lane * 4 + e) as f32);
        epilogue(lane, &frag, &mut out, 24, 1.0);
    }
    let mut seen = vec![false; 128];
    for row in 0..16 {
        for col in 0..8 {
            let v = out[row * 24 + col] as usize;
            assert!(!seen[v], "value {v} written twice");
            seen[v] = true;
        }
    }
    assert!(seen.iter().all(|&s| s));
    assert!(out.iter().skip(8).take(16).all(|&v| v == 0.0), "outside the tile");
}
