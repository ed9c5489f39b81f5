// `unpaired` with `shared`: it turns row runs off, and a shared body has none.
use fraglayout::catalog::SM80_16x8x16_F32_C;
use fraglayout::fragment_layout;
use fraglayout::shared::SharedLayout;

const SMEM: SharedLayout = SharedLayout::row_major(16, 8, 4);

#[fragment_layout(SM80_16x8x16_F32_C, shared = SMEM, unpaired)]
fn stage(lane: u32, frag: &[f32; 4], smem: &mut [f32]) {
    |offset, value| smem[offset] = value
}

fn main() {
    stage(0, &[0.0; 4], &mut [0.0; 128]);
}
