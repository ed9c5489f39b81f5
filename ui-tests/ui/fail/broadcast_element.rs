// Only lanes and warps broadcast: one thread's elements are distinct registers.
layout_macros::numeral! {
    pub ACC: 16 x 8, elements 4 {
        e % 2    => 1,
        e / 2    => broadcast,
        lane % 4 => 2,
        lane / 4 => 8,
    }
}
fn main() {}
