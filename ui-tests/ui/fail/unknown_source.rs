// `lame` is not an input: digits read `lane`, `warp` or `e`.
layout_macros::numeral! {
    pub ACC: 8 x 8 {
        e        => 1,
        lame % 4 => 2,
        lane / 4 => 8,
    }
}
fn main() {}
