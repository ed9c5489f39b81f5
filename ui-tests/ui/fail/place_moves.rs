// Place 8 skipped and every place above it doubled: both digits move, in the written order.
layout_macros::numeral! {
    pub ACC: 16 x 8, elements 4 {
        e % 2    => 1,
        lane % 4 => 2,
        lane / 4 => 16,
        e / 2    => 128,
    }
}
fn main() {}
