// Two malformed rows, both reported: a missing `=>` and a place that is not a number.
layout_macros::numeral! {
    pub ACC: 8 x 8 {
        e           => 1,
        lane % 4    2,
        lane / 4    => eight,
    }
}
fn main() {}
