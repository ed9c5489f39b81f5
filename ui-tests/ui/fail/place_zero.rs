// Place 0 is no place: a digit whose threads hold one element is written `=> broadcast`.
layout_macros::numeral! {
    pub ACC: 8 x 8 {
        e        => 0,
        lane % 4 => 2,
        lane / 4 => 8,
    }
}
fn main() {}
