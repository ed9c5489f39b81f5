// A digit of range 0.
layout_macros::numeral! {
    pub ACC: 8 x 8 {
        e        => 1,
        lane % 0 => 2,
        lane     => 2,
    }
}
fn main() {}
