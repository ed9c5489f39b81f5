//! The table generated code reads when one closure serves every element (a body `BASE[INDEX]`
//! affine in `row`): each element's part and its [`Reach`], through the footprint or through
//! its row run, as arrays of `usize` (`const __FL_REACH: &Reaches<N> =
//! &__FL_NUMERAL.reaches(FOOTPRINT);`, read as `__FL_REACH.reach(e)`, `.at(e)`, `.low(e)`).
//!
//! The same numbers as [`element_table`](Numeral::element_table)'s `at`, `low` and
//! `foot_reach` or `run_reach`, laid out for the compiler rather than for reading: a constant
//! is checked field by field after it is evaluated, and an array of integers is checked at
//! once, where an array of structures of pairs is checked entry by entry. For the 50
//! epilogues of `benches/tests/compile_time.rs` that is most of the table's cost
//! ([docs/PERFORMANCE.md], compile time).
//!
//! [docs/PERFORMANCE.md]: https://github.com/fraglayout/fraglayout/blob/main/docs/PERFORMANCE.md

use super::table::{Reach, Runs};
use crate::Numeral;

/// Each element's part, corner and [`Reach`] through the path generated code takes, entry `e`
/// of each array for element `e`: the numbers of
/// [`element_table`](Numeral::element_table), as arrays of `usize`, which the compiler checks
/// at once (`const __FL_REACH: &Reaches<N> = &__FL_NUMERAL.reaches(FOOTPRINT);`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reaches<const N: usize> {
    /// Each element's corner, from which its reach counts: the thread's, the least row and
    /// column over its element parts (without a band); with one, the element's own part.
    pub low_row: [usize; N],
    /// See `low_row`.
    pub low_col: [usize; N],
    /// The element parts' rows and columns, [`Numeral::element_part`].
    pub at_row: [usize; N],
    /// See `at_row`.
    pub at_col: [usize; N],
    /// [`Reach::start`] of each element, rows and columns.
    pub start_row: [usize; N],
    /// See `start_row`.
    pub start_col: [usize; N],
    /// [`Reach::extent`] of each element, rows and columns.
    pub extent_row: [usize; N],
    /// See `extent_row`.
    pub extent_col: [usize; N],
    /// [`Reach::place`] of each element, rows and columns.
    pub place_row: [usize; N],
    /// See `place_row`.
    pub place_col: [usize; N],
}

impl<const N: usize> Reaches<N> {
    /// Element `e`'s part.
    #[inline(always)]
    pub const fn at(&self, e: usize) -> (usize, usize) {
        (self.at_row[e], self.at_col[e])
    }

    /// Element `e`'s corner.
    #[inline(always)]
    pub const fn low(&self, e: usize) -> (usize, usize) {
        (self.low_row[e], self.low_col[e])
    }

    /// Element `e`'s reach.
    #[inline(always)]
    pub const fn reach(&self, e: usize) -> Reach {
        Reach {
            start: (self.start_row[e], self.start_col[e]),
            extent: (self.extent_row[e], self.extent_col[e]),
            place: (self.place_row[e], self.place_col[e]),
        }
    }
}

impl Numeral<'_> {
    /// The parts and reaches of elements `0..N`: through the thread's footprint when
    /// `footprint` and the footprint is tight, else through each element's row run; exactly
    /// [`element_table`](Self::element_table)'s `at`, `foot_reach` or `run_reach`, and `low`.
    ///
    /// ```
    /// use fraglayout::catalog::SM80_16x8x16_F32_C;
    /// use fraglayout::generated::{Reach, Reaches};
    /// let r: Reaches<4> = SM80_16x8x16_F32_C.reaches(true);
    /// let foot = Reach { start: (0, 0), extent: (8, 2), place: (8, 1) };
    /// assert_eq!((r.low(3), r.at(3), r.reach(3)), ((0, 0), (8, 1), foot));
    /// let runs: Reaches<4> = SM80_16x8x16_F32_C.reaches(false);
    /// let run = Reach { start: (8, 0), extent: (0, 2), place: (0, 1) };
    /// assert_eq!(runs.reach(3), run);
    /// ```
    pub const fn reaches<const N: usize>(&self, footprint: bool) -> Reaches<N> {
        let Runs {
            at,
            which,
            lo,
            hi,
            len,
            low,
            high,
            tight,
        } = self.runs::<N>();
        let foot = footprint && tight;
        // What most elements share written once, each element's own numbers after.
        let (extent_row, extent_col) = if foot {
            (high.0 - low.0, high.1 - low.1 + 1)
        } else {
            (0, 1)
        };
        let mut out = Reaches {
            low_row: [low.0; N],
            low_col: [low.1; N],
            at_row: [0; N],
            at_col: [0; N],
            start_row: [0; N],
            start_col: [0; N],
            extent_row: [extent_row; N],
            extent_col: [extent_col; N],
            place_row: [0; N],
            place_col: [0; N],
        };
        let mut e = 0;
        while e < N {
            let (r, c) = at[e];
            out.at_row[e] = r;
            out.at_col[e] = c;
            if e >= len {
                // A band, or past the numeral's elements: the element alone, its own corner,
                // a slice of one.
                out.low_row[e] = r;
                out.low_col[e] = c;
                out.extent_row[e] = 0;
                out.extent_col[e] = 1;
            } else if foot {
                out.place_row[e] = r - low.0;
                out.place_col[e] = c - low.1;
            } else {
                let k = which[e];
                out.start_row[e] = r - low.0;
                out.start_col[e] = lo[k] - low.1;
                out.extent_col[e] = hi[k] - lo[k] + 1;
                out.place_col[e] = c - lo[k];
            }
            e += 1;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::CATALOG;
    use crate::generated::ElementAt;

    /// The same numbers as the element table, for every catalog layout, both ways.
    #[test]
    fn reaches_are_the_element_tables() {
        for entry in CATALOG {
            let n = entry.numeral;
            let t: [ElementAt; 256] = n.element_table();
            for footprint in [false, true] {
                let r: Reaches<256> = n.reaches(footprint);
                for (e, x) in t.iter().enumerate() {
                    let reach = if footprint { x.foot_reach } else { x.run_reach };
                    let got = (r.at(e), r.low(e), r.reach(e));
                    assert_eq!(got, (x.at, x.low, reach), "{} {e}", n.name);
                }
            }
        }
    }
}
