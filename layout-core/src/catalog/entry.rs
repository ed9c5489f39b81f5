//! A catalog entry: the layout with the operand it describes, its types, target, instructions
//! and PTX section; and the `const fn`s that join the families' tables into one.

use crate::Numeral;

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

/// Entries in the family tables together.
pub(super) const fn total(parts: &[&[Entry]]) -> usize {
    let mut n = 0;
    let mut p = 0;
    while p < parts.len() {
        n += parts[p].len();
        p += 1;
    }
    n
}
