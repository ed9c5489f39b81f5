//! Where the stages, the epilogue's tile and the barriers lie in shared memory, and whether
//! they fit.

use super::error::PathError;
use super::limits::{MBARRIER_BYTES, SMEM_LIMIT};

/// The shared memory of one CTA: `stages` stages of A then B, the epilogue's tile, then two
/// `mbarrier`s a stage; each tile aligned to 1024 bytes (the 128-byte swizzle's repeat).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedMap {
    /// Stages of A and B.
    pub stages: u32,
    /// Bytes of A's tile.
    pub a_bytes: u32,
    /// Bytes of B's tile.
    pub b_bytes: u32,
    /// Bytes from one stage to the next (A and B, aligned).
    pub stage_bytes: u32,
    /// Bytes of the epilogue's tile (0 unless it stages D).
    pub epilogue_bytes: u32,
    /// Bytes in all, barriers included.
    pub total: u32,
}

/// The alignment of every tile: the largest swizzle repeat.
pub const TILE_ALIGN: u64 = 1024;

impl SharedMap {
    /// Where A's tile of stage `stage` starts, from the base.
    pub const fn a(&self, stage: u32) -> Option<u32> {
        if stage >= self.stages {
            return None;
        }
        Some(stage * self.stage_bytes)
    }

    /// Where B's tile of stage `stage` starts.
    pub const fn b(&self, stage: u32) -> Option<u32> {
        match self.a(stage) {
            Some(a) => Some(a + align(self.a_bytes as u64) as u32),
            None => None,
        }
    }

    /// Where the epilogue's tile starts.
    pub const fn epilogue(&self) -> u32 {
        self.stages * self.stage_bytes
    }

    /// Where the barriers start.
    pub const fn barriers(&self) -> u32 {
        self.epilogue() + align(self.epilogue_bytes as u64) as u32
    }
}

const fn align(bytes: u64) -> u64 {
    bytes.div_ceil(TILE_ALIGN) * TILE_ALIGN
}

/// The map of `stages` stages of tiles of `a` and `b` bytes and an epilogue tile of
/// `epilogue` bytes; [`PathError::Shared`] past [`SMEM_LIMIT`], with the stages that fit.
pub(crate) const fn plan(
    stages: u32,
    a: u64,
    b: u64,
    epilogue: u64,
) -> Result<SharedMap, PathError> {
    // Each tile is at most u32::MAX bytes (its check), so these sums stay far inside u64.
    let stage = align(a) + align(b);
    let fixed = align(epilogue);
    let barrier = 2 * MBARRIER_BYTES as u64;
    let total = (stage + barrier) * stages as u64 + fixed;
    let limit = SMEM_LIMIT as u64;
    if stages == 0 || total > limit {
        let most = if fixed >= limit {
            0
        } else {
            (limit - fixed) / (stage + barrier)
        };
        return Err(PathError::Shared {
            stages,
            stage_bytes: stage,
            epilogue_bytes: fixed + barrier * stages as u64,
            total,
            most_stages: most,
        });
    }
    Ok(SharedMap {
        stages,
        a_bytes: a as u32,
        b_bytes: b as u32,
        stage_bytes: stage as u32,
        epilogue_bytes: epilogue as u32,
        total: total as u32,
    })
}
