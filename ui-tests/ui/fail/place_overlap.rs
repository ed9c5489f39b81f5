// Two digits claim place 2: `lane % 4` covers places 2..8, so `e / 2` must move up.
layout_macros::numeral! {
    pub ACC: 16 x 8, elements 4 {
        e % 2    => 1,
        lane % 4 => 2,
        e / 2    => 2,
        lane / 4 => 8,
    }
}
fn main() {}
