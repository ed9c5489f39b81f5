// A warpgroup's accumulator placed at an odd column of a grid of swizzled atoms, so that every
// pair starts at an odd offset: in slabs, through the catalog's name, and in bands, through a
// constant of one's own.
use fraglayout::catalog::SM90_64x256x16_F32_C;
use fraglayout::fragment_layout;
use fraglayout::shared::{AtomOrder, SharedLayout, SwizzleMode};
use fraglayout::Numeral;

const C_TILE: SharedLayout = SharedLayout::hopper(64, 288, 4, SwizzleMode::B128);

#[fragment_layout(SM90_64x256x16_F32_C, shared = C_TILE, at = (0, 1), vector = 2)]
fn stage(thread: u32, acc: &[f32; 128], smem: &mut [f32]) {
    |offset, values| smem[offset..offset + 2].copy_from_slice(&values)
}

const ACC: Numeral = SM90_64x256x16_F32_C.renamed("ACC");
const BANDS: SharedLayout =
    SharedLayout::hopper(72, 288, 4, SwizzleMode::B32).with_order(AtomOrder::Bands);

#[fragment_layout(ACC, shared = BANDS, at = (8, 3), vector = 2)]
fn stage_own(thread: u32, acc: &[f32; 128], smem: &mut [f32]) {
    |offset, values| smem[offset..offset + 2].copy_from_slice(&values)
}

fn main() {
    stage(0, &[0.0; 128], &mut [0.0; 64 * 288]);
    stage_own(0, &[0.0; 128], &mut [0.0; 72 * 288]);
}
