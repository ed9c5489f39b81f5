//! `mma.sync.aligned` with 4-bit integer multiplicands (`.s4` / `.u4`, s32 accumulators):
//! `m8n8k32` (sm_75), `m16n8k32` and `m16n8k64` (sm_80). Eight 4-bit elements pack into each
//! `.b32` register, element `8r` in bits 0-3 of register `r`. `.u4` names are aliases.

use super::declare::layouts;
use super::sm80_int8::int_mmas;
use super::{SM75_8x8x16_S32_C, SM80_16x8x16_F32_C, M16N8K32};

/// The PTX ISA section the `m8n8k32` layouts transcribe.
pub const M8N8K32: &str = "PTX ISA 9.7.14.5.4, Matrix Fragments for mma.m8n8k32";
/// The PTX ISA section the `m16n8k64` layouts transcribe.
pub const M16N8K64: &str = "PTX ISA 9.7.14.5.11, Matrix Fragments for mma.m16n8k64";

layouts! {
    entries ENTRIES { arch: "sm_75", ptx_section: M8N8K32 }

    /// A of `m8n8k32` s4/u4, `.row`: 8 x 32 (M x K), 8 elements in 1 `.b32` register per lane.
    ///
    /// PTX: `row = groupID`, `col = threadID_in_group * 8 + i`.
    pub SM75_8x8x32_S4_A_ROW: 8 x 32 {
        e % 8        => 1  "col bits 0-2",
        lane % 4     => 8  "col bits 3-4",
        lane / 4 % 8 => 32 "row",
    }
    entry { operand: A, element_type: "s4", element_bits: 4,
        instructions: int_mmas!("m8n8k32"; ("s4", "s4"), ("s4", "u4")) }

    /// A of `m8n8k32` u4: the layout of [`SM75_8x8x32_S4_A_ROW`].
    pub SM75_8x8x32_U4_A_ROW = SM75_8x8x32_S4_A_ROW;
    entry { operand: A, element_type: "u4", element_bits: 4,
        instructions: int_mmas!("m8n8k32"; ("u4", "s4"), ("u4", "u4")) }

    /// B of `m8n8k32` s4/u4, `.col`: 32 x 8 (K x N), 8 elements in 1 `.b32` register per lane.
    ///
    /// PTX: `row = threadID_in_group * 8 + i`, `col = groupID`.
    pub SM75_8x8x32_S4_B_COL: 32 x 8 {
        lane / 4 % 8 => 1  "col (n)",
        e % 8        => 8  "row bits 0-2",
        lane % 4     => 64 "row bits 3-4",
    }
    entry { operand: B, element_type: "s4", element_bits: 4,
        instructions: int_mmas!("m8n8k32"; ("s4", "s4"), ("u4", "s4")) }

    /// B of `m8n8k32` u4: the layout of [`SM75_8x8x32_S4_B_COL`].
    pub SM75_8x8x32_U4_B_COL = SM75_8x8x32_S4_B_COL;
    entry { operand: B, element_type: "u4", element_bits: 4,
        instructions: int_mmas!("m8n8k32"; ("s4", "u4"), ("u4", "u4")) }

    /// C/D of `m8n8k32` (s32): the layout of [`SM75_8x8x16_S32_C`].
    pub SM75_8x8x32_S32_C = SM75_8x8x16_S32_C;
    entry { operand: C, element_type: "s32", element_bits: 32,
        instructions: int_mmas!("m8n8k32"; ("s4", "s4"), ("s4", "u4"), ("u4", "s4"), ("u4", "u4")) }

    entries { element_bits: 4, arch: "sm_80", ptx_section: M16N8K32 }

    /// A of `m16n8k32` s4/u4, `.row`: 16 x 32 (M x K), 16 elements in 2 `.b32` registers per lane.
    ///
    /// PTX: `row = groupID` for `i < 8`, `groupID + 8` otherwise;
    /// `col = threadID_in_group * 8 + (i & 7)`.
    pub SM80_16x8x32_S4_A_ROW: 16 x 32 {
        e % 8        => 1   "col bits 0-2",
        lane % 4     => 8   "col bits 3-4",
        lane / 4 % 8 => 32  "row 0..8",
        e / 8 % 2    => 256 "row + 8 (second reg)",
    }
    entry { operand: A, element_type: "s4",
        instructions: int_mmas!("m16n8k32"; ("s4", "s4"), ("s4", "u4")) }

    /// A of `m16n8k32` u4: the layout of [`SM80_16x8x32_S4_A_ROW`].
    pub SM80_16x8x32_U4_A_ROW = SM80_16x8x32_S4_A_ROW;
    entry { operand: A, element_type: "u4",
        instructions: int_mmas!("m16n8k32"; ("u4", "s4"), ("u4", "u4")) }

    /// B of `m16n8k32` s4/u4, `.col`: 32 x 8 (K x N), 8 elements in 1 `.b32` register per lane.
    /// The layout of [`SM75_8x8x32_S4_B_COL`].
    ///
    /// PTX: `row = threadID_in_group * 8 + (i & 7)`, `col = groupID`.
    pub SM80_16x8x32_S4_B_COL: 32 x 8, same as SM75_8x8x32_S4_B_COL {
        lane / 4 % 8 => 1  "col (n)",
        e % 8        => 8  "row bits 0-2",
        lane % 4     => 64 "row bits 3-4",
    }
    entry { operand: B, element_type: "s4",
        instructions: int_mmas!("m16n8k32"; ("s4", "s4"), ("u4", "s4")) }

    /// B of `m16n8k32` u4: the layout of [`SM80_16x8x32_S4_B_COL`].
    pub SM80_16x8x32_U4_B_COL = SM75_8x8x32_S4_B_COL;
    entry { operand: B, element_type: "u4",
        instructions: int_mmas!("m16n8k32"; ("s4", "u4"), ("u4", "u4")) }

    entries { arch: "sm_80", ptx_section: M16N8K64 }

    /// A of `m16n8k64` s4/u4, `.row`: 16 x 64 (M x K), 32 elements in 4 `.b32` registers per lane.
    ///
    /// PTX: `row = groupID` for `0 <= i < 8 || 16 <= i < 24`, `groupID + 8` otherwise;
    /// `col = threadID_in_group * 8 + (i & 7)` for `i < 16`, `+ 32` for `i >= 16`.
    pub SM80_16x8x64_S4_A_ROW: 16 x 64 {
        e % 8        => 1   "col bits 0-2",
        lane % 4     => 8   "col bits 3-4",
        e / 16 % 2   => 32  "col + 32 (registers 2, 3)",
        lane / 4 % 8 => 64  "row 0..8",
        e / 8 % 2    => 512 "row + 8 (registers 1, 3)",
    }
    entry { operand: A, element_type: "s4", element_bits: 4,
        instructions: int_mmas!("m16n8k64"; ("s4", "s4"), ("s4", "u4")) }

    /// A of `m16n8k64` u4: the layout of [`SM80_16x8x64_S4_A_ROW`].
    pub SM80_16x8x64_U4_A_ROW = SM80_16x8x64_S4_A_ROW;
    entry { operand: A, element_type: "u4", element_bits: 4,
        instructions: int_mmas!("m16n8k64"; ("u4", "s4"), ("u4", "u4")) }

    /// B of `m16n8k64` s4/u4, `.col`: 64 x 8 (K x N), 16 elements in 2 `.b32` registers per lane.
    ///
    /// PTX: `row = threadID_in_group * 8 + (i & 7)` for `i < 8`, `+ 32` for `i >= 8`;
    /// `col = groupID`.
    pub SM80_16x8x64_S4_B_COL: 64 x 8 {
        lane / 4 % 8 => 1   "col (n)",
        e % 8        => 8   "row bits 0-2",
        lane % 4     => 64  "row bits 3-4",
        e / 8 % 2    => 256 "row + 32 (second reg)",
    }
    entry { operand: B, element_type: "s4", element_bits: 4,
        instructions: int_mmas!("m16n8k64"; ("s4", "s4"), ("u4", "s4")) }

    /// B of `m16n8k64` u4: the layout of [`SM80_16x8x64_S4_B_COL`].
    pub SM80_16x8x64_U4_B_COL = SM80_16x8x64_S4_B_COL;
    entry { operand: B, element_type: "u4", element_bits: 4,
        instructions: int_mmas!("m16n8k64"; ("s4", "u4"), ("u4", "u4")) }

    /// C/D of `m16n8k64` (s32): the layout of [`SM80_16x8x16_F32_C`].
    pub SM80_16x8x64_S32_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "s32", element_bits: 32, instructions: int_mmas!(
        "m16n8k64"; ("s4", "s4"), ("s4", "u4"), ("u4", "s4"), ("u4", "u4")
    ) }
}
