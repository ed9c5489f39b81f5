// A 4 x 4 tile cannot give each of 32 lanes an element.
layout_macros::numeral! {
    pub TINY: 4 x 4 {
        lane => 1,
    }
}
fn main() {}
