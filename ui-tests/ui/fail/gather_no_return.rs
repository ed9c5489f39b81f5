// A gather returns the fragment.
use layout_core::catalog::SM80_16x8x16_F16_A_ROW;

#[layout_macros::fragment_layout(SM80_16x8x16_F16_A_ROW, gather)]
fn load_a(lane: u32, a: &[u16]) {
    |row, col| a[row * 16 + col]
}

fn main() {}
