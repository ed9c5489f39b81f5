// A 16 x 16 fragment placed at row 56 of a 64-row tile reaches row 72.
use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
use fraglayout::matrix_rows;
use fraglayout::shared::SharedLayout;

const SMEM_A: SharedLayout = SharedLayout::padded(64, 64, 2, 8);

#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SMEM_A, at = (56, 0))]
fn a_row(lane: u32) -> u32 {}

fn main() {
    let _ = a_row(0);
}
