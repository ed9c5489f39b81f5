// Every problem with the arguments at once: no such matrix count, a place that is not a
// (row, col) pair, and an option that does not exist.
use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
use fraglayout::matrix_rows;
use fraglayout::shared::SharedLayout;

const SMEM_A: SharedLayout = SharedLayout::row_major(64, 64, 2);

#[matrix_rows(ldmatrix.x3, SM80_16x8x16_F16_A_ROW, SMEM_A, at = 16, colour)]
fn a_row(lane: u32) -> u32 {}

fn main() {
    let _ = a_row(0);
}
