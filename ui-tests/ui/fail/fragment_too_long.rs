// A fragment far longer than any layout's is refused before it is unrolled (this once took
// minutes to reject), with one message on its length.
use layout_core::catalog::SM80_16x8x16_F32_C;

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C)]
fn store_c(lane: u32, frag: &[f32; 20000], out: &mut [f32]) {
    |row, col, value| out[row * 8 + col] = value
}

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C, gather, packed)]
fn load_c(lane: u32, a: &[u16]) -> [u32; 600] {
    |row, col| a[row * 8 + col]
}

fn main() {}
