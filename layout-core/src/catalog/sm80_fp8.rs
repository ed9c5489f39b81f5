//! `mma.sync.aligned.m16n8k32.row.col` with 8-bit floating point multiplicands (`.e4m3`,
//! `.e5m2`; sm_89) and f32 or f16 accumulators.
//!
//! The PTX ISA gives one figure for `.s8` / `.u8` / `.e4m3` / `.e5m2` A (and B): the fp8 names
//! here are aliases of [`SM80_16x8x32_S8_A_ROW`] and [`SM80_16x8x32_S8_B_COL`], and both
//! accumulators are aliases of [`SM80_16x8x16_F32_C`] (f16 packed two per `.f16x2` register).
//!
//! These entries list the instructions without `.kind`; the sm_120a spellings with
//! `.kind::f8f6f4` (e4m3 / e5m2 mixed with e3m2 / e2m3 / e2m1 too) are the `SM120_` entries of
//! `sm120_f8f6f4`, which have the same layouts.

use super::declare::layouts;
use super::{SM80_16x8x16_F32_C, SM80_16x8x32_S8_A_ROW, SM80_16x8x32_S8_B_COL, M16N8K32};

/// `mma.sync.aligned.m16n8k32.row.col.{d}.{a}.{b}.{c}` with `d = c`.
macro_rules! fp8 {
    ($acc:literal, $a:literal, $b:literal) => {
        concat!(
            "mma.sync.aligned.m16n8k32.row.col.",
            $acc,
            ".",
            $a,
            ".",
            $b,
            ".",
            $acc
        )
    };
}

const F32_44: &str = fp8!("f32", "e4m3", "e4m3");
const F32_45: &str = fp8!("f32", "e4m3", "e5m2");
const F32_54: &str = fp8!("f32", "e5m2", "e4m3");
const F32_55: &str = fp8!("f32", "e5m2", "e5m2");
const F16_44: &str = fp8!("f16", "e4m3", "e4m3");
const F16_45: &str = fp8!("f16", "e4m3", "e5m2");
const F16_54: &str = fp8!("f16", "e5m2", "e4m3");
const F16_55: &str = fp8!("f16", "e5m2", "e5m2");

layouts! {
    entries ENTRIES { arch: "sm_89", ptx_section: M16N8K32 }

    /// A of `m16n8k32` e4m3: the layout of [`SM80_16x8x32_S8_A_ROW`].
    pub SM89_16x8x32_E4M3_A_ROW = SM80_16x8x32_S8_A_ROW;
    entry { operand: A, element_type: "e4m3", element_bits: 8,
        instructions: &[F32_44, F32_45, F16_44, F16_45] }

    /// A of `m16n8k32` e5m2: the layout of [`SM80_16x8x32_S8_A_ROW`].
    pub SM89_16x8x32_E5M2_A_ROW = SM80_16x8x32_S8_A_ROW;
    entry { operand: A, element_type: "e5m2", element_bits: 8,
        instructions: &[F32_54, F32_55, F16_54, F16_55] }

    /// B of `m16n8k32` e4m3: the layout of [`SM80_16x8x32_S8_B_COL`].
    pub SM89_16x8x32_E4M3_B_COL = SM80_16x8x32_S8_B_COL;
    entry { operand: B, element_type: "e4m3", element_bits: 8,
        instructions: &[F32_44, F32_54, F16_44, F16_54] }

    /// B of `m16n8k32` e5m2: the layout of [`SM80_16x8x32_S8_B_COL`].
    pub SM89_16x8x32_E5M2_B_COL = SM80_16x8x32_S8_B_COL;
    entry { operand: B, element_type: "e5m2", element_bits: 8,
        instructions: &[F32_45, F32_55, F16_45, F16_55] }

    /// C/D of fp8 `m16n8k32` with f32 accumulators: the layout of [`SM80_16x8x16_F32_C`].
    pub SM89_16x8x32_F32_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "f32", element_bits: 32,
        instructions: &[F32_44, F32_45, F32_54, F32_55] }

    /// C/D of fp8 `m16n8k32` with f16 accumulators: the layout of [`SM80_16x8x16_F32_C`], packed
    /// two per `.f16x2` register.
    pub SM89_16x8x32_F16_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "f16", element_bits: 16,
        instructions: &[F16_44, F16_45, F16_54, F16_55] }
}
