// 4096 warps of 32 lanes as 17 digits of range 2: generated code evaluates at most 16 lane
// and warp terms, so it refuses the layout, saying how to write it with fewer digits.
use layout_core::{Digit, Numeral};

const D: [Digit; 17] = {
    let mut d = [Digit::lane(1, 2, 1); 17];
    let mut i = 1;
    while i < 17 {
        d[i] = if i < 5 {
            Digit::lane(1 << i, 2, 1 << i)
        } else {
            Digit::warp(1 << (i - 5), 2, 1 << i)
        };
        i += 1;
    }
    d
};
const MANY: Numeral = Numeral::new("MANY", 256, 512, 1, &D).with_warps(4096);

#[layout_macros::fragment_layout(MANY)]
fn store(thread: u32, frag: &[f32; 1], out: &mut [f32]) {
    |row, col, value| out[row * 512 + col] = value
}

fn main() {}
