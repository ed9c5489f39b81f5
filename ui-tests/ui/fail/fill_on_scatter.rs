// A fill value is what a gather returns where it reads nothing; a scatter returns nothing.
use layout_core::catalog::SM80_16x8x16_F32_C;

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C, fill = 0.0)]
fn store_c(lane: u32, frag: &[f32; 4], out: &mut [f32]) {
    |row, col, value| out[row * 8 + col] = value
}

fn main() {}
