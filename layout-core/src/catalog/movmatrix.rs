//! `movmatrix.sync.aligned.m8n8.trans.b16` (sm_75, PTX ISA 7.8): the warp transposes one 8x8
//! matrix of 16-bit elements held in registers, one `.b32` register `a` in and one `d` out per
//! lane.
//!
//! The ISA (Warp-level matrix transpose instruction: movmatrix) draws the source `a` as a row
//! fragment: a group of four lanes holds a whole row, lane `l` holding row `l / 4`, columns
//! `2 * (l % 4)` and `+ 1` (low half first). That is the `ldmatrix .x1` layout,
//! [`SM75_U32x1_LDSM_N`], and also the top half of the `m16n8` accumulator. For `d` it says
//! that a group of four lanes holds a whole *column*, drawn on the positions of the source
//! matrix: lane `l` receives source elements `(2 * (l % 4) + i, l / 4)`, `i = 0, 1`. Those are
//! row `l / 4`, columns `2 * (l % 4) + i` of the transposed matrix: `d` holds the transpose in
//! the same layout as `a` holds the source. (Read as positions of the transposed matrix, the
//! figure would hand every lane back the elements it already had.)
//!
//! So one numeral, [`SM75_U32x1_MOVM_T`] (CuTe's copy-atom name), describes both operands: `a`
//! over the source matrix and `d` over the result. Over the source, `d` is the layout of
//! `ldmatrix .x1.trans` ([`SM75_U16x2_LDSM_T`](super::SM75_U16x2_LDSM_T)): `movmatrix` on what `ldmatrix .x1` loaded gives
//! the registers `ldmatrix .x1.trans` would have loaded from the same shared memory.

use super::declare::layouts;
use super::SM75_U32x1_LDSM_N;

/// The PTX ISA section this layout transcribes.
pub const MOVMATRIX: &str =
    "PTX ISA 9.7.14.5.17, Warp-level matrix transpose instruction: movmatrix";

layouts! {
    entries ENTRIES {}

    /// `movmatrix .m8n8.trans.b16`: the source `a` over the source matrix and the destination `d`
    /// over the transposed matrix, 2 elements (1 `.b32` register) per lane. The layout of
    /// [`SM75_U32x1_LDSM_N`].
    ///
    /// PTX: lane `l` holds row `l / 4`, columns `2 * (l % 4) + i`.
    pub SM75_U32x1_MOVM_T: 8 x 8, same as SM75_U32x1_LDSM_N {
        e % 2        => 1 "col bit 0",
        lane % 4     => 2 "col bits 1-2",
        lane / 4 % 8 => 8 "row",
    }
    entry { operand: Matrices, element_type: "b16", element_bits: 16, arch: "sm_75",
        ptx_section: MOVMATRIX, instructions: &["movmatrix.sync.aligned.m8n8.trans.b16"] }
}
