// `vector = 2` into a tile that swizzles single elements: a pair is split.
use fraglayout::catalog::SM80_16x8x16_F32_C;
use fraglayout::fragment_layout;
use fraglayout::shared::{SharedLayout, Swizzle};

const SMEM: SharedLayout = SharedLayout::swizzled(16, 8, 4, Swizzle::new(1, 0, 3));

#[fragment_layout(SM80_16x8x16_F32_C, shared = SMEM, vector = 2)]
fn store(lane: u32, acc: &[f32; 4], smem: &mut [f32]) {
    |offset, values| smem[offset..offset + 2].copy_from_slice(&values)
}

fn main() {
    store(0, &[0.0; 4], &mut [0.0; 128]);
}
