// 32 lanes do not split evenly by 3.
layout_macros::numeral! {
    pub ACC: 8 x 8 {
        e        => 1,
        lane % 4 => 2,
        lane / 3 => 8,
    }
}
fn main() {}
