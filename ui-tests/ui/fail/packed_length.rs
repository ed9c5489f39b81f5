// 8 f16 elements pack into 4 registers, not 8.
use layout_core::catalog::SM80_16x8x16_F16_A_ROW;

#[layout_macros::fragment_layout(SM80_16x8x16_F16_A_ROW, gather, packed)]
fn load_a(lane: u32, a: &[u16]) -> [u32; 8] {
    |row, col| a[row * 16 + col]
}

fn main() {}
