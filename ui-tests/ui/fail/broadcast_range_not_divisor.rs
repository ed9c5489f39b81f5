// A broadcast digit reads part of the lane like any other: `lane / 3` splits 32 lanes unevenly.
layout_macros::numeral! {
    pub SFA: 16 x 1 {
        lane % 2 => 8,
        lane / 3 => broadcast,
        lane / 4 => 1,
    }
}
fn main() {}
