//! Where a tile sits in a row-major matrix in the user's memory, and the offsets of its
//! elements there.
//!
//! The tile's origin and the matrix's leading dimension travel together as a [`MatrixAt`],
//! named fields rather than three `usize` arguments in a row, so they cannot be swapped:
//!
//! ```
//! use fraglayout::catalog::SM80_16x8x16_F32_C as ACC;
//! use fraglayout::MatrixAt;
//!
//! // The accumulator tile at row 32, column 8 of a matrix with 40 columns per row.
//! let at = MatrixAt { row: 32, col: 8, ld: 40 };
//! // Lane 5, element 3 holds tile element (9, 3): matrix element (41, 11).
//! assert_eq!(ACC.coords(5, 3), Some((9, 3)));
//! assert_eq!(ACC.matrix_offset(5, 3, at), Some(41 * 40 + 11));
//! ```
//!
//! Offsets and the origin are `usize`, tile coordinates `u32`: see
//! [integer types](crate::conventions#integer-types).

use crate::Numeral;

/// The position of a tile in a row-major matrix: its top-left element at (`row`, `col`) of
/// the matrix, whose rows are `ld` elements apart.
///
/// All three index the user's memory, so all three are `usize`
/// ([integer types](crate::conventions#integer-types)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatrixAt {
    /// The matrix row of the tile's row 0.
    pub row: usize,
    /// The matrix column of the tile's column 0.
    pub col: usize,
    /// The leading dimension: elements from the start of one matrix row to the next. Elements
    /// at matrix column `ld` or beyond have no offset
    /// ([`matrix_offset`](Numeral::matrix_offset) gives `None`).
    pub ld: usize,
}

impl MatrixAt {
    /// The tile at the top-left corner of a matrix with leading dimension `ld`.
    pub const fn origin(ld: usize) -> MatrixAt {
        MatrixAt { row: 0, col: 0, ld }
    }

    /// The offset of tile coordinate (`row`, `col`) in the matrix, `(self.row + row) * ld +
    /// self.col + col`; `None` when the element lies past the end of its matrix row
    /// (`self.col + col >= ld`, which would wrap onto the next row) or on overflow.
    const fn offset_of(self, row: u32, col: u32) -> Option<usize> {
        let c = match self.col.checked_add(col as usize) {
            Some(c) if c < self.ld => c,
            _ => return None,
        };
        let r = match self.row.checked_add(row as usize) {
            Some(r) => r,
            None => return None,
        };
        match r.checked_mul(self.ld) {
            Some(base) => base.checked_add(c),
            None => None,
        }
    }
}

impl Numeral<'_> {
    /// The offset in the matrix of element `e` of thread `thread`, for the tile placed `at`:
    /// `(at.row + row) * at.ld + at.col + col` where `(row, col)` is
    /// [`coords`](Self::coords).
    ///
    /// `None` when the thread or element is out of range, when the element lies past the end
    /// of its matrix row (`at.col + col >= at.ld`: it would wrap onto the next row, never
    /// returned as that row's element), or on overflow. A tile at the right edge of a matrix
    /// that is `ld` wide gives offsets for the elements inside the matrix and `None` for the
    /// rest:
    ///
    /// ```
    /// use fraglayout::catalog::SM80_16x8x16_F32_C as ACC;
    /// use fraglayout::MatrixAt;
    ///
    /// // Columns 8..16 of a 13-column matrix: tile columns 0..5 are inside.
    /// let at = MatrixAt { row: 0, col: 8, ld: 13 };
    /// assert_eq!(ACC.coords(2, 0), Some((0, 4)));
    /// assert_eq!(ACC.matrix_offset(2, 0, at), Some(12));
    /// assert_eq!(ACC.coords(2, 1), Some((0, 5)));
    /// assert_eq!(ACC.matrix_offset(2, 1, at), None); // column 13: past the row
    /// ```
    pub const fn matrix_offset(&self, thread: u32, e: u32, at: MatrixAt) -> Option<usize> {
        match self.coords(thread, e) {
            Some((row, col)) => at.offset_of(row, col),
            None => None,
        }
    }
}
