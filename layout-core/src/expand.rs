//! Support for the code that `#[fragment_layout]` generates.
//!
//! Generated code splits every coordinate into a *thread part*, computed once per call from the
//! thread index with constant divisors, and an *element part*, a compile-time constant per
//! element:
//!
//! ```text
//! row = thread_row(thread) + ELEMENT_ROW[e]      col = thread_col(thread) + ELEMENT_COL[e]
//! ```
//!
//! This needs the numeral to be *row/col separable*: each digit lands wholly in the row or
//! wholly in the column, after splitting a digit that straddles the column boundary (`place <
//! cols < place * range`, with `cols / place` dividing `range`). Every catalog layout is.
//! Worked for the `m16n8k16` accumulator (16 x 8): `lane % 4` at place 2 is the term
//! `(t % 4) * 2` of the column, `lane / 4` at place 8 the term `t / 4` of the row (no `% 8`: it is
//! the top digit of the thread index), and element 3 is the constant `(8, 1)`.

use crate::message::Message;
use crate::numeral::LANES;
use crate::{Numeral, Source};

/// The most thread terms generated code evaluates.
pub const MAX_THREAD_TERMS: usize = 8;

/// One term of the thread part: `((thread / divisor) % modulus) * (row_mul, col_mul)`.
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
}

impl ThreadTerm {
    /// A term that adds nothing.
    pub const ZERO: ThreadTerm = ThreadTerm {
        divisor: 1,
        modulus: 0,
        row_mul: 0,
        col_mul: 0,
    };

    /// `(row, col)` this term adds for `thread`. With a constant term the divisions are by
    /// constants (shifts and masks for powers of two).
    #[inline(always)]
    pub const fn apply(self, thread: u32) -> (usize, usize) {
        let mut v = thread / self.divisor;
        if self.modulus != 0 {
            v %= self.modulus;
        }
        (
            v as usize * self.row_mul as usize,
            v as usize * self.col_mul as usize,
        )
    }
}

/// The thread part of the coordinates: the sum of the terms. Unrolled by hand, so with constant
/// terms it folds to a few shifts, masks and adds.
#[inline(always)]
pub const fn thread_part(t: &[ThreadTerm; MAX_THREAD_TERMS], thread: u32) -> (usize, usize) {
    let a = t[0].apply(thread);
    let b = t[1].apply(thread);
    let c = t[2].apply(thread);
    let d = t[3].apply(thread);
    let e = t[4].apply(thread);
    let f = t[5].apply(thread);
    let g = t[6].apply(thread);
    let h = t[7].apply(thread);
    (
        a.0 + b.0 + c.0 + d.0 + e.0 + f.0 + g.0 + h.0,
        a.1 + b.1 + c.1 + d.1 + e.1 + f.1 + g.1 + h.1,
    )
}

/// How a digit at `place` with `range` splits between row and column of a `cols`-wide tile:
/// `Some(q)` where the low `q` values go to the column (at `place`) and `value / q` to the row;
/// `q == 0` where the whole digit goes to the row (at `place / cols`). `None`: not separable.
const fn split(place: u32, range: u32, cols: u32) -> Option<u32> {
    if place == 0 || cols == 0 {
        return None;
    }
    if place % cols == 0 {
        return Some(0);
    }
    if cols % place != 0 {
        return None;
    }
    let q = cols / place;
    if range <= q || range % q == 0 {
        Some(q)
    } else {
        None
    }
}

/// `(row, col)` that value `v` of a digit adds, given its split.
const fn place_value(v: u32, place: u32, q: u32, cols: u32) -> (usize, usize) {
    match (v.checked_div(q), v.checked_rem(q)) {
        (Some(row), Some(col)) => (row as usize, col as usize * place as usize),
        _ => (v as usize * (place / cols) as usize, 0),
    }
}

impl Numeral<'_> {
    /// The first digit that straddles the column boundary in a way generated code cannot split.
    pub const fn inseparable_digit(&self) -> Option<usize> {
        let mut i = 0;
        while i < self.digits.len() {
            let d = &self.digits[i];
            if split(d.place, d.range, self.cols).is_none() {
                return Some(i);
            }
            i += 1;
        }
        None
    }

    /// The element part of element `e`: what its digits add to `(row, col)`.
    pub const fn element_part(&self, e: u32) -> (usize, usize) {
        let (mut row, mut col) = (0, 0);
        let mut i = 0;
        while i < self.digits.len() {
            let d = &self.digits[i];
            if let (Source::Element, Some(q)) = (d.source, split(d.place, d.range, self.cols)) {
                let (r, c) = place_value(d.value_of(e), d.place, q, self.cols);
                row += r;
                col += c;
            }
            i += 1;
        }
        (row, col)
    }

    /// The thread part as constant terms for generated code.
    ///
    /// Fails compilation (as a `const`) with a message when the numeral is not separable or
    /// needs more than [`MAX_THREAD_TERMS`] terms.
    pub const fn thread_terms(&self) -> [ThreadTerm; MAX_THREAD_TERMS] {
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
            if scale != 0 {
                let q = match split(d.place, d.range, self.cols) {
                    Some(q) => q,
                    None => {
                        let mut m = Message::new();
                        m.push("numeral `");
                        m.push(self.name);
                        m.push("`: digit `");
                        m.push_digit(d, self.extent(d.source));
                        m.push("` at place ");
                        m.push_num(d.place as u64);
                        m.push(" straddles the ");
                        m.push_num(self.cols as u64);
                        m.push("-column boundary unevenly: generated code needs each digit in the row or the column");
                        panic!("{}", m.as_str());
                    }
                };
                let div = d.divisor * scale;
                // (low sub-digit to the column, high sub-digit to the row) or the whole digit.
                let parts: [(u32, u32, u32, u32); 2] = if q == 0 {
                    [(div, d.range, d.place / self.cols, 0), (1, 0, 0, 0)]
                } else if d.range <= q {
                    [(div, d.range, 0, d.place), (1, 0, 0, 0)]
                } else {
                    [(div, q, 0, d.place), (div * q, d.range / q, 1, 0)]
                };
                let mut k = 0;
                while k < 2 {
                    let (divisor, range, row_mul, col_mul) = parts[k];
                    if range != 0 {
                        if n == MAX_THREAD_TERMS {
                            panic!(
                                "numeral has more thread digits than generated code supports (8)"
                            );
                        }
                        let top = divisor as u64 * range as u64 == threads as u64;
                        out[n] = ThreadTerm {
                            divisor,
                            modulus: if top { 0 } else { range },
                            row_mul,
                            col_mul,
                        };
                        n += 1;
                    }
                    k += 1;
                }
            }
            i += 1;
        }
        out
    }
}

/// Fails compilation unless the fragment array length equals the numeral's elements per thread.
pub const fn assert_fragment_len(n: &Numeral, len: usize) {
    if len != n.elements as usize {
        let mut m = Message::new();
        m.push("fragment has ");
        m.push_num(len as u64);
        m.push(" elements but numeral `");
        m.push(n.name);
        m.push("` gives each thread ");
        m.push_num(n.elements as u64);
        m.push(": declare it as an array of ");
        m.push_num(n.elements as u64);
        panic!("{}", m.as_str());
    }
}

/// Fails compilation unless `regs` registers of `per_reg` elements hold the numeral's fragment.
pub const fn assert_packed_len(n: &Numeral, regs: usize, per_reg: usize) {
    if regs * per_reg != n.elements as usize {
        let mut m = Message::new();
        m.push("packed fragment has ");
        m.push_num(regs as u64);
        m.push(" registers of ");
        m.push_num(per_reg as u64);
        m.push(" elements but numeral `");
        m.push(n.name);
        m.push("` gives each thread ");
        m.push_num(n.elements as u64);
        m.push(" elements: declare it as an array of ");
        m.push_num(n.elements.div_ceil(per_reg as u32) as u64);
        panic!("{}", m.as_str());
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
