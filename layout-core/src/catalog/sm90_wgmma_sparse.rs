//! Sparse `wgmma.mma_async.sp.sync.aligned` (sm_90a): the A-in-registers and metadata layouts
//! of the warpgroup MMA with a 2:4 (1:2 for tf32) structured-sparse A. Threads and warps as in
//! `sm90_wgmma`: 128 threads, `thread = warp * 32 + lane`, warp `w` owns rows `16w..16w+15`.
//!
//! **Instructions** (PTX ISA 9.7.15.6.3, Asynchronous Multiply-and-Accumulate Instruction:
//! `wgmma.mma_async.sp`, <https://docs.nvidia.com/cuda/parallel-thread-execution/#asynchronous-warpgroup-level-matrix-instructions-wgmma-mma-sp>):
//! `wgmma.mma_async.sp.sync.aligned.m64nNkK.dtype.atype.btype d, a-desc|a, b-desc, sp-meta,
//! sp-sel, scale-d, ...` with `.m64nNk32` f16 / bf16 (`.f16` or `.f32` D for f16, `.f32` for
//! bf16), `.m64nNk16` tf32 (`.f32`), `.m64nNk64` e4m3 / e5m2 (`.f16` or `.f32`) and s8 / u8
//! (`.s32`, the N of dense integer `wgmma`). `sp-meta` is a 32-bit register, `sp-sel` an
//! immediate. The immediates after `scale-d` are those of dense `wgmma` (`imm-scale-a,
//! imm-scale-b` for floating point, then `imm-trans-a` with A in shared memory and `imm-trans-b`
//! for f16 / bf16; none for integers). PTX ISA 8.2, `.s8.u8` / `.u8.s8` 8.4; `sm_90a`. The
//! integer instructions are also listed with `.satfinite` (`.m64nNk64.satfinite.s32...`, the same
//! layouts), as for dense `wgmma`.
//!
//! **Compressed A** (9.7.15.6.1, Sparse matrix storage, the same rules as `mma.sp`): each row of
//! the `64 x K` A is chunked, 2 non-zeros in every 4 columns for f16 / bf16 / e4m3 / e5m2 / s8 /
//! u8, 1 in every 2 for tf32, and the operand holds the `64 x K/2` tile of non-zeros (the lower
//! column of a chunk first). With A in shared memory the descriptor addresses that compressed
//! tile like a dense one. With A in registers (the `RS` entries here) each warp holds its 16
//! rows as the sparse `mma.sp` A of the same K does (9.7.14.6.2), which is the dense A of half
//! the K:
//!
//! | instruction      | compressed A | layout of                  | per warp, as sparse          |
//! |------------------|--------------|----------------------------|------------------------------|
//! | `m64nNk32` f16   | 64 x 16      | [`SM90_64xNx16_F16_A_RS`]  | `mma.m16n8k32` f16 A         |
//! | `m64nNk16` tf32  | 64 x 8       | [`SM90_64xNx8_TF32_A_RS`]  | `mma.m16n8k16` tf32 A        |
//! | `m64nNk64` 8-bit | 64 x 32      | [`SM90_64xNx32_S8_A_RS`]   | `mma.m16n8k64` s8 A          |
//!
//! The ISA draws these three only as figures (Figures 175, 177 and 179 of PTX ISA 9.1, "Sparse
//! WGMMA .m64nNk32 / .m64nNk16 / .m64nNk64 fragment layout for matrix A"); its text says four
//! `.b32` registers per thread with two f16 / bf16 non-zeros of one 4-wide chunk, or four 8-bit
//! non-zeros of 8 consecutive elements, in each. The per-warp reading is the one CUTLASS CuTe's
//! `SM90::GMMA::SPARSE::*_RS` traits use (`ALayout_64x32` for f16, `ALayout_64x16` for tf32,
//! `ALayout_64x64` for 8-bit, over the dense K with two logical elements per stored one; test
//! `cute`), and the hardware check runs it.
//!
//! **Accumulator and B.** D is the dense `wgmma` accumulator of the same N (9.7.15.6.2: "the
//! same as in case of Matrix Fragments for wgmma.mma_async.m64nNk32 for the same .dtype"); the
//! `sm90_wgmma` accumulator entries list the sparse instructions too. B (K x N) is only ever in
//! shared memory: no register layout.
//!
//! **Metadata** (9.7.15.6.2, Matrix fragments for warpgroup-level multiply-accumulate operation
//! with sparse matrix A, <https://docs.nvidia.com/cuda/parallel-thread-execution/#asynchronous-warpgroup-level-matrix-fragments-for-sparse-wgmma>,
//! and its subsections .1 to .3): "each warp in the warpgroup provides sparsity information
//! for 16 rows of matrix A", and the figures the ISA gives for one warp are those of `mma.sp`
//! ("sparse-mma-metadata-16832-f16bf16", "-16816-tf32", "-16864-u8s8-first32col / last32col").
//! One 4-bit field per chunk, so `F` fields per row of A: 8 for f16 / bf16 (K = 32, chunks of 4)
//! and for tf32 (K = 16, chunks of 2), read with selector 0 from threads T0, T1 of each group
//! of four or with selector 1 from T2, T3; 16 for the 8-bit types (K = 64, chunks of 4),
//! selector 0 only, all four threads (the instruction's table of valid `sp-sel`). As for
//! `mma.sp`, the metadata entries are numerals over the 64 x 16 tile of every selector's fields
//! side by side (column `f * F + j` is field `j` of selector `f`; element `e` is bits
//! `4e..4e+3` of the thread's register): each warp's 16 rows laid out as
//! [`SM80_SPARSE_16x8x32_F16_E`](super::SM80_SPARSE_16x8x32_F16_E) (f16 / bf16 / tf32) or
//! [`SM80_SPARSE_16x8x64_S8_E`](super::SM80_SPARSE_16x8x64_S8_E) (8-bit). CuTe's
//! `ELayout_64x32`, `ELayout_64x16` and `ELayout_64x64` agree (test `cute`).

use super::declare::layouts;
use super::{SM90_64xNx16_F16_A_RS, SM90_64xNx32_S8_A_RS, SM90_64xNx8_TF32_A_RS};

/// The PTX ISA section of the sparse `m64nNk32` (f16 / bf16) layouts.
pub const WGMMA_SP_K32: &str =
    "PTX ISA 9.7.15.6.2.1, Matrix Fragments for sparse wgmma.mma_async.m64nNk32";
/// The PTX ISA section of the sparse `m64nNk16` (tf32) layouts.
pub const WGMMA_SP_K16: &str =
    "PTX ISA 9.7.15.6.2.2, Matrix Fragments for sparse wgmma.mma_async.m64nNk16";
/// The PTX ISA section of the sparse `m64nNk64` (e4m3 / e5m2 / s8 / u8) layouts.
pub const WGMMA_SP_K64: &str =
    "PTX ISA 9.7.15.6.2.3, Matrix Fragments for sparse wgmma.mma_async.m64nNk64";

/// `wgmma.mma_async.sp.sync.aligned.m64nN{kK}.{types}` for each of `types`.
macro_rules! sparse_wgmma {
    ($k:literal; $($types:literal),+ $(,)?) => {
        &[$(concat!("wgmma.mma_async.sp.sync.aligned.m64nN", $k, ".", $types),)+]
    };
}

const K32_F16: &[&str] = sparse_wgmma!("k32"; "f32.f16.f16", "f16.f16.f16");
const K32_BF16: &[&str] = sparse_wgmma!("k32"; "f32.bf16.bf16");
const K16_TF32: &[&str] = sparse_wgmma!("k16"; "f32.tf32.tf32");
const K64_S8: &[&str] = sparse_wgmma!(
    "k64";
    "s32.s8.s8",
    "s32.s8.u8",
    "satfinite.s32.s8.s8",
    "satfinite.s32.s8.u8",
);
const K64_U8: &[&str] = sparse_wgmma!(
    "k64";
    "s32.u8.s8",
    "s32.u8.u8",
    "satfinite.s32.u8.s8",
    "satfinite.s32.u8.u8",
);
const K64_E4M3: &[&str] = sparse_wgmma!(
    "k64";
    "f32.e4m3.e4m3",
    "f32.e4m3.e5m2",
    "f16.e4m3.e4m3",
    "f16.e4m3.e5m2",
);
const K64_E5M2: &[&str] = sparse_wgmma!(
    "k64";
    "f32.e5m2.e4m3",
    "f32.e5m2.e5m2",
    "f16.e5m2.e4m3",
    "f16.e5m2.e5m2",
);

layouts! {
    entries ENTRIES { arch: "sm_90a", ptx_section: WGMMA_SP_K32 }

    /// Compressed A of sparse `wgmma.mma_async.sp.m64nNk32` f16 from registers: 64 x 16 non-zeros,
    /// 8 in 4 `.f16x2` registers per thread; the layout of [`SM90_64xNx16_F16_A_RS`].
    ///
    /// Per warp, the sparse `mma.m16n8k32` f16 A: `row = 16 * warp + groupID` for
    /// `a0, a1, a4, a5`, `+ 8` for the others; the non-zeros of dense columns
    /// `threadID_in_group * 4 ..= + 3` (`+ 16` for `a4..a7`), compressed columns
    /// `2 * threadID_in_group + i % 2` (`+ 8`).
    pub SM90_SPARSE_64xNx32_F16_A_RS = SM90_64xNx16_F16_A_RS;
    entry { operand: A, element_type: "f16", element_bits: 16, instructions: K32_F16 }

    /// Metadata of sparse `wgmma.mma_async.sp.m64nNk32` f16 (and bf16, and tf32 `m64nNk16`):
    /// 64 x 16 fields, 8 per thread in its one `.b32` register; each warp's 16 rows laid out as
    /// [`SM80_SPARSE_16x8x32_F16_E`](super::SM80_SPARSE_16x8x32_F16_E).
    ///
    /// PTX (figure "Sparse WGMMA .m64nNk32 metadata layout for .f16/.bf16 type", the `mma.sp`
    /// `m16n8k32` figure, per warp): with selector `f`, thread `T(2f)` of group `groupID` holds the
    /// fields of chunks 0-3, `T(2f + 1)` those of chunks 4-7, each of row `16 * warp + groupID` in
    /// bits 0-15 and of row `+ 8` in bits 16-31. Tile column `8f + 4 * (threadID_in_group % 2) +
    /// e % 4`, that is `4 * threadID_in_group + e % 4`.
    pub SM90_SPARSE_64xNx32_F16_E: 64 x 16, warps 4 {
        e % 4        => 1   "chunk bits 0-1 (field in the half word)",
        lane % 4     => 4   "4 chunks per thread: `threadID_in_group`",
        lane / 4 % 8 => 16  "row 0..8",
        e / 4 % 2    => 128 "row + 8 (bits 16-31)",
        warp % 4     => 256 "rows + 16 per warp",
    }
    entry { operand: Metadata, element_type: "b4", element_bits: 4, instructions: K32_F16 }

    /// Compressed A of sparse `m64nNk32` bf16: the layout of [`SM90_SPARSE_64xNx32_F16_A_RS`].
    pub SM90_SPARSE_64xNx32_BF16_A_RS = SM90_64xNx16_F16_A_RS;
    entry { operand: A, element_type: "bf16", element_bits: 16, instructions: K32_BF16 }

    /// Metadata of sparse `m64nNk32` bf16: the layout of [`SM90_SPARSE_64xNx32_F16_E`].
    pub SM90_SPARSE_64xNx32_BF16_E = SM90_SPARSE_64xNx32_F16_E;
    entry { operand: Metadata, element_type: "b4", element_bits: 4, instructions: K32_BF16 }

    entries { arch: "sm_90a", instructions: K16_TF32, ptx_section: WGMMA_SP_K16 }

    /// Compressed A of sparse `wgmma.mma_async.sp.m64nNk16` tf32 from registers: 64 x 8 non-zeros,
    /// 4 `.b32` registers per thread; the layout of [`SM90_64xNx8_TF32_A_RS`].
    ///
    /// Per warp, the sparse `mma.m16n8k16` tf32 A: `row = 16 * warp + groupID` for `a0, a2`,
    /// `+ 8` for `a1, a3`; the non-zero of dense columns `threadID_in_group * 2 ..= + 1` (`+ 8` for
    /// `a2, a3`), compressed column `threadID_in_group` (`+ 4`).
    pub SM90_SPARSE_64xNx16_TF32_A_RS = SM90_64xNx8_TF32_A_RS;
    entry { operand: A, element_type: "tf32", element_bits: 32 }

    /// Metadata of sparse `m64nNk16` tf32: the layout of [`SM90_SPARSE_64xNx32_F16_E`] (figure
    /// "Sparse WGMMA .m64nNk16 metadata layout for .tf32 type", the `mma.sp` `m16n8k16` tf32 figure
    /// per warp: eight 2-wide chunks per row, a thread pair per selector).
    pub SM90_SPARSE_64xNx16_TF32_E = SM90_SPARSE_64xNx32_F16_E;
    entry { operand: Metadata, element_type: "b4", element_bits: 4 }

    entries { arch: "sm_90a", ptx_section: WGMMA_SP_K64 }

    /// Compressed A of sparse `wgmma.mma_async.sp.m64nNk64` s8 from registers: 64 x 32 non-zeros,
    /// 16 in 4 `.b32` registers per thread; the layout of [`SM90_64xNx32_S8_A_RS`].
    ///
    /// Per warp, the sparse `mma.m16n8k64` s8 A: `row = 16 * warp + groupID` for `a0..a3` and
    /// `a8..a11`, `+ 8` for the others; the non-zeros of dense columns
    /// `threadID_in_group * 8 ..= + 7` (`+ 32` for `a8..a15`), compressed columns
    /// `4 * threadID_in_group + i % 4` (`+ 16`).
    pub SM90_SPARSE_64xNx64_S8_A_RS = SM90_64xNx32_S8_A_RS;
    entry { operand: A, element_type: "s8", element_bits: 8, instructions: K64_S8 }

    /// Metadata of sparse `wgmma.mma_async.sp.m64nNk64` s8 (and u8, e4m3, e5m2): 64 x 16 fields,
    /// 8 per thread; each warp's 16 rows laid out as
    /// [`SM80_SPARSE_16x8x64_S8_E`](super::SM80_SPARSE_16x8x64_S8_E).
    ///
    /// PTX (figures "Sparse WGMMA .m64nNk64 metadata layout for .e4m3/.e5m2/.s8/.u8 type for
    /// columns 0–31 / 32–63", the `mma.sp` `m16n8k64` figures per warp): selector 0, every thread:
    /// `T0` row `16 * warp + groupID` chunks 0-7, `T1` row `+ 8` chunks 0-7, `T2` and `T3` the same
    /// rows' chunks 8-15, chunk `8 * (threadID_in_group / 2) + e` in bits `4e..4e+3`.
    pub SM90_SPARSE_64xNx64_S8_E: 64 x 16, warps 4 {
        e % 8        => 1   "chunk 0..8 of the thread's row",
        lane / 2 % 2 => 8   "chunks + 8 (`threadID_in_group` 2, 3)",
        lane / 4 % 8 => 16  "row 0..8",
        lane % 2     => 128 "row + 8 (odd `threadID_in_group`)",
        warp % 4     => 256 "rows + 16 per warp",
    }
    entry { operand: Metadata, element_type: "b4", element_bits: 4, instructions: K64_S8 }

    /// Compressed A of sparse `m64nNk64` u8: the layout of [`SM90_SPARSE_64xNx64_S8_A_RS`].
    pub SM90_SPARSE_64xNx64_U8_A_RS = SM90_64xNx32_S8_A_RS;
    entry { operand: A, element_type: "u8", element_bits: 8, instructions: K64_U8 }

    /// Metadata of sparse `m64nNk64` u8: the layout of [`SM90_SPARSE_64xNx64_S8_E`].
    pub SM90_SPARSE_64xNx64_U8_E = SM90_SPARSE_64xNx64_S8_E;
    entry { operand: Metadata, element_type: "b4", element_bits: 4, instructions: K64_U8 }

    /// Compressed A of sparse `m64nNk64` e4m3: the layout of [`SM90_SPARSE_64xNx64_S8_A_RS`].
    pub SM90_SPARSE_64xNx64_E4M3_A_RS = SM90_64xNx32_S8_A_RS;
    entry { operand: A, element_type: "e4m3", element_bits: 8, instructions: K64_E4M3 }

    /// Metadata of sparse `m64nNk64` e4m3: the layout of [`SM90_SPARSE_64xNx64_S8_E`].
    pub SM90_SPARSE_64xNx64_E4M3_E = SM90_SPARSE_64xNx64_S8_E;
    entry { operand: Metadata, element_type: "b4", element_bits: 4, instructions: K64_E4M3 }

    /// Compressed A of sparse `m64nNk64` e5m2: the layout of [`SM90_SPARSE_64xNx64_S8_A_RS`].
    pub SM90_SPARSE_64xNx64_E5M2_A_RS = SM90_64xNx32_S8_A_RS;
    entry { operand: A, element_type: "e5m2", element_bits: 8, instructions: K64_E5M2 }

    /// Metadata of sparse `m64nNk64` e5m2: the layout of [`SM90_SPARSE_64xNx64_S8_E`].
    pub SM90_SPARSE_64xNx64_E5M2_E = SM90_SPARSE_64xNx64_S8_E;
    entry { operand: Metadata, element_type: "b4", element_bits: 4, instructions: K64_E5M2 }
}
