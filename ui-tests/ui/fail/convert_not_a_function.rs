// #[convert_layout] goes on a function; on a constant it says so and keeps the item.
use fraglayout::catalog::SM80_16x8x16_F32_C;
use fraglayout::convert_layout;

#[convert_layout(SM80_16x8x16_F32_C => SM80_16x8x16_F32_C)]
const SAME: u32 = 1;

fn main() {
    let _ = SAME;
}
