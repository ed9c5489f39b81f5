// `lane / 8 % 8` reads lane bits 3-5, one too high: it should read from lane / 4.
layout_macros::numeral! {
    pub ACC: 8 x 8 {
        e            => 1,
        lane % 4     => 2,
        lane / 8 % 8 => 8,
    }
}
fn main() {}
