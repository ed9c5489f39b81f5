//! The legend under the grid: what is left out, the lane and warp colours, what is wrong
//! with a numeral failing the check, and why nothing is drawn.

use super::labels::left_out;
use super::measure::{BrokenLegend, Layout};
use super::style::{Colour, Esc, EscSink, COLLISION_FILL, COLLISION_STROKE, LINE_H, MARGIN};
use super::style::{MAX_OUTSIDE, SWATCHES_PER_ROW, SWATCH_H, WARP_COLOURS};
use crate::render::describe::outside_offset;
use crate::render::tile::{Tile, Window};
use crate::Numeral;
use core::fmt::{self, Write};

/// The italic line saying what is left out of a tile drawn in part, at `top`.
pub(super) fn left_out_note(n: &Numeral, win: Window, top: u32, w: &mut impl Write) -> fmt::Result {
    write!(
        w,
        r#"<text x="{MARGIN}" y="{}" font-style="italic">"#,
        top + 12
    )?;
    left_out(n, win, w)?;
    writeln!(w, "</text>")
}

/// The heading and one swatch per lane (per thread outside a warpgroup).
pub(super) fn lanes(n: &Numeral, at: &Layout, w: &mut impl Write) -> fmt::Result {
    let heading = if n.warps > 1 {
        "lane colours (thread = 32 * warp + lane)"
    } else {
        "thread colours"
    };
    writeln!(
        w,
        r#"<text x="{MARGIN}" y="{}" font-weight="bold">{heading}</text>"#,
        at.legend_top + 12
    )?;
    let swatch_w = at.swatch_w;
    for lane in 0..at.lanes {
        let x = MARGIN + (lane % SWATCHES_PER_ROW) * (swatch_w + 4);
        let y = at.legend_top + LINE_H + (lane / SWATCHES_PER_ROW) * (SWATCH_H + 4);
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
    Ok(())
}

/// The heading and one swatch per warp (the first 8) of a warpgroup.
pub(super) fn warps(n: &Numeral, top: u32, w: &mut impl Write) -> fmt::Result {
    writeln!(
        w,
        r#"<text x="{MARGIN}" y="{}" font-weight="bold">warp (bar on the cell's left edge)</text>"#,
        top + 12
    )?;
    for warp in 0..n.warps.min(8) {
        let x = MARGIN + warp * 68;
        let y = top + LINE_H;
        writeln!(
            w,
            r##"<rect class="swatch" x="{x}" y="{y}" width="64" height="{SWATCH_H}" fill="{}"/><text x="{}" y="{}" text-anchor="middle" fill="#ffffff">warp {warp}</text>"##,
            WARP_COLOURS[warp as usize % WARP_COLOURS.len()],
            x + 32,
            y + 15
        )?;
    }
    Ok(())
}

/// The errors, the collision and gap swatches, and the first claims outside the tile.
pub(super) fn broken(tile: &Tile, b: &BrokenLegend, w: &mut impl Write) -> fmt::Result {
    let n = tile.n;
    let mut y = b.errors_top + 8 + 12;
    writeln!(
        w,
        r##"<text x="{MARGIN}" y="{y}" font-weight="bold" fill="{COLLISION_STROKE}">not a bijection:</text>"##
    )?;
    for e in b.errors.iter() {
        y += LINE_H;
        writeln!(
            w,
            r#"<text x="{}" y="{y}">{}</text>"#,
            MARGIN + 8,
            Esc(e.message(n).as_str())
        )?;
    }
    if b.errors.dropped() > 0 {
        y += LINE_H;
        more_line(y, b.errors.dropped(), w)?;
    }
    if let Some(y) = b.swatches_top {
        let (collided, unclaimed) = (b.collided, b.unclaimed);
        let label_x = MARGIN + 44 + 8;
        writeln!(
            w,
            r#"<rect class="swatch" x="{MARGIN}" y="{y}" width="44" height="{SWATCH_H}" fill="{COLLISION_FILL}" stroke="{COLLISION_STROKE}" stroke-width="2"/><text x="{label_x}" y="{}">claimed twice or more ({collided} cells)</text>"#,
            y + 15
        )?;
        let y = y + SWATCH_H + 4;
        writeln!(
            w,
            r##"<rect class="swatch" x="{MARGIN}" y="{y}" width="44" height="{SWATCH_H}" fill="url(#unclaimed)" stroke="#555555"/><text x="{label_x}" y="{}">claimed by nobody ({unclaimed} cells)</text>"##,
            y + 15
        )?;
    }
    if let Some(top) = b.outside_top {
        let total = b.outside.count as usize;
        let mut y = top + 12;
        writeln!(
            w,
            r#"<text x="{MARGIN}" y="{y}">outside the tile ({total} claims):</text>"#
        )?;
        for &(t, e) in b.outside.claims().iter().take(MAX_OUTSIDE) {
            y += LINE_H;
            write!(w, r#"<text x="{}" y="{y}">T{t} V{e}: "#, MARGIN + 8)?;
            outside_offset(n, n.raw_offset(t, e), w)?;
            writeln!(w, "</text>")?;
        }
        if total > MAX_OUTSIDE {
            more_line(y + LINE_H, total - MAX_OUTSIDE, w)?;
        }
    }
    Ok(())
}

/// An indented `and k more` line with its baseline at `y`.
fn more_line(y: u32, k: usize, w: &mut impl Write) -> fmt::Result {
    writeln!(w, r#"<text x="{}" y="{y}">and {k} more</text>"#, MARGIN + 8)
}

/// The line saying why nothing is drawn, at `top` (its baseline 4 px above its bottom).
pub(super) fn undrawn_note(tile: &Tile, top: u32, w: &mut impl Write) -> fmt::Result {
    write!(w, r#"<text x="{MARGIN}" y="{}">"#, top + LINE_H - 4)?;
    tile.why_undrawn(&mut EscSink(w))?;
    writeln!(w, "</text>")
}
