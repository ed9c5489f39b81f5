//! What the hardware takes: the instructions' shapes, tensor memory and shared memory.

use super::declare::Mma;
use crate::tmem::MmaLayout;

/// Bytes of shared memory one block may use on sm_90 and sm_100: 227 KiB, the CUDA
/// programming guide's per-block maximum for compute capability 9.0 and 10.0 (228 KiB a
/// multiprocessor, 1 KiB reserved), CUTLASS's `sm90_smem_capacity_bytes` and
/// `sm100_smem_capacity_bytes`.
pub const SMEM_LIMIT: u32 = 232_448;

/// Bytes of one `mbarrier`; a stage takes two (full and empty).
pub const MBARRIER_BYTES: u32 = 8;

/// Whether `wgmma.mma_async` has an N of `n`: a multiple of 8 from 8 to 256 (PTX ISA
/// 9.7.15.5.1; which of them a type combination has is the catalog's to say).
pub const fn wgmma_takes(n: u32) -> bool {
    n >= 8 && n <= 256 && n % 8 == 0
}

/// The `tcgen05.mma` accumulator layout of M = `m` with `cta_group`, if the instruction
/// has that M: 64 ([`MmaLayout::F`]) or 128 ([`MmaLayout::D`]) with `cta_group::1`, 128
/// ([`MmaLayout::B`]) or 256 ([`MmaLayout::A`]) with `cta_group::2`.
pub const fn tcgen05_layout(m: u32, cta_group: u32) -> Option<MmaLayout> {
    match (m, cta_group) {
        (64, 1) => Some(MmaLayout::F),
        (128, 1) => Some(MmaLayout::D),
        (128, 2) => Some(MmaLayout::B),
        (256, 2) => Some(MmaLayout::A),
        _ => None,
    }
}

/// The N step of `tcgen05.mma` with A and B in shared memory: 8 for `cta_group::1`, 16 for
/// `cta_group::2` (CuTe's `SM100_MMA_F16BF16_SS` / `_2x1SM_SS` and their tf32 forms); N runs
/// from one step to 256.
pub const fn tcgen05_n_step(cta_group: u32) -> u32 {
    if cta_group == 2 {
        16
    } else {
        8
    }
}

/// Whether the instruction takes its N: [`wgmma_takes`], or a multiple of
/// [`tcgen05_n_step`] up to 256 that the accumulator layout takes too.
pub const fn takes_n(mma: &Mma) -> bool {
    match *mma {
        Mma::Wgmma { n } => wgmma_takes(n),
        Mma::Tcgen05 { m, n, cta_group } => {
            let step = tcgen05_n_step(cta_group);
            let layout_takes = match tcgen05_layout(m, cta_group) {
                Some(l) => l.takes(n),
                None => true,
            };
            n >= step && n <= 256 && n % step == 0 && layout_takes
        }
    }
}

/// The multiple of `step` nearest `n` from below and from above, within `[step, 256]`.
pub(crate) const fn nearest(n: u32, step: u32) -> (u32, u32) {
    let below = n / step * step;
    let below = if below < step { step } else { below };
    let above = below + step;
    let below = if below > 256 { 256 } else { below };
    let above = if above > 256 { 256 } else { above };
    (below, above)
}

/// The columns `tcgen05.alloc` takes for `columns`: a power of two from 32 up.
pub const fn tmem_alloc(columns: u32) -> u32 {
    if columns <= 32 {
        32
    } else {
        columns.next_power_of_two()
    }
}
