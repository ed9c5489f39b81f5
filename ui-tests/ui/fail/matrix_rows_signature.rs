// Every problem with the function at once: two parameters, a lane that is not an integer, an
// address that is not an integer, and a body.
use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
use fraglayout::matrix_rows;
use fraglayout::shared::SharedLayout;

const SMEM_A: SharedLayout = SharedLayout::row_major(64, 64, 2);

#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SMEM_A)]
fn a_row(lane: f32, base: u32) -> *const u16 {
    core::ptr::null()
}

fn main() {
    let _ = a_row(0.0, 0);
}
