//! Blackwell's accumulator in tensor memory, and the epilogue question: after `tcgen05.mma`
//! writes D into TMEM and each warp of a warpgroup reads its quarter back with `tcgen05.ld`,
//! which element of D does register `j` of thread `t` hold?
//!
//! - [`accumulator`]`(layout, n)`: where `tcgen05.mma` puts D, as a numeral whose *thread* is
//!   the TMEM lane (`warp * 32 + lane`, 128 of them) and whose *element* is the 32-bit column
//!   relative to the accumulator's base column, over the tile of D one CTA holds (PTX ISA
//!   9.7.16.10.5, "Data path layout organization"; CuTe `UMMA::tmem_frg`):
//!
//! | [`MmaLayout`] | `tcgen05.mma` | N | tile (per CTA) | columns | D`[m][n]` at (TMEM lane, column) |
//! |---|---|---|---|---|---|
//! | `D` | M = 128, `cta_group::1` | 8..=256, step 8 | 128 x N | N | `(m, n)` |
//! | `F` | M = 64, `cta_group::1`, both 16-lane halves | 8..=256, step 8 | 128 x N: rows 0..64 the tile at lane offset 0, rows 64..128 the one at offset 16 | N | `(32 (m' / 16) + m' % 16 + 16 h, n)`, `m = m' + 64 h` |
//! | `B` | M = 128, `cta_group::2` (each CTA 64 rows) | 16..=256, step 16 | 64 x N | N / 2 | `(m + 64 (n / (N/2)), n % (N/2))` |
//! | `A` | M = 256, `cta_group::2` (each CTA 128 rows) | 8..=256, step 8 | 128 x N | N | `(m, n)` |
//! | `E` | M = 64, `.ws` (`cta_group::1`) | 64, 128, 256 | 64 x N | N / 2 | `(m + 64 (n / (N/2)), n % (N/2))` |
//! | `G` | M = 32, `.ws` (`cta_group::1`) | 64, 128, 256 | 32 x N | N / 4 | `(m + 32 (n / (N/4)), n % (N/4))` |
//!
//! E and G are the weight-stationary layouts: PTX calls E's datapath organization "2x3" and G's
//! "1x4"; CuTe's `tmem_frg_ws` atoms (`(64,(N/2,2)):(1,(128,64))` for M = 64,
//! `(32,(N/4,4)):(1,(128,32))` for M = 32) place D as the table says, E like B. Their N are
//! CuTe's (`tmem_frg_ws` asserts N = 64, 128 or 256 for the dense `.ws` MMA).
//!
//! F's two M = 64 tiles are CuTe's default `TmemAllocMode::Interleaved`: the second tile in
//! the upper 16 lanes of each quarter. The 1-SM `_TS` MMAs allocate D `NonInterleaved`
//! instead (`tmem_frg_1sm<.., NonInterleaved>`, which tiles F's M = 64 atom at a tile stride
//! of 2 and so skips the upper lanes): the second tile is in the *same* lanes as the first,
//! `32w .. 32w + 16`, at columns N .. 2N, and the upper lanes hold nothing. Half the lanes
//! empty is no numeral over the 128 lanes, so the pair is no accumulator here; each of its
//! tiles, relative to its first column, is F's lower tile, and [`non_interleaved`]`(n,
//! load)` is the warpgroup's fragment of both after a 16-lane shape reads them.
//!
//! Layout C (M = 128, `cta_group::2`, sparse A) is not here: PTX's table gives it half the
//! datapaths ("4x1, 1/2 datapath utilized", lane alignment 0 or 16), like F, but CuTe's
//! `tmem_frg_2sm`, which its sparse 2-SM MMAs use, places a 64-row-per-CTA D in the "2x2" atom
//! of layout B. The sources disagree and the figure is a picture, so no layout is given for C.
//!
//! - [`a_duplicated`]`(columns)`: CuTe's `TmemAllocMode::Duplicated`, the *A operand* in TMEM
//!   of the 2-SM `_TS` MMAs (M = 128, `cta_group::2`, whose D is layout B): each CTA's 64 rows
//!   of A in lanes 0..64 and again in lanes 64..128, a numeral with a broadcast digit.
//! - [`fragment`]`(acc, load, lanes)`: the warpgroup's fragment of D after each warp `w` reads
//!   its quarter (TMEM lanes `32w ..`) with the `tcgen05.ld` shape `load` (a
//!   [`catalog::sm100_tmem`](crate::catalog::TmemShape) layout), as many times as it takes: the
//!   16-lane shapes at lane offset 0 then 16 (or only one of them, [`Lanes`]), and across the
//!   columns in blocks of the shape's width. Register `r` of the result is register
//!   `r % R` of load number `r / R` (`R` the shape's registers): loads at increasing columns
//!   first, then the second lane half. `load` must be a `tcgen05.ld` shape
//!   ([`is_tmem_access`](crate::catalog::is_tmem_access) decides; any other layout is
//!   refused with [`FragmentError::NotAShape`]), `.b32` or `.pack::16b`: with `.pack::16b` an
//!   element is a 16-bit half of a register, from the low half of a column, as an f16 or bf16
//!   D is stored (one element to a 32-bit column), so the composite's elements are D's, two
//!   to a register. The digits are composed from the two layouts by the library, and the
//!   result is checked against reading D back through both layouts before it is returned, in
//!   steps of the lanes plus the columns (a `const` of any accumulator and shape builds under
//!   default lints); `#[fragment_layout]` takes it like any catalog layout.
//!
//! ```
//! use fraglayout::catalog::SM100_TMEM_16dp256b1x;
//! use fraglayout::tmem::{accumulator, fragment_or_panic, Lanes, MmaLayout};
//! use fraglayout::Numeral;
//!
//! // M = 128, N = 64, read back with `tcgen05.ld.16x256b.x1`.
//! const ACC: Numeral = accumulator(MmaLayout::D, 64).numeral();
//! const FRAG: Numeral =
//!     fragment_or_panic(&ACC, &SM100_TMEM_16dp256b1x, Lanes::Quarter).numeral();
//! const _: () = fraglayout::assert_bijection(&FRAG);
//! assert_eq!((FRAG.rows, FRAG.cols, FRAG.elements), (128, 64, 64));
//! // Thread 37 (warp 1, lane 5: g = 1, q = 1), register 4 (the second 8-column load):
//! // TMEM lane 32 + 1, column 8 + 2 = D[33][10].
//! assert_eq!(FRAG.coords(37, 4), Some((33, 10)));
//! ```
//!
//! ISA + CuTe cross-checked, not silicon-verified: no sm_100a machine ran these.

use crate::message::Message;
use crate::{Digit, Numeral, Source, MAX_DIGITS};

/// The data-path layouts of `tcgen05.mma`'s D (PTX ISA 9.7.16.10.5), the letters as PTX
/// names them (no C: see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MmaLayout {
    /// M = 256, `cta_group::2`: each CTA's 128 rows, row `m` in lane `m`.
    A,
    /// M = 128, `cta_group::2` (dense): each CTA's 64 rows in lanes 0..64 for the left half of
    /// the columns and lanes 64..128 for the right half.
    B,
    /// M = 128, `cta_group::1`: row `m` in lane `m`.
    D,
    /// M = 64, `.ws`: the 64 rows in lanes 0..64 for the left half of the columns and lanes
    /// 64..128 for the right half (as B).
    E,
    /// M = 64, `cta_group::1`: rows `16w .. 16w + 16` in lanes `32w .. 32w + 16` (lower half)
    /// or `32w + 16 ..` (upper half, the second tile of CuTe's interleaved allocation).
    F,
    /// M = 32, `.ws`: the 32 rows in each warp's quarter, quarter `q` holding the `q`-th
    /// quarter of the columns.
    G,
}

impl MmaLayout {
    /// Every layout, in the order of the module table.
    pub const ALL: [MmaLayout; 6] = [
        MmaLayout::D,
        MmaLayout::F,
        MmaLayout::B,
        MmaLayout::A,
        MmaLayout::E,
        MmaLayout::G,
    ];

    /// The letter PTX names the layout by.
    pub const fn letter(self) -> &'static str {
        match self {
            MmaLayout::A => "A",
            MmaLayout::B => "B",
            MmaLayout::D => "D",
            MmaLayout::E => "E",
            MmaLayout::F => "F",
            MmaLayout::G => "G",
        }
    }

    /// The layout with PTX letter `letter` (`"D"`), if there is one.
    pub const fn from_letter(letter: &str) -> Option<MmaLayout> {
        match letter.as_bytes() {
            b"A" => Some(MmaLayout::A),
            b"B" => Some(MmaLayout::B),
            b"D" => Some(MmaLayout::D),
            b"E" => Some(MmaLayout::E),
            b"F" => Some(MmaLayout::F),
            b"G" => Some(MmaLayout::G),
            _ => None,
        }
    }

    /// The `tcgen05.mma` this layout is D of, in words: `"M = 128, cta_group::1"`.
    pub const fn mma(self) -> &'static str {
        match self {
            MmaLayout::A => "M = 256, cta_group::2",
            MmaLayout::B => "M = 128, cta_group::2",
            MmaLayout::D => "M = 128, cta_group::1",
            MmaLayout::E => "M = 64, .ws",
            MmaLayout::F => "M = 64, cta_group::1, both halves",
            MmaLayout::G => "M = 32, .ws",
        }
    }

    /// The rows of the tile of D one CTA holds.
    pub const fn rows(self) -> u32 {
        match self {
            MmaLayout::A | MmaLayout::D | MmaLayout::F => 128,
            MmaLayout::B | MmaLayout::E => 64,
            MmaLayout::G => 32,
        }
    }

    /// The TMEM lane blocks the columns of D are folded into: N / `folds` columns are used.
    const fn folds(self) -> u32 {
        match self {
            MmaLayout::B | MmaLayout::E => 2,
            MmaLayout::G => 4,
            _ => 1,
        }
    }

    /// Whether [`accumulator`] takes N = `n` for this layout: a multiple of 8 (16 for B) from
    /// 8 to 256; for the `.ws` layouts E and G, 64, 128 or 256.
    pub const fn takes(self, n: u32) -> bool {
        match self {
            MmaLayout::E | MmaLayout::G => n == 64 || n == 128 || n == 256,
            MmaLayout::B => n >= 16 && n <= 256 && n % 16 == 0,
            _ => n >= 8 && n <= 256 && n % 8 == 0,
        }
    }

    /// The N [`takes`](Self::takes) accepts, in words, for messages.
    pub const fn ns(self) -> &'static str {
        match self {
            MmaLayout::E | MmaLayout::G => "64, 128 or 256",
            MmaLayout::B => "a multiple of 16 from 16 to 256",
            _ => "a multiple of 8 from 8 to 256",
        }
    }
}

/// A layout that owns its digits: the result of [`accumulator`] and [`fragment`]. Read it
/// through [`numeral`](Self::numeral).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmemLayout {
    digits: [Digit; MAX_DIGITS],
    len: usize,
    rows: u32,
    cols: u32,
    elements: u32,
    name: Message,
}

impl TmemLayout {
    /// The layout as a [`Numeral`] over 4 warps, borrowing these digits.
    pub const fn numeral(&self) -> Numeral<'_> {
        Numeral::new(
            self.name.as_str(),
            self.rows,
            self.cols,
            self.elements,
            self.digits.split_at(self.len).0,
        )
        .with_warps(4)
    }

    const fn empty(name: Message, rows: u32, cols: u32, elements: u32) -> TmemLayout {
        TmemLayout {
            digits: [Digit::lane(1, 1, 1); MAX_DIGITS],
            len: 0,
            rows,
            cols,
            elements,
            name,
        }
    }

    const fn push(&mut self, d: Digit) {
        self.digits[self.len] = d;
        self.len += 1;
    }
}

/// The accumulator D of `tcgen05.mma` with `layout` and N = `n` in TMEM, as a numeral from
/// (TMEM lane, column) to the CTA's tile of D (see the module table), named
/// `"TMEM D (M = 128, cta_group::1), N = 64"` and the like.
///
/// Panics (fails compilation in `const`) unless [`MmaLayout::takes`] `n`; which N a given
/// `.kind` allows is the ISA's to say.
pub const fn accumulator(layout: MmaLayout, n: u32) -> TmemLayout {
    assert!(
        layout.takes(n),
        "tcgen05.mma N must be a multiple of 8 (16 for layout B; 64, 128 or 256 for E and G) up to 256"
    );
    let mut name = Message::new();
    name.push("TMEM ");
    name.push(layout.letter());
    name.push(" (");
    name.push(layout.mma());
    name.push("), N = ");
    name.push_num(n as u64);
    let columns = n / layout.folds();
    let mut out = TmemLayout::empty(name, layout.rows(), n, columns);
    out.push(Digit::element(1, columns, 1));
    match layout {
        MmaLayout::A | MmaLayout::D => {
            out.push(Digit::lane(1, 32, n));
            out.push(Digit::warp(1, 4, 32 * n));
        }
        MmaLayout::F => {
            out.push(Digit::lane(1, 16, n));
            out.push(Digit::warp(1, 4, 16 * n));
            out.push(Digit::lane(16, 2, 64 * n));
        }
        MmaLayout::B | MmaLayout::E => {
            out.push(Digit::lane(1, 32, n));
            out.push(Digit::warp(1, 2, 32 * n));
            out.push(Digit::warp(2, 2, n / 2));
        }
        MmaLayout::G => {
            out.push(Digit::lane(1, 32, n));
            out.push(Digit::warp(1, 4, n / 4));
        }
    }
    out
}

/// The A operand of the 2-SM `_TS` MMAs (M = 128, `cta_group::2`, A from TMEM) as CuTe's
/// `TmemAllocMode::Duplicated` allocates it: each CTA's 64 rows of A, `columns` 32-bit
/// columns of them (two 16-bit or four 8-bit elements of a row to a column), in lanes 0..64
/// and again in lanes 64..128, so that each lane quarter holds what its datapath reads. Row
/// `m`, column `c` is at lanes `m` and `m + 64`, column `c`: a numeral over the 64 x
/// `columns` tile with a broadcast warp digit (every element held twice).
///
/// Panics (fails compilation in `const`) unless `columns` is a multiple of 8 (one MMA's
/// K = 256 bits) from 8 to 256.
pub const fn a_duplicated(columns: u32) -> TmemLayout {
    assert!(
        columns >= 8 && columns <= 256 && columns % 8 == 0,
        "A in TMEM takes a multiple of 8 columns from 8 to 256"
    );
    let mut name = Message::new();
    name.push("TMEM A duplicated (M = 128, cta_group::2), ");
    name.push_num(columns as u64);
    name.push(" columns");
    let mut out = TmemLayout::empty(name, 64, columns, columns);
    out.push(Digit::element(1, columns, 1));
    out.push(Digit::lane(1, 32, columns));
    out.push(Digit::warp(1, 2, 32 * columns));
    out.push(Digit::broadcast(Source::Warp, 2, 2));
    out
}

/// The warpgroup's fragment of D of a 1-SM `_TS` `tcgen05.mma` with M = 128 computed as two
/// M = 64 tiles (layout F's atom), N = `n`, in CuTe's `TmemAllocMode::NonInterleaved`
/// allocation, after each warp reads its lower 16 lanes with the 16-lane shape `load` across
/// the 2N columns: rows `64 t ..` of D (tile `t`) are in lanes `32w .. 32w + 16` (rows
/// `64t + 16w ..`) at columns `tN ..`; the upper 16 lanes of each quarter hold nothing (see
/// the module docs). A 128 x N tile, registers as [`fragment`] orders them (loads at
/// increasing columns: the first tile's, then the second's), named
/// `"LOAD on TMEM F non-interleaved (M = 64 x 2, cta_group::1, _TS), N = 64"`.
///
/// [`FragmentError::Columns`] unless the shape's columns divide N (each tile's columns),
/// [`FragmentError::HalfOf32Lanes`] for a 32-lane shape, and as [`fragment`] otherwise.
/// Panics (fails compilation in `const`) unless [`MmaLayout::F`] takes `n`.
pub const fn non_interleaved(n: u32, load: &Numeral) -> Result<TmemLayout, FragmentError> {
    assert!(
        MmaLayout::F.takes(n),
        "tcgen05.mma N must be a multiple of 8 from 8 to 256"
    );
    // A load across the two tiles' boundary is no numeral: the shape divides each tile.
    if load.cols == 0 || n % load.cols != 0 {
        return Err(FragmentError::Columns {
            shape: load.cols,
            accumulator: n,
        });
    }
    let mut name = Message::new();
    name.push("TMEM F non-interleaved (M = 64 x 2, cta_group::1, _TS), N = ");
    name.push_num(n as u64);
    // The two tiles' rows 0..128 in the lower lanes; rows 128..256 stand for the upper lanes,
    // which `Lanes::Lower` does not read.
    let mut lanes = TmemLayout::empty(name, 256, n, 2 * n);
    lanes.push(Digit::element(1, n, 1));
    lanes.push(Digit::element(n, 2, 64 * n));
    lanes.push(Digit::lane(1, 16, n));
    lanes.push(Digit::warp(1, 4, 16 * n));
    lanes.push(Digit::lane(16, 2, 128 * n));
    fragment(&lanes.numeral(), load, Lanes::Lower)
}

/// Which TMEM lanes of its quarter each warp reads in [`fragment`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lanes {
    /// All 32: once with a 32-lane shape, at lane offsets 0 and 16 with a 16-lane one.
    Quarter,
    /// Lanes 0..16 of the quarter, with a 16-lane shape (the lower M = 64 tile of layout F).
    Lower,
    /// Lanes 16..32 of the quarter, with a 16-lane shape (the upper M = 64 tile of layout F).
    Upper,
}

/// Why [`fragment`] found no fragment layout. Each variant's fields are the numbers its
/// [`message`](Self::message) quotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum FragmentError {
    /// The accumulator is not over the 128 TMEM lanes of a warpgroup (4 warps).
    NotFourWarps { warps: u32 },
    /// The load is no `tcgen05.ld` shape (as
    /// [`is_tmem_access`](crate::catalog::is_tmem_access) decides): its rows and warps.
    NotAShape { rows: u32, warps: u32 },
    /// The shape's column width does not divide the accumulator's columns.
    Columns { shape: u32, accumulator: u32 },
    /// [`Lanes::Lower`] / [`Lanes::Upper`] with a 32-lane shape.
    HalfOf32Lanes,
    /// The loads do not read the accumulator's tile (or half of it) exactly once, or not as a
    /// numeral: first seen at this thread and register.
    NotATile { thread: u32, register: u32 },
    /// The accumulator holds `columns` 32-bit columns per TMEM lane: none, or more than
    /// [`TMEM_COLUMNS`].
    TmemColumns { columns: u32 },
    /// The loads give each thread `registers` registers (the load's registers times the loads),
    /// none or more than the accumulator's `columns`: a `tcgen05.ld` shape reads one register
    /// per column of each lane.
    Registers { registers: u64, columns: u32 },
}

/// The 32-bit columns of tensor memory, per lane (`tcgen05.alloc` allocates at most 512).
pub const TMEM_COLUMNS: u32 = 512;

impl FragmentError {
    /// The error in words, lowercase, with the fix.
    pub const fn message(&self) -> Message {
        let mut m = Message::new();
        match *self {
            FragmentError::NotFourWarps { warps } => {
                m.push("the accumulator spans ");
                m.push_num(warps as u64);
                m.push(" warps; a TMEM accumulator spans 4 (128 lanes): build it with `tmem::accumulator`");
            }
            FragmentError::NotAShape { rows, warps } => {
                m.push("the load (");
                m.push_num(rows as u64);
                m.push(" rows, ");
                m.push_num(warps as u64);
                m.push(if warps == 1 { " warp" } else { " warps" });
                m.push(") is no `tcgen05.ld` shape; use one: ");
                m.push(crate::catalog::SHAPES_IN_WORDS);
            }
            FragmentError::Columns { shape, accumulator } => {
                m.push("the shape reads ");
                m.push_num(shape as u64);
                m.push(" columns, which do not divide the accumulator's ");
                m.push_num(accumulator as u64);
                m.push("; pick a smaller `.num`");
            }
            FragmentError::HalfOf32Lanes => {
                m.push("a 32-lane shape reads the whole quarter; use `Lanes::Quarter` or a 16-lane shape");
            }
            FragmentError::NotATile { thread, register } => {
                m.push("thread ");
                m.push_num(thread as u64);
                m.push(", register ");
                m.push_num(register as u64);
                m.push(": these loads do not read the accumulator's tile (or half) exactly once; use `Lanes::Quarter`");
            }
            FragmentError::TmemColumns { columns } => {
                m.push("the accumulator holds ");
                m.push_num(columns as u64);
                m.push(" columns per TMEM lane; tensor memory has 1 to 512: build it with `tmem::accumulator`");
            }
            FragmentError::Registers { registers, columns } => {
                m.push("the loads give each thread ");
                m.push_num(registers);
                m.push(" registers; a `tcgen05.ld` shape over ");
                m.push_num(columns as u64);
                m.push(" columns gives 1 to ");
                m.push_num(columns as u64);
                m.push(" (one a column of its lanes): use a shape of the catalog");
            }
        }
        m
    }
}

/// The shape of the composition: loads per lane half and column, registers per load.
#[derive(Clone, Copy)]
struct Plan<'a> {
    acc: &'a Numeral<'a>,
    load: &'a Numeral<'a>,
    /// Lane offset of the first (or only) lane block: 0 or 16.
    offset: u32,
    /// Column blocks (loads across the columns).
    blocks: u32,
    /// Lane blocks (1, or 2 for a 16-lane shape over the quarter).
    halves: u32,
}

impl Plan<'_> {
    /// The tile offset register `r` of thread `t` holds, read through both layouts.
    const fn offset(&self, t: u32, r: u32) -> Option<u32> {
        let regs = self.load.elements;
        let (j, k) = (r % regs, r / regs);
        let (block, half) = (k % self.blocks, k / self.blocks);
        let (lane, col) = match self.load.coords(t % 32, j) {
            Some(c) => c,
            None => return None,
        };
        let tmem_lane = 32 * (t / 32) + self.offset + 16 * half + lane;
        self.acc.offset(tmem_lane, block * self.load.cols + col)
    }
}

/// The warpgroup's fragment of D: thread `warp * 32 + lane`, register `r`, after each warp
/// reads its quarter of `acc` with `load` (see the module docs). With [`Lanes::Lower`] /
/// [`Lanes::Upper`] the tile is the half of `acc`'s rows those lanes hold (for
/// [`MmaLayout::F`], one M = 64 accumulator).
///
/// `load` must be a `tcgen05.ld` shape ([`is_tmem_access`](crate::catalog::is_tmem_access)):
/// any other layout, even one of 16 or 32 rows over one warp, is
/// [`FragmentError::NotAShape`]. Its checks cost steps in the TMEM lanes plus the columns,
/// not threads times registers, so the widest composite builds in `const` under default lints
/// ([docs/PERFORMANCE.md]):
///
/// ```
/// use fraglayout::catalog::{SM100_TMEM_16dp256b16x_16b, SM100_TMEM_32dp32b64x};
/// use fraglayout::tmem::{accumulator, fragment_or_panic, Lanes, MmaLayout};
/// use fraglayout::Numeral;
///
/// // `tcgen05.ld.32x32b.x64` over a 128 x 256 D: 256 registers a thread, in 4 loads.
/// const D: Numeral = accumulator(MmaLayout::D, 256).numeral();
/// const WIDE: Numeral = fragment_or_panic(&D, &SM100_TMEM_32dp32b64x, Lanes::Quarter).numeral();
/// assert_eq!((WIDE.rows, WIDE.cols, WIDE.elements), (128, 256, 256));
/// assert_eq!(WIDE.coords(37, 200), Some((37, 200)));
/// // An f16 D (one element to a column) read with `.16x256b.x16.pack::16b`, one M = 64 tile.
/// const F: Numeral = accumulator(MmaLayout::F, 256).numeral();
/// const F16: Numeral =
///     fragment_or_panic(&F, &SM100_TMEM_16dp256b16x_16b, Lanes::Lower).numeral();
/// assert_eq!((F16.rows, F16.cols, F16.elements), (64, 256, 128));
/// ```
///
/// [docs/PERFORMANCE.md]: https://github.com/fraglayout/fraglayout/blob/main/docs/PERFORMANCE.md
pub const fn fragment(
    acc: &Numeral,
    load: &Numeral,
    lanes: Lanes,
) -> Result<TmemLayout, FragmentError> {
    if acc.warps != 4 {
        return Err(FragmentError::NotFourWarps { warps: acc.warps });
    }
    if !crate::catalog::is_tmem_access(load) {
        return Err(FragmentError::NotAShape {
            rows: load.rows,
            warps: load.warps,
        });
    }
    if acc.elements == 0 || acc.elements > TMEM_COLUMNS {
        return Err(FragmentError::TmemColumns {
            columns: acc.elements,
        });
    }
    if load.cols == 0 || acc.elements % load.cols != 0 {
        return Err(FragmentError::Columns {
            shape: load.cols,
            accumulator: acc.elements,
        });
    }
    let (offset, halves, rows) = match lanes {
        Lanes::Quarter => (0, 32 / load.rows, acc.rows),
        _ if load.rows == 32 => return Err(FragmentError::HalfOf32Lanes),
        Lanes::Lower => (0, 1, acc.rows / 2),
        Lanes::Upper => (16, 1, acc.rows / 2),
    };
    let plan = Plan {
        acc,
        load,
        offset,
        blocks: acc.elements / load.cols,
        halves,
    };
    // At most u32::MAX x 512 x 2: exact in u64.
    let registers = load.elements as u64 * plan.blocks as u64 * halves as u64;
    if registers == 0 || registers > acc.elements as u64 {
        return Err(FragmentError::Registers {
            registers,
            columns: acc.elements,
        });
    }
    let elements = registers as u32;
    let mut name = Message::new();
    name.push(load.name);
    name.push(" on ");
    name.push(acc.name);
    let mut out = TmemLayout::empty(name, rows, acc.cols, elements);
    match probe(&plan, &mut out) {
        Ok(()) => {}
        Err(e) => return Err(e),
    }
    match verify(&plan, &out) {
        Ok(()) => Ok(out),
        Err(e) => Err(e),
    }
}

/// The digits of the composite, one per bit of the thread and of the load's register index and
/// one per load count, each placed where a unit step of it moves the read-back element (a
/// thread bit that moves nothing is a broadcast digit); runs of one source whose divisors and
/// places continue each other are merged.
const fn probe(plan: &Plan, out: &mut TmemLayout) -> Result<(), FragmentError> {
    let base = match plan.offset(0, 0) {
        Some(b) => b,
        None => {
            return Err(FragmentError::NotATile {
                thread: 0,
                register: 0,
            })
        }
    };
    let regs = plan.load.elements;
    // (source, divisor, range): thread bits, then the register's.
    let mut units: [(Source, u32, u32); MAX_DIGITS] = [(Source::Lane, 1, 1); MAX_DIGITS];
    let mut n = 0;
    let mut b = 1;
    while b < 32 {
        units[n] = (Source::Lane, b, 2);
        n += 1;
        b *= 2;
    }
    units[n] = (Source::Warp, 1, 2);
    units[n + 1] = (Source::Warp, 2, 2);
    n += 2;
    let mut b = 1;
    while b < regs {
        units[n] = (Source::Element, b, 2);
        n += 1;
        b *= 2;
    }
    // The column blocks: their odd factor, then each factor 2, so that blocks on either side
    // of a power-of-two boundary (`non_interleaved`'s two tiles) may move apart.
    let mut b = plan.blocks >> plan.blocks.trailing_zeros();
    units[n] = (Source::Element, regs, b);
    n += 1;
    while b < plan.blocks && n < MAX_DIGITS - 2 {
        units[n] = (Source::Element, regs * b, 2);
        n += 1;
        b *= 2;
    }
    units[n] = (Source::Element, regs * b, plan.blocks / b);
    units[n + 1] = (Source::Element, regs * plan.blocks, plan.halves);
    n += 2;
    let mut i = 0;
    while i < n {
        let (source, divisor, range) = units[i];
        i += 1;
        if range < 2 {
            continue;
        }
        let (t, r) = match source {
            Source::Lane => (divisor, 0),
            Source::Warp => (32 * divisor, 0),
            Source::Element => (0, divisor),
        };
        let thread = !matches!(source, Source::Element);
        let place = match plan.offset(t, r) {
            Some(v) if v > base => v - base,
            // A thread bit that moves nothing: a broadcast digit (an accumulator that holds
            // its elements twice, as `a_duplicated`); `verify` checks it like any other.
            Some(v) if v == base && thread => 0,
            _ => {
                return Err(FragmentError::NotATile {
                    thread: t,
                    register: r,
                })
            }
        };
        merge_or_push(out, Digit::new(source, divisor, range, place));
    }
    Ok(())
}

/// Appends `d`, or widens the last digit when `d` continues it (same source, divisor and place
/// the last one's times its range).
const fn merge_or_push(out: &mut TmemLayout, d: Digit) {
    if out.len > 0 {
        let last = out.digits[out.len - 1];
        let same = matches!(
            (last.source, d.source),
            (Source::Lane, Source::Lane)
                | (Source::Warp, Source::Warp)
                | (Source::Element, Source::Element)
        );
        // Products past u32 continue nothing.
        let continues = match (
            last.divisor.checked_mul(last.range),
            last.place.checked_mul(last.range),
        ) {
            (Some(divisor), Some(place)) => d.divisor == divisor && d.place == place,
            _ => false,
        };
        if same && continues {
            out.digits[out.len - 1] =
                Digit::new(last.source, last.divisor, last.range * d.range, last.place);
            return;
        }
    }
    out.push(d);
}

/// The composite against reading D back through both layouts, at every TMEM lane the loads
/// reach (at column 0) and every column (at the first lane), and the composite a bijection
/// onto its tile. That is every thread and register: both sides are a function of the TMEM
/// lane plus one of the column. The accumulator's offset is, as each of its digits reads the
/// lane or the column; the composite's is, as a `tcgen05.ld` shape ([`is_tmem_access`]) sends
/// each bit of the lane and of the register to one bit of the row or of the column (checked
/// of every shape in `tests/catalog/tmem.rs`), and each warp bit, lane half and column block
/// moves one of the two. So the cost is lanes plus columns, not threads times registers.
///
/// [`is_tmem_access`]: crate::catalog::is_tmem_access
const fn verify(plan: &Plan, out: &TmemLayout) -> Result<(), FragmentError> {
    let n = out.numeral();
    if !n.is_bijection() {
        return Err(FragmentError::NotATile {
            thread: 0,
            register: 0,
        });
    }
    let base = match plan.offset(0, 0) {
        Some(b) => b,
        None => {
            return Err(FragmentError::NotATile {
                thread: 0,
                register: 0,
            })
        }
    };
    let (regs, rows, width) = (plan.load.elements, plan.load.rows, plan.load.cols);
    // The TMEM lanes: warp `w`, lane half `h`, row `l` of the shape, at column 0.
    let mut k = 0;
    while k < 4 * plan.halves * rows {
        let (l, h, w) = (k % rows, k / rows % plan.halves, k / rows / plan.halves);
        match plan.load.decode_coords(l, 0) {
            Some((lane, j)) => {
                match agrees(plan, &n, base, 32 * w + lane, h * plan.blocks * regs + j) {
                    Ok(()) => {}
                    Err(e) => return Err(e),
                }
            }
            None => {
                return Err(FragmentError::NotATile {
                    thread: 32 * w,
                    register: 0,
                })
            }
        }
        k += 1;
    }
    // The columns: block `b`, column `c` of the shape, at the first lane.
    let mut k = 0;
    while k < plan.blocks * width {
        let (c, b) = (k % width, k / width);
        match plan.load.decode_coords(0, c) {
            Some((lane, j)) => match agrees(plan, &n, base, lane, b * regs + j) {
                Ok(()) => {}
                Err(e) => return Err(e),
            },
            None => {
                return Err(FragmentError::NotATile {
                    thread: 0,
                    register: b * regs,
                })
            }
        }
        k += 1;
    }
    Ok(())
}

/// Whether register `r` of thread `t` of the composite `n` is the element the two layouts
/// read there (less `base`).
const fn agrees(plan: &Plan, n: &Numeral, base: u32, t: u32, r: u32) -> Result<(), FragmentError> {
    let want = match plan.offset(t, r) {
        Some(v) if v >= base => Some(v - base),
        _ => None,
    };
    match (want, n.offset(t, r)) {
        (Some(a), Some(b)) if a == b => Ok(()),
        _ => Err(FragmentError::NotATile {
            thread: t,
            register: r,
        }),
    }
}

/// [`fragment`], or a compile error (a panic) with its message: for `const` items.
pub const fn fragment_or_panic(acc: &Numeral, load: &Numeral, lanes: Lanes) -> TmemLayout {
    match fragment(acc, load, lanes) {
        Ok(f) => f,
        Err(e) => {
            let mut m = Message::new();
            m.push("cannot read `");
            m.push(acc.name);
            m.push("` with `");
            m.push(load.name);
            m.push("`: ");
            m.push(e.message().as_str());
            panic!("{}", m.as_str())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{self, SM100_TMEM_16dp256b1x, SM100_TMEM_32dp32b1x, TmemShape};

    /// `n` with its element count replaced (its digits kept).
    fn with_elements<'a>(n: &Numeral<'a>, elements: u32) -> Numeral<'a> {
        Numeral::new(n.name, n.rows, n.cols, elements, n.digits).with_warps(n.warps)
    }

    #[test]
    fn counts_past_tmem_are_errors_not_overflows() {
        let acc = accumulator(MmaLayout::D, 64);
        let acc = acc.numeral();
        let load = SM100_TMEM_32dp32b1x;
        // No columns: a division by zero blocks before.
        let none = with_elements(&acc, 0);
        assert_eq!(
            fragment(&none, &load, Lanes::Quarter).unwrap_err(),
            FragmentError::TmemColumns { columns: 0 }
        );
        let wide = with_elements(&acc, u32::MAX);
        let e = fragment(&wide, &load, Lanes::Quarter).unwrap_err();
        assert_eq!(e, FragmentError::TmemColumns { columns: u32::MAX });
        assert_eq!(
            e.message().as_str(),
            "the accumulator holds 4294967295 columns per TMEM lane; tensor memory has 1 to \
             512: build it with `tmem::accumulator`"
        );
        // A load's register count is its shape's: u32::MAX registers, 2^31 + 1 or none are
        // no `tcgen05.ld` shape, refused before any count is multiplied.
        for regs in [u32::MAX, (1 << 31) + 1, 0] {
            for shape in [load, SM100_TMEM_16dp256b1x] {
                let fat = with_elements(&shape, regs);
                assert!(
                    matches!(
                        fragment(&acc, &fat, Lanes::Quarter),
                        Err(FragmentError::NotAShape { .. })
                    ),
                    "{regs}"
                );
            }
        }
    }

    /// A one-warp, 16-row layout that is no `tcgen05.ld` shape is refused, naming the shapes;
    /// every catalog shape, `.b32` and packed, is taken.
    #[test]
    fn fragment_takes_tcgen05_ld_shapes_only() {
        let d = accumulator(MmaLayout::D, 64);
        let d = d.numeral();
        let b = catalog::SM80_16x8x16_F16_B_COL;
        assert_eq!((b.rows, b.warps), (16, 1));
        let e = fragment(&d, &b, Lanes::Quarter).unwrap_err();
        assert_eq!(e, FragmentError::NotAShape { rows: 16, warps: 1 });
        let m = e.message();
        assert!(
            m.as_str().contains("no `tcgen05.ld` shape"),
            "{}",
            m.as_str()
        );
        assert!(m.as_str().contains(".16x32bx2"), "{}", m.as_str());
        // Every other one-warp layout of 16 or 32 rows in the catalog is refused unless it
        // places its elements as a shape does (m16n8k16's A as `.16x128b.x2.pack::16b`).
        let mut refused = 0;
        for e in catalog::CATALOG
            .iter()
            .filter(|e| e.operand != catalog::Operand::Tmem)
        {
            let n = e.numeral;
            if n.warps == 1 && (n.rows == 16 || n.rows == 32) && n.cols <= 64 {
                let shape = catalog::CATALOG.iter().any(|t| {
                    t.operand == catalog::Operand::Tmem
                        && (0..32).all(|l| {
                            (0..n.elements).all(|j| t.numeral.coords(l, j) == n.coords(l, j))
                        })
                        && t.numeral.elements == n.elements
                        && (t.numeral.rows, t.numeral.cols) == (n.rows, n.cols)
                });
                let got = fragment(&d, n, Lanes::Quarter);
                assert_eq!(got.is_ok(), shape, "{}", e.name());
                refused += usize::from(!shape);
            }
        }
        assert!(refused > 20, "{refused}");
        // The same digits under another name are the shape (the name is not read).
        let renamed = catalog::SM100_TMEM_16dp64b2x.renamed("mine");
        assert!(fragment(&d, &renamed, Lanes::Quarter).is_ok());
        // And in another order; one digit twice is no shape.
        let s = catalog::SM100_TMEM_16dp64b2x;
        let mut digits = [s.digits[0]; 4];
        digits.copy_from_slice(s.digits);
        digits.reverse();
        let reordered = Numeral::new("mine", s.rows, s.cols, s.elements, &digits);
        assert!(catalog::is_tmem_access(&reordered));
        digits[1] = digits[0];
        let twice = Numeral::new("mine", s.rows, s.cols, s.elements, &digits);
        assert!(!catalog::is_tmem_access(&twice));
        for shape in TmemShape::ALL {
            let mut num = 1;
            while num <= shape.max_num() {
                for packed in [false, true] {
                    let load = catalog::tmem_access(shape, num, packed);
                    assert!(catalog::is_tmem_access(&load), "{shape:?} {num} {packed}");
                    if load.cols <= 64 {
                        assert!(
                            fragment(&d, &load, Lanes::Quarter).is_ok(),
                            "{shape:?} {num}"
                        );
                    }
                }
                num *= 2;
            }
        }
    }
}
