// A wrong length below the unrolling cap is one message on the length, whatever the length.
use layout_core::catalog::SM80_16x8x16_F32_C;

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C)]
fn store_c(lane: u32, frag: &[f32; 1000], out: &mut [f32]) {
    |row, col, value| out[row * 8 + col] = value
}

fn main() {}
