// The top digit is missing: the digits cover rows 0..8 of 16.
layout_macros::numeral! {
    pub ACC: 16 x 8, elements 4 {
        e % 2    => 1,
        lane % 4 => 2,
        lane / 4 => 8,
        e / 2 % 1 => 64,
    }
}
fn main() {}
