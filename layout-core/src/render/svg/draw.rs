//! The header and the grid: axes, and one `<g class="cell">` per drawn cell.

use super::labels::lines;
use super::measure::Layout;
use super::style::{Colour, Esc, CELL_H, COLLISION_FILL, COLLISION_STROKE, MARGIN, WARP_COLOURS};
use crate::render::describe::shape;
use crate::render::tile::{Cell, Tile, Window};
use crate::Numeral;
use core::fmt::{self, Write};

/// The XML declaration, the `<svg>` element, its title, the hatch pattern, the white
/// background, and the name and shape at the top left.
pub(super) fn header(n: &Numeral, at: &Layout, w: &mut impl Write) -> fmt::Result {
    let (width, height) = (at.width, at.height);
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
    writeln!(w, "</text></g>")
}

/// The `col` and `row` captions and the column and row indices.
pub(super) fn axes(at: &Layout, w: &mut impl Write) -> fmt::Result {
    axes_of(at.win, at.cell_w, at.grid_left, at.grid_top, w)
}

/// The axes of a grid of `win` with cells `cell_w` wide, its top left corner at
/// `(grid_left, grid_top)`.
pub(super) fn axes_of(
    win: Window,
    cell_w: u32,
    grid_left: u32,
    grid_top: u32,
    w: &mut impl Write,
) -> fmt::Result {
    let Window { rows, cols } = win;
    writeln!(
        w,
        r##"<g font-family="sans-serif" font-size="12" fill="#444444" text-anchor="middle">"##
    )?;
    writeln!(
        w,
        r#"<text x="{}" y="{}" font-style="italic">col</text>"#,
        grid_left + cols * cell_w / 2,
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
    writeln!(w, "</g>")
}

/// Every drawn cell, row by row.
pub(super) fn cells(tile: &Tile, at: &Layout, w: &mut impl Write) -> fmt::Result {
    writeln!(
        w,
        r##"<g font-family="monospace" font-size="12" text-anchor="middle">"##
    )?;
    tile.each_cell(at.win, |r, c, cell| one_cell(tile, (r, c), cell, at, w))?;
    writeln!(w, "</g>")
}

/// One cell: `<g class="cell">` with its tooltip, its square (and warp bar), and its labels.
fn one_cell(
    tile: &Tile,
    (r, c): (u32, u32),
    cell: &Cell,
    at: &Layout,
    w: &mut impl Write,
) -> fmt::Result {
    let (cell_w, warp_bar) = (at.cell_w, at.warp_bar);
    let (x, y) = (at.grid_left + c * cell_w, at.grid_top + r * CELL_H);
    let (a, b) = lines(tile, cell);
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
}
