//! `stmatrix.sync.aligned.m8n8.{.x1,.x2,.x4}{,.trans}.shared.b16` (sm_90): the warp stores
//! `num` 8x8 matrices of 16-bit elements to shared memory.
//!
//! The fragment layouts are those of `ldmatrix` (see [`SM75_U32x4_LDSM_N`] for the stacked
//! tile and the address lanes, [`ldmatrix_address_lane`](crate::catalog::ldmatrix_address_lane)): these names are aliases.

use super::{
    checked, Entry, Operand, SM75_U16x2_LDSM_T, SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T,
    SM75_U32x1_LDSM_N, SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N,
};
use crate::Numeral;

/// The PTX ISA section these layouts transcribe.
pub const STMATRIX: &str = "PTX ISA 9.7.9.26, Data Movement and Conversion Instructions: stmatrix";

/// `stmatrix .x1`: the layout of [`SM75_U32x1_LDSM_N`].
pub const SM90_U32x1_STSM_N: Numeral = SM75_U32x1_LDSM_N.renamed("SM90_U32x1_STSM_N");
/// `stmatrix .x2`: the layout of [`SM75_U32x2_LDSM_N`].
pub const SM90_U32x2_STSM_N: Numeral = SM75_U32x2_LDSM_N.renamed("SM90_U32x2_STSM_N");
/// `stmatrix .x4`: the layout of [`SM75_U32x4_LDSM_N`].
pub const SM90_U32x4_STSM_N: Numeral = SM75_U32x4_LDSM_N.renamed("SM90_U32x4_STSM_N");
/// `stmatrix .x1.trans`: the layout of [`SM75_U16x2_LDSM_T`].
pub const SM90_U16x2_STSM_T: Numeral = SM75_U16x2_LDSM_T.renamed("SM90_U16x2_STSM_T");
/// `stmatrix .x2.trans`: the layout of [`SM75_U16x4_LDSM_T`].
pub const SM90_U16x4_STSM_T: Numeral = SM75_U16x4_LDSM_T.renamed("SM90_U16x4_STSM_T");
/// `stmatrix .x4.trans`: the layout of [`SM75_U16x8_LDSM_T`].
pub const SM90_U16x8_STSM_T: Numeral = SM75_U16x8_LDSM_T.renamed("SM90_U16x8_STSM_T");

checked!(
    SM90_U32x1_STSM_N,
    SM90_U32x2_STSM_N,
    SM90_U32x4_STSM_N,
    SM90_U16x2_STSM_T,
    SM90_U16x4_STSM_T,
    SM90_U16x8_STSM_T,
);

const fn entry(n: &'static Numeral<'static>, instr: &'static [&'static str]) -> Entry {
    Entry::new(n, Operand::Matrices, "b16", 16, "sm_90", instr, STMATRIX)
}

pub(super) const ENTRIES: &[Entry] = &[
    entry(
        &SM90_U32x1_STSM_N,
        &["stmatrix.sync.aligned.m8n8.x1.shared.b16"],
    ),
    entry(
        &SM90_U32x2_STSM_N,
        &["stmatrix.sync.aligned.m8n8.x2.shared.b16"],
    ),
    entry(
        &SM90_U32x4_STSM_N,
        &["stmatrix.sync.aligned.m8n8.x4.shared.b16"],
    ),
    entry(
        &SM90_U16x2_STSM_T,
        &["stmatrix.sync.aligned.m8n8.x1.trans.shared.b16"],
    ),
    entry(
        &SM90_U16x4_STSM_T,
        &["stmatrix.sync.aligned.m8n8.x2.trans.shared.b16"],
    ),
    entry(
        &SM90_U16x8_STSM_T,
        &["stmatrix.sync.aligned.m8n8.x4.trans.shared.b16"],
    ),
];
