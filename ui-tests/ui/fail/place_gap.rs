// Nothing at place 8: the accumulator's rows 0..8 were put at place 16.
layout_macros::numeral! {
    pub ACC: 16 x 8, elements 4 {
        e % 2    => 1,
        lane % 4 => 2,
        lane / 4 => 16,
        e / 2    => 128,
    }
}
fn main() {}
