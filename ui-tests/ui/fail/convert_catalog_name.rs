// A constant of the user's named like a catalog layout: the macro would write the code of a
// conversion to the catalog layout, so the generated check (that the name is the catalog's,
// by the hidden struct the catalog declares beside each layout) refuses it, whatever its
// digits.
use fraglayout::catalog::SM75_U32x1_LDSM_N;
use fraglayout::{convert_layout, Numeral};

#[allow(non_upper_case_globals)]
const SM75_U16x2_LDSM_T: Numeral = SM75_U32x1_LDSM_N;

#[convert_layout(SM75_U32x1_LDSM_N => SM75_U16x2_LDSM_T)]
fn transpose(lane: u32, from: &[u32; 1], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 1] {}

fn main() {
    let _ = transpose(0, &[0], |v, _| v);
}
