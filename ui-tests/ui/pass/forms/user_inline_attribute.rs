// The user's own attributes stay: `#[inline(never)]` (for a profiler) and docs.
use layout_core::catalog::SM80_16x8x16_F32_C;

/// Stores one lane's accumulator.
#[inline(never)]
#[layout_macros::fragment_layout(SM80_16x8x16_F32_C)]
pub fn store_c(lane: u32, frag: &[f32; 4], out: &mut [f32]) {
    |row, col, value| out[row * 8 + col] = value
}

/// The same, with the attribute after the macro's.
#[layout_macros::fragment_layout(SM80_16x8x16_F32_C)]
#[inline(always)]
pub fn store_c_always(lane: u32, frag: &[f32; 4], out: &mut [f32]) {
    |row, col, value| out[row * 8 + col] = value
}

pub fn main() {
    let mut out = [0.0f32; 128];
    for lane in 0..32 {
        store_c(lane, &[1.0; 4], &mut out);
        store_c_always(lane, &[1.0; 4], &mut out);
    }
    assert!(out.iter().all(|&v| v == 1.0));
}
