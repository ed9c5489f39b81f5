// `16x` with no column count.
layout_macros::numeral! {
    pub ACC: 16x {
        lane => 1,
    }
}
fn main() {}
