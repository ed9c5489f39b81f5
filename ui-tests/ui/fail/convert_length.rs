// Both layouts give each lane 8 elements; the arrays say 4.
use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
use fraglayout::convert_layout;

#[convert_layout(SM80_16x8x16_F16_A_ROW => SM80_16x8x16_F16_A_ROW)]
fn same(lane: u32, from: &[u16; 4], shuffle: impl FnMut(u16, u32) -> u16) -> [u16; 4] {}

fn main() {
    let _ = same(0, &[0; 4], |v, _| v);
}
