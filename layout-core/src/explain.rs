//! The words for each [`LayoutError`]: lowercase, short, with the numbers and the fix.
//!
//! One `const fn` writes them, so the compile-time assertion, `Display` and the proc macros
//! say exactly the same thing.

use crate::message::Message;
use crate::{Digit, LayoutError, Numeral, Source};

impl LayoutError {
    /// The digit the error is about, for pointing at its tokens; `None` for whole-tile errors.
    pub const fn digit(&self) -> Option<usize> {
        match *self {
            LayoutError::BadTile { .. }
            | LayoutError::EmptySource { .. }
            | LayoutError::TooManyDigits { .. } => None,
            LayoutError::DegenerateRange { digit }
            | LayoutError::ZeroDivisor { digit }
            | LayoutError::ZeroPlace { digit }
            | LayoutError::SourceGap { digit, .. }
            | LayoutError::PlaceGap { digit, .. } => Some(digit),
            LayoutError::SourceOverlap { second, .. }
            | LayoutError::PlaceOverlap { second, .. } => Some(second),
            LayoutError::SourceSpan { top, .. } | LayoutError::SpanMismatch { top, .. } => top,
        }
    }

    /// The message, in a buffer.
    pub const fn message(&self, n: &Numeral) -> Message {
        let mut m = Message::new();
        self.write(n, &mut m);
        m
    }

    /// Writes the message for this error in numeral `n`.
    pub const fn write(&self, n: &Numeral, m: &mut Message) {
        match *self {
            LayoutError::BadTile { rows, cols } => {
                m.push("tile is ");
                m.push_num(rows as u64);
                m.push(" x ");
                m.push_num(cols as u64);
                if rows == 0 || cols == 0 {
                    m.push(": a tile needs at least 1 row and 1 column");
                } else {
                    m.push(": a tile holds at most 2^32 elements");
                }
            }
            LayoutError::EmptySource { source } => {
                m.push("0 ");
                m.push(source.noun());
                m.push(": a fragment needs at least 1");
            }
            LayoutError::TooManyDigits { count } => {
                m.push_num(count as u64);
                m.push(" digits: a numeral holds at most 32");
            }
            LayoutError::DegenerateRange { digit } => {
                let d = digit_at(n, digit);
                m.push("digit `");
                m.push_digit(d, n.extent(d.source));
                m.push("` has range ");
                m.push_num(d.range as u64);
                if d.range == 1 {
                    m.push(" and selects nothing: give it range 2 or more, or remove it");
                } else {
                    m.push(": a digit needs range 2 or more");
                }
            }
            LayoutError::ZeroDivisor { .. } => {
                m.push("digit divides by 0: use a divisor of 1 or more");
            }
            LayoutError::ZeroPlace { digit } => {
                let d = digit_at(n, digit);
                m.push("digit `");
                m.push_digit(d, n.extent(d.source));
                m.push("` has place 0, so all its values land on one offset: give it a place of 1 or more");
            }
            LayoutError::SourceOverlap {
                source,
                first,
                second,
            } => {
                let (a, b) = (digit_at(n, first), digit_at(n, second));
                let extent = n.extent(source);
                m.push("digits `");
                m.push_digit(a, extent);
                m.push("` and `");
                m.push_digit(b, extent);
                m.push("` overlap in ");
                m.push(source.name());
                m.push(": `");
                m.push_digit(b, extent);
                m.push("` starts at divisor ");
                m.push_num(b.divisor as u64);
                m.push(", inside divisors ");
                m.push_num(a.divisor as u64);
                m.push(" to ");
                m.push_num(a.top() - 1);
                m.push(": start it at divisor ");
                m.push_num(a.top());
            }
            LayoutError::SourceGap {
                source,
                divisor,
                next,
                ..
            } => {
                m.push("no digit reads ");
                m.push(source.name());
                m.push(" / ");
                m.push_num(divisor);
                if next % divisor == 0 {
                    m.push(": add a digit `");
                    m.push_sub_digit(source, divisor, next / divisor, n.extent(source));
                    m.push("`");
                } else {
                    m.push(": the next digit starts at divisor ");
                    m.push_num(next);
                    m.push(", which must be the product of the lower ranges (");
                    m.push_num(divisor);
                    m.push(")");
                }
            }
            LayoutError::SourceSpan {
                source,
                covered,
                extent,
                top,
            } => {
                write_source_label(source, m);
                m.push(" digits cover ");
                m.push_num(covered);
                m.push(" of ");
                m.push_num(extent as u64);
                m.push(" ");
                m.push(source.noun());
                if covered < extent as u64 {
                    if extent as u64 % covered == 0 {
                        m.push(": add a digit `");
                        m.push_sub_digit(source, covered, extent as u64 / covered, extent);
                        m.push("`");
                    } else {
                        m.push(": the ranges must multiply to ");
                        m.push_num(extent as u64);
                    }
                } else {
                    m.push(": the ranges must multiply to ");
                    m.push_num(extent as u64);
                    if let Some(t) = top {
                        let d = digit_at(n, t);
                        let below = covered / d.range as u64;
                        if below > 0 && extent as u64 % below == 0 && extent as u64 / below >= 2 {
                            m.push("; give `");
                            m.push_digit(d, extent);
                            m.push("` range ");
                            m.push_num(extent as u64 / below);
                        }
                    }
                }
            }
            LayoutError::PlaceOverlap { first, second } => {
                let (a, b) = (digit_at(n, first), digit_at(n, second));
                m.push("places overlap: `");
                m.push_digit(b, n.extent(b.source));
                m.push("` at place ");
                m.push_num(b.place as u64);
                m.push(" falls inside `");
                m.push_digit(a, n.extent(a.source));
                if a.place_top() - 1 == a.place as u64 {
                    m.push("` (place ");
                    m.push_num(a.place as u64);
                } else {
                    m.push("` (places ");
                    m.push_num(a.place as u64);
                    m.push(" to ");
                    m.push_num(a.place_top() - 1);
                }
                m.push("): move it to place ");
                m.push_num(a.place_top());
            }
            LayoutError::PlaceGap { place, next, .. } => {
                m.push("no digit has place ");
                m.push_num(place);
                if next % place == 0 {
                    m.push(": add a digit of range ");
                    m.push_num(next / place);
                    m.push(" at place ");
                    m.push_num(place);
                } else {
                    m.push(": the next digit is at place ");
                    m.push_num(next);
                    m.push(", which must be the product of the lower ranges (");
                    m.push_num(place);
                    m.push(")");
                }
            }
            LayoutError::SpanMismatch { span, size, top } => {
                if span < size {
                    m.push("digits cover ");
                    m.push_num(span);
                    m.push(" of ");
                    m.push_num(size);
                    m.push(" elements");
                    if size % span == 0 {
                        m.push(": add a digit of range ");
                        m.push_num(size / span);
                        m.push(" at place ");
                        m.push_num(span);
                    }
                } else {
                    m.push("digits span ");
                    m.push_num(span);
                    m.push(" elements but the tile has ");
                    m.push_num(size);
                    if let Some(t) = top {
                        let d = digit_at(n, t);
                        m.push(": shrink or remove `");
                        m.push_digit(d, n.extent(d.source));
                        m.push("` at place ");
                        m.push_num(d.place as u64);
                    }
                }
            }
        }
    }
}

/// Digit `i` of `n`; an error applied to another numeral than the one it came from names a
/// placeholder digit rather than panicking.
const fn digit_at<'a>(n: &'a Numeral, i: usize) -> &'a Digit {
    const UNKNOWN: Digit = Digit::lane(1, 0, 0);
    if i < n.digits.len() {
        &n.digits[i]
    } else {
        &UNKNOWN
    }
}

const fn write_source_label(source: Source, m: &mut Message) {
    m.push(match source {
        Source::Lane => "lane",
        Source::Warp => "warp",
        Source::Element => "element",
    });
}
