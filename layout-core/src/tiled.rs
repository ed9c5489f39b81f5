//! Tiles of tiles: a warp's register tile made of several copies of an instruction tile, as a
//! numeral of its own, checked like any other.
//!
//! [`Numeral::tiled`]`(tile_rows, tile_cols)` lays `tile_rows x tile_cols` copies of a
//! `rows x cols` tile out in a grid, a new tile of `(rows * tile_rows) x (cols * tile_cols)`
//! over the same threads. Each thread holds its fragment of every copy, copies in row-major
//! order, so element `e` of copy `(ti, tj)` is element
//!
//! ```text
//! e' = e + elements * (ti * tile_cols + tj)
//! ```
//!
//! of the new fragment: the fragment of copy 0 first, then copy 1's, and so on.
//!
//! # The digits
//!
//! With `cols` the inner tile's width and `wide = cols * tile_cols` the new one's:
//!
//! - a *column* digit (`place * range <= cols`) keeps its place: it moves within a row of its
//!   copy;
//! - a *row* digit (`place % cols == 0`) moves by whole rows: its place becomes
//!   `(place / cols) * wide`;
//! - a digit straddling the row boundary (`place < cols < place * range`) is split into a
//!   column digit of range `cols / place` and a row digit above it, when both divide exactly;
//!   otherwise the numeral's rows and columns are not separable and no tile of tiles exists
//!   ([`TileError::Straddles`]);
//! - two tile digits join: `e / elements % tile_cols` at place `cols` (which copy along the
//!   row) and `e / (elements * tile_cols) % tile_rows` at place `rows * wide` (which copy down
//!   the column); a tile digit of range 1 is left out.
//!
//! # Worked example: FlashAttention-2's pair
//!
//! Two `m16n8k16` f32 accumulators side by side, [`SM80_16x8x16_F32_C`] tiled `1 x 2`, make a
//! 16 x 16 tile with 8 elements per lane:
//!
//! | inner digit | range | place | kind   | tiled place        |
//! |-------------|-------|-------|--------|--------------------|
//! | `e % 2`     | 2     | 1     | column | 1                  |
//! | `lane % 4`  | 4     | 2     | column | 2                  |
//! | `lane / 4`  | 8     | 8     | row    | (8 / 8) * 16 = 16  |
//! | `e / 2 % 2` | 2     | 64    | row    | (64 / 8) * 16 = 128|
//! | `e / 4` (tile column) | 2 | - | tile | 8 (`cols`)      |
//!
//! Sorted by place: `e % 2 => 1, lane % 4 => 2, e / 4 => 8, lane / 4 => 16, e / 2 % 2 => 128`,
//! digit for digit the A operand of the next `m16n8k16`, [`SM80_16x8x16_F16_A_ROW`]: the
//! accumulators are already where the A operand needs them, register for register.
//!
//! ```
//! use fraglayout::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C};
//! use fraglayout::Numeral;
//!
//! // A call of a `const fn` in a `const` item's initializer lives for 'static, so the tiled
//! // numeral can borrow it. (A `match` on `tiled`'s result there does not: give the `Tiled`
//! // a `const` item of its own, as below, or use `tiled_or_panic`.)
//! const ACC2: Numeral = SM80_16x8x16_F32_C.tiled_or_panic(1, 2).numeral();
//! const _: () = fraglayout::assert_bijection(&ACC2);
//!
//! const ACC2_TILED: fraglayout::Tiled = match SM80_16x8x16_F32_C.tiled(1, 2) {
//!     Ok(t) => t,
//!     Err(_) => panic!("the accumulator tiles"),
//! };
//! const ALSO: Numeral = ACC2_TILED.numeral();
//! assert_eq!(ALSO, ACC2);
//! assert_eq!((ACC2.rows, ACC2.cols, ACC2.elements), (16, 16, 8));
//! assert_eq!(ACC2.digits, SM80_16x8x16_F16_A_ROW.digits);
//! // Element 5 of lane 6 is element 1 of the right-hand copy: (1, 5) there, (1, 13) here.
//! assert_eq!(SM80_16x8x16_F32_C.coords(6, 1), Some((1, 5)));
//! assert_eq!(ACC2.coords(6, 5), Some((1, 13)));
//! ```
//!
//! [`SM80_16x8x16_F32_C`]: crate::catalog::SM80_16x8x16_F32_C
//! [`SM80_16x8x16_F16_A_ROW`]: crate::catalog::SM80_16x8x16_F16_A_ROW

use crate::check::Sorted;
use crate::message::Message;
use crate::{Digit, LayoutError, Numeral, MAX_DIGITS};

/// A numeral that owns its digits: the result of [`Numeral::tiled`]. Read it through
/// [`numeral`](Self::numeral).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tiled {
    digits: [Digit; MAX_DIGITS],
    len: usize,
    rows: u32,
    cols: u32,
    warps: u32,
    elements: u32,
    name: Message,
}

impl Tiled {
    /// The tiled layout as a [`Numeral`] borrowing these digits; its name is the inner one's
    /// with the tiling, `"SM80_16x8x16_F32_C tiled 1 x 2"` (rename it with
    /// [`Numeral::renamed`]).
    pub const fn numeral(&self) -> Numeral<'_> {
        Numeral {
            name: self.name.as_str(),
            rows: self.rows,
            cols: self.cols,
            warps: self.warps,
            elements: self.elements,
            digits: self.digits.split_at(self.len).0,
        }
    }
}

/// Why [`Numeral::tiled`] found no tile of tiles. Each variant's fields are the numbers its
/// [`message`](Self::message) quotes.
///
/// [`NotBijection`](Self::NotBijection) carries its words, written while the inner numeral
/// was at hand, so the error needs no lifetime; a `const fn` cannot box, and the `Ok` value,
/// a [`Tiled`], is larger still.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs, clippy::large_enum_variant)]
pub enum TileError {
    /// `tile_rows` or `tile_cols` is 0.
    NoCopies { tile_rows: u32, tile_cols: u32 },
    /// The inner numeral is not a bijection onto its tile; `words` is
    /// [`LayoutError::message`] for it.
    NotBijection { error: LayoutError, words: Message },
    /// The new tile, `rows x cols`, has more than `u32::MAX` elements, or a thread more than
    /// `u32::MAX` elements (`elements` per copy times `copies`).
    TooLarge {
        rows: u64,
        cols: u64,
        elements: u32,
        copies: u64,
    },
    /// Digit `index` (`digit`, over an input of `extent` values) is neither within a row of the
    /// `cols`-wide tile nor whole rows, and cannot be split into such parts.
    Straddles {
        index: usize,
        digit: Digit,
        extent: u32,
        cols: u32,
    },
    /// The tiled numeral would need `count` digits, more than [`MAX_DIGITS`].
    TooManyDigits { count: usize },
}

impl TileError {
    /// The message: lowercase, with the numbers and the fix.
    ///
    /// `digit 2 (\`e / 2\`, range 3 at place 4) straddles the rows of the 6-column tile: 6 is not
    /// a multiple of its place 4; a tile of tiles needs every digit within a row or on whole
    /// rows`
    pub const fn message(&self) -> Message {
        let mut m = Message::new();
        match *self {
            TileError::NoCopies {
                tile_rows,
                tile_cols,
            } => {
                m.push("a tiling of ");
                m.push_num(tile_rows as u64);
                m.push(" x ");
                m.push_num(tile_cols as u64);
                m.push(" copies has none: tile at least 1 x 1");
            }
            TileError::NotBijection { words, .. } => {
                m.push("the tile to copy is not a bijection: ");
                m.push(words.as_str());
            }
            TileError::TooLarge {
                rows,
                cols,
                elements,
                copies,
            } => {
                m.push("the tiled tile is ");
                m.push_num(rows);
                m.push(" x ");
                m.push_num(cols);
                m.push(" = ");
                m.push_wide(rows as u128 * cols as u128);
                m.push(" elements, ");
                m.push_wide(elements as u128 * copies as u128);
                m.push(" per thread: a tile holds at most 4294967295 elements; tile fewer copies");
            }
            TileError::Straddles {
                index,
                digit,
                extent,
                cols,
            } => {
                m.push("digit ");
                m.push_num(index as u64);
                m.push(" (`");
                m.push_digit(&digit, extent);
                m.push("`, range ");
                m.push_num(digit.range as u64);
                m.push(" at place ");
                m.push_num(digit.place as u64);
                m.push(") straddles the rows of the ");
                m.push_num(cols as u64);
                m.push("-column tile");
                if digit.place < cols && cols % digit.place != 0 {
                    m.push(": ");
                    m.push_num(cols as u64);
                    m.push(" is not a multiple of its place");
                } else if digit.place < cols {
                    m.push(": its range is not a multiple of ");
                    m.push_num((cols / digit.place) as u64);
                    m.push(", the values within a row");
                }
                m.push("; a tile of tiles needs every digit within a row or on whole rows");
            }
            TileError::TooManyDigits { count } => {
                m.push("the tiled numeral needs ");
                m.push_num(count as u64);
                m.push(" digits: a numeral holds at most 32");
            }
        }
        m
    }
}

/// The output digits as they are built, in increasing place.
struct Out {
    digits: [Digit; MAX_DIGITS],
    len: usize,
    /// Digits that did not fit (counted for [`TileError::TooManyDigits`]).
    count: usize,
}

impl Out {
    const fn push(&mut self, d: Digit) {
        if d.range < 2 {
            return;
        }
        if self.len < MAX_DIGITS {
            self.digits[self.len] = d;
            self.len += 1;
        }
        self.count += 1;
    }
}

impl Numeral<'_> {
    /// This tile copied `tile_rows x tile_cols` times, as one numeral over the same threads
    /// (see [the module docs](crate::tiled) for the digits and a worked example).
    ///
    /// The new tile is `(rows * tile_rows) x (cols * tile_cols)` with
    /// `elements * tile_rows * tile_cols` elements per thread; element `e` of copy `(ti, tj)`
    /// is element `e + elements * (ti * tile_cols + tj)`. The result passes
    /// [`check`](Numeral::check) whenever this numeral does.
    #[allow(clippy::result_large_err)] // see `TileError`: the words are carried, not boxed
    pub const fn tiled(&self, tile_rows: u32, tile_cols: u32) -> Result<Tiled, TileError> {
        let (rows, cols, elements) = match self.tiled_size(tile_rows, tile_cols) {
            Ok(size) => size,
            Err(e) => return Err(e),
        };
        // Every place below is below rows * cols, so fits in u32.
        let wide = cols as u32;
        let out = match self.tiled_digits(tile_rows, tile_cols, wide) {
            Ok(out) => out,
            Err(e) => return Err(e),
        };
        Ok(Tiled {
            digits: out.digits,
            len: out.len,
            rows: rows as u32,
            cols: wide,
            warps: self.warps,
            elements: elements as u32,
            name: tiled_name(self.name, tile_rows, tile_cols),
        })
    }

    /// The tiled tile's rows, columns and elements per thread, or why it does not exist: no
    /// copies, an inner numeral that is no bijection, or more than `u32::MAX` elements.
    #[allow(clippy::result_large_err)] // see `TileError`: the words are carried, not boxed
    const fn tiled_size(
        &self,
        tile_rows: u32,
        tile_cols: u32,
    ) -> Result<(u64, u64, u64), TileError> {
        if tile_rows == 0 || tile_cols == 0 {
            return Err(TileError::NoCopies {
                tile_rows,
                tile_cols,
            });
        }
        if let Err(error) = self.check() {
            return Err(TileError::NotBijection {
                error,
                words: error.message(self),
            });
        }
        // Each side is a product of two u32, exact in u64; the tile and the elements per
        // thread are products of three or four, checked.
        let rows = self.rows as u64 * tile_rows as u64;
        let cols = self.cols as u64 * tile_cols as u64;
        let copies = tile_rows as u64 * tile_cols as u64;
        let cells = rows.checked_mul(cols);
        let elements = (self.elements as u64).checked_mul(copies);
        match (cells, elements) {
            (Some(c), Some(e)) if c <= u32::MAX as u64 && e <= u32::MAX as u64 => {
                Ok((rows, cols, e))
            }
            _ => Err(TileError::TooLarge {
                rows,
                cols,
                elements: self.elements,
                copies,
            }),
        }
    }

    /// The tiled numeral's digits on the `wide`-column tile, in increasing place: each inner
    /// digit moved or split, and the two tile digits; or a digit that cannot be split, or too
    /// many digits.
    #[allow(clippy::result_large_err)] // see `TileError`: the words are carried, not boxed
    const fn tiled_digits(
        &self,
        tile_rows: u32,
        tile_cols: u32,
        wide: u32,
    ) -> Result<Out, TileError> {
        let inner = self.cols;
        let col_tile = Digit::element(self.elements, tile_cols, inner);
        let row_tile = Digit::element(self.elements * tile_cols, tile_rows, self.rows * wide);
        let mut out = Out {
            digits: [Digit::element(1, 1, 1); MAX_DIGITS],
            len: 0,
            count: 0,
        };
        // Broadcast digits (place 0, not in the sorted places) move nothing in any copy.
        let mut b = 0;
        while b < self.digits.len() {
            if self.digits[b].is_broadcast() {
                out.push(self.digits[b]);
            }
            b += 1;
        }
        let sorted = Sorted::of(self, None, true);
        let mut col_tile_done = false;
        let mut k = 0;
        while k < sorted.len {
            let index = sorted.idx[k];
            let d = self.digits[index];
            let top = d.place_top();
            if top <= inner as u64 {
                out.push(d);
            } else if d.place % inner == 0 {
                if !col_tile_done {
                    out.push(col_tile);
                    col_tile_done = true;
                }
                out.push(row_digit(d, inner, wide));
            } else {
                let (low, high) = match self.split_straddling(index, d) {
                    Ok(parts) => parts,
                    Err(e) => return Err(e),
                };
                out.push(low);
                out.push(col_tile);
                col_tile_done = true;
                out.push(row_digit(high, inner, wide));
            }
            k += 1;
        }
        if !col_tile_done {
            out.push(col_tile);
        }
        out.push(row_tile);
        if out.count > MAX_DIGITS {
            return Err(TileError::TooManyDigits { count: out.count });
        }
        Ok(out)
    }

    /// Digit `d` (digit `index`), straddling the row boundary, split: its low values within a
    /// row and the rest on whole rows of the inner tile; or [`TileError::Straddles`] when no
    /// such split is exact.
    #[allow(clippy::result_large_err)] // see `TileError`: the words are carried, not boxed
    const fn split_straddling(&self, index: usize, d: Digit) -> Result<(Digit, Digit), TileError> {
        let inner = self.cols;
        // Straddling: the low `within` values stay in the row, the rest move rows.
        let within = if d.place < inner && inner % d.place == 0 {
            inner / d.place
        } else {
            0
        };
        if within == 0 || d.range % within != 0 {
            return Err(TileError::Straddles {
                index,
                digit: d,
                extent: self.extent(d.source),
                cols: inner,
            });
        }
        Ok((
            Digit::new(d.source, d.divisor, within, d.place),
            Digit::new(d.source, d.divisor * within, d.range / within, inner),
        ))
    }

    /// [`tiled`](Self::tiled), failing compilation (or panicking at run time) with the
    /// [`TileError`]'s message: `const ACC2: Tiled = SM80_16x8x16_F32_C.tiled_or_panic(1, 2);`.
    ///
    /// A tiling too large for a tile fails with the library's message in every build, never
    /// with an arithmetic overflow:
    ///
    /// ```compile_fail
    /// use fraglayout::catalog::SM80_16x8x16_F32_C;
    /// // error: cannot tile `SM80_16x8x16_F32_C`: the tiled tile is 34359738368 x
    /// //        17179869184 = 590295810358705651712 elements, 18446744073709551616 per thread:
    /// //        a tile holds at most 4294967295 elements; tile fewer copies
    /// const BIG: fraglayout::Tiled = SM80_16x8x16_F32_C.tiled_or_panic(1 << 31, 1 << 31);
    /// ```
    pub const fn tiled_or_panic(&self, tile_rows: u32, tile_cols: u32) -> Tiled {
        match self.tiled(tile_rows, tile_cols) {
            Ok(t) => t,
            Err(e) => {
                let mut m = Message::new();
                m.push("cannot tile `");
                m.push(self.name);
                m.push("`: ");
                m.push(e.message().as_str());
                panic!("{}", m.as_str())
            }
        }
    }
}

/// The tiled numeral's name: `name tiled ROWS x COLS`.
const fn tiled_name(name: &str, tile_rows: u32, tile_cols: u32) -> Message {
    let mut m = Message::new();
    m.push(name);
    m.push(" tiled ");
    m.push_num(tile_rows as u64);
    m.push(" x ");
    m.push_num(tile_cols as u64);
    m
}

/// A digit on whole rows of the `inner`-wide tile, moved onto the rows of the `wide` one.
const fn row_digit(d: Digit, inner: u32, wide: u32) -> Digit {
    Digit::new(d.source, d.divisor, d.range, d.place / inner * wide)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C, SM90_64x24x16_F32_C};

    #[test]
    fn the_fa2_pair_is_the_a_operand() {
        let t = SM80_16x8x16_F32_C.tiled(1, 2).unwrap();
        let n = t.numeral();
        assert_eq!(n.digits, SM80_16x8x16_F16_A_ROW.digits);
        assert_eq!(n.name, "SM80_16x8x16_F32_C tiled 1 x 2");
    }

    #[test]
    fn a_straddling_digit_is_split() {
        // 6 columns: `e % 3` then `lane % 4` at place 3 straddles (3 < 6 < 12) and splits into
        // `lane % 2` within the row and `lane / 2 % 2` on rows.
        let digits = [
            Digit::element(1, 3, 1),
            Digit::lane(1, 4, 3),
            Digit::lane(4, 8, 12),
        ];
        let n = Numeral::new("odd", 16, 6, 3, &digits);
        n.check().unwrap();
        let t = n.tiled(2, 3).unwrap();
        let w = t.numeral();
        w.check().unwrap();
        assert_eq!((w.rows, w.cols, w.elements), (32, 18, 18));
        assert_eq!(w.digits.len(), 6);
        assert_eq!(w.digits[1], Digit::lane(1, 2, 3));
        assert_eq!(w.digits[2], Digit::element(3, 3, 6));
        assert_eq!(w.digits[3], Digit::lane(2, 2, 18));
    }

    #[test]
    fn an_unsplittable_digit_is_an_error() {
        // 6 columns: `lane % 4` at place 2 covers columns 0, 2, 4 and 6 = column 0 of the next
        // row, which no split into whole parts of a row describes.
        let digits = [
            Digit::element(1, 2, 1),
            Digit::lane(1, 4, 2),
            Digit::lane(4, 8, 8),
            Digit::element(2, 3, 64),
        ];
        let n = Numeral::new("skew", 32, 6, 6, &digits);
        n.check().unwrap();
        let err = n.tiled(1, 2).unwrap_err();
        assert!(matches!(err, TileError::Straddles { index: 1, .. }));
        assert_eq!(
            err.message().as_str(),
            "digit 1 (`lane % 4`, range 4 at place 2) straddles the rows of the 6-column tile: \
             its range is not a multiple of 3, the values within a row; a tile of tiles needs \
             every digit within a row or on whole rows"
        );
    }

    #[test]
    fn non_power_of_two_ranges_tile() {
        let t = SM90_64x24x16_F32_C.tiled(2, 3).unwrap();
        let w = t.numeral();
        w.check().unwrap();
        assert_eq!((w.rows, w.cols, w.warps, w.elements), (128, 72, 4, 72));
    }

    #[test]
    fn bad_tilings_are_errors() {
        assert_eq!(
            SM80_16x8x16_F32_C
                .tiled(0, 2)
                .unwrap_err()
                .message()
                .as_str(),
            "a tiling of 0 x 2 copies has none: tile at least 1 x 1"
        );
        assert!(matches!(
            SM80_16x8x16_F32_C.tiled(1 << 16, 1 << 16),
            Err(TileError::TooLarge { .. })
        ));
        let half = [Digit::element(1, 2, 1), Digit::lane(1, 32, 2)];
        let n = Numeral::new("half", 16, 8, 4, &half);
        let err = n.tiled(1, 2).unwrap_err();
        assert!(matches!(err, TileError::NotBijection { .. }));
        assert!(err
            .message()
            .as_str()
            .starts_with("the tile to copy is not a bijection: "));
    }

    /// The message a tiling of `(r, c)` copies of a `rows x cols` tile with `elements` per
    /// thread must give, its numbers in u128.
    fn too_large(rows: u32, cols: u32, elements: u32, r: u32, c: u32) -> std::string::String {
        let (wide_rows, wide_cols) = (
            u128::from(rows) * u128::from(r),
            u128::from(cols) * u128::from(c),
        );
        std::format!(
            "the tiled tile is {wide_rows} x {wide_cols} = {} elements, {} per thread: a tile \
             holds at most 4294967295 elements; tile fewer copies",
            wide_rows * wide_cols,
            u128::from(elements) * u128::from(r) * u128::from(c)
        )
    }

    #[test]
    fn products_past_u64_are_too_large_not_wrapped() {
        // 2^31 x 2^31 copies: the tile has 2^69 elements and a thread 2^64, which wrapped to a
        // 0 x 0 tile of 0 elements per thread.
        let a = SM80_16x8x16_F32_C;
        for (r, c) in [
            (1u32 << 31, 1u32 << 31),
            (u32::MAX, u32::MAX),
            (1 << 16, 1 << 16),
            (1, u32::MAX),
            (u32::MAX, 1),
            (1 << 28, 1 << 29),
        ] {
            let err = a.tiled(r, c).unwrap_err();
            assert!(
                matches!(err, TileError::TooLarge { .. }),
                "{r} x {c}: {err:?}"
            );
            assert_eq!(
                err.message().as_str(),
                too_large(16, 8, 4, r, c),
                "{r} x {c}"
            );
        }
        let payload = std::panic::catch_unwind(|| a.tiled_or_panic(1 << 31, 1 << 31)).unwrap_err();
        assert_eq!(
            payload
                .downcast_ref::<std::string::String>()
                .unwrap()
                .as_str(),
            std::format!(
                "cannot tile `SM80_16x8x16_F32_C`: {}",
                too_large(16, 8, 4, 1 << 31, 1 << 31)
            )
        );
        // At the edge: 2^12 x 2^13 copies make a 2^16 x 2^16 tile, one element too many;
        // one column of copies fewer fits.
        let t = a.tiled(1 << 12, 1 << 13).unwrap_err();
        assert!(matches!(t, TileError::TooLarge { .. }));
        let ok = a.tiled(1 << 12, (1 << 13) - 1).unwrap();
        let n = ok.numeral();
        n.check().unwrap();
        assert_eq!(
            (n.rows, n.cols, n.elements),
            (
                16 << 12,
                8 * ((1 << 13) - 1),
                4 * (1 << 12) * ((1 << 13) - 1)
            )
        );
        // A tile of tiles tiled again: its products are checked the same way.
        let (rows, cols, elements) = (n.rows, n.cols, n.elements);
        for (r, c) in [(2, 1), (u32::MAX, u32::MAX), (1 << 31, 2)] {
            let err = n.tiled(r, c).unwrap_err();
            let want = too_large(rows, cols, elements, r, c);
            assert_eq!(err.message().as_str(), want, "{r} x {c}");
        }
    }

    #[test]
    fn wide_numbers_are_written_in_full() {
        let mut m = Message::new();
        m.push_wide(u128::from(u64::MAX) + 1);
        m.push(" ");
        m.push_wide(10_000_000_000_000_000_000 * 5 + 7);
        m.push(" ");
        m.push_wide(u128::MAX);
        assert_eq!(
            m.as_str(),
            "18446744073709551616 50000000000000000007 340282366920938463463374607431768211455"
        );
    }
}
