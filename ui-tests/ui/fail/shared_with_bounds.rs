// `bounds` with `shared`: the shared layout is the numeral's whole tile, so there is no edge
// to cut.
use fraglayout::catalog::SM80_16x8x16_F32_C;
use fraglayout::fragment_layout;
use fraglayout::shared::SharedLayout;

const SMEM: SharedLayout = SharedLayout::row_major(16, 8, 4);

#[fragment_layout(SM80_16x8x16_F32_C, shared = SMEM, bounds(m, n))]
fn stage(lane: u32, frag: &[f32; 4], smem: &mut [f32], m: usize, n: usize) {
    |offset, value| smem[offset] = value
}

fn main() {
    stage(0, &[0.0; 4], &mut [0.0; 128], 16, 8);
}
