//! A conversion plan as text: its shuffle rounds as a lane table ([`rounds`]) and its in-lane
//! moves ([`in_lane`]), one column per lane, each column as wide as its widest cell.
//!
//! The tables say exactly what the generated code does (see [`Plan`]), so a reader (or a test)
//! can replay them by hand: in-lane moves first, then the rounds in order.

use crate::convert::Plan;
use crate::LANES;
use core::fmt::{self, Write};

use super::text::{digits, len_of as width, spaces};

/// Writes `f`'s text left-aligned in `w` characters.
fn padded(out: &mut dyn Write, w: usize, f: impl Fn(&mut dyn Write) -> fmt::Result) -> fmt::Result {
    let k = width(|c| f(c));
    f(out)?;
    spaces(out, w.saturating_sub(k))
}

/// The lane-column widths: for each lane, the widest of its header and its `cells`.
fn lane_widths(rows: u32, cell: impl Fn(u32, u32, &mut dyn Write) -> fmt::Result) -> [usize; 32] {
    let mut widths = [0; 32];
    for (l, wl) in widths.iter_mut().enumerate() {
        *wl = digits(l as u64);
        for r in 0..rows {
            *wl = (*wl).max(width(|c| cell(r, l as u32, c)));
        }
    }
    widths
}

/// One row: the prefix in `prefix_w` characters, `|`, then the 32 lane cells.
fn row<W: Write>(
    w: &mut W,
    prefix_w: usize,
    prefix: impl Fn(&mut dyn Write) -> fmt::Result,
    widths: &[usize; 32],
    cell: impl Fn(u32, &mut dyn Write) -> fmt::Result,
) -> fmt::Result {
    padded(w, prefix_w, prefix)?;
    w.write_str(" |")?;
    for l in 0..LANES {
        w.write_char(' ')?;
        // The last cell is not padded: no trailing spaces.
        let pad = if l + 1 == LANES {
            0
        } else {
            widths[l as usize]
        };
        padded(w, pad, |o| cell(l, o))?;
    }
    w.write_char('\n')
}

/// The header row: `lane` and the lane numbers over their columns.
fn lane_header<W: Write>(
    w: &mut W,
    prefix: &str,
    prefix_w: usize,
    widths: &[usize; 32],
) -> fmt::Result {
    row(
        w,
        prefix_w,
        |o| o.write_str(prefix),
        widths,
        |l, o| write!(o, "{l}"),
    )
}

const ROUND_PREFIX: &str = "round  shuffle  offers   keeps in";

/// Writes the rounds as a lane table, one row per round, under a header of lane numbers:
///
/// ```text
/// round  shuffle  offers   keeps in | 0    1    2 ...
///     0  idx      by lane  by lane  | 0:0  8:0  16:0 ...
///     1  xor 4    from[1]  to[0]    | 4    5    6 ...
/// ```
///
/// A round's `shuffle` is `xor X` when every lane reads `lane ^ X`, else `idx`. Each lane's
/// cell is `L:S>D`: the lane reads lane `L`, offers its own register `from[S]`, and keeps the
/// value it reads in `to[D]` (`>-`: keeps nothing). Where every lane offers the same register,
/// `offers` names it and the cells leave out `:S`; where every lane keeps what it reads in the
/// same register, `keeps in` names it and the cells leave out `>D`.
///
/// Writes `no rounds: no value crosses a lane` for a plan without rounds.
///
/// ```
/// use fraglayout::catalog::{SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N};
/// use fraglayout::convert::Plan;
/// use fraglayout::render;
/// let plan = Plan::new(&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T).unwrap();
/// let mut out = String::new();
/// render::rounds(&plan, &mut out).unwrap();
/// assert_eq!(out.lines().count(), 3); // the header and 2 rounds
/// assert!(out.starts_with("round  shuffle  offers   keeps in | 0"));
/// ```
pub fn rounds(plan: &Plan, w: &mut impl Write) -> fmt::Result {
    if plan.rounds() == 0 {
        return writeln!(w, "no rounds: no value crosses a lane");
    }
    let cell = |r: u32, l: u32, o: &mut dyn Write| -> fmt::Result {
        write!(o, "{}", plan.src_lane(r, l))?;
        if plan.send_uniform(r).is_none() {
            write!(o, ":{}", plan.send(r, l))?;
        }
        if plan.recv_uniform(r).is_none() {
            match plan.recv(r, l) {
                Some(d) => write!(o, ">{d}")?,
                None => o.write_str(">-")?,
            }
        }
        Ok(())
    };
    let widths = lane_widths(plan.rounds(), cell);
    let prefix_w = ROUND_PREFIX.len();
    lane_header(w, ROUND_PREFIX, prefix_w, &widths)?;
    for r in 0..plan.rounds() {
        let prefix = |o: &mut dyn Write| -> fmt::Result {
            write!(o, "{r:>5}  ")?;
            match plan.src_xor(r) {
                Some(x) => padded(o, 9, |o| write!(o, "xor {x}"))?,
                None => o.write_str("idx      ")?,
            }
            match plan.send_uniform(r) {
                Some(s) => padded(o, 9, |o| write!(o, "from[{s}]"))?,
                None => o.write_str("by lane  ")?,
            }
            match plan.recv_uniform(r) {
                Some(d) => write!(o, "to[{d}]"),
                None => o.write_str("by lane"),
            }
        };
        row(w, prefix_w, prefix, &widths, |l, o| cell(r, l, o))?;
    }
    Ok(())
}

/// Writes the in-lane moves, the `to[e] = from[s]` each lane does before the rounds: first the
/// elements every lane takes from the same register, one line each, then a lane table of the
/// others, one row per element:
///
/// ```text
/// to[0] = from[0] in every lane
/// element | 0 1 2 ...
/// to[1]   | 1 - 1 ...
/// ```
///
/// A lane table cell is the register `s` the lane takes the element from, or `-` where it
/// arrives in a round.
/// Elements no lane takes locally are left out; `no in-lane moves: every value arrives in a
/// round` when none is taken locally at all, and `to[e] = from[e] for every e in every lane:
/// nothing moves` for the identity.
///
/// ```
/// use fraglayout::catalog::SM80_16x8x16_F32_C;
/// use fraglayout::convert::{examples::VEC4_16x8_ROW, Plan};
/// use fraglayout::render;
/// let plan = Plan::new(&SM80_16x8x16_F32_C, &VEC4_16x8_ROW).unwrap();
/// let mut out = String::new();
/// render::in_lane(&plan, &mut out).unwrap();
/// // Lane 0 keeps its (0, 0) and (0, 1) as elements 0 and 1; lane 1 (row 0, cols 4 to 7)
/// // takes them from lane 2: the choice depends on the lane.
/// assert!(out.starts_with("element | 0 1 "));
/// assert!(out.contains("\nto[0]   | 0 - "));
/// ```
pub fn in_lane(plan: &Plan, w: &mut impl Write) -> fmt::Result {
    let n = plan.elements();
    let taken = |e: u32| (0..LANES).any(|l| plan.local_source(e, l).is_some());
    if !(0..n).any(taken) {
        return writeln!(w, "no in-lane moves: every value arrives in a round");
    }
    if (0..n).all(|e| plan.local_uniform(e) == Some(e)) {
        return writeln!(
            w,
            "to[e] = from[e] for every e in every lane: nothing moves"
        );
    }
    let varied = |e: u32| taken(e) && plan.local_uniform(e).is_none();
    let cell = |e: u32, l: u32, o: &mut dyn Write| -> fmt::Result {
        match plan.local_source(e, l) {
            Some(s) => write!(o, "{s}"),
            None => o.write_str("-"),
        }
    };
    // Widths over the rows drawn as lane tables only.
    let mut widths = [0usize; 32];
    for (l, wl) in widths.iter_mut().enumerate() {
        *wl = digits(l as u64);
        for e in (0..n).filter(|&e| varied(e)) {
            *wl = (*wl).max(width(|c| cell(e, l as u32, c)));
        }
    }
    for e in 0..n {
        if let Some(s) = plan.local_uniform(e) {
            writeln!(w, "to[{e}] = from[{s}] in every lane")?;
        }
    }
    if !(0..n).any(varied) {
        return Ok(());
    }
    let prefix_w = width(|c| write!(c, "to[{}]", n.saturating_sub(1))).max("element".len());
    lane_header(w, "element", prefix_w, &widths)?;
    for e in (0..n).filter(|&e| varied(e)) {
        row(
            w,
            prefix_w,
            |o| write!(o, "to[{e}]"),
            &widths,
            |l, o| cell(e, l, o),
        )?;
    }
    Ok(())
}
