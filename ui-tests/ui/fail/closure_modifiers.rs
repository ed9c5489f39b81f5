// The element closure is not a value that is kept or awaited: `move` and `async` would change
// nothing or skip the body, so they are refused.
use layout_core::catalog::SM80_16x8x16_F32_C;

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C)]
fn store_moved(lane: u32, frag: &[f32; 4], out: &mut [f32]) {
    move |row, col, value| out[row * 8 + col] = value
}

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C)]
fn store_async(lane: u32, frag: &[f32; 4], out: &mut [f32]) {
    async |row, col, value| out[row * 8 + col] = value
}

fn main() {}
