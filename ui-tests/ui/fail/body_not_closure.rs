// The body is the closure for one element, not statements.
use layout_core::catalog::SM80_16x8x16_F32_C;

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C)]
fn store_c(lane: u32, frag: &[f32; 4], out: &mut [f32]) {
    out[0] = frag[0];
}

fn main() {}
