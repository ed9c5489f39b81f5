// A gather returns a value for each element it does not read (a lane outside the layout);
// without `fill`, the element type's `Default`.
use layout_core::catalog::SM80_16x8x16_F32_C;

#[derive(Clone, Copy)]
struct Acc(f32);

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C, gather)]
fn load(lane: u32, a: &[Acc]) -> [Acc; 4] {
    |row, col| a[row * 8 + col]
}

fn main() {}
