// Lanes 0 and 2 land on one row: a duplicate not declared `broadcast` is an error.
layout_macros::numeral! {
    pub SFA: 16 x 1 {
        lane % 2     => 8,
        lane / 2 % 2 => 8,
        lane / 4     => 1,
    }
}
fn main() {}
