//! Renderings of a numeral: a text grid, an SVG picture, a Markdown digit table.
//!
//! Every renderer writes to a [`core::fmt::Write`] sink and allocates nothing, so they work in
//! `no_std` code as well as into a `String`:
//!
//! - [`grid`](fn@grid): the tile as text, each cell `T{thread}:{element}`.
//! - [`svg`](fn@svg): the tile as an SVG 1.1 picture in the style of the PTX ISA fragment figures.
//! - [`digit_table`]: the digits as a Markdown table, sorted by place.
//! - [`rounds`](fn@rounds) and [`in_lane`]: a conversion [`Plan`](crate::convert::Plan) as lane tables;
//!   [`conversion_svg`]: as a picture of the destination tile coloured by round.
//! - [`smem`]: a shared-memory tile among the banks, and an access's bank conflicts, as text
//!   and pictures.
//!
//! Renderings of a numeral that is not a bijection show what is wrong: elements claimed more
//! than once, elements nobody claims, and claims that land outside the tile.
//!
//! # Bounds
//! Whatever the numeral, the output is bounded, and the work linear in what is drawn (and, for
//! a numeral failing the check, in its `(thread, e)` pairs, which are bounded too):
//! - A tile wider or taller than a readable drawing is drawn in part: the first
//!   [`GRID_COLS`] columns of the first rows, up to [`GRID_CELLS`] cells and [`GRID_BYTES`]
//!   bytes of grid ([`SVG_COLS`] and [`SVG_CELLS`] for a picture), with a line saying what is
//!   left out. A 64 x 256 `wgmma` accumulator draws its first 64 columns.
//! - Lists of collisions, unclaimed elements and claims outside the tile give their first
//!   [`LISTED`] entries (each collision its first [`LISTED_CLAIMANTS`] claimants), then how
//!   many more there are; the digit table lists the first [`TABLE_DIGITS`] digits.
//!
//! So a grid is at most about 64 KiB, and a picture under 1 MiB, for any numeral with a short
//! name.
//!
//! # Cost
//! The owner of a cell of a numeral passing [`Numeral::check`] is found by
//! [`Numeral::decode`]: the work is the drawn cells times the digits. A numeral failing the
//! check is drawn from passes over all its `(thread, e)` pairs, each pair costing one
//! addition (its lane, warp and element parts are summed from kept parts): one pass maps the
//! whole tile (who is claimed once, twice, or not at all: bitmaps of 16 KiB), and one pass per
//! 1024 drawn cells finds their claimants. Such a numeral is drawn when its tile has at most
//! [`MAX_CELLS`] elements, it has at most [`MAX_CLAIMS`] pairs and at most
//! [`MAX_DIGITS`](crate::MAX_DIGITS) digits; otherwise the renderers write a one-line note
//! instead. Everything lives on the stack, about 48 KiB at most.

mod claims;
mod grid;
mod least;
mod rounds;
pub mod smem;
mod svg;
mod table;
mod tile;

pub use grid::grid;
pub use rounds::{in_lane, rounds};
pub use svg::{conversion_svg, svg};
pub use table::digit_table;

pub(crate) use tile::{Cell, Tile, Window};

use crate::Numeral;
use core::fmt;

/// The largest tile of a numeral failing the check the renderers draw, in elements (a 64 x 256
/// tile has 16384). Numerals passing the check are drawn whatever their size.
pub const MAX_CELLS: u64 = 1 << 16;

/// The most `(thread, e)` pairs of a numeral failing the check the renderers scan.
pub const MAX_CLAIMS: u64 = 1 << 20;

/// The most columns [`grid`](fn@grid) draws.
pub const GRID_COLS: u32 = 64;

/// The most cells [`grid`](fn@grid) draws.
pub const GRID_CELLS: u32 = 4096;

/// The most bytes of cell rows [`grid`](fn@grid) writes (it draws fewer rows where cells are wide).
pub const GRID_BYTES: usize = 44 * 1024;

/// The most columns [`svg`](fn@svg) draws.
pub const SVG_COLS: u32 = 64;

/// The most cells [`svg`](fn@svg) draws: a 64 x 32 warpgroup tile whole.
pub const SVG_CELLS: u32 = 2048;

/// The most entries each list of a broken numeral's grid or picture gives: collisions,
/// rows with unclaimed elements, claims outside the tile.
pub const LISTED: usize = 16;

/// The most claimants listed for one collision.
pub const LISTED_CLAIMANTS: usize = 8;

/// The most digits [`digit_table`] lists.
pub const TABLE_DIGITS: usize = 64;

/// A claimant: `(thread, e)`.
pub(crate) type Claim = (u32, u32);

/// Writes `name: R x C tile, T threads x E elements` (with `(W warps)` for a warpgroup).
pub(crate) fn shape(n: &Numeral, w: &mut impl fmt::Write) -> fmt::Result {
    write!(w, "{} x {} tile, {} threads", n.rows, n.cols, n.threads())?;
    if n.warps != 1 {
        write!(w, " ({} warps)", n.warps)?;
    }
    let plural = if n.elements == 1 { "" } else { "s" };
    write!(w, " x {} element{plural}", n.elements)
}

/// The threads holding what thread `t` holds, `t` a representative (its broadcast digits 0, as
/// [`Numeral::decode`] returns it), written `T5`; under broadcast digits `T0-3` (a run of
/// threads), `T0,2` (two threads) or `T0+3` (thread 0 and 3 more).
#[derive(Clone, Copy)]
pub(crate) struct Holders {
    first: u32,
    /// The last holder: every broadcast digit at its top value.
    last: u64,
    copies: u64,
}

impl Holders {
    /// The holders of what `t` holds in the drawn `tile`: for a numeral failing the check, `t`
    /// alone (its broadcast digits may not be sound; [`Tile::each_cell`] offers only
    /// representatives, so its copies are not collisions either).
    pub fn of(tile: &Tile, t: u32) -> Holders {
        let n = tile.n;
        if !tile.exact {
            return Holders {
                first: t,
                last: t as u64,
                copies: 1,
            };
        }
        let mut last = t as u64;
        for d in n.digits.iter().filter(|d| d.is_broadcast()) {
            let step = match d.source {
                crate::Source::Warp => d.divisor as u64 * crate::LANES as u64,
                _ => d.divisor as u64,
            };
            last += step * (d.range as u64).saturating_sub(1);
        }
        Holders {
            first: t,
            last,
            copies: n.copies(),
        }
    }
}

impl fmt::Display for Holders {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Holders {
            first,
            last,
            copies,
        } = *self;
        if copies <= 1 {
            write!(f, "T{first}")
        } else if last - first as u64 + 1 == copies {
            write!(f, "T{first}-{last}")
        } else if copies == 2 {
            write!(f, "T{first},{last}")
        } else {
            write!(f, "T{first}+{}", copies - 1)
        }
    }
}

/// For a numeral with broadcast digits, the line saying so and how cells name their holders:
/// `` broadcast: `lane / 2 % 2`, each element held by 2 threads (Ta-b: threads a to b; ...) ``.
pub(crate) fn broadcast_line(n: &Numeral, w: &mut impl fmt::Write) -> fmt::Result {
    if !n.has_broadcast() {
        return Ok(());
    }
    w.write_str("broadcast:")?;
    for (k, d) in n.digits.iter().filter(|d| d.is_broadcast()).enumerate() {
        let mut m = crate::Message::new();
        m.push_digit(d, n.extent(d.source));
        write!(w, "{} `{m}`", if k == 0 { "" } else { "," })?;
    }
    writeln!(
        w,
        ", each element held by {} threads (Ta-b: threads a to b; Ta,b: threads a and b; \
         Ta+k: thread a and k more)",
        n.copies()
    )
}

/// Counts the characters written, to size text before writing it.
pub(crate) struct Count(pub usize);

impl fmt::Write for Count {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.chars().count();
        Ok(())
    }
}

/// The characters `f` writes.
pub(crate) fn len_of(f: impl FnOnce(&mut Count) -> fmt::Result) -> usize {
    let mut c = Count(0);
    let _ = f(&mut c);
    c.0
}

/// Decimal digits of `v`.
pub(crate) const fn digits(mut v: u64) -> usize {
    let mut k = 1;
    while v >= 10 {
        v /= 10;
        k += 1;
    }
    k
}

/// Writes `k` spaces.
pub(crate) fn spaces<W: fmt::Write + ?Sized>(w: &mut W, k: usize) -> fmt::Result {
    for _ in 0..k {
        w.write_char(' ')?;
    }
    Ok(())
}

/// Where a claim outside the tile lands: `offset N (row R, col C)`, or that its offset overflows.
pub(crate) fn outside_offset(
    n: &Numeral,
    raw: Option<u64>,
    w: &mut impl fmt::Write,
) -> fmt::Result {
    match raw {
        Some(off) => write!(
            w,
            "offset {off} (row {}, col {})",
            off / n.cols as u64,
            off % n.cols as u64
        ),
        None => w.write_str("offset overflows"),
    }
}
