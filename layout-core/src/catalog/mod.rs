//! The catalog of tensor-core fragment layouts, each a checked [`Numeral`](crate::Numeral).
//!
//! Names follow CuTe's pattern: the first architecture that has the instruction, shape
//! `MxNxK`, element type, operand and majorness, e.g. [`SM80_16x8x16_F16_A_ROW`],
//! [`SM75_8x8x16_S8_A_ROW`], [`SM90_64x64x16_F32_C`]; `ldmatrix` / `stmatrix` tiles use CuTe's
//! copy-atom names ([`SM75_U32x4_LDSM_N`], [`SM90_U16x8_STSM_T`], [`SM75_U32x1_MOVM_T`]);
//! `tcgen05.ld` / `tcgen05.st` use CuTe's `SM100_TMEM_LOAD_*` / `SM100_TMEM_STORE_*` op names
//! without the direction, one layout serving both ([`SM100_TMEM_16dp256b4x`],
//! [`SM100_TMEM_32dp32b32x_16b`]). Every
//! layout's digit table is in its docs, with the PTX ISA section it transcribes. Where two
//! element types share a layout (f16 / bf16; s8 / u8 / e4m3 / e5m2 / e3m2 / e2m3 / e2m1; every
//! `m16n8` accumulator) one numeral carries
//! several names via [`Numeral::renamed`](crate::Numeral::renamed); so do the `.b1` layouts of `m8n8k128`, whose
//! `.and.popc` form (sm_80) carries `SM80_` names of the `.xor.popc` (sm_75) numerals. The
//! compressed A of sparse `mma.sp` is the dense A layout of half the K, renamed (`sm80_sparse`),
//! and so is that of sparse `wgmma.mma_async.sp` in registers (`sm90_wgmma_sparse`).
//! [`CATALOG`] lists them all with their PTX instructions.
//!
//! Each layout is written once, in `numeral!`'s words, with its catalog entry by field:
//!
//! ```text
//! pub SM80_16x8x16_F32_C: 16 x 8 {
//!     e % 2        => 1  "col bit 0",
//!     lane % 4     => 2  "col bits 1-2",
//!     lane / 4 % 8 => 8  "row 0..8",
//!     e / 2 % 2    => 64 "row + 8 (c2, c3)",
//! }
//! entry { operand: C, element_type: "f32", element_bits: 32, instructions: &[F16_F32, BF16_F32] }
//!
//! pub SM80_16x8x16_F16_C = SM80_16x8x16_F32_C;
//! entry { operand: C, element_type: "f16", element_bits: 16, instructions: &[F16_F16] }
//! ```
//!
//! The constant's name, its digits, the digit table in its docs (digit, range, place, and the
//! string as its meaning) and its entry all come from that declaration (the crate-private
//! `layouts!` macro in `declare.rs`); an alias (`NAME = OTHER`) is `OTHER` under its own name.
//!
//! | module (file)       | instructions                                                        |
//! |---------------------|---------------------------------------------------------------------|
//! | `sm70_m8n8k4`       | `mma.m8n8k4` f16 (Volta: four 8x8x4 products per warp)              |
//! | `sm80_m16n8k16`     | `mma.m16n8k16` f16 / bf16                                           |
//! | `sm80_m16n8k8`      | `mma.m16n8k8` f16 / bf16 / tf32, `mma.m16n8k4` tf32                 |
//! | `sm80_int8`         | `mma.m8n8k16`, `mma.m16n8k16`, `mma.m16n8k32` with s8 / u8          |
//! | `sm80_fp8`          | `mma.m16n8k32` with e4m3 / e5m2 (sm_89)                             |
//! | `sm80_int4`         | `mma.m8n8k32`, `mma.m16n8k32`, `mma.m16n8k64` with s4 / u4          |
//! | `sm80_b1`           | `mma.m8n8k128`, `mma.m16n8k128`, `mma.m16n8k256` b1 (`.xor` / `.and.popc`) |
//! | `sm80_f64`          | `mma.m8n8k4` f64                                                    |
//! | `sm90_f64`          | `mma.m16n8k4`, `mma.m16n8k8`, `mma.m16n8k16` f64                    |
//! | `sm120_f8f6f4`      | `mma.m16n8k32.kind::f8f6f4` with e4m3 / e5m2 / e3m2 / e2m3 / e2m1 (sm_120a) |
//! | `sm120_block_scale` | `mma.m16n8k32.kind::mxf8f6f4.block_scale`, `mma.m16n8k64.kind::{mxf4,mxf4nvf4}.block_scale`: scale factors (`scale_vec::1X/2X/4X`, broadcast digits) and the `m16n8k64` `.e2m1` A / B / C (sm_120a) |
//! | `sm80_sparse`       | `mma.sp{,::ordered_metadata}` `m16n8k16` / `m16n8k32` f16 / bf16, `m16n8k8` / `m16n8k16` tf32 |
//! | `sm80_sparse_narrow`| `mma.sp{,::ordered_metadata}` s8 / u8 (`m16n8k32`, `m16n8k64`), s4 / u4 (`m16n8k64`, `m16n8k128`), e4m3 / e5m2 (`m16n8k64`, sm_89) |
//! | `ldmatrix`          | `ldmatrix.sync.aligned.m8n8.{x1,x2,x4}{,.trans}.shared.b16`         |
//! | `stmatrix`          | `stmatrix.sync.aligned.m8n8.{x1,x2,x4}{,.trans}.shared.b16`         |
//! | `movmatrix`         | `movmatrix.sync.aligned.m8n8.trans.b16`                             |
//! | `sm90_wgmma`        | `wgmma.mma_async` accumulators `m64nNk*` (N = 8..256, dense and sparse) and A in registers |
//! | `sm90_wgmma_sparse` | `wgmma.mma_async.sp` A in registers and metadata (`m64nNk32` f16 / bf16, `m64nNk16` tf32, `m64nNk64` 8-bit) |
//! | `sm100_tmem`        | `tcgen05.ld` / `tcgen05.st` every shape and `.num`, `.b32` and `.pack::16b` / `.unpack::16b` (sm_100a; TMEM lane = row, 32-bit column = col) |
//!
//! Every numeral is checked at compile time twice: `assert_bijection` (it covers its tile
//! exactly once) and `thread_terms` (it is row/col separable, as generated code needs).
#![allow(non_upper_case_globals)]

pub(crate) mod declare;
mod entry;
mod instruction;
mod ldmatrix;
mod movmatrix;
mod sm100_tmem;
mod sm120_block_scale;
mod sm120_f8f6f4;
mod sm70_m8n8k4;
mod sm80_b1;
mod sm80_f64;
mod sm80_fp8;
mod sm80_int4;
mod sm80_int8;
mod sm80_m16n8k16;
mod sm80_m16n8k8;
mod sm80_sparse;
mod sm80_sparse_narrow;
mod sm90_f64;
mod sm90_wgmma;
mod sm90_wgmma_sparse;
mod stmatrix;

pub use entry::{Entry, Operand};
pub use instruction::{instruction, Instruction};
pub use ldmatrix::*;
pub use movmatrix::*;
pub use sm100_tmem::*;
pub use sm120_block_scale::*;
pub use sm120_f8f6f4::*;
pub use sm70_m8n8k4::*;
pub use sm80_b1::*;
pub use sm80_f64::*;
pub use sm80_fp8::*;
pub use sm80_int4::*;
pub use sm80_int8::*;
pub use sm80_m16n8k16::*;
pub use sm80_m16n8k8::*;
pub use sm80_sparse::*;
pub use sm80_sparse_narrow::*;
pub use sm90_f64::*;
pub use sm90_wgmma::*;
pub use sm90_wgmma_sparse::*;
pub use stmatrix::*;

use entry::{concat, total};

/// Checks a catalog numeral at compile time: bijection and row/col separability.
macro_rules! checked {
    ($($n:ident),* $(,)?) => {
        $(
            const _: () = $crate::assert_bijection(&$n);
            const _: [$crate::generated::ThreadTerm; $crate::generated::MAX_THREAD_TERMS] =
                $n.thread_terms();
        )*
    };
}
pub(crate) use checked;

const PARTS: &[&[Entry]] = &[
    sm70_m8n8k4::ENTRIES,
    sm80_m16n8k16::ENTRIES,
    sm80_m16n8k8::ENTRIES,
    sm80_int8::ENTRIES,
    sm80_fp8::ENTRIES,
    sm80_int4::ENTRIES,
    sm80_b1::ENTRIES,
    sm80_f64::ENTRIES,
    sm90_f64::ENTRIES,
    sm120_f8f6f4::ENTRIES,
    sm120_block_scale::ENTRIES,
    ldmatrix::ENTRIES,
    stmatrix::ENTRIES,
    movmatrix::ENTRIES,
    sm80_sparse::ENTRIES,
    sm80_sparse_narrow::ENTRIES,
    sm90_wgmma::ENTRIES,
    sm90_wgmma_sparse::ENTRIES,
    sm100_tmem::ENTRIES,
];

static ALL: [Entry; total(PARTS)] = concat(PARTS);

/// Every catalog layout: Volta, then `mma.sync` by architecture, then `ldmatrix` / `stmatrix` /
/// `movmatrix`, then sparse `mma.sp`, then `wgmma`, then sparse `wgmma.mma_async.sp`, then
/// `tcgen05.ld` / `tcgen05.st`.
pub static CATALOG: &[Entry] = &ALL;

/// The catalog entry named `name`.
pub fn find(name: &str) -> Option<&'static Entry> {
    CATALOG.iter().find(|e| e.name() == name)
}
