//! A register fragment placed in a shared tile: where its tile lies, which warp of a
//! warpgroup fragment acts, and the shared-memory offset of each of its elements.

use super::error::{AccessError, Gap, Misplaced};
use super::layout::SharedLayout;
use crate::numeral::LANES;
use crate::Numeral;

/// Where a fragment's tile lies in a shared tile (its `(0, 0)` at tile `(row, col)`), and
/// which warp of a multi-warp fragment (`wgmma`: warp `w` of 4) makes the access.
///
/// ```
/// use fraglayout::shared::FragmentAt;
/// let at = FragmentAt::new(16, 32).warp(1);
/// assert_eq!((at.row, at.col, at.warp), (16, 32, 1));
/// assert_eq!(FragmentAt::ORIGIN, FragmentAt::new(0, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FragmentAt {
    /// The tile row of the fragment's row 0.
    pub row: u32,
    /// The tile column of the fragment's column 0.
    pub col: u32,
    /// The warp making the access, `0..fragment.warps`.
    pub warp: u32,
}

impl FragmentAt {
    /// At the tile's corner, warp 0.
    pub const ORIGIN: FragmentAt = FragmentAt {
        row: 0,
        col: 0,
        warp: 0,
    };

    /// At tile `(row, col)`, warp 0.
    pub const fn new(row: u32, col: u32) -> FragmentAt {
        FragmentAt { row, col, warp: 0 }
    }

    /// The same place, for warp `warp`.
    pub const fn warp(self, warp: u32) -> FragmentAt {
        FragmentAt { warp, ..self }
    }
}

/// `Ok` when the layout and the fragment pass their checks, the warp exists and the
/// fragment's tile placed at `at` lies inside the shared tile.
pub(crate) const fn check_placement(
    n: &Numeral,
    s: &SharedLayout,
    at: FragmentAt,
) -> Result<(), AccessError> {
    if let Err(e) = s.check() {
        return Err(AccessError::Layout(e));
    }
    if let Err(e) = n.check() {
        return Err(AccessError::Fragment(e));
    }
    if at.warp >= n.warps {
        return Err(AccessError::Warp {
            warp: at.warp,
            warps: n.warps,
        });
    }
    if at.row as u64 + n.rows as u64 > s.rows() as u64
        || at.col as u64 + n.cols as u64 > s.cols() as u64
    {
        return Err(outside(n, s, at));
    }
    Ok(())
}

/// The error for a fragment that does not fit where it is placed.
const fn outside(n: &Numeral, s: &SharedLayout, at: FragmentAt) -> AccessError {
    AccessError::FragmentOutside {
        row: at.row,
        col: at.col,
        rows: n.rows,
        cols: n.cols,
        layout_rows: s.rows(),
        layout_cols: s.cols(),
    }
}

/// One element of a placed fragment: its tile coordinates and its element offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placed {
    pub(crate) row: u32,
    pub(crate) col: u32,
    pub(crate) offset: u32,
}

/// Element `e` of lane `lane` (of warp `at.warp`) of a fragment that passed
/// [`check_placement`]: where it lies in the tile and in shared memory.
pub(crate) const fn place(
    n: &Numeral,
    s: &SharedLayout,
    at: FragmentAt,
    lane: u32,
    e: u32,
) -> Result<Placed, AccessError> {
    match tile_coords(n, s, at, lane, e) {
        Ok(rc) => placed_at(n, s, at, rc),
        Err(err) => Err(err),
    }
}

/// The tile coordinates of element `e` of lane `lane` (of warp `at.warp`): the numeral's part
/// of [`place`], the same for every layout of the tile (`s` only names its size in the error).
pub(crate) const fn tile_coords(
    n: &Numeral,
    s: &SharedLayout,
    at: FragmentAt,
    lane: u32,
    e: u32,
) -> Result<(u32, u32), AccessError> {
    let thread = at.warp * LANES + lane;
    match n.coords(thread, e) {
        Some((r, c)) => Ok((at.row + r, at.col + c)),
        None => Err(outside(n, s, at)),
    }
}

/// The element at tile coordinates `(row, col)` (from [`tile_coords`]) in `s`: the layout's
/// part of [`place`].
pub(crate) const fn placed_at(
    n: &Numeral,
    s: &SharedLayout,
    at: FragmentAt,
    (row, col): (u32, u32),
) -> Result<Placed, AccessError> {
    match s.offset(row, col) {
        Some(offset) => Ok(Placed { row, col, offset }),
        None => Err(outside(n, s, at)),
    }
}

/// `next`, which should lie at offset `expected` right after `prev`, and why it does not:
/// the swizzle (they follow each other before it) or the line (they do not).
pub(crate) const fn misplaced(
    s: &SharedLayout,
    prev: Placed,
    next: Placed,
    expected: u32,
) -> Misplaced {
    let gap = match (s.linear(prev.row, prev.col), s.linear(next.row, next.col)) {
        (Some(a), Some(b)) if b as u64 == a as u64 + 1 => Gap::Swizzle,
        _ => Gap::Line,
    };
    Misplaced {
        row: next.row,
        col: next.col,
        offset: next.offset,
        expected,
        gap,
    }
}
