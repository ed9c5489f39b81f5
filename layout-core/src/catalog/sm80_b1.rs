//! `mma.sync.aligned` with single-bit multiplicands (`.b1`, s32 accumulators):
//! `m8n8k128` (sm_75), `m16n8k128` and `m16n8k256` (sm_80), each as `.xor.popc` and
//! `.and.popc`. Thirty-two 1-bit elements pack into each `.b32` register, element `32r` in bit
//! 0 of register `r`.
//!
//! D = C + popc(A-row op B-column) for `op` = XOR or AND over the `k` bits (PTX ISA 9.7.14.5.14,
//! Multiply-and-Accumulate Instruction: mma). `.xor.popc` on `m8n8k128` needs sm_75,
//! everything else here sm_80; `.and.popc` needs PTX ISA 7.1, the rest 7.0 (same section,
//! PTX ISA Notes and Target ISA Notes). So `m8n8k128` has two sets of names: the `SM75_` ones
//! for `.xor.popc`, and the same numerals as `SM80_` for `.and.popc`.

use super::declare::layouts;
use super::{SM75_8x8x16_S32_C, SM80_16x8x16_F32_C};

/// The PTX ISA section the `m8n8k128` layouts transcribe.
pub const M8N8K128: &str = "PTX ISA 9.7.14.5.5, Matrix Fragments for mma.m8n8k128";
/// The PTX ISA section the `m16n8k128` layouts transcribe.
pub const M16N8K128: &str = "PTX ISA 9.7.14.5.12, Matrix Fragments for mma.m16n8k128";
/// The PTX ISA section the `m16n8k256` layouts transcribe.
pub const M16N8K256: &str = "PTX ISA 9.7.14.5.13, Matrix Fragments for mma.m16n8k256";

/// `mma.sync.aligned.{shape}.row.col.s32.b1.b1.s32.{op}.popc`.
macro_rules! b1_mma {
    ($shape:literal, $op:literal) => {
        concat!(
            "mma.sync.aligned.",
            $shape,
            ".row.col.s32.b1.b1.s32.",
            $op,
            ".popc"
        )
    };
}

const K128_8_XOR: &str = b1_mma!("m8n8k128", "xor");
const K128_8_AND: &str = b1_mma!("m8n8k128", "and");
const K128_XOR: &str = b1_mma!("m16n8k128", "xor");
const K128_AND: &str = b1_mma!("m16n8k128", "and");
const K256_XOR: &str = b1_mma!("m16n8k256", "xor");
const K256_AND: &str = b1_mma!("m16n8k256", "and");

layouts! {
    entries ENTRIES { ptx_section: M8N8K128 }

    /// A of `m8n8k128` b1 (`.xor.popc`), `.row`: 8 x 128 (M x K), 32 elements in 1 `.b32`
    /// register per lane.
    ///
    /// PTX: `row = groupID`, `col = threadID_in_group * 32 + i`.
    pub SM75_8x8x128_B1_A_ROW: 8 x 128 {
        e % 32       => 1   "col bits 0-4",
        lane % 4     => 32  "col bits 5-6",
        lane / 4 % 8 => 128 "row",
    }
    entry { operand: A, element_type: "b1", element_bits: 1, arch: "sm_75",
        instructions: &[K128_8_XOR] }

    /// B of `m8n8k128` b1 (`.xor.popc`), `.col`: 128 x 8 (K x N), 32 elements in 1 `.b32`
    /// register per lane.
    ///
    /// PTX: `row = threadID_in_group * 32 + i`, `col = groupID`.
    pub SM75_8x8x128_B1_B_COL: 128 x 8 {
        lane / 4 % 8 => 1   "col (n)",
        e % 32       => 8   "row bits 0-4",
        lane % 4     => 256 "row bits 5-6",
    }
    entry { operand: B, element_type: "b1", element_bits: 1, arch: "sm_75",
        instructions: &[K128_8_XOR] }

    /// C/D of `m8n8k128` (s32, `.xor.popc`): the layout of [`SM75_8x8x16_S32_C`].
    pub SM75_8x8x128_S32_C = SM75_8x8x16_S32_C;
    entry { operand: C, element_type: "s32", element_bits: 32, arch: "sm_75",
        instructions: &[K128_8_XOR] }

    /// A of `m8n8k128` b1 with `.and.popc` (sm_80): the layout of [`SM75_8x8x128_B1_A_ROW`].
    pub SM80_8x8x128_B1_A_ROW = SM75_8x8x128_B1_A_ROW;
    entry { operand: A, element_type: "b1", element_bits: 1, arch: "sm_80",
        instructions: &[K128_8_AND] }

    /// B of `m8n8k128` b1 with `.and.popc` (sm_80): the layout of [`SM75_8x8x128_B1_B_COL`].
    pub SM80_8x8x128_B1_B_COL = SM75_8x8x128_B1_B_COL;
    entry { operand: B, element_type: "b1", element_bits: 1, arch: "sm_80",
        instructions: &[K128_8_AND] }

    /// C/D of `m8n8k128` (s32, `.and.popc`, sm_80): the layout of [`SM75_8x8x16_S32_C`].
    pub SM80_8x8x128_S32_C = SM75_8x8x16_S32_C;
    entry { operand: C, element_type: "s32", element_bits: 32, arch: "sm_80",
        instructions: &[K128_8_AND] }

    entries { arch: "sm_80", instructions: &[K128_XOR, K128_AND], ptx_section: M16N8K128 }

    /// A of `m16n8k128` b1, `.row`: 16 x 128 (M x K), 64 elements in 2 `.b32` registers per lane.
    ///
    /// PTX: `row = groupID` for `i < 32`, `groupID + 8` otherwise;
    /// `col = threadID_in_group * 32 + (i & 0x1F)`.
    pub SM80_16x8x128_B1_A_ROW: 16 x 128 {
        e % 32       => 1    "col bits 0-4",
        lane % 4     => 32   "col bits 5-6",
        lane / 4 % 8 => 128  "row 0..8",
        e / 32 % 2   => 1024 "row + 8 (second reg)",
    }
    entry { operand: A, element_type: "b1", element_bits: 1 }

    /// B of `m16n8k128` b1, `.col`: 128 x 8 (K x N), 32 elements in 1 `.b32` register per lane.
    /// The layout of [`SM75_8x8x128_B1_B_COL`].
    ///
    /// PTX: `row = threadID_in_group * 32 + i`, `col = groupID`.
    pub SM80_16x8x128_B1_B_COL: 128 x 8, same as SM75_8x8x128_B1_B_COL {
        lane / 4 % 8 => 1   "col (n)",
        e % 32       => 8   "row bits 0-4",
        lane % 4     => 256 "row bits 5-6",
    }
    entry { operand: B, element_type: "b1", element_bits: 1 }

    /// C/D of `m16n8k128` (s32): the layout of [`SM80_16x8x16_F32_C`].
    pub SM80_16x8x128_S32_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "s32", element_bits: 32 }

    entries { arch: "sm_80", instructions: &[K256_XOR, K256_AND], ptx_section: M16N8K256 }

    /// A of `m16n8k256` b1, `.row`: 16 x 256 (M x K), 128 elements in 4 `.b32` registers per lane.
    ///
    /// PTX: `row = groupID` for `0 <= i < 32 || 64 <= i < 96`, `groupID + 8` otherwise;
    /// `col = threadID_in_group * 32 + (i & 0x1F)` for `i < 64`, `+ 128` for `i >= 64`.
    ///
    /// The ISA prints the column for `i < 64` as `threadID_in_group * 32 + i`; read literally that
    /// puts `a32..a63` of lane 4g + 3 at columns 128..159, on top of `a96..a127` of lane 4g, so it
    /// is not a layout. The `(i & 0x1F)` reading is the one of the `m16n8k64` s4 and `m16n8k128`
    /// b1 formulas this one doubles, and of CuTe's `SM80_16x8x256_S32U1U1S32_TN_XORPOPC` traits
    /// (as corrected in CUTLASS pull request 1856); the tests `catalog` and `cute` pin both facts.
    pub SM80_16x8x256_B1_A_ROW: 16 x 256 {
        e % 32       => 1    "col bits 0-4",
        lane % 4     => 32   "col bits 5-6",
        e / 64 % 2   => 128  "col + 128 (registers 2, 3)",
        lane / 4 % 8 => 256  "row 0..8",
        e / 32 % 2   => 2048 "row + 8 (registers 1, 3)",
    }
    entry { operand: A, element_type: "b1", element_bits: 1 }

    /// B of `m16n8k256` b1, `.col`: 256 x 8 (K x N), 64 elements in 2 `.b32` registers per lane.
    ///
    /// PTX: `row = threadID_in_group * 32 + (i & 0x1F)` for `i < 32`, `+ 128` for `i >= 32`;
    /// `col = groupID`.
    pub SM80_16x8x256_B1_B_COL: 256 x 8 {
        lane / 4 % 8 => 1    "col (n)",
        e % 32       => 8    "row bits 0-4",
        lane % 4     => 256  "row bits 5-6",
        e / 32 % 2   => 1024 "row + 128 (second reg)",
    }
    entry { operand: B, element_type: "b1", element_bits: 1 }

    /// C/D of `m16n8k256` (s32): the layout of [`SM80_16x8x16_F32_C`].
    pub SM80_16x8x256_S32_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "s32", element_bits: 32 }
}
