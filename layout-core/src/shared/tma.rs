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
//! 16, from 2^40 up, or less than the tile's line (0 among them: a global row holds at least
//! one line of the tile). A line over 256 elements is split into several boxes only by a grid
//! of atoms; a padded or custom-swizzled tile is not a TMA destination.
//!
//! ```
//! use fraglayout::shared::{SharedLayout, SwizzleMode};
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
    /// A global stride (`bytes`) that is not a multiple of 16, is less than the tile's line
    /// (`line_bytes`: a global row holds at least one), or is 2^40 or more.
    GlobalStride { bytes: u64, line_bytes: u64 },
}

/// The global strides TMA takes are below this (`cuTensorMapEncodeTiled`'s `globalStrides`).
pub const TMA_STRIDE_LIMIT: u64 = 1 << 40;

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
        // The check bounds the line to u32::MAX bytes.
        let line_bytes = self.line_len() as u64 * self.elem_bytes() as u64;
        if global_stride % 16 != 0
            || global_stride < line_bytes
            || global_stride >= TMA_STRIDE_LIMIT
        {
            return Err(TmaError::GlobalStride {
                bytes: global_stride,
                line_bytes,
            });
        }
        // The check bounds the tile to u32::MAX bytes, so its atoms and boxes count in u32.
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
    /// after the other; `None` past the copies (or `u32::MAX`).
    pub const fn destination(&self, i: u32) -> Option<u32> {
        if i >= self.copies {
            None
        } else {
            i.checked_mul(self.copy_bytes())
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
            TmaError::GlobalStride { bytes, line_bytes } => {
                m.push("a global stride of ");
                m.push_num(bytes);
                m.push(
                    " bytes: TMA needs a multiple of 16 below 2^40, at least the tile's line of ",
                );
                m.push_num(line_bytes);
                m.push(" bytes");
                // The least stride TMA takes from here on: the rows padded to it.
                let least = if bytes > line_bytes {
                    bytes
                } else {
                    line_bytes
                };
                match least.checked_next_multiple_of(16) {
                    Some(fix) if fix < TMA_STRIDE_LIMIT => {
                        m.push(": pad the global rows to ");
                        m.push_num(fix);
                        m.push(" bytes");
                    }
                    _ => m.push(": split the tensor into several tensor maps"),
                }
            }
        }
    }
}

impl core::fmt::Display for TmaError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.message(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_driver_s_global_strides_only() {
        // 64 x 256 f32 in the 128-byte mode: lines of 1024 bytes.
        let c = SharedLayout::hopper(64, 256, 4, SwizzleMode::B128);
        let refused = |stride: u64| match c.tma_box(stride) {
            Err(TmaError::GlobalStride { bytes, line_bytes }) => {
                assert_eq!((bytes, line_bytes), (stride, 1024));
                TmaError::GlobalStride { bytes, line_bytes }.message()
            }
            other => panic!("stride {stride}: {other:?}"),
        };
        // 0 and strides below one line overlap the global rows; TMA needs multiples of 16
        // below 2^40.
        for stride in [
            0,
            16,
            1008,
            1000,
            1025,
            1 << 40,
            (1 << 40) + 16,
            u64::MAX,
            u64::MAX - 15,
        ] {
            refused(stride);
        }
        assert_eq!(
            refused(0).as_str(),
            "a global stride of 0 bytes: TMA needs a multiple of 16 below 2^40, at least the \
             tile's line of 1024 bytes: pad the global rows to 1024 bytes"
        );
        assert_eq!(
            refused(1025).as_str(),
            "a global stride of 1025 bytes: TMA needs a multiple of 16 below 2^40, at least the \
             tile's line of 1024 bytes: pad the global rows to 1040 bytes"
        );
        assert!(refused(u64::MAX)
            .as_str()
            .ends_with("1024 bytes: split the tensor into several tensor maps"));
        // The fixes the messages print are taken.
        for stride in [1024, 1040, (1 << 40) - 16] {
            assert!(c.tma_box(stride).is_ok(), "{stride}");
        }
    }
}
