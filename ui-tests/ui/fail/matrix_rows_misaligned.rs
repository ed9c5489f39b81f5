// Rows padded by 4 elements (8 bytes): every other row starts off a 16-byte boundary.
use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
use fraglayout::matrix_rows;
use fraglayout::shared::SharedLayout;

const SMEM_A: SharedLayout = SharedLayout::padded(64, 64, 2, 4);

#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SMEM_A)]
fn a_row(lane: u32) -> u32 {}

fn main() {
    let _ = a_row(0);
}
