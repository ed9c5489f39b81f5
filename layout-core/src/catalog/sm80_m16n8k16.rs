//! `mma.sync.aligned.m16n8k16.row.col` with f16 / bf16 multiplicands (sm_80 and later).
//!
//! PTX writes `groupID = lane / 4` and `threadID_in_group = lane % 4`.

use super::declare::layouts;

/// The PTX ISA section these layouts transcribe.
pub const M16N8K16_FLOAT: &str =
    "PTX ISA 9.7.14.5.8, Matrix Fragments for mma.m16n8k16 with floating point type";

const F16_F32: &str = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
const F16_F16: &str = "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16";
const BF16_F32: &str = "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32";

layouts! {
    entries ENTRIES { arch: "sm_80", ptx_section: M16N8K16_FLOAT }

    /// A of `m16n8k16` f16/bf16, `.row`: 16 x 16 (M x K), 8 elements per lane in 4 `.b32`
    /// registers.
    ///
    /// PTX: `row = groupID + 8 * ((i / 2) % 2)`, `col = 2 * threadID_in_group + (i % 2) + 8 * (i / 4)`.
    pub SM80_16x8x16_F16_A_ROW: 16 x 16 {
        e % 2        => 1   "col bit 0",
        lane % 4     => 2   "col bits 1-2",
        e / 4 % 2    => 8   "col + 8 (elements a4..a7)",
        lane / 4 % 8 => 16  "row 0..8",
        e / 2 % 2    => 128 "row + 8 (a2, a3, a6, a7)",
    }
    entry { operand: A, element_type: "f16", element_bits: 16, instructions: &[F16_F32, F16_F16] }

    /// A of `m16n8k16` bf16: the same layout as [`SM80_16x8x16_F16_A_ROW`].
    pub SM80_16x8x16_BF16_A_ROW = SM80_16x8x16_F16_A_ROW;
    entry { operand: A, element_type: "bf16", element_bits: 16, instructions: &[BF16_F32] }

    /// B of `m16n8k16` f16/bf16, `.col`: 16 x 8 (K x N), 4 elements per lane in 2 `.b32` registers.
    ///
    /// PTX: `row = 2 * threadID_in_group + (i % 2) + 8 * (i / 2)`, `col = groupID`.
    pub SM80_16x8x16_F16_B_COL: 16 x 8 {
        lane / 4 % 8 => 1  "col (n)",
        e % 2        => 8  "row bit 0",
        lane % 4     => 16 "row bits 1-2",
        e / 2 % 2    => 64 "row + 8 (b2, b3)",
    }
    entry { operand: B, element_type: "f16", element_bits: 16, instructions: &[F16_F32, F16_F16] }

    /// B of `m16n8k16` bf16: the same layout as [`SM80_16x8x16_F16_B_COL`].
    pub SM80_16x8x16_BF16_B_COL = SM80_16x8x16_F16_B_COL;
    entry { operand: B, element_type: "bf16", element_bits: 16, instructions: &[BF16_F32] }

    /// C/D of `m16n8k16` with f32 accumulators: 16 x 8 (M x N), 4 `.f32` registers per lane.
    ///
    /// PTX: `row = groupID + 8 * (i / 2)`, `col = 2 * threadID_in_group + (i % 2)`.
    pub SM80_16x8x16_F32_C: 16 x 8 {
        e % 2        => 1  "col bit 0",
        lane % 4     => 2  "col bits 1-2",
        lane / 4 % 8 => 8  "row 0..8",
        e / 2 % 2    => 64 "row + 8 (c2, c3)",
    }
    entry { operand: C, element_type: "f32", element_bits: 32, instructions: &[F16_F32, BF16_F32] }

    /// C/D of `m16n8k16` with f16 accumulators: the layout of [`SM80_16x8x16_F32_C`], with the 4
    /// elements packed two per `.b32` register (`c0, c1` in the first).
    pub SM80_16x8x16_F16_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "f16", element_bits: 16, instructions: &[F16_F16] }
}
