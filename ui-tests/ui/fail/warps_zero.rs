// `warps 0`: one message on the 0, and nothing about the element count or the digits.
layout_macros::numeral! {
    pub ACC: 16 x 8, warps 0 {
        e % 2    => 1,
        lane % 4 => 2,
        lane / 4 => 8,
        e / 2    => 64,
    }
}
fn main() {}
