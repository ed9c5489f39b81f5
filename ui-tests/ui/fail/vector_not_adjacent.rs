// `vector = N` hands the body N adjacent elements of a row: B's elements are in different rows,
// and the accumulator's elements 2 and 3 are in row 8, not next to elements 0 and 1.
use layout_core::catalog::{SM80_16x8x16_F16_B_COL, SM80_16x8x16_F32_C};

#[layout_macros::fragment_layout(SM80_16x8x16_F16_B_COL, gather, vector = 2)]
fn load_b(lane: u32, b: &[u16]) -> [u16; 4] {
    |row, col| [b[row * 8 + col], b[row * 8 + col + 1]]
}

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C, vector = 4)]
fn store_c(lane: u32, frag: &[f32; 4], out: &mut [f32]) {
    |row, col, values| out[row * 8 + col..][..4].copy_from_slice(&values)
}

fn main() {}
