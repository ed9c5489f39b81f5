// Place 0 sends both values of `e` to the same offset.
layout_macros::numeral! {
    pub ACC: 8 x 8 {
        e        => 0,
        lane % 4 => 2,
        lane / 4 => 8,
    }
}
fn main() {}
