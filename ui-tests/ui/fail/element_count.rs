// The 16 x 8 tile has 128 elements: 32 threads x 8 elements would be 256. The count is named,
// on `elements`, not the span of 256 that the digits `e / 2` (range 4) reach because of it.
layout_macros::numeral! {
    pub ACC: 16 x 8, elements 8 {
        e % 2    => 1,
        lane % 4 => 2,
        lane / 4 => 8,
        e / 2    => 64,
    }
}
fn main() {}
