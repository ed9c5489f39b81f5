// Every problem of a stage is reported at once: two digits of range 1 and one of range 0.
layout_macros::numeral! {
    pub ACC: 8 x 8 {
        e            => 1,
        lane % 1     => 2,
        lane / 4 % 0 => 2,
        lane % 4     => 2,
        lane / 4     => 8,
        lane / 8 % 1 => 64,
    }
}
fn main() {}
