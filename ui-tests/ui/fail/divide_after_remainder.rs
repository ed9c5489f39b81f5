// `lane % 32 / 4` takes the remainder first; a digit is written divisor first.
layout_macros::numeral! {
    pub ACC: 16 x 8 {
        e % 2         => 1,
        lane % 4      => 2,
        lane % 32 / 4 => 8,
        e / 2         => 64,
    }
}
fn main() {}
