//! The check of a [`SharedLayout`]: every element of the tile at its own offset inside the
//! span, and a swizzle that stays in the tile.
//!
//! Without a swizzle, `line * pitch + pos` with `pos < line_len <= pitch` is injective and
//! below `span = lines * pitch`. A swizzle with `shift >= bits` is a bijection of the offsets
//! that moves each one only within its aligned block of `2^(base + bits)` (it writes no bit
//! above); so when the span is a whole number of blocks the swizzled tile is again injective
//! into `[0, span)`. The check therefore asks, in stages (a stage runs only when the ones
//! before it found nothing; within a stage every problem is reported):
//!
//! 1. the tile: rows and columns, an element size of 1, 2, 4, 8 or 16 bytes, at most
//!    `u32::MAX` bytes in all;
//! 2. the swizzle: `shift >= bits` (the bits read lie above the bits written), every bit read
//!    inside the span's offsets (`base + shift + bits <= bits of span - 1`: a swizzle whose
//!    bits leave the tile does not swizzle what it says), and a span of whole blocks;
//! 3. a Hopper mode ([`SharedLayout::hopper`]): no padding, lines of exactly the mode's width.
//!
//! Stage 2 is sufficient for the swizzled tile to be injective into its span, not necessary:
//! an overlapping swizzle is still a bijection (and CuTe refuses it too), a swizzle reading
//! bits that are always 0 is merely weaker than it says, and a tile may be lucky in its last
//! block. The check refuses them all, so that an accepted swizzle does what it says. The
//! integration suite holds accepted layouts against a brute-force injectivity map.

use super::layout::{SharedLayout, ATOM_LINES};
use super::swizzle::{Swizzle, SwizzleMode};
use crate::message::Message;

/// What is wrong with a [`SharedLayout`]; the fields are the numbers its message quotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum SharedError {
    /// The tile has no rows or no columns.
    EmptyTile { rows: u32, cols: u32 },
    /// An element size other than 1, 2, 4, 8 or 16 bytes.
    ElementBytes { bytes: u32 },
    /// The tile spans more than `u32::MAX` bytes (`span_bytes`, saturating at `u64::MAX`).
    TooLarge { span_bytes: u64 },
    /// `shift < bits`: the bits the swizzle reads overlap the bits it writes.
    SwizzleOverlap { swizzle: Swizzle },
    /// The swizzle reads offset bits up to `swizzle.top()`, but offsets below `span` have only
    /// `span_bits` bits.
    SwizzleBeyondTile {
        swizzle: Swizzle,
        span: u64,
        span_bits: u32,
    },
    /// The span is not a whole number of the swizzle's blocks of `2^(base + bits)` offsets.
    SwizzleBlock { swizzle: Swizzle, span: u64 },
    /// A Hopper mode layout with padding.
    ModePadded { mode: SwizzleMode, pad: u32 },
    /// A Hopper mode layout whose lines are not a whole number of the mode's width.
    ModeLine {
        mode: SwizzleMode,
        line_len: u32,
        elem_bytes: u32,
    },
    /// Lines that are not a whole number of atoms.
    AtomWidth { line_len: u32, atom_len: u32 },
    /// A grid of atoms over a number of lines that is not a multiple of
    /// [`ATOM_LINES`].
    AtomLines { lines: u32 },
    /// A grid of atoms with padding.
    AtomPadded { pad: u32 },
}

/// The most errors one check collects (the stages cannot produce more).
pub const MAX_SHARED_ERRORS: usize = 6;

/// Every problem the check found, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedErrors {
    items: [Option<SharedError>; MAX_SHARED_ERRORS],
    len: usize,
}

impl SharedErrors {
    const fn new() -> SharedErrors {
        SharedErrors {
            items: [None; MAX_SHARED_ERRORS],
            len: 0,
        }
    }

    const fn push(&mut self, e: SharedError) {
        if self.len < MAX_SHARED_ERRORS {
            self.items[self.len] = Some(e);
            self.len += 1;
        }
    }

    /// Errors found.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the layout passed.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `i`-th error.
    pub const fn get(&self, i: usize) -> Option<SharedError> {
        if i < self.len {
            self.items[i]
        } else {
            None
        }
    }

    /// The errors in order.
    pub fn iter(&self) -> impl Iterator<Item = SharedError> + '_ {
        self.items[..self.len].iter().flatten().copied()
    }
}

/// Bits needed to write every offset below `span`: `0` for a span of 0 or 1, 12 for 4096.
pub(crate) const fn span_bits(span: u64) -> u32 {
    if span <= 1 {
        0
    } else {
        64 - (span - 1).leading_zeros()
    }
}

impl SharedLayout {
    /// Every problem with the layout, by stage (see the [module docs](self)).
    pub const fn errors(&self) -> SharedErrors {
        let mut out = SharedErrors::new();
        let (rows, cols, bytes) = (self.rows(), self.cols(), self.elem_bytes());
        if rows == 0 || cols == 0 {
            out.push(SharedError::EmptyTile { rows, cols });
        }
        if !matches!(bytes, 1 | 2 | 4 | 8 | 16) {
            out.push(SharedError::ElementBytes { bytes });
        }
        if out.len == 0 && self.span_bytes() > u32::MAX as u64 {
            out.push(SharedError::TooLarge {
                span_bytes: self.span_bytes(),
            });
        }
        if out.len > 0 {
            return out;
        }
        let s = self.swizzle();
        if !s.is_identity() {
            if s.shift < s.bits {
                out.push(SharedError::SwizzleOverlap { swizzle: s });
            }
            let span = self.span();
            if s.top() > span_bits(span) {
                out.push(SharedError::SwizzleBeyondTile {
                    swizzle: s,
                    span,
                    span_bits: span_bits(span),
                });
            } else if span % s.block() != 0 {
                out.push(SharedError::SwizzleBlock { swizzle: s, span });
            }
        }
        self.atom_errors(&mut out);
        out
    }

    /// Stage 3: a Hopper mode's padding and line width, and a grid of atoms' shape.
    const fn atom_errors(&self, out: &mut SharedErrors) {
        let (line_len, bytes) = (self.line_len(), self.elem_bytes());
        let mut whole = true;
        if let Some(mode) = self.mode() {
            if self.pad() != 0 {
                out.push(SharedError::ModePadded {
                    mode,
                    pad: self.pad(),
                });
            }
            if !matches!(mode, SwizzleMode::None)
                && (line_len as u64 * bytes as u64) % mode.bytes() as u64 != 0
            {
                whole = false;
                out.push(SharedError::ModeLine {
                    mode,
                    line_len,
                    elem_bytes: bytes,
                });
            }
        }
        if whole && line_len % self.atom_len() != 0 {
            whole = false;
            out.push(SharedError::AtomWidth {
                line_len,
                atom_len: self.atom_len(),
            });
        }
        if whole && self.is_grid() {
            if self.lines() % ATOM_LINES != 0 {
                out.push(SharedError::AtomLines {
                    lines: self.lines(),
                });
            }
            if self.pad() != 0 && self.mode().is_none() {
                out.push(SharedError::AtomPadded { pad: self.pad() });
            }
        }
    }

    /// `Ok` when every tile element has its own offset inside [`span`](Self::span) (and a
    /// Hopper mode layout is one the hardware knows); otherwise the first problem.
    pub const fn check(&self) -> Result<(), SharedError> {
        match self.errors().get(0) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// Fails compilation with the layout's first problem, in words, when used as
/// `const _: () = fraglayout::shared::assert_layout(&LAYOUT);`.
///
/// ```compile_fail
/// use fraglayout::shared::{SharedLayout, Swizzle};
/// // error: shared layout 4 x 64 of 2-byte elements, row-major, Swizzle<3, 3, 3> is unsound:
/// //        Swizzle<3, 3, 3> reads offset bits 6..9, but the tile's 256 elements need only
/// //        bits 0..8: use Swizzle<2, 3, 3>, or a tile of at least 512 elements
/// const BAD: SharedLayout = SharedLayout::swizzled(4, 64, 2, Swizzle::new(3, 3, 3));
/// const _: () = fraglayout::shared::assert_layout(&BAD);
/// ```
pub const fn assert_layout(layout: &SharedLayout) {
    let errors = layout.errors();
    if let Some(first) = errors.get(0) {
        let mut m = Message::new();
        m.push("shared layout ");
        layout.write(&mut m);
        m.push(" is unsound: ");
        first.write(&mut m);
        if errors.len() > 1 {
            m.push(" (and ");
            m.push_num(errors.len() as u64 - 1);
            m.push(" more)");
        }
        panic!("{}", m.as_str());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_assertion_says_the_layout_and_its_first_problem() {
        extern crate std;
        use std::string::String;
        let bad = SharedLayout::swizzled(4, 64, 2, Swizzle::new(3, 3, 3)).with_pad(1);
        let payload = std::panic::catch_unwind(|| assert_layout(&bad)).unwrap_err();
        let text = payload.downcast_ref::<String>().unwrap();
        assert_eq!(
            text,
            "shared layout 4 x 64 of 2-byte elements, row-major, padded by 1, Swizzle<3, 3, 3> \
             is unsound: Swizzle<3, 3, 3> permutes blocks of 64 elements, but the tile spans \
             260: make the span a multiple of 64 (320)"
        );
        assert_layout(&SharedLayout::hopper(8, 64, 2, SwizzleMode::B128));
    }

    #[test]
    fn span_bits_counts_the_bits_of_the_last_offset() {
        assert_eq!(span_bits(0), 0);
        assert_eq!(span_bits(1), 0);
        assert_eq!(span_bits(2), 1);
        assert_eq!(span_bits(4096), 12);
        assert_eq!(span_bits(4097), 13);
        assert_eq!(span_bits(u64::MAX), 64);
    }

    #[test]
    fn stages_stop_at_the_tile() {
        let e = SharedLayout::swizzled(0, 8, 3, Swizzle::new(3, 2, 1)).errors();
        assert_eq!(e.len(), 2, "{e:?}");
        assert!(matches!(e.get(0), Some(SharedError::EmptyTile { .. })));
        assert!(matches!(
            e.get(1),
            Some(SharedError::ElementBytes { bytes: 3 })
        ));
    }

    #[test]
    fn swizzle_and_mode_problems_come_together() {
        let l = SharedLayout::hopper(4, 64, 2, SwizzleMode::B128);
        assert_eq!(
            l.check(),
            Err(SharedError::SwizzleBeyondTile {
                swizzle: Swizzle::new(3, 3, 3),
                span: 256,
                span_bits: 8,
            })
        );
        let m = SharedLayout::hopper(8, 96, 2, SwizzleMode::B128);
        let e = m.errors();
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(
            e.get(0),
            Some(SharedError::ModeLine {
                mode: SwizzleMode::B128,
                line_len: 96,
                elem_bytes: 2,
            })
        );
        assert_eq!(
            SharedLayout::hopper(16, 128, 2, SwizzleMode::B128).check(),
            Ok(())
        );
        assert_eq!(
            SharedLayout::hopper(12, 128, 2, SwizzleMode::B128).check(),
            Err(SharedError::AtomLines { lines: 12 })
        );
        assert_eq!(
            SharedLayout::core_matrices(8, 12, 2).check(),
            Err(SharedError::AtomWidth {
                line_len: 12,
                atom_len: 8
            })
        );
    }
}
