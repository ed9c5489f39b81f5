// The fragment and the layout given in the wrong order: each is a type error on its own
// token.
use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
use fraglayout::matrix_rows;
use fraglayout::shared::SharedLayout;

const SMEM_A: SharedLayout = SharedLayout::row_major(64, 64, 2);

#[matrix_rows(ldmatrix.x4, SMEM_A, SM80_16x8x16_F16_A_ROW)]
fn a_row(lane: u32) -> u32 {}

fn main() {
    let _ = a_row(0);
}
