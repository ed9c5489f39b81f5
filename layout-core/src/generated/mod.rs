//! Support for the code that `#[fragment_layout]` and `#[convert_layout]` generate (not an API: hidden,
//! and free to change with the macros).
//!
//! Generated code splits every coordinate into a *thread part*, computed once per call from the
//! thread index with constant divisors, and an *element part*, a compile-time constant per
//! element:
//!
//! ```text
//! (row, col) = ThreadPart::new(&TERMS, thread).at(ELEMENT[e])
//!            = (thread_row + ELEMENT[e].0, thread_col + ELEMENT[e].1)   (no band: the common case)
//! ```
//!
//! Sorted by place (each place the product of the ranges below it), a numeral's digits fall into
//! three groups around the column count `cols`: *low* digits, wholly in the column
//! (`place * range` divides `cols`), and at most one digit split evenly at the boundary
//! (`cols / place` dividing `range`: its low part to the column, its high part to the row);
//! *high* digits, wholly in the row (`place` a multiple of `cols`); and, between them, a *band*
//! of digits that straddle rows unevenly. The band's offset is a multiple of the lowest band
//! place, which divides `cols`, so adding it to the low digits' column never carries.
//!
//! - Element digits, wherever they are, give the constant [`Numeral::element_part`]: the
//!   element's own offset `E` as `(E / cols, E % cols)`.
//! - Low and high thread digits are terms `((thread / divisor) % modulus) * (row_mul, col_mul)`
//!   ([`ThreadTerm`]): shifts and masks for powers of two, no division of the element index.
//! - Thread digits in the band (rare; no catalog layout has one) add `value * place` to a band
//!   offset that [`ThreadPart::new`] splits into row and column with one division by the
//!   constant `cols` per call; each element then carries a column overflow into the row with one
//!   comparison ([`ThreadPart::at`]). [`Numeral::thread_wrap`] is `cols` for such numerals and 0
//!   otherwise, and as [`ThreadPart`]'s const parameter it compiles that code away.
//!
//! Worked for the `m16n8k16` accumulator (16 x 8): `lane % 4` at place 2 is the term
//! `(t % 4) * 2` of the column, `lane / 4` at place 8 the term `t / 4` of the row (no `% 8`: it is
//! the top digit of the thread index, and generated code only runs for threads in range), and
//! element 3 is the constant `(8, 1)`. Worked for a band: `96 x 2` with `e % 3 => 1, e / 3 => 3,
//! lane => 6` has element offsets `0, 1, 2, 3, 4, 5`, so element 4 is `(2, 0)`, and lane 5 is
//! the row term `5 * 3`: lane 5, element 4 is row 17, column 0.

mod aligned;
mod arguments;
mod checks;
mod moves;
mod packed_gather;
mod packs;
mod reaches;
mod reads;
mod same_digits;
mod shuffle;
mod smem;
mod smem_base;
mod smem_threads;
mod table;
mod vector;
mod wrapping;

pub use aligned::{Align128, Align16, Align2, Align256, Align32, Align4, Align64, Align8};
pub use arguments::{fill_array, Coordinate, Fill, ThreadIndex};
pub use checks::{
    assert_fragment_len, assert_packed_len, coordinate_error, fragment_len_error, lane_count_error,
    packed_len_error, scatter_broadcast_error, thread_count_error, MAX_UNROLLED,
};
pub use moves::{LocalMove, PartMove, RoundMove};
pub use packed_gather::{b16, packed_width_error, Bits16};
pub use reaches::Reaches;
pub use same_digits::same_catalog_layout;
pub use shuffle::{
    conversion_len_error, index_or_zero, local_mask, local_single, local_table, pick, place,
    recv_table, send_table, src_table, NONE,
};
pub use smem::{
    shared_conflict_message, shared_conflict_message_at, shared_conflict_message_with,
    shared_element_error, shared_lane_bits, shared_lane_bits_at, shared_lane_mask,
    shared_lane_mask_at, shared_lane_mask_with, shared_linear, shared_offset, shared_offset_error,
    shared_offsets, shared_offsets_at, shared_offsets_with, shared_steps, shared_tile_error,
    shared_tile_error_at, shared_vector_error, shared_vector_error_at, shared_vector_error_with,
    SharedOffset, SharedThreads, MAX_CONFLICT_WARPS,
};
pub use smem_base::{SharedBase, SharedPlan};
pub use table::{ElementAt, Reach};
pub use vector::vector_error;
pub use wrapping::Wrapping;

use crate::message::Message;
use crate::numeral::LANES;
use crate::{Numeral, Source};

/// The most thread terms generated code evaluates: a 32-lane warp has at most 5 digits and a
/// digit split at the column boundary makes 2 terms, so this covers up to 1024 warps even with
/// every digit of range 2.
pub const MAX_THREAD_TERMS: usize = 16;

/// One term of the thread part: `v = (thread / divisor) % modulus`, adding
/// `(v * row_mul, v * col_mul)` to the coordinates and `v * offset_mul` to the band offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadTerm {
    /// Divisor of the thread index.
    pub divisor: u32,
    /// Remainder taken after dividing; 0 where none is needed (the top digit of the thread).
    pub modulus: u32,
    /// Weight in the row.
    pub row_mul: u32,
    /// Weight in the column.
    pub col_mul: u32,
    /// Weight in the band offset (the digit's place) for a digit that straddles rows unevenly;
    /// 0 for a digit that lands wholly in the row or the column.
    pub offset_mul: u32,
}

impl ThreadTerm {
    /// A term that adds nothing.
    pub const ZERO: ThreadTerm = ThreadTerm {
        divisor: 1,
        modulus: 0,
        row_mul: 0,
        col_mul: 0,
        offset_mul: 0,
    };

    /// The term's digit value for `thread`. With a constant term the divisions are by
    /// constants (shifts and masks for powers of two).
    #[inline(always)]
    const fn value(self, thread: u32) -> usize {
        let mut v = thread / self.divisor;
        if self.modulus != 0 {
            v %= self.modulus;
        }
        v as usize
    }

    /// `(row, col)` this term adds for `thread`.
    #[inline(always)]
    pub const fn apply(self, thread: u32) -> (usize, usize) {
        let v = self.value(thread);
        (v * self.row_mul as usize, v * self.col_mul as usize)
    }
}

/// `$body` for `$k` in `0..$n` (at most 16), unrolled by hand so that constant terms fold to a
/// few shifts, masks and adds; with `$n` a const parameter, the copies past it are not even
/// compiled.
macro_rules! unrolled {
    ($n:ident, |$k:ident| $body:block) => {
        unrolled!(@ $n, $k, $body, 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)
    };
    (@ $n:ident, $k:ident, $body:block, $($i:literal)*) => {$(
        if $i < $n {
            let $k = $i;
            $body
        }
    )*};
}

/// The thread part of the coordinates of a numeral without a band ([`Numeral::thread_wrap`]
/// is 0): the sum of the terms' row and column parts. [`ThreadPart::new`] handles every numeral.
/// Takes up to [`MAX_THREAD_TERMS`] terms: [`Numeral::thread_terms`], or the exact
/// [`Numeral::thread_terms_array`] that generated code uses.
#[inline(always)]
pub const fn thread_part<const N: usize>(t: &[ThreadTerm; N], thread: u32) -> (usize, usize) {
    const {
        assert!(
            N <= MAX_THREAD_TERMS,
            "at most MAX_THREAD_TERMS thread terms"
        )
    };
    let (mut row, mut col) = (0, 0);
    unrolled!(N, |k| {
        let (r, c) = t[k].apply(thread);
        row += r;
        col += c;
    });
    (row, col)
}

/// The band offset of `thread`: the sum of the terms' `offset_mul` parts.
#[inline(always)]
const fn band_offset<const N: usize>(t: &[ThreadTerm; N], thread: u32) -> usize {
    let mut band = 0;
    unrolled!(N, |k| {
        band += t[k].value(thread) * t[k].offset_mul as usize;
    });
    band
}

/// What the thread adds to every coordinate, computed once per call; `WRAP` is
/// [`Numeral::thread_wrap`] (the column count for a numeral with thread digits in the band, else
/// 0, which compiles the band code away).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadPart<const WRAP: usize> {
    /// Added to every element's row.
    pub row: usize,
    /// Added to every element's column; below the column count.
    pub col: usize,
}

impl<const WRAP: usize> ThreadPart<WRAP> {
    /// The thread part of `thread`, which must be below the numeral's thread count. With a band,
    /// its offset is split into row and column by one division by the constant `WRAP`.
    #[inline(always)]
    pub const fn new<const N: usize>(terms: &[ThreadTerm; N], thread: u32) -> Self {
        let (mut row, mut col) = thread_part(terms, thread);
        if WRAP != 0 {
            let band = band_offset(terms, thread);
            if let (Some(r), Some(c)) = (band.checked_div(WRAP), band.checked_rem(WRAP)) {
                row += r;
                col += c;
            }
        }
        ThreadPart { row, col }
    }

    /// `(row, col)` of the element whose [`element_part`](Numeral::element_part) is `element`:
    /// the sums, with a column overflow carried into the row when there is a band (one
    /// comparison; both parts' columns are below `WRAP`, so one carry is all there can be).
    #[inline(always)]
    pub const fn at(self, element: (usize, usize)) -> (usize, usize) {
        let (row, col) = (self.row + element.0, self.col + element.1);
        if WRAP != 0 && col >= WRAP {
            (row + 1, col - WRAP)
        } else {
            (row, col)
        }
    }
}

/// What [`ThreadPart::new`] computes with `WRAP = wrap`, for a `wrap` known only at run time
/// (tools, and tests of random numerals). `wrap` 0 skips the band.
pub const fn thread_part_wrapped<const N: usize>(
    terms: &[ThreadTerm; N],
    thread: u32,
    wrap: usize,
) -> (usize, usize) {
    let (mut row, mut col) = thread_part(terms, thread);
    let band = band_offset(terms, thread);
    if let (Some(r), Some(c)) = (band.checked_div(wrap), band.checked_rem(wrap)) {
        row += r;
        col += c;
    }
    (row, col)
}

/// What [`ThreadPart::at`] computes with `WRAP = wrap`: `part + element`, the column's overflow
/// carried into the row.
pub const fn at_wrapped(
    part: (usize, usize),
    element: (usize, usize),
    wrap: usize,
) -> (usize, usize) {
    let (row, col) = (part.0 + element.0, part.1 + element.1);
    if wrap != 0 && col >= wrap {
        (row + 1, col - wrap)
    } else {
        (row, col)
    }
}

/// How a digit at `place` with `range` splits between row and column of a `cols`-wide tile:
/// `Some(q)` where the low `q` values go to the column (at `place`) and `value / q` to the row
/// (`q = cols / place`; all of them go to the column when `place * range` divides `cols`);
/// `q == 0` where the whole digit goes to the row (at `place / cols`). `None`: in the band.
///
/// A digit that merely fits in the column without `place * range` dividing `cols` is in the
/// band: `lane % 4` at place 1 of 5-column rows puts lanes in columns 0..4, but an element digit
/// at place 4 above it adds 4 to the column and carries (lane 1 plus 4 is column 0 of the next
/// row), which only the band's arithmetic gets right.
const fn split(place: u32, range: u32, cols: u32) -> Option<u32> {
    if place == 0 || range == 0 || cols == 0 {
        return None;
    }
    if place % cols == 0 {
        return Some(0);
    }
    if cols % place != 0 {
        return None;
    }
    let q = cols / place;
    if q % range == 0 || range % q == 0 {
        Some(q)
    } else {
        None
    }
}

impl Numeral<'_> {
    /// The first digit that straddles rows unevenly (in the band, see the [module
    /// docs](self); a broadcast digit moves nothing and straddles nothing); generated code handles such numerals too, a thread digit there at the cost
    /// of one division by a constant per call and one comparison per element.
    pub const fn inseparable_digit(&self) -> Option<usize> {
        let mut i = 0;
        while i < self.digits.len() {
            let d = &self.digits[i];
            if !d.is_broadcast() && split(d.place, d.range, self.cols).is_none() {
                return Some(i);
            }
            i += 1;
        }
        None
    }

    /// The column count when a lane or warp digit lies in the band, so that generated code
    /// splits the thread's band offset at run time; 0 otherwise (every catalog layout; a
    /// broadcast digit is in no band).
    pub const fn thread_wrap(&self) -> usize {
        let mut i = 0;
        while i < self.digits.len() {
            let d = &self.digits[i];
            if !matches!(d.source, Source::Element)
                && !d.is_broadcast()
                && split(d.place, d.range, self.cols).is_none()
            {
                return self.cols as usize;
            }
            i += 1;
        }
        0
    }

    /// The element part of element `e`: its digits' offset `E` as `(E / cols, E % cols)`.
    /// For the `m16n8k16` accumulator, element 3 has offset `64 + 1`: `(8, 1)`.
    pub const fn element_part(&self, e: u32) -> (usize, usize) {
        let mut offset: u64 = 0;
        let mut i = 0;
        while i < self.digits.len() {
            let d = &self.digits[i];
            if let Source::Element = d.source {
                offset = offset.saturating_add(d.value_of(e) as u64 * d.place as u64);
            }
            i += 1;
        }
        match (
            offset.checked_div(self.cols as u64),
            offset.checked_rem(self.cols as u64),
        ) {
            (Some(row), Some(col)) => (row as usize, col as usize),
            _ => (0, 0),
        }
    }

    /// The thread part as constant terms for generated code.
    ///
    /// Fails compilation (as a `const`) with a message when the numeral needs more than
    /// `MAX_THREAD_TERMS` terms.
    pub const fn thread_terms(&self) -> [ThreadTerm; MAX_THREAD_TERMS] {
        let (terms, needed) = self.build_thread_terms();
        if needed > MAX_THREAD_TERMS {
            too_many_terms(self);
        }
        terms
    }

    /// The terms that fit, and how many the numeral needs (possibly more than fit).
    const fn build_thread_terms(&self) -> ([ThreadTerm; MAX_THREAD_TERMS], usize) {
        let mut out = [ThreadTerm::ZERO; MAX_THREAD_TERMS];
        let mut n = 0;
        let threads = self.threads();
        let mut i = 0;
        while i < self.digits.len() {
            let d = &self.digits[i];
            let scale = match d.source {
                Source::Lane => 1,
                Source::Warp => LANES,
                Source::Element => 0,
            };
            // A broadcast digit (place 0) adds nothing: no term.
            if scale != 0 && d.place != 0 {
                let div = d.divisor.saturating_mul(scale);
                // (divisor, range, row_mul, col_mul, offset_mul) of up to two terms: the low
                // sub-digit to the column and the high one to the row, the whole digit to one of
                // them, or the whole digit to the band.
                let parts: [(u32, u32, u32, u32, u32); 2] = match split(d.place, d.range, self.cols)
                {
                    None => [(div, d.range, 0, 0, d.place), (1, 0, 0, 0, 0)],
                    Some(0) => [(div, d.range, d.place / self.cols, 0, 0), (1, 0, 0, 0, 0)],
                    Some(q) if d.range <= q => [(div, d.range, 0, d.place, 0), (1, 0, 0, 0, 0)],
                    Some(q) => [
                        (div, q, 0, d.place, 0),
                        (div.saturating_mul(q), d.range / q, 1, 0, 0),
                    ],
                };
                let mut k = 0;
                while k < 2 {
                    let (divisor, range, row_mul, col_mul, offset_mul) = parts[k];
                    if range != 0 {
                        let top = divisor as u64 * range as u64 == threads as u64;
                        if n < MAX_THREAD_TERMS {
                            out[n] = ThreadTerm {
                                divisor,
                                modulus: if top { 0 } else { range },
                                row_mul,
                                col_mul,
                                offset_mul,
                            };
                        }
                        n += 1;
                    }
                    k += 1;
                }
            }
            i += 1;
        }
        (out, n)
    }
}

impl Numeral<'_> {
    /// How many thread terms generated code evaluates: one for each lane or warp digit, two
    /// for a digit split at the column boundary; at most `MAX_THREAD_TERMS` (a numeral
    /// needing more is refused by [`thread_terms`](Self::thread_terms)).
    pub const fn thread_term_count(&self) -> usize {
        let needed = self.build_thread_terms().1;
        if needed < MAX_THREAD_TERMS {
            needed
        } else {
            MAX_THREAD_TERMS
        }
    }

    /// The first `N` of [`thread_terms`](Self::thread_terms): with `N` the
    /// [`thread_term_count`](Self::thread_term_count), exactly the terms, no padding. Generated
    /// code writes `const __FL_TERMS: [ThreadTerm; __FL_NUMERAL.thread_term_count()] =
    /// __FL_NUMERAL.thread_terms_array();`.
    ///
    /// Unlike `thread_terms`, it does not fail for a numeral that needs more terms than fit;
    /// generated code checks [`thread_terms_error`](Self::thread_terms_error) on its own.
    pub const fn thread_terms_array<const N: usize>(&self) -> [ThreadTerm; N] {
        const {
            assert!(
                N <= MAX_THREAD_TERMS,
                "at most MAX_THREAD_TERMS thread terms"
            )
        };
        let all = self.build_thread_terms().0;
        let mut out = [ThreadTerm::ZERO; N];
        let mut k = 0;
        while k < N {
            out[k] = all[k];
            k += 1;
        }
        out
    }
}

impl Numeral<'_> {
    /// Why generated code cannot evaluate the numeral's thread part, if it cannot: it needs
    /// more than `MAX_THREAD_TERMS` terms.
    pub const fn thread_terms_error(&self) -> Option<Message> {
        let needed = self.build_thread_terms().1;
        if needed <= MAX_THREAD_TERMS {
            return None;
        }
        let mut m = Message::new();
        m.push("numeral `");
        m.push(self.name);
        m.push("` needs ");
        m.push_num(needed as u64);
        m.push(" lane and warp terms (one a digit, two for a digit split at the column boundary), more than the ");
        m.push_num(MAX_THREAD_TERMS as u64);
        m.push(" generated code evaluates: merge neighbouring digits of the same input (`warp % 2 => 512, warp / 2 => 1024` is `warp => 512`)");
        Some(m)
    }
}

/// The refusal of a numeral with more thread terms than generated code evaluates.
const fn too_many_terms(n: &Numeral) -> ! {
    match n.thread_terms_error() {
        Some(m) => panic!("{}", m.as_str()),
        None => panic!("too many thread terms"),
    }
}

impl Numeral<'_> {
    /// Whether elements `2k` and `2k + 1` of every thread are neighbours in a row, so generated
    /// code may move them with one two-element access.
    ///
    /// The rule: the element digit with divisor 1 has place 1 and an even range, the fragment
    /// has an even number of elements, and the tile an even number of columns. Then element
    /// `2k + 1` sits one column right of element `2k`: the other digits have places that are
    /// multiples of that range, so `2k` lands on an even column and `2k + 1` stays in its row.
    /// True for the `m16n8k16` A and C fragments (`e % 2` at place 1), false for B (`lane / 4`
    /// at place 1).
    pub const fn adjacent_pairs(&self) -> bool {
        if self.elements % 2 != 0 || self.cols % 2 != 0 {
            return false;
        }
        let mut i = 0;
        while i < self.digits.len() {
            let d = &self.digits[i];
            if matches!(d.source, Source::Element) && d.divisor == 1 {
                return d.place == 1 && d.range % 2 == 0;
            }
            i += 1;
        }
        false
    }
}
