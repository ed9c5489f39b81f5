//! A shared tile drawn cell by cell: where each part of each row lands among the banks.
//!
//! A cell is a *group* of a row's columns: the columns of one 16-byte chunk (for
//! [`Show::Chunk`]) or one 4-byte word (for [`Show::Bank`]), when every such group of the
//! tile lies contiguously in one chunk (word); otherwise one element a cell. Its value is the
//! chunk's place in its 128-byte row of banks, `(byte / 16) % 8`, or the bank of its first
//! word, `(byte / 4) % 32`. The 128-byte swizzle on f16 draws as the XOR pattern kernels
//! know, each row a permutation of `0..8`:
//!
//! ```text
//! col     0  8 16 24 32 40 48 56
//! row 0:  0  1  2  3  4  5  6  7
//! row 1:  1  0  3  2  5  4  7  6
//! row 2:  2  3  0  1  6  7  4  5
//! ```

use super::limits::{TILE_CELLS, TILE_ROWS};
use super::show::Show;
use crate::render::svg::style::{Colour, Esc};
use crate::shared::{Major, SharedError, SharedLayout};
use core::fmt::{self, Write};

/// What is drawn of a tile: columns per cell, cells per row, rows.
struct Grid {
    /// Columns per cell.
    per: u32,
    cells: u32,
    rows: u32,
    /// Cells and rows of the whole tile.
    all_cells: u32,
}

impl Grid {
    fn new(l: &SharedLayout, show: Show) -> Grid {
        let group = show.bytes();
        let per = if l.elem_bytes() < group && grouped(l, group / l.elem_bytes()) {
            group / l.elem_bytes()
        } else {
            1
        };
        let all_cells = l.cols() / per;
        Grid {
            per,
            cells: all_cells.min(TILE_CELLS),
            rows: l.rows().min(TILE_ROWS),
            all_cells,
        }
    }

    /// The value of cell `c` of row `r`.
    fn value(&self, l: &SharedLayout, show: Show, r: u32, c: u32) -> u32 {
        l.byte_offset(r, c * self.per)
            .map_or(0, |byte| (byte / show.bytes()) % show.count())
    }
}

/// Whether every group of `per` columns (from a multiple of `per`, a power of two) lies
/// contiguously and inside one aligned run of `per` elements, decided from the layout's shape
/// in O(1), not element by element (a tile may have 2^32 of them). Without the swizzle, a
/// group is `per` consecutive offsets from a multiple of `per` when each term of the offset
/// (`within + pitch * line + ...`, [`SharedLayout::linear`]) is: atoms of whole groups and a
/// pitch of whole groups (or a single line one atom wide, whose offset is its column). A
/// swizzle keeps such a run when it writes no bit below `per` (`base >= log2(per)`): it reads
/// and writes only bits the run shares. `false` is always a true picture (one element a cell);
/// it is answered where a swizzle writes bits below `per`, whose runs survive only by luck of
/// the tile.
fn grouped(l: &SharedLayout, per: u32) -> bool {
    if !per.is_power_of_two() || l.cols() % per != 0 {
        return false;
    }
    let runs = match l.major() {
        Major::Row => {
            l.atom_len() % per == 0
                && (l.atom_pitch() % u64::from(per) == 0 || (l.lines() == 1 && !l.is_grid()))
        }
        // Consecutive columns are lines apart: one row without padding is its columns.
        Major::Col => l.rows() == 1 && l.pad() == 0,
    };
    let s = l.swizzle();
    runs && (s.is_identity() || s.base >= per.trailing_zeros())
}

/// The header line: `64 x 64 of 2-byte elements, row-major, in the 128-byte swizzle mode:
/// each cell is 8 columns (a 16-byte chunk), its value the chunk's place in its 128-byte row
/// of banks`.
fn caption(l: &SharedLayout, show: Show, g: &Grid, w: &mut impl Write) -> fmt::Result {
    write!(w, "{l}: each cell is ")?;
    if g.per == 1 {
        write!(w, "1 column")?;
    } else {
        write!(w, "{} columns", g.per)?;
    }
    match show {
        Show::Chunk => write!(
            w,
            ", its value the place of its 16-byte chunk in the 128-byte row of banks, (byte / 16) % 8"
        ),
        Show::Bank => write!(w, ", its value the bank of its first word, (byte / 4) % 32"),
    }
}

/// What is left out: `rows 128..256 and cells 64..128 of each row not drawn`.
fn left_out(l: &SharedLayout, g: &Grid, w: &mut impl Write) -> fmt::Result {
    if g.rows < l.rows() {
        write!(w, "rows {}..{} not drawn", g.rows, l.rows())?;
        if g.cells < g.all_cells {
            write!(w, "; ")?;
        }
    }
    if g.cells < g.all_cells {
        write!(
            w,
            "cells {}..{} of each row (columns {}..{}) not drawn",
            g.cells,
            g.all_cells,
            g.cells * g.per,
            l.cols()
        )?;
    }
    Ok(())
}

/// Writes the tile as text: a caption, a header of the first column of each cell, and a line
/// per row of cell values. A tile that fails its check is one line saying why.
///
/// ```
/// use fraglayout::render::smem::{tile, Show};
/// use fraglayout::shared::{SharedLayout, SwizzleMode};
/// let mut out = String::new();
/// tile(&SharedLayout::hopper(8, 64, 2, SwizzleMode::B128), Show::Chunk, &mut out).unwrap();
/// assert!(out.contains("\nrow 1:  1  0  3  2  5  4  7  6\n"), "{out}");
/// ```
pub fn tile(l: &SharedLayout, show: Show, w: &mut impl Write) -> fmt::Result {
    if let Err(e) = l.check() {
        return writeln!(w, "{l}: unsound: {e}");
    }
    let g = Grid::new(l, show);
    caption(l, show, &g, w)?;
    writeln!(w)?;
    let digits = crate::render::text::digits;
    let width = digits(show.count() as u64 - 1)
        .max(digits(g.cells.saturating_sub(1) as u64 * g.per as u64));
    let label = digits(g.rows.saturating_sub(1) as u64) + 5;
    write!(w, "{:label$}", "col")?;
    for c in 0..g.cells {
        write!(w, " {:>width$}", c * g.per)?;
    }
    writeln!(w)?;
    for r in 0..g.rows {
        write!(w, "row {r}:")?;
        crate::render::text::spaces(w, label - 5 - digits(r as u64))?;
        for c in 0..g.cells {
            write!(w, " {:>width$}", g.value(l, show, r, c))?;
        }
        writeln!(w)?;
    }
    if g.rows < l.rows() || g.cells < g.all_cells {
        left_out(l, &g, w)?;
        writeln!(w)?;
    }
    Ok(())
}

const MARGIN: u32 = 16;
const CELL_W: u32 = 28;
const CELL_H: u32 = 22;
const LABEL_W: u32 = 56;
const TOP: u32 = 64;

/// Writes the tile as an SVG 1.1 picture: a square per cell coloured and labelled by its
/// value (the same cells as [`tile`]), with the caption above and row and column indices.
/// Each cell is a `<rect class="cell">` with a `<title>` tooltip `row 1, cols 8..16: chunk 0`.
pub fn tile_svg(l: &SharedLayout, show: Show, w: &mut impl Write) -> fmt::Result {
    let g = if l.check().is_ok() {
        Grid::new(l, show)
    } else {
        Grid {
            per: 1,
            cells: 0,
            rows: 0,
            all_cells: 0,
        }
    };
    let mut caption_text = heapless_caption::Caption::default();
    caption(l, show, &g, &mut caption_text)?;
    let frame = Frame::of(&g, caption_text.as_str());
    header(&frame, caption_text.as_str(), w)?;
    if let Err(e) = l.check() {
        unsound(&e, w)?;
        return writeln!(w, "</svg>");
    }
    indices(&g, w)?;
    cells(l, show, &g, w)?;
    if g.rows < l.rows() || g.cells < g.all_cells {
        note(l, &g, &frame, w)?;
    }
    writeln!(w, "</svg>")
}

/// The picture's size and the bottom of its grid.
struct Frame {
    width: u32,
    height: u32,
    /// The bottom of the last row of cells drawn.
    bottom: u32,
}

impl Frame {
    fn of(g: &Grid, caption_text: &str) -> Frame {
        // Caption text: 12 px sans-serif, at most about 7 px a character.
        let width = (MARGIN * 2 + LABEL_W + g.cells * CELL_W)
            .max(MARGIN * 2 + caption_text.len() as u32 * 7);
        let bottom = TOP + g.rows * CELL_H;
        let height = bottom + MARGIN + 2 * 18;
        Frame {
            width,
            height,
            bottom,
        }
    }
}

/// The XML declaration, the `<svg>` element, the title, the white background and the caption.
fn header(frame: &Frame, caption_text: &str, w: &mut impl Write) -> fmt::Result {
    let (width, height) = (frame.width, frame.height);
    writeln!(w, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        w,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    )?;
    writeln!(w, "<title>{}</title>", Esc(caption_text))?;
    writeln!(
        w,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    )?;
    writeln!(
        w,
        r##"<g font-family="sans-serif" fill="#000000"><text x="{MARGIN}" y="{}" font-size="12">{}</text></g>"##,
        MARGIN + 12,
        Esc(caption_text)
    )
}

/// The line in red under the caption saying why the layout is unsound.
fn unsound(e: &SharedError, w: &mut impl Write) -> fmt::Result {
    writeln!(
        w,
        r##"<text x="{MARGIN}" y="{}" font-family="sans-serif" font-size="12" fill="#b00000">unsound: {}</text>"##,
        MARGIN + 32,
        Esc(e.message().as_str())
    )
}

/// The first column of each cell above the grid and each row's index to its left.
fn indices(g: &Grid, w: &mut impl Write) -> fmt::Result {
    let left = MARGIN + LABEL_W;
    writeln!(
        w,
        r##"<g font-family="sans-serif" font-size="10" fill="#444444" text-anchor="middle">"##
    )?;
    for c in 0..g.cells {
        writeln!(
            w,
            r#"<text x="{}" y="{}">{}</text>"#,
            left + c * CELL_W + CELL_W / 2,
            TOP - 6,
            c * g.per
        )?;
    }
    for r in 0..g.rows {
        writeln!(
            w,
            r#"<text x="{}" y="{}" text-anchor="end">{r}</text>"#,
            left - 6,
            TOP + r * CELL_H + CELL_H / 2 + 4
        )?;
    }
    writeln!(w, "</g>")
}

/// The cells drawn, row by row: each a square coloured and labelled by its value, with its
/// tooltip.
fn cells(l: &SharedLayout, show: Show, g: &Grid, w: &mut impl Write) -> fmt::Result {
    let left = MARGIN + LABEL_W;
    writeln!(
        w,
        r##"<g font-family="monospace" font-size="11" text-anchor="middle">"##
    )?;
    let what = match show {
        Show::Chunk => "chunk",
        Show::Bank => "bank",
    };
    for r in 0..g.rows {
        for c in 0..g.cells {
            let v = g.value(l, show, r, c);
            let (x, y) = (left + c * CELL_W, TOP + r * CELL_H);
            let colour = Colour(v);
            write!(w, r#"<g class="cell"><title>row {r}, "#)?;
            if g.per == 1 {
                write!(w, "col {}", c)?;
            } else {
                write!(w, "cols {}..{}", c * g.per, (c + 1) * g.per)?;
            }
            writeln!(
                w,
                r##": {what} {v}</title><rect class="cell" x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" fill="{colour}" stroke="#777777"/><text x="{}" y="{}">{v}</text></g>"##,
                x + CELL_W / 2,
                y + CELL_H / 2 + 4
            )?;
        }
    }
    writeln!(w, "</g>")
}

/// The line under the grid saying what is left out (see [`left_out`]).
fn note(l: &SharedLayout, g: &Grid, frame: &Frame, w: &mut impl Write) -> fmt::Result {
    write!(
        w,
        r##"<text x="{MARGIN}" y="{}" font-family="sans-serif" font-size="12" fill="#000000">"##,
        frame.bottom + 20
    )?;
    let mut note = heapless_caption::Caption::default();
    left_out(l, g, &mut note)?;
    writeln!(w, "{}</text>", Esc(note.as_str()))
}

/// A caption kept on the stack, to be escaped and written twice.
pub(super) mod heapless_caption {
    use core::fmt;

    /// Up to 512 bytes of text; what does not fit is dropped at a character boundary.
    pub struct Caption {
        buf: [u8; 512],
        len: usize,
    }

    impl Default for Caption {
        fn default() -> Caption {
            Caption {
                buf: [0; 512],
                len: 0,
            }
        }
    }

    impl Caption {
        pub fn as_str(&self) -> &str {
            core::str::from_utf8(&self.buf[..self.len]).unwrap_or("")
        }
    }

    impl fmt::Write for Caption {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            for ch in s.chars() {
                let mut tmp = [0u8; 4];
                let bytes = ch.encode_utf8(&mut tmp).as_bytes();
                if self.len + bytes.len() > self.buf.len() {
                    return Ok(());
                }
                self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
                self.len += bytes.len();
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::shared::{AtomOrder, Swizzle, SwizzleMode};

    /// Every group checked element by element: the definition [`grouped`] decides in O(1).
    fn grouped_by_elements(l: &SharedLayout, per: u32) -> bool {
        l.cols() % per == 0
            && (0..l.rows()).all(|r| {
                (0..l.cols()).step_by(per as usize).all(|c| {
                    let start = l.offset(r, c);
                    start.is_some_and(|s| s % per == 0)
                        && (1..per).all(|k| l.offset(r, c + k) == start.map(|s| s + k))
                })
            })
    }

    /// Sound layouts of small tiles: plain, padded, swizzled, Hopper modes, grids in both
    /// orders, both majors.
    fn layouts() -> impl Iterator<Item = SharedLayout> {
        let mut out = std::vec::Vec::new();
        for (rows, cols) in [
            (1, 64),
            (1, 8),
            (8, 64),
            (16, 32),
            (8, 128),
            (32, 16),
            (64, 64),
        ] {
            for elem in [1, 2, 4, 8] {
                let plain = SharedLayout::row_major(rows, cols, elem);
                let mut each = std::vec![plain, plain.col_major()];
                for pad in [1, 2, 4, 8] {
                    each.push(plain.with_pad(pad));
                    each.push(plain.with_pad(pad).col_major());
                }
                for bits in 1..=3 {
                    for base in 0..=4 {
                        for shift in [bits, 3, 4] {
                            let s = Swizzle::new(bits, base, shift);
                            each.push(plain.with_swizzle(s));
                            each.push(plain.with_swizzle(s).col_major());
                            each.push(plain.with_pad(8).with_swizzle(s));
                        }
                    }
                }
                for mode in [SwizzleMode::B128, SwizzleMode::B64, SwizzleMode::B32] {
                    let h = SharedLayout::hopper(rows, cols, elem, mode);
                    each.extend([h, h.with_order(AtomOrder::Bands), h.col_major()]);
                }
                let cm = SharedLayout::core_matrices(rows, cols, elem);
                each.extend([cm, cm.with_order(AtomOrder::Bands), cm.col_major()]);
                out.extend(each.into_iter().filter(|l| l.check().is_ok()));
            }
        }
        out.into_iter()
    }

    #[test]
    fn grouped_agrees_with_every_element() {
        let mut grouped_seen = 0;
        for l in layouts() {
            for per in [2, 4, 8, 16] {
                let exact = grouped_by_elements(&l, per);
                let s = l.swizzle();
                let writes_below = !s.is_identity() && s.base < per.trailing_zeros();
                if writes_below {
                    // Answered one element a cell; never a group that is not one.
                    assert!(!grouped(&l, per), "{l}, per {per}");
                } else {
                    assert_eq!(grouped(&l, per), exact, "{l}, per {per}");
                }
                grouped_seen += usize::from(exact);
            }
        }
        assert!(grouped_seen > 1000, "{grouped_seen}");
    }
}
