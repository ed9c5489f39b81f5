// `lane / 4 % 4` reads lanes 0..16 only: half the warp holds nothing.
layout_macros::numeral! {
    pub ACC: 16 x 8, elements 4 {
        e % 2        => 1,
        lane % 4     => 2,
        lane / 4 % 4 => 8,
        e / 2        => 64,
    }
}
fn main() {}
