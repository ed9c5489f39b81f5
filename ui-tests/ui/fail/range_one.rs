// A digit of range 1 selects nothing.
layout_macros::numeral! {
    pub ACC: 8 x 8 {
        e        => 1,
        lane % 4 => 2,
        lane / 4 => 8,
        lane / 4 % 1 => 64,
    }
}
fn main() {}
