// A thread index whose type names fewer threads than the layout has: the other threads could
// never be named (a warpgroup's `wgmma` accumulator takes `Thread<128>`, not a `Lane`).
use fraglayout::catalog::SM90_64x8x16_F32_C;
use fraglayout::{fragment_layout, Lane, Thread};

#[fragment_layout(SM90_64x8x16_F32_C)]
fn store(lane: Lane, acc: &[f32; 4], d: &mut [f32], ld: usize) {
    |row, col, value| d[row * ld + col] = value
}

#[fragment_layout(SM90_64x8x16_F32_C, gather)]
fn load(t: Thread<64>, a: &[f32], ld: usize) -> [f32; 4] {
    |row, col| a[row * ld + col]
}

fn main() {}
