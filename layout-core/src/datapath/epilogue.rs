//! The epilogue: how the accumulator's elements reach D, and the shared tile and TMA box of
//! a TMA store.

use super::declare::{DataPath, Epilogue};
use super::error::{PathError, Tensor};
use crate::shared::{SharedLayout, TmaBox};
use crate::{Numeral, Source};

/// The epilogue's steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EpiloguePath {
    /// The declared kind.
    pub kind: Epilogue,
    /// Rows of D one CTA stores.
    pub rows: u32,
    /// Columns of D one CTA stores.
    pub cols: u32,
    /// Elements of D a thread stores at once: 1 for direct stores, the run of adjacent
    /// columns a thread holds (up to 16 bytes) for vector stores and for the stores into a
    /// TMA store's shared tile.
    pub vector: u32,
    /// The shared tile and the TMA box of a TMA store.
    pub staged: Option<(SharedLayout, TmaBox)>,
}

/// The epilogue of a tile whose accumulator fragment (one MMA's) is `frag`.
pub(crate) const fn derive(decl: &DataPath, frag: &Numeral) -> Result<EpiloguePath, PathError> {
    let rows = decl.m / decl.mma.ctas();
    let cols = decl.n;
    let e = decl.d.bytes();
    let (vector, staged) = match decl.epilogue {
        Epilogue::Direct => (1, None),
        Epilogue::Vector => (run(frag, 16 / e), None),
        Epilogue::TmaStore { mode } => {
            let tile = SharedLayout::hopper(rows, cols, e, mode);
            if let Err(error) = tile.check() {
                return Err(PathError::Layout {
                    tensor: Tensor::D,
                    error,
                });
            }
            let stride = decl.problem.1 as u64 * e as u64;
            match tile.tma_box(stride) {
                Ok(b) => (run(frag, 16 / e), Some((tile, b))),
                Err(error) => {
                    return Err(PathError::Tma {
                        tensor: Tensor::D,
                        error,
                    })
                }
            }
        }
    };
    Ok(EpiloguePath {
        kind: decl.epilogue,
        rows,
        cols,
        vector,
        staged,
    })
}

/// The adjacent columns each thread's registers `0, 1, ...` hold: the range of the element
/// digit read from `e % r` at place 1, capped at `most` (a power of two).
const fn run(frag: &Numeral, most: u32) -> u32 {
    let mut i = 0;
    while i < frag.digits.len() {
        let d = frag.digits[i];
        if matches!(d.source, Source::Element) && d.divisor == 1 && d.place == 1 {
            let mut v = 1;
            while v * 2 <= d.range && v * 2 <= most && d.range % (v * 2) == 0 {
                v *= 2;
            }
            return v;
        }
        i += 1;
    }
    1
}
