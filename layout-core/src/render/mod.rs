//! Renderings of a numeral: a text grid, an SVG picture, a Markdown digit table.
//!
//! Every renderer writes to a [`core::fmt::Write`] sink and allocates nothing, so they work in
//! `no_std` code as well as into a `String`:
//!
//! - [`grid`]: the tile as text, each cell `T{thread}:{element}`.
//! - [`svg`]: the tile as an SVG 1.1 picture in the style of the PTX ISA fragment figures.
//! - [`digit_table`]: the digits as a Markdown table, sorted by place.
//!
//! Renderings of a numeral that is not a bijection show what is wrong: elements claimed more
//! than once, elements nobody claims, and claims that land outside the tile.
//!
//! # Cost
//! The owner of a cell is found by [`Numeral::decode`] when the numeral passes
//! [`Numeral::check`]. Otherwise the claimants of a cell are searched: for each thread, the
//! elements completing its part of the offset are found by binary search in the sorted
//! element parts (up to [`INDEXED_ELEMENTS`] elements; beyond, by trying every element), so a
//! broken `64 x 256` warpgroup tile draws in a fraction of a second. Tiles of more than [`MAX_CELLS`] elements,
//! or broken numerals with more than [`MAX_CLAIMS`] `(thread, e)` pairs, are not drawn: the
//! renderers write a one-line note instead.

mod grid;
mod svg;
mod table;

pub use grid::grid;
pub use svg::svg;
pub use table::digit_table;

use crate::{Numeral, Source};
use core::fmt;

/// The largest tile the renderers draw, in elements (a 64 x 256 tile has 16384).
pub const MAX_CELLS: u64 = 1 << 16;

/// The most `(thread, e)` pairs of a numeral failing [`Numeral::check`] the renderers scan.
pub const MAX_CLAIMS: u64 = 1 << 16;

/// Up to this many elements per thread, the claimants of a cell of a broken numeral are found
/// by binary search in the sorted element parts rather than by trying every element.
pub const INDEXED_ELEMENTS: usize = 512;

/// A claimant: `(thread, e)`.
pub(crate) type Claim = (u32, u32);

/// Who claims one tile element: how many, and the first two.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Cell {
    pub count: u32,
    pub first: Option<Claim>,
    pub second: Option<Claim>,
}

/// The element parts of a numeral (the sums of its element digits), sorted as `(part, e)`:
/// the elements completing a thread's part to a given offset are one run of it.
#[derive(Clone, Copy)]
pub(crate) struct ElementIndex {
    len: usize,
    sorted: [(u64, u32); INDEXED_ELEMENTS],
}

impl ElementIndex {
    /// The index of `n`'s element parts, `None` for more than [`INDEXED_ELEMENTS`] elements.
    /// Elements whose part overflows are left out: they reach no offset.
    fn new(n: &Numeral) -> Option<ElementIndex> {
        if n.elements as usize > INDEXED_ELEMENTS {
            return None;
        }
        let mut ix = ElementIndex {
            len: 0,
            sorted: [(0, 0); INDEXED_ELEMENTS],
        };
        for e in 0..n.elements {
            if let Some(p) = part(n, 0, e, true) {
                ix.sorted[ix.len] = (p, e);
                ix.len += 1;
            }
        }
        ix.sorted[..ix.len].sort_unstable();
        Some(ix)
    }

    /// The positions in `sorted` of the elements whose part is `x`, in element order.
    fn run(&self, x: u64) -> (usize, usize) {
        let s = &self.sorted[..self.len];
        let lo = s.partition_point(|&(p, _)| p < x);
        (lo, lo + s[lo..].partition_point(|&(p, _)| p == x))
    }
}

/// A numeral prepared for drawing: whether decoding is exact, or claims must be searched.
#[derive(Clone, Copy)]
pub(crate) struct Tile<'r> {
    pub n: &'r Numeral<'r>,
    /// The numeral passes the check: [`Numeral::decode`] finds every cell's only owner.
    pub exact: bool,
    /// For a numeral failing the check: its element parts, sorted.
    index: Option<ElementIndex>,
}

impl<'r> Tile<'r> {
    pub fn new(n: &'r Numeral<'r>) -> Tile<'r> {
        let exact = n.is_bijection();
        Tile {
            n,
            exact,
            index: if exact { None } else { ElementIndex::new(n) },
        }
    }

    /// Whether the tile is small enough to draw; writes a note when it is not.
    pub fn drawable(&self, w: &mut impl fmt::Write) -> Result<bool, fmt::Error> {
        let n = self.n;
        if n.rows == 0 || n.cols == 0 {
            w.write_str("(empty tile: nothing to draw)\n")?;
            return Ok(false);
        }
        if n.size() > MAX_CELLS {
            writeln!(w, "(tile of {} elements: too large to draw)", n.size())?;
            return Ok(false);
        }
        let claims = n.threads() as u64 * n.elements as u64;
        if !self.exact && claims > MAX_CLAIMS {
            writeln!(w, "({claims} claims to scan: too many to draw)")?;
            return Ok(false);
        }
        Ok(true)
    }

    /// The claimants of tile offset `offset`, in `(thread, e)` order.
    pub fn claimants(&self, offset: u32) -> Claimants<'_> {
        Claimants {
            n: self.n,
            offset,
            decoded: if self.exact {
                Some(self.n.decode(offset))
            } else {
                None
            },
            index: self.index.as_ref(),
            t: 0,
            e: 0,
            run: None,
        }
    }

    /// How many claim `offset`, and the first two.
    pub fn cell(&self, offset: u32) -> Cell {
        let mut c = Cell::default();
        for claim in self.claimants(offset) {
            match c.count {
                0 => c.first = Some(claim),
                1 => c.second = Some(claim),
                _ => {}
            }
            c.count += 1;
        }
        c
    }

    /// Claims landing outside the tile: `(claimant, raw offset)`, `None` when the sum
    /// overflows. Empty for a numeral passing the check.
    pub fn outside(&self) -> Outside<'r> {
        Outside {
            n: self.n,
            t: if self.exact { self.n.threads() } else { 0 },
            e: 0,
        }
    }
}

/// Steps `(t, e)` through every in-range pair, thread-major.
fn step(n: &Numeral, t: &mut u32, e: &mut u32) -> Option<Claim> {
    if n.elements == 0 || *t >= n.threads() {
        return None;
    }
    let here = (*t, *e);
    *e += 1;
    if *e >= n.elements {
        *e = 0;
        *t += 1;
    }
    Some(here)
}

/// The claimants of one offset; see [`Tile::claimants`].
pub(crate) struct Claimants<'r> {
    n: &'r Numeral<'r>,
    offset: u32,
    /// `Some(decoded)` for an exact tile (taken once), `None` to search.
    decoded: Option<Option<Claim>>,
    /// The sorted element parts, where the numeral has few enough elements.
    index: Option<&'r ElementIndex>,
    t: u32,
    /// The next element to try (without an index).
    e: u32,
    /// The rest of thread `t`'s run in the index, once looked up.
    run: Option<(usize, usize)>,
}

/// The sum of the digits reading `thread` (lane and warp), or of those reading `e`; `None` on
/// overflow. The two parts add up to [`Numeral::raw_offset`]: all terms are non-negative, so
/// either sum overflows exactly when the whole does.
fn part(n: &Numeral, thread: u32, e: u32, element: bool) -> Option<u64> {
    let mut sum: u64 = 0;
    for d in n.digits {
        if matches!(d.source, Source::Element) == element {
            let v = d.value_of(Numeral::input(d.source, thread, e)) as u64;
            sum = sum.checked_add(v * d.place as u64)?;
        }
    }
    Some(sum)
}

impl Iterator for Claimants<'_> {
    type Item = Claim;

    fn next(&mut self) -> Option<Claim> {
        if let Some(decoded) = &mut self.decoded {
            return decoded.take();
        }
        let (n, target) = (self.n, self.offset as u64);
        while self.t < n.threads() && n.elements > 0 {
            let t = self.t;
            // Digit values are non-negative: a thread whose own digits already pass the
            // offset cannot reach it with any element.
            match (part(n, t, 0, false), self.index) {
                (Some(tp), Some(ix)) if tp <= target => {
                    let (from, to) = *self.run.get_or_insert_with(|| ix.run(target - tp));
                    if from < to {
                        self.run = Some((from + 1, to));
                        return Some((t, ix.sorted[from].1));
                    }
                }
                (Some(tp), None) if tp <= target => {
                    while self.e < n.elements {
                        let e = self.e;
                        self.e += 1;
                        if part(n, t, e, true).and_then(|ep| ep.checked_add(tp)) == Some(target) {
                            return Some((t, e));
                        }
                    }
                }
                _ => {}
            }
            self.t += 1;
            self.e = 0;
            self.run = None;
        }
        None
    }
}

/// Claims outside the tile; see [`Tile::outside`].
pub(crate) struct Outside<'r> {
    n: &'r Numeral<'r>,
    t: u32,
    e: u32,
}

impl Iterator for Outside<'_> {
    type Item = (Claim, Option<u64>);

    fn next(&mut self) -> Option<Self::Item> {
        while let Some((t, e)) = step(self.n, &mut self.t, &mut self.e) {
            match self.n.raw_offset(t, e) {
                Some(off) if off < self.n.size() => {}
                raw => return Some(((t, e), raw)),
            }
        }
        None
    }
}

/// Writes `name: R x C tile, T threads x E elements` (with `(W warps)` for a warpgroup).
pub(crate) fn shape(n: &Numeral, w: &mut impl fmt::Write) -> fmt::Result {
    write!(w, "{} x {} tile, {} threads", n.rows, n.cols, n.threads())?;
    if n.warps != 1 {
        write!(w, " ({} warps)", n.warps)?;
    }
    let plural = if n.elements == 1 { "" } else { "s" };
    write!(w, " x {} element{plural}", n.elements)
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
