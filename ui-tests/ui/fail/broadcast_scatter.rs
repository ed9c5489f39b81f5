// A scatter from a broadcast numeral would write each element from 2 lanes.
use layout_macros::{fragment_layout, numeral};

numeral! {
    pub SFA: 16 x 1 {
        lane % 2     => 8,
        lane / 2 % 2 => broadcast,
        lane / 4     => 1,
    }
}

#[fragment_layout(SFA)]
fn store(lane: u32, frag: &[u8; 1], out: &mut [u8]) {
    |row, col, value| out[row + col] = value
}

fn main() {}
