// Both layouts give each lane 8 elements: `u32` words hold them 1, 2 or 4 to a word, so the
// arrays are 8, 4 or 2 words long, never 3.
use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
use fraglayout::convert_layout;

#[convert_layout(SM80_16x8x16_F16_A_ROW => SM80_16x8x16_F16_A_ROW)]
fn same(lane: u32, from: &[u32; 3], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 3] {}

fn main() {
    let _ = same(0, &[0; 3], |v, _| v);
}
