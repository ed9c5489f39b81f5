//! `mma.sync.aligned.{m16n8k4, m16n8k8, m16n8k16}.row.col.f64.f64.f64.f64` (sm_90). Each
//! element is one `.f64` register.
//!
//! `m16n8k4` and `m16n8k8` share the tf32 layouts (the ISA points at the same figures); the
//! accumulators are the `m16n8` accumulator. Like tf32 and unlike f16, the f64 A fragments
//! walk the rows before the columns.

use super::declare::layouts;
use super::{
    SM80_16x8x16_F32_C, SM80_16x8x4_TF32_A_ROW, SM80_16x8x4_TF32_B_COL, SM80_16x8x8_TF32_A_ROW,
    SM80_16x8x8_TF32_B_COL, M16N8K16_FLOAT, M16N8K4, M16N8K8,
};

const K4: &[&str] = &["mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64"];
const K8: &[&str] = &["mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64"];
const K16: &[&str] = &["mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64"];

layouts! {
    entries ENTRIES { element_type: "f64", element_bits: 64, arch: "sm_90", instructions: K4,
        ptx_section: M16N8K4 }

    /// A of `m16n8k4` f64: the layout of [`SM80_16x8x4_TF32_A_ROW`] (16 x 4, `a1` 8 rows below
    /// `a0`).
    pub SM90_16x8x4_F64_A_ROW = SM80_16x8x4_TF32_A_ROW;
    entry { operand: A }

    /// B of `m16n8k4` f64: the layout of [`SM80_16x8x4_TF32_B_COL`] (4 x 8, one element).
    pub SM90_16x8x4_F64_B_COL = SM80_16x8x4_TF32_B_COL;
    entry { operand: B }

    /// C/D of `m16n8k4` f64: the layout of [`SM80_16x8x16_F32_C`].
    pub SM90_16x8x4_F64_C = SM80_16x8x16_F32_C;
    entry { operand: C }

    entries { element_type: "f64", element_bits: 64, arch: "sm_90", instructions: K8,
        ptx_section: M16N8K8 }

    /// A of `m16n8k8` f64: the layout of [`SM80_16x8x8_TF32_A_ROW`] (rows before columns).
    pub SM90_16x8x8_F64_A_ROW = SM80_16x8x8_TF32_A_ROW;
    entry { operand: A }

    /// B of `m16n8k8` f64: the layout of [`SM80_16x8x8_TF32_B_COL`].
    pub SM90_16x8x8_F64_B_COL = SM80_16x8x8_TF32_B_COL;
    entry { operand: B }

    /// C/D of `m16n8k8` f64: the layout of [`SM80_16x8x16_F32_C`].
    pub SM90_16x8x8_F64_C = SM80_16x8x16_F32_C;
    entry { operand: C }

    entries { element_type: "f64", element_bits: 64, arch: "sm_90", instructions: K16,
        ptx_section: M16N8K16_FLOAT }

    /// A of `m16n8k16` f64, `.row`: 16 x 16 (M x K), 8 `.f64` registers per lane.
    ///
    /// PTX: `row = groupID` for even `i`, `groupID + 8` for odd `i`;
    /// `col = i * 2 + threadID_in_group` for even `i`, `i * 2 - 2 + threadID_in_group` for odd
    /// `i` (so `col = 4 * (i / 2) + threadID_in_group`).
    pub SM90_16x8x16_F64_A_ROW: 16 x 16 {
        lane % 4     => 1   "col bits 0-1",
        e / 2 % 4    => 4   "col bits 2-3",
        lane / 4 % 8 => 16  "row 0..8",
        e % 2        => 128 "row + 8 (odd elements)",
    }
    entry { operand: A }

    /// B of `m16n8k16` f64, `.col`: 16 x 8 (K x N), 4 `.f64` registers per lane.
    ///
    /// PTX: `row = threadID_in_group + i * 4`, `col = groupID`.
    pub SM90_16x8x16_F64_B_COL: 16 x 8 {
        lane / 4 % 8 => 1  "col (n)",
        lane % 4     => 8  "row bits 0-1",
        e % 4        => 32 "row bits 2-3",
    }
    entry { operand: B }

    /// C/D of `m16n8k16` f64: the layout of [`SM80_16x8x16_F32_C`].
    pub SM90_16x8x16_F64_C = SM80_16x8x16_F32_C;
    entry { operand: C }
}
