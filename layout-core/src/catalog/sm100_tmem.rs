//! `tcgen05.ld` / `tcgen05.st` (sm_100a): which TMEM cell each register of each lane of a
//! warp reads or writes.
//!
//! The tile is the part of tensor memory one instruction touches, relative to the warp's
//! `taddr`: the row is the TMEM lane (datapath), the column the 32-bit TMEM column. A load and a
//! store of one shape have one layout, so one entry lists both spellings. Each shape is in the
//! catalog at every `.num` from `x1` to the largest the 128-register limit allows, in the `.b32`
//! form (element = one 32-bit column, element type `b32`) and the `.pack::16b` /
//! `.unpack::16b` form (element type `b16`): each register holds the low 16 bits of two
//! adjacent columns, element `2r` (low half) from the even column, `2r + 1` from the next, so
//! the tile is twice as wide. PTX ISA 9.0, Table 47 and Figures 183-187.
//!
//! With `g = lane / 4`, `q = lane % 4`, `j` the register, `(L, C)` the TMEM lane and column:
//!
//! | shape (PTX) | name (CuTe op without `LOAD_` / `STORE_`) | tile | registers | `(L, C)` of register `j` |
//! |---|---|---|---|---|
//! | `.32x32b.xN` | `SM100_TMEM_32dp32bNx` | 32 x N | N (N <= 128) | `(lane, j)` |
//! | `.16x64b.xN` | `SM100_TMEM_16dp64bNx` | 16 x 2N | N (N <= 128) | `(g + 8 (lane % 2), 2j + (lane / 2) % 2)` |
//! | `.16x128b.xN` | `SM100_TMEM_16dp128bNx` | 16 x 4N | 2N (N <= 64) | `j = 2k + h`: `(g + 8h, 4k + q)` |
//! | `.16x256b.xN` | `SM100_TMEM_16dp256bNx` | 16 x 8N | 4N (N <= 32) | `j = 4k + 2h + e`: `(g + 8h, 8k + 2q + e)` |
//! | `.16x32bx2.xN`, immediate N | `SM100_TMEM_16dp32bNx` | 16 x 2N | N (N <= 128) | `(lane % 16, j + N (lane / 16))` |
//!
//! The packed forms add `_16b` (`SM100_TMEM_16dp256b4x_16b`): element `2j + h` is at
//! `(L, 2C + h)` for the `(L, C)` of register `j` above. `.16x32bx2` takes its second half-warp's
//! column offset as an immediate; the catalog's layout is that of immediate = N (2N packed),
//! the half-warps on adjacent column blocks, as CuTe's `SM100_TMEM_LOAD_16dp32b*` issue it.
//!
//! A warp reaches only its own 32-lane quarter of TMEM (warp `w % 4` of a warpgroup: lanes
//! `32 (w % 4) ..`); the 16-lane shapes read lanes `+0` or `+16` of it, as `taddr` says.
//! [`tmem`](crate::tmem) composes these with the `tcgen05.mma` accumulator layouts into the
//! warpgroup's fragment of D. ISA + CuTe cross-checked, not silicon-verified.

use super::declare::layouts;
use super::entry::{concat, total, Entry};
use crate::{Digit, Numeral};

/// The PTX ISA section of the `tcgen05.ld` / `tcgen05.st` layouts.
pub const TCGEN05_LDST: &str =
    "PTX ISA 9.7.16.8, tcgen05.ld / tcgen05.st (9.0 numbering; Table 47, Figures 183-187)";

/// A `tcgen05.ld` / `tcgen05.st` access shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TmemShape {
    /// `.32x32b`: 32 lanes, one 32-bit column per register.
    S32x32b,
    /// `.16x64b`: 16 lanes, 64 bits per lane per `.num`.
    S16x64b,
    /// `.16x128b`: 16 lanes, 128 bits per lane per `.num`.
    S16x128b,
    /// `.16x256b`: 16 lanes, 256 bits per lane per `.num`.
    S16x256b,
    /// `.16x32bx2`: two 16-lane blocks of 32 bits, the second at the immediate column offset
    /// (here N, or 2N packed).
    S16x32bx2,
}

impl TmemShape {
    /// Every shape.
    pub const ALL: [TmemShape; 5] = [
        TmemShape::S32x32b,
        TmemShape::S16x64b,
        TmemShape::S16x128b,
        TmemShape::S16x256b,
        TmemShape::S16x32bx2,
    ];

    /// The shape as PTX spells it, without the dot: `"32x32b"`.
    pub const fn ptx(self) -> &'static str {
        match self {
            TmemShape::S32x32b => "32x32b",
            TmemShape::S16x64b => "16x64b",
            TmemShape::S16x128b => "16x128b",
            TmemShape::S16x256b => "16x256b",
            TmemShape::S16x32bx2 => "16x32bx2",
        }
    }

    /// TMEM lanes one instruction touches: 32 or 16.
    pub const fn lanes(self) -> u32 {
        match self {
            TmemShape::S32x32b => 32,
            _ => 16,
        }
    }

    /// Registers per thread at `.x1` (Table 47): 1, 1, 2, 4, 1.
    pub const fn registers_per_num(self) -> u32 {
        match self {
            TmemShape::S16x128b => 2,
            TmemShape::S16x256b => 4,
            _ => 1,
        }
    }

    /// The largest `.num`: 128 registers per thread at most.
    pub const fn max_num(self) -> u32 {
        128 / self.registers_per_num()
    }

    /// Index in [`ALL`](Self::ALL).
    const fn index(self) -> usize {
        match self {
            TmemShape::S32x32b => 0,
            TmemShape::S16x64b => 1,
            TmemShape::S16x128b => 2,
            TmemShape::S16x256b => 3,
            TmemShape::S16x32bx2 => 4,
        }
    }
}

/// `.num` values per shape in the tables: x1 .. x128.
const NUMS: usize = 8;
/// Digits of the longest access layout.
const MOST: usize = 6;

/// The `.b32` digits of `shape` at `.num` = `n`, the `.num` digit last (dropped for `n` = 1),
/// with how many there are.
const fn plain_digits(shape: TmemShape, n: u32) -> Digits {
    let z = Digit::lane(1, 1, 1);
    match shape {
        TmemShape::S32x32b => (
            [Digit::lane(1, 32, n), Digit::element(1, n, 1), z, z, z, z],
            2,
        ),
        TmemShape::S16x64b => (
            [
                Digit::lane(2, 2, 1),
                Digit::lane(4, 8, 2 * n),
                Digit::lane(1, 2, 16 * n),
                Digit::element(1, n, 2),
                z,
                z,
            ],
            4,
        ),
        TmemShape::S16x128b => (
            [
                Digit::lane(1, 4, 1),
                Digit::lane(4, 8, 4 * n),
                Digit::element(1, 2, 32 * n),
                Digit::element(2, n, 4),
                z,
                z,
            ],
            4,
        ),
        TmemShape::S16x256b => (
            [
                Digit::element(1, 2, 1),
                Digit::lane(1, 4, 2),
                Digit::lane(4, 8, 8 * n),
                Digit::element(2, 2, 64 * n),
                Digit::element(4, n, 8),
                z,
            ],
            5,
        ),
        TmemShape::S16x32bx2 => (
            [
                Digit::lane(16, 2, n),
                Digit::lane(1, 16, 2 * n),
                Digit::element(1, n, 1),
                z,
                z,
                z,
            ],
            3,
        ),
    }
}

/// The digits of `shape` at `.num` = `n`, packed or not, and how many: packed doubles every
/// place and every element divisor and puts `e % 2` (the half) at place 1 in front.
const fn access_digits(shape: TmemShape, n: u32, packed: bool) -> Digits {
    let (plain, mut len) = plain_digits(shape, n);
    if n == 1 {
        len -= 1;
    }
    if !packed {
        return (plain, len);
    }
    let mut out = [Digit::element(1, 2, 1); MOST];
    let mut i = 0;
    while i < len {
        let d = plain[i];
        let divisor = match d.source {
            crate::Source::Element => d.divisor * 2,
            _ => d.divisor,
        };
        out[i + 1] = Digit::new(d.source, divisor, d.range, d.place * 2);
        i += 1;
    }
    (out, len + 1)
}

/// One layout's digits and how many of them are used.
type Digits = ([Digit; MOST], usize);
/// Every shape, `.num` and form: `[shape][log2 num][packed]`.
type Table = [[[Digits; 2]; NUMS]; 5];

/// The [`Table`] of every access layout.
const fn all_access_digits() -> Table {
    let mut t = [[[([Digit::lane(1, 1, 1); MOST], 0); 2]; NUMS]; 5];
    let mut s = 0;
    while s < 5 {
        let shape = TmemShape::ALL[s];
        let mut k = 0;
        while k < NUMS && (1 << k) <= shape.max_num() {
            t[s][k][0] = access_digits(shape, 1 << k, false);
            t[s][k][1] = access_digits(shape, 1 << k, true);
            k += 1;
        }
        s += 1;
    }
    t
}

static ACCESS_DIGITS: Table = all_access_digits();

/// The layout of `tcgen05.ld` / `tcgen05.st` with `shape` at `.num` = `num`, `.pack::16b` /
/// `.unpack::16b` when `packed`: one warp, `shape.lanes()` TMEM lanes (rows) by the columns
/// it touches. Named `"SM100_TMEM"`; the catalog constants rename it.
///
/// Panics (fails compilation in `const`) unless `num` is a power of two from 1 to
/// [`TmemShape::max_num`].
pub const fn tmem_access(shape: TmemShape, num: u32, packed: bool) -> Numeral<'static> {
    assert!(
        num.is_power_of_two() && num <= shape.max_num(),
        "tcgen05.ld/st .num must be a power of two up to 128 registers"
    );
    let registers = shape.registers_per_num() * num;
    let lanes = shape.lanes();
    let half = if packed { 2 } else { 1 };
    let cols = registers * 32 / lanes * half;
    let all: &'static Table = &ACCESS_DIGITS;
    let (digits, len) = &all[shape.index()][num.trailing_zeros() as usize][packed as usize];
    Numeral::new(
        "SM100_TMEM",
        lanes,
        cols,
        registers * half,
        digits.split_at(*len).0,
    )
}

/// The `tcgen05.ld` shapes in words, for messages: what [`is_tmem_access`] takes.
pub const SHAPES_IN_WORDS: &str = ".32x32b, .16x64b, .16x128b, .16x256b or .16x32bx2 at a \
     power-of-two .num, .b32 or .pack::16b (the catalog's SM100_TMEM_* layouts)";

/// Whether `layout` is a `tcgen05.ld` / `tcgen05.st` access layout: the one place that
/// decides it. `true` when its warps, tile, registers and digits are those of [`tmem_access`]
/// at some shape, `.num` and form (its name is not read). Spellings can share a layout:
/// `.16x128b.x1.pack::16b` places its 16-bit elements as `.16x256b.x1` places its 32-bit ones.
pub const fn is_tmem_access(layout: &Numeral) -> bool {
    if layout.warps != 1 {
        return false;
    }
    let mut s = 0;
    while s < TmemShape::ALL.len() {
        let shape = TmemShape::ALL[s];
        s += 1;
        let mut num = 1;
        while num <= shape.max_num() {
            if same_access(layout, &tmem_access(shape, num, false))
                || same_access(layout, &tmem_access(shape, num, true))
            {
                return true;
            }
            num *= 2;
        }
    }
    false
}

/// Whether `a` has the tile, registers and digits of the access `b`, digit by digit bit (a
/// digit of range `2^k` is `k` digits of range 2), in any order (not compared: names).
const fn same_access(a: &Numeral, b: &Numeral) -> bool {
    if a.rows != b.rows || a.cols != b.cols || a.elements != b.elements {
        return false;
    }
    let (mut bits_a, mut bits_b) = (0, 0);
    let mut i = 0;
    while i < b.digits.len() {
        bits_b += b.digits[i].range.trailing_zeros();
        i += 1;
    }
    let mut i = 0;
    while i < a.digits.len() {
        let x = a.digits[i];
        if !x.range.is_power_of_two() || !x.divisor.is_power_of_two() {
            return false;
        }
        let mut k = 0;
        while k < x.range.trailing_zeros() {
            if !has_bit(b, x.source as usize, x.divisor << k, x.place << k) {
                return false;
            }
            k += 1;
        }
        // No bit of `a` twice: digits of one source do not overlap.
        let mut k = 0;
        while k < i {
            let y = a.digits[k];
            let (x_end, y_end) = (
                x.divisor as u64 * x.range as u64,
                y.divisor as u64 * y.range as u64,
            );
            if x.source as usize == y.source as usize
                && (x.divisor as u64) < y_end
                && (y.divisor as u64) < x_end
            {
                return false;
            }
            k += 1;
        }
        bits_a += x.range.trailing_zeros();
        i += 1;
    }
    bits_a == bits_b
}

/// Whether a digit of `n` sends the bit `divisor` of `source` (by `Source as usize`) to
/// `place`.
const fn has_bit(n: &Numeral, source: usize, divisor: u32, place: u32) -> bool {
    let mut i = 0;
    while i < n.digits.len() {
        let y = n.digits[i];
        if y.source as usize == source && divisor >= y.divisor && divisor / y.divisor < y.range {
            let step = divisor / y.divisor;
            return divisor % y.divisor == 0 && place as u64 == y.place as u64 * step as u64;
        }
        i += 1;
    }
    false
}

/// Declares, for one shape, the `.b32` and packed layouts of each `.num` with their entries.
macro_rules! access {
    ($list:ident, $shape:ident, $ptx:literal, $($num:literal $plain:ident $packed:ident),+ $(,)?) => {
        layouts! {
            entries $list { operand: Tmem, arch: "sm_100a", ptx_section: TCGEN05_LDST }
            $(
                #[doc = concat!(
                    "`tcgen05.ld` / `tcgen05.st` `.", $ptx, ".x", $num, ".b32`: [`tmem_access`]`(",
                    stringify!($shape), ", ", $num, ", false)` (see the module table)."
                )]
                pub $plain = tmem_access(TmemShape::$shape, $num, false);
                entry { element_type: "b32", element_bits: 32, instructions: &[
                    concat!("tcgen05.ld.sync.aligned.", $ptx, ".x", $num, ".b32"),
                    concat!("tcgen05.st.sync.aligned.", $ptx, ".x", $num, ".b32"),
                ] }

                #[doc = concat!(
                    "`tcgen05.ld` `.", $ptx, ".x", $num, ".pack::16b.b32` / `tcgen05.st` `.",
                    $ptx, ".x", $num, ".unpack::16b.b32`: [`tmem_access`]`(", stringify!($shape),
                    ", ", $num, ", true)`, two 16-bit elements per register from adjacent columns."
                )]
                pub $packed = tmem_access(TmemShape::$shape, $num, true);
                entry { element_type: "b16", element_bits: 16, instructions: &[
                    concat!("tcgen05.ld.sync.aligned.", $ptx, ".x", $num, ".pack::16b.b32"),
                    concat!("tcgen05.st.sync.aligned.", $ptx, ".x", $num, ".unpack::16b.b32"),
                ] }
            )+
        }
    };
}

access!(
    LANES32, S32x32b, "32x32b",
    1 SM100_TMEM_32dp32b1x SM100_TMEM_32dp32b1x_16b,
    2 SM100_TMEM_32dp32b2x SM100_TMEM_32dp32b2x_16b,
    4 SM100_TMEM_32dp32b4x SM100_TMEM_32dp32b4x_16b,
    8 SM100_TMEM_32dp32b8x SM100_TMEM_32dp32b8x_16b,
    16 SM100_TMEM_32dp32b16x SM100_TMEM_32dp32b16x_16b,
    32 SM100_TMEM_32dp32b32x SM100_TMEM_32dp32b32x_16b,
    64 SM100_TMEM_32dp32b64x SM100_TMEM_32dp32b64x_16b,
    128 SM100_TMEM_32dp32b128x SM100_TMEM_32dp32b128x_16b,
);

access!(
    BITS64, S16x64b, "16x64b",
    1 SM100_TMEM_16dp64b1x SM100_TMEM_16dp64b1x_16b,
    2 SM100_TMEM_16dp64b2x SM100_TMEM_16dp64b2x_16b,
    4 SM100_TMEM_16dp64b4x SM100_TMEM_16dp64b4x_16b,
    8 SM100_TMEM_16dp64b8x SM100_TMEM_16dp64b8x_16b,
    16 SM100_TMEM_16dp64b16x SM100_TMEM_16dp64b16x_16b,
    32 SM100_TMEM_16dp64b32x SM100_TMEM_16dp64b32x_16b,
    64 SM100_TMEM_16dp64b64x SM100_TMEM_16dp64b64x_16b,
    128 SM100_TMEM_16dp64b128x SM100_TMEM_16dp64b128x_16b,
);

access!(
    BITS128, S16x128b, "16x128b",
    1 SM100_TMEM_16dp128b1x SM100_TMEM_16dp128b1x_16b,
    2 SM100_TMEM_16dp128b2x SM100_TMEM_16dp128b2x_16b,
    4 SM100_TMEM_16dp128b4x SM100_TMEM_16dp128b4x_16b,
    8 SM100_TMEM_16dp128b8x SM100_TMEM_16dp128b8x_16b,
    16 SM100_TMEM_16dp128b16x SM100_TMEM_16dp128b16x_16b,
    32 SM100_TMEM_16dp128b32x SM100_TMEM_16dp128b32x_16b,
    64 SM100_TMEM_16dp128b64x SM100_TMEM_16dp128b64x_16b,
);

access!(
    BITS256, S16x256b, "16x256b",
    1 SM100_TMEM_16dp256b1x SM100_TMEM_16dp256b1x_16b,
    2 SM100_TMEM_16dp256b2x SM100_TMEM_16dp256b2x_16b,
    4 SM100_TMEM_16dp256b4x SM100_TMEM_16dp256b4x_16b,
    8 SM100_TMEM_16dp256b8x SM100_TMEM_16dp256b8x_16b,
    16 SM100_TMEM_16dp256b16x SM100_TMEM_16dp256b16x_16b,
    32 SM100_TMEM_16dp256b32x SM100_TMEM_16dp256b32x_16b,
);

access!(
    HALVES, S16x32bx2, "16x32bx2",
    1 SM100_TMEM_16dp32b1x SM100_TMEM_16dp32b1x_16b,
    2 SM100_TMEM_16dp32b2x SM100_TMEM_16dp32b2x_16b,
    4 SM100_TMEM_16dp32b4x SM100_TMEM_16dp32b4x_16b,
    8 SM100_TMEM_16dp32b8x SM100_TMEM_16dp32b8x_16b,
    16 SM100_TMEM_16dp32b16x SM100_TMEM_16dp32b16x_16b,
    32 SM100_TMEM_16dp32b32x SM100_TMEM_16dp32b32x_16b,
    64 SM100_TMEM_16dp32b64x SM100_TMEM_16dp32b64x_16b,
    128 SM100_TMEM_16dp32b128x SM100_TMEM_16dp32b128x_16b,
);

const PARTS: &[&[Entry]] = &[LANES32, BITS64, BITS128, BITS256, HALVES];
const ALL: [Entry; total(PARTS)] = concat(PARTS);

pub(super) const ENTRIES: &[Entry] = &ALL;
