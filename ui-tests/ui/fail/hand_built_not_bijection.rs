// A numeral built by hand, not with `numeral!`, is checked where the attribute uses it.
use layout_core::{Digit, Numeral};

const HALF: Numeral = Numeral::new(
    "HALF",
    16,
    8,
    4,
    &[Digit::element(1, 2, 1), Digit::lane(1, 4, 2), Digit::lane(4, 8, 8)],
);

#[layout_macros::fragment_layout(HALF)]
fn store(lane: u32, frag: &[f32; 4], out: &mut [f32]) {
    |row, col, value| out[row * 8 + col] = value
}

fn main() {}
