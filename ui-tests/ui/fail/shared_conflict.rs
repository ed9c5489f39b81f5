// `conflict_free` on a padded tile whose rows are 128 bytes apart: the four rows a half-warp
// stores to all start in bank 0.
use fraglayout::catalog::SM80_16x8x16_F32_C;
use fraglayout::fragment_layout;
use fraglayout::shared::SharedLayout;

const SMEM: SharedLayout = SharedLayout::padded(16, 8, 4, 24);

#[fragment_layout(SM80_16x8x16_F32_C, shared = SMEM, vector = 2, conflict_free)]
fn stage(lane: u32, frag: &[f32; 4], smem: &mut [f32]) {
    |offset, values| smem[offset..offset + 2].copy_from_slice(&values)
}

fn main() {
    stage(0, &[0.0; 4], &mut [0.0; 512]);
}
