//! The words for each [`LayoutError`]: lowercase, short, with the numbers and the fix.
//!
//! One `const fn` writes them, so the compile-time assertion, `Display` and the proc macros
//! say exactly the same thing.

use crate::check::Moves;
use crate::message::Message;
use crate::{Digit, LayoutError, Numeral, Source};

impl LayoutError {
    /// The digit the error is about, for pointing at its tokens; `None` for whole-tile errors.
    pub const fn digit(&self) -> Option<usize> {
        match *self {
            LayoutError::BadTile { .. }
            | LayoutError::EmptySource { .. }
            | LayoutError::ElementCount { .. }
            | LayoutError::TooManyDigits { .. } => None,
            LayoutError::DegenerateRange { digit }
            | LayoutError::ZeroDivisor { digit }
            | LayoutError::AlwaysZero { digit }
            | LayoutError::ZeroPlace { digit }
            | LayoutError::SourceGap { digit, .. }
            | LayoutError::SourceMove { digit, .. }
            | LayoutError::PlaceMove { digit, .. } => Some(digit),
            LayoutError::SourceMoves { first, .. } | LayoutError::PlaceMoves { first, .. } => {
                Some(first)
            }
            LayoutError::SourceOverlap { second, .. } => Some(second),
            LayoutError::SourceSpan { top, .. } => top,
        }
    }

    /// Whether the error is about how the digits fit together (an input's chain of divisors,
    /// or the chain of places) rather than about the tile, a count or one digit on its own.
    /// Such an error can be judged only with every digit known: `numeral!` leaves it out when
    /// a row could not be read, where the others still stand.
    pub const fn is_about_the_chains(&self) -> bool {
        match *self {
            LayoutError::BadTile { .. }
            | LayoutError::EmptySource { .. }
            | LayoutError::ElementCount { .. }
            | LayoutError::TooManyDigits { .. }
            | LayoutError::DegenerateRange { .. }
            | LayoutError::ZeroDivisor { .. }
            | LayoutError::AlwaysZero { .. }
            | LayoutError::ZeroPlace { .. } => false,
            LayoutError::SourceOverlap { .. }
            | LayoutError::SourceGap { .. }
            | LayoutError::SourceSpan { .. }
            | LayoutError::SourceMove { .. }
            | LayoutError::SourceMoves { .. }
            | LayoutError::PlaceMove { .. }
            | LayoutError::PlaceMoves { .. } => true,
        }
    }

    /// The message, in a buffer.
    pub const fn message(&self, n: &Numeral) -> Message {
        let mut m = Message::new();
        self.write(n, &mut m);
        m
    }

    /// Writes the message for this error in numeral `n`: each kind of error has its writer
    /// below.
    pub const fn write(&self, n: &Numeral, m: &mut Message) {
        match *self {
            LayoutError::BadTile { rows, cols } => write_bad_tile(rows, cols, m),
            LayoutError::EmptySource { source } => {
                m.push("0 ");
                m.push(source.noun());
                m.push(": a fragment needs at least 1 ");
                m.push(source.singular());
            }
            LayoutError::ElementCount {
                threads,
                elements,
                size,
            } => write_element_count(n, threads, elements, size, m),
            LayoutError::TooManyDigits { count } => {
                m.push_num(count as u64);
                m.push(" digits: a numeral holds at most 32");
            }
            LayoutError::DegenerateRange { digit } => {
                let d = write_digit_named(n, digit, m);
                m.push(" has range ");
                m.push_num(d.range as u64);
                m.push(if d.range == 1 {
                    " and selects nothing: give it range 2 or more, or remove it"
                } else {
                    ": a digit needs range 2 or more"
                });
            }
            LayoutError::ZeroDivisor { .. } => {
                m.push("digit divides by 0: use a divisor of 1 or more");
            }
            LayoutError::AlwaysZero { digit } => write_always_zero(n, digit_at(n, digit), m),
            LayoutError::ZeroPlace { digit } => {
                write_digit_named(n, digit, m);
                m.push(" broadcasts (place 0), but only lane and warp digits can: one thread's elements are distinct; give it a place of 1 or more");
            }
            LayoutError::SourceOverlap {
                source,
                first,
                second,
            } => write_source_overlap(n, source, first, second, m),
            LayoutError::SourceGap {
                source,
                divisor,
                next,
                ..
            } => write_source_gap(n, source, divisor, next, m),
            LayoutError::SourceSpan {
                source,
                covered,
                extent,
                top,
            } => write_source_span(n, source, covered, extent, top, m),
            LayoutError::SourceMove {
                source,
                digit,
                divisor,
            } => {
                let d = digit_at(n, digit);
                let extent = n.extent(source);
                write_no_digit_reads(source, divisor, m);
                m.push(": change `");
                m.push_digit(d, extent);
                m.push("` to `");
                m.push_digit(&moved(d, divisor), extent);
                m.push("`");
            }
            LayoutError::SourceMoves { source, .. } => write_source_moves(n, source, m),
            LayoutError::PlaceMove { digit, place } => write_first_move(n, digit, place, m),
            LayoutError::PlaceMoves { .. } => write_place_moves(n, m),
        }
    }
}

/// `tile is 0 x 8: a tile needs at least 1 row and 1 column`, or that it has too many elements.
const fn write_bad_tile(rows: u32, cols: u32, m: &mut Message) {
    m.push("tile is ");
    m.push_num(rows as u64);
    m.push(" x ");
    m.push_num(cols as u64);
    if rows == 0 || cols == 0 {
        m.push(": a tile needs at least 1 row and 1 column");
    } else {
        m.push(" = ");
        m.push_num(rows as u64 * cols as u64);
        m.push(" elements: a tile holds at most 2^32 - 1 = ");
        m.push_num(u32::MAX as u64);
    }
}

/// `32 threads x 4 elements = 128, but the 16 x 16 tile has 256 elements: use `elements 8``,
/// or why no element count fills the tile. Under broadcast digits, the distinct elements the
/// threads hold: `32 threads x 4 elements = 128, held 2 times each (broadcast) = 64, ...`.
const fn write_element_count(n: &Numeral, threads: u64, elements: u32, size: u64, m: &mut Message) {
    let copies = n.copies();
    m.push_num(threads);
    m.push(" threads x ");
    m.push_num(elements as u64);
    m.push(if elements == 1 {
        " element = "
    } else {
        " elements = "
    });
    m.push_num(threads.saturating_mul(elements as u64));
    if copies > 1 {
        m.push(", held ");
        m.push_num(copies);
        m.push(" times each (broadcast) = ");
        m.push_num(threads.saturating_mul(elements as u64) / copies);
    }
    // The threads that hold distinct elements; the fix's count is the tile's share of each.
    let threads = threads / copies;
    m.push(", but the ");
    m.push_num(n.rows as u64);
    m.push(" x ");
    m.push_num(n.cols as u64);
    m.push(" tile has ");
    m.push_num(size);
    m.push(" elements");
    if threads == 0 || size < threads {
        m.push(", fewer than the threads: every thread holds at least one element");
    } else if size % threads != 0 {
        m.push(", not a multiple of ");
        m.push_num(threads);
        m.push(" threads: no element count fills it");
    } else {
        m.push(": use `elements ");
        m.push_num(size / threads);
        m.push("`");
    }
}

/// `` digit `lane % 4` ``; returns the digit.
const fn write_digit_named<'a>(n: &'a Numeral, digit: usize, m: &mut Message) -> &'a Digit {
    let d = digit_at(n, digit);
    m.push("digit `");
    m.push_digit(d, n.extent(d.source));
    m.push("`");
    d
}

/// `no digit reads lane / 4`.
const fn write_no_digit_reads(source: Source, divisor: u64, m: &mut Message) {
    m.push("no digit reads ");
    m.push(source.name());
    m.push(" / ");
    m.push_num(divisor);
}

/// `` digits `lane % 4` and `lane` overlap in lane: `lane` starts at divisor 1, inside
/// divisors 1 to 3: start it at divisor 4 ``.
const fn write_source_overlap(
    n: &Numeral,
    source: Source,
    first: usize,
    second: usize,
    m: &mut Message,
) {
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
    m.push_num(a.top().saturating_sub(1));
    m.push(": start it at divisor ");
    m.push_num(a.top());
}

/// `` no digit reads lane / 4: add a digit `lane / 4 % 2` ``, or what the next divisor must be.
const fn write_source_gap(n: &Numeral, source: Source, divisor: u64, next: u64, m: &mut Message) {
    write_no_digit_reads(source, divisor, m);
    if divisor != 0 && next % divisor == 0 {
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

/// `` element digits cover 2 of 8 elements: add a digit `e / 2` ``; when they cover too many,
/// the range the top digit `top` should have.
const fn write_source_span(
    n: &Numeral,
    source: Source,
    covered: u64,
    extent: u32,
    top: Option<usize>,
    m: &mut Message,
) {
    m.push(source.singular());
    m.push(" digits cover ");
    m.push_num(covered);
    m.push(" of ");
    m.push_num(extent as u64);
    m.push(" ");
    m.push(source.noun());
    if covered < extent as u64 && covered != 0 && extent as u64 % covered == 0 {
        m.push(": add a digit `");
        m.push_sub_digit(source, covered, extent as u64 / covered, extent);
        m.push("`");
        return;
    }
    m.push(": the ranges must multiply to ");
    m.push_num(extent as u64);
    if covered < extent as u64 {
        return;
    }
    if let Some(t) = top {
        let d = digit_at(n, t);
        let below = match covered.checked_div(d.range as u64) {
            Some(b) => b,
            None => 0,
        };
        if below > 0 && extent as u64 % below == 0 && extent as u64 / below >= 2 {
            m.push("; give `");
            m.push_digit(d, extent);
            m.push("` range ");
            m.push_num(extent as u64 / below);
        }
    }
}

/// `` no digit reads lane / 4: change `lane / 8` to `lane / 4`, `x` to `y` and 2 more ``: the
/// first [`SHOWN_MOVES`] of the moves that mend `source`'s chain of divisors.
const fn write_source_moves(n: &Numeral, source: Source, m: &mut Message) {
    let extent = n.extent(source);
    let moves = Moves::of(n, Some(source));
    if moves.len == 0 {
        m.push("each ");
        m.push(source.name());
        m.push(" divisor must be the product of the lower ranges");
    }
    let mut k = 0;
    while k < moves.len && k < SHOWN_MOVES {
        let d = digit_at(n, moves.idx[k]);
        if k == 0 {
            if d.divisor as u64 > moves.to[0] {
                write_no_digit_reads(source, moves.to[0], m);
            } else {
                m.push("digits overlap in ");
                m.push(source.name());
            }
            m.push(": change `");
        } else {
            write_separator(k, moves.len, m);
            m.push("`");
        }
        m.push_digit(d, extent);
        m.push("` to `");
        m.push_digit(&moved(d, moves.to[k]), extent);
        m.push("`");
        k += 1;
    }
    write_more(moves.len, m);
}

/// The first move said as [`write_first_move`] does, then `` `e / 2` to place 64 `` for
/// each further one of the first [`SHOWN_MOVES`] moves that mend the chain of places.
const fn write_place_moves(n: &Numeral, m: &mut Message) {
    let moves = Moves::of(n, None);
    if moves.len == 0 {
        m.push("each place must be the product of the lower ranges");
    }
    let mut k = 0;
    while k < moves.len && k < SHOWN_MOVES {
        if k == 0 {
            write_first_move(n, moves.idx[0], moves.to[0], m);
        } else {
            let d = digit_at(n, moves.idx[k]);
            write_separator(k, moves.len, m);
            m.push("`");
            m.push_digit(d, n.extent(d.source));
            m.push("` to place ");
            m.push_num(moves.to[k]);
        }
        k += 1;
    }
    write_more(moves.len, m);
}

/// How many moves a message lists before "and N more".
const SHOWN_MOVES: usize = 4;

/// The closing backtick of a digit's name and its places: `` ` (place 2)`` or `` ` (places 2 to 7)``.
const fn write_place_span(a: &Digit, m: &mut Message) {
    let last = a.place_top().saturating_sub(1);
    if last <= a.place as u64 {
        m.push("` (place ");
        m.push_num(a.place as u64);
    } else {
        m.push("` (places ");
        m.push_num(a.place as u64);
        m.push(" to ");
        m.push_num(last);
    }
    m.push(")");
}

/// `move `lane / 4` from place 16 to place 8`, said as what is wrong with digit `i` where it
/// is: a place left empty below it, or its place inside another digit's places.
const fn write_first_move(n: &Numeral, i: usize, place: u64, m: &mut Message) {
    let d = digit_at(n, i);
    match covering(n, i) {
        Some(c) => {
            let a = digit_at(n, c);
            m.push("places overlap: `");
            m.push_digit(d, n.extent(d.source));
            m.push("` at place ");
            m.push_num(d.place as u64);
            m.push(" falls inside `");
            m.push_digit(a, n.extent(a.source));
            write_place_span(a, m);
            m.push(": move it to place ");
        }
        None => {
            m.push("no digit has place ");
            m.push_num(place);
            m.push(": move `");
            m.push_digit(d, n.extent(d.source));
            m.push("` from place ");
            m.push_num(d.place as u64);
            m.push(" to place ");
        }
    }
    m.push_num(place);
}

/// `, ` between the moves of a list, ` and ` before the last one shown when none is left out.
const fn write_separator(k: usize, len: usize, m: &mut Message) {
    if k + 1 == len && len <= SHOWN_MOVES {
        m.push(" and ");
    } else {
        m.push(", ");
    }
}

/// ` and N more` after a list of moves cut at [`SHOWN_MOVES`].
const fn write_more(len: usize, m: &mut Message) {
    if len > SHOWN_MOVES {
        m.push(" and ");
        m.push_num((len - SHOWN_MOVES) as u64);
        m.push(" more");
    }
}

/// Digit `d` read from `divisor` instead, its range kept.
const fn moved(d: &Digit, divisor: u64) -> Digit {
    let divisor = if divisor > u32::MAX as u64 {
        u32::MAX
    } else {
        divisor as u32
    };
    Digit::new(d.source, divisor, d.range, d.place)
}

/// Another digit whose places contain digit `i`'s place (`lane % 4` at 2 covers 2 to 7).
const fn covering(n: &Numeral, i: usize) -> Option<usize> {
    if i >= n.digits.len() {
        return None;
    }
    let p = n.digits[i].place as u64;
    let mut j = 0;
    while j < n.digits.len() {
        let d = &n.digits[j];
        if j != i && (d.place as u64) <= p && p < d.place_top() {
            return Some(j);
        }
        j += 1;
    }
    None
}

/// `` `e / 4` is always 0: `elements 4` keeps e below 4; use a divisor below 4, or raise
/// `elements` ``; for an input of one value, the digit is removed instead.
const fn write_always_zero(n: &Numeral, d: &Digit, m: &mut Message) {
    let extent = n.extent(d.source);
    m.push("`");
    m.push(d.source.name());
    if d.divisor != 1 {
        m.push(" / ");
        m.push_num(d.divisor as u64);
    }
    m.push("` is always 0: ");
    if extent <= 1 {
        m.push("there is only 1 ");
        m.push(d.source.singular());
        m.push("; remove the digit, or raise `");
        m.push(d.source.noun());
        m.push("`");
        return;
    }
    match d.source {
        Source::Lane => {
            m.push(d.source.name());
            m.push(" is below ");
        }
        Source::Warp | Source::Element => {
            m.push("`");
            m.push(d.source.noun());
            m.push(" ");
            m.push_num(extent as u64);
            m.push("` keeps ");
            m.push(d.source.name());
            m.push(" below ");
        }
    }
    m.push_num(extent as u64);
    m.push("; use a divisor below ");
    m.push_num(extent as u64);
    if !matches!(d.source, Source::Lane) {
        m.push(", or raise `");
        m.push(d.source.noun());
        m.push("`");
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
