//! Every step of a declared path, derived: [`DataPath::derive`].

use super::accumulator::{self, AccPath};
use super::declare::{DataPath, Mma};
use super::epilogue::{self, EpiloguePath};
use super::error::{PathError, Tensor};
use super::operand::{self, OperandPath};
use super::smem::{self, SharedMap};
use crate::shared::{Base, DescriptorError};

/// A tile's data path, every step derived from its [`DataPath`]: A's and B's shared tiles,
/// TMA boxes and descriptors, the accumulator, the epilogue and the shared-memory map.
/// [`certify`](Self::certify) proves the joints.
#[derive(Clone, Copy, Debug)]
pub struct Path {
    /// The declaration.
    pub decl: DataPath,
    /// A's steps.
    pub a: OperandPath,
    /// B's steps.
    pub b: OperandPath,
    /// MMAs along M (64 rows each for `wgmma`, the MMA's M per CTA for `tcgen05`).
    pub m_blocks: u32,
    /// MMAs along N.
    pub n_blocks: u32,
    /// The accumulator.
    pub acc: AccPath,
    /// The epilogue.
    pub epilogue: EpiloguePath,
    /// Shared memory.
    pub smem: SharedMap,
}

impl DataPath {
    /// Every step of the path, or the first one the hardware refuses, named.
    pub const fn derive(&self) -> Result<Path, PathError> {
        let d = *self;
        if d.m == 0 || d.n == 0 || d.k == 0 {
            return Err(PathError::EmptyTile {
                m: d.m,
                n: d.n,
                k: d.k,
            });
        }
        let (m_blocks, n_blocks) = match blocks(&d) {
            Ok(b) => b,
            Err(e) => return Err(e),
        };
        let acc = match accumulator::derive(&d, m_blocks * n_blocks) {
            Ok(a) => a,
            Err(e) => return Err(e),
        };
        let a = match operand::derive(&d, Tensor::A) {
            Ok(a) => a,
            Err(e) => return Err(e),
        };
        let b = match operand::derive(&d, Tensor::B) {
            Ok(b) => b,
            Err(e) => return Err(e),
        };
        let epilogue = match epilogue::derive(&d, &acc.numeral()) {
            Ok(e) => e,
            Err(e) => return Err(e),
        };
        let staged = match epilogue.staged {
            Some((tile, _)) => tile.span_bytes(),
            None => 0,
        };
        let smem = match smem::plan(
            d.stages,
            a.layout.span_bytes(),
            b.layout.span_bytes(),
            staged,
        ) {
            Ok(s) => s,
            Err(e) => return Err(e),
        };
        Ok(Path {
            decl: d,
            a,
            b,
            m_blocks,
            n_blocks,
            acc,
            epilogue,
            smem,
        })
    }
}

/// The MMAs along M and N of one CTA's tile.
const fn blocks(d: &DataPath) -> Result<(u32, u32), PathError> {
    let (mma_m, mma_n) = match d.mma {
        Mma::Wgmma { n } => (64, n),
        Mma::Tcgen05 { m, n, cta_group } => {
            if super::limits::tcgen05_layout(m, cta_group).is_none() {
                return Err(PathError::Tcgen05M { m, cta_group });
            }
            (m, n)
        }
    };
    if mma_m == 0 || d.m % mma_m != 0 {
        return Err(PathError::TileM {
            tile: d.m,
            mma: mma_m,
        });
    }
    if mma_n == 0 || d.n % mma_n != 0 {
        return Err(PathError::TileN {
            tile: d.n,
            mma: mma_n,
        });
    }
    Ok((d.m / mma_m, d.n / mma_n))
}

impl Path {
    /// The 64-bit descriptor of A's MMA at MN block `block`, K step `step` of stage `stage`,
    /// for a shared window starting at `base` (aligned to 1024 bytes): `wgmma`'s or
    /// `tcgen05`'s encoding, as the instruction reads it.
    pub const fn a_descriptor(
        &self,
        base: u32,
        stage: u32,
        block: u32,
        step: u32,
    ) -> Result<u64, DescriptorError> {
        let at = match self.smem.a(stage) {
            Some(a) => a,
            None => return Err(DescriptorError::OutOfTile { block, step }),
        };
        self.encode(&self.a, base, at, block, step)
    }

    /// B's, likewise.
    pub const fn b_descriptor(
        &self,
        base: u32,
        stage: u32,
        block: u32,
        step: u32,
    ) -> Result<u64, DescriptorError> {
        let at = match self.smem.b(stage) {
            Some(b) => b,
            None => return Err(DescriptorError::OutOfTile { block, step }),
        };
        self.encode(&self.b, base, at, block, step)
    }

    const fn encode(
        &self,
        op: &OperandPath,
        base: u32,
        at: u32,
        block: u32,
        step: u32,
    ) -> Result<u64, DescriptorError> {
        let Some(address) = base.checked_add(at) else {
            return Err(DescriptorError::Address { address: base });
        };
        match self.decl.mma {
            Mma::Wgmma { .. } => op.descriptor.wgmma(address, block, step, Base::Refuse),
            Mma::Tcgen05 { .. } => op.descriptor.tcgen05(address, block, step, Base::Refuse),
        }
    }
}
