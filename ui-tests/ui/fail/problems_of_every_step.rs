// A row that does not parse, a row whose range cannot be derived, and a row that is wrong on
// its own are all reported at once; how the digits fit together is not judged with rows
// missing.
layout_macros::numeral! {
    pub ACC: 16 x 8 {
        e % 2    => 1,
        lane % 4 2,
        lane / 3 => 8,
        e / 4    => 64,
    }
}
fn main() {}
