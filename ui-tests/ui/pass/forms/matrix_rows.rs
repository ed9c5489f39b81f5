// The forms #[matrix_rows] takes: a const fn, other integer types, a method, the full PTX
// spelling with `first`, a transposed load, and a warpgroup accumulator by thread index.
use fraglayout::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM90_64x16x16_F16_C};
use fraglayout::matrix_rows;
use fraglayout::shared::{SharedLayout, Swizzle, SwizzleMode};

const SMEM_A: SharedLayout = SharedLayout::hopper(64, 64, 2, SwizzleMode::B128);
const SMEM_B: SharedLayout = SharedLayout::padded(32, 64, 2, 8);
const SMEM_C: SharedLayout = SharedLayout::swizzled(64, 16, 2, Swizzle::new(1, 3, 3));

#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SMEM_A, conflict_free)]
const fn a_row(lane: u32) -> u32 {}

const A_ROW_5: u32 = a_row(5);

#[matrix_rows(ldmatrix.sync.aligned.m8n8.x2.shared.b16, SM80_16x8x16_F16_A_ROW, SMEM_A, first = 2)]
fn a_upper(lane: usize) -> usize {}

#[matrix_rows(ldmatrix.x2.trans, SM80_16x8x16_F16_B_COL, SMEM_B, at = (16, 8), conflict_free)]
fn b_row(lane: i64) -> u16 {}

#[matrix_rows(stmatrix.x4, SM90_64x16x16_F16_C, SMEM_C)]
fn c_row(thread: u32) -> u32 {}

struct Tile;

impl Tile {
    #[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SMEM_A)]
    fn row(&self, lane: u8) -> u32 {}
}

pub fn main() {
    // Lane 5: row 5, unit 0 ^ 5.
    assert_eq!(A_ROW_5, 5 * 128 + 16 * 5);
    // Registers 2 and 3 are columns 8..16: unit 1 ^ r.
    assert_eq!(a_upper(5), 5 * 128 + 16 * (1 ^ 5));
    // Rows 16.. of a 72-element pitch, column 8: lane 3 of matrix 0 is k row 19.
    assert_eq!(b_row(3), ((19 * 72 + 8) * 2) as u16);
    // Warp 1 owns rows 16..32.
    assert_eq!(c_row(32), 16 * 16 * 2);
    assert_eq!(Tile.row(5), a_row(5));
}
