// The f32 accumulator gives each lane 4 elements, not 8.
use layout_core::catalog::SM80_16x8x16_F32_C;
use layout_macros::fragment_layout;

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_c(lane: u32, frag: &[f32; 8], out: &mut [f32], ld: usize) {
    |row, col, value| out[row * ld + col] = value
}

fn main() {
    let mut out = [0.0; 128];
    store_c(0, &[0.0; 8], &mut out, 8);
}
