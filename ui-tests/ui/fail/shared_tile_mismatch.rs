// The shared layout is a 16 x 64 tile, the accumulator's is 16 x 8.
use fraglayout::catalog::SM80_16x8x16_F32_C;
use fraglayout::fragment_layout;
use fraglayout::shared::SharedLayout;

const SMEM: SharedLayout = SharedLayout::row_major(16, 64, 4);

#[fragment_layout(SM80_16x8x16_F32_C, shared = SMEM)]
fn stage(lane: u32, frag: &[f32; 4], smem: &mut [f32]) {
    |offset, value| smem[offset] = value
}

fn main() {
    stage(0, &[0.0; 4], &mut [0.0; 1024]);
}
