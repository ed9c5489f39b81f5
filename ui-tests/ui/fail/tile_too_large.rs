// 65536 x 65536 is 2^32 elements, one more than a tile holds.
layout_macros::numeral! {
    pub BIG: 65536 x 65536, elements 4 {
        lane => 1,
    }
}
fn main() {}
