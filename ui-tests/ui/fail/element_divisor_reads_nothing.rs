// With `elements 4`, `e / 4` is always 0; the message names `elements 4`.
layout_macros::numeral! {
    pub ACC: 16 x 8, elements 4 {
        e % 2    => 1,
        lane % 4 => 2,
        lane / 4 => 8,
        e / 4    => 64,
    }
}
fn main() {}
