//! The bijection check: does the numeral cover its tile exactly once?
//!
//! A numeral is a bijection from `(thread, e)` onto the tile exactly when
//! 1. each input's digits, sorted by divisor, have divisor = product of the lower ranges and
//!    cover the input's extent (32 lanes, `warps`, `elements`): every input value is read once;
//! 2. all digits, sorted by place, have place = product of the lower ranges, and the product of
//!    all ranges (the span) is `rows * cols`: every offset is written once.
//!
//! Both are necessary as well as sufficient for digits of range 2 or more, so
//! [`Numeral::check`] agrees with a brute-force ownership map of the tile.

use crate::message::Message;
use crate::numeral::MAX_DIGITS;
use crate::{Numeral, Source};

/// What is wrong with a numeral. Digits are named by their index in [`Numeral::digits`];
/// each variant's fields are the numbers its message quotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum LayoutError {
    /// The tile has no rows or no columns, or more than 2^32 elements.
    BadTile { rows: u32, cols: u32 },
    /// `warps` or `elements` is 0.
    EmptySource { source: Source },
    /// More digits than [`MAX_DIGITS`].
    TooManyDigits { count: usize },
    /// A digit of range 0 or 1.
    DegenerateRange { digit: usize },
    /// A digit dividing by 0.
    ZeroDivisor { digit: usize },
    /// A digit at place 0.
    ZeroPlace { digit: usize },
    /// Two digits read overlapping parts of one input.
    SourceOverlap { source: Source, first: usize, second: usize },
    /// No digit reads `source / divisor`; the next digit (index `digit`) starts at `next`.
    SourceGap { source: Source, divisor: u64, next: u64, digit: usize },
    /// The input's digits cover `covered` values, not its extent.
    SourceSpan { source: Source, covered: u64, extent: u32, top: Option<usize> },
    /// Two digits claim overlapping places.
    PlaceOverlap { first: usize, second: usize },
    /// No digit has place `place`; the next digit (index `digit`) is at `next`.
    PlaceGap { place: u64, next: u64, digit: usize },
    /// The digits span `span` offsets but the tile has `size` elements.
    SpanMismatch { span: u64, size: u64, top: Option<usize> },
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

/// Digit indices sorted by a key, in a fixed array (insertion sort; `const`).
struct Sorted {
    idx: [usize; MAX_DIGITS],
    len: usize,
}

impl Sorted {
    /// Digits with `source` (or all, when `None`) that are usable, sorted by divisor or place.
    const fn of(n: &Numeral, source: Option<Source>, by_place: bool) -> Sorted {
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
            if wanted && usable(n, i) {
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

/// A digit that gets its own error (range < 2, divisor 0, place 0) is left out of the chain
/// checks, so one mistake gives one message.
const fn usable(n: &Numeral, i: usize) -> bool {
    let d = &n.digits[i];
    d.range >= 2 && d.divisor >= 1 && d.place >= 1
}

/// Walks a chain sorted by `key`, pushing overlaps and gaps; returns the top of the chain.
const fn chain(n: &Numeral, s: &Sorted, by_place: bool, source: Source, out: &mut Errors) -> u64 {
    let mut expected: u64 = 1;
    let mut prev: Option<usize> = None;
    let mut k = 0;
    while k < s.len {
        let i = s.idx[k];
        let d = &n.digits[i];
        let (key, top) = if by_place {
            (d.place as u64, d.place_top())
        } else {
            (d.divisor as u64, d.top())
        };
        if key < expected {
            let first = match prev {
                Some(p) => p,
                None => i,
            };
            out.push(if by_place {
                LayoutError::PlaceOverlap { first, second: i }
            } else {
                LayoutError::SourceOverlap {
                    source,
                    first,
                    second: i,
                }
            });
            if top > expected {
                expected = top;
                prev = Some(i);
            }
        } else {
            if key > expected {
                out.push(if by_place {
                    LayoutError::PlaceGap {
                        place: expected,
                        next: key,
                        digit: i,
                    }
                } else {
                    LayoutError::SourceGap {
                        source,
                        divisor: expected,
                        next: key,
                        digit: i,
                    }
                });
            }
            expected = top;
            prev = Some(i);
        }
        k += 1;
    }
    expected
}

impl Numeral<'_> {
    /// Every problem with the numeral (empty when it is a bijection onto its tile).
    pub const fn errors(&self) -> Errors {
        let mut out = Errors::new();
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
        if self.digits.len() > MAX_DIGITS {
            out.push(LayoutError::TooManyDigits {
                count: self.digits.len(),
            });
        }
        let mut i = 0;
        while i < self.digits.len() && i < MAX_DIGITS {
            let d = &self.digits[i];
            if d.range < 2 {
                out.push(LayoutError::DegenerateRange { digit: i });
            }
            if d.divisor == 0 {
                out.push(LayoutError::ZeroDivisor { digit: i });
            }
            if d.place == 0 {
                out.push(LayoutError::ZeroPlace { digit: i });
            }
            i += 1;
        }
        let mut k = 0;
        while k < Source::ALL.len() {
            let source = Source::ALL[k];
            let extent = self.extent(source);
            let sorted = Sorted::of(self, Some(source), false);
            let covered = chain(self, &sorted, false, source, &mut out);
            if extent > 0 && covered != extent as u64 {
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
            k += 1;
        }
        let sorted = Sorted::of(self, None, true);
        let span = chain(self, &sorted, true, Source::Lane, &mut out);
        if size > 0 && span != size {
            let top = if sorted.len > 0 {
                Some(sorted.idx[sorted.len - 1])
            } else {
                None
            };
            out.push(LayoutError::SpanMismatch { span, size, top });
        }
        out
    }

    /// `Ok` when the numeral is a bijection from `(thread, e)` onto its tile; otherwise the first
    /// problem. See [`errors`](Self::errors) for all of them.
    pub const fn check(&self) -> Result<(), LayoutError> {
        match self.errors().get(0) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Whether [`check`](Self::check) passes.
    pub const fn is_bijection(&self) -> bool {
        self.errors().is_empty()
    }
}

/// Fails compilation with the numeral's first problem, in words, when used as
/// `const _: () = layout_core::assert_bijection(&NUMERAL);`.
///
/// ```compile_fail
/// use layout_core::{Digit, Numeral};
/// const HALF: Numeral = Numeral::new("half", 16, 8, 4, &[
///     Digit::element(1, 2, 1), Digit::lane(1, 4, 2), Digit::lane(4, 8, 8),
/// ]);
/// // error: numeral `half` is not a bijection onto its 16 x 8 tile:
/// //        element digits cover 2 of 4 elements: add a digit `e / 2` ...
/// const _: () = layout_core::assert_bijection(&HALF);
/// ```
pub const fn assert_bijection(n: &Numeral) {
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
