// The 16 x 8 tile has 128 elements; 8 elements per lane span 256.
layout_macros::numeral! {
    pub ACC: 16 x 8, elements 8 {
        e % 2    => 1,
        lane % 4 => 2,
        lane / 4 => 8,
        e / 2    => 64,
    }
}
fn main() {}
