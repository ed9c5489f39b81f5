//! A numeral in its neighbours' notations: a CuTe TV layout ([`Numeral::cute`]) and a Triton
//! linear layout ([`Numeral::linear`]).
//!
//! **CuTe.** A TV layout maps `(thread, value)` to an index of the tile; CuTe's tiles are
//! column-major, index `row + col * rows`. Each digit is a mode: shape = its range, stride = its
//! place read as that index. A digit within a row (`place * range <= cols`) steps columns,
//! stride `place * rows`; a digit of whole rows (`place` a multiple of `cols`) steps rows,
//! stride `place / cols`; a digit that crosses the end of a row at one of its own steps
//! (`place * a = cols`, `a` dividing its range) splits there into a nested mode `(a, range /
//! a) : (place * rows, 1)`, columns then rows. A digit that crosses it between steps (place 4
//! in a 6-wide row) has no CuTe form: [`NoForm::CrossesRow`]. Broadcast digits have stride 0. The
//! thread mode lists the lane digits then the warp digits, each by divisor, so that it reads
//! the bits of `thread = warp * 32 + lane` from the lowest up; the value mode the element
//! digits by divisor.
//!
//! For the `m16n8k16` f32 accumulator (16 x 8), CUTLASS's `SM80_16x8_Row`:
//!
//! ```
//! use fraglayout::catalog::SM80_16x8x16_F32_C as ACC;
//! let cute = ACC.cute().unwrap();
//! assert_eq!(format!("{cute}"), "((4,8),(2,2)):((32,1),(16,8))");
//! ```
//!
//! **Triton.** A linear layout maps the bits of the `register`, `lane` and `warp` indices to
//! output `(dim0, dim1)` = `(row, col)` by XOR: one basis per input bit, the coordinates of
//! that bit's element. A numeral is one exactly when every range is a power of two (then so
//! are its tile's sides, its places and divisors, and the digits' sums carry nothing). The
//! rendering is Gluon's `DistributedLinearLayout`, ready to paste:
//!
//! ```
//! use fraglayout::catalog::SM80_16x8x16_F32_C as ACC;
//! let linear = ACC.linear().unwrap();
//! assert_eq!(
//!     format!("{linear}"),
//!     "DistributedLinearLayout(reg_bases=[[0, 1], [8, 0]], \
//!      lane_bases=[[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp_bases=[], block_bases=[], \
//!      shape=[16, 8])"
//! );
//! ```
//!
//! A numeral that fails [`Numeral::check`] has neither form.

use core::fmt;

use crate::check::Sorted;
use crate::{Digit, LayoutError, Message, Numeral, Source, MAX_DIGITS};

/// One mode of a CuTe layout: a digit, or a digit split at the end of a row into its column
/// part (first, the faster) and its row part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CuteMode {
    /// The shapes: `[range, 1]` for a whole digit, `[column part, row part]` for a split one.
    pub shape: [u32; 2],
    /// The strides in the column-major tile index, in the same order (a broadcast digit's 0).
    pub stride: [u64; 2],
}

impl CuteMode {
    /// Whether the digit was split: the mode is the nested `(shape[0], shape[1])`.
    pub const fn is_nested(&self) -> bool {
        self.shape[1] > 1
    }
}

/// The modes of one side (thread or value) of a CuTe TV layout, the fastest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CuteModes {
    modes: [CuteMode; MAX_DIGITS],
    len: usize,
}

impl CuteModes {
    const EMPTY: CuteModes = CuteModes {
        modes: [CuteMode {
            shape: [1, 1],
            stride: [0, 0],
        }; MAX_DIGITS],
        len: 0,
    };

    /// The modes, the fastest first.
    pub fn modes(&self) -> &[CuteMode] {
        &self.modes[..self.len]
    }
}

/// A numeral as a CuTe TV layout `((thread shape),(value shape)):((thread strides),(value
/// strides))`, mapping `(thread, value)` to the column-major tile index `row + col * rows`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CuteLayout {
    /// The thread modes: the lane digits, then the warp digits, each by divisor.
    pub thread: CuteModes,
    /// The value modes: the element digits by divisor.
    pub value: CuteModes,
}

/// Why a numeral has no CuTe or no linear form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum NoForm {
    /// The numeral fails [`Numeral::check`].
    Unchecked(LayoutError),
    /// Digit `digit` crosses the end of a row between its steps: `place * range` passes `cols`
    /// but `cols` is no multiple of its place times a divisor of its range.
    CrossesRow { digit: usize, cols: u32 },
    /// Digit `digit`'s range is not a power of two: a linear layout maps bits to bits.
    NotPowerOfTwo { digit: usize },
}

/// One side (register, lane or warp) of a linear layout: a basis `(row, col)` per input bit,
/// the lowest bit first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bases {
    bases: [(u32, u32); 32],
    len: usize,
}

impl Bases {
    const EMPTY: Bases = Bases {
        bases: [(0, 0); 32],
        len: 0,
    };

    /// The bases, `(row, col)` = Triton's `(dim0, dim1)`, for input bits 0, 1, ...
    pub fn bases(&self) -> &[(u32, u32)] {
        &self.bases[..self.len]
    }
}

/// A numeral as a Triton linear layout: the bases of the `register` (element), `lane` and
/// `warp` bits, over a `rows x cols` tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinearLayout {
    /// The element index's bases (Triton's `register`, Gluon's `reg_bases`).
    pub register: Bases,
    /// The lane's bases: 5 of them.
    pub lane: Bases,
    /// The warp's bases: `log2(warps)` of them.
    pub warp: Bases,
    /// The tile, `[rows, cols]` (Gluon's `shape`).
    pub shape: [u32; 2],
}

impl Numeral<'_> {
    /// The numeral as a CuTe TV layout (see [`forms`](crate::forms)); [`NoForm`] when it fails
    /// the check or a digit crosses the end of a row between its steps.
    pub fn cute(&self) -> Result<CuteLayout, NoForm> {
        self.cute_by(false)
    }

    /// The numeral as a CuTe TV layout of the transposed tile, `cols x rows` column-major:
    /// index `col + row * cols`, this tile's row-major offset, so every stride is a place and
    /// no digit splits. This is how CuTe's MMA traits index a B operand, `(N, K)` where the
    /// catalog's B is `K x N`: `SM80_16x8x16_F16_B_COL` is `((4,8),(2,2)):((16,1),(8,64))`.
    /// [`NoForm`] only when the numeral fails the check.
    pub fn cute_transposed(&self) -> Result<CuteLayout, NoForm> {
        self.cute_by(true)
    }

    /// [`cute`](Self::cute), or with `transposed` [`cute_transposed`](Self::cute_transposed).
    fn cute_by(&self, transposed: bool) -> Result<CuteLayout, NoForm> {
        self.check().map_err(NoForm::Unchecked)?;
        let mut out = CuteLayout {
            thread: CuteModes::EMPTY,
            value: CuteModes::EMPTY,
        };
        for source in [Source::Lane, Source::Warp, Source::Element] {
            let side = match source {
                Source::Element => &mut out.value,
                _ => &mut out.thread,
            };
            let sorted = Sorted::of(self, Some(source), false);
            for &i in &sorted.idx[..sorted.len] {
                side.modes[side.len] = if transposed {
                    CuteMode {
                        shape: [self.digits[i].range, 1],
                        stride: [u64::from(self.digits[i].place), 0],
                    }
                } else {
                    self.cute_mode(i)?
                };
                side.len += 1;
            }
        }
        Ok(out)
    }

    /// Digit `i` as a CuTe mode over the column-major tile index.
    fn cute_mode(&self, i: usize) -> Result<CuteMode, NoForm> {
        let d = self.digits[i];
        let (rows, cols) = (u64::from(self.rows), u64::from(self.cols));
        let (place, range) = (u64::from(d.place), u64::from(d.range));
        let whole = |stride| CuteMode {
            shape: [d.range, 1],
            stride: [stride, 0],
        };
        if d.is_broadcast() {
            return Ok(whole(0));
        }
        if place * range <= cols {
            return Ok(whole(place * rows));
        }
        if place >= cols {
            // Whole rows: a checked numeral with no digit crossing a row end has `cols`
            // dividing every place from `cols` up (the places are products of lower ranges).
            return Ok(whole(place / cols));
        }
        // Crossing the end of a row: exact when at one of its steps `a`, `place * a = cols`.
        if cols % place != 0 || range % (cols / place) != 0 {
            return Err(NoForm::CrossesRow {
                digit: i,
                cols: self.cols,
            });
        }
        let a = cols / place;
        Ok(CuteMode {
            shape: [a as u32, (range / a) as u32],
            stride: [place * rows, 1],
        })
    }

    /// The numeral as a Triton linear layout (see [`forms`](crate::forms)); [`NoForm`] when it
    /// fails the check or a range is not a power of two.
    pub fn linear(&self) -> Result<LinearLayout, NoForm> {
        self.check().map_err(NoForm::Unchecked)?;
        if let Some(digit) = self.digits.iter().position(|d| !d.range.is_power_of_two()) {
            return Err(NoForm::NotPowerOfTwo { digit });
        }
        let mut out = LinearLayout {
            register: Bases::EMPTY,
            lane: Bases::EMPTY,
            warp: Bases::EMPTY,
            shape: [self.rows, self.cols],
        };
        for source in [Source::Element, Source::Lane, Source::Warp] {
            let side = match source {
                Source::Element => &mut out.register,
                Source::Lane => &mut out.lane,
                Source::Warp => &mut out.warp,
            };
            let sorted = Sorted::of(self, Some(source), false);
            for &i in &sorted.idx[..sorted.len] {
                let d = self.digits[i];
                for bit in 0..d.range.trailing_zeros() {
                    // Places and ranges are powers of two within a tile of at most 2^32 - 1
                    // cells, so this offset is a cell's.
                    let off = d.place << bit;
                    side.bases[side.len] = (off / self.cols, off % self.cols);
                    side.len += 1;
                }
            }
        }
        Ok(out)
    }
}

impl NoForm {
    /// Why, in words, naming the digit as `numeral!` writes it: `no CuTe layout: digit
    /// ``e / 2`` (range 3, place 4) crosses the end of a 6-column row between its steps`.
    pub fn message(&self, n: &Numeral) -> Message {
        let mut m = Message::new();
        match *self {
            NoForm::Unchecked(e) => {
                m.push("the layout fails its check: ");
                m.push(e.message(n).as_str());
            }
            NoForm::CrossesRow { digit, cols } => {
                push_digit(&mut m, n, digit);
                m.push(" crosses the end of a ");
                m.push_num(u64::from(cols));
                m.push(
                    "-column row between its steps, so no CuTe mode reads the column-major \
                        index",
                );
            }
            NoForm::NotPowerOfTwo { digit } => {
                push_digit(&mut m, n, digit);
                m.push(" is not a power of two, and a linear layout maps bits to bits");
            }
        }
        m
    }
}

/// `` digit `e / 4` (range 3, place 8) ``.
fn push_digit(m: &mut Message, n: &Numeral, digit: usize) {
    let d: Digit = n.digits[digit];
    m.push("digit `");
    m.push_digit(&d, n.extent(d.source));
    m.push("` (range ");
    m.push_num(u64::from(d.range));
    m.push(", place ");
    m.push_num(u64::from(d.place));
    m.push(")");
}

impl fmt::Display for CuteLayout {
    /// CuTe's print format, `((4,8),(2,2)):((32,1),(16,8))`; a side with one mode is that mode,
    /// a side with none `1:0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        side(f, &self.thread, false)?;
        f.write_str(",")?;
        side(f, &self.value, false)?;
        f.write_str("):(")?;
        side(f, &self.thread, true)?;
        f.write_str(",")?;
        side(f, &self.value, true)?;
        f.write_str(")")
    }
}

/// One side's shapes (or strides) as a CuTe tuple.
fn side(f: &mut fmt::Formatter<'_>, s: &CuteModes, strides: bool) -> fmt::Result {
    let modes = s.modes();
    if modes.is_empty() {
        return f.write_str(if strides { "0" } else { "1" });
    }
    if modes.len() > 1 {
        f.write_str("(")?;
    }
    for (k, mode) in modes.iter().enumerate() {
        if k > 0 {
            f.write_str(",")?;
        }
        let (a, b) = if strides {
            (mode.stride[0], mode.stride[1])
        } else {
            (u64::from(mode.shape[0]), u64::from(mode.shape[1]))
        };
        if mode.is_nested() {
            write!(f, "({a},{b})")?;
        } else {
            write!(f, "{a}")?;
        }
    }
    if modes.len() > 1 {
        f.write_str(")")?;
    }
    Ok(())
}

impl fmt::Display for LinearLayout {
    /// Gluon's `DistributedLinearLayout(reg_bases=[[0, 1], ...], lane_bases=[...],
    /// warp_bases=[...], block_bases=[], shape=[rows, cols])`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DistributedLinearLayout(reg_bases=")?;
        bases(f, &self.register)?;
        f.write_str(", lane_bases=")?;
        bases(f, &self.lane)?;
        f.write_str(", warp_bases=")?;
        bases(f, &self.warp)?;
        write!(
            f,
            ", block_bases=[], shape=[{}, {}])",
            self.shape[0], self.shape[1]
        )
    }
}

/// `[[0, 1], [8, 0]]`.
fn bases(f: &mut fmt::Formatter<'_>, b: &Bases) -> fmt::Result {
    f.write_str("[")?;
    for (k, (r, c)) in b.bases().iter().enumerate() {
        if k > 0 {
            f.write_str(", ")?;
        }
        write!(f, "[{r}, {c}]")?;
    }
    f.write_str("]")
}
