//! Sparse `mma.sp` with 16- and 32-bit multiplicands: `m16n8k16` and `m16n8k32` with f16 / bf16,
//! `m16n8k8` and `m16n8k16` with tf32 (sm_80). The 8- and 4-bit types are in
//! `sm80_sparse_narrow`, which shares the conventions described here.
//!
//! **Instructions.** `mma.sp::ordered_metadata.sync.aligned.{shape}.row.col.{d}.{a}.{b}.{c}` (PTX
//! ISA 8.5) and the older spelling `mma.sp.sync.aligned...` (PTX ISA 7.1), both sm_80 and later
//! (PTX ISA 9.7.14.6.3, Multiply-and-Accumulate Instruction: mma.sp / mma.sp::ordered_metadata,
//! PTX ISA Notes and Target ISA Notes). The ISA still lists `.sp` beside `.sp::ordered_metadata`
//! and ptxas 13.0 assembles it for sm_90, with the advisory that `.sp::ordered_metadata` should
//! be used because `.sp` "is expected to have substantially reduced performance on some future
//! architectures"; the two differ only in that `.sp::ordered_metadata` requires the two indices
//! of each chunk in increasing order. Every entry lists both spellings, ordered first. The
//! operands are `d, a, b, c, e, f`: `e` the 32-bit metadata register, `f` the sparsity selector,
//! an immediate 0..3. With f16 / bf16, `.dtype` must equal `.ctype`.
//!
//! **Compressed A.** A is `M x K` with half of each row zero, in chunks (9.7.14.6.1, Sparse
//! matrix storage, <https://docs.nvidia.com/cuda/parallel-thread-execution/#warp-level-sparse-matrix-storage>):
//! f16 / bf16 chunks of 4 with 2 non-zeros, tf32 chunks of 2 with 1. The operand `a` holds only
//! the non-zeros, so the A entries here are numerals over the `M x K/2` tile of non-zeros: column
//! `c` of a row is non-zero number `c % s` (the lower column first) of chunk `c / s`, `s` being
//! the non-zeros per chunk. Where the ISA gives a thread "the non-zeros of dense columns
//! `firstcol..=lastcol`", those are compressed columns `firstcol / 2 ..= lastcol / 2`, and each
//! compressed A is the dense A of the same type and half the K:
//!
//! | sparse instruction   | compressed A | layout of                  |
//! |----------------------|--------------|----------------------------|
//! | `m16n8k16` f16/bf16  | 16 x 8       | [`SM75_16x8x8_F16_A_ROW`]  |
//! | `m16n8k32` f16/bf16  | 16 x 16      | [`SM80_16x8x16_F16_A_ROW`] |
//! | `m16n8k8` tf32       | 16 x 4       | [`SM80_16x8x4_TF32_A_ROW`] |
//! | `m16n8k16` tf32      | 16 x 8       | [`SM80_16x8x8_TF32_A_ROW`] |
//!
//! B and C/D are the dense layouts where the ISA says so; `m16n8k32` f16 B is drawn in its own
//! figure ([`SM80_SPARSE_16x8x32_F16_B_COL`]), and the `m16n8k16` tf32 B figure is the image the
//! ISA also uses for the dense `m16n8k16` f64 B, `row = threadID_in_group + i * 4`
//! ([`SM90_16x8x16_F64_B_COL`]). The C/D entries name the dense section the sparse ones refer to.
//!
//! **Metadata and the sparsity selector.** Each chunk of a row of A has a 4-bit field in the
//! metadata: two 2-bit indices for f16 / bf16 (bits 1..0 the position in the chunk of the first
//! non-zero, bits 3..2 of the second; `.sp::ordered_metadata` takes only 0b0100, 0b1000, 0b1001,
//! 0b1100, 0b1101, 0b1110), one 4-bit index for tf32 (0b0100: position 0, 0b1110: position 1).
//! With `F` fields per row (4 for `m16n8k16` f16 and `m16n8k8` tf32, 8 for `m16n8k32` f16 and
//! `m16n8k16` tf32), the selector `f` names which lanes of each group of four supply them: one
//! lane, `threadID_in_group == f` (f in 0..=3), for `F = 4`; the pair `2f, 2f + 1` (f in 0..=1)
//! for `F = 8`. The other lanes' registers are not read. The figures (9.7.14.6.2.1 to .4, "Sparse
//! MMA ... metadata layout", where `Tk: [m..n]` in cell `[x][y..z]` means bits `m..n` of lane
//! `k` hold the field of that chunk) put, in each supplying lane of group `groupID`, four fields
//! of row `groupID` in bits 0-15 (field `j` in bits `4j..4j+3`) and the same four fields of row
//! `groupID + 8` in bits 16-31; with a pair, the first lane has fields 0-3, the second 4-7.
//!
//! No numeral can describe one selector alone: its lanes are a quarter or a half of the warp. So
//! the metadata entries (`..._E`) are numerals over the 16 x 16 tile of the fields of every
//! selector value side by side: column `f * F + j` is field `j` of the instruction with selector
//! `f`, element `e` of a lane is the field in bits `4e..4e+3` of its register (`element_bits`
//! 4, element type `b4`). Read that way all four shapes have one layout,
//! [`SM80_SPARSE_16x8x16_F16_E`] (which is also the s8 A layout of dense `m16n8k16`): a kernel stepping the selector through successive K blocks (as
//! CUTLASS does) loads one metadata register per lane for all of them. The 8- and 4-bit types
//! use a different one (`sm80_sparse_narrow`).
//!
//! **Sources.** PTX ISA 9.0, 9.7.14.6 (Matrix multiply-accumulate operation using mma.sp
//! instruction with sparse matrix A, <https://docs.nvidia.com/cuda/parallel-thread-execution/#warp-level-matrix-fragments-for-sparse-mma>,
//! and the instruction, `#warp-level-matrix-instructions-sparse-mma`). The A formulas are in the
//! text; the metadata layouts and the B layouts of the sparse-only depths are drawn only as
//! figures, transcribed here from text descriptions of those figures. CUTLASS CuTe's traits
//! agree where it has them (test `cute`): the `m16n8k64` 8-bit and `m16n8k128` 4-bit A, B and
//! metadata (its sm_120 sparse atoms, drawn in the same ISA figures) and the `m16n8k32` 16-bit,
//! `m16n8k16` tf32 and `m16n8k64` 8-bit metadata (its per-warp `wgmma.sp` layouts). The
//! one-lane metadata of `m16n8k16` f16 / `m16n8k8` tf32, the pair metadata of `m16n8k32` s8 /
//! `m16n8k64` s4 and the `m16n8k32` f16 B have no second source; the hardware check runs them
//! all.

use super::declare::layouts;
use super::{
    SM75_16x8x8_F16_A_ROW, SM75_U16x8_LDSM_T, SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL,
    SM80_16x8x16_F32_C, SM80_16x8x16_S8_A_ROW, SM80_16x8x4_TF32_A_ROW, SM80_16x8x8_TF32_A_ROW,
    SM80_16x8x8_TF32_B_COL, SM90_16x8x16_F64_B_COL,
};

/// The PTX ISA section the sparse `m16n8k16` f16 / bf16 layouts transcribe.
pub const SPARSE_M16N8K16_F16: &str =
    "PTX ISA 9.7.14.6.2.1, Matrix Fragments for sparse mma.m16n8k16 with .f16 and .bf16 types";
/// The PTX ISA section the sparse `m16n8k32` f16 / bf16 layouts transcribe.
pub const SPARSE_M16N8K32_F16: &str =
    "PTX ISA 9.7.14.6.2.2, Matrix Fragments for sparse mma.m16n8k32 with .f16 and .bf16 types";
/// The PTX ISA section the sparse `m16n8k16` tf32 layouts transcribe.
pub const SPARSE_M16N8K16_TF32: &str =
    "PTX ISA 9.7.14.6.2.3, Matrix Fragments for sparse mma.m16n8k16 with .tf32 floating point type";
/// The PTX ISA section the sparse `m16n8k8` tf32 layouts transcribe.
pub const SPARSE_M16N8K8_TF32: &str =
    "PTX ISA 9.7.14.6.2.4, Matrix Fragments for sparse mma.m16n8k8 with .tf32 floating point type";
/// The dense section the sparse `m16n8k16` and `m16n8k32` f16 / bf16 / tf32 C/D refer to, and
/// the f32 C/D of sparse `m16n8k64` e4m3 / e5m2.
pub const SPARSE_C_M16N8K16_FLOAT: &str =
    "PTX ISA 9.7.14.5.8, Matrix Fragments for mma.m16n8k16 with floating point type";
/// The dense section the sparse `m16n8k8` tf32 C/D refer to.
pub const SPARSE_C_M16N8K8: &str = "PTX ISA 9.7.14.5.7, Matrix Fragments for mma.m16n8k8";

/// `mma.sp::ordered_metadata.sync.aligned.{shape}.row.col.{types}` for each of `types`, then
/// `mma.sp.sync.aligned.{shape}.row.col.{types}` for each.
macro_rules! sparse_mma {
    ($shape:literal; $($types:expr),+ $(,)?) => {
        &[
            $(concat!("mma.sp::ordered_metadata.sync.aligned.", $shape, ".row.col.", $types),)+
            $(concat!("mma.sp.sync.aligned.", $shape, ".row.col.", $types),)+
        ]
    };
}
pub(super) use sparse_mma;

const K16_F16: &[&str] = sparse_mma!("m16n8k16"; "f32.f16.f16.f32", "f16.f16.f16.f16");
const K16_BF16: &[&str] = sparse_mma!("m16n8k16"; "f32.bf16.bf16.f32");
const K16_F32: &[&str] = sparse_mma!(
    "m16n8k16";
    "f32.f16.f16.f32",
    "f32.bf16.bf16.f32",
    "f32.tf32.tf32.f32",
);
const K16_F16_ACC: &[&str] = sparse_mma!("m16n8k16"; "f16.f16.f16.f16");
const K32_F16: &[&str] = sparse_mma!("m16n8k32"; "f32.f16.f16.f32", "f16.f16.f16.f16");
const K32_BF16: &[&str] = sparse_mma!("m16n8k32"; "f32.bf16.bf16.f32");
const K32_F32: &[&str] = sparse_mma!("m16n8k32"; "f32.f16.f16.f32", "f32.bf16.bf16.f32");
const K32_F16_ACC: &[&str] = sparse_mma!("m16n8k32"; "f16.f16.f16.f16");
const K8_TF32: &[&str] = sparse_mma!("m16n8k8"; "f32.tf32.tf32.f32");
const K16_TF32: &[&str] = sparse_mma!("m16n8k16"; "f32.tf32.tf32.f32");

layouts! {
    entries ENTRIES { element_bits: 16, arch: "sm_80", ptx_section: SPARSE_M16N8K16_F16 }

    /// Compressed A of sparse `m16n8k16` f16: 16 x 8, the layout of [`SM75_16x8x8_F16_A_ROW`].
    ///
    /// PTX: `row = groupID` for `a0, a1`, `groupID + 8` for `a2, a3`; the non-zeros of dense
    /// columns `threadID_in_group * 4 ..= + 3`, that is compressed columns
    /// `threadID_in_group * 2 + (i & 1)`.
    pub SM80_SPARSE_16x8x16_F16_A_ROW = SM75_16x8x8_F16_A_ROW;
    entry { operand: A, element_type: "f16", instructions: K16_F16 }

    /// Compressed A of sparse `m16n8k16` bf16: the layout of [`SM80_SPARSE_16x8x16_F16_A_ROW`].
    pub SM80_SPARSE_16x8x16_BF16_A_ROW = SM75_16x8x8_F16_A_ROW;
    entry { operand: A, element_type: "bf16", instructions: K16_BF16 }

    /// B of sparse `m16n8k16` f16: the dense layout [`SM80_16x8x16_F16_B_COL`].
    pub SM80_SPARSE_16x8x16_F16_B_COL = SM80_16x8x16_F16_B_COL;
    entry { operand: B, element_type: "f16", instructions: K16_F16 }

    /// B of sparse `m16n8k16` bf16: the dense layout [`SM80_16x8x16_F16_B_COL`].
    pub SM80_SPARSE_16x8x16_BF16_B_COL = SM80_16x8x16_F16_B_COL;
    entry { operand: B, element_type: "bf16", instructions: K16_BF16 }

    entries { operand: C, arch: "sm_80", ptx_section: SPARSE_C_M16N8K16_FLOAT }

    /// C/D of sparse `m16n8k16` with f32 accumulators (f16, bf16 and tf32 multiplicands): the
    /// layout of [`SM80_16x8x16_F32_C`].
    pub SM80_SPARSE_16x8x16_F32_C = SM80_16x8x16_F32_C;
    entry { element_type: "f32", element_bits: 32, instructions: K16_F32 }

    /// C/D of sparse `m16n8k16` with f16 accumulators: the layout of [`SM80_16x8x16_F32_C`],
    /// packed two per `.f16x2` register.
    pub SM80_SPARSE_16x8x16_F16_C = SM80_16x8x16_F32_C;
    entry { element_type: "f16", element_bits: 16, instructions: K16_F16_ACC }

    entries { operand: Metadata, element_type: "b4", element_bits: 4, arch: "sm_80",
        ptx_section: SPARSE_M16N8K16_F16 }

    /// Metadata of sparse `m16n8k16` f16 (and of every shape in this module): 16 x 16 fields,
    /// 8 per lane in its one `.b32` register (see the module docs for the tile). The layout of
    /// [`SM80_16x8x16_S8_A_ROW`]: each field sits where an s8 element of the dense `m16n8k16` A
    /// fragment would.
    ///
    /// PTX (figure "Sparse MMA .m16n8k16 metadata layout for .f16/.bf16 type"): with selector `f`,
    /// lane `4 * groupID + f` holds the fields of chunks 0-3 of row `groupID` in bits 0-15 and of
    /// row `groupID + 8` in bits 16-31. Tile column `4 * f + chunk`, so `4 * threadID_in_group + e
    /// % 4`. For `F = 8` (`m16n8k32`, tf32 `m16n8k16`) the pair `2f, 2f + 1` holds chunks 0-3 and
    /// 4-7: column `8f + 4 * (threadID_in_group % 2) + e % 4`, the same place.
    pub SM80_SPARSE_16x8x16_F16_E: 16 x 16, same as SM80_16x8x16_S8_A_ROW {
        e % 4        => 1   "chunk bits 0-1 (field in the half word)",
        lane % 4     => 4   "4 chunks per lane: `threadID_in_group`",
        lane / 4 % 8 => 16  "row 0..8",
        e / 4 % 2    => 128 "row + 8 (bits 16-31)",
    }
    entry { instructions: K16_F16 }

    /// Metadata of sparse `m16n8k16` bf16: the layout of [`SM80_SPARSE_16x8x16_F16_E`].
    pub SM80_SPARSE_16x8x16_BF16_E = SM80_SPARSE_16x8x16_F16_E;
    entry { instructions: K16_BF16 }

    entries { element_bits: 16, arch: "sm_80", ptx_section: SPARSE_M16N8K32_F16 }

    /// Compressed A of sparse `m16n8k32` f16: 16 x 16, the layout of [`SM80_16x8x16_F16_A_ROW`].
    ///
    /// PTX: `row = groupID` for `0 <= i < 2 || 4 <= i < 6`, `groupID + 8` otherwise; the
    /// non-zeros of dense columns `threadID_in_group * 4 ..= + 3` for `i < 4`, `+ 16` for `i >= 4`,
    /// that is compressed columns `threadID_in_group * 2 + (i & 1)`, `+ 8` for `i >= 4`.
    pub SM80_SPARSE_16x8x32_F16_A_ROW = SM80_16x8x16_F16_A_ROW;
    entry { operand: A, element_type: "f16", instructions: K32_F16 }

    /// Compressed A of sparse `m16n8k32` bf16: the layout of [`SM80_SPARSE_16x8x32_F16_A_ROW`].
    pub SM80_SPARSE_16x8x32_BF16_A_ROW = SM80_16x8x16_F16_A_ROW;
    entry { operand: A, element_type: "bf16", instructions: K32_BF16 }

    /// B of sparse `m16n8k32` f16/bf16, `.col`: 32 x 8 (K x N), 8 elements in 4 `.b32` registers
    /// per lane: the dense `m16n8k16` B pattern twice, rows 16-31 in `b4..b7`. The layout of
    /// [`SM75_U16x8_LDSM_T`]: `ldmatrix.x4.trans` of the row-major 32 x 8 B loads it.
    ///
    /// PTX (figure "Sparse MMA .m16n8k32 fragment layout for matrix B with .f16/.bf16 type"):
    /// `row = threadID_in_group * 2 + (i & 1) + 8 * (i / 2)`, `col = groupID`.
    pub SM80_SPARSE_16x8x32_F16_B_COL: 32 x 8, same as SM75_U16x8_LDSM_T {
        lane / 4 % 8 => 1  "col (n)",
        e % 2        => 8  "row bit 0",
        lane % 4     => 16 "row bits 1-2",
        e / 2 % 4    => 64 "row + 8 per register",
    }
    entry { operand: B, element_type: "f16", instructions: K32_F16 }

    /// B of sparse `m16n8k32` bf16: the layout of [`SM80_SPARSE_16x8x32_F16_B_COL`].
    pub SM80_SPARSE_16x8x32_BF16_B_COL = SM80_SPARSE_16x8x32_F16_B_COL;
    entry { operand: B, element_type: "bf16", instructions: K32_BF16 }

    entries { operand: C, arch: "sm_80", ptx_section: SPARSE_C_M16N8K16_FLOAT }

    /// C/D of sparse `m16n8k32` with f32 accumulators: the layout of [`SM80_16x8x16_F32_C`].
    pub SM80_SPARSE_16x8x32_F32_C = SM80_16x8x16_F32_C;
    entry { element_type: "f32", element_bits: 32, instructions: K32_F32 }

    /// C/D of sparse `m16n8k32` with f16 accumulators: the layout of [`SM80_16x8x16_F32_C`],
    /// packed two per `.f16x2` register.
    pub SM80_SPARSE_16x8x32_F16_C = SM80_16x8x16_F32_C;
    entry { element_type: "f16", element_bits: 16, instructions: K32_F16_ACC }

    entries { operand: Metadata, element_type: "b4", element_bits: 4, arch: "sm_80",
        ptx_section: SPARSE_M16N8K32_F16 }

    /// Metadata of sparse `m16n8k32` f16: the layout of [`SM80_SPARSE_16x8x16_F16_E`] (selector 0:
    /// lanes `threadID_in_group` 0, 1, tile columns 0-7; selector 1: lanes 2, 3, columns 8-15).
    pub SM80_SPARSE_16x8x32_F16_E = SM80_SPARSE_16x8x16_F16_E;
    entry { instructions: K32_F16 }

    /// Metadata of sparse `m16n8k32` bf16: the layout of [`SM80_SPARSE_16x8x16_F16_E`].
    pub SM80_SPARSE_16x8x32_BF16_E = SM80_SPARSE_16x8x16_F16_E;
    entry { instructions: K32_BF16 }

    entries { element_type: "tf32", element_bits: 32, arch: "sm_80", instructions: K8_TF32,
        ptx_section: SPARSE_M16N8K8_TF32 }

    /// Compressed A of sparse `m16n8k8` tf32: 16 x 4, the layout of [`SM80_16x8x4_TF32_A_ROW`].
    ///
    /// PTX: `row = groupID` for `a0`, `groupID + 8` for `a1`; the non-zero of dense columns
    /// `threadID_in_group * 2 ..= + 1`, compressed column `threadID_in_group`.
    pub SM80_SPARSE_16x8x8_TF32_A_ROW = SM80_16x8x4_TF32_A_ROW;
    entry { operand: A }

    /// B of sparse `m16n8k8` tf32: the dense layout [`SM80_16x8x8_TF32_B_COL`].
    pub SM80_SPARSE_16x8x8_TF32_B_COL = SM80_16x8x8_TF32_B_COL;
    entry { operand: B }

    entries { arch: "sm_80", ptx_section: SPARSE_C_M16N8K8 }

    /// C/D of sparse `m16n8k8` tf32 (f32 accumulators): the layout of [`SM80_16x8x16_F32_C`].
    pub SM80_SPARSE_16x8x8_F32_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "f32", element_bits: 32, instructions: K8_TF32 }

    entries { arch: "sm_80", ptx_section: SPARSE_M16N8K8_TF32 }

    /// Metadata of sparse `m16n8k8` tf32: the layout of [`SM80_SPARSE_16x8x16_F16_E`] (one lane
    /// per selector, four 2-wide chunks per row).
    pub SM80_SPARSE_16x8x8_TF32_E = SM80_SPARSE_16x8x16_F16_E;
    entry { operand: Metadata, element_type: "b4", element_bits: 4, instructions: K8_TF32 }

    entries { arch: "sm_80", instructions: K16_TF32, ptx_section: SPARSE_M16N8K16_TF32 }

    /// Compressed A of sparse `m16n8k16` tf32: 16 x 8, the layout of [`SM80_16x8x8_TF32_A_ROW`].
    ///
    /// PTX: `row = groupID` for `a0, a2`, `groupID + 8` for `a1, a3`; the non-zero of dense
    /// columns `threadID_in_group * 2 ..= + 1` (`a0, a1`) and `+ 8` (`a2, a3`), compressed column
    /// `threadID_in_group`, `+ 4` for `a2, a3`.
    pub SM80_SPARSE_16x8x16_TF32_A_ROW = SM80_16x8x8_TF32_A_ROW;
    entry { operand: A, element_type: "tf32", element_bits: 32 }

    /// B of sparse `m16n8k16` tf32: 16 x 8, 4 `.b32` registers per lane, the layout of
    /// [`SM90_16x8x16_F64_B_COL`] (the ISA draws both with one image).
    ///
    /// PTX: `row = threadID_in_group + i * 4`, `col = groupID`.
    pub SM80_SPARSE_16x8x16_TF32_B_COL = SM90_16x8x16_F64_B_COL;
    entry { operand: B, element_type: "tf32", element_bits: 32 }

    /// Metadata of sparse `m16n8k16` tf32: the layout of [`SM80_SPARSE_16x8x16_F16_E`] (a lane
    /// pair per selector, eight 2-wide chunks per row).
    pub SM80_SPARSE_16x8x16_TF32_E = SM80_SPARSE_16x8x16_F16_E;
    entry { operand: Metadata, element_type: "b4", element_bits: 4 }
}
