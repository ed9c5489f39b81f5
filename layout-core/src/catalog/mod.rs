//! The catalog of tensor-core fragment layouts, each a checked [`Numeral`].
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
//! several names via [`Numeral::renamed`]; so do the `.b1` layouts of `m8n8k128`, whose
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

use crate::Numeral;

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

/// Which operand of the instruction a layout describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// The `M x K` multiplicand; for `mma.sp`, the `M x K/2` tile of its non-zero elements
    /// (see `sm80_sparse`).
    A,
    /// The `K x N` multiplicand.
    B,
    /// The `M x N` accumulator, input C and output D.
    C,
    /// The `8 * num x 8` tile of `num` stacked 8x8 matrices that `ldmatrix` loads or
    /// `stmatrix` stores; for `movmatrix` (`num` = 1), the source matrix in `a` and the
    /// transposed matrix in `d`.
    Matrices,
    /// The sparsity metadata `e` of `mma.sp` (`sp-meta` of `wgmma.mma_async.sp`): 4-bit fields,
    /// one per chunk of a row of the sparse A, over the tile of every sparsity selector's fields
    /// (see `sm80_sparse`, `sm90_wgmma_sparse`).
    Metadata,
    /// The cells of tensor memory one `tcgen05.ld` reads or `tcgen05.st` writes: TMEM lane
    /// (row) by 32-bit column (col), relative to the warp's `taddr` (see `sm100_tmem`).
    Tmem,
    /// `scale-a-data` of `mma.sync ... .block_scale`: A's scale factors, `M x` K-blocks, one
    /// byte each (see `sm120_block_scale`).
    ScaleA,
    /// `scale-b-data`: B's scale factors, K-blocks `x N`.
    ScaleB,
}

impl Operand {
    /// `"A"`, `"B"`, `"C/D"`, `"matrices"`, `"metadata"`, `"tmem"`, `"scale A"` or
    /// `"scale B"`.
    pub const fn name(self) -> &'static str {
        match self {
            Operand::A => "A",
            Operand::B => "B",
            Operand::C => "C/D",
            Operand::Matrices => "matrices",
            Operand::Metadata => "metadata",
            Operand::Tmem => "tmem",
            Operand::ScaleA => "scale A",
            Operand::ScaleB => "scale B",
        }
    }
}

/// A catalog layout with what it is for.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The numeral (its `name` is the constant's name).
    pub numeral: &'static Numeral<'static>,
    /// The operand it describes.
    pub operand: Operand,
    /// The element types whose registers it lays out, e.g. `"f16"`.
    pub element_type: &'static str,
    /// Bits per element; elements pack into registers from the low bits up (see
    /// [`register_bits`](Self::register_bits)). For the 4- and 6-bit types of
    /// `.kind::f8f6f4` this is their 8-bit container (see `sm120_f8f6f4`).
    pub element_bits: u32,
    /// The earliest target that has every instruction listed, e.g. `"sm_80"`, `"sm_90a"`.
    pub arch: &'static str,
    /// The PTX instructions it covers, spelled as in PTX.
    pub instructions: &'static [&'static str],
    /// The PTX ISA section it is transcribed from.
    pub ptx_section: &'static str,
}

impl Entry {
    /// The layout's name.
    pub const fn name(&self) -> &'static str {
        self.numeral.name
    }

    /// Bits per register: 64 for `.f64` fragments (one element per 64-bit register), 32 for
    /// everything else.
    pub const fn register_bits(&self) -> u32 {
        if self.element_bits == 64 {
            64
        } else {
            32
        }
    }

    /// Elements per register: 1 (f64, f32, s32, tf32), 2 (16-bit), 4 (8-bit), 8 (4-bit, and the
    /// 4-bit fields of `mma.sp` metadata) or 32 (b1).
    /// Element `k * r + j` is in bits `j * element_bits ..` of register `r`.
    pub const fn elements_per_register(&self) -> u32 {
        self.register_bits() / self.element_bits
    }

    /// Registers per thread holding the fragment.
    pub const fn registers(&self) -> u32 {
        (self.numeral.elements * self.element_bits).div_ceil(self.register_bits())
    }
}

/// Concatenates lists into one array, in order: the family tables, an entry's instruction
/// lists. The first list is not empty.
pub(super) const fn concat<T: Copy, const N: usize>(parts: &[&[T]]) -> [T; N] {
    let mut out = [parts[0][0]; N];
    let mut n = 0;
    let mut p = 0;
    while p < parts.len() {
        let mut i = 0;
        while i < parts[p].len() {
            out[n] = parts[p][i];
            n += 1;
            i += 1;
        }
        p += 1;
    }
    assert!(n == N, "concatenated length mismatch");
    out
}

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

/// Entries in the family tables together.
const fn total(parts: &[&[Entry]]) -> usize {
    let mut n = 0;
    let mut p = 0;
    while p < parts.len() {
        n += parts[p].len();
        p += 1;
    }
    n
}

static ALL: [Entry; total(PARTS)] = concat(PARTS);

/// Every catalog layout: Volta, then `mma.sync` by architecture, then `ldmatrix` / `stmatrix` /
/// `movmatrix`, then sparse `mma.sp`, then `wgmma`, then sparse `wgmma.mma_async.sp`, then
/// `tcgen05.ld` / `tcgen05.st`.
pub static CATALOG: &[Entry] = &ALL;

/// The catalog entry named `name`.
pub fn find(name: &str) -> Option<&'static Entry> {
    CATALOG.iter().find(|e| e.name() == name)
}
