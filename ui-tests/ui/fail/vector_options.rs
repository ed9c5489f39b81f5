// A vector body takes whole accesses: a partial tile could cut one, packing regroups the
// elements, and there are no row runs to turn off. And 4 elements do not split into threes.
use layout_core::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C};

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C, vector = 2, bounds(m, n), unpaired)]
fn store_edge(lane: u32, frag: &[f32; 4], out: &mut [f32], m: usize, n: usize) {
    |row, col, values| out[row * 8 + col..][..2].copy_from_slice(&values)
}

#[layout_macros::fragment_layout(SM80_16x8x16_F16_A_ROW, gather, packed, vector = 2)]
fn load_a(lane: u32, a: &[u16]) -> [u32; 4] {
    |row, col| [a[row * 16 + col], a[row * 16 + col + 1]]
}

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C, vector = 3)]
fn store_threes(lane: u32, frag: &[f32; 4], out: &mut [f32]) {
    |row, col, values| out[row * 8 + col..][..3].copy_from_slice(&values)
}

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C, vector = 0)]
fn store_none(lane: u32, frag: &[f32; 4], out: &mut [f32]) {
    |row, col, values| out[row * 8 + col] = values[0]
}

fn main() {}
