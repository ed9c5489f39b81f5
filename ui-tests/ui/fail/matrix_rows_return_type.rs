// Addresses up to byte 1936 do not fit in a u8.
use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
use fraglayout::matrix_rows;
use fraglayout::shared::SharedLayout;

const SMEM_A: SharedLayout = SharedLayout::row_major(64, 64, 2);

#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SMEM_A)]
fn a_row(lane: u32) -> u8 {}

fn main() {
    let _ = a_row(0);
}
