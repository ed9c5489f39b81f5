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
//! use layout_core::bounds::Extent;
//! use layout_core::catalog::SM80_16x8x16_F32_C as ACC;
//!
//! let nine_rows = Extent::clamped(&ACC, 9, 8);
//! assert_eq!(ACC.valid_count(nine_rows), 72);
//! assert_eq!(ACC.valid_mask(0, nine_rows), Some(0b1111));
//! assert_eq!(ACC.valid_mask(4, nine_rows), Some(0b0011));
//! assert!(ACC.is_full_mask(0, nine_rows) && !ACC.is_full_mask(4, nine_rows));
//! assert!(!ACC.is_inside(4, 2, nine_rows)); // (9, 0)
//!
//! // 9 rows and 5 columns: lane 2 holds columns 4 and 5; only column 4 is valid.
//! let corner = Extent::clamped(&ACC, 9, 5);
//! assert_eq!(ACC.valid_count(corner), 45);
//! assert_eq!(ACC.valid_mask(2, corner), Some(0b0101));
//!
//! // Values beyond the tile clamp to it.
//! assert_eq!(Extent::clamped(&ACC, 100, 100), Extent::full(&ACC));
//! ```
//!
//! # In generated code
//! Code generated from a separable numeral (see [`expand`](crate::expand)) computes the thread
//! part once per call and adds a constant element part per element. It branches once on
//! [`Extent::is_whole`] so whole tiles, the common case, pay nothing for the edge; only partial
//! tiles test each element with [`Extent::contains`]:
//!
//! ```
//! use layout_core::bounds::Extent;
//! use layout_core::catalog::SM80_16x8x16_F32_C as ACC;
//! use layout_core::expand::{thread_part, ThreadTerm, MAX_THREAD_TERMS};
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
//! let ext = Extent::clamped(&ACC, 9, 8);
//! for lane in 0..32 {
//!     store(&[1.0; 4], lane, ext, &mut out, 8);
//! }
//! assert!(out.iter().all(|&x| x == 1.0));
//! ```

use crate::Numeral;

/// The widest fragment [`Numeral::valid_mask`] describes: 128 elements, one bit each in a
/// `u128`. That covers every catalog layout up to the largest PTX fragment, the `wgmma`
/// `m64n256` f32 accumulator with 128 elements per thread.
pub const MASK_BITS: u32 = u128::BITS;

/// The valid part of one tile: its top-left `rows x cols` corner, in tile coordinates.
///
/// Build it with [`Extent::clamped`] (or [`Extent::full`], [`Extent::at`]), which clamps to the
/// tile so that equal valid parts compare equal. An `Extent` written by hand with values beyond
/// the tile means the whole tile in that direction: every check here compares against tile
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

const fn min_usize(a: usize, b: usize) -> usize {
    if a < b {
        a
    } else {
        b
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

    /// The top-left `rows x cols` of the tile of `n`, each clamped to the tile.
    pub const fn clamped(n: &Numeral, rows: u32, cols: u32) -> Extent {
        Extent {
            rows: min(rows, n.rows),
            cols: min(cols, n.cols),
        }
    }

    /// The valid part of the tile of `n` whose top-left corner is at `(origin_row, origin_col)`
    /// in a `matrix_rows x matrix_cols` matrix: what of the tile lies inside the matrix,
    /// clamped to the tile. Empty when the origin lies outside the matrix.
    pub const fn at(
        n: &Numeral,
        origin_row: usize,
        origin_col: usize,
        matrix_rows: usize,
        matrix_cols: usize,
    ) -> Extent {
        Extent {
            rows: min_usize(matrix_rows.saturating_sub(origin_row), n.rows as usize) as u32,
            cols: min_usize(matrix_cols.saturating_sub(origin_col), n.cols as usize) as u32,
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

    /// Whether tile coordinate `(row, col)` is in the valid part. Takes `usize` to accept the
    /// sum of [`thread_part`](crate::expand::thread_part) and
    /// [`element_part`](Numeral::element_part) directly.
    #[inline(always)]
    pub const fn contains(&self, row: usize, col: usize) -> bool {
        row < self.rows as usize && col < self.cols as usize
    }
}

impl Numeral<'_> {
    /// Whether element `e` of thread `thread` lies inside `extent`; `false` when the thread or
    /// element is out of range (or for an offset outside the tile, which only a numeral failing
    /// [`check`](Self::check) can produce).
    pub const fn is_inside(&self, thread: u32, e: u32, extent: Extent) -> bool {
        match self.coords(thread, e) {
            Some((row, col)) => row < extent.rows && col < extent.cols,
            None => false,
        }
    }

    /// The elements of thread `thread` inside `extent`: bit `e` set when element `e` is.
    ///
    /// `None` when the thread is out of range, or when the fragment has more than
    /// [`MASK_BITS`] (128) elements, which no PTX fragment has; [`is_inside`](Self::is_inside)
    /// and [`is_full_mask`](Self::is_full_mask) have no such limit. A fragment of
    /// `elements` elements never sets bits at or above `elements`.
    pub const fn valid_mask(&self, thread: u32, extent: Extent) -> Option<u128> {
        if thread >= self.threads() || self.elements > MASK_BITS {
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

    /// Whether every element of thread `thread` lies inside `extent`, so it needs no
    /// predication; `false` when the thread is out of range. Any number of elements.
    pub const fn is_full_mask(&self, thread: u32, extent: Extent) -> bool {
        if thread >= self.threads() {
            return false;
        }
        let mut e = 0;
        while e < self.elements {
            if !self.is_inside(thread, e, extent) {
                return false;
            }
            e += 1;
        }
        true
    }
}

/// An integer that generated code accepts as a valid row or column count: converted to `u32`
/// saturating, so a huge count means the whole tile and a negative one means none.
pub trait ExtentArg: Copy {
    /// The count as `u32`, saturating at 0 and `u32::MAX`.
    fn saturating_u32(self) -> u32;
}

macro_rules! extent_arg_unsigned {
    ($($t:ty),*) => {$(
        impl ExtentArg for $t {
            #[inline(always)]
            fn saturating_u32(self) -> u32 {
                if self as u128 > u32::MAX as u128 { u32::MAX } else { self as u32 }
            }
        }
    )*};
}

macro_rules! extent_arg_signed {
    ($($t:ty),*) => {$(
        impl ExtentArg for $t {
            #[inline(always)]
            fn saturating_u32(self) -> u32 {
                if self < 0 {
                    0
                } else if self as i128 > u32::MAX as i128 {
                    u32::MAX
                } else {
                    self as u32
                }
            }
        }
    )*};
}

extent_arg_unsigned!(u8, u16, u32, u64, u128, usize);
extent_arg_signed!(i8, i16, i32, i64, i128, isize);
