//! Text more than one section writes: a cell's two label lines, and the line saying what is
//! left out.

use crate::render::describe::Holders;
use crate::render::least::Claim;
use crate::render::limits::{SVG_CELLS, SVG_COLS};
use crate::render::tile::{Cell, Tile, Window};
use crate::Numeral;
use core::fmt::{self, Write};

/// The two label lines of a cell: `T5` / `V3` (under broadcast digits every holder, `T0-3` /
/// `V3`), or for a collision `T3 V1` / `T7 V0 +k`.
pub(super) fn lines(tile: &Tile, cell: &Cell) -> (Label, Label) {
    match (cell.first(), cell.second()) {
        (None, _) => (Label::None, Label::None),
        (Some((t, e)), None) => (Label::Threads(Holders::of(tile, t)), Label::Element(e)),
        (Some(a), Some(b)) => (
            Label::Both(a, 0),
            Label::Both(b, cell.count.saturating_sub(2)),
        ),
    }
}

pub(super) enum Label {
    None,
    /// The thread holding the cell, or every thread under broadcast digits.
    Threads(Holders),
    Element(u32),
    /// A claimant, and how many more claim the cell.
    Both(Claim, u32),
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Label::None => Ok(()),
            Label::Threads(h) => write!(f, "{h}"),
            Label::Element(e) => write!(f, "V{e}"),
            Label::Both((t, e), 0) => write!(f, "T{t} V{e}"),
            Label::Both((t, e), more) => write!(f, "T{t} V{e} +{more}"),
        }
    }
}

/// `rows 32 to 63 not drawn: the picture draws at most 64 columns and 2048 cells`.
pub(super) fn left_out(n: &Numeral, win: Window, w: &mut impl Write) -> fmt::Result {
    win.left_out(n, w)?;
    write!(
        w,
        " not drawn: the picture draws at most {SVG_COLS} columns and {SVG_CELLS} cells"
    )
}
