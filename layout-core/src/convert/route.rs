//! Where each destination value comes from: `to`'s `(thread, e)` holds the tile element at
//! `to.offset(thread, e)`, which `from` holds at `from.decode` of that offset.

use super::sizes::MAX_PLAN_ELEMENTS;
use crate::check::Sorted;
use crate::{Numeral, Source, LANES, MAX_DIGITS};

const L: usize = LANES as usize;

/// Where destination element `e` of thread `thread` of `to` finds its value in `from`: the
/// `(thread, e)` of `from` holding the same tile element, `from.decode(to.offset(thread, e))`.
///
/// `None` when the tiles differ (`rows` or `cols`), when `(thread, e)` is out of `to`'s range,
/// or when `from` holds no such element (only a numeral failing its check can miss one).
///
/// ```
/// use fraglayout::catalog::{SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N};
/// use fraglayout::convert::source_of;
/// // `ldmatrix .x1` to its `.trans`: lane 1's element 0 is (2, 0), which lane 8 holds as its
/// // element 0 in the row layout.
/// assert_eq!(SM75_U16x2_LDSM_T.coords(1, 0), Some((2, 0)));
/// assert_eq!(source_of(&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T, 1, 0), Some((8, 0)));
/// ```
pub const fn source_of(from: &Numeral, to: &Numeral, thread: u32, e: u32) -> Option<(u32, u32)> {
    if from.rows != to.rows || from.cols != to.cols {
        return None;
    }
    match to.offset(thread, e) {
        Some(offset) => from.decode(offset),
        None => None,
    }
}

/// A checked numeral's offsets by parts, and their inverse, without the checks of
/// [`Numeral::offset`] and [`Numeral::decode`] (a plan is built in `const` context, where every
/// step counts).
///
/// Lane digits read `thread % 32` and warp digits `thread / 32`, so the offset of
/// `(32 * w + l, e)` is `lane(l) + warp(w) + element(e)`. Decoding an offset is the mixed-radix
/// expansion along the digits sorted by place (each place the product of the ranges below it).
pub(crate) struct Parts {
    /// The lane part of the offset, by lane.
    lane: [u32; L],
    /// The digits sorted by place: range, divisor, source (as [`Source::index`]), place.
    range: [u32; MAX_DIGITS],
    divisor: [u32; MAX_DIGITS],
    source: [u8; MAX_DIGITS],
    place: [u32; MAX_DIGITS],
    len: usize,
}

/// A source value split into its inputs: lane, warp, element.
pub(crate) struct Held {
    pub(crate) lane: u32,
    pub(crate) warp: u32,
    pub(crate) e: u32,
}

impl Held {
    /// The thread, `32 * warp + lane`.
    pub(crate) const fn thread(&self) -> u32 {
        self.warp * LANES + self.lane
    }
}

impl Parts {
    /// The parts of a numeral that passes its check.
    pub(crate) const fn of(n: &Numeral) -> Parts {
        let sorted = Sorted::of(n, None, true);
        let mut p = Parts {
            lane: [0; L],
            range: [0; MAX_DIGITS],
            divisor: [0; MAX_DIGITS],
            source: [0; MAX_DIGITS],
            place: [0; MAX_DIGITS],
            len: sorted.len,
        };
        let mut k = 0;
        while k < sorted.len {
            let d = &n.digits[sorted.idx[k]];
            p.range[k] = d.range;
            p.divisor[k] = d.divisor;
            p.source[k] = d.source.index() as u8;
            p.place[k] = d.place;
            k += 1;
        }
        let mut l = 0;
        while l < L {
            p.lane[l] = p.part(Source::Lane, l as u32);
            l += 1;
        }
        p
    }

    /// The warp digits as `(divisor, range, place)`, by divisor, each that continues the one
    /// before it (its divisor and place the other's times its range) merged into it, digits of
    /// range 1 left out; and how many. Two layouts with the same list give every warp the same
    /// warp part.
    const fn warp_digits(&self) -> ([(u32, u32, u32); MAX_DIGITS], usize) {
        let warp = Source::Warp.index() as u8;
        let mut out = [(0u32, 0u32, 0u32); MAX_DIGITS];
        let mut n = 0;
        let mut k = 0;
        while k < self.len {
            if self.source[k] == warp && self.range[k] > 1 {
                // Insertion by divisor.
                let d = (self.divisor[k], self.range[k], self.place[k]);
                let mut i = n;
                while i > 0 && out[i - 1].0 > d.0 {
                    out[i] = out[i - 1];
                    i -= 1;
                }
                out[i] = d;
                n += 1;
            }
            k += 1;
        }
        let mut merged = [(0u32, 0u32, 0u32); MAX_DIGITS];
        let mut m = 0;
        let mut i = 0;
        while i < n {
            let d = out[i];
            if m > 0 {
                let (div, range, place) = merged[m - 1];
                let continues = div as u64 * range as u64 == d.0 as u64
                    && place as u64 * range as u64 == d.2 as u64;
                if continues {
                    merged[m - 1].1 = range.saturating_mul(d.1);
                    i += 1;
                    continue;
                }
            }
            merged[m] = d;
            m += 1;
            i += 1;
        }
        (merged, m)
    }

    /// Whether `self` and `other` give every warp the same warp part, by their digits (no warp
    /// is visited): the same [`warp_digits`](Self::warp_digits).
    pub(crate) const fn same_warp_parts(&self, other: &Parts) -> bool {
        let (a, n) = self.warp_digits();
        let (b, m) = other.warp_digits();
        if n != m {
            return false;
        }
        let mut i = 0;
        while i < n {
            if a[i].0 != b[i].0 || a[i].1 != b[i].1 || a[i].2 != b[i].2 {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The offset part of `source` at input value `v`.
    pub(crate) const fn part(&self, source: Source, v: u32) -> u32 {
        let s = source.index() as u8;
        let mut sum = 0;
        let mut k = 0;
        while k < self.len {
            if self.source[k] == s {
                sum += v / self.divisor[k] % self.range[k] * self.place[k];
            }
            k += 1;
        }
        sum
    }

    /// The lane part of the offset of lane `l` (below 32).
    pub(crate) const fn lane(&self, l: usize) -> u32 {
        self.lane[l]
    }

    /// Who holds the tile element at `offset` (below the tile size).
    pub(crate) const fn decode(&self, offset: u32) -> Held {
        let mut inputs = [0u32; 3];
        let mut rest = offset;
        let mut k = 0;
        while k < self.len {
            let r = self.range[k];
            inputs[self.source[k] as usize] += rest % r * self.divisor[k];
            rest /= r;
            k += 1;
        }
        Held {
            lane: inputs[Source::Lane.index()],
            warp: inputs[Source::Warp.index()],
            e: inputs[Source::Element.index()],
        }
    }
}

/// Warp 0's routing, in tables indexed `[e][lane]` of the destination: the source lane and
/// source register of each destination value, for the first [`MAX_PLAN_ELEMENTS`] elements.
/// Filled by [`scan`](super::class::scan); meaningful for a pair it accepted, whose warp 0
/// takes every value from warp 0.
#[derive(Clone, Copy)]
pub(crate) struct Routes {
    /// Elements per thread (the tables hold the first [`MAX_PLAN_ELEMENTS`]).
    pub(crate) elements: usize,
    /// `lane[e][l]`: the lane holding destination `(l, e)`'s value.
    pub(crate) lane: [[u8; L]; MAX_PLAN_ELEMENTS],
    /// `reg[e][l]`: the register (element index) of `from` holding it in that lane.
    pub(crate) reg: [[u8; L]; MAX_PLAN_ELEMENTS],
}

impl Routes {
    /// Empty tables for `elements` elements.
    pub(crate) const fn new(elements: u32) -> Routes {
        Routes {
            elements: elements as usize,
            lane: [[0; L]; MAX_PLAN_ELEMENTS],
            reg: [[0; L]; MAX_PLAN_ELEMENTS],
        }
    }

    /// Whether destination `(l, e)` takes its value from another lane.
    pub(crate) const fn crosses(&self, e: usize, l: usize) -> bool {
        self.lane[e][l] as usize != l
    }
}
