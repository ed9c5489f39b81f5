// A swizzle whose bits leave the tile: the layout fails its check.
use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
use fraglayout::matrix_rows;
use fraglayout::shared::{SharedLayout, Swizzle};

const SMEM_A: SharedLayout = SharedLayout::swizzled(16, 16, 2, Swizzle::new(3, 3, 3));

#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SMEM_A)]
fn a_row(lane: u32) -> u32 {}

fn main() {
    let _ = a_row(0);
}
