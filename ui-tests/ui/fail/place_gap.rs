// docs/GUIDE.md's example: `lane / 4` put at place 16, where 8 is right. One message, the move.
layout_macros::numeral! {
    pub ACC: 16 x 8, elements 4 {
        e % 2    => 1,
        lane % 4 => 2,
        lane / 4 => 16,
        e / 2    => 64,
    }
}
fn main() {}
