// A conversion's lane whose type names fewer threads than a warp's 32 lanes: the conversion
// reads the lane within its warp (`lane % 32`), so with `Thread<16>` lanes 16 to 31 would act
// as lanes 0 to 15. Refused for a catalog pair and for layouts of one's own alike.
use fraglayout::catalog::{SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N};
use fraglayout::{convert_layout, Numeral, Thread};

#[convert_layout(SM75_U32x1_LDSM_N => SM75_U16x2_LDSM_T)]
fn transpose(lane: Thread<16>, from: [u16; 2], shuffle: impl FnMut(u16, u32) -> u16) -> [u16; 2] {}

const FROM: Numeral = SM75_U32x1_LDSM_N;

#[convert_layout(FROM => SM75_U16x2_LDSM_T)]
fn own(lane: fraglayout::Thread<8>, from: &[u16; 2], shuffle: impl FnMut(u16, u32) -> u16) -> [u16; 2] {}

fn main() {}
