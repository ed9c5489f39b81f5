// A warpgroup's accumulator stored element by element into 128-byte-swizzled slabs: rows
// 8 apart share their banks, and `conflict_free` counts each of the four warps' 128 stores.
use fraglayout::catalog::SM90_64x256x16_F32_C;
use fraglayout::fragment_layout;
use fraglayout::shared::{SharedLayout, SwizzleMode};

const C_TILE: SharedLayout = SharedLayout::hopper(64, 256, 4, SwizzleMode::B128);

#[fragment_layout(SM90_64x256x16_F32_C, shared = C_TILE, conflict_free)]
fn stage(thread: u32, acc: &[f32; 128], smem: &mut [f32]) {
    |offset, value| smem[offset] = value
}

fn main() {
    stage(0, &[0.0; 128], &mut [0.0; 64 * 256]);
}
