// A constant of the user's named like a catalog layout, with other digits (the B operand's 16 x 8
// tile, 4 elements a lane): the macro would write the catalog layout's tables, so the guard
// refuses it instead of storing to the catalog layout's cells.
use layout_core::Numeral;
use layout_macros::fragment_layout;

#[allow(non_upper_case_globals)]
const SM80_16x8x16_F32_C: Numeral = layout_core::catalog::SM80_16x8x16_F16_B_COL;

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_c(lane: u32, frag: &[f32; 4], out: &mut [f32], ld: usize) {
    |row, col, value| out[row * ld + col] = value
}

fn main() {
    let mut out = [0.0; 128];
    store_c(0, &[0.0; 4], &mut out, 8);
}
