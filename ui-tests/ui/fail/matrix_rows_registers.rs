// Registers 3 and 4 of a fragment of 4 registers: there is no register 4.
use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
use fraglayout::matrix_rows;
use fraglayout::shared::SharedLayout;

const SMEM_A: SharedLayout = SharedLayout::padded(64, 64, 2, 8);

#[matrix_rows(ldmatrix.x2, SM80_16x8x16_F16_A_ROW, SMEM_A, first = 3)]
fn a_row(lane: u32) -> u32 {}

fn main() {
    let _ = a_row(0);
}
