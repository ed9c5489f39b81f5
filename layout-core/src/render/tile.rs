//! A numeral prepared for drawing: whether it can be drawn, who claims each cell of the drawn
//! window, and what is wrong with the whole tile.

use super::claims::{Map, Parts};
use super::least::{Claim, Least};
use super::limits::{LISTED, LISTED_CLAIMANTS, MAX_CELLS, MAX_CLAIMS};
use crate::{Numeral, MAX_DIGITS};
use core::fmt;

/// Who claims one cell: how many, and the first two in `(thread, e)` order.
pub(crate) type Cell = Least<2>;

/// Cells filled per pass over the claims of a numeral failing the check.
const BAND: usize = 1024;

/// The most columns any renderer draws (so a band holds at least one row).
pub(crate) const MAX_DRAWN_COLS: u32 = BAND as u32;

/// The part of the tile drawn: rows `0..rows`, columns `0..cols`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Window {
    pub rows: u32,
    pub cols: u32,
}

impl Window {
    /// At most `max_cols` columns and `max_cells` cells (at least one row) of `n`'s tile.
    pub fn of(n: &Numeral, max_cols: u32, max_cells: u32) -> Window {
        let cols = n.cols.min(max_cols).min(MAX_DRAWN_COLS);
        let rows = n.rows.min((max_cells / cols.max(1)).max(1));
        Window { rows, cols }
    }

    /// Whether the whole tile is drawn.
    pub fn whole(&self, n: &Numeral) -> bool {
        self.rows == n.rows && self.cols == n.cols
    }

    /// Writes what is left out, `rows 64 to 99 and cols 64 to 255`, for a window that is
    /// not [`whole`](Self::whole).
    pub fn left_out(&self, n: &Numeral, w: &mut impl fmt::Write) -> fmt::Result {
        if self.rows < n.rows {
            write!(w, "rows {} to {}", self.rows, n.rows - 1)?;
            if self.cols < n.cols {
                w.write_str(" and ")?;
            }
        }
        if self.cols < n.cols {
            write!(w, "cols {} to {}", self.cols, n.cols - 1)?;
        }
        Ok(())
    }
}

/// Why a tile is not drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Undrawable {
    Empty,
    /// Not a bijection, and more than [`MAX_CELLS`] elements.
    TooLarge,
    /// Not a bijection, and more than [`MAX_CLAIMS`] `(thread, e)` pairs.
    TooManyClaims(u128),
    /// Not a bijection, and more than [`MAX_DIGITS`] digits.
    TooManyDigits,
}

/// The analysis of a numeral failing the check.
struct Broken {
    parts: Parts,
    map: Map,
}

/// A numeral prepared for drawing.
pub(crate) struct Tile<'r> {
    pub n: &'r Numeral<'r>,
    /// The numeral passes the check: [`Numeral::decode`] finds every cell's only owner.
    pub exact: bool,
    pub undrawable: Option<Undrawable>,
    broken: Option<Broken>,
}

/// `32 * warps * elements`, exactly.
fn claims(n: &Numeral) -> u128 {
    crate::LANES as u128 * n.warps as u128 * n.elements as u128
}

impl<'r> Tile<'r> {
    /// Prepares `n`: for a numeral failing the check, one pass over its claims (at most
    /// [`MAX_CLAIMS`]) maps the whole tile (at most [`MAX_CELLS`]).
    pub fn new(n: &'r Numeral<'r>) -> Tile<'r> {
        let exact = n.is_bijection();
        let undrawable = if n.rows == 0 || n.cols == 0 {
            Some(Undrawable::Empty)
        } else if exact {
            None
        } else if n.size() > MAX_CELLS {
            Some(Undrawable::TooLarge)
        } else if claims(n) > MAX_CLAIMS as u128 {
            Some(Undrawable::TooManyClaims(claims(n)))
        } else if n.digits.len() > MAX_DIGITS {
            Some(Undrawable::TooManyDigits)
        } else {
            None
        };
        let broken = (!exact && undrawable.is_none()).then(|| {
            let parts = Parts::new(n);
            let map = Map::new(n, &parts);
            Broken { parts, map }
        });
        Tile {
            n,
            exact,
            undrawable,
            broken,
        }
    }

    /// Writes why the tile is not drawn, as one line in brackets (no newline).
    pub fn why_undrawn(&self, w: &mut impl fmt::Write) -> fmt::Result {
        let n = self.n;
        match self.undrawable {
            None => Ok(()),
            Some(Undrawable::Empty) => w.write_str("(empty tile: nothing to draw)"),
            Some(Undrawable::TooLarge) => write!(
                w,
                "(tile of {} elements: too large to draw a numeral that is not a bijection; \
                 at most {MAX_CELLS})",
                n.size()
            ),
            Some(Undrawable::TooManyClaims(c)) => write!(
                w,
                "({c} claims to scan: too many to draw a numeral that is not a bijection; \
                 at most {MAX_CLAIMS})"
            ),
            Some(Undrawable::TooManyDigits) => write!(
                w,
                "({} digits: too many to draw a numeral that is not a bijection; at most \
                 {MAX_DIGITS})",
                n.digits.len()
            ),
        }
    }

    /// Calls `f(row, col, cell)` for every cell of `win`, row by row. A numeral failing the
    /// check costs one pass over its claims per [`BAND`] cells.
    pub fn each_cell<E>(
        &self,
        win: Window,
        mut f: impl FnMut(u32, u32, &Cell) -> Result<(), E>,
    ) -> Result<(), E> {
        let n = self.n;
        if win.cols == 0 || self.undrawable.is_some() {
            return Ok(());
        }
        let Some(b) = &self.broken else {
            for r in 0..win.rows {
                for c in 0..win.cols {
                    let mut cell = Cell::new();
                    if let Some(claim) = n.decode(r * n.cols + c) {
                        cell.offer(claim);
                    }
                    f(r, c, &cell)?;
                }
            }
            return Ok(());
        };
        let mut band = [Cell::new(); BAND];
        let band_rows = (BAND as u32 / win.cols).max(1);
        let mut r0 = 0;
        while r0 < win.rows {
            let k = band_rows.min(win.rows - r0);
            let cells = &mut band[..(k * win.cols) as usize];
            cells.fill(Cell::new());
            let (lo, hi) = (r0 as u64 * n.cols as u64, (r0 + k) as u64 * n.cols as u64);
            b.parts.scan(n, |claim, raw| match raw {
                Some(off) if lo <= off && off < hi => {
                    let (r, c) = ((off - lo) / n.cols as u64, off % n.cols as u64);
                    if c < win.cols as u64 {
                        cells[(r * win.cols as u64 + c) as usize].offer(claim);
                    }
                }
                _ => {}
            });
            for (i, cell) in cells.iter().enumerate() {
                let i = i as u32;
                f(r0 + i / win.cols, i % win.cols, cell)?;
            }
            r0 += k;
        }
        Ok(())
    }

    /// Elements claimed twice or more, and by nobody (zero for a numeral passing the check or
    /// a tile not drawn).
    pub fn damage(&self) -> (u64, u64) {
        self.broken
            .as_ref()
            .map_or((0, 0), |b| (b.map.collided, b.map.unclaimed))
    }

    /// The first [`LISTED`] claims outside the tile, in `(thread, e)` order, and how many
    /// there are.
    pub fn outside(&self) -> Least<LISTED> {
        self.broken.as_ref().map_or(Least::new(), |b| b.map.outside)
    }

    /// Whether offset `off` is claimed by nobody.
    pub fn unclaimed_at(&self, off: u32) -> bool {
        self.broken.as_ref().is_some_and(|b| !b.map.claimed(off))
    }

    /// The first [`LISTED`] elements claimed twice or more, in tile order: `(offset, the first
    /// [`LISTED_CLAIMANTS`] claimants and how many)`, and how many are listed. One pass.
    pub fn collisions(&self) -> ([(u32, Least<LISTED_CLAIMANTS>); LISTED], usize) {
        let mut out = [(0, Least::new()); LISTED];
        let mut len = 0;
        let Some(b) = &self.broken else {
            return (out, 0);
        };
        let n = self.n;
        let mut off = 0;
        while len < LISTED && (off as u64) < n.size() {
            if b.map.collided_at(off) {
                out[len].0 = off;
                len += 1;
            }
            off += 1;
        }
        if len == 0 {
            return (out, 0);
        }
        let last = out[len - 1].0 as u64;
        b.parts.scan(n, |claim: Claim, raw| {
            if let Some(o) = raw.filter(|&o| o <= last) {
                let o = o as u32;
                if b.map.collided_at(o) {
                    if let Ok(i) = out[..len].binary_search_by_key(&o, |x| x.0) {
                        out[i].1.offer(claim);
                    }
                }
            }
        });
        (out, len)
    }
}
