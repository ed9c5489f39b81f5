//! `mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4` (sm_120a, PTX ISA 8.7): A and B of any of
//! `.e4m3`, `.e5m2`, `.e3m2`, `.e2m3`, `.e2m1` (each independently), f32 or f16 accumulators.
//!
//! The PTX ISA draws one figure for A of `m16n8k32` with `.u8` / `.s8` / `.e4m3` / `.e5m2` /
//! `.e3m2` / `.e2m3` / `.e2m1` and one for B with the same types (Matrix Fragments for
//! mma.m16n8k32): four elements per `.b32` register, A in four registers, B in two, and the
//! accumulators are the `m16n8` ones. So every layout here is a renamed numeral:
//! A is [`SM80_16x8x32_S8_A_ROW`], B [`SM80_16x8x32_S8_B_COL`], C/D [`SM80_16x8x16_F32_C`]
//! (f16 packed two per `.f16x2` register). CUTLASS agrees: CuTe's `SM120_16x8x32_TN` traits
//! inherit those of `SM80_16x8x32_S32S8S8S32_TN` (test `cute`).
//!
//! **Element bits.** With `.kind::f8f6f4` every 4- and 6-bit element sits in an 8-bit
//! container (mma instruction description: "must be packed in an 8-bit container"), so the
//! entries say `element_bits: 8` for all five types: element `4r + j` is byte `j` of register
//! `r`, as for s8. The value's place inside its byte is the user's business, and differs by
//! type: `.e2m1` in the central four bits (bits 2-5, padding in bits 0-1 and 6-7), `.e3m2` and
//! `.e2m3` in the low six bits (padding in bits 6-7), `.e4m3` / `.e5m2` the whole byte. (The
//! block-scaled `.kind::mxf4` / `.kind::mxf4nvf4` pack `.e2m1` unpadded, eight per register:
//! `sm120_block_scale`.)
//!
//! **Instructions listed.** The 50 combinations `.{f32,f16}.{a}.{b}.{f32,f16}` with
//! `d = c` (ptxas 13.0 rejects `d != c` here), spelled in the ISA's syntax order,
//! `mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e3m2.e2m1.f32`. (ptxas also takes
//! `.kind::f8f6f4` before the shape, as CUTLASS writes it; that spelling is not listed.) Each
//! A entry lists the 10 instructions with its type as A, each B entry the 10 with its type
//! as B, each accumulator the 25 with its type. The A and B entries also list the
//! block-scaled `.kind::mxf8f6f4.block_scale{.scale_vec::1X}` instructions with their type
//! (10 each: f32 only, `.ue8m0` scales), which take A and B the same way, and the f32
//! accumulator those 50; their scale registers are in `sm120_block_scale`. The e4m3 / e5m2 combinations get their own
//! `SM120_` entries rather than joining the `SM89_` ones: those are for the `.kind`-less
//! instructions of sm_89, and an entry's `arch` is the earliest target that has every
//! instruction it lists.
//!
//! Target: `sm_120a` (also `sm_121a` and, with PTX ISA 8.8, the family target `sm_120f`;
//! ptxas 13.0 rejects `sm_120` and `sm_100a`).

use super::declare::layouts;
use super::{SM80_16x8x16_F32_C, SM80_16x8x32_S8_A_ROW, SM80_16x8x32_S8_B_COL, M16N8K32};

/// `mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.{acc}.{a}.{b}.{acc}`.
macro_rules! f8f6f4 {
    ($acc:literal, $a:literal, $b:literal) => {
        concat!(
            "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.",
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

/// `mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale{vec}.f32.{a}.{b}.f32.ue8m0`,
/// `vec` `.scale_vec::1X` or empty (the default, 1X).
macro_rules! mxf8f6f4 {
    ($vec:literal, $a:literal, $b:literal) => {
        concat!(
            "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale",
            $vec,
            ".f32.",
            $a,
            ".",
            $b,
            ".f32.ue8m0"
        )
    };
}

/// The instructions with A of type `$a`: every B type, f32 then f16 accumulators, then the
/// block-scaled `.kind::mxf8f6f4` ones with and without `.scale_vec::1X`.
macro_rules! with_a {
    ($a:literal) => {
        &[
            f8f6f4!("f32", $a, "e4m3"),
            f8f6f4!("f32", $a, "e5m2"),
            f8f6f4!("f32", $a, "e3m2"),
            f8f6f4!("f32", $a, "e2m3"),
            f8f6f4!("f32", $a, "e2m1"),
            f8f6f4!("f16", $a, "e4m3"),
            f8f6f4!("f16", $a, "e5m2"),
            f8f6f4!("f16", $a, "e3m2"),
            f8f6f4!("f16", $a, "e2m3"),
            f8f6f4!("f16", $a, "e2m1"),
            mxf8f6f4!(".scale_vec::1X", $a, "e4m3"),
            mxf8f6f4!(".scale_vec::1X", $a, "e5m2"),
            mxf8f6f4!(".scale_vec::1X", $a, "e3m2"),
            mxf8f6f4!(".scale_vec::1X", $a, "e2m3"),
            mxf8f6f4!(".scale_vec::1X", $a, "e2m1"),
            mxf8f6f4!("", $a, "e4m3"),
            mxf8f6f4!("", $a, "e5m2"),
            mxf8f6f4!("", $a, "e3m2"),
            mxf8f6f4!("", $a, "e2m3"),
            mxf8f6f4!("", $a, "e2m1"),
        ]
    };
}

/// The instructions with B of type `$b`: every A type, f32 then f16 accumulators, then the
/// block-scaled ones.
macro_rules! with_b {
    ($b:literal) => {
        &[
            f8f6f4!("f32", "e4m3", $b),
            f8f6f4!("f32", "e5m2", $b),
            f8f6f4!("f32", "e3m2", $b),
            f8f6f4!("f32", "e2m3", $b),
            f8f6f4!("f32", "e2m1", $b),
            f8f6f4!("f16", "e4m3", $b),
            f8f6f4!("f16", "e5m2", $b),
            f8f6f4!("f16", "e3m2", $b),
            f8f6f4!("f16", "e2m3", $b),
            f8f6f4!("f16", "e2m1", $b),
            mxf8f6f4!(".scale_vec::1X", "e4m3", $b),
            mxf8f6f4!(".scale_vec::1X", "e5m2", $b),
            mxf8f6f4!(".scale_vec::1X", "e3m2", $b),
            mxf8f6f4!(".scale_vec::1X", "e2m3", $b),
            mxf8f6f4!(".scale_vec::1X", "e2m1", $b),
            mxf8f6f4!("", "e4m3", $b),
            mxf8f6f4!("", "e5m2", $b),
            mxf8f6f4!("", "e3m2", $b),
            mxf8f6f4!("", "e2m3", $b),
            mxf8f6f4!("", "e2m1", $b),
        ]
    };
}

/// The instructions accumulating in `$acc`: every A type with every B type.
macro_rules! with_acc {
    ($acc:literal) => {
        &[
            f8f6f4!($acc, "e4m3", "e4m3"),
            f8f6f4!($acc, "e4m3", "e5m2"),
            f8f6f4!($acc, "e4m3", "e3m2"),
            f8f6f4!($acc, "e4m3", "e2m3"),
            f8f6f4!($acc, "e4m3", "e2m1"),
            f8f6f4!($acc, "e5m2", "e4m3"),
            f8f6f4!($acc, "e5m2", "e5m2"),
            f8f6f4!($acc, "e5m2", "e3m2"),
            f8f6f4!($acc, "e5m2", "e2m3"),
            f8f6f4!($acc, "e5m2", "e2m1"),
            f8f6f4!($acc, "e3m2", "e4m3"),
            f8f6f4!($acc, "e3m2", "e5m2"),
            f8f6f4!($acc, "e3m2", "e3m2"),
            f8f6f4!($acc, "e3m2", "e2m3"),
            f8f6f4!($acc, "e3m2", "e2m1"),
            f8f6f4!($acc, "e2m3", "e4m3"),
            f8f6f4!($acc, "e2m3", "e5m2"),
            f8f6f4!($acc, "e2m3", "e3m2"),
            f8f6f4!($acc, "e2m3", "e2m3"),
            f8f6f4!($acc, "e2m3", "e2m1"),
            f8f6f4!($acc, "e2m1", "e4m3"),
            f8f6f4!($acc, "e2m1", "e5m2"),
            f8f6f4!($acc, "e2m1", "e3m2"),
            f8f6f4!($acc, "e2m1", "e2m3"),
            f8f6f4!($acc, "e2m1", "e2m1"),
        ]
    };
}

/// Every block-scaled `.kind::mxf8f6f4` instruction: the 25 type pairs with
/// `.scale_vec::1X`, then without (the default).
pub(super) const MXF8F6F4: [&str; 50] = [
    mxf8f6f4!(".scale_vec::1X", "e4m3", "e4m3"),
    mxf8f6f4!(".scale_vec::1X", "e4m3", "e5m2"),
    mxf8f6f4!(".scale_vec::1X", "e4m3", "e3m2"),
    mxf8f6f4!(".scale_vec::1X", "e4m3", "e2m3"),
    mxf8f6f4!(".scale_vec::1X", "e4m3", "e2m1"),
    mxf8f6f4!(".scale_vec::1X", "e5m2", "e4m3"),
    mxf8f6f4!(".scale_vec::1X", "e5m2", "e5m2"),
    mxf8f6f4!(".scale_vec::1X", "e5m2", "e3m2"),
    mxf8f6f4!(".scale_vec::1X", "e5m2", "e2m3"),
    mxf8f6f4!(".scale_vec::1X", "e5m2", "e2m1"),
    mxf8f6f4!(".scale_vec::1X", "e3m2", "e4m3"),
    mxf8f6f4!(".scale_vec::1X", "e3m2", "e5m2"),
    mxf8f6f4!(".scale_vec::1X", "e3m2", "e3m2"),
    mxf8f6f4!(".scale_vec::1X", "e3m2", "e2m3"),
    mxf8f6f4!(".scale_vec::1X", "e3m2", "e2m1"),
    mxf8f6f4!(".scale_vec::1X", "e2m3", "e4m3"),
    mxf8f6f4!(".scale_vec::1X", "e2m3", "e5m2"),
    mxf8f6f4!(".scale_vec::1X", "e2m3", "e3m2"),
    mxf8f6f4!(".scale_vec::1X", "e2m3", "e2m3"),
    mxf8f6f4!(".scale_vec::1X", "e2m3", "e2m1"),
    mxf8f6f4!(".scale_vec::1X", "e2m1", "e4m3"),
    mxf8f6f4!(".scale_vec::1X", "e2m1", "e5m2"),
    mxf8f6f4!(".scale_vec::1X", "e2m1", "e3m2"),
    mxf8f6f4!(".scale_vec::1X", "e2m1", "e2m3"),
    mxf8f6f4!(".scale_vec::1X", "e2m1", "e2m1"),
    mxf8f6f4!("", "e4m3", "e4m3"),
    mxf8f6f4!("", "e4m3", "e5m2"),
    mxf8f6f4!("", "e4m3", "e3m2"),
    mxf8f6f4!("", "e4m3", "e2m3"),
    mxf8f6f4!("", "e4m3", "e2m1"),
    mxf8f6f4!("", "e5m2", "e4m3"),
    mxf8f6f4!("", "e5m2", "e5m2"),
    mxf8f6f4!("", "e5m2", "e3m2"),
    mxf8f6f4!("", "e5m2", "e2m3"),
    mxf8f6f4!("", "e5m2", "e2m1"),
    mxf8f6f4!("", "e3m2", "e4m3"),
    mxf8f6f4!("", "e3m2", "e5m2"),
    mxf8f6f4!("", "e3m2", "e3m2"),
    mxf8f6f4!("", "e3m2", "e2m3"),
    mxf8f6f4!("", "e3m2", "e2m1"),
    mxf8f6f4!("", "e2m3", "e4m3"),
    mxf8f6f4!("", "e2m3", "e5m2"),
    mxf8f6f4!("", "e2m3", "e3m2"),
    mxf8f6f4!("", "e2m3", "e2m3"),
    mxf8f6f4!("", "e2m3", "e2m1"),
    mxf8f6f4!("", "e2m1", "e4m3"),
    mxf8f6f4!("", "e2m1", "e5m2"),
    mxf8f6f4!("", "e2m1", "e3m2"),
    mxf8f6f4!("", "e2m1", "e2m3"),
    mxf8f6f4!("", "e2m1", "e2m1"),
];

/// The f32-accumulator instructions: `.kind::f8f6f4`, then `.kind::mxf8f6f4`.
const F32_ACC: [&str; 75] = super::concat::<&str, 75>(&[with_acc!("f32"), &MXF8F6F4]);

layouts! {
    entries ENTRIES { arch: "sm_120a", ptx_section: M16N8K32 }

    /// A of `m16n8k32.kind::f8f6f4` e4m3: the layout of [`SM80_16x8x32_S8_A_ROW`].
    pub SM120_16x8x32_E4M3_A_ROW = SM80_16x8x32_S8_A_ROW;
    entry { operand: A, element_type: "e4m3", element_bits: 8, instructions: with_a!("e4m3") }

    /// A of `m16n8k32.kind::f8f6f4` e5m2: the layout of [`SM80_16x8x32_S8_A_ROW`].
    pub SM120_16x8x32_E5M2_A_ROW = SM80_16x8x32_S8_A_ROW;
    entry { operand: A, element_type: "e5m2", element_bits: 8, instructions: with_a!("e5m2") }

    /// A of `m16n8k32.kind::f8f6f4` e3m2 (6 bits in an 8-bit container): the layout of
    /// [`SM80_16x8x32_S8_A_ROW`].
    pub SM120_16x8x32_E3M2_A_ROW = SM80_16x8x32_S8_A_ROW;
    entry { operand: A, element_type: "e3m2", element_bits: 8, instructions: with_a!("e3m2") }

    /// A of `m16n8k32.kind::f8f6f4` e2m3 (6 bits in an 8-bit container): the layout of
    /// [`SM80_16x8x32_S8_A_ROW`].
    pub SM120_16x8x32_E2M3_A_ROW = SM80_16x8x32_S8_A_ROW;
    entry { operand: A, element_type: "e2m3", element_bits: 8, instructions: with_a!("e2m3") }

    /// A of `m16n8k32.kind::f8f6f4` e2m1 (4 bits in the middle of an 8-bit container): the layout
    /// of [`SM80_16x8x32_S8_A_ROW`].
    pub SM120_16x8x32_E2M1_A_ROW = SM80_16x8x32_S8_A_ROW;
    entry { operand: A, element_type: "e2m1", element_bits: 8, instructions: with_a!("e2m1") }

    /// B of `m16n8k32.kind::f8f6f4` e4m3: the layout of [`SM80_16x8x32_S8_B_COL`].
    pub SM120_16x8x32_E4M3_B_COL = SM80_16x8x32_S8_B_COL;
    entry { operand: B, element_type: "e4m3", element_bits: 8, instructions: with_b!("e4m3") }

    /// B of `m16n8k32.kind::f8f6f4` e5m2: the layout of [`SM80_16x8x32_S8_B_COL`].
    pub SM120_16x8x32_E5M2_B_COL = SM80_16x8x32_S8_B_COL;
    entry { operand: B, element_type: "e5m2", element_bits: 8, instructions: with_b!("e5m2") }

    /// B of `m16n8k32.kind::f8f6f4` e3m2 (6 bits in an 8-bit container): the layout of
    /// [`SM80_16x8x32_S8_B_COL`].
    pub SM120_16x8x32_E3M2_B_COL = SM80_16x8x32_S8_B_COL;
    entry { operand: B, element_type: "e3m2", element_bits: 8, instructions: with_b!("e3m2") }

    /// B of `m16n8k32.kind::f8f6f4` e2m3 (6 bits in an 8-bit container): the layout of
    /// [`SM80_16x8x32_S8_B_COL`].
    pub SM120_16x8x32_E2M3_B_COL = SM80_16x8x32_S8_B_COL;
    entry { operand: B, element_type: "e2m3", element_bits: 8, instructions: with_b!("e2m3") }

    /// B of `m16n8k32.kind::f8f6f4` e2m1 (4 bits in the middle of an 8-bit container): the layout
    /// of [`SM80_16x8x32_S8_B_COL`].
    pub SM120_16x8x32_E2M1_B_COL = SM80_16x8x32_S8_B_COL;
    entry { operand: B, element_type: "e2m1", element_bits: 8, instructions: with_b!("e2m1") }

    /// C/D of `m16n8k32.kind::f8f6f4` with f32 accumulators: the layout of [`SM80_16x8x16_F32_C`].
    pub SM120_16x8x32_F32_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "f32", element_bits: 32, instructions: &F32_ACC }

    /// C/D of `m16n8k32.kind::f8f6f4` with f16 accumulators: the layout of [`SM80_16x8x16_F32_C`],
    /// packed two per `.f16x2` register.
    pub SM120_16x8x32_F16_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "f16", element_bits: 16, instructions: with_acc!("f16") }
}
