//! A conversion as a picture: the destination tile, each cell coloured by the round its value
//! arrives in.

use super::draw::axes_of;
use super::style::{text_w, title_w, Colour, Esc, CELL_H, LINE_H, MARGIN, SWATCH_H};
use crate::convert::{Plan, MAX_PLAN_ELEMENTS, NONE};
use crate::render::limits::{SVG_CELLS, SVG_COLS};
use crate::render::text::{digits, len_of};
use crate::render::tile::Window;
use crate::{Numeral, LANES};
use core::fmt::{self, Write};

/// The fill of a cell whose value is already in its register.
const IN_PLACE: &str = "#ffffff";
/// The fill of a cell whose value moves between registers of its lane.
const IN_LANE: &str = "#e4e4e4";
/// Legend entries per row, and the width of each.
const ENTRIES_PER_ROW: u32 = 4;
const ENTRY_W: u32 = 190;
/// Rounds with colours of their own; later rounds repeat them.
const COLOURS: u32 = 32;

/// Where a destination value comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arrival {
    /// Already in the lane's register of the same index.
    InPlace,
    /// From register `s` of the same lane.
    InLane(u32),
    /// In round `r`, from register `s` of lane `lane`.
    Round { r: u32, lane: u32, s: u32 },
}

/// `[e][lane]`: the round in which the lane receives element `e`, or `NONE`.
struct Arrivals([[u8; 32]; MAX_PLAN_ELEMENTS]);

impl Arrivals {
    fn of(plan: &Plan) -> Arrivals {
        let mut t = [[NONE; 32]; MAX_PLAN_ELEMENTS];
        for r in 0..plan.rounds() {
            for l in 0..LANES {
                // A lane reading itself gets its own value again (a uniform fill): it arrives
                // in-lane, not in the round.
                match plan.recv(r, l) {
                    Some(d) if plan.src_lane(r, l) != l => t[d as usize][l as usize] = r as u8,
                    _ => {}
                }
            }
        }
        Arrivals(t)
    }

    fn get(&self, plan: &Plan, lane: u32, e: u32) -> Arrival {
        match self.0[e as usize][lane as usize] {
            NONE => match plan.local_source(e, lane) {
                Some(s) if s == e => Arrival::InPlace,
                Some(s) => Arrival::InLane(s),
                // A plan routes every value; a lane without one shows it in place.
                None => Arrival::InPlace,
            },
            r => {
                let src = plan.src_lane(r as u32, lane);
                Arrival::Round {
                    r: r as u32,
                    lane: src,
                    s: plan.send(r as u32, src),
                }
            }
        }
    }
}

/// Writes the conversion `plan` from `from` to `to` as a self-contained SVG 1.1 picture: the
/// destination tile as a grid, each cell labelled with the thread and element of `to` that
/// holds it (`T{thread}` over `V{e}`) and coloured by where its value comes from: white when
/// it is already in that register, light grey when it moves between registers of its lane,
/// and one colour per shuffle round it arrives in (colours repeat after 32 rounds). Each
/// cell's tooltip says where its value comes from (`row 1, col 0: T4 V0, from T1 V1 in round
/// 0`). Under the grid, a legend of the colours.
///
/// The header names the two layouts and the plan's class, rounds, lower bound and selects. A
/// tile of more than [`SVG_COLS`] columns or [`SVG_CELLS`] cells is drawn in part, as
/// [`svg`](super::svg) draws it.
///
/// ```
/// use fraglayout::catalog::{SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N};
/// use fraglayout::convert::Plan;
/// use fraglayout::render;
/// let plan = Plan::new(&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T).unwrap();
/// let mut out = String::new();
/// render::conversion_svg(&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T, &plan, &mut out).unwrap();
/// assert_eq!(out.matches(r#"<rect class="cell""#).count(), 64);
/// assert!(out.contains("<title>row 0, col 0: T0 V0, in place</title>"));
/// assert_eq!(out.matches(r#"<rect class="swatch""#).count(), 3); // in place, rounds 0 and 1
/// ```
pub fn conversion_svg(
    from: &Numeral,
    to: &Numeral,
    plan: &Plan,
    w: &mut impl Write,
) -> fmt::Result {
    let arrivals = Arrivals::of(plan);
    let g = Geometry::of(from, to, plan, &arrivals);
    let (width, height) = (g.width, g.height);
    writeln!(w, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        w,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    )?;
    header(from, to, plan, &g, w)?;
    axes_of(g.win, g.cell_w, g.grid_left, g.grid_top, w)?;
    cells(to, plan, &arrivals, &g, w)?;
    legend(to, plan, &g, w)?;
    writeln!(w, "</svg>")
}

/// Where the picture's parts go: the window of the tile drawn, the grid's cells, the lines
/// under it (what is left out, the legend, the note on repeating colours) and the size.
struct Geometry {
    win: Window,
    cell_w: u32,
    grid_left: u32,
    grid_top: u32,
    /// The top of the line saying what is not drawn, where the tile is drawn in part.
    left_out_top: Option<u32>,
    legend_top: u32,
    /// The top of the note that colours repeat, where there are more rounds than colours.
    repeat_top: Option<u32>,
    /// Which of the neutral legend entries occur.
    in_place: bool,
    in_lane: bool,
    width: u32,
    height: u32,
}

impl Geometry {
    fn of(from: &Numeral, to: &Numeral, plan: &Plan, arrivals: &Arrivals) -> Geometry {
        let win = Window::of(to, SVG_COLS, SVG_CELLS);
        let label = len_of(|c| write!(c, "T{}", to.threads().saturating_sub(1)))
            .max(len_of(|c| write!(c, "V{}", to.elements.saturating_sub(1))));
        let cell_w = (text_w(label) + 12).max(44);
        let grid_left = MARGIN + 22 + text_w(digits(win.rows.saturating_sub(1) as u64)) + 8;
        let grid_top = MARGIN + 80;
        let mut y = grid_top + win.rows * CELL_H + 24;
        let left_out_top = (!win.whole(to)).then(|| {
            y += LINE_H;
            y - LINE_H
        });
        let (mut in_place, mut in_lane) = (false, false);
        for t in 0..to.threads().min(LANES) {
            for e in 0..to.elements {
                match arrivals.get(plan, t, e) {
                    Arrival::InPlace => in_place = true,
                    Arrival::InLane(_) => in_lane = true,
                    Arrival::Round { .. } => {}
                }
            }
        }
        let entries = in_place as u32 + in_lane as u32 + plan.rounds();
        let legend_top = y;
        y += LINE_H + entries.div_ceil(ENTRIES_PER_ROW) * (SWATCH_H + 4);
        let repeat_top = (plan.rounds() > COLOURS).then(|| {
            y += LINE_H;
            y - LINE_H
        });
        let title_chars = len_of(|c| title(from, to, c));
        let sub_chars = len_of(|c| subtitle(to, plan, c));
        let width = (grid_left + win.cols * cell_w + MARGIN)
            .max(2 * MARGIN + title_w(title_chars))
            .max(2 * MARGIN + sub_chars as u32 * 8)
            .max(2 * MARGIN + ENTRIES_PER_ROW.min(entries.max(1)) * ENTRY_W);
        Geometry {
            win,
            cell_w,
            grid_left,
            grid_top,
            left_out_top,
            legend_top,
            repeat_top,
            in_place,
            in_lane,
            width,
            height: y + MARGIN,
        }
    }
}

/// The title element, the white background, the title and the subtitle.
fn header(
    from: &Numeral,
    to: &Numeral,
    plan: &Plan,
    g: &Geometry,
    w: &mut impl Write,
) -> fmt::Result {
    w.write_str("<title>")?;
    title(from, to, w)?;
    writeln!(w, "</title>")?;
    writeln!(
        w,
        r##"<rect width="{}" height="{}" fill="#ffffff"/>"##,
        g.width, g.height
    )?;
    write!(
        w,
        r##"<g font-family="sans-serif" fill="#000000"><text x="{MARGIN}" y="{}" font-size="16" font-weight="bold">"##,
        MARGIN + 16
    )?;
    title(from, to, w)?;
    write!(
        w,
        r#"</text><text x="{MARGIN}" y="{}" font-size="13">"#,
        MARGIN + 36
    )?;
    subtitle(to, plan, w)?;
    writeln!(w, "</text></g>")
}

/// The grid: each cell of the window, labelled with its thread and element and coloured by
/// where its value comes from, which its tooltip says in words.
fn cells(
    to: &Numeral,
    plan: &Plan,
    arrivals: &Arrivals,
    g: &Geometry,
    w: &mut impl Write,
) -> fmt::Result {
    writeln!(
        w,
        r##"<g font-family="monospace" font-size="12" text-anchor="middle">"##
    )?;
    for r in 0..g.win.rows {
        for c in 0..g.win.cols {
            let Some((t, e)) = to.decode_coords(r, c) else {
                continue;
            };
            let (x, y, cell_w) = (
                g.grid_left + c * g.cell_w,
                g.grid_top + r * CELL_H,
                g.cell_w,
            );
            let warp = t / LANES * LANES;
            write!(w, r#"<g class="cell"><title>row {r}, col {c}: T{t} V{e}, "#)?;
            let arrival = arrivals.get(plan, t % LANES, e);
            match arrival {
                Arrival::InPlace => w.write_str("in place")?,
                Arrival::InLane(s) => write!(w, "from V{s} of its lane")?,
                Arrival::Round { r, lane, s } => {
                    write!(w, "from T{} V{s} in round {r}", warp + lane)?
                }
            }
            write!(
                w,
                r##"</title><rect class="cell" x="{x}" y="{y}" width="{cell_w}" height="{CELL_H}" fill="{}" stroke="#555555"/>"##,
                Fill(arrival)
            )?;
            let cx = x + cell_w / 2;
            writeln!(
                w,
                r#"<text x="{cx}" y="{}" font-weight="bold">T{t}</text><text x="{cx}" y="{}">V{e}</text></g>"#,
                y + 15,
                y + 29
            )?;
        }
    }
    writeln!(w, "</g>")
}

/// Under the grid: what is not drawn, the legend of the colours, and the note that colours
/// repeat.
fn legend(to: &Numeral, plan: &Plan, g: &Geometry, w: &mut impl Write) -> fmt::Result {
    writeln!(
        w,
        r##"<g font-family="sans-serif" font-size="12" fill="#000000">"##
    )?;
    if let Some(top) = g.left_out_top {
        write!(
            w,
            r#"<text x="{MARGIN}" y="{}" font-style="italic">"#,
            top + 12
        )?;
        g.win.left_out(to, w)?;
        writeln!(
            w,
            " not drawn: the picture draws at most {SVG_COLS} columns and {SVG_CELLS} cells</text>"
        )?;
    }
    writeln!(
        w,
        r#"<text x="{MARGIN}" y="{}" font-weight="bold">where each value of the destination comes from</text>"#,
        g.legend_top + 12
    )?;
    let mut k = 0;
    let mut entry = |fill: Fill,
                     w: &mut dyn Write,
                     text: &dyn Fn(&mut dyn Write) -> fmt::Result| {
        let x = MARGIN + (k % ENTRIES_PER_ROW) * ENTRY_W;
        let y = g.legend_top + LINE_H + (k / ENTRIES_PER_ROW) * (SWATCH_H + 4);
        k += 1;
        write!(
            w,
            r##"<rect class="swatch" x="{x}" y="{y}" width="{SWATCH_H}" height="{SWATCH_H}" fill="{fill}" stroke="#555555"/><text x="{}" y="{}">"##,
            x + SWATCH_H + 6,
            y + 15
        )?;
        text(w)?;
        writeln!(w, "</text>")
    };
    if g.in_place {
        entry(Fill(Arrival::InPlace), w, &|o| {
            o.write_str("already in place")
        })?;
    }
    if g.in_lane {
        entry(Fill(Arrival::InLane(0)), w, &|o| {
            o.write_str("from another register of its lane")
        })?;
    }
    for r in 0..plan.rounds() {
        let fill = Fill(Arrival::Round { r, lane: 0, s: 0 });
        entry(fill, w, &|o| write!(o, "arrives in round {r}"))?;
    }
    if let Some(top) = g.repeat_top {
        writeln!(
            w,
            r#"<text x="{MARGIN}" y="{}" font-style="italic">colours repeat every {COLOURS} rounds: a cell's tooltip names its round</text>"#,
            top + 12
        )?;
    }
    writeln!(w, "</g>")
}

/// A cell's fill: white in place, light grey within the lane, a lane colour per round.
struct Fill(Arrival);

impl fmt::Display for Fill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Arrival::InPlace => f.write_str(IN_PLACE),
            Arrival::InLane(_) => f.write_str(IN_LANE),
            // Rounds take the lane palette from its darkest tint, lanes 16-23, on.
            Arrival::Round { r, .. } => write!(f, "{}", Colour((r + 16) % COLOURS)),
        }
    }
}

/// `FROM => TO`, escaped.
fn title(from: &Numeral, to: &Numeral, w: &mut (impl Write + ?Sized)) -> fmt::Result {
    write!(w, "{} =&gt; {}", Esc(from.name), Esc(to.name))
}

/// `lane exchange: 2 rounds (lower bound 2), 6 selects; 8 x 8 tile, 32 threads x 2 elements`.
fn subtitle(to: &Numeral, plan: &Plan, w: &mut (impl Write + ?Sized)) -> fmt::Result {
    let s = |k: u32| if k == 1 { "" } else { "s" };
    write!(
        w,
        "{}: {} round{} (lower bound {}), {} select{}; {} x {} tile, {} threads x {} element{}",
        plan.class().name(),
        plan.rounds(),
        s(plan.rounds()),
        plan.lower_bound(),
        plan.selects(),
        s(plan.selects()),
        to.rows,
        to.cols,
        to.threads(),
        to.elements,
        s(to.elements)
    )
}
