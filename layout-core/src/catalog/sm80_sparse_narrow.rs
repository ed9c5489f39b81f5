//! Sparse `mma.sp` with 8- and 4-bit multiplicands: `m16n8k32` and `m16n8k64` with s8 / u8,
//! `m16n8k64` and `m16n8k128` with s4 / u4 (sm_80, s32 accumulators), and `m16n8k64` with
//! e4m3 / e5m2 (sm_89, f32 accumulators). Spellings, the compressed A and the metadata tile are
//! as described in `sm80_sparse`; what differs is the chunk and the metadata layout.
//!
//! **Chunks** (PTX ISA 9.7.14.6.1, Sparse matrix storage): s8 / u8 / e4m3 / e5m2 rows are 2:4
//! sparse like f16 (chunks of 4, two 2-bit indices per 4-bit field). s4 / u4 rows are 4:8 sparse
//! in pairs: each chunk of 8 holds two pairs of adjacent non-zeros, and the 2-bit index `p` of a
//! pair names dense columns `2p, 2p + 1` of the chunk; the compressed row keeps the four
//! non-zeros of a chunk in order, so compressed column `c` is element `c % 4` of chunk `c / 4`,
//! in the pair of index bits `2 * (c % 4 / 2) ..`. The compressed A (`M x K/2`) is the dense A
//! of half the K:
//!
//! | sparse instruction          | compressed A | layout of                 |
//! |-----------------------------|--------------|---------------------------|
//! | `m16n8k32` s8/u8            | 16 x 16      | [`SM80_16x8x16_S8_A_ROW`] |
//! | `m16n8k64` s8/u8/e4m3/e5m2  | 16 x 32      | [`SM80_16x8x32_S8_A_ROW`] |
//! | `m16n8k64` s4/u4            | 16 x 32      | [`SM80_16x8x32_S4_A_ROW`] |
//! | `m16n8k128` s4/u4           | 16 x 64      | [`SM80_16x8x64_S4_A_ROW`] |
//!
//! B is dense where the K exists densely (`m16n8k32` s8, `m16n8k64` s4); the ISA draws the
//! 64-deep 8-bit B and the 128-deep 4-bit B in figures of their own (four registers, the dense
//! pattern repeated every 16 or 32 rows). C/D is the `m16n8` accumulator.
//!
//! **Metadata.** `F` = 8 fields per row for `m16n8k32` s8 / `m16n8k64` s4 (selector 0: lanes
//! `threadID_in_group` 0 and 1; selector 1: lanes 2 and 3), `F` = 16 for `m16n8k64` 8-bit /
//! `m16n8k128` s4 (selector 0 only, all four lanes). Unlike the 16- and 32-bit types, each
//! supplying lane holds eight consecutive fields of one row (figures "Sparse MMA ... metadata
//! layout for .u8/.s8 type" and "for .u4/.s4 type", PTX ISA 9.7.14.6.2.5 to .8): lane `2f` row
//! `groupID`, lane `2f + 1` row `groupID + 8`, field `j` in bits `4j..4j+3`; with `F = 16` lanes
//! 0 and 1 have fields 0-7, lanes 2 and 3 fields 8-15. Over the 16 x 16 tile of every selector's
//! fields (column `f * F + j`) every shape here has one layout, [`SM80_SPARSE_16x8x32_S8_E`].
//! CUTLASS CuTe agrees for the two `F = 16` shapes (`SM120_SPARSE_16x8x64_TN`,
//! `SM120_SPARSE_16x8x128_TN_VS`, whose `.kind` instructions the ISA draws in the same figures)
//! and for `wgmma.sp`'s 8-bit per-warp metadata (test `cute`).
//!
//! **Targets.** s8 / u8 / s4 / u4: sm_80, PTX ISA 7.1 (`.sp`) / 8.5 (`.sp::ordered_metadata`).
//! e4m3 / e5m2: sm_89, PTX ISA 8.4 / 8.5, only `.f32` accumulators (the `.f16` ones and
//! `.kind::f8f6f4` need sm_120 / sm_120a and are not in the catalog). Every integer instruction
//! is also listed with `.satfinite` (`...row.col.satfinite.s32...`, the same layouts).

use super::declare::layouts;
use super::sm80_sparse::{sparse_mma, SPARSE_C_M16N8K16_FLOAT};
use super::{
    SM80_16x8x16_F32_C, SM80_16x8x16_S8_A_ROW, SM80_16x8x32_S4_A_ROW, SM80_16x8x32_S8_A_ROW,
    SM80_16x8x32_S8_B_COL, SM80_16x8x64_S4_A_ROW, SM80_16x8x64_S4_B_COL, M16N8K16_INTEGER,
    M16N8K32, M16N8K64,
};

/// The PTX ISA section the sparse `m16n8k32` s8 / u8 layouts transcribe.
pub const SPARSE_M16N8K32_I8: &str =
    "PTX ISA 9.7.14.6.2.5, Matrix Fragments for sparse mma.m16n8k32 with .u8/.s8 integer type";
/// The PTX ISA section the sparse `m16n8k64` s8 / u8 / e4m3 / e5m2 layouts transcribe.
pub const SPARSE_M16N8K64_I8: &str =
    "PTX ISA 9.7.14.6.2.6, Matrix Fragments for sparse mma.m16n8k64 with .u8/.s8/.e4m3/.e5m2 type";
/// The PTX ISA section the sparse `m16n8k64` s4 / u4 layouts transcribe.
pub const SPARSE_M16N8K64_I4: &str =
    "PTX ISA 9.7.14.6.2.7, Matrix Fragments for sparse mma.m16n8k64 with .u4/.s4 integer type";
/// The PTX ISA section the sparse `m16n8k128` s4 / u4 layouts transcribe.
pub const SPARSE_M16N8K128_I4: &str =
    "PTX ISA 9.7.14.6.2.8, Matrix Fragments for sparse mma.m16n8k128 with .u4/.s4 integer type";

/// The integer instructions of one shape with A of type `$a`: `$a` x s, then `$a` x u, for the
/// element width `$w` (`8` or `4`); then the same with `.satfinite`.
macro_rules! with_a {
    ($shape:literal, $a:literal, $w:literal) => {
        sparse_mma!(
            $shape;
            concat!("s32.", $a, $w, ".s", $w, ".s32"),
            concat!("s32.", $a, $w, ".u", $w, ".s32"),
            concat!("satfinite.s32.", $a, $w, ".s", $w, ".s32"),
            concat!("satfinite.s32.", $a, $w, ".u", $w, ".s32"),
        )
    };
}

/// The integer instructions of one shape with B of type `$b`: s x `$b`, then u x `$b`; then
/// the same with `.satfinite`.
macro_rules! with_b {
    ($shape:literal, $b:literal, $w:literal) => {
        sparse_mma!(
            $shape;
            concat!("s32.s", $w, ".", $b, $w, ".s32"),
            concat!("s32.u", $w, ".", $b, $w, ".s32"),
            concat!("satfinite.s32.s", $w, ".", $b, $w, ".s32"),
            concat!("satfinite.s32.u", $w, ".", $b, $w, ".s32"),
        )
    };
}

/// Every integer instruction of one shape: ss, su, us, uu; then the same with `.satfinite`.
macro_rules! int_all {
    ($shape:literal, $w:literal) => {
        sparse_mma!(
            $shape;
            concat!("s32.s", $w, ".s", $w, ".s32"),
            concat!("s32.s", $w, ".u", $w, ".s32"),
            concat!("s32.u", $w, ".s", $w, ".s32"),
            concat!("s32.u", $w, ".u", $w, ".s32"),
            concat!("satfinite.s32.s", $w, ".s", $w, ".s32"),
            concat!("satfinite.s32.s", $w, ".u", $w, ".s32"),
            concat!("satfinite.s32.u", $w, ".s", $w, ".s32"),
            concat!("satfinite.s32.u", $w, ".u", $w, ".s32"),
        )
    };
}

const K32_S8_A: &[&str] = with_a!("m16n8k32", "s", "8");
const K32_U8_A: &[&str] = with_a!("m16n8k32", "u", "8");
const K32_S8_B: &[&str] = with_b!("m16n8k32", "s", "8");
const K32_U8_B: &[&str] = with_b!("m16n8k32", "u", "8");
const K32_I8: &[&str] = int_all!("m16n8k32", "8");
const K64_S8_A: &[&str] = with_a!("m16n8k64", "s", "8");
const K64_U8_A: &[&str] = with_a!("m16n8k64", "u", "8");
const K64_S8_B: &[&str] = with_b!("m16n8k64", "s", "8");
const K64_U8_B: &[&str] = with_b!("m16n8k64", "u", "8");
const K64_S32: &[&str] = sparse_mma!(
    "m16n8k64";
    "s32.s8.s8.s32",
    "s32.s8.u8.s32",
    "s32.u8.s8.s32",
    "s32.u8.u8.s32",
    "s32.s4.s4.s32",
    "s32.s4.u4.s32",
    "s32.u4.s4.s32",
    "s32.u4.u4.s32",
    "satfinite.s32.s8.s8.s32",
    "satfinite.s32.s8.u8.s32",
    "satfinite.s32.u8.s8.s32",
    "satfinite.s32.u8.u8.s32",
    "satfinite.s32.s4.s4.s32",
    "satfinite.s32.s4.u4.s32",
    "satfinite.s32.u4.s4.s32",
    "satfinite.s32.u4.u4.s32",
);
const K64_S4_A: &[&str] = with_a!("m16n8k64", "s", "4");
const K64_U4_A: &[&str] = with_a!("m16n8k64", "u", "4");
const K64_S4_B: &[&str] = with_b!("m16n8k64", "s", "4");
const K64_U4_B: &[&str] = with_b!("m16n8k64", "u", "4");
const K128_S4_A: &[&str] = with_a!("m16n8k128", "s", "4");
const K128_U4_A: &[&str] = with_a!("m16n8k128", "u", "4");
const K128_S4_B: &[&str] = with_b!("m16n8k128", "s", "4");
const K128_U4_B: &[&str] = with_b!("m16n8k128", "u", "4");
const K128_I4: &[&str] = int_all!("m16n8k128", "4");
const FP8_E4M3_A: &[&str] = sparse_mma!("m16n8k64"; "f32.e4m3.e4m3.f32", "f32.e4m3.e5m2.f32");
const FP8_E5M2_A: &[&str] = sparse_mma!("m16n8k64"; "f32.e5m2.e4m3.f32", "f32.e5m2.e5m2.f32");
const FP8_E4M3_B: &[&str] = sparse_mma!("m16n8k64"; "f32.e4m3.e4m3.f32", "f32.e5m2.e4m3.f32");
const FP8_E5M2_B: &[&str] = sparse_mma!("m16n8k64"; "f32.e4m3.e5m2.f32", "f32.e5m2.e5m2.f32");
const FP8_ALL: &[&str] = sparse_mma!(
    "m16n8k64";
    "f32.e4m3.e4m3.f32",
    "f32.e4m3.e5m2.f32",
    "f32.e5m2.e4m3.f32",
    "f32.e5m2.e5m2.f32",
);

layouts! {
    entries ENTRIES { element_bits: 8, arch: "sm_80", ptx_section: SPARSE_M16N8K32_I8 }

    /// Compressed A of sparse `m16n8k32` s8: 16 x 16, the layout of [`SM80_16x8x16_S8_A_ROW`].
    ///
    /// PTX: `row = groupID` for `i < 4`, `groupID + 8` otherwise; the non-zeros of dense columns
    /// `threadID_in_group * 8 ..= + 7`, compressed columns `threadID_in_group * 4 + (i & 3)`.
    pub SM80_SPARSE_16x8x32_S8_A_ROW = SM80_16x8x16_S8_A_ROW;
    entry { operand: A, element_type: "s8", instructions: K32_S8_A }

    /// Compressed A of sparse `m16n8k32` u8: the layout of [`SM80_SPARSE_16x8x32_S8_A_ROW`].
    pub SM80_SPARSE_16x8x32_U8_A_ROW = SM80_16x8x16_S8_A_ROW;
    entry { operand: A, element_type: "u8", instructions: K32_U8_A }

    /// B of sparse `m16n8k32` s8: the dense layout [`SM80_16x8x32_S8_B_COL`].
    pub SM80_SPARSE_16x8x32_S8_B_COL = SM80_16x8x32_S8_B_COL;
    entry { operand: B, element_type: "s8", instructions: K32_S8_B }

    /// B of sparse `m16n8k32` u8: the dense layout [`SM80_16x8x32_S8_B_COL`].
    pub SM80_SPARSE_16x8x32_U8_B_COL = SM80_16x8x32_S8_B_COL;
    entry { operand: B, element_type: "u8", instructions: K32_U8_B }

    entries { arch: "sm_80", ptx_section: M16N8K32 }

    /// C/D of sparse `m16n8k32` (s32): the layout of [`SM80_16x8x16_F32_C`].
    pub SM80_SPARSE_16x8x32_S32_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "s32", element_bits: 32, instructions: K32_I8 }

    entries { operand: Metadata, element_type: "b4", element_bits: 4, arch: "sm_80",
        ptx_section: SPARSE_M16N8K32_I8 }

    /// Metadata of sparse `m16n8k32` s8 (and of every shape in this module): 16 x 16 fields, 8 per
    /// lane in its one `.b32` register, over the tile of every selector's fields (see
    /// `sm80_sparse`).
    ///
    /// PTX (figure "Sparse MMA .m16n8k32 metadata layout for .u8/.s8 type"): with selector `f`,
    /// lane `4 * groupID + 2f` holds the 8 fields of row `groupID`, lane `4 * groupID + 2f + 1`
    /// those of row `groupID + 8`, field `j` in bits `4j..4j+3`. Tile column `8f + j`, so `8 *
    /// (threadID_in_group / 2) + e`; for `F = 16` lanes 2 and 3 hold fields 8-15 of the same rows,
    /// the same place.
    pub SM80_SPARSE_16x8x32_S8_E: 16 x 16 {
        e % 8        => 1   "field 0..8 of the lane's row",
        lane / 2 % 2 => 8   "fields + 8 (`threadID_in_group` 2, 3)",
        lane / 4 % 8 => 16  "row 0..8",
        lane % 2     => 128 "row + 8 (odd `threadID_in_group`)",
    }
    entry { instructions: K32_S8_A }

    /// Metadata of sparse `m16n8k32` u8: the layout of [`SM80_SPARSE_16x8x32_S8_E`].
    pub SM80_SPARSE_16x8x32_U8_E = SM80_SPARSE_16x8x32_S8_E;
    entry { instructions: K32_U8_A }

    entries { element_bits: 8, arch: "sm_80", ptx_section: SPARSE_M16N8K64_I8 }

    /// Compressed A of sparse `m16n8k64` s8: 16 x 32, the layout of [`SM80_16x8x32_S8_A_ROW`].
    ///
    /// PTX: `row = groupID` for `0 <= i < 4 || 8 <= i < 12`, `groupID + 8` otherwise; the non-zeros
    /// of dense columns `threadID_in_group * 8 ..= + 7`, `+ 32` for `i >= 8`: compressed columns
    /// `threadID_in_group * 4 + (i & 3)`, `+ 16` for `i >= 8`.
    pub SM80_SPARSE_16x8x64_S8_A_ROW = SM80_16x8x32_S8_A_ROW;
    entry { operand: A, element_type: "s8", instructions: K64_S8_A }

    /// Compressed A of sparse `m16n8k64` u8: the layout of [`SM80_SPARSE_16x8x64_S8_A_ROW`].
    pub SM80_SPARSE_16x8x64_U8_A_ROW = SM80_16x8x32_S8_A_ROW;
    entry { operand: A, element_type: "u8", instructions: K64_U8_A }

    /// B of sparse `m16n8k64` s8/u8 (and e4m3/e5m2), `.col`: 64 x 8 (K x N), 16 elements in 4
    /// `.b32` registers per lane.
    ///
    /// PTX (figures "Sparse MMA .m16n8k64 fragment layout for rows 0–15 .. 48–63 of matrix B"):
    /// lane `4 * col + t` holds rows `4t..4t+3` of column `col` in each 16-row band, band `r` in
    /// register `r`: `row = threadID_in_group * 4 + (i & 3) + 16 * (i / 4)`, `col = groupID`.
    pub SM80_SPARSE_16x8x64_S8_B_COL: 64 x 8 {
        lane / 4 % 8 => 1   "col (n)",
        e % 4        => 8   "row bits 0-1",
        lane % 4     => 32  "row bits 2-3",
        e / 4 % 4    => 128 "row + 16 per register",
    }
    entry { operand: B, element_type: "s8", instructions: K64_S8_B }

    /// B of sparse `m16n8k64` u8: the layout of [`SM80_SPARSE_16x8x64_S8_B_COL`].
    pub SM80_SPARSE_16x8x64_U8_B_COL = SM80_SPARSE_16x8x64_S8_B_COL;
    entry { operand: B, element_type: "u8", instructions: K64_U8_B }

    entries { arch: "sm_80", ptx_section: M16N8K16_INTEGER }

    /// C/D of sparse `m16n8k64` (s32; s8/u8 and s4/u4 multiplicands): the layout of
    /// [`SM80_16x8x16_F32_C`].
    pub SM80_SPARSE_16x8x64_S32_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "s32", element_bits: 32, instructions: K64_S32 }

    entries { operand: Metadata, element_type: "b4", element_bits: 4, arch: "sm_80",
        ptx_section: SPARSE_M16N8K64_I8 }

    /// Metadata of sparse `m16n8k64` s8: the layout of [`SM80_SPARSE_16x8x32_S8_E`] (selector 0,
    /// all four lanes of a group).
    pub SM80_SPARSE_16x8x64_S8_E = SM80_SPARSE_16x8x32_S8_E;
    entry { instructions: K64_S8_A }

    /// Metadata of sparse `m16n8k64` u8: the layout of [`SM80_SPARSE_16x8x32_S8_E`].
    pub SM80_SPARSE_16x8x64_U8_E = SM80_SPARSE_16x8x32_S8_E;
    entry { instructions: K64_U8_A }

    entries { element_bits: 4, arch: "sm_80", ptx_section: SPARSE_M16N8K64_I4 }

    /// Compressed A of sparse `m16n8k64` s4: 16 x 32, the layout of [`SM80_16x8x32_S4_A_ROW`].
    ///
    /// PTX: `row = groupID` for `i < 8`, `groupID + 8` otherwise; the non-zeros of dense columns
    /// `threadID_in_group * 16 ..= + 15`, compressed columns `threadID_in_group * 8 + (i & 7)`.
    pub SM80_SPARSE_16x8x64_S4_A_ROW = SM80_16x8x32_S4_A_ROW;
    entry { operand: A, element_type: "s4", instructions: K64_S4_A }

    /// Compressed A of sparse `m16n8k64` u4: the layout of [`SM80_SPARSE_16x8x64_S4_A_ROW`].
    pub SM80_SPARSE_16x8x64_U4_A_ROW = SM80_16x8x32_S4_A_ROW;
    entry { operand: A, element_type: "u4", instructions: K64_U4_A }

    /// B of sparse `m16n8k64` s4: the dense layout [`SM80_16x8x64_S4_B_COL`].
    pub SM80_SPARSE_16x8x64_S4_B_COL = SM80_16x8x64_S4_B_COL;
    entry { operand: B, element_type: "s4", instructions: K64_S4_B }

    /// B of sparse `m16n8k64` u4: the dense layout [`SM80_16x8x64_S4_B_COL`].
    pub SM80_SPARSE_16x8x64_U4_B_COL = SM80_16x8x64_S4_B_COL;
    entry { operand: B, element_type: "u4", instructions: K64_U4_B }

    /// Metadata of sparse `m16n8k64` s4: the layout of [`SM80_SPARSE_16x8x32_S8_E`] (eight 8-wide
    /// chunks per row, a lane pair per selector).
    pub SM80_SPARSE_16x8x64_S4_E = SM80_SPARSE_16x8x32_S8_E;
    entry { operand: Metadata, element_type: "b4", instructions: K64_S4_A }

    /// Metadata of sparse `m16n8k64` u4: the layout of [`SM80_SPARSE_16x8x32_S8_E`].
    pub SM80_SPARSE_16x8x64_U4_E = SM80_SPARSE_16x8x32_S8_E;
    entry { operand: Metadata, element_type: "b4", instructions: K64_U4_A }

    entries { element_bits: 4, arch: "sm_80", ptx_section: SPARSE_M16N8K128_I4 }

    /// Compressed A of sparse `m16n8k128` s4: 16 x 64, the layout of [`SM80_16x8x64_S4_A_ROW`].
    ///
    /// PTX: `row = groupID` for `0 <= i < 8 || 16 <= i < 24`, `groupID + 8` otherwise; the
    /// non-zeros of dense columns `threadID_in_group * 16 ..= + 15`, `+ 64` for `i >= 16`:
    /// compressed columns `threadID_in_group * 8 + (i & 7)`, `+ 32` for `i >= 16`.
    pub SM80_SPARSE_16x8x128_S4_A_ROW = SM80_16x8x64_S4_A_ROW;
    entry { operand: A, element_type: "s4", instructions: K128_S4_A }

    /// Compressed A of sparse `m16n8k128` u4: the layout of [`SM80_SPARSE_16x8x128_S4_A_ROW`].
    pub SM80_SPARSE_16x8x128_U4_A_ROW = SM80_16x8x64_S4_A_ROW;
    entry { operand: A, element_type: "u4", instructions: K128_U4_A }

    /// B of sparse `m16n8k128` s4/u4, `.col`: 128 x 8 (K x N), 32 elements in 4 `.b32` registers
    /// per lane.
    ///
    /// PTX (figures "Sparse MMA .m16n8k128 fragment layout for rows 0–31 .. 96–127 of matrix B"):
    /// `row = threadID_in_group * 8 + (i & 7) + 32 * (i / 8)`, `col = groupID`.
    pub SM80_SPARSE_16x8x128_S4_B_COL: 128 x 8 {
        lane / 4 % 8 => 1   "col (n)",
        e % 8        => 8   "row bits 0-2",
        lane % 4     => 64  "row bits 3-4",
        e / 8 % 4    => 256 "row + 32 per register",
    }
    entry { operand: B, element_type: "s4", instructions: K128_S4_B }

    /// B of sparse `m16n8k128` u4: the layout of [`SM80_SPARSE_16x8x128_S4_B_COL`].
    pub SM80_SPARSE_16x8x128_U4_B_COL = SM80_SPARSE_16x8x128_S4_B_COL;
    entry { operand: B, element_type: "u4", instructions: K128_U4_B }

    entries { arch: "sm_80", ptx_section: M16N8K64 }

    /// C/D of sparse `m16n8k128` (s32): the layout of [`SM80_16x8x16_F32_C`].
    pub SM80_SPARSE_16x8x128_S32_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "s32", element_bits: 32, instructions: K128_I4 }

    entries { operand: Metadata, element_type: "b4", element_bits: 4, arch: "sm_80",
        ptx_section: SPARSE_M16N8K128_I4 }

    /// Metadata of sparse `m16n8k128` s4: the layout of [`SM80_SPARSE_16x8x32_S8_E`] (selector 0,
    /// all four lanes of a group).
    pub SM80_SPARSE_16x8x128_S4_E = SM80_SPARSE_16x8x32_S8_E;
    entry { instructions: K128_S4_A }

    /// Metadata of sparse `m16n8k128` u4: the layout of [`SM80_SPARSE_16x8x32_S8_E`].
    pub SM80_SPARSE_16x8x128_U4_E = SM80_SPARSE_16x8x32_S8_E;
    entry { instructions: K128_U4_A }

    entries { element_bits: 8, arch: "sm_89", ptx_section: SPARSE_M16N8K64_I8 }

    /// Compressed A of sparse `m16n8k64` e4m3 (sm_89): the layout of [`SM80_16x8x32_S8_A_ROW`].
    pub SM89_SPARSE_16x8x64_E4M3_A_ROW = SM80_16x8x32_S8_A_ROW;
    entry { operand: A, element_type: "e4m3", instructions: FP8_E4M3_A }

    /// Compressed A of sparse `m16n8k64` e5m2 (sm_89): the layout of [`SM80_16x8x32_S8_A_ROW`].
    pub SM89_SPARSE_16x8x64_E5M2_A_ROW = SM80_16x8x32_S8_A_ROW;
    entry { operand: A, element_type: "e5m2", instructions: FP8_E5M2_A }

    /// B of sparse `m16n8k64` e4m3 (sm_89): the layout of [`SM80_SPARSE_16x8x64_S8_B_COL`].
    pub SM89_SPARSE_16x8x64_E4M3_B_COL = SM80_SPARSE_16x8x64_S8_B_COL;
    entry { operand: B, element_type: "e4m3", instructions: FP8_E4M3_B }

    /// B of sparse `m16n8k64` e5m2 (sm_89): the layout of [`SM80_SPARSE_16x8x64_S8_B_COL`].
    pub SM89_SPARSE_16x8x64_E5M2_B_COL = SM80_SPARSE_16x8x64_S8_B_COL;
    entry { operand: B, element_type: "e5m2", instructions: FP8_E5M2_B }

    entries { arch: "sm_89", ptx_section: SPARSE_C_M16N8K16_FLOAT }

    /// C/D of sparse `m16n8k64` e4m3 / e5m2 (f32, sm_89): the layout of [`SM80_16x8x16_F32_C`].
    pub SM89_SPARSE_16x8x64_F32_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "f32", element_bits: 32, instructions: FP8_ALL }

    entries { operand: Metadata, element_type: "b4", element_bits: 4, arch: "sm_89",
        ptx_section: SPARSE_M16N8K64_I8 }

    /// Metadata of sparse `m16n8k64` e4m3 (sm_89): the layout of [`SM80_SPARSE_16x8x32_S8_E`].
    pub SM89_SPARSE_16x8x64_E4M3_E = SM80_SPARSE_16x8x32_S8_E;
    entry { instructions: FP8_E4M3_A }

    /// Metadata of sparse `m16n8k64` e5m2 (sm_89): the layout of [`SM80_SPARSE_16x8x32_S8_E`].
    pub SM89_SPARSE_16x8x64_E5M2_E = SM80_SPARSE_16x8x32_S8_E;
    entry { instructions: FP8_E5M2_A }
}
