//! Partial tiles at matrix edges: which fragment elements lie inside the valid part of a tile.
//!
//! A tile at the bottom or right edge of a matrix may stick out of it. Its valid part is an
//! [`Extent`]: the top-left `rows x cols` corner of the tile, in the tile's own coordinates (the
//! PTX orientation of the operand, so for B, `rows` counts valid `k` and `cols` valid `n`). An
//! element of a fragment is *inside* when its `(row, col)` is in that corner; the rest must be
//! predicated off (not loaded, not stored, or zero-filled).
//!
//! Worked for the `m16n8k16` f32 accumulator (16 x 8) with 9 valid rows: rows 0..9 hold
//! `9 * 8 = 72` valid elements. Lane 0 holds `(0, 0), (0, 1), (8, 0), (8, 1)`: all inside, mask
//! `0b1111`. Lane 4 holds `(1, 0), (1, 1), (9, 0), (9, 1)`: elements 2 and 3 are in row 9,
//! outside, mask `0b0011`.
//!
//! ```
//! use fraglayout::bounds::{Coverage, Extent};
//! use fraglayout::catalog::SM80_16x8x16_F32_C as ACC;
//!
//! let nine_rows = ACC.extent_clamped(9, 8);
//! assert_eq!(ACC.valid_count(nine_rows), 72);
//! assert_eq!(ACC.valid_mask(0, nine_rows), Some(0b1111)); // a u32: 4 elements, 4 bits
//! assert_eq!(ACC.valid_mask(4, nine_rows), Some(0b0011));
//! assert!(!ACC.is_inside(4, 2, nine_rows)); // (9, 0)
//!
//! // What a kernel branches on: lanes 0-3 (rows 0 and 8) take the fast path, the others
//! // (rows 1-7 and 9-15) predicate each element.
//! assert_eq!(ACC.coverage(0, nine_rows), Some(Coverage::Full));
//! assert_eq!(ACC.coverage(4, nine_rows), Some(Coverage::Partial));
//! assert!(ACC.all_inside(3, nine_rows) && !ACC.is_uniform(4, nine_rows));
//!
//! // On 4 valid columns every lane is all in (columns 0-3) or all out (columns 4-7).
//! let left = ACC.extent_clamped(16, 4);
//! assert!((0..32).all(|lane| ACC.is_uniform(lane, left)));
//! assert!(ACC.all_inside(1, left) && ACC.none_inside(2, left));
//!
//! // 9 rows and 5 columns: lane 2 holds columns 4 and 5; only column 4 is valid.
//! let corner = ACC.extent_clamped(9, 5);
//! assert_eq!(ACC.valid_count(corner), 45);
//! assert_eq!(ACC.valid_mask(2, corner), Some(0b0101));
//!
//! // Values beyond the tile clamp to it.
//! assert_eq!(ACC.extent_clamped(100, 100), Extent::full(&ACC));
//! ```
//!
//! From the tile's place in a matrix (the same [`MatrixAt`] that
//! [`matrix_offset`](Numeral::matrix_offset) takes): the tile at row 32 of a 41-row matrix has
//! 9 valid rows.
//!
//! ```
//! use fraglayout::catalog::SM80_16x8x16_F32_C as ACC;
//! use fraglayout::MatrixAt;
//!
//! let at = MatrixAt { row: 32, col: 8, ld: 13 };
//! let ext = ACC.extent_at(at, 41, 13);
//! assert_eq!((ext.rows, ext.cols), (9, 5));
//! assert_eq!(ACC.matrix_offset(4, 0, at), Some((32 + 1) * 13 + 8));
//! ```
//!
//! # In generated code
//! Code generated from a separable numeral (see [`generated`](crate::generated)) computes the thread
//! part once per call and adds a constant element part per element. It branches once on
//! whether the tile is whole, so whole tiles, the common case, pay nothing for the edge; only
//! partial tiles test each element. By hand, with [`Extent::is_whole`] and
//! [`Extent::contains`] as below; `#[fragment_layout(.., bounds(rows, cols))]` compares the
//! counts themselves ([`ExtentArg::saturating_usize`]), which selects the same elements with no
//! clamping to compute:
//!
//! ```
//! use fraglayout::bounds::Extent;
//! use fraglayout::catalog::SM80_16x8x16_F32_C as ACC;
//! use fraglayout::generated::{thread_part, ThreadTerm, MAX_THREAD_TERMS};
//!
//! const TERMS: [ThreadTerm; MAX_THREAD_TERMS] = ACC.thread_terms();
//! const PARTS: [(usize, usize); 4] =
//!     [ACC.element_part(0), ACC.element_part(1), ACC.element_part(2), ACC.element_part(3)];
//!
//! /// Stores a lane's accumulator into a row-major matrix, only where the tile is valid.
//! fn store(frag: &[f32; 4], lane: u32, ext: Extent, out: &mut [f32], ld: usize) {
//!     let (tr, tc) = thread_part(&TERMS, lane);
//!     if ext.is_whole(&ACC) {
//!         for e in 0..4 {
//!             out[(tr + PARTS[e].0) * ld + tc + PARTS[e].1] = frag[e];
//!         }
//!     } else {
//!         for e in 0..4 {
//!             let (r, c) = (tr + PARTS[e].0, tc + PARTS[e].1);
//!             if ext.contains(r, c) {
//!                 out[r * ld + c] = frag[e];
//!             }
//!         }
//!     }
//! }
//!
//! // A 9 x 8 matrix: the tile's last 7 rows fall outside it, and nothing is written there.
//! let mut out = [0.0f32; 9 * 8];
//! let ext = ACC.extent_clamped(9, 8);
//! for lane in 0..32 {
//!     store(&[1.0; 4], lane, ext, &mut out, 8);
//! }
//! assert!(out.iter().all(|&x| x == 1.0));
//! ```

use crate::{MatrixAt, Numeral};

/// The widest fragment [`Numeral::valid_mask`] describes: 32 elements, one bit each in a
/// `u32`, the width of a GPU register. That covers every `mma.sync`, `ldmatrix` and
/// `stmatrix` fragment of the catalog and the `wgmma` fragments up to `n = 64` for f32
/// accumulators (`n / 2` elements per thread).
pub const MASK_BITS: u32 = u32::BITS;

/// The widest fragment [`Numeral::valid_mask_wide`] describes: 128 elements, one bit each in a
/// `u128`, which covers every PTX fragment up to the largest, the `wgmma` `m64n256` f32
/// accumulator with 128 elements per thread.
pub const WIDE_MASK_BITS: u32 = u128::BITS;

/// The valid part of one tile: its top-left `rows x cols` corner, in tile coordinates (`u32`,
/// see [integer types](crate::conventions#integer-types)).
///
/// Build it from the numeral, [`Numeral::extent_clamped`] or [`Numeral::extent_at`] (or
/// [`Extent::clamped`], [`Extent::full`], [`Extent::at`]), which clamp to the tile so that
/// equal valid parts compare equal. An `Extent` written by hand with values beyond the tile
/// means the whole tile in that direction: every check here compares against tile
/// coordinates, which are always below the tile's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Extent {
    /// Valid rows, from row 0.
    pub rows: u32,
    /// Valid columns, from column 0.
    pub cols: u32,
}

const fn min(a: u32, b: u32) -> u32 {
    if a < b {
        a
    } else {
        b
    }
}

/// `a - b` clamped to `0..=cap`, as a tile count.
const fn left_of(a: usize, b: usize, cap: u32) -> u32 {
    let left = a.saturating_sub(b);
    if left < cap as usize {
        left as u32
    } else {
        cap
    }
}

impl Extent {
    /// No element valid.
    pub const EMPTY: Extent = Extent { rows: 0, cols: 0 };

    /// The whole tile of `n`.
    pub const fn full(n: &Numeral) -> Extent {
        Extent {
            rows: n.rows,
            cols: n.cols,
        }
    }

    /// The top-left `rows x cols` of the tile of `n`, each clamped to the tile. The same as
    /// [`n.extent_clamped(rows, cols)`](Numeral::extent_clamped).
    pub const fn clamped(n: &Numeral, rows: u32, cols: u32) -> Extent {
        Extent {
            rows: min(rows, n.rows),
            cols: min(cols, n.cols),
        }
    }

    /// The valid part of the tile of `n` placed `at` in a `matrix_rows x matrix_cols` matrix:
    /// what of the tile lies inside the matrix, clamped to the tile. Empty when the origin
    /// lies outside the matrix. The same as
    /// [`n.extent_at(at, matrix_rows, matrix_cols)`](Numeral::extent_at); `at.ld` plays no
    /// part.
    pub const fn at(n: &Numeral, at: MatrixAt, matrix_rows: usize, matrix_cols: usize) -> Extent {
        Extent {
            rows: left_of(matrix_rows, at.row, n.rows),
            cols: left_of(matrix_cols, at.col, n.cols),
        }
    }

    /// Whether the extent covers the whole tile of `n`, so that every element is inside and
    /// generated code can skip the per-element check.
    #[inline(always)]
    pub const fn is_whole(&self, n: &Numeral) -> bool {
        self.rows >= n.rows && self.cols >= n.cols
    }

    /// Whether no element is inside.
    pub const fn is_empty(&self) -> bool {
        self.rows == 0 || self.cols == 0
    }

    /// Whether tile coordinate `(row, col)` is in the valid part. Takes `usize`, the type of
    /// the `row` and `col` a `#[fragment_layout]` body receives, to accept the sum of
    /// [`thread_part`](crate::generated::thread_part) and [`element_part`](Numeral::element_part)
    /// directly ([integer types](crate::conventions#integer-types)).
    #[inline(always)]
    pub const fn contains(&self, row: usize, col: usize) -> bool {
        row < self.rows as usize && col < self.cols as usize
    }
}

impl Numeral<'_> {
    /// The valid part of this tile with `rows x cols` valid, each clamped to the tile:
    /// `ACC.extent_clamped(9, 8)` is the top 9 rows of the accumulator.
    pub const fn extent_clamped(&self, rows: u32, cols: u32) -> Extent {
        Extent::clamped(self, rows, cols)
    }

    /// The valid part of this tile placed `at` in a `matrix_rows x matrix_cols` matrix; see
    /// [`Extent::at`].
    pub const fn extent_at(&self, at: MatrixAt, matrix_rows: usize, matrix_cols: usize) -> Extent {
        Extent::at(self, at, matrix_rows, matrix_cols)
    }

    /// Whether element `e` of thread `thread` lies inside `extent`; `false` when the thread or
    /// element is out of range (or for an offset outside the tile, which only a numeral failing
    /// [`check`](Self::check) can produce).
    pub const fn is_inside(&self, thread: u32, e: u32, extent: Extent) -> bool {
        match self.coords(thread, e) {
            Some((row, col)) => row < extent.rows && col < extent.cols,
            None => false,
        }
    }

    /// The elements of thread `thread` inside `extent`: bit `e` set when element `e` is, in a
    /// `u32` for fragments of up to [`MASK_BITS`] (32) elements.
    ///
    /// `None` when the thread is out of range, or when the fragment has more than 32
    /// elements (the `wgmma` accumulators past `n = 64`): use
    /// [`valid_mask_wide`](Self::valid_mask_wide) for those. Bits at or above `elements` are
    /// never set.
    pub const fn valid_mask(&self, thread: u32, extent: Extent) -> Option<u32> {
        if self.elements > MASK_BITS {
            return None;
        }
        match self.valid_mask_wide(thread, extent) {
            // At most 32 elements: the bits fit.
            Some(mask) => Some(mask as u32),
            None => None,
        }
    }

    /// [`valid_mask`](Self::valid_mask) for fragments of up to [`WIDE_MASK_BITS`] (128)
    /// elements, every PTX fragment, in a `u128`; `None` when the thread is out of range or the
    /// fragment is wider still. [`is_inside`](Self::is_inside) and the predicates
    /// ([`is_uniform`](Self::is_uniform)) have no width limit.
    pub const fn valid_mask_wide(&self, thread: u32, extent: Extent) -> Option<u128> {
        if thread >= self.threads() || self.elements > WIDE_MASK_BITS {
            return None;
        }
        let mut mask: u128 = 0;
        let mut e = 0;
        while e < self.elements {
            if self.is_inside(thread, e, extent) {
                mask |= 1 << e;
            }
            e += 1;
        }
        Some(mask)
    }

    /// How many `(thread, e)` of all threads (the warp, or the warpgroup) lie inside `extent`.
    /// For a numeral that passes [`check`](Self::check), this is the extent's area clamped to
    /// the tile, `min(rows) * min(cols)`; it saturates at `u32::MAX` rather than overflow.
    pub const fn valid_count(&self, extent: Extent) -> u32 {
        let threads = self.threads();
        let mut n: u32 = 0;
        let mut t = 0;
        while t < threads {
            let mut e = 0;
            while e < self.elements {
                if self.is_inside(t, e, extent) {
                    n = n.saturating_add(1);
                }
                e += 1;
            }
            t += 1;
        }
        n
    }

    /// How much of thread `thread`'s fragment lies inside `extent`: all of it, none, or some.
    /// What a kernel branches on: [`Coverage::Full`] takes the unpredicated fast path,
    /// [`Coverage::Empty`] skips the thread's work, [`Coverage::Partial`] tests each element.
    /// `None` when the thread is out of range. Any number of elements.
    pub const fn coverage(&self, thread: u32, extent: Extent) -> Option<Coverage> {
        if thread >= self.threads() {
            return None;
        }
        // Stops at the first element that differs from element 0.
        let first = self.is_inside(thread, 0, extent);
        let mut e = 1;
        while e < self.elements {
            if self.is_inside(thread, e, extent) != first {
                return Some(Coverage::Partial);
            }
            e += 1;
        }
        Some(if first {
            Coverage::Full
        } else {
            Coverage::Empty
        })
    }

    /// Whether every element of thread `thread` lies inside `extent`, so it needs no
    /// predication; `false` when the thread is out of range. Any number of elements.
    pub const fn all_inside(&self, thread: u32, extent: Extent) -> bool {
        matches!(self.coverage(thread, extent), Some(Coverage::Full))
    }

    /// Whether no element of thread `thread` lies inside `extent`, so it has nothing to do;
    /// `false` when the thread is out of range. Any number of elements.
    pub const fn none_inside(&self, thread: u32, extent: Extent) -> bool {
        matches!(self.coverage(thread, extent), Some(Coverage::Empty))
    }

    /// Whether thread `thread`'s elements are all inside `extent` or all outside, so its mask
    /// is all or none and it needs no per-element predicate; `false` when the thread is out of
    /// range. Any number of elements.
    pub const fn is_uniform(&self, thread: u32, extent: Extent) -> bool {
        matches!(
            self.coverage(thread, extent),
            Some(Coverage::Full | Coverage::Empty)
        )
    }
}

/// How much of one thread's fragment lies inside an [`Extent`]
/// ([`Numeral::coverage`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Coverage {
    /// Every element: no predication needed.
    Full,
    /// Some elements, not all: each element needs its predicate.
    Partial,
    /// No element: nothing to load or store.
    Empty,
}

/// An integer that generated code accepts as a valid row or column count: converted
/// saturating, so a huge count means the whole tile and a negative one means none.
pub trait ExtentArg: Copy {
    /// The count as `u32`, saturating at 0 and `u32::MAX`.
    fn saturating_u32(self) -> u32;
    /// The count as `usize`, saturating at 0 and `usize::MAX`: what `bounds(..)` compares the
    /// tile's coordinates with (for a `usize` count, the count itself, at no cost).
    fn saturating_usize(self) -> usize;
}

macro_rules! extent_arg_unsigned {
    ($($t:ty),*) => {$(
        impl ExtentArg for $t {
            #[inline(always)]
            fn saturating_u32(self) -> u32 {
                (self as u128).min(u32::MAX as u128) as u32
            }
            #[inline(always)]
            fn saturating_usize(self) -> usize {
                (self as u128).min(usize::MAX as u128) as usize
            }
        }
    )*};
}

// A negative count is 0; the others as the unsigned count of the same value.
macro_rules! extent_arg_signed {
    ($($t:ty),*) => {$(
        impl ExtentArg for $t {
            #[inline(always)]
            fn saturating_u32(self) -> u32 {
                (self.max(0) as u128).saturating_u32()
            }
            #[inline(always)]
            fn saturating_usize(self) -> usize {
                (self.max(0) as u128).saturating_usize()
            }
        }
    )*};
}

extent_arg_unsigned!(u8, u16, u32, u64, u128, usize);
extent_arg_signed!(i8, i16, i32, i64, i128, isize);
