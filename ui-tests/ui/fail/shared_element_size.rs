// A layout of 2-byte elements for an `f32` fragment.
use fraglayout::catalog::SM80_16x8x16_F32_C;
use fraglayout::fragment_layout;
use fraglayout::shared::SharedLayout;

const SMEM: SharedLayout = SharedLayout::row_major(16, 8, 2);

#[fragment_layout(SM80_16x8x16_F32_C, gather, shared = SMEM)]
fn load(lane: u32, smem: &[f32]) -> [f32; 4] {
    |offset| smem[offset]
}

fn main() {
    let _ = load(0, &[0.0; 128]);
}
