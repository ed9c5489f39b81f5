//! `mma.sync.aligned.m16n8k8.row.col` with f16 / bf16 (sm_75 / sm_80) and tf32 (sm_80)
//! multiplicands, and `mma.sync.aligned.m16n8k4.row.col` with tf32 (sm_80).
//!
//! PTX writes `groupID = lane / 4` and `threadID_in_group = lane % 4`. Note the element order:
//! the f16 A fragment walks the columns first (`a0, a1` are neighbours in a row), the tf32 A
//! fragment walks the rows first (`a0, a1` are 8 rows apart).

use super::declare::layouts;
use super::SM80_16x8x16_F32_C;

/// The PTX ISA section the `m16n8k8` layouts transcribe.
pub const M16N8K8: &str = "PTX ISA 9.7.14.5.7, Matrix Fragments for mma.m16n8k8";
/// The PTX ISA section the `m16n8k4` layouts transcribe.
pub const M16N8K4: &str = "PTX ISA 9.7.14.5.6, Matrix Fragments for mma.m16n8k4";

const F16_F32: &str = "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32";
const F16_F16: &str = "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16";
const BF16: &str = "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32";
const TF32: &str = "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32";
const K4_TF32: &str = "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32";

layouts! {
    entries ENTRIES { ptx_section: M16N8K8 }

    /// A of `m16n8k8` f16/bf16, `.row`: 16 x 8 (M x K), 4 elements per lane in 2 `.f16x2`
    /// registers.
    ///
    /// PTX: `row = groupID` for `a0, a1`, `groupID + 8` for `a2, a3`;
    /// `col = threadID_in_group * 2 + (i & 1)`.
    pub SM75_16x8x8_F16_A_ROW: 16 x 8 {
        e % 2        => 1  "col bit 0",
        lane % 4     => 2  "col bits 1-2",
        lane / 4 % 8 => 8  "row 0..8",
        e / 2 % 2    => 64 "row + 8 (a2, a3)",
    }
    entry { operand: A, element_type: "f16", element_bits: 16, arch: "sm_75",
        instructions: &[F16_F32, F16_F16] }

    /// A of `m16n8k8` bf16 (sm_80): the same layout as [`SM75_16x8x8_F16_A_ROW`].
    pub SM80_16x8x8_BF16_A_ROW = SM75_16x8x8_F16_A_ROW;
    entry { operand: A, element_type: "bf16", element_bits: 16, arch: "sm_80",
        instructions: &[BF16] }

    /// B of `m16n8k8` f16/bf16, `.col`: 8 x 8 (K x N), 2 elements per lane in 1 `.f16x2` register.
    ///
    /// PTX: `row = threadID_in_group * 2 + i`, `col = groupID`.
    pub SM75_16x8x8_F16_B_COL: 8 x 8 {
        lane / 4 % 8 => 1  "col (n)",
        e % 2        => 8  "row bit 0",
        lane % 4     => 16 "row bits 1-2",
    }
    entry { operand: B, element_type: "f16", element_bits: 16, arch: "sm_75",
        instructions: &[F16_F32, F16_F16] }

    /// B of `m16n8k8` bf16 (sm_80): the same layout as [`SM75_16x8x8_F16_B_COL`].
    pub SM80_16x8x8_BF16_B_COL = SM75_16x8x8_F16_B_COL;
    entry { operand: B, element_type: "bf16", element_bits: 16, arch: "sm_80",
        instructions: &[BF16] }

    /// C/D of `m16n8k8` with f32 accumulators (f16, bf16 and tf32 multiplicands): 16 x 8,
    /// 4 `.f32` registers per lane. The layout of [`SM80_16x8x16_F32_C`].
    ///
    /// PTX: `row = groupID` for `c0, c1`, `groupID + 8` for `c2, c3`;
    /// `col = threadID_in_group * 2 + (i & 1)`.
    pub SM75_16x8x8_F32_C: 16 x 8, same as SM80_16x8x16_F32_C {
        e % 2        => 1  "col bit 0",
        lane % 4     => 2  "col bits 1-2",
        lane / 4 % 8 => 8  "row 0..8",
        e / 2 % 2    => 64 "row + 8 (c2, c3)",
    }
    entry { operand: C, element_type: "f32", element_bits: 32, arch: "sm_75",
        instructions: &[F16_F32, BF16, TF32] }

    /// C/D of `m16n8k8` with f16 accumulators: the layout of [`SM75_16x8x8_F32_C`], packed two
    /// per `.f16x2` register.
    pub SM75_16x8x8_F16_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "f16", element_bits: 16, arch: "sm_75",
        instructions: &[F16_F16] }

    /// A of `m16n8k8` tf32, `.row`: 16 x 8 (M x K), 4 `.b32` registers per lane. Rows before
    /// columns: `a1` is 8 rows below `a0`, `a2` 4 columns right of it.
    ///
    /// PTX: `row = groupID` for `a0, a2`, `groupID + 8` for `a1, a3`;
    /// `col = threadID_in_group` for `a0, a1`, `threadID_in_group + 4` for `a2, a3`.
    pub SM80_16x8x8_TF32_A_ROW: 16 x 8 {
        lane % 4     => 1  "col bits 0-1",
        e / 2 % 2    => 4  "col + 4 (a2, a3)",
        lane / 4 % 8 => 8  "row 0..8",
        e % 2        => 64 "row + 8 (a1, a3)",
    }
    entry { operand: A, element_type: "tf32", element_bits: 32, arch: "sm_80",
        instructions: &[TF32] }

    /// B of `m16n8k8` tf32, `.col`: 8 x 8 (K x N), 2 `.b32` registers per lane.
    ///
    /// PTX: `row = threadID_in_group` for `b0`, `threadID_in_group + 4` for `b1`; `col = groupID`.
    pub SM80_16x8x8_TF32_B_COL: 8 x 8 {
        lane / 4 % 8 => 1  "col (n)",
        lane % 4     => 8  "row bits 0-1",
        e % 2        => 32 "row + 4 (b1)",
    }
    entry { operand: B, element_type: "tf32", element_bits: 32, arch: "sm_80",
        instructions: &[TF32] }

    entries { element_bits: 32, arch: "sm_80", instructions: &[K4_TF32], ptx_section: M16N8K4 }

    /// A of `m16n8k4` tf32, `.row`: 16 x 4 (M x K), 2 `.b32` registers per lane.
    ///
    /// PTX: `row = groupID` for `a0`, `groupID + 8` for `a1`; `col = threadID_in_group`.
    pub SM80_16x8x4_TF32_A_ROW: 16 x 4 {
        lane % 4     => 1  "col",
        lane / 4 % 8 => 4  "row 0..8",
        e % 2        => 32 "row + 8 (a1)",
    }
    entry { operand: A, element_type: "tf32" }

    /// B of `m16n8k4` tf32, `.col`: 4 x 8 (K x N), 1 `.b32` register per lane (no element digit).
    ///
    /// PTX: `row = threadID_in_group`, `col = groupID`.
    pub SM80_16x8x4_TF32_B_COL: 4 x 8 {
        lane / 4 % 8 => 1 "col (n)",
        lane % 4     => 8 "row (k)",
    }
    entry { operand: B, element_type: "tf32" }

    /// C/D of `m16n8k4` tf32 (f32 accumulators): the layout of [`SM80_16x8x16_F32_C`].
    pub SM80_16x8x4_F32_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "f32" }
}
