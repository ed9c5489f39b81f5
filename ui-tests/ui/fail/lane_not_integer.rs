// The lane is an index: a float or a bool is not one (`as u32` would have truncated it).
use layout_core::catalog::SM80_16x8x16_F32_C;

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C)]
fn store_f(lane: f32, frag: &[f32; 4], out: &mut [f32]) {
    |row, col, value| out[row * 8 + col] = value
}

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C, gather)]
fn load_b(lane: bool, a: &[f32]) -> [f32; 4] {
    |row, col| a[row * 8 + col]
}

fn main() {}
