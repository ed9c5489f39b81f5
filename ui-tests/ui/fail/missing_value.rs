// A scatter's element closure takes `|row, col, value|`.
use layout_core::catalog::SM80_16x8x16_F32_C;

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C)]
fn store_c(lane: u32, frag: &[f32; 4], out: &mut [f32]) {
    |row, col| out[row * 8 + col] = 1.0
}

fn main() {
    let mut out = [0.0; 128];
    store_c(0, &[0.0; 4], &mut out);
}
