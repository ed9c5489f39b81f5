//! The element table: one constant per generated function holding where each element sits
//! and which *row run* it belongs to, so generated code evaluates the numeral once
//! (`const __FL_AT: [ElementAt; N] = __FL_NUMERAL.element_table();`) and reads the table at
//! literal indices, which the optimizer folds.
//!
//! A row run is every element of a thread whose element part has the same row: with no band
//! ([`Numeral::thread_wrap`] 0) they land in one row of the tile for every thread, at columns
//! `thread_col + col`. A body `BASE[INDEX]` whose `INDEX` has `col` as a unit term then reaches
//! the whole run through one slice `BASE[i..i + span]`, `i` the index of the run's leftmost
//! element, and each element at the constant offset `col - first_col` inside it: one bounds
//! check per run (the optimizer merges the identical checks of a run's elements), and
//! neighbouring elements at neighbouring constant offsets, which it merges into wide accesses.
//!
//! Worked for the `m16n8k16` accumulator (elements at `(0, 0) (0, 1) (8, 0) (8, 1)`): two runs,
//! rows 0 and 8, each `first_col` 0 and `span` 2; element 3 is at offset 1 of the run of row 8.
//! For `wgmma` `m64n256` (128 elements) the two runs span 250 columns each.

use crate::Numeral;

const fn min(a: usize, b: usize) -> usize {
    if a < b {
        a
    } else {
        b
    }
}

const fn max(a: usize, b: usize) -> usize {
    if a > b {
        a
    } else {
        b
    }
}

/// Element `e`'s place in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ElementAt {
    /// The element part, [`Numeral::element_part`].
    pub at: (usize, usize),
    /// The element part of its run's leftmost element: same row, column `first_col`.
    pub run: (usize, usize),
    /// `at.1 - run.1`: the element's offset inside its run.
    pub offset: usize,
    /// Columns from the run's leftmost to its rightmost element, both included; `offset <
    /// span`.
    pub span: usize,
    /// The least row and the least column over the thread's element parts: the corner from
    /// which [`Reach`] counts (the same for every element of the table; the element's own part
    /// where it is a run of its own, with a band or past the numeral's elements).
    pub low: (usize, usize),
    /// How the element is reached through its row run, from `low`.
    pub run_reach: Reach,
    /// How the element is reached through the thread's footprint, from `low`: the whole
    /// rectangle from `low` to the greatest row and column, when both corners are elements of
    /// the thread (the footprint is *tight*); otherwise `run_reach`.
    pub foot_reach: Reach,
}

/// Where generated code takes a slice and where inside it it finds an element, for a body
/// `BASE[INDEX]` with `INDEX = REST + row * K + col` (see `layout_codegen`'s pairing): with
/// `b = INDEX(low)`, the slice is `BASE[i..i + extent.0 * K + extent.1]` with `i = b +
/// start.0 * K + start.1`, and the element is at `place.0 * K + place.1` in it. Each pair is
/// `(rows, columns)`, so with a constant `K` every product folds.
///
/// Worked for the `m16n8k16` accumulator, element 3 at `(8, 1)`, `low` `(0, 0)`: through its
/// run `start (8, 0)`, `extent (0, 2)`, `place (0, 1)`; through the footprint `start (0, 0)`,
/// `extent (8, 2)` (rows 0 to 8, columns 0 and 1: `8 * K + 2` elements) and `place (8, 1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// The slice's first element, from `low`.
    pub start: (usize, usize),
    /// The slice's length: `extent.0` rows and `extent.1` elements.
    pub extent: (usize, usize),
    /// The element, from the slice's first element.
    pub place: (usize, usize),
}

impl ElementAt {
    /// The entry of an element alone in its run.
    const fn alone(at: (usize, usize)) -> ElementAt {
        let reach = Reach {
            start: (0, 0),
            extent: (0, 1),
            place: (0, 0),
        };
        ElementAt {
            at,
            run: at,
            offset: 0,
            span: 1,
            low: at,
            run_reach: reach,
            foot_reach: reach,
        }
    }
}

/// The footprint of the first `len` (at least 1) element parts of `table`: the least row and
/// column, the greatest row and column, and whether both corners are elements (*tight*).
const fn footprint(table: &[ElementAt], len: usize) -> ((usize, usize), (usize, usize), bool) {
    let (mut low, mut high) = (table[0].at, table[0].at);
    let mut e = 0;
    while e < len {
        let (r, c) = table[e].at;
        low = (min(low.0, r), min(low.1, c));
        high = (max(high.0, r), max(high.1, c));
        e += 1;
    }
    (low, high, holds(table, len, low) && holds(table, len, high))
}

/// Whether some element part among the first `len` of `table` is `at`.
const fn holds(table: &[ElementAt], len: usize, at: (usize, usize)) -> bool {
    let mut k = 0;
    while k < len {
        if table[k].at.0 == at.0 && table[k].at.1 == at.1 {
            return true;
        }
        k += 1;
    }
    false
}

impl Numeral<'_> {
    /// The table of the first `N` elements (`N` the numeral's elements per thread in generated
    /// code; a different `N` is refused by the fragment length check and gives a table that is
    /// never run; entries past the numeral's elements are each a run of their own, so a longer
    /// table holds the same entries for the real ones). With a band ([`thread_wrap`](Self::thread_wrap) not 0), where a thread may
    /// carry an element into the next row, every element is a run of its own.
    ///
    /// ```
    /// use layout_core::catalog::SM80_16x8x16_F32_C;
    /// use layout_core::generated::{ElementAt, Reach};
    /// let t: [ElementAt; 4] = SM80_16x8x16_F32_C.element_table();
    /// assert_eq!((t[3].at, t[3].run, t[3].offset, t[3].span), ((8, 1), (8, 0), 1, 2));
    /// // The corners (0, 0) and (8, 1) are elements: the footprint is tight.
    /// let foot = Reach { start: (0, 0), extent: (8, 2), place: (8, 1) };
    /// assert_eq!((t[3].low, t[3].foot_reach), ((0, 0), foot));
    /// ```
    pub const fn element_table<const N: usize>(&self) -> [ElementAt; N] {
        let mut out = [ElementAt::alone((0, 0)); N];
        let mut e = 0;
        while e < N {
            out[e] = ElementAt::alone(self.element_part(e as u32));
            e += 1;
        }
        if self.thread_wrap() != 0 {
            return out;
        }
        // The run of each element: the least and greatest column among the elements of its
        // row. Quadratic, in const evaluation, once per function: 16,384 steps for the largest
        // PTX fragment (128 elements). Entries past the numeral's elements stay alone and take
        // no part in the runs.
        let len = if N < self.elements as usize {
            N
        } else {
            self.elements as usize
        };
        let mut e = 0;
        while e < len {
            let (row, col) = out[e].at;
            let (mut lo, mut hi) = (col, col);
            let mut k = 0;
            while k < len {
                let (r, c) = out[k].at;
                if r == row {
                    if c < lo {
                        lo = c;
                    }
                    if c > hi {
                        hi = c;
                    }
                }
                k += 1;
            }
            out[e].run = (row, lo);
            out[e].offset = col - lo;
            out[e].span = hi - lo + 1;
            e += 1;
        }
        if len == 0 {
            return out;
        }
        let (low, high, tight) = footprint(&out, len);
        let mut e = 0;
        while e < len {
            let x = out[e];
            let run_reach = Reach {
                start: (x.run.0 - low.0, x.run.1 - low.1),
                extent: (0, x.span),
                place: (0, x.offset),
            };
            out[e].low = low;
            out[e].run_reach = run_reach;
            out[e].foot_reach = if tight {
                Reach {
                    start: (0, 0),
                    extent: (high.0 - low.0, high.1 - low.1 + 1),
                    place: (x.at.0 - low.0, x.at.1 - low.1),
                }
            } else {
                run_reach
            };
            e += 1;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{SM80_16x8x16_F16_A_ROW, SM90_64x256x16_F32_C};

    #[test]
    fn runs_cover_their_rows() {
        let a: [ElementAt; 8] = SM80_16x8x16_F16_A_ROW.element_table();
        // A: columns 0, 1, 8, 9 of rows 0 and 8.
        assert_eq!(
            (a[5].at, a[5].run, a[5].offset, a[5].span),
            ((0, 9), (0, 0), 9, 10)
        );
        assert_eq!(
            a[5].foot_reach,
            Reach {
                start: (0, 0),
                extent: (8, 10),
                place: (0, 9)
            }
        );
        let d: [ElementAt; 128] = SM90_64x256x16_F32_C.element_table();
        assert!(d.iter().all(|x| x.run.0 == 0 || x.run.0 == 8));
        assert_eq!(d.iter().filter(|x| x.run.0 == 8).count(), 64);
        assert!(d.iter().all(|x| x.span == 250 && x.offset < x.span));
        assert!(d.iter().all(|x| x.at == (x.run.0, x.run.1 + x.offset)));
        let longer: [ElementAt; 200] = SM90_64x256x16_F32_C.element_table();
        assert_eq!(longer[..128], d[..]);
        assert!(longer[128..].iter().all(|x| x.span == 1));
        assert!(d.iter().all(|x| x.low == (0, 0)
            && x.foot_reach.extent == (8, 250)
            && x.foot_reach.place == x.at));
    }

    #[test]
    fn a_footprint_whose_corners_are_not_elements_is_not_tight() {
        // The accumulator's parts: both corners are elements.
        let c = [(0, 0), (0, 1), (8, 0), (8, 1)].map(ElementAt::alone);
        assert_eq!(footprint(&c, 4), ((0, 0), (8, 1), true));
        // Row 0 at columns 0 and 1, row 1 at column 0: the corner (1, 1) belongs to no element,
        // so a footprint to it could reach past every element of the thread.
        let skew = [(0, 0), (0, 1), (1, 0)].map(ElementAt::alone);
        assert_eq!(footprint(&skew, 3), ((0, 0), (1, 1), false));
        // The same, cut to its first 2 elements: one row, tight.
        assert_eq!(footprint(&skew, 2), ((0, 0), (0, 1), true));
    }
}
