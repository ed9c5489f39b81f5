//! The element table: one constant per generated function holding where each element sits
//! and which *row run* it belongs to, so generated code evaluates the numeral once
//! (`const __FL_AT: [ElementAt; N] = __FL_NUMERAL.element_table();`) and reads the table at
//! literal indices, which the optimizer folds. Code that reaches its elements through one
//! closure reads the same numbers as [`Reaches`](super::Reaches) instead, which the compiler
//! checks faster.
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

use crate::{Numeral, Source};

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

/// What the tables are made from: each element's part, the least and greatest column of each
/// row (`lo[k]`, `hi[k]` for the row `which[e]` of element `e`), how many elements take part in
/// runs (`len`: none with a band, and none past the numeral's elements), the footprint's
/// corners and whether it is tight.
pub(crate) struct Runs<const N: usize> {
    pub(crate) at: [(usize, usize); N],
    pub(crate) which: [usize; N],
    pub(crate) lo: [usize; N],
    pub(crate) hi: [usize; N],
    pub(crate) len: usize,
    pub(crate) low: (usize, usize),
    pub(crate) high: (usize, usize),
    pub(crate) tight: bool,
}

impl Numeral<'_> {
    /// The table of the first `N` elements (`N` the numeral's elements per thread in generated
    /// code; a different `N` is refused by the fragment length check and gives a table that is
    /// never run; entries past the numeral's elements are each a run of their own, so a longer
    /// table holds the same entries for the real ones). With a band ([`thread_wrap`](Self::thread_wrap) not 0), where a thread may
    /// carry an element into the next row, every element is a run of its own.
    ///
    /// ```
    /// use fraglayout::catalog::SM80_16x8x16_F32_C;
    /// use fraglayout::generated::{ElementAt, Reach};
    /// let t: [ElementAt; 4] = SM80_16x8x16_F32_C.element_table();
    /// assert_eq!((t[3].at, t[3].run, t[3].offset, t[3].span), ((8, 1), (8, 0), 1, 2));
    /// // The corners (0, 0) and (8, 1) are elements: the footprint is tight.
    /// let foot = Reach { start: (0, 0), extent: (8, 2), place: (8, 1) };
    /// assert_eq!((t[3].low, t[3].foot_reach), ((0, 0), foot));
    /// ```
    pub const fn element_table<const N: usize>(&self) -> [ElementAt; N] {
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
        let alone = Reach {
            start: (0, 0),
            extent: (0, 1),
            place: (0, 0),
        };
        let mut out = [ElementAt {
            at: (0, 0),
            run: (0, 0),
            offset: 0,
            span: 1,
            low: (0, 0),
            run_reach: alone,
            foot_reach: alone,
        }; N];
        let mut e = 0;
        while e < N {
            let (r, c) = at[e];
            out[e] = if e < len {
                let k = which[e];
                let run_reach = Reach {
                    start: (r - low.0, lo[k] - low.1),
                    extent: (0, hi[k] - lo[k] + 1),
                    place: (0, c - lo[k]),
                };
                ElementAt {
                    at: (r, c),
                    run: (r, lo[k]),
                    offset: c - lo[k],
                    span: hi[k] - lo[k] + 1,
                    low,
                    run_reach,
                    foot_reach: if tight {
                        Reach {
                            start: (0, 0),
                            extent: (high.0 - low.0, high.1 - low.1 + 1),
                            place: (r - low.0, c - low.1),
                        }
                    } else {
                        run_reach
                    },
                }
            } else {
                ElementAt {
                    at: (r, c),
                    run: (r, c),
                    offset: 0,
                    span: 1,
                    low: (r, c),
                    run_reach: alone,
                    foot_reach: alone,
                }
            };
            e += 1;
        }
        out
    }
}

impl Numeral<'_> {
    /// The element parts and row runs of elements `0..N`, for [`element_table`](Self::element_table)
    /// and [`reaches`](Self::reaches).
    pub(crate) const fn runs<const N: usize>(&self) -> Runs<N> {
        // Const evaluation is slow (some thousand machine instructions for each MIR statement it
        // runs), and every generated function evaluates this once: so each element's entry is
        // found with as few statements as can be, no call inside a loop, and written once.
        // See docs/PERFORMANCE.md ("compile time").
        let mut offset = [0u64; N];
        if !self.chain_offsets(&mut offset) {
            self.digit_offsets(&mut offset);
        }
        let len = self.run_len::<N>();
        let rows = RowRuns::of(&offset, self.cols as u64, len);
        let (low, high) = rows.corners();
        let tight = rows.holds_corners(low, high);
        Runs {
            at: rows.at,
            which: rows.which,
            lo: rows.lo,
            hi: rows.hi,
            len,
            low,
            high,
            tight,
        }
    }

    /// `element_part`'s arithmetic for every element of `0..N`, digit by digit: each element
    /// digit's value times its place, added into `offset` (zeros).
    const fn digit_offsets<const N: usize>(&self, offset: &mut [u64; N]) {
        let mut i = 0;
        while i < self.digits.len() {
            let d = self.digits[i];
            if matches!(d.source, Source::Element) && d.divisor != 0 && d.range != 0 {
                let mut e = 0;
                while e < N {
                    let v = ((e as u32 / d.divisor) % d.range) as u64 * d.place as u64;
                    offset[e] = saturating_add(offset[e], v);
                    e += 1;
                }
            }
            i += 1;
        }
    }

    /// How many of elements `0..N` take part in row runs: none with a band, where every element
    /// is a run of its own; so is every entry past the numeral's elements.
    const fn run_len<const N: usize>(&self) -> usize {
        if self.thread_wrap() != 0 {
            0
        } else if N < self.elements as usize {
            N
        } else {
            self.elements as usize
        }
    }
}

/// Each element's part, and the rows of elements `0..len` in order of first appearance, with
/// each row's least and greatest column.
struct RowRuns<const N: usize> {
    /// Element `e`'s part, `(offset / cols, offset % cols)`.
    at: [(usize, usize); N],
    /// `rows[k]`: the row of run `k`, for `k < count`.
    rows: [usize; N],
    /// `lo[k]`: the least column of run `k`.
    lo: [usize; N],
    /// `hi[k]`: the greatest column of run `k`.
    hi: [usize; N],
    /// `which[e]`: the run of element `e`, for `e < len`.
    which: [usize; N],
    /// Runs found.
    count: usize,
}

impl<const N: usize> RowRuns<N> {
    /// The parts and runs of the elements at `offset` in rows of `cols` columns, in one pass
    /// (with `cols` 0, a numeral the bijection check refuses, all (0, 0) as from
    /// `element_part`, and no rows): for each element, a look over the rows seen so far (2 for
    /// every mma and wgmma accumulator), N * rows steps where comparing every pair took N * N.
    const fn of(offset: &[u64; N], cols: u64, len: usize) -> RowRuns<N> {
        let mut at = [(0usize, 0usize); N];
        let mut rows = [0usize; N];
        let (mut lo, mut hi) = ([0usize; N], [0usize; N]);
        let mut which = [0usize; N];
        let mut count = 0;
        let mut e = 0;
        while e < N && cols != 0 {
            let (r, c) = ((offset[e] / cols) as usize, (offset[e] % cols) as usize);
            at[e] = (r, c);
            if e < len {
                let mut k = 0;
                while k < count && rows[k] != r {
                    k += 1;
                }
                if k == count {
                    rows[k] = r;
                    lo[k] = c;
                    hi[k] = c;
                    count += 1;
                } else if c < lo[k] {
                    lo[k] = c;
                } else if c > hi[k] {
                    hi[k] = c;
                }
                which[e] = k;
            }
            e += 1;
        }
        RowRuns {
            at,
            rows,
            lo,
            hi,
            which,
            count,
        }
    }

    /// The footprint's corners, from the rows: the least row and column, and the greatest;
    /// `(0, 0)` both where there is no row.
    const fn corners(&self) -> ((usize, usize), (usize, usize)) {
        let (rows, lo, hi) = (&self.rows, &self.lo, &self.hi);
        let (mut low, mut high) = ((0, 0), (0, 0));
        if self.count > 0 {
            (low, high) = ((rows[0], lo[0]), (rows[0], hi[0]));
        }
        let mut k = 1;
        while k < self.count {
            if rows[k] < low.0 {
                low.0 = rows[k];
            }
            if lo[k] < low.1 {
                low.1 = lo[k];
            }
            if rows[k] > high.0 {
                high.0 = rows[k];
            }
            if hi[k] > high.1 {
                high.1 = hi[k];
            }
            k += 1;
        }
        (low, high)
    }

    /// Whether the footprint from `low` to `high` is tight: the least row holds the least
    /// column and the greatest row the greatest column (each row's extremes are elements).
    const fn holds_corners(&self, low: (usize, usize), high: (usize, usize)) -> bool {
        let (mut low_held, mut high_held) = (false, false);
        let mut k = 0;
        while k < self.count {
            low_held |= self.rows[k] == low.0 && self.lo[k] == low.1;
            high_held |= self.rows[k] == high.0 && self.hi[k] == high.1;
            k += 1;
        }
        low_held && high_held
    }
}

/// `a + b`, or `u64::MAX` past it (as `element_part` sums).
const fn saturating_add(a: u64, b: u64) -> u64 {
    if a > u64::MAX - b {
        u64::MAX
    } else {
        a + b
    }
}

impl Numeral<'_> {
    /// The element offsets (the sum of each element digit's value times its place) of elements
    /// `0..N` into `offset` (zeros), when the element digits form a chain, as the bijection
    /// check requires of them: taken by divisor, each divisor is the product of the ranges below
    /// it (1, then the first range, ...). Then the offsets of elements `j * filled + i` (`i <
    /// filled`, `j` below the next digit's range) are those of `i` plus `j * place`: one
    /// addition per element. Past the chain's product the offsets repeat (every digit's value
    /// does). `false`, `offset` untouched where it matters, when some element digit below `N` is
    /// not in the chain: the caller then sums digit by digit. Digits of range 0 or 1, or divisor
    /// 0, add nothing and take no part; neither do digits at or past `N`, which are 0 there.
    ///
    /// Worked for the `m16n8k16` A fragment (`e % 2` at 1, `e / 2 % 2` at 64, `e / 4` at 8):
    /// `[0, 1]`, then `[0, 1, 64, 65]`, then `[0, 1, 64, 65, 8, 9, 72, 73]`.
    const fn chain_offsets<const N: usize>(&self, offset: &mut [u64; N]) -> bool {
        let n = N as u64;
        // Element digits that are not 0 everywhere below `N`.
        let mut count = 0;
        let mut i = 0;
        while i < self.digits.len() {
            let d = self.digits[i];
            if matches!(d.source, Source::Element)
                && d.divisor != 0
                && d.range >= 2
                && (d.divisor as u64) < n
            {
                count += 1;
            }
            i += 1;
        }
        let (mut filled, mut used) = (1u64, 0);
        while filled < n {
            // The digit with the next divisor.
            let mut i = 0;
            while i < self.digits.len() {
                let d = self.digits[i];
                if matches!(d.source, Source::Element) && d.range >= 2 && d.divisor as u64 == filled
                {
                    break;
                }
                i += 1;
            }
            if i == self.digits.len() {
                break;
            }
            let d = self.digits[i];
            let mut j = 1u64;
            while j < d.range as u64 && j * filled < n {
                let (start, add) = (j * filled, j * d.place as u64);
                let mut k = 0u64;
                while k < filled && start + k < n {
                    let v = offset[k as usize];
                    offset[(start + k) as usize] = if v > u64::MAX - add {
                        u64::MAX
                    } else {
                        v + add
                    };
                    k += 1;
                }
                j += 1;
            }
            filled *= d.range as u64;
            used += 1;
        }
        if used != count {
            *offset = [0; N];
            return false;
        }
        let mut e = filled;
        while e < n {
            offset[e as usize] = offset[(e - filled) as usize];
            e += 1;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{SM80_16x8x16_F16_A_ROW, SM90_64x256x16_F32_C};
    use crate::Digit;

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
        // Elements at offsets 0, 1, 2 of 2-column rows: (0, 0), (0, 1) and (1, 0). The corner
        // (1, 1) belongs to no element, so a footprint to it could reach past every element
        // of the thread: each element is reached through its run.
        let digits = [Digit::element(1, 3, 1), Digit::lane(1, 32, 6)];
        let skew = Numeral::new("skew", 96, 2, 3, &digits);
        let t: [ElementAt; 3] = skew.element_table();
        assert!(t
            .iter()
            .all(|x| x.low == (0, 0) && x.foot_reach == x.run_reach));
        let row1 = Reach {
            start: (1, 0),
            extent: (0, 1),
            place: (0, 0),
        };
        assert_eq!((t[2].run, t[2].span, t[2].run_reach), ((1, 0), 1, row1));
        // The same, cut to its first 2 elements: one row, tight.
        let cut: [ElementAt; 2] = skew.element_table();
        let whole_row = Reach {
            start: (0, 0),
            extent: (0, 2),
            place: (0, 1),
        };
        assert_eq!(cut[1].foot_reach, whole_row);
    }

    /// Element parts through the chain of element digits and, where the digits are no chain
    /// (a gap, two digits on one divisor, a digit of range 1), through the sum digit by digit:
    /// both `element_part`'s, past the numeral's elements too.
    #[test]
    fn element_parts_with_and_without_a_chain() {
        let lane = Digit::lane(1, 32, 64);
        let cases: [&[Digit]; 5] = [
            &[Digit::element(1, 3, 1), Digit::element(3, 2, 3), lane],
            &[Digit::element(1, 2, 1), Digit::element(4, 2, 8), lane],
            &[Digit::element(1, 2, 1), Digit::element(1, 2, 2), lane],
            &[Digit::element(1, 1, 5), Digit::element(1, 4, 1), lane],
            &[Digit::element(2, 2, 4), Digit::element(1, 2, 1), lane],
        ];
        for digits in cases {
            let n = Numeral::new("t", 32, 2, 6, digits);
            let t: [ElementAt; 12] = n.element_table();
            for (e, x) in t.iter().enumerate() {
                assert_eq!(x.at, n.element_part(e as u32), "{digits:?} {e}");
            }
        }
    }

    /// The table against a brute-force reading of its definition (every pair of elements
    /// compared), for every catalog layout.
    #[test]
    fn every_catalog_table_matches_its_definition() {
        for entry in crate::catalog::CATALOG {
            let n = entry.numeral;
            let len = n.elements as usize;
            assert!(len <= 256, "{}", n.name);
            let t: [ElementAt; 256] = n.element_table();
            let parts: [(usize, usize); 256] = core::array::from_fn(|e| n.element_part(e as u32));
            let parts = &parts[..len];
            let low = (
                parts.iter().map(|p| p.0).min().unwrap(),
                parts.iter().map(|p| p.1).min().unwrap(),
            );
            let high = (
                parts.iter().map(|p| p.0).max().unwrap(),
                parts.iter().map(|p| p.1).max().unwrap(),
            );
            let tight = parts.contains(&low) && parts.contains(&high);
            for (e, &(r, c)) in parts.iter().enumerate() {
                let row = parts.iter().filter(|p| p.0 == r).map(|p| p.1);
                let (lo, hi) = (row.clone().min().unwrap(), row.max().unwrap());
                let x = t[e];
                let name = n.name;
                assert_eq!(
                    (x.at, x.run, x.offset, x.span),
                    ((r, c), (r, lo), c - lo, hi - lo + 1),
                    "{name} {e}"
                );
                assert_eq!(x.low, low, "{name} {e}");
                let run_reach = Reach {
                    start: (r - low.0, lo - low.1),
                    extent: (0, hi - lo + 1),
                    place: (0, c - lo),
                };
                assert_eq!(x.run_reach, run_reach, "{name} {e}");
                let foot = Reach {
                    start: (0, 0),
                    extent: (high.0 - low.0, high.1 - low.1 + 1),
                    place: (r - low.0, c - low.1),
                };
                assert_eq!(
                    x.foot_reach,
                    if tight { foot } else { run_reach },
                    "{name} {e}"
                );
            }
            assert!(
                t[len..].iter().all(|x| x.span == 1 && x.offset == 0),
                "{}",
                n.name
            );
        }
    }
}
