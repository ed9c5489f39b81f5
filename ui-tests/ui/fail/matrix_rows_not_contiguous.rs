// The B operand's registers hold pairs along k, but a K x N row-major tile stores n
// contiguously: without `.trans` a matrix row would run down a column.
use fraglayout::catalog::SM80_16x8x16_F16_B_COL;
use fraglayout::matrix_rows;
use fraglayout::shared::SharedLayout;

const SMEM_B: SharedLayout = SharedLayout::row_major(16, 64, 2);

#[matrix_rows(ldmatrix.x2, SM80_16x8x16_F16_B_COL, SMEM_B)]
fn b_row(lane: u32) -> u32 {}

fn main() {
    let _ = b_row(0);
}
