// `lane / 2` reads lane bit 1, which `lane % 4` already reads.
layout_macros::numeral! {
    pub ACC: 8 x 8 {
        e        => 1,
        lane % 4 => 2,
        lane / 2 => 8,
    }
}
fn main() {}
