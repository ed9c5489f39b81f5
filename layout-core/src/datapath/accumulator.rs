//! The accumulator: the catalog's `wgmma` D in registers, or the `tcgen05.mma` D in tensor
//! memory with the warpgroup's fragment of it after `tcgen05.ld`.

use super::declare::{Accumulator, DataPath, Mma};
use super::error::PathError;
use super::limits::{takes_n, tcgen05_layout, tmem_alloc, wgmma_takes};
use crate::catalog::{instruction, tmem_access, Entry, TmemShape};
use crate::message::Message;
use crate::shared::MMA_K_BYTES;
use crate::tmem::{accumulator, fragment, Lanes, MmaLayout, TmemLayout, TMEM_COLUMNS};
use crate::Numeral;

/// Where the accumulator lives and which element of D each thread's register holds.
#[derive(Clone, Copy, Debug)]
// The TMEM layouts own their digits and names (no allocation in `const`): the variant is
// large by design, and a path is built once.
#[allow(clippy::large_enum_variant)]
pub enum AccPath {
    /// `wgmma`'s D in registers: the catalog entry of the instruction's C, one per 64 x N
    /// block of the tile.
    Registers {
        /// The catalog's accumulator (`SM90_64x256x16_F32_C`).
        entry: &'static Entry,
    },
    /// `tcgen05.mma`'s D in TMEM, one MMA's per `columns` columns.
    Tmem(TmemPath),
}

/// The `tcgen05.mma` accumulator in tensor memory and the warpgroup's fragment of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmemPath {
    /// The data-path layout of D (PTX's letter).
    pub layout: MmaLayout,
    /// D of one MMA, (TMEM lane, column) to the CTA's tile ([`accumulator`]).
    pub acc: TmemLayout,
    /// The `tcgen05.ld` shape.
    pub load: Numeral<'static>,
    /// Which lanes of its quarter each warp reads.
    pub lanes: Lanes,
    /// The warpgroup's fragment of one MMA's D after the loads ([`fragment`]).
    pub fragment: TmemLayout,
    /// Columns one MMA's D takes.
    pub columns: u32,
    /// Columns every MMA of the tile takes.
    pub total_columns: u32,
    /// Columns to `tcgen05.alloc`: a power of two from 32.
    pub alloc: u32,
}

impl AccPath {
    /// The fragment layout of one MMA's D, over the threads that hold it.
    pub const fn numeral(&self) -> Numeral<'_> {
        match self {
            AccPath::Registers { entry } => *entry.numeral,
            AccPath::Tmem(t) => t.fragment.numeral(),
        }
    }
}

/// The instruction's shape and place checked, then its accumulator.
pub(crate) const fn derive(decl: &DataPath, blocks: u32) -> Result<AccPath, PathError> {
    if !takes_n(&decl.mma) {
        return Err(match decl.mma {
            Mma::Wgmma { n } => PathError::WgmmaN { n },
            Mma::Tcgen05 { m, n, cta_group } => PathError::Tcgen05N { m, n, cta_group },
        });
    }
    match (decl.mma, decl.accumulator) {
        (Mma::Wgmma { n }, Accumulator::Registers) => registers(decl, n),
        (Mma::Tcgen05 { m, n, cta_group }, Accumulator::Tmem { shape, num, packed }) => {
            if let Err(e) = super::idesc::kind(decl) {
                return Err(e);
            }
            let Some(layout) = tcgen05_layout(m, cta_group) else {
                return Err(PathError::Tcgen05M { m, cta_group });
            };
            tmem(decl, layout, n, (shape, num, packed), blocks)
        }
        (Mma::Wgmma { .. }, _) => Err(PathError::Place { tmem: false }),
        (Mma::Tcgen05 { .. }, _) => Err(PathError::Place { tmem: true }),
    }
}

/// The catalog's C of `wgmma.mma_async.sync.aligned.m64nNkK.<c>.<a>.<b>`.
const fn registers(decl: &DataPath, n: u32) -> Result<AccPath, PathError> {
    let not_found = PathError::NoWgmma {
        n,
        a: decl.a,
        b: decl.b,
        c: decl.c,
    };
    if !wgmma_takes(n) {
        return Err(PathError::WgmmaN { n });
    }
    let mut ptx = Message::new();
    ptx.push("wgmma.mma_async.sync.aligned.m64n");
    ptx.push_num(n as u64);
    ptx.push("k");
    ptx.push_num((MMA_K_BYTES / decl.a.bytes()) as u64);
    ptx.push(".");
    ptx.push(decl.c.name());
    ptx.push(".");
    ptx.push(decl.a.name());
    ptx.push(".");
    ptx.push(decl.b.name());
    match instruction(ptx.as_str()) {
        Some(found) => match found.c {
            Some(entry) => Ok(AccPath::Registers { entry }),
            None => Err(not_found),
        },
        None => Err(not_found),
    }
}

/// `tcgen05.mma`'s D of `layout` and N = `n`, read with `load`, for `blocks` MMAs.
const fn tmem(
    decl: &DataPath,
    layout: MmaLayout,
    n: u32,
    (shape, num, packed): (TmemShape, u32, bool),
    blocks: u32,
) -> Result<AccPath, PathError> {
    if !num.is_power_of_two() || num > shape.max_num() {
        return Err(PathError::LoadNum { shape, num });
    }
    if packed && decl.c.bytes() != 2 {
        return Err(PathError::Packed { c: decl.c });
    }
    let acc = accumulator(layout, n);
    let load = tmem_access(shape, num, packed);
    let lanes = match layout {
        MmaLayout::F => Lanes::Lower,
        _ => Lanes::Quarter,
    };
    let fragment = match fragment(&acc.numeral(), &load, lanes) {
        Ok(f) => f,
        Err(error) => {
            return Err(PathError::Load {
                shape,
                num,
                packed,
                error,
            })
        }
    };
    let columns = acc.numeral().elements;
    let total = columns as u64 * blocks as u64;
    if total > TMEM_COLUMNS as u64 {
        return Err(PathError::TmemColumns { columns: total });
    }
    Ok(AccPath::Tmem(TmemPath {
        layout,
        acc,
        load,
        lanes,
        fragment,
        columns,
        total_columns: total as u32,
        alloc: tmem_alloc(total as u32),
    }))
}
