// A typed coordinate must hold the tile's last row or column: `u8` does not hold column 1023
// (converted with `as`, 1,536 of 2,048 cells went unwritten); a float is not an index.
use layout_macros::numeral;

numeral! {
    pub WIDE: 2 x 1024, elements 64 { e % 2 => 1, lane => 2, e / 2 => 64 }
}

#[layout_macros::fragment_layout(WIDE)]
fn store(lane: u32, frag: &[u32; 64], out: &mut [u32]) {
    |row, col: u8, value| out[row * 1024 + col as usize] = value
}

#[layout_macros::fragment_layout(WIDE, gather)]
fn load(lane: u32, a: &[u32]) -> [u32; 64] {
    |row: f32, col| a[row as usize * 1024 + col]
}

fn main() {}
