// A constant of the user's named like a catalog layout: the macro would write the catalog
// layout's code, so the generated check (that the name is the catalog's, by the hidden struct
// the catalog declares beside each layout) refuses it, whatever its digits.
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
