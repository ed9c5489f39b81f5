// `align = BYTES` groups a scalar body's adjacent elements into one aligned access through a
// raw pointer: a power of two, no wider than the layout's groups, with a body and options
// that keep whole groups.
use layout_core::catalog::{SM80_16x8x16_F16_B_COL, SM80_16x8x16_F32_C};
use layout_core::shared::{SharedLayout, Swizzle};

// A swizzle of single elements: column bit 0 flips with row bit 3, splitting the pairs.
const SPLIT: SharedLayout = SharedLayout::swizzled(16, 8, 4, Swizzle::new(1, 0, 3));

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C, align = 12)]
unsafe fn not_a_power(lane: u32, frag: &[f32; 4], d: *mut f32, ld: usize) {
    |row, col, value| unsafe { *d.add(row * ld + col) = value }
}

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C, align = 16)]
unsafe fn too_wide(lane: u32, frag: &[f32; 4], d: *mut f32, ld: usize) {
    |row, col, value| unsafe { *d.add(row * ld + col) = value }
}

#[layout_macros::fragment_layout(SM80_16x8x16_F16_B_COL, gather, align = 4)]
unsafe fn no_pairs(lane: u32, b: *const u16, ld: usize) -> [u16; 4] {
    |row, col| unsafe { *b.add(row * ld + col) }
}

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C, align = 8)]
unsafe fn odd_stride(lane: u32, frag: &[f32; 4], d: *mut f32) {
    |row, col, value| unsafe { *d.add(row * 9 + col) = value }
}

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C, align = 8)]
fn slice(lane: u32, frag: &[f32; 4], d: &mut [f32], ld: usize) {
    |row, col, value| d[row * ld + col] = value
}

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C, shared = SPLIT, align = 8)]
unsafe fn split(lane: u32, frag: &[f32; 4], smem: *mut f32) {
    |offset, value| unsafe { *smem.add(offset) = value }
}

fn main() {}
