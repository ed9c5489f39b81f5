// The code the macros' messages suggest, as they print it: each a whole expression that
// compiles and does what the message says (`cli/tests/suggestions.rs` checks that every one
// the ui cases print is written here).
use fraglayout::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C};
use fraglayout::convert_layout;
use fraglayout::numeral;
use fraglayout::shared::SharedLayout;

// ui/fail/shared_conflict_own.rs's layouts.
numeral! {
    W2: 16 x 16, elements 8 {
        e % 2       => 1,
        lane % 4    => 2,
        lane / 4    => 16,
        (e / 2) % 2 => 128,
        e / 4       => 8,
    }
}
const SMEM: SharedLayout = SharedLayout::row_major(16, 16, 2);

// ui/fail/convert_tiles_differ.rs: two accumulators are an A operand's tile.
#[convert_layout(SM80_16x8x16_F32_C.tiled_or_panic(1, 2).numeral() => SM80_16x8x16_F16_A_ROW)]
fn acc_to_a(lane: u32, from: &[f32; 8], shuffle: impl FnMut(f32, u32) -> f32) -> [f32; 8] {}

// `fraglayout convert` on the accumulator written out as a numeral: the same, on the numeral.
#[convert_layout(fraglayout::Numeral::new("numeral", 16, 8, 4, &[fraglayout::Digit::element(1, 2, 1), fraglayout::Digit::lane(1, 4, 2), fraglayout::Digit::lane(4, 8, 8), fraglayout::Digit::element(2, 2, 64)]).tiled_or_panic(1, 2).numeral() => SM80_16x8x16_F16_A_ROW)]
fn written_to_a(lane: u32, from: &[f32; 8], shuffle: impl FnMut(f32, u32) -> f32) -> [f32; 8] {}

pub fn main() {
    let found =
        fraglayout::shared::find(&SMEM, &[fraglayout::shared::Access::elements(&W2, 4)], 8);
    assert!(found.expect("a layout").conflict_free());
    // Lane 0 converts its own values only when every lane takes part; here it asks itself.
    let _ = acc_to_a(0, &[0.0; 8], |v, _| v);
    let _ = written_to_a(0, &[0.0; 8], |v, _| v);
}
