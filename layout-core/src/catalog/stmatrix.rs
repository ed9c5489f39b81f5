//! `stmatrix.sync.aligned.m8n8.{.x1,.x2,.x4}{,.trans}.shared.b16` (sm_90): the warp stores
//! `num` 8x8 matrices of 16-bit elements to shared memory.
//!
//! The fragment layouts are those of `ldmatrix` (see [`SM75_U32x4_LDSM_N`] for the stacked
//! tile and the address lanes, [`ldmatrix_address_lane`](crate::catalog::ldmatrix_address_lane)): these names are aliases.

use super::declare::layouts;
use super::{
    SM75_U16x2_LDSM_T, SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T, SM75_U32x1_LDSM_N, SM75_U32x2_LDSM_N,
    SM75_U32x4_LDSM_N,
};

/// The PTX ISA section these layouts transcribe.
pub const STMATRIX: &str = "PTX ISA 9.7.9.26, Data Movement and Conversion Instructions: stmatrix";

layouts! {
    entries ENTRIES { operand: Matrices, element_type: "b16", element_bits: 16, arch: "sm_90",
        ptx_section: STMATRIX }

    /// `stmatrix .x1`: the layout of [`SM75_U32x1_LDSM_N`].
    pub SM90_U32x1_STSM_N = SM75_U32x1_LDSM_N;
    entry { instructions: &["stmatrix.sync.aligned.m8n8.x1.shared.b16"] }

    /// `stmatrix .x2`: the layout of [`SM75_U32x2_LDSM_N`].
    pub SM90_U32x2_STSM_N = SM75_U32x2_LDSM_N;
    entry { instructions: &["stmatrix.sync.aligned.m8n8.x2.shared.b16"] }

    /// `stmatrix .x4`: the layout of [`SM75_U32x4_LDSM_N`].
    pub SM90_U32x4_STSM_N = SM75_U32x4_LDSM_N;
    entry { instructions: &["stmatrix.sync.aligned.m8n8.x4.shared.b16"] }

    /// `stmatrix .x1.trans`: the layout of [`SM75_U16x2_LDSM_T`].
    pub SM90_U16x2_STSM_T = SM75_U16x2_LDSM_T;
    entry { instructions: &["stmatrix.sync.aligned.m8n8.x1.trans.shared.b16"] }

    /// `stmatrix .x2.trans`: the layout of [`SM75_U16x4_LDSM_T`].
    pub SM90_U16x4_STSM_T = SM75_U16x4_LDSM_T;
    entry { instructions: &["stmatrix.sync.aligned.m8n8.x2.trans.shared.b16"] }

    /// `stmatrix .x4.trans`: the layout of [`SM75_U16x8_LDSM_T`].
    pub SM90_U16x8_STSM_T = SM75_U16x8_LDSM_T;
    entry { instructions: &["stmatrix.sync.aligned.m8n8.x4.trans.shared.b16"] }
}
