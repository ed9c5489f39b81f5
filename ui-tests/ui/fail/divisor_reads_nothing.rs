// `lane / 32` is always 0 in a 32-lane warp (the warp index is `warp`, not `lane / 32`).
layout_macros::numeral! {
    pub ACC: 8 x 8 {
        e         => 1,
        lane      => 2,
        lane / 32 => 64,
    }
}
fn main() {}
