// A constant of the user's named like a catalog layout with the catalog's digits (here under
// another catalog name, the same layout): it passes the guard and takes the catalog's tables.
use layout_core::Numeral;
use layout_macros::fragment_layout;

#[allow(non_upper_case_globals)]
const SM80_16x8x16_F32_C: Numeral = layout_core::catalog::SM75_16x8x8_F32_C;

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_c(lane: u32, frag: &[f32; 4], out: &mut [f32], ld: usize) {
    |row, col, value| out[row * ld + col] = value
}

pub fn main() {
    let mut out = [0.0; 128];
    store_c(5, &[1.0, 2.0, 3.0, 4.0], &mut out, 8);
    // Lane 5: row 1, columns 2 and 3; row 9 for elements 2 and 3.
    assert_eq!((out[10], out[11], out[74], out[75]), (1.0, 2.0, 3.0, 4.0));
}
