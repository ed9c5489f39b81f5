//! A and B: the shared tile one stage holds, the TMA box that fills it and the descriptor
//! the MMA reads it through, each derived by the shared-memory module.

use super::declare::{DataPath, Majorness, Mma};
use super::elem::Elem;
use super::error::{PathError, Tensor};
use crate::shared::{Descriptor, Operand, SharedLayout, SwizzleMode, TmaBox};

/// One operand's steps: global memory, the shared tile of one stage, the TMA box that fills
/// it, and the descriptor the MMA reads it through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperandPath {
    /// A or B.
    pub tensor: Tensor,
    /// The element type.
    pub elem: Elem,
    /// The majorness in global and shared memory.
    pub major: Majorness,
    /// The majorness the MMA instruction reads it in.
    pub read: Majorness,
    /// Bytes from one global line (a run of the contiguous coordinate) to the next.
    pub global_stride: u64,
    /// One stage's tile in one CTA (A: `M x K`, B: `K x N`).
    pub layout: SharedLayout,
    /// The box and copies that fill it.
    pub tma: TmaBox,
    /// The descriptor the MMA reads it through.
    pub descriptor: Descriptor,
}

impl OperandPath {
    /// `(MN, K)` extents of the tile.
    pub const fn extents(&self) -> (u32, u32) {
        match self.tensor {
            Tensor::B => (self.layout.cols(), self.layout.rows()),
            _ => (self.layout.rows(), self.layout.cols()),
        }
    }

    /// The operand element `(mn, k)` at the tile's `(line, pos)`: lines run along K for a
    /// K-major tile.
    pub const fn element_at(&self, line: u32, pos: u32) -> (u32, u32) {
        match self.major {
            Majorness::K => (line, pos),
            Majorness::Mn => (pos, line),
        }
    }
}

/// The steps of `tensor` (A or B) of `decl`.
pub(crate) const fn derive(decl: &DataPath, tensor: Tensor) -> Result<OperandPath, PathError> {
    let ctas = decl.mma.ctas();
    let (elem, major, read) = match tensor {
        Tensor::B => (decl.b, decl.b_major, decl.b_read),
        _ => (decl.a, decl.a_major, decl.a_read),
    };
    if !elem.is_multiplicand() {
        return Err(PathError::Multiplicand { tensor, elem });
    }
    let sixteen_bit = elem.bytes() == 2;
    let wgmma = matches!(decl.mma, Mma::Wgmma { .. });
    // wgmma transposes 16-bit operands only; tcgen05 takes 16- and 8-bit and tf32 either way.
    if matches!(major, Majorness::Mn) && wgmma && !sixteen_bit {
        return Err(PathError::Transposed { tensor, elem });
    }
    let e = elem.bytes();
    // One CTA's tile: with cta_group::2 each holds half of A's rows and half of B's columns.
    let (rows, cols, operand, mn, contiguous) = match tensor {
        Tensor::B => (
            decl.k,
            decl.n / ctas,
            Operand::B,
            decl.mma.n() / ctas,
            match major {
                Majorness::K => decl.problem.2,
                Majorness::Mn => decl.problem.1,
            },
        ),
        _ => (
            decl.m / ctas,
            decl.k,
            Operand::A,
            match decl.mma {
                Mma::Wgmma { .. } => 64,
                Mma::Tcgen05 { m, .. } => m / ctas,
            },
            match major {
                Majorness::K => decl.problem.2,
                Majorness::Mn => decl.problem.0,
            },
        ),
    };
    let layout = shared_tile(decl, rows, cols, e, tensor, major);
    if let Err(error) = layout.check() {
        return Err(PathError::Layout { tensor, error });
    }
    let global_stride = contiguous as u64 * e as u64;
    let tma = match layout.tma_box(global_stride) {
        Ok(t) => t,
        Err(error) => return Err(PathError::Tma { tensor, error }),
    };
    let descriptor = match Descriptor::derive(&layout, operand, mn) {
        Ok(d) => d,
        Err(error) => return Err(PathError::Descriptor { tensor, error }),
    };
    Ok(OperandPath {
        tensor,
        elem,
        major,
        read,
        global_stride,
        layout,
        tma,
        descriptor,
    })
}

/// The tile in the declared swizzle and atom order, its lines along the contiguous
/// coordinate: A is `M x K` (K-major: rows are lines), B is `K x N` (K-major: columns are).
const fn shared_tile(
    decl: &DataPath,
    rows: u32,
    cols: u32,
    e: u32,
    tensor: Tensor,
    major: Majorness,
) -> SharedLayout {
    let tile = match decl.swizzle {
        SwizzleMode::None => SharedLayout::core_matrices(rows, cols, e),
        mode => SharedLayout::hopper(rows, cols, e, mode),
    };
    let tile = tile.with_order(decl.order);
    let lines_are_columns = matches!(
        (tensor, major),
        (Tensor::B, Majorness::K) | (Tensor::A, Majorness::Mn)
    );
    if lines_are_columns {
        tile.col_major()
    } else {
        tile
    }
}
