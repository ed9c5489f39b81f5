// `bounds` takes two values, the valid rows and columns.
use layout_core::catalog::SM80_16x8x16_F32_C;

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C, bounds(m))]
fn store_c(lane: u32, frag: &[f32; 4], out: &mut [f32], m: usize) {
    |row, col, value| out[row * 8 + col] = value
}

fn main() {}
