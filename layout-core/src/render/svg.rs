//! The tile as an SVG picture, in the style of the PTX ISA fragment figures.

//!
//! [`svg`] measures first ([`measure`]: the cell width, every section's top, the picture's
//! size), then writes the sections top to bottom: the header and the grid ([`draw`]), then the
//! legend ([`legend`]).

mod conversion;
mod draw;
mod legend;
mod measure;

pub use conversion::conversion_svg;

use super::{Cell, Claim, Holders, Tile, Window, SVG_CELLS, SVG_COLS};
use crate::Numeral;
use core::fmt::{self, Write};
use measure::Layout;

const MARGIN: u32 = 16;
const CELL_H: u32 = 36;
/// Cell labels: 12 px monospace, about 7.2 px a character; 7.5 leaves slack.
const fn text_w(chars: usize) -> u32 {
    (chars as u32 * 75).div_ceil(10)
}
/// Headings: 16 px bold sans-serif, at most about 10 px a character.
const fn title_w(chars: usize) -> u32 {
    chars as u32 * 10
}
/// Legend text: 12 px sans-serif, at most about 7 px a character.
const fn note_w(chars: usize) -> u32 {
    chars as u32 * 7
}
const SWATCH_H: u32 = 22;
const SWATCHES_PER_ROW: u32 = 8;
const LINE_H: u32 = 18;
/// Claims outside the tile listed in the legend.
const MAX_OUTSIDE: usize = 6;

/// Lane hues: Tableau 10 without its red and grey, which mark collisions and gaps.
const HUES: [[u8; 3]; 8] = [
    [0x1f, 0x77, 0xb4],
    [0xff, 0x7f, 0x0e],
    [0x2c, 0xa0, 0x2c],
    [0x94, 0x67, 0xbd],
    [0x8c, 0x56, 0x4b],
    [0xe3, 0x77, 0xc2],
    [0xbc, 0xbd, 0x22],
    [0x17, 0xbe, 0xcf],
];
/// How much white each group of 8 lanes mixes in, in percent: lanes 0-7, 8-15, 16-23, 24-31.
const TINTS: [u32; 4] = [55, 78, 35, 68];
/// The bar marking the warp of a warpgroup cell.
const WARP_COLOURS: [&str; 4] = ["#222222", "#6a3d9a", "#b15928", "#1b7837"];
const COLLISION_FILL: &str = "#f26d6d";
const COLLISION_STROKE: &str = "#b00000";

/// A cell's fill colour: hue by `lane % 8`, lightness by `lane / 8`.
pub(crate) struct Colour(pub(crate) u32);

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lane = self.0 % 32;
        let hue = HUES[(lane % 8) as usize];
        let tint = TINTS[(lane / 8) as usize];
        f.write_char('#')?;
        for c in hue {
            let c = c as u32;
            write!(f, "{:02x}", c + (255 - c) * tint / 100)?;
        }
        Ok(())
    }
}

/// Text with `&`, `<`, `>`, `"` and `'` escaped for XML.
pub(crate) struct Esc<'s>(pub(crate) &'s str);

impl fmt::Display for Esc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for ch in self.0.chars() {
            match ch {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                '"' => f.write_str("&quot;")?,
                '\'' => f.write_str("&apos;")?,
                c => f.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// The two label lines of a cell: `T5` / `V3` (under broadcast digits every holder, `T0-3` /
/// `V3`), or for a collision `T3 V1` / `T7 V0 +k`.
fn lines(tile: &Tile, cell: &Cell) -> (Label, Label) {
    match (cell.first(), cell.second()) {
        (None, _) => (Label::None, Label::None),
        (Some((t, e)), None) => (Label::Threads(Holders::of(tile, t)), Label::Element(e)),
        (Some(a), Some(b)) => (
            Label::Both(a, 0),
            Label::Both(b, cell.count.saturating_sub(2)),
        ),
    }
}

enum Label {
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
/// A tile of more than [`SVG_COLS`] columns or [`SVG_CELLS`] cells is drawn in part, its first
/// columns of its first rows, with a line under the grid saying what is left out.
///
/// Each cell is a `<g class="cell">` holding a `<title>` (`row 0, col 1: T0 V1`, a tooltip in a
/// browser; for a collision its first two claimants, `T3 V1, T7 V0 and 2 more`), one
/// `<rect class="cell">`, and its labels. Text uses the generic `monospace` and
/// `sans-serif` families; the picture needs no fonts, scripts or styles from outside.
///
/// # Example
/// ```
/// use layout_core::{render, Digit, Numeral};
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

/// `rows 32 to 63 not drawn: the picture draws at most 64 columns and 2048 cells`.
fn left_out(n: &Numeral, win: Window, w: &mut impl Write) -> fmt::Result {
    win.left_out(n, w)?;
    write!(
        w,
        " not drawn: the picture draws at most {SVG_COLS} columns and {SVG_CELLS} cells"
    )
}

/// A sink that escapes what passes through and drops newlines.
struct EscSink<'w, W: Write>(&'w mut W);

impl<W: Write> Write for EscSink<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        write!(self.0, "{}", Esc(s.trim_end_matches('\n')))
    }
}
