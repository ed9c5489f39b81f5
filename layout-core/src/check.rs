//! The bijection check: does the numeral cover its tile exactly once?
//!
//! A numeral is a bijection from `(thread, e)` onto the tile exactly when
//! 1. each input's digits, sorted by divisor, have divisor = product of the lower ranges and
//!    cover the input's extent (32 lanes, `warps`, `elements`): every input value is read once;
//! 2. all digits, sorted by place, have place = product of the lower ranges, and the product of
//!    all ranges (the span) is `rows * cols`: every offset is written once. Given 1, the span
//!    is `threads * elements`, so this is `threads * elements = rows * cols` and the places.
//!
//! Both are necessary as well as sufficient for digits of range 2 or more, so
//! [`Numeral::check`] agrees with a brute-force ownership map of the tile.
//!
//! Broadcast digits (lane or warp digits at place 0, [`Digit::broadcast`]) are declared
//! duplicates: they take part in their input's chain (1) but not in the place chain (2), and
//! the tile size is `threads * elements / copies` ([`Numeral::copies`]). Such a numeral covers
//! the tile exactly once per value of its broadcast digits: a bijection from the threads with
//! every broadcast digit fixed. A duplicate not declared so is an error, as without them.
//!
//! The checks run in stages: the tile, the counts (`threads x elements` must be the tile size,
//! [`LayoutError::ElementCount`]) and each digit on its own (range 2 or more, divisor and place
//! 1 or more, divisor below the input's extent); then each input's chain; then the place chain.
//! A stage runs only when the ones before it found nothing, so a mistake is reported once,
//! where it is made, and never again as a consequence; within a stage every problem is
//! reported. `16 x 8, elements 8` with the accumulator's digits is one error, `elements 4`,
//! not a span of 256 that follows from it.
//!
//! A chain whose ranges multiply to the right total (an input's extent; the tile size) but whose
//! keys (divisors; places) are wrong is a *misplacement*, not a missing or extra digit, and gets
//! one error naming the move that fixes it, rather than one per gap and overlap. The place
//! chain is always of this kind when it is reached: the counts fill the tile and each input's
//! ranges multiply to its count, so all the ranges multiply to the tile size.
//! - when moving one digit fixes the chain, [`LayoutError::PlaceMove`] or
//!   [`LayoutError::SourceMove`]. The m16n8k16 accumulator with `lane / 4` at place 16 instead
//!   of 8 leaves a gap at 8 and overlaps `e / 2` at 64; the one error says to move `lane / 4`
//!   to place 8. When several single moves would do, the digit at the chain's first problem
//!   is the one named.
//! - otherwise, [`LayoutError::PlaceMoves`] or [`LayoutError::SourceMoves`]: the digits keep
//!   their written order and each moves to the product of the ranges below it (`lane / 4` at
//!   16 and `e / 2` at 128 both one step too high: move them to 8 and 64).

use crate::message::Message;
use crate::numeral::{LANES, MAX_DIGITS};
use crate::{Digit, Numeral, Source};

/// What is wrong with a numeral. Digits are named by their index in [`Numeral::digits`];
/// each variant's fields are the numbers its message quotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum LayoutError {
    /// The tile has no rows or no columns, or more than `u32::MAX` (2^32 - 1) elements.
    BadTile { rows: u32, cols: u32 },
    /// `warps` or `elements` is 0.
    EmptySource { source: Source },
    /// The threads times the elements per thread are not the tile size, so no digits can
    /// cover the tile exactly once: `threads * elements != size`. Reported before any digit,
    /// since a wrong `elements` makes the element digits wrong too.
    ElementCount {
        threads: u64,
        elements: u32,
        size: u64,
    },
    /// More digits than [`MAX_DIGITS`].
    TooManyDigits { count: usize },
    /// A digit of range 0 or 1.
    DegenerateRange { digit: usize },
    /// A digit dividing by 0.
    ZeroDivisor { digit: usize },
    /// A digit whose divisor is at least its input's extent, so that it is always 0.
    AlwaysZero { digit: usize },
    /// An element digit at place 0: a broadcast digit, which only lanes and warps may be.
    ZeroPlace { digit: usize },
    /// Two digits read overlapping parts of one input.
    SourceOverlap {
        source: Source,
        first: usize,
        second: usize,
    },
    /// No digit reads `source / divisor`; the next digit (index `digit`) starts at `next`.
    SourceGap {
        source: Source,
        divisor: u64,
        next: u64,
        digit: usize,
    },
    /// The input's digits cover `covered` values, not its extent.
    SourceSpan {
        source: Source,
        covered: u64,
        extent: u32,
        top: Option<usize>,
    },
    /// The input's ranges multiply to its extent, and moving digit `digit` to divisor `divisor`
    /// makes its chain exact.
    SourceMove {
        source: Source,
        digit: usize,
        divisor: u64,
    },
    /// The input's ranges multiply to its extent but no one move fixes its chain: `count`
    /// digits, the lowest `first`, move to the divisors their written order gives them.
    SourceMoves {
        source: Source,
        first: usize,
        count: usize,
    },
    /// The ranges multiply to the tile size, and moving digit `digit` to `place` makes the
    /// place chain exact.
    PlaceMove { digit: usize, place: u64 },
    /// The ranges multiply to the tile size but no one move fixes the place chain: `count`
    /// digits, the lowest `first`, move to the places their written order gives them.
    PlaceMoves { first: usize, count: usize },
}

/// The most errors one check collects; further ones are counted in [`Errors::dropped`].
pub const MAX_ERRORS: usize = 16;

/// Every problem a check found, in the order found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Errors {
    items: [Option<LayoutError>; MAX_ERRORS],
    len: usize,
    dropped: usize,
}

impl Errors {
    const fn new() -> Errors {
        Errors {
            items: [None; MAX_ERRORS],
            len: 0,
            dropped: 0,
        }
    }

    const fn push(&mut self, e: LayoutError) {
        if self.len < MAX_ERRORS {
            self.items[self.len] = Some(e);
            self.len += 1;
        } else {
            self.dropped += 1;
        }
    }

    /// Appends every error of `other`, kept or dropped.
    const fn append(&mut self, other: &Errors) {
        let mut i = 0;
        while i < other.len {
            if let Some(e) = other.items[i] {
                self.push(e);
            }
            i += 1;
        }
        self.dropped += other.dropped;
    }

    /// Errors kept.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the numeral passed.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Errors found beyond [`MAX_ERRORS`].
    pub const fn dropped(&self) -> usize {
        self.dropped
    }

    /// The `i`-th error.
    pub const fn get(&self, i: usize) -> Option<LayoutError> {
        if i < self.len {
            self.items[i]
        } else {
            None
        }
    }

    /// The errors in order.
    pub fn iter(&self) -> impl Iterator<Item = LayoutError> + '_ {
        self.items[..self.len].iter().flatten().copied()
    }
}

/// Digit indices sorted by a key, in a fixed array (insertion sort, stable: equal keys keep
/// their written order; `const`).
pub(crate) struct Sorted {
    pub(crate) idx: [usize; MAX_DIGITS],
    pub(crate) len: usize,
}

impl Sorted {
    /// Digits with `source` (or all, when `None`) that are usable, sorted by divisor or place.
    pub(crate) const fn of(n: &Numeral, source: Option<Source>, by_place: bool) -> Sorted {
        let mut s = Sorted {
            idx: [0; MAX_DIGITS],
            len: 0,
        };
        let mut i = 0;
        while i < n.digits.len() && i < MAX_DIGITS {
            let d = &n.digits[i];
            let wanted = match source {
                Some(src) => src.index() == d.source.index(),
                None => true,
            };
            // Broadcast digits (place 0) are in their input's chain, not in the places.
            if wanted && usable(n, i) && !(by_place && d.place == 0) {
                let key = if by_place { d.place } else { d.divisor };
                let mut j = s.len;
                while j > 0 {
                    let prev = &n.digits[s.idx[j - 1]];
                    let pk = if by_place { prev.place } else { prev.divisor };
                    if pk <= key {
                        break;
                    }
                    s.idx[j] = s.idx[j - 1];
                    j -= 1;
                }
                s.idx[j] = i;
                s.len += 1;
            }
            i += 1;
        }
        s
    }
}

/// Whether digit `i` takes part in the chain checks (they run only when every digit is sound).
const fn usable(n: &Numeral, i: usize) -> bool {
    let d = &n.digits[i];
    d.range >= 2 && d.divisor >= 1
}

/// A digit's key in a chain (its place, or its divisor) and the key just above it.
const fn key_top(d: &Digit, by_place: bool) -> (u64, u64) {
    if by_place {
        (d.place as u64, d.place_top())
    } else {
        (d.divisor as u64, d.top())
    }
}

/// The product of the ranges of the digits in `s`, saturating at `u64::MAX`.
const fn product(n: &Numeral, s: &Sorted) -> u64 {
    let mut p: u64 = 1;
    let mut k = 0;
    while k < s.len {
        p = p.saturating_mul(n.digits[s.idx[k]].range as u64);
        k += 1;
    }
    p
}

/// Where the digit at position `skip` of `s` belongs, if moving it alone makes the chain exact:
/// the others, in order, must chain exactly (each key the product of the ranges below it)
/// except for one hole the size of the skipped digit's range, and reach `total`. The hole's
/// key is returned; a hole at the very top counts.
///
/// With ranges 2, 4, 8, 2 at places 1, 2, 16, 64 and total 128: skipping the range-8 digit
/// leaves 1, 2 (reaching 8), then 64 = 8 x 8, a hole at 8; 64 x 2 = 128, so `Some(8)`.
const fn hole(n: &Numeral, s: &Sorted, by_place: bool, skip: usize, total: u64) -> Option<u64> {
    let r = n.digits[s.idx[skip]].range as u64;
    let mut expected: u64 = 1;
    let mut gap: Option<u64> = None;
    let mut k = 0;
    while k < s.len {
        if k != skip {
            let (key, top) = key_top(&n.digits[s.idx[k]], by_place);
            if key == expected {
                expected = top;
            } else {
                let fills = match expected.checked_mul(r) {
                    Some(above) => above == key,
                    None => false,
                };
                if gap.is_some() || !fills {
                    return None;
                }
                gap = Some(expected);
                expected = top;
            }
        }
        k += 1;
    }
    match gap {
        Some(h) if expected == total => Some(h),
        Some(_) => None,
        None => match expected.checked_mul(r) {
            Some(t) if t == total => Some(expected),
            _ => None,
        },
    }
}

/// The one error for a chain whose ranges multiply to `total` but whose keys are wrong.
///
/// The candidate fixes are every single move that makes the chain exact ([`hole`]) and the
/// moves that keep the order of the keys ([`Moves`]). The one named keeps the rows most in the
/// order they were written (fewest pairs of rows whose keys end up descending), then moves
/// fewest digits, then moves the digit `prefer` (the one at the chain's first problem).
///
/// For the m16n8k16 accumulator written `e % 2 => 1, lane % 4 => 2, lane / 4 => 16,
/// e / 2 => 128`, moving `e / 2` alone to 8 would do, but puts it below `lane / 4`, written
/// before it; moving `lane / 4` to 8 and `e / 2` to 64 keeps the written order, and is named.
const fn misplaced(
    n: &Numeral,
    s: &Sorted,
    source: Option<Source>,
    total: u64,
    prefer: Option<usize>,
) -> LayoutError {
    let by_place = source.is_none();
    let moves = Moves::of(n, source);
    let mut keys = [0u64; MAX_DIGITS];
    let mut expected: u64 = 1;
    let mut k = 0;
    while k < s.len {
        keys[k] = expected;
        expected = expected.saturating_mul(n.digits[s.idx[k]].range as u64);
        k += 1;
    }
    // The best so far: (descending pairs, digits moved, moves `prefer`), and the single move.
    let mut best = (
        inversions(s, &keys),
        moves.len,
        moves.len == 1 && is(prefer, moves.idx[0]),
    );
    let mut single: Option<(usize, u64)> = if moves.len == 1 {
        Some((moves.idx[0], moves.to[0]))
    } else {
        None
    };
    let mut k = 0;
    while k < s.len {
        if let Some(to) = hole(n, s, by_place, k, total) {
            let mut j = 0;
            while j < s.len {
                keys[j] = key_top(&n.digits[s.idx[j]], by_place).0;
                j += 1;
            }
            keys[k] = to;
            let i = s.idx[k];
            let this = (inversions(s, &keys), 1, is(prefer, i));
            let better = this.0 < best.0
                || (this.0 == best.0 && this.1 < best.1)
                || (this.0 == best.0 && this.1 == best.1 && this.2 && !best.2);
            if better {
                best = this;
                single = Some((i, to));
            }
        }
        k += 1;
    }
    match (single, source) {
        (Some((digit, to)), Some(source)) => LayoutError::SourceMove {
            source,
            digit,
            divisor: to,
        },
        (Some((digit, to)), None) => LayoutError::PlaceMove { digit, place: to },
        (None, Some(source)) => LayoutError::SourceMoves {
            source,
            first: first_move(&moves),
            count: moves.len,
        },
        (None, None) => LayoutError::PlaceMoves {
            first: first_move(&moves),
            count: moves.len,
        },
    }
}

/// Whether `prefer` names digit `i`.
const fn is(prefer: Option<usize>, i: usize) -> bool {
    match prefer {
        Some(p) => p == i,
        None => false,
    }
}

const fn first_move(moves: &Moves) -> usize {
    if moves.len > 0 {
        moves.idx[0]
    } else {
        0
    }
}

/// How many pairs of digits of `s`, given new keys `keys[k]` (by position in `s`), have the
/// one written first at the higher key.
const fn inversions(s: &Sorted, keys: &[u64; MAX_DIGITS]) -> usize {
    let mut count = 0;
    let mut a = 0;
    while a < s.len {
        let mut b = 0;
        while b < s.len {
            if s.idx[a] < s.idx[b] && keys[a] > keys[b] {
                count += 1;
            }
            b += 1;
        }
        a += 1;
    }
    count
}

/// The moves that make a chain exact while keeping the digits' order: each digit's key
/// becomes the product of the ranges below it. Only digits whose key changes are listed, lowest
/// first. Places 1, 2, 16, 128 of ranges 2, 4, 8, 2 give `[(2, 8), (3, 64)]`.
pub(crate) struct Moves {
    pub(crate) idx: [usize; MAX_DIGITS],
    pub(crate) to: [u64; MAX_DIGITS],
    pub(crate) len: usize,
}

impl Moves {
    /// The moves for `source`'s divisor chain, or for the place chain when `None`.
    pub(crate) const fn of(n: &Numeral, source: Option<Source>) -> Moves {
        let by_place = source.is_none();
        let s = Sorted::of(n, source, by_place);
        let mut m = Moves {
            idx: [0; MAX_DIGITS],
            to: [0; MAX_DIGITS],
            len: 0,
        };
        let mut expected: u64 = 1;
        let mut k = 0;
        while k < s.len {
            let i = s.idx[k];
            let (key, _) = key_top(&n.digits[i], by_place);
            if key != expected {
                m.idx[m.len] = i;
                m.to[m.len] = expected;
                m.len += 1;
            }
            expected = expected.saturating_mul(n.digits[i].range as u64);
            k += 1;
        }
        m
    }
}

/// Walks `source`'s divisor chain, pushing overlaps and gaps; returns the top of the chain.
const fn chain(n: &Numeral, s: &Sorted, source: Source, out: &mut Errors) -> u64 {
    let mut expected: u64 = 1;
    let mut prev: Option<usize> = None;
    let mut k = 0;
    while k < s.len {
        let i = s.idx[k];
        let (key, top) = key_top(&n.digits[i], false);
        if key < expected {
            let first = match prev {
                Some(p) => p,
                None => i,
            };
            out.push(LayoutError::SourceOverlap {
                source,
                first,
                second: i,
            });
            if top > expected {
                expected = top;
                prev = Some(i);
            }
        } else {
            if key > expected {
                out.push(LayoutError::SourceGap {
                    source,
                    divisor: expected,
                    next: key,
                    digit: i,
                });
            }
            expected = top;
            prev = Some(i);
        }
        k += 1;
    }
    expected
}

/// The first digit of the place chain whose place is not the product of the ranges below it
/// (the chain's first gap or overlap); `None` when the chain is exact.
const fn first_misplaced(n: &Numeral, s: &Sorted) -> Option<usize> {
    let mut expected: u64 = 1;
    let mut k = 0;
    while k < s.len {
        let d = &n.digits[s.idx[k]];
        if d.place as u64 != expected {
            return Some(s.idx[k]);
        }
        expected = d.place_top();
        k += 1;
    }
    None
}

/// The digit the first error is about.
const fn first_digit(found: &Errors) -> Option<usize> {
    match found.get(0) {
        Some(e) => e.digit(),
        None => None,
    }
}

impl Numeral<'_> {
    /// Every problem with the numeral (empty when it is a bijection onto its tile).
    ///
    /// Three stages, each judged only on a clean result of the ones before: the tile, the
    /// counts and each digit on its own; then each input's chain of divisors; then the chain of
    /// places.
    pub const fn errors(&self) -> Errors {
        let mut out = Errors::new();
        let counted = self.tile_and_count_errors(&mut out);
        self.digit_errors(counted, &mut out);
        // Later stages build on earlier ones: a digit that is itself broken makes the chains
        // meaningless, and an input read wrongly makes the places wrong too. Each stage runs
        // only on a clean result of the ones before, so one mistake gives one message.
        if !out.is_empty() {
            return out;
        }
        let mut k = 0;
        while k < Source::ALL.len() {
            self.source_chain_errors(Source::ALL[k], &mut out);
            k += 1;
        }
        if !out.is_empty() {
            return out;
        }
        // The place chain. Stage 1 made threads x elements the tile size times the copies and
        // stage 2 made each input's ranges multiply to its count, so the ranges of the digits
        // with a place multiply to the tile size: no digit is missing or extra, and a chain
        // that is not exact is misplaced.
        let sorted = Sorted::of(self, None, true);
        if let Some(first) = first_misplaced(self, &sorted) {
            out.push(misplaced(self, &sorted, None, self.size(), Some(first)));
        }
        out
    }

    /// The tile, the warp and element counts, threads x elements against the tile size, and
    /// the number of digits. Returns whether the element count was found wrong.
    const fn tile_and_count_errors(&self, out: &mut Errors) -> bool {
        let size = self.size();
        if self.rows == 0 || self.cols == 0 || size > u32::MAX as u64 {
            out.push(LayoutError::BadTile {
                rows: self.rows,
                cols: self.cols,
            });
        }
        if self.warps == 0 {
            out.push(LayoutError::EmptySource {
                source: Source::Warp,
            });
        }
        if self.elements == 0 {
            out.push(LayoutError::EmptySource {
                source: Source::Element,
            });
        }
        // The count is judged only when the tile and both counts are sound (reported above).
        // Broadcast digits declare `copies` holders of each element.
        let threads = LANES as u64 * self.warps as u64;
        let held = size as u128 * self.copies() as u128;
        let counted = out.is_empty() && threads as u128 * self.elements as u128 != held;
        if counted {
            out.push(LayoutError::ElementCount {
                threads,
                elements: self.elements,
                size,
            });
        }
        if self.digits.len() > MAX_DIGITS {
            out.push(LayoutError::TooManyDigits {
                count: self.digits.len(),
            });
        }
        counted
    }

    /// Each of the first [`MAX_DIGITS`] digits on its own: its divisor, range and place.
    /// `counted`: the element count is wrong, so element digits are not judged against it.
    const fn digit_errors(&self, counted: bool, out: &mut Errors) {
        let mut i = 0;
        while i < self.digits.len() && i < MAX_DIGITS {
            let d = &self.digits[i];
            let extent = self.extent(d.source);
            // An input with no values is reported above; its digits are not judged again.
            if extent > 0 {
                if d.divisor == 0 {
                    out.push(LayoutError::ZeroDivisor { digit: i });
                }
                // A digit that is always 0 needs another divisor (or removing), whatever its
                // range; its range is not judged on top of that. Under a wrong element count,
                // an element digit is not judged against that count: the count is the mistake.
                let judged = !(counted && matches!(d.source, Source::Element));
                if judged && d.divisor != 0 && d.divisor >= extent {
                    out.push(LayoutError::AlwaysZero { digit: i });
                } else if d.range < 2 {
                    out.push(LayoutError::DegenerateRange { digit: i });
                }
            }
            if d.place == 0 && matches!(d.source, Source::Element) {
                out.push(LayoutError::ZeroPlace { digit: i });
            }
            i += 1;
        }
    }

    /// The chain of divisors of the digits reading `source`: nothing when it covers the input
    /// exactly; one misplaced-digit error when the ranges multiply to the input's count;
    /// otherwise the chain's gaps and overlaps and how much of the input it covers.
    const fn source_chain_errors(&self, source: Source, out: &mut Errors) {
        let extent = self.extent(source);
        let sorted = Sorted::of(self, Some(source), false);
        let mut found = Errors::new();
        let covered = chain(self, &sorted, source, &mut found);
        if found.is_empty() && covered == extent as u64 {
            return;
        }
        if product(self, &sorted) == extent as u64 {
            let prefer = first_digit(&found);
            out.push(misplaced(
                self,
                &sorted,
                Some(source),
                extent as u64,
                prefer,
            ));
            return;
        }
        out.append(&found);
        if covered != extent as u64 {
            let top = if sorted.len > 0 {
                Some(sorted.idx[sorted.len - 1])
            } else {
                None
            };
            out.push(LayoutError::SourceSpan {
                source,
                covered,
                extent,
                top,
            });
        }
    }

    /// `Ok` when the numeral is a bijection from `(thread, e)` onto its tile, apart from its
    /// declared broadcast digits ([`Digit::broadcast`]: with them fixed, it is one); otherwise
    /// the first problem. See [`errors`](Self::errors) for all of them.
    pub const fn check(&self) -> Result<(), LayoutError> {
        match self.errors().get(0) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Whether [`check`](Self::check) passes: a bijection apart from the declared broadcast
    /// digits.
    pub const fn is_bijection(&self) -> bool {
        self.is_exact() || self.errors().is_empty()
    }

    /// Whether the numeral passes every stage of [`errors`](Self::errors), decided in a few
    /// hundred steps of const evaluation instead of thousands: [`assert_bijection`] runs in every
    /// function `#[fragment_layout]` generates, so its cost for a good numeral is compile time
    /// ([docs/PERFORMANCE.md]). `true` only when `errors()` is empty; `false` for every numeral
    /// with an error, and where a product passes `u32::MAX` (no good numeral's does), and then
    /// `errors()` says what is wrong.
    ///
    /// The stages' conditions, each digit against every other: the tile and counts are sound
    /// (stage 1); each digit's divisor is 1 or more and below its input's count, its range 2 or
    /// more, its place 1 or more (stage 2); no two digits of an input share a divisor, and each
    /// divisor is the product of the ranges of the input's digits with smaller divisors, which
    /// multiply to the input's count (stage 3: the sorted chain is exact and covers the input);
    /// no two digits share a place, and each place is the product of the ranges of the digits
    /// at smaller places (stage 4).
    ///
    /// Over 80 lines: the four stages kept in one `const fn` with one sort of the digits, as
    /// every generated function evaluates it (its cost is compile time).
    ///
    /// [docs/PERFORMANCE.md]: https://github.com/fraglayout/fraglayout/blob/main/docs/PERFORMANCE.md
    pub(crate) const fn is_exact(&self) -> bool {
        let size = self.size();
        let threads = LANES as u64 * self.warps as u64;
        if self.rows == 0
            || self.cols == 0
            || size > u32::MAX as u64
            || self.warps == 0
            || self.elements == 0
            || self.digits.len() > MAX_DIGITS
        {
            return false;
        }
        let limit = u32::MAX as u64;
        // The product of each input's ranges, by `Source as usize`; of the broadcast digits'.
        let mut covered = [1u64; 3];
        let mut copies = 1u64;
        let n = self.digits.len();
        let mut i = 0;
        while i < n {
            let d = self.digits[i];
            // `as usize`, not `index()`: no call inside the loops (each costs const evaluation).
            let (source, divisor, place) = (d.source as usize, d.divisor as u64, d.place as u64);
            let extent = match d.source {
                Source::Lane => LANES,
                Source::Warp => self.warps,
                Source::Element => self.elements,
            } as u64;
            let broadcast = place == 0;
            if divisor == 0 || divisor >= extent || d.range < 2 {
                return false;
            }
            if broadcast && source == Source::Element as usize {
                return false;
            }
            // The products of the ranges below the digit: in its input's chain, in the places
            // (broadcast digits have no place, and are in no other digit's place product).
            let (mut below_divisor, mut below_place) = (1u64, 1u64);
            let mut j = 0;
            while j < n {
                let o = self.digits[j];
                if j != i {
                    if !broadcast && o.place != 0 {
                        if o.place as u64 == place {
                            return false;
                        }
                        if (o.place as u64) < place {
                            below_place *= o.range as u64;
                        }
                    }
                    if o.source as usize == source {
                        if o.divisor as u64 == divisor {
                            return false;
                        }
                        if (o.divisor as u64) < divisor {
                            below_divisor *= o.range as u64;
                        }
                    }
                    if below_place > limit || below_divisor > limit {
                        return false;
                    }
                }
                j += 1;
            }
            if below_divisor != divisor || (!broadcast && below_place != place) {
                return false;
            }
            covered[source] *= d.range as u64;
            if broadcast {
                copies *= d.range as u64;
            }
            if covered[source] > limit || copies > limit {
                return false;
            }
            i += 1;
        }
        // Each input covered (so threads x elements is at most 2^64), and the tile size times
        // the copies is what they hold.
        covered[Source::Lane as usize] == LANES as u64
            && covered[Source::Warp as usize] == self.warps as u64
            && covered[Source::Element as usize] == self.elements as u64
            && threads as u128 * self.elements as u128 == size as u128 * copies as u128
    }
}

/// Fails compilation with the numeral's first problem, in words, when used as
/// `const _: () = fraglayout::assert_bijection(&NUMERAL);`.
///
/// ```compile_fail
/// use fraglayout::{Digit, Numeral};
/// const HALF: Numeral = Numeral::new("half", 16, 8, 4, &[
///     Digit::element(1, 2, 1), Digit::lane(1, 4, 2), Digit::lane(4, 8, 8),
/// ]);
/// // error: numeral `half` is not a bijection onto its 16 x 8 tile:
/// //        element digits cover 2 of 4 elements: add a digit `e / 2` ...
/// const _: () = fraglayout::assert_bijection(&HALF);
/// ```
pub const fn assert_bijection(n: &Numeral) {
    if n.is_exact() {
        return;
    }
    let errors = n.errors();
    if let Some(first) = errors.get(0) {
        let mut m = Message::new();
        m.push("numeral `");
        m.push(n.name);
        m.push("` is not a bijection onto its ");
        m.push_num(n.rows as u64);
        m.push(" x ");
        m.push_num(n.cols as u64);
        m.push(" tile: ");
        first.write(n, &mut m);
        let more = errors.len() - 1 + errors.dropped();
        if more > 0 {
            m.push(" (and ");
            m.push_num(more as u64);
            m.push(" more)");
        }
        panic!("{}", m.as_str());
    }
}

#[cfg(test)]
mod tests {
    use crate::catalog::CATALOG;
    use crate::{Digit, Numeral};

    /// `is_exact` agrees with `errors()` on every catalog numeral (all good) and on every
    /// numeral one small change away from one: each digit's divisor, range or place moved by
    /// one, doubled or halved, two digits' places swapped, a digit dropped, a count changed.
    #[test]
    fn the_fast_verdict_is_the_full_one() {
        let mut checked = 0;
        let mut judge = |n: &Numeral| {
            assert_eq!(n.is_exact(), n.errors().is_empty(), "{n:?}");
            checked += 1;
        };
        for entry in CATALOG {
            let n = entry.numeral;
            judge(n);
            let k = n.digits.len();
            let mut buf = [Digit::lane(1, 1, 1); 32];
            buf[..k].copy_from_slice(n.digits);
            fn with<'a>(n: &Numeral, digits: &'a [Digit]) -> Numeral<'a> {
                Numeral {
                    name: "mutant",
                    digits,
                    ..*n
                }
            }
            for i in 0..k {
                for f in [
                    |x: u32| x + 1,
                    |x: u32| x.saturating_sub(1),
                    |x: u32| x * 2,
                    |x: u32| x / 2,
                ] {
                    for field in 0..3 {
                        let mut m = buf;
                        let d = &mut m[i];
                        match field {
                            0 => d.divisor = f(d.divisor),
                            1 => d.range = f(d.range),
                            _ => d.place = f(d.place),
                        }
                        judge(&with(n, &m[..k]));
                    }
                }
                for j in 0..k {
                    let mut m = buf;
                    (m[i].place, m[j].place) = (m[j].place, m[i].place);
                    judge(&with(n, &m[..k]));
                }
                let mut m = buf;
                m.copy_within(i + 1..k, i);
                judge(&with(n, &m[..k - 1]));
            }
            judge(&Numeral {
                elements: n.elements * 2,
                ..*n
            });
            judge(&Numeral { warps: 0, ..*n });
            judge(&Numeral { rows: 0, ..*n });
        }
        assert!(checked > 10 * CATALOG.len(), "{checked}");
    }
}
