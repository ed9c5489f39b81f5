// A conversion of a numeral of 1 048 576 warps to itself: settled by the warp digits, which are
// the same, with no warp visited (it once ran into rustc's "constant evaluation is taking a long
// time").
use fraglayout::{convert_layout, numeral};

numeral! {
    pub MANY: 1 x 33554432, warps 1048576 { lane => 1, warp => 32 }
}

#[convert_layout(MANY => MANY)]
fn same(lane: u32, from: &[u32; 1], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 1] {}

pub fn main() {
    assert_eq!(same(5, &[7], |v, _| v), [7]);
}
