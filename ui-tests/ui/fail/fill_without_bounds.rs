// A fill value only makes sense for a bounded gather.
use layout_core::catalog::SM80_16x8x16_F16_A_ROW;

#[layout_macros::fragment_layout(SM80_16x8x16_F16_A_ROW, gather, fill = 0)]
fn load_a(lane: u32, a: &[u16]) -> [u16; 8] {
    |row, col| a[row * 16 + col]
}

fn main() {}
