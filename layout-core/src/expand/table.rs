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
}

impl ElementAt {
    /// The entry of an element alone in its run.
    const fn alone(at: (usize, usize)) -> ElementAt {
        ElementAt {
            at,
            run: at,
            offset: 0,
            span: 1,
        }
    }
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
    /// use layout_core::expand::ElementAt;
    /// let t: [ElementAt; 4] = SM80_16x8x16_F32_C.element_table();
    /// assert_eq!(t[3], ElementAt { at: (8, 1), run: (8, 0), offset: 1, span: 2 });
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
            a[5],
            ElementAt {
                at: (0, 9),
                run: (0, 0),
                offset: 9,
                span: 10
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
    }
}
