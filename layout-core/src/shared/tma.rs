//! The TMA box that fills a [`SharedLayout`] from a row-major global tensor, and how many
//! copies it takes, derived from the layout's atoms.
//!
//! A `cp.async.bulk.tensor` copy writes its box densely, inner dimension first, swizzled by
//! the tensor map's mode; so a box is a run of whole lines of one column of atoms:
//!
//! ```text
//! slabs (or one atom wide): box { atom_len, lines }   copies: atoms along a line
//! bands:                    box { atom_len, 8 }       copies: atoms along x lines / 8
//!
//! 64 x 256 f32, 128-byte swizzle, slabs: box {32, 64}, 8 copies of 8 KiB
//! 128 (M) x 64 (K) f16, M-major, 128-byte swizzle: bands {64, 8} x 16, slabs {64, 64} x 2
//! ```
//!
//! The box is refused where `cuTensorMapEncodeTiled` refuses it: a dimension over 256, inner
//! bytes not a multiple of 16 (or over the swizzle's span), a global stride not a multiple of
//! 16 or from 2^40 up. A line over 256 elements is split into several boxes only by a grid
//! of atoms; a padded or custom-swizzled tile is not a TMA destination.
//!
//! ```
//! use layout_core::shared::{SharedLayout, SwizzleMode};
//! const C: SharedLayout = SharedLayout::hopper(64, 256, 4, SwizzleMode::B128);
//! let b = C.tma_box(256 * 4).unwrap();
//! assert_eq!((b.inner, b.outer, b.copies), (32, 64, 8));
//! assert_eq!((b.copy_bytes(), b.destination(3)), (8192, Some(3 * 8192)));
//! assert_eq!(b.origin(3), Some((0, 96)));           // global (line, pos) copy 3 starts at
//! ```

use super::layout::{AtomOrder, SharedLayout, ATOM_LINES};
use super::swizzle::SwizzleMode;
use crate::message::Message;

/// The largest box dimension TMA takes.
pub const TMA_BOX_MAX: u32 = 256;

/// A TMA box and the copies that fill a tile ([`SharedLayout::tma_box`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmaBox {
    /// Elements along the tile's lines (the tensor map's `boxDim[0]`).
    pub inner: u32,
    /// Lines (`boxDim[1]`).
    pub outer: u32,
    /// Copies that fill the tile.
    pub copies: u32,
    /// The tensor map's swizzle.
    pub mode: SwizzleMode,
    elem_bytes: u32,
    along: u32,
    order: AtomOrder,
}

/// Why a tile has no TMA box; the fields are the numbers the message quotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum TmaError {
    /// The layout fails its own check.
    Layout(super::SharedError),
    /// Padding, or a swizzle that is not one of the tensor map's modes.
    NotDense,
    /// A box dimension over [`TMA_BOX_MAX`].
    BoxDim { inner: bool, elements: u32 },
    /// Inner box bytes not a multiple of 16.
    InnerBytes { bytes: u32 },
    /// A global stride not a multiple of 16 or from 2^40 up.
    GlobalStride { bytes: u64 },
}

impl SharedLayout {
    /// The box and copies that fill this tile from a global tensor whose lines are
    /// `global_stride` bytes apart (see the [module docs](super::tma)).
    pub const fn tma_box(&self, global_stride: u64) -> Result<TmaBox, TmaError> {
        if let Err(e) = self.check() {
            return Err(TmaError::Layout(e));
        }
        let mode = match self.mode() {
            Some(m) => m,
            None if self.pad() == 0 && self.swizzle().is_identity() => SwizzleMode::None,
            None => return Err(TmaError::NotDense),
        };
        if self.pad() != 0 {
            return Err(TmaError::NotDense);
        }
        let inner = self.atom_len();
        let bands = self.is_grid() && matches!(self.order(), AtomOrder::Bands);
        let mut outer = if bands { ATOM_LINES } else { self.lines() };
        let mut stacked = 1;
        while outer > TMA_BOX_MAX && outer % 2 == 0 {
            outer /= 2;
            stacked *= 2;
        }
        if inner > TMA_BOX_MAX {
            return Err(TmaError::BoxDim {
                inner: true,
                elements: inner,
            });
        }
        if outer > TMA_BOX_MAX {
            return Err(TmaError::BoxDim {
                inner: false,
                elements: self.lines(),
            });
        }
        let bytes = inner * self.elem_bytes();
        if bytes % 16 != 0 {
            return Err(TmaError::InnerBytes { bytes });
        }
        if global_stride % 16 != 0 || global_stride >= 1 << 40 {
            return Err(TmaError::GlobalStride {
                bytes: global_stride,
            });
        }
        let along = self.atoms_along();
        let copies = if bands {
            along * (self.lines() / ATOM_LINES)
        } else {
            along * stacked
        };
        Ok(TmaBox {
            inner,
            outer,
            copies,
            mode,
            elem_bytes: self.elem_bytes(),
            along,
            order: self.order(),
        })
    }
}

impl TmaBox {
    /// Bytes one copy writes.
    pub const fn copy_bytes(&self) -> u32 {
        self.inner * self.outer * self.elem_bytes
    }

    /// Where copy `i` starts in the tile, in bytes from its base: copies are written one
    /// after the other.
    pub const fn destination(&self, i: u32) -> Option<u32> {
        if i >= self.copies {
            None
        } else {
            Some(i * self.copy_bytes())
        }
    }

    /// The tile's `(line, pos)` copy `i` starts at: the global coordinates to issue it with,
    /// from the tile's origin.
    pub const fn origin(&self, i: u32) -> Option<(u32, u32)> {
        if i >= self.copies {
            return None;
        }
        let bands = self.along > 1 && matches!(self.order, AtomOrder::Bands);
        let (line_block, atom) = if bands {
            (i / self.along, i % self.along)
        } else {
            (
                i % (self.copies / self.along),
                i / (self.copies / self.along),
            )
        };
        Some((line_block * self.outer, atom * self.inner))
    }
}

impl TmaError {
    /// The message, in a buffer.
    pub const fn message(&self) -> Message {
        let mut m = Message::new();
        self.write(&mut m);
        m
    }

    /// Writes the message: lowercase, the numbers, the fix.
    pub const fn write(&self, m: &mut Message) {
        match *self {
            TmaError::Layout(e) => e.write(m),
            TmaError::NotDense => m.push(
                "TMA writes boxes densely in a swizzle mode: build the layout with \
                 SharedLayout::hopper, without padding",
            ),
            TmaError::BoxDim { inner, elements } => {
                m.push(if inner { "a line of " } else { "a column of " });
                m.push_num(elements as u64);
                m.push(" elements is over TMA's box limit of ");
                m.push_num(TMA_BOX_MAX as u64);
                m.push(if inner {
                    ": use a swizzle mode's atoms, one box per atom column"
                } else {
                    ": use a tile of at most 256 lines, or a multiple of 256"
                });
            }
            TmaError::InnerBytes { bytes } => {
                m.push("a box line of ");
                m.push_num(bytes as u64);
                m.push(" bytes: TMA needs a multiple of 16 bytes");
            }
            TmaError::GlobalStride { bytes } => {
                m.push("a global stride of ");
                m.push_num(bytes);
                m.push(" bytes: TMA needs a multiple of 16 below 2^40; pad the global rows");
            }
        }
    }
}

impl core::fmt::Display for TmaError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.message(), f)
    }
}
