//! Measuring a picture before writing it: the cell width from the longest label, then the
//! grid and each section of the legend stacked top to bottom, giving each its top and the
//! picture its size.

use super::labels::{left_out, lines};
use super::style::{note_w, text_w, title_w, CELL_H, LINE_H, MARGIN, MAX_OUTSIDE};
use super::style::{SWATCHES_PER_ROW, SWATCH_H};
use crate::render::describe::shape;
use crate::render::least::Least;
use crate::render::limits::{LISTED, SVG_CELLS, SVG_COLS};
use crate::render::text::digits;
use crate::render::tile::{Tile, Window};
use crate::Errors;
use core::fmt::{self, Write};

/// Where everything goes, measured once before anything is written: the grid's geometry, and
/// the top of each section of the legend below it (`None` where a section is left out).
pub(super) struct Layout {
    pub(super) win: Window,
    /// [`Tile::undrawable`] is `None`: axes and cells are drawn.
    pub(super) drawable: bool,
    pub(super) cell_w: u32,
    /// Width of the warp bar on a cell's left edge (0 outside a warpgroup).
    pub(super) warp_bar: u32,
    pub(super) grid_left: u32,
    pub(super) grid_top: u32,
    /// The line saying what is left out of a tile drawn in part.
    pub(super) left_out_top: Option<u32>,
    /// The lane (or thread) colours, which every picture has.
    pub(super) legend_top: u32,
    pub(super) swatch_w: u32,
    /// Swatches in the lane legend: `min(threads, 32)`.
    pub(super) lanes: u32,
    /// The warp colours of a warpgroup.
    pub(super) warps_top: Option<u32>,
    /// What is wrong with a numeral failing the check.
    pub(super) broken: Option<BrokenLegend>,
    /// The line saying why nothing is drawn.
    pub(super) undrawn_top: Option<u32>,
    pub(super) width: u32,
    pub(super) height: u32,
}

/// The legend of a numeral failing the check: its errors, then (when drawn) the collision and
/// gap swatches with their counts, then (when there are any) the first claims outside the tile.
pub(super) struct BrokenLegend {
    pub(super) errors: Errors,
    pub(super) errors_top: u32,
    pub(super) swatches_top: Option<u32>,
    pub(super) outside_top: Option<u32>,
    pub(super) collided: u64,
    pub(super) unclaimed: u64,
    pub(super) outside: Least<LISTED>,
}

/// Sections stacked top to bottom: each takes the next `height` pixels and widens the legend.
struct Stack {
    y: u32,
    width: u32,
}

impl Stack {
    /// Places a section `height` high and `width` wide below the last; returns its top.
    fn place(&mut self, height: u32, width: u32) -> u32 {
        let top = self.y;
        self.y += height;
        self.width = self.width.max(width);
        top
    }
}

impl Layout {
    /// Sizes the cells from their longest label, then stacks the grid and the legend's
    /// sections. Writes nothing.
    pub(super) fn measure(tile: &Tile) -> Result<Layout, fmt::Error> {
        let n = tile.n;
        let drawable = tile.undrawable.is_none();
        let win = if drawable {
            Window::of(n, SVG_COLS, SVG_CELLS)
        } else {
            Window { rows: 0, cols: 0 }
        };
        let warp_bar = if n.warps > 1 { 4 } else { 0 };
        let cell_w = (text_w(label_chars(tile, win)?) + 12 + 2 * warp_bar).max(44);
        let row_idx_w = text_w(digits(win.rows.saturating_sub(1) as u64)) + 8;
        let grid_left = MARGIN + 22 + row_idx_w;
        let grid_top = MARGIN + 80;
        let grid_bottom = grid_top + win.rows * CELL_H;

        let mut s = Stack {
            y: grid_bottom + 24,
            width: 0,
        };
        let left_out_top = (drawable && !win.whole(n))
            .then(|| s.place(LINE_H, note_w(len_of(|c| left_out(n, win, c)))));
        let swatch_w = if n.warps > 1 { 64 } else { cell_w };
        let lanes = n.threads().min(32);
        let legend_top = s.place(
            LINE_H + lanes.div_ceil(SWATCHES_PER_ROW) * (SWATCH_H + 4),
            SWATCHES_PER_ROW.min(lanes) * (swatch_w + 4),
        );
        let warps_top = (n.warps > 1).then(|| s.place(LINE_H + SWATCH_H + 4, n.warps.min(8) * 68));
        let broken = (!tile.exact).then(|| BrokenLegend::place(tile, drawable, &mut s));
        let undrawn_top =
            (!drawable).then(|| s.place(LINE_H, note_w(len_of(|c| tile.why_undrawn(c)))));

        let width = (grid_left + win.cols * cell_w)
            .max(MARGIN + s.width)
            .max(MARGIN + title_w(n.name.chars().count()))
            .max(MARGIN + note_w(len_of(|c| shape(n, c)) + 2))
            + MARGIN;
        Ok(Layout {
            win,
            drawable,
            cell_w,
            warp_bar,
            grid_left,
            grid_top,
            left_out_top,
            legend_top,
            swatch_w,
            lanes,
            warps_top,
            broken,
            undrawn_top,
            width,
            height: s.y + MARGIN,
        })
    }
}

impl BrokenLegend {
    /// Places the parts of the legend of a numeral failing the check on `s`.
    fn place(tile: &Tile, drawable: bool, s: &mut Stack) -> BrokenLegend {
        let n = tile.n;
        let errors = n.errors();
        let lines = 1 + errors.len() as u32 + (errors.dropped() > 0) as u32;
        let errors_w = errors
            .iter()
            .map(|e| note_w(e.message(n).as_str().len() + 4))
            .max()
            .unwrap_or(0);
        let errors_top = s.place(8 + LINE_H * lines, errors_w);
        let swatches_top = drawable.then(|| s.place(2 * (SWATCH_H + 4), 44 + 8 + note_w(40)));
        let outside = tile.outside();
        let listed = (outside.count as usize).min(MAX_OUTSIDE) as u32;
        let outside_top = (listed > 0).then(|| {
            let more = (outside.count as usize > MAX_OUTSIDE) as u32;
            s.place(LINE_H * (1 + listed + more), 0)
        });
        let (collided, unclaimed) = tile.damage();
        BrokenLegend {
            errors,
            errors_top,
            swatches_top,
            outside_top,
            collided,
            unclaimed,
            outside,
        }
    }
}

/// The most characters in a cell's label line: `T{last thread}`, `V{last element}`, and for a
/// numeral failing the check or broadcasting every drawn cell's two lines.
fn label_chars(tile: &Tile, win: Window) -> Result<usize, fmt::Error> {
    let n = tile.n;
    let mut chars = len_of(|c| write!(c, "T{}", n.threads().saturating_sub(1)))
        .max(len_of(|c| write!(c, "V{}", n.elements.saturating_sub(1))));
    if !tile.exact || n.has_broadcast() {
        tile.each_cell(win, |_, _, cell| {
            let (a, b) = lines(tile, cell);
            chars = chars.max(len_of(|c| write!(c, "{a}")).max(len_of(|c| write!(c, "{b}"))));
            Ok::<(), fmt::Error>(())
        })?;
    }
    Ok(chars)
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
