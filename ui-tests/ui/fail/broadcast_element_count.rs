// With lane bit 1 broadcast, 32 lanes hold the 16 scales twice over, one element each.
layout_macros::numeral! {
    pub SFA: 16 x 1, elements 2 {
        lane % 2     => 8,
        lane / 2 % 2 => broadcast,
        lane / 4     => 1,
        e            => 16,
    }
}
fn main() {}
