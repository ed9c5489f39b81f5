// An accumulator (16 x 8) is not an A operand (16 x 16): a conversion keeps the tile.
use fraglayout::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C};
use fraglayout::convert_layout;

#[convert_layout(SM80_16x8x16_F32_C => SM80_16x8x16_F16_A_ROW)]
fn acc_to_a(lane: u32, from: &[f32; 4], shuffle: impl FnMut(f32, u32) -> f32) -> [f32; 4] {}

fn main() {
    let _ = acc_to_a(0, &[0.0; 4], |v, _| v);
}
