// `packed` puts two 16-bit elements in a register: the f32 accumulator's elements are 32 bits
// wide (the catalog says so), and a body reading `f32` reads 32-bit values.
use layout_core::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C};

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C, gather, packed)]
fn load_c(lane: u32, c: &[u16]) -> [u32; 2] {
    |row, col| c[row * 8 + col]
}

#[layout_macros::fragment_layout(SM80_16x8x16_F16_A_ROW, gather, packed)]
fn load_a(lane: u32, a: &[f32]) -> [u32; 4] {
    |row, col| a[row * 16 + col]
}

fn main() {}
