// `conflict_free` on a row-major tile of 128-byte rows: the 8 rows of each matrix all start
// in bank 0.
use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
use fraglayout::matrix_rows;
use fraglayout::shared::SharedLayout;

const SMEM_A: SharedLayout = SharedLayout::row_major(64, 64, 2);

#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SMEM_A, conflict_free)]
fn a_row(lane: u32) -> u32 {}

fn main() {
    let _ = a_row(0);
}
