//! The tile as a text grid.

use super::describe::{broadcast_line, outside_offset, shape, Holders};
use super::least::Claim;
use super::limits::{GRID_BYTES, GRID_CELLS, GRID_COLS, LISTED};
use super::text::{digits, spaces};
use super::tile::{Cell, Tile, Window};
use crate::{Message, Numeral};
use core::fmt::{self, Write as _};

/// The most unclaimed columns listed for one row.
const LISTED_COLS: usize = 32;

/// The text of an unclaimed cell.
const UNCLAIMED: &str = "--";

/// Writes the tile as a text grid: one line per row, each cell `T{thread}:{element}`, columns
/// right-aligned under their index, rows headed by theirs.
///
/// A numeral failing [`Numeral::check`] gets its errors listed first, and its grid shows
/// - a cell claimed twice as `T3:1!T7:0` (first and second claimant; `+k` when `k` more
///   claim it), with every claimant listed under `collisions:`;
/// - a cell nobody claims as `--`, listed row by row under `unclaimed:`;
/// - claims landing outside the tile, listed under `outside the tile:`.
///
/// Each list gives its first [`LISTED`] entries and then how many more there
/// are. A tile too large to read is drawn in part (see [the bounds](super#bounds)), with a
/// line saying which rows and columns are left out.
///
/// # Example
/// ```
/// use fraglayout::{render, Digit, Numeral};
/// // The upper half of the m16n8k16 accumulator: 8 x 8, two elements per lane.
/// const HALF: Numeral = Numeral::new("half", 8, 8, 2, &[
///     Digit::element(1, 2, 1),
///     Digit::lane(1, 4, 2),
///     Digit::lane(4, 8, 8),
/// ]);
/// let mut out = String::new();
/// render::grid(&HALF, &mut out).unwrap();
/// assert_eq!(out, "\
/// half: 8 x 8 tile, 32 threads x 2 elements; cell = T{thread}:{element}
/// r\\c      0      1      2      3      4      5      6      7
///   0   T0:0   T0:1   T1:0   T1:1   T2:0   T2:1   T3:0   T3:1
///   1   T4:0   T4:1   T5:0   T5:1   T6:0   T6:1   T7:0   T7:1
///   2   T8:0   T8:1   T9:0   T9:1  T10:0  T10:1  T11:0  T11:1
///   3  T12:0  T12:1  T13:0  T13:1  T14:0  T14:1  T15:0  T15:1
///   4  T16:0  T16:1  T17:0  T17:1  T18:0  T18:1  T19:0  T19:1
///   5  T20:0  T20:1  T21:0  T21:1  T22:0  T22:1  T23:0  T23:1
///   6  T24:0  T24:1  T25:0  T25:1  T26:0  T26:1  T27:0  T27:1
///   7  T28:0  T28:1  T29:0  T29:1  T30:0  T30:1  T31:0  T31:1
/// ");
/// ```
///
/// A broken numeral: `lane / 8` at place 6 overlaps `lane % 8`, so lanes 6 and 8 meet at
/// offset 6, and the last six elements are left over:
/// ```
/// use fraglayout::{render, Digit, Numeral};
/// const BAD: Numeral = Numeral::new("bad", 4, 8, 1, &[
///     Digit::lane(1, 8, 1),
///     Digit::lane(8, 4, 6),
/// ]);
/// let mut out = String::new();
/// render::grid(&BAD, &mut out).unwrap();
/// assert_eq!(out, "\
/// bad: 4 x 8 tile, 32 threads x 1 element; cell = T{thread}:{element}
/// not a bijection:
///   - places overlap: `lane / 8` at place 6 falls inside `lane % 8` (places 1 to 7): move it to place 8
/// r\\c            0            1            2            3            4            5            6            7
///   0         T0:0         T1:0         T2:0         T3:0         T4:0         T5:0    T6:0!T8:0    T7:0!T9:0
///   1        T10:0        T11:0        T12:0        T13:0  T14:0!T16:0  T15:0!T17:0        T18:0        T19:0
///   2        T20:0        T21:0  T22:0!T24:0  T23:0!T25:0        T26:0        T27:0        T28:0        T29:0
///   3        T30:0        T31:0           --           --           --           --           --           --
/// legend: A!B = claimed by A and by B (+k: and k more), -- = claimed by nobody
/// collisions (6 cells):
///   (0, 6): T6:0, T8:0
///   (0, 7): T7:0, T9:0
///   (1, 4): T14:0, T16:0
///   (1, 5): T15:0, T17:0
///   (2, 2): T22:0, T24:0
///   (2, 3): T23:0, T25:0
/// unclaimed (6 cells):
///   row 3: col 2 3 4 5 6 7
/// ");
/// ```
pub fn grid(n: &Numeral, w: &mut impl fmt::Write) -> fmt::Result {
    write!(w, "{}: ", n.name)?;
    shape(n, w)?;
    writeln!(w, "; cell = T{{thread}}:{{element}}")?;
    broadcast_line(n, w)?;
    let tile = Tile::new(n);
    if !tile.exact {
        errors(n, w)?;
    }
    if tile.undrawable.is_some() {
        tile.why_undrawn(w)?;
        return w.write_char('\n');
    }
    cells(&tile, w)?;
    if tile.exact {
        return Ok(());
    }
    writeln!(
        w,
        "legend: A!B = claimed by A and by B (+k: and k more), {UNCLAIMED} = claimed by nobody"
    )?;
    let (collided, unclaimed) = tile.damage();
    if collided > 0 {
        collisions(&tile, collided, w)?;
    }
    if unclaimed > 0 {
        unclaimed_rows(&tile, unclaimed, w)?;
    }
    outside(&tile, w)
}

/// `not a bijection:` and the check's errors, one a line.
fn errors(n: &Numeral, w: &mut impl fmt::Write) -> fmt::Result {
    writeln!(w, "not a bijection:")?;
    let errors = n.errors();
    for e in errors.iter() {
        writeln!(w, "  - {}", e.message(n))?;
    }
    if errors.dropped() > 0 {
        writeln!(w, "  - (and {} more)", errors.dropped())?;
    }
    Ok(())
}

/// The column indices and the cell rows of the drawn window, then what is left out.
///
/// Columns are as wide as the widest cell text or column index of the window; then as many
/// rows are drawn as fit [`GRID_BYTES`].
fn cells(tile: &Tile, w: &mut impl fmt::Write) -> fmt::Result {
    let n = tile.n;
    let mut win = Window::of(n, GRID_COLS, GRID_CELLS);
    let mut width = digits(win.cols as u64 - 1);
    tile.each_cell(win, |_, _, cell| {
        width = width.max(text(tile, cell).as_str().len());
        Ok::<(), fmt::Error>(())
    })?;
    let head = digits(win.rows as u64 - 1).max(3);
    let line = head + win.cols as usize * (2 + width) + 1;
    win.rows = win.rows.min((GRID_BYTES / line).max(1) as u32);

    w.write_str("r\\c")?;
    spaces(w, head - 3)?;
    for c in 0..win.cols {
        spaces(w, 2 + width - digits(c as u64))?;
        write!(w, "{c}")?;
    }
    tile.each_cell(win, |r, c, cell| {
        if c == 0 {
            w.write_char('\n')?;
            spaces(w, head - digits(r as u64))?;
            write!(w, "{r}")?;
        }
        let t = text(tile, cell);
        spaces(w, 2 + width - t.as_str().len())?;
        w.write_str(t.as_str())
    })?;
    w.write_char('\n')?;
    if !win.whole(n) {
        w.write_char('(')?;
        win.left_out(n, w)?;
        writeln!(
            w,
            " not drawn: the grid draws at most {GRID_COLS} columns, {GRID_CELLS} cells and \
             {} KiB)",
            GRID_BYTES / 1024
        )?;
    }
    Ok(())
}

/// `collisions (k cells):`, then the first [`LISTED`] collided cells with their claimants.
fn collisions(tile: &Tile, collided: u64, w: &mut impl fmt::Write) -> fmt::Result {
    let n = tile.n;
    writeln!(w, "collisions ({collided} cells):")?;
    let (list, len) = tile.collisions();
    for (off, claims) in &list[..len] {
        write!(w, "  ({}, {}):", off / n.cols, off % n.cols)?;
        for (k, &claim) in claims.claims().iter().enumerate() {
            w.write_str(if k == 0 { " " } else { ", " })?;
            claimant(w, claim)?;
        }
        more(w, claims.count as u64 - claims.len() as u64)?;
        w.write_char('\n')?;
    }
    if collided > len as u64 {
        writeln!(w, "  and {} more cells", collided - len as u64)?;
    }
    Ok(())
}

/// `unclaimed (k cells):`, then the first [`LISTED`] rows with unclaimed cells, each with its
/// first [`LISTED_COLS`] unclaimed columns.
fn unclaimed_rows(tile: &Tile, unclaimed: u64, w: &mut impl fmt::Write) -> fmt::Result {
    let n = tile.n;
    writeln!(w, "unclaimed ({unclaimed} cells):")?;
    let mut rows = 0u64;
    for r in 0..n.rows {
        let mut found = 0usize;
        for c in 0..n.cols {
            if !tile.unclaimed_at(r * n.cols + c) {
                continue;
            }
            if rows < LISTED as u64 {
                if found == 0 {
                    write!(w, "  row {r}: col")?;
                }
                if found < LISTED_COLS {
                    write!(w, " {c}")?;
                }
            }
            found += 1;
        }
        if found > 0 {
            if rows < LISTED as u64 {
                more(w, found.saturating_sub(LISTED_COLS) as u64)?;
                w.write_char('\n')?;
            }
            rows += 1;
        }
    }
    if rows > LISTED as u64 {
        writeln!(w, "  and {} more rows", rows - LISTED as u64)?;
    }
    Ok(())
}

/// `outside the tile (k claims):`, then the first [`LISTED`] claims landing outside the tile
/// and where they land.
fn outside(tile: &Tile, w: &mut impl fmt::Write) -> fmt::Result {
    let n = tile.n;
    let outside = tile.outside();
    if outside.count == 0 {
        return Ok(());
    }
    writeln!(w, "outside the tile ({} claims):", outside.count)?;
    for &(t, e) in outside.claims() {
        w.write_str("  ")?;
        claimant(w, (t, e))?;
        w.write_str(" -> ")?;
        outside_offset(n, n.raw_offset(t, e), w)?;
        w.write_char('\n')?;
    }
    if outside.count as usize > outside.len() {
        writeln!(
            w,
            "  and {} more claims",
            outside.count as usize - outside.len()
        )?;
    }
    Ok(())
}

/// ` and k more` when `k > 0`.
fn more(w: &mut impl fmt::Write, k: u64) -> fmt::Result {
    if k > 0 {
        write!(w, " and {k} more")?;
    }
    Ok(())
}

/// `T{thread}:{element}`.
fn claimant(w: &mut impl fmt::Write, (t, e): Claim) -> fmt::Result {
    write!(w, "T{t}:{e}")
}

/// A cell's text: `T3:1`, `T3:1!T7:0`, `T3:1!T7:0+2` or `--`; under the broadcast digits of a
/// numeral passing the check, all the holders of a cell, `T0-3:1`
/// ([`Holders`]).
fn text(tile: &Tile, cell: &Cell) -> Message {
    let mut m = Message::new();
    match (cell.first(), cell.second()) {
        (None, _) => m.push(UNCLAIMED),
        (Some((t, e)), None) => {
            let _ = write!(m, "{}:{e}", Holders::of(tile, t));
        }
        (Some(a), Some(b)) => {
            push_claim(&mut m, a);
            m.push("!");
            push_claim(&mut m, b);
            if cell.count > 2 {
                m.push("+");
                m.push_num(cell.count as u64 - 2);
            }
        }
    }
    m
}

fn push_claim(m: &mut Message, (t, e): Claim) {
    m.push("T");
    m.push_num(t as u64);
    m.push(":");
    m.push_num(e as u64);
}
