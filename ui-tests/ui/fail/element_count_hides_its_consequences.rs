// `elements 2` is the mistake: under it `e / 2` would always be 0, but that follows from the
// count and is not reported; the place 0 of `lane % 4` is a mistake of its own and is.
layout_macros::numeral! {
    pub ACC: 16 x 8, elements 2 {
        e % 2    => 1,
        lane % 4 => 0,
        lane / 4 => 8,
        e / 2    => 64,
    }
}
fn main() {}
