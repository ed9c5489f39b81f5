//! The tile as an SVG picture, in the style of the PTX ISA fragment figures.

//!
//! [`svg`] measures first ([`measure`]: the cell width, every section's top, the picture's
//! size), then writes the sections top to bottom: the header and the grid ([`draw`]), then the
//! legend ([`legend`]).

mod conversion;
mod draw;
mod labels;
mod legend;
mod measure;
pub(super) mod style;

pub use conversion::conversion_svg;

use super::tile::Tile;
use crate::Numeral;
use core::fmt::{self, Write};
use measure::Layout;

/// Writes the tile as a self-contained SVG 1.1 picture, like the fragment figures of the PTX
/// ISA: one square per tile element, coloured by the thread holding it and labelled `T{thread}`
/// over `V{element}`, with row and column indices, a title, and a legend of the thread colours.
///
/// Colours cycle through 8 hues by `lane % 8`, in 4 lightnesses by `lane / 8`, so all 32 lanes
/// differ. In a warpgroup (`warps > 1`) a bar on each cell's left edge marks the warp.
///
/// For a numeral failing [`Numeral::check`], cells claimed twice or more are red and labelled
/// with their first two claimants (`+k` for more), cells nobody claims are hatched grey, and the
/// legend lists the errors and the first claims landing outside the tile.
///
/// A tile of more than [`SVG_COLS`](super::SVG_COLS) columns or [`SVG_CELLS`](super::SVG_CELLS)
/// cells is drawn in part, its first columns of its first rows, with a line under the grid
/// saying what is left out.
///
/// Each cell is a `<g class="cell">` holding a `<title>` (`row 0, col 1: T0 V1`, a tooltip in a
/// browser; for a collision its first two claimants, `T3 V1, T7 V0 and 2 more`), one
/// `<rect class="cell">`, and its labels. Text uses the generic `monospace` and
/// `sans-serif` families; the picture needs no fonts, scripts or styles from outside.
///
/// # Example
/// ```
/// use fraglayout::{render, Digit, Numeral};
/// const TINY: Numeral = Numeral::new("tiny", 4, 8, 1, &[
///     Digit::lane(1, 8, 1),
///     Digit::lane(8, 4, 8),
/// ]);
/// let mut out = String::new();
/// render::svg(&TINY, &mut out).unwrap();
/// assert!(out.starts_with(r##"<?xml version="1.0" encoding="UTF-8"?>
/// <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="422" height="402" viewBox="0 0 422 402">
/// <title>tiny: 4 x 8 tile, 32 threads x 1 element</title>
/// "##));
/// // Lane 9 holds element 0 at row 1, col 1: hue 9 % 8 = 1 (orange), lightness 9 / 8 = 1.
/// assert!(out.contains(r##"<g class="cell"><title>row 1, col 1: T9 V0</title><rect class="cell" x="98" y="132" width="44" height="36" fill="#ffe2c9" stroke="#555555"/><text x="120" y="147" font-weight="bold">T9</text><text x="120" y="161">V0</text></g>"##));
/// assert_eq!(out.matches(r#"<rect class="cell""#).count(), 32);
/// assert!(out.ends_with("</svg>\n"));
/// ```
pub fn svg(n: &Numeral, w: &mut impl Write) -> fmt::Result {
    let tile = Tile::new(n);
    let at = Layout::measure(&tile)?;
    draw::header(n, &at, w)?;
    if at.drawable {
        draw::axes(&at, w)?;
        draw::cells(&tile, &at, w)?;
    }
    writeln!(
        w,
        r##"<g font-family="sans-serif" font-size="12" fill="#000000">"##
    )?;
    if let Some(top) = at.left_out_top {
        legend::left_out_note(n, at.win, top, w)?;
    }
    legend::lanes(n, &at, w)?;
    if let Some(top) = at.warps_top {
        legend::warps(n, top, w)?;
    }
    if let Some(b) = &at.broken {
        legend::broken(&tile, b, w)?;
    }
    if let Some(top) = at.undrawn_top {
        legend::undrawn_note(&tile, top, w)?;
    }
    writeln!(w, "</g>")?;
    writeln!(w, "</svg>")
}
