//! An access's bank use: the wavefronts, and per phase which lanes collide on which bank, as
//! text ([`banks`]) and as a picture of banks by wavefronts ([`banks_svg`]).

use super::limits::{BANK_INSTRUCTIONS, BANK_PHASES_DRAWN};
use super::tile::heapless_caption::Caption;
use super::words::PhaseWords;
use crate::message::Message;
use crate::render::svg::style::{Colour, Esc};
use crate::shared::banks::BANKS;
use crate::shared::{Access, Request, SharedLayout, Wavefronts};
use core::fmt::{self, Write};

/// `0, 1, 2` for a lane mask.
fn lanes(mask: u32, w: &mut impl Write) -> fmt::Result {
    let mut first = true;
    for l in (0..32).filter(|l| mask & (1 << l) != 0) {
        if !first {
            w.write_str(", ")?;
        }
        write!(w, "{l}")?;
        first = false;
    }
    Ok(())
}

/// `32 wavefronts, ideal 4 (8-way conflict)`.
fn total_text(total: &Wavefronts) -> Message {
    let mut m = Message::new();
    total.write(&mut m);
    m
}

/// `1 wavefront` or `8 wavefronts`.
fn wavefronts(n: u32, w: &mut impl Write) -> fmt::Result {
    write!(w, "{n} wavefront{}", if n == 1 { "" } else { "s" })
}

/// Writes the access's wavefronts on `layout`, then each instruction's phases with, for a
/// phase taking more than one wavefront, every bank holding more than one word and the lanes
/// addressing it. An access that cannot be made is one line saying why. At most
/// [`BANK_INSTRUCTIONS`] instructions are listed.
///
/// ```
/// use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
/// use fraglayout::render::smem::banks;
/// use fraglayout::shared::{Access, MatrixVariant, SharedLayout};
/// let read = Access::matrices(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW);
/// let mut out = String::new();
/// banks(&read, &SharedLayout::row_major(16, 64, 2), &mut out).unwrap();
/// assert!(out.starts_with("32 wavefronts, ideal 4 (8-way conflict)\n"));
/// assert!(out.contains("  phase 0 (lanes 0..8): 8 wavefronts\n    bank 0: 8 words, lanes 0, 1, 2, 3, 4, 5, 6, 7\n"));
/// ```
pub fn banks(access: &Access, layout: &SharedLayout, w: &mut impl Write) -> fmt::Result {
    let (count, total) = match (access.requests(layout), access.wavefronts(layout)) {
        (Ok(c), Ok(t)) => (c, t),
        (Err(e), _) | (_, Err(e)) => return writeln!(w, "cannot be made: {e}"),
    };
    writeln!(w, "{}", total_text(&total))?;
    for k in 0..count.min(BANK_INSTRUCTIONS) {
        let Ok(request) = access.request(layout, k) else {
            continue;
        };
        writeln!(
            w,
            "instruction {k} ({} bytes a lane, {} phases of {} lanes):",
            request.width(),
            request.phases(),
            request.phase_lanes()
        )?;
        for p in 0..request.phases() {
            phase_text(&request, p, w)?;
        }
    }
    if count > BANK_INSTRUCTIONS {
        writeln!(
            w,
            "instructions {BANK_INSTRUCTIONS}..{count} not listed (the total counts them)"
        )?;
    }
    Ok(())
}

/// `  phase 0 (lanes 0..8): 8 wavefronts` and its colliding banks.
fn phase_text(request: &Request, p: u32, w: &mut impl Write) -> fmt::Result {
    let Ok(report) = request.phase(p) else {
        return Ok(());
    };
    write!(
        w,
        "  phase {p} (lanes {}..{}): ",
        report.first_lane,
        report.first_lane + report.lanes
    )?;
    if report.active == 0 {
        return writeln!(w, "no lane active");
    }
    wavefronts(report.wavefronts, w)?;
    writeln!(w)?;
    for (bank, used) in report.collisions() {
        write!(w, "    bank {bank}: {} words, lanes ", used.words)?;
        lanes(used.lanes, w)?;
        writeln!(w)?;
    }
    Ok(())
}

const MARGIN: u32 = 16;
const CELL_W: u32 = 34;
const CELL_H: u32 = 24;
const LABEL_W: u32 = 96;
/// A phase block's caption and bank header above its rows.
const BLOCK_HEAD: u32 = 40;
const BLOCK_GAP: u32 = 14;
const CONFLICT: &str = "#b00000";

/// The phases drawn: `(instruction, phase, words)`, at most [`BANK_PHASES_DRAWN`].
fn drawn<'a>(
    access: &'a Access<'a>,
    layout: &'a SharedLayout,
    count: u32,
) -> impl Iterator<Item = (u32, u32, Request)> + 'a {
    (0..count)
        .filter_map(move |k| access.request(layout, k).ok().map(|r| (k, r)))
        .flat_map(|(k, r)| (0..r.phases()).map(move |p| (k, p, r)))
        .take(BANK_PHASES_DRAWN as usize)
}

/// Writes the access's bank use as an SVG 1.1 picture: `title` and the wavefront count on
/// top, then one block per phase (of the first [`BANK_PHASES_DRAWN`]): 32 columns, one per
/// bank, and one row per wavefront. Cell (wavefront `k`, bank `b`) is the `k`-th word bank
/// `b` serves in that phase (in ascending word order), labelled with the first lane
/// addressing it (`+n` for more lanes reading the same word) and coloured by it; cells of the
/// second wavefront and below are the conflicts, outlined in red. Each cell is a
/// `<rect class="word">` with a `<title>` tooltip `bank 0, word 32 (byte 128): lanes 1`.
pub fn banks_svg(
    access: &Access,
    layout: &SharedLayout,
    title: &str,
    w: &mut impl Write,
) -> fmt::Result {
    let made = access
        .requests(layout)
        .and_then(|c| access.wavefronts(layout).map(|t| (c, t)));
    let mut summary = Caption::default();
    match &made {
        Ok((_, total)) => write!(summary, "{}", total_text(total))?,
        Err(e) => write!(summary, "cannot be made: {e}")?,
    }
    let count = made.as_ref().map_or(0, |(c, _)| *c);
    let heights: u32 = drawn(access, layout, count)
        .map(|(_, p, r)| {
            BLOCK_HEAD + PhaseWords::new(&r, p).wavefronts().max(1) * CELL_H + BLOCK_GAP
        })
        .sum();
    let phases: u32 = (0..count)
        .filter_map(|k| access.request(layout, k).ok())
        .map(|r| r.phases())
        .sum();
    let top = MARGIN + 48;
    let width = MARGIN * 2 + LABEL_W + BANKS * CELL_W;
    let note = phases > BANK_PHASES_DRAWN;
    let height = top + heights + MARGIN + if note { 20 } else { 0 };
    writeln!(w, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        w,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    )?;
    writeln!(
        w,
        "<title>{}: {}</title>",
        Esc(title),
        Esc(summary.as_str())
    )?;
    writeln!(
        w,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    )?;
    writeln!(
        w,
        r##"<g font-family="sans-serif" fill="#000000"><text x="{MARGIN}" y="{}" font-size="14" font-weight="bold">{}</text><text x="{MARGIN}" y="{}" font-size="12">{}; rows are wavefronts, columns banks; red: a bank's second and later words (the conflicts)</text></g>"##,
        MARGIN + 14,
        Esc(title),
        MARGIN + 34,
        Esc(summary.as_str())
    )?;
    let mut y = top;
    for (k, p, request) in drawn(access, layout, count) {
        y = block(k, p, &request, y, w)?;
    }
    if note {
        writeln!(
            w,
            r##"<text x="{MARGIN}" y="{}" font-family="sans-serif" font-size="12" fill="#000000">phases {BANK_PHASES_DRAWN}..{phases} not drawn (the count above includes them)</text>"##,
            y + 12
        )?;
    }
    writeln!(w, "</svg>")
}

/// One phase block from `y` down; returns the next block's top.
fn block(k: u32, p: u32, request: &Request, y: u32, w: &mut impl Write) -> Result<u32, fmt::Error> {
    let words = PhaseWords::new(request, p);
    let waves = words.wavefronts();
    let left = MARGIN + LABEL_W;
    let colour = if waves > 1 { CONFLICT } else { "#000000" };
    write!(
        w,
        r##"<g font-family="sans-serif" font-size="12"><text x="{MARGIN}" y="{}" fill="{colour}">instruction {k}, phase {p} (lanes {}..{}): "##,
        y + 12,
        words.first_lane,
        words.first_lane + words.lanes
    )?;
    wavefronts(waves, w)?;
    writeln!(w, "</text>")?;
    for b in 0..BANKS {
        writeln!(
            w,
            r##"<text x="{}" y="{}" font-size="9" fill="#666666" text-anchor="middle">{b}</text>"##,
            left + b * CELL_W + CELL_W / 2,
            y + BLOCK_HEAD - 4
        )?;
    }
    for row in 0..waves.max(1) {
        writeln!(
            w,
            r##"<text x="{}" y="{}" font-size="10" fill="#444444" text-anchor="end">wavefront {}</text>"##,
            left - 6,
            y + BLOCK_HEAD + row * CELL_H + CELL_H / 2 + 4,
            row + 1
        )?;
    }
    writeln!(w, "</g>")?;
    writeln!(
        w,
        r##"<g font-family="monospace" font-size="10" text-anchor="middle">"##
    )?;
    for b in 0..BANKS {
        let served = words.bank(b);
        for row in 0..waves.max(1) {
            let (x, cy) = (left + b * CELL_W, y + BLOCK_HEAD + row * CELL_H);
            let Some(word) = served.get(row as usize) else {
                writeln!(
                    w,
                    r##"<rect x="{x}" y="{cy}" width="{CELL_W}" height="{CELL_H}" fill="#f4f4f4" stroke="#dddddd"/>"##
                )?;
                continue;
            };
            let first = word.lanes.trailing_zeros();
            let more = word.lanes.count_ones() - 1;
            write!(
                w,
                r#"<g class="word"><title>bank {b}, word {} (byte {}): lanes "#,
                word.word,
                word.word * 4
            )?;
            lanes(word.lanes, w)?;
            let stroke = if row > 0 {
                r##"stroke="#b00000" stroke-width="2""##
            } else {
                r##"stroke="#777777""##
            };
            write!(
                w,
                r#"</title><rect class="word" x="{x}" y="{cy}" width="{CELL_W}" height="{CELL_H}" fill="{}" {stroke}/><text x="{}" y="{}">L{first}"#,
                Colour(first),
                x + CELL_W / 2,
                cy + CELL_H / 2 + 4
            )?;
            if more > 0 {
                write!(w, "+{more}")?;
            }
            writeln!(w, "</text></g>")?;
        }
    }
    writeln!(w, "</g>")?;
    Ok(y + BLOCK_HEAD + waves.max(1) * CELL_H + BLOCK_GAP)
}
