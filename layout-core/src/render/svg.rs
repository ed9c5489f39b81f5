//! The tile as an SVG picture, in the style of the PTX ISA fragment figures.

use super::{digits, shape, Cell, Claim, Tile, Window, SVG_CELLS, SVG_COLS};
use crate::Numeral;
use core::fmt::{self, Write};

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
struct Colour(u32);

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
struct Esc<'s>(&'s str);

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

/// Counts what is written, to size text before writing it.
#[derive(Default)]
struct Count(usize);

impl Write for Count {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.chars().count();
        Ok(())
    }
}

fn len_of(f: impl FnOnce(&mut Count) -> fmt::Result) -> usize {
    let mut c = Count::default();
    let _ = f(&mut c);
    c.0
}

/// The two label lines of a cell: `T5` / `V3`, or for a collision `T3 V1` / `T7 V0 +k`.
fn lines(cell: &Cell) -> (Label, Label) {
    match (cell.first(), cell.second()) {
        (None, _) => (Label::None, Label::None),
        (Some((t, e)), None) => (Label::Thread(t), Label::Element(e)),
        (Some(a), Some(b)) => (
            Label::Both(a, 0),
            Label::Both(b, cell.count.saturating_sub(2)),
        ),
    }
}

enum Label {
    None,
    Thread(u32),
    Element(u32),
    /// A claimant, and how many more claim the cell.
    Both(Claim, u32),
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Label::None => Ok(()),
            Label::Thread(t) => write!(f, "T{t}"),
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
    let shape_len = len_of(|c| shape(n, c));
    let drawable = tile.undrawable.is_none();
    let win = if drawable {
        Window::of(n, SVG_COLS, SVG_CELLS)
    } else {
        Window { rows: 0, cols: 0 }
    };
    let (rows, cols) = (win.rows, win.cols);
    let whole = win.whole(n);

    // Cell width from the longest label.
    let mut chars = len_of(|c| write!(c, "T{}", n.threads().saturating_sub(1)))
        .max(len_of(|c| write!(c, "V{}", n.elements.saturating_sub(1))));
    if !tile.exact {
        tile.each_cell(win, |_, _, cell| {
            let (a, b) = lines(cell);
            chars = chars.max(len_of(|c| write!(c, "{a}")).max(len_of(|c| write!(c, "{b}"))));
            Ok::<(), fmt::Error>(())
        })?;
    }
    let (collided, unclaimed) = tile.damage();
    let warp_bar = if n.warps > 1 { 4 } else { 0 };
    let cell_w = (text_w(chars) + 12 + 2 * warp_bar).max(44);

    // Geometry, top to bottom.
    let row_idx_w = text_w(digits(rows.saturating_sub(1) as u64)) + 8;
    let grid_left = MARGIN + 22 + row_idx_w;
    let grid_top = MARGIN + 80;
    let grid_w = cols * cell_w;
    let grid_bottom = grid_top + rows * CELL_H;

    let mut y = grid_bottom + 24;
    let left_out_top = y;
    let left_out_len = len_of(|c| left_out(n, win, c));
    if !whole && drawable {
        y += LINE_H;
    }
    let legend_top = y;
    let swatch_w = if n.warps > 1 { 64 } else { cell_w.max(44) };
    let lanes = n.threads().min(32);
    let swatch_rows = lanes.div_ceil(SWATCHES_PER_ROW);
    y += LINE_H + swatch_rows * (SWATCH_H + 4);
    let mut legend_w = SWATCHES_PER_ROW.min(lanes) * (swatch_w + 4);
    if !whole && drawable {
        legend_w = legend_w.max(note_w(left_out_len));
    }
    let warps_top = y;
    if n.warps > 1 {
        y += LINE_H + SWATCH_H + 4;
        legend_w = legend_w.max(n.warps.min(8) * 68);
    }
    let errors = n.errors();
    let outside_all = tile.outside();
    let outside_total = outside_all.count as usize;
    let outside = outside_total.min(MAX_OUTSIDE);
    let broken_top = y;
    if !tile.exact {
        y += 8 + LINE_H * (1 + errors.len() as u32 + (errors.dropped() > 0) as u32);
        for e in errors.iter() {
            legend_w = legend_w.max(note_w(e.message(n).as_str().len() + 4));
        }
        if drawable {
            y += 2 * (SWATCH_H + 4);
            legend_w = legend_w.max(44 + 8 + note_w(40));
        }
        if outside > 0 {
            y += LINE_H * (1 + outside as u32 + (outside_total > MAX_OUTSIDE) as u32);
        }
    }
    if !drawable {
        y += LINE_H;
        legend_w = legend_w.max(note_w(len_of(|c| tile.why_undrawn(c))));
    }
    let height = y + MARGIN;
    let width = (grid_left + grid_w)
        .max(MARGIN + legend_w)
        .max(MARGIN + title_w(n.name.chars().count()))
        .max(MARGIN + note_w(shape_len + 2))
        + MARGIN;

    // Header.
    writeln!(w, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        w,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    )?;
    write!(w, "<title>{}: ", Esc(n.name))?;
    shape(n, w)?;
    writeln!(w, "</title>")?;
    writeln!(
        w,
        r##"<defs><pattern id="unclaimed" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#e6e6e6"/><line x1="0" y1="0" x2="0" y2="8" stroke="#9a9a9a" stroke-width="3"/></pattern></defs>"##
    )?;
    writeln!(
        w,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    )?;
    writeln!(
        w,
        r##"<g font-family="sans-serif" fill="#000000"><text x="{MARGIN}" y="{}" font-size="16" font-weight="bold">{}</text>"##,
        MARGIN + 16,
        Esc(n.name)
    )?;
    write!(
        w,
        r#"<text x="{MARGIN}" y="{}" font-size="13">"#,
        MARGIN + 36
    )?;
    shape(n, w)?;
    writeln!(w, "</text></g>")?;

    if drawable {
        // Axes.
        writeln!(
            w,
            r##"<g font-family="sans-serif" font-size="12" fill="#444444" text-anchor="middle">"##
        )?;
        writeln!(
            w,
            r#"<text x="{}" y="{}" font-style="italic">col</text>"#,
            grid_left + grid_w / 2,
            grid_top - 26
        )?;
        let (rx, ry) = (MARGIN + 10, grid_top + rows * CELL_H / 2);
        writeln!(
            w,
            r#"<text x="{rx}" y="{ry}" transform="rotate(-90 {rx} {ry})" font-style="italic">row</text>"#
        )?;
        for c in 0..cols {
            writeln!(
                w,
                r#"<text x="{}" y="{}">{c}</text>"#,
                grid_left + c * cell_w + cell_w / 2,
                grid_top - 8
            )?;
        }
        for r in 0..rows {
            writeln!(
                w,
                r#"<text x="{}" y="{}" text-anchor="end">{r}</text>"#,
                grid_left - 8,
                grid_top + r * CELL_H + CELL_H / 2 + 4
            )?;
        }
        writeln!(w, "</g>")?;

        // Cells.
        writeln!(
            w,
            r##"<g font-family="monospace" font-size="12" text-anchor="middle">"##
        )?;
        tile.each_cell(win, |r, c, cell| {
            let (x, y) = (grid_left + c * cell_w, grid_top + r * CELL_H);
            let (a, b) = lines(cell);
            write!(w, r#"<g class="cell"><title>row {r}, col {c}: "#)?;
            match cell.count {
                0 => write!(w, "nobody")?,
                1 => write!(w, "{a} {b}")?,
                k => {
                    for (i, (t, e)) in cell.claims().iter().enumerate() {
                        let sep = if i == 0 { "" } else { ", " };
                        write!(w, "{sep}T{t} V{e}")?;
                    }
                    if k > 2 {
                        write!(w, " and {} more", k - 2)?;
                    }
                }
            }
            write!(
                w,
                r#"</title><rect class="cell" x="{x}" y="{y}" width="{cell_w}" height="{CELL_H}" "#
            )?;
            match (cell.count, cell.first()) {
                (0, _) | (_, None) => write!(w, r##"fill="url(#unclaimed)" stroke="#555555"/>"##)?,
                (1, Some((t, _))) => {
                    write!(w, r##"fill="{}" stroke="#555555"/>"##, Colour(t))?;
                    if warp_bar > 0 {
                        write!(
                            w,
                            r#"<rect class="warp" x="{x}" y="{y}" width="{warp_bar}" height="{CELL_H}" fill="{}" stroke="none"/>"#,
                            WARP_COLOURS[(t / 32) as usize % WARP_COLOURS.len()]
                        )?;
                    }
                }
                _ => write!(
                    w,
                    r#"fill="{COLLISION_FILL}" stroke="{COLLISION_STROKE}" stroke-width="2"/>"#
                )?,
            }
            if cell.count > 0 {
                let cx = x + cell_w / 2;
                let bold = if cell.count == 1 {
                    r#" font-weight="bold""#
                } else {
                    ""
                };
                write!(
                    w,
                    r#"<text x="{cx}" y="{}"{bold}>{a}</text><text x="{cx}" y="{}">{b}</text>"#,
                    y + 15,
                    y + 29
                )?;
            }
            writeln!(w, "</g>")
        })?;
        writeln!(w, "</g>")?;
    }

    // Legend.
    writeln!(
        w,
        r##"<g font-family="sans-serif" font-size="12" fill="#000000">"##
    )?;
    if !whole && drawable {
        write!(
            w,
            r#"<text x="{MARGIN}" y="{}" font-style="italic">"#,
            left_out_top + 12
        )?;
        left_out(n, win, w)?;
        writeln!(w, "</text>")?;
    }
    let heading = if n.warps > 1 {
        "lane colours (thread = 32 * warp + lane)"
    } else {
        "thread colours"
    };
    writeln!(
        w,
        r#"<text x="{MARGIN}" y="{}" font-weight="bold">{heading}</text>"#,
        legend_top + 12
    )?;
    for lane in 0..lanes {
        let x = MARGIN + (lane % SWATCHES_PER_ROW) * (swatch_w + 4);
        let y = legend_top + LINE_H + (lane / SWATCHES_PER_ROW) * (SWATCH_H + 4);
        write!(
            w,
            r##"<rect class="swatch" x="{x}" y="{y}" width="{swatch_w}" height="{SWATCH_H}" fill="{}" stroke="#555555"/>"##,
            Colour(lane)
        )?;
        let label_x = x + swatch_w / 2;
        if n.warps > 1 {
            writeln!(
                w,
                r#"<text x="{label_x}" y="{}" text-anchor="middle">lane {lane}</text>"#,
                y + 15
            )?;
        } else {
            writeln!(
                w,
                r#"<text x="{label_x}" y="{}" text-anchor="middle" font-family="monospace">T{lane}</text>"#,
                y + 15
            )?;
        }
    }
    if n.warps > 1 {
        writeln!(
            w,
            r#"<text x="{MARGIN}" y="{}" font-weight="bold">warp (bar on the cell's left edge)</text>"#,
            warps_top + 12
        )?;
        for warp in 0..n.warps.min(8) {
            let x = MARGIN + warp * 68;
            let y = warps_top + LINE_H;
            writeln!(
                w,
                r##"<rect class="swatch" x="{x}" y="{y}" width="64" height="{SWATCH_H}" fill="{}"/><text x="{}" y="{}" text-anchor="middle" fill="#ffffff">warp {warp}</text>"##,
                WARP_COLOURS[warp as usize % WARP_COLOURS.len()],
                x + 32,
                y + 15
            )?;
        }
    }
    if !tile.exact {
        let mut y = broken_top + 8 + 12;
        writeln!(
            w,
            r##"<text x="{MARGIN}" y="{y}" font-weight="bold" fill="{COLLISION_STROKE}">not a bijection:</text>"##
        )?;
        for e in errors.iter() {
            y += LINE_H;
            writeln!(
                w,
                r#"<text x="{}" y="{y}">{}</text>"#,
                MARGIN + 8,
                Esc(e.message(n).as_str())
            )?;
        }
        if errors.dropped() > 0 {
            y += LINE_H;
            writeln!(
                w,
                r#"<text x="{}" y="{y}">and {} more</text>"#,
                MARGIN + 8,
                errors.dropped()
            )?;
        }
        y += 6;
        if drawable {
            let label_x = MARGIN + 44 + 8;
            writeln!(
                w,
                r#"<rect class="swatch" x="{MARGIN}" y="{y}" width="44" height="{SWATCH_H}" fill="{COLLISION_FILL}" stroke="{COLLISION_STROKE}" stroke-width="2"/><text x="{label_x}" y="{}">claimed twice or more ({collided} cells)</text>"#,
                y + 15
            )?;
            y += SWATCH_H + 4;
            writeln!(
                w,
                r##"<rect class="swatch" x="{MARGIN}" y="{y}" width="44" height="{SWATCH_H}" fill="url(#unclaimed)" stroke="#555555"/><text x="{label_x}" y="{}">claimed by nobody ({unclaimed} cells)</text>"##,
                y + 15
            )?;
            y += SWATCH_H + 4;
        }
        if outside > 0 {
            y += 12;
            writeln!(
                w,
                r#"<text x="{MARGIN}" y="{y}">outside the tile ({outside_total} claims):</text>"#
            )?;
            for &(t, e) in &outside_all.claims()[..outside] {
                y += LINE_H;
                write!(w, r#"<text x="{}" y="{y}">T{t} V{e}: "#, MARGIN + 8)?;
                super::outside_offset(n, n.raw_offset(t, e), w)?;
                writeln!(w, "</text>")?;
            }
            if outside_total > MAX_OUTSIDE {
                y += LINE_H;
                writeln!(
                    w,
                    r#"<text x="{}" y="{y}">and {} more</text>"#,
                    MARGIN + 8,
                    outside_total - MAX_OUTSIDE
                )?;
            }
        }
    }
    if !drawable {
        write!(w, r#"<text x="{MARGIN}" y="{}">"#, y - 4)?;
        tile.why_undrawn(&mut Esc2(w))?;
        writeln!(w, "</text>")?;
    }
    writeln!(w, "</g>")?;
    writeln!(w, "</svg>")
}

/// Claims outside the tile listed in the legend.
const MAX_OUTSIDE: usize = 6;

/// `rows 32 to 63 not drawn: the picture draws at most 64 columns and 2048 cells`.
fn left_out(n: &Numeral, win: Window, w: &mut impl Write) -> fmt::Result {
    win.left_out(n, w)?;
    write!(
        w,
        " not drawn: the picture draws at most {SVG_COLS} columns and {SVG_CELLS} cells"
    )
}

/// A sink that escapes what passes through and drops newlines.
struct Esc2<'w, W: Write>(&'w mut W);

impl<W: Write> Write for Esc2<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        write!(self.0, "{}", Esc(s.trim_end_matches('\n')))
    }
}
