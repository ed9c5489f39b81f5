//! `mma.sync.aligned` with 8-bit integer multiplicands (`.s8` / `.u8`, s32 accumulators):
//! `m8n8k16` (sm_75), `m16n8k16` and `m16n8k32` (sm_80). Four 8-bit elements pack into each
//! `.b32` register, element `4r` in bits 0-7 of register `r`.
//!
//! `.s8` and `.u8` share every layout; the `.u8` names are aliases. The e4m3 / e5m2 layouts of
//! `m16n8k32` (sm_89) are these too: see `sm80_fp8`; so are those of `m16n8k32.kind::f8f6f4`
//! (sm_120a): see `sm120_f8f6f4`.

use super::declare::layouts;
use super::SM80_16x8x16_F32_C;

/// The PTX ISA section the `m8n8k16` layouts transcribe.
pub const M8N8K16: &str = "PTX ISA 9.7.14.5.3, Matrix Fragments for mma.m8n8k16";
/// The PTX ISA section the integer `m16n8k16` layouts transcribe.
pub const M16N8K16_INTEGER: &str =
    "PTX ISA 9.7.14.5.9, Matrix Fragments for mma.m16n8k16 with integer type";
/// The PTX ISA section the `m16n8k32` layouts transcribe.
pub const M16N8K32: &str = "PTX ISA 9.7.14.5.10, Matrix Fragments for mma.m16n8k32";

/// The instructions `mma.sync.aligned.{shape}.row.col.s32.{a}.{b}.s32` for each `(a, b)`, then
/// their `.satfinite` spellings (`...row.col.satfinite.s32...`: the same layouts; the result
/// is clamped to the s32 range instead of wrapping).
macro_rules! int_mmas {
    ($shape:literal; $(($a:literal, $b:literal)),+ $(,)?) => {
        &[
            $(concat!("mma.sync.aligned.", $shape, ".row.col.s32.", $a, ".", $b, ".s32"),)+
            $(concat!(
                "mma.sync.aligned.", $shape, ".row.col.satfinite.s32.", $a, ".", $b, ".s32"
            ),)+
        ]
    };
}
pub(super) use int_mmas;

layouts! {
    entries ENTRIES { arch: "sm_75", ptx_section: M8N8K16 }

    /// A of `m8n8k16` s8/u8, `.row`: 8 x 16 (M x K), 4 elements in 1 `.b32` register per lane.
    ///
    /// PTX: `row = groupID`, `col = threadID_in_group * 4 + i`.
    pub SM75_8x8x16_S8_A_ROW: 8 x 16 {
        e % 4        => 1  "col bits 0-1",
        lane % 4     => 4  "col bits 2-3",
        lane / 4 % 8 => 16 "row",
    }
    entry { operand: A, element_type: "s8", element_bits: 8,
        instructions: int_mmas!("m8n8k16"; ("s8", "s8"), ("s8", "u8")) }

    /// A of `m8n8k16` u8: the layout of [`SM75_8x8x16_S8_A_ROW`].
    pub SM75_8x8x16_U8_A_ROW = SM75_8x8x16_S8_A_ROW;
    entry { operand: A, element_type: "u8", element_bits: 8,
        instructions: int_mmas!("m8n8k16"; ("u8", "s8"), ("u8", "u8")) }

    /// B of `m8n8k16` s8/u8, `.col`: 16 x 8 (K x N), 4 elements in 1 `.b32` register per lane.
    ///
    /// PTX: `row = threadID_in_group * 4 + i`, `col = groupID`.
    pub SM75_8x8x16_S8_B_COL: 16 x 8 {
        lane / 4 % 8 => 1  "col (n)",
        e % 4        => 8  "row bits 0-1",
        lane % 4     => 32 "row bits 2-3",
    }
    entry { operand: B, element_type: "s8", element_bits: 8,
        instructions: int_mmas!("m8n8k16"; ("s8", "s8"), ("u8", "s8")) }

    /// B of `m8n8k16` u8: the layout of [`SM75_8x8x16_S8_B_COL`].
    pub SM75_8x8x16_U8_B_COL = SM75_8x8x16_S8_B_COL;
    entry { operand: B, element_type: "u8", element_bits: 8,
        instructions: int_mmas!("m8n8k16"; ("s8", "u8"), ("u8", "u8")) }

    /// C/D of `m8n8k16` (s32): 8 x 8, 2 `.s32` registers per lane. Also the accumulator of
    /// `m8n8k32` (s4/u4) and of `m8n8k4` f64.
    ///
    /// PTX: `row = groupID`, `col = threadID_in_group * 2 + i`.
    pub SM75_8x8x16_S32_C: 8 x 8 {
        e % 2        => 1 "col bit 0",
        lane % 4     => 2 "col bits 1-2",
        lane / 4 % 8 => 8 "row",
    }
    entry { operand: C, element_type: "s32", element_bits: 32,
        instructions: int_mmas!("m8n8k16"; ("s8", "s8"), ("s8", "u8"), ("u8", "s8"), ("u8", "u8")) }

    entries { arch: "sm_80", ptx_section: M16N8K16_INTEGER }

    /// A of `m16n8k16` s8/u8, `.row`: 16 x 16 (M x K), 8 elements in 2 `.b32` registers per lane.
    ///
    /// PTX: `row = groupID` for `i < 4`, `groupID + 8` otherwise;
    /// `col = threadID_in_group * 4 + (i & 3)`.
    pub SM80_16x8x16_S8_A_ROW: 16 x 16 {
        e % 4        => 1   "col bits 0-1",
        lane % 4     => 4   "col bits 2-3",
        lane / 4 % 8 => 16  "row 0..8",
        e / 4 % 2    => 128 "row + 8 (second reg)",
    }
    entry { operand: A, element_type: "s8", element_bits: 8,
        instructions: int_mmas!("m16n8k16"; ("s8", "s8"), ("s8", "u8")) }

    /// A of `m16n8k16` u8: the layout of [`SM80_16x8x16_S8_A_ROW`].
    pub SM80_16x8x16_U8_A_ROW = SM80_16x8x16_S8_A_ROW;
    entry { operand: A, element_type: "u8", element_bits: 8,
        instructions: int_mmas!("m16n8k16"; ("u8", "s8"), ("u8", "u8")) }

    /// B of `m16n8k16` s8/u8, `.col`: 16 x 8 (K x N), 4 elements in 1 `.b32` register per lane.
    /// The layout of [`SM75_8x8x16_S8_B_COL`].
    ///
    /// PTX: `row = threadID_in_group * 4 + i`, `col = groupID`.
    pub SM80_16x8x16_S8_B_COL: 16 x 8, same as SM75_8x8x16_S8_B_COL {
        lane / 4 % 8 => 1  "col (n)",
        e % 4        => 8  "row bits 0-1",
        lane % 4     => 32 "row bits 2-3",
    }
    entry { operand: B, element_type: "s8", element_bits: 8,
        instructions: int_mmas!("m16n8k16"; ("s8", "s8"), ("u8", "s8")) }

    /// B of `m16n8k16` u8: the layout of [`SM80_16x8x16_S8_B_COL`].
    pub SM80_16x8x16_U8_B_COL = SM75_8x8x16_S8_B_COL;
    entry { operand: B, element_type: "u8", element_bits: 8,
        instructions: int_mmas!("m16n8k16"; ("s8", "u8"), ("u8", "u8")) }

    /// C/D of integer `m16n8k16` (s32): the layout of [`SM80_16x8x16_F32_C`].
    pub SM80_16x8x16_S32_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "s32", element_bits: 32, instructions: int_mmas!(
        "m16n8k16"; ("s8", "s8"), ("s8", "u8"), ("u8", "s8"), ("u8", "u8")
    ) }

    entries { arch: "sm_80", ptx_section: M16N8K32 }

    /// A of `m16n8k32` s8/u8 (and e4m3/e5m2), `.row`: 16 x 32 (M x K), 16 elements in 4 `.b32`
    /// registers per lane.
    ///
    /// PTX: `row = groupID` for `0 <= i < 4 || 8 <= i < 12`, `groupID + 8` otherwise;
    /// `col = threadID_in_group * 4 + (i & 3)` for `i < 8`, `+ 16` for `i >= 8`.
    pub SM80_16x8x32_S8_A_ROW: 16 x 32 {
        e % 4        => 1   "col bits 0-1",
        lane % 4     => 4   "col bits 2-3",
        e / 8 % 2    => 16  "col + 16 (registers 2, 3)",
        lane / 4 % 8 => 32  "row 0..8",
        e / 4 % 2    => 256 "row + 8 (registers 1, 3)",
    }
    entry { operand: A, element_type: "s8", element_bits: 8,
        instructions: int_mmas!("m16n8k32"; ("s8", "s8"), ("s8", "u8")) }

    /// A of `m16n8k32` u8: the layout of [`SM80_16x8x32_S8_A_ROW`].
    pub SM80_16x8x32_U8_A_ROW = SM80_16x8x32_S8_A_ROW;
    entry { operand: A, element_type: "u8", element_bits: 8,
        instructions: int_mmas!("m16n8k32"; ("u8", "s8"), ("u8", "u8")) }

    /// B of `m16n8k32` s8/u8 (and e4m3/e5m2), `.col`: 32 x 8 (K x N), 8 elements in 2 `.b32`
    /// registers per lane.
    ///
    /// PTX: `row = threadID_in_group * 4 + (i & 3)` for `i < 4`, `+ 16` for `i >= 4`;
    /// `col = groupID`.
    pub SM80_16x8x32_S8_B_COL: 32 x 8 {
        lane / 4 % 8 => 1   "col (n)",
        e % 4        => 8   "row bits 0-1",
        lane % 4     => 32  "row bits 2-3",
        e / 4 % 2    => 128 "row + 16 (second reg)",
    }
    entry { operand: B, element_type: "s8", element_bits: 8,
        instructions: int_mmas!("m16n8k32"; ("s8", "s8"), ("u8", "s8")) }

    /// B of `m16n8k32` u8: the layout of [`SM80_16x8x32_S8_B_COL`].
    pub SM80_16x8x32_U8_B_COL = SM80_16x8x32_S8_B_COL;
    entry { operand: B, element_type: "u8", element_bits: 8,
        instructions: int_mmas!("m16n8k32"; ("s8", "u8"), ("u8", "u8")) }

    /// C/D of integer `m16n8k32` (s32; s8/u8 and s4/u4 multiplicands): the layout of
    /// [`SM80_16x8x16_F32_C`].
    pub SM80_16x8x32_S32_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "s32", element_bits: 32,
        instructions: int_mmas!(
            "m16n8k32";
            ("s8", "s8"), ("s8", "u8"), ("u8", "s8"), ("u8", "u8"),
            ("s4", "s4"), ("s4", "u4"), ("u4", "s4"), ("u4", "u4"),
        ) }
}
