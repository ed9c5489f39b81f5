// The m16n8k16 f32 accumulator staged in a swizzled shared tile two elements at a time,
// proven conflict-free, and read back; the swizzle keeps each pair adjacent.
use fraglayout::catalog::SM80_16x8x16_F32_C;
use fraglayout::fragment_layout;
use fraglayout::shared::{SharedLayout, Swizzle};

const SMEM: SharedLayout = SharedLayout::swizzled(16, 8, 4, Swizzle::new(1, 1, 3));

#[fragment_layout(SM80_16x8x16_F32_C, shared = SMEM, vector = 2, conflict_free)]
fn stage(lane: u32, frag: &[f32; 4], smem: &mut [f32; 128]) {
    |offset, values| smem[offset..offset + 2].copy_from_slice(&values)
}

#[fragment_layout(SM80_16x8x16_F32_C, gather, shared = SMEM, vector = 2, conflict_free)]
fn unstage(lane: u32, smem: &[f32; 128]) -> [f32; 4] {
    |offset| [smem[offset], smem[offset + 1]]
}

pub fn main() {
    let mut smem = [0.0; 128];
    stage(3, &[1.0, 2.0, 3.0, 4.0], &mut smem);
    assert_eq!(unstage(3, &smem), [1.0, 2.0, 3.0, 4.0]);
}
