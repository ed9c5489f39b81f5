// With one element per thread, `e` is always 0: the digit goes (no divisor can help).
layout_macros::numeral! {
    pub ROW: 32 x 1, elements 1 {
        lane => 1,
        e    => 32,
    }
}
fn main() {}
