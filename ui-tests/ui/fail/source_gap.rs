// Nothing reads lane bit 2: `lane / 8` skips it.
layout_macros::numeral! {
    pub ACC: 8 x 8 {
        e        => 1,
        lane % 4 => 2,
        lane / 8 => 8,
    }
}
fn main() {}
