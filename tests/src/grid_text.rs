//! The text grid of `layout_core::render::grid` read back, and what a brute-force claim map
//! says it must show: [`GridText::parse`] splits the text, [`verify`] compares every drawn
//! cell and every list with the brute-force answer, and checks the drawing's bounds.
//!
//! The brute force claims every `(thread, e)` pair one by one (no kept parts, no bitmaps, no
//! bands): it shares nothing with the renderer but the numeral's own `raw_offset`.

use std::collections::BTreeMap;

use layout_core::render::{GRID_BYTES, GRID_CELLS, GRID_COLS, LISTED, LISTED_CLAIMANTS};
use layout_core::Numeral;

/// `(thread, e)`.
pub type Claim = (u32, u32);

/// Every claimant of every offset (in the tile or not), each list in `(thread, e)` order, and
/// the claims whose offset overflows. Runs over every pair: for small tiles and tests. A
/// thread whose broadcast digits (lane or warp digits at place 0) are not all 0 is a declared
/// copy of another, and claims nothing.
pub struct Claims {
    pub by_offset: BTreeMap<u64, Vec<Claim>>,
    pub overflow: Vec<Claim>,
}

impl Claims {
    pub fn of(n: &Numeral) -> Claims {
        let mut c = Claims {
            by_offset: BTreeMap::new(),
            overflow: Vec::new(),
        };
        let copy = |t: u32| {
            n.digits.iter().any(|d| {
                let input = match d.source {
                    layout_core::Source::Lane => t % 32,
                    layout_core::Source::Warp => t / 32,
                    layout_core::Source::Element => return false,
                };
                d.place == 0 && d.divisor != 0 && d.range != 0 && input / d.divisor % d.range != 0
            })
        };
        for t in (0..n.threads()).filter(|&t| !copy(t)) {
            for e in 0..n.elements {
                match n.raw_offset(t, e) {
                    Some(off) => c.by_offset.entry(off).or_default().push((t, e)),
                    None => c.overflow.push((t, e)),
                }
            }
        }
        c
    }

    /// The claimants of offset `off`.
    pub fn at(&self, off: u64) -> &[Claim] {
        self.by_offset.get(&off).map_or(&[], Vec::as_slice)
    }
}

/// A grid's text in parts.
#[derive(Debug, Default)]
pub struct GridText {
    /// The lines before the `r\c` header (name, shape, errors).
    pub head: Vec<String>,
    /// The drawn rows: `cells[r][c]`.
    pub cells: Vec<Vec<String>>,
    /// The drawn rows' lines, as written.
    pub row_lines: Vec<String>,
    /// The line saying what is left out, where the drawing is partial.
    pub left_out: Option<String>,
    /// The lines after the rows (and after `left_out`): legend and lists.
    pub tail: Vec<String>,
}

impl GridText {
    pub fn parse(text: &str) -> GridText {
        let mut g = GridText::default();
        let mut lines = text.lines().peekable();
        while let Some(l) = lines.next_if(|l| !l.starts_with("r\\c")) {
            g.head.push(l.to_string());
        }
        if lines.next().is_none() {
            return g;
        }
        while let Some(l) = lines.next_if(|l| {
            let mut t = l.split_whitespace();
            t.next().and_then(|r| r.parse::<usize>().ok()) == Some(g.cells.len())
        }) {
            g.cells
                .push(l.split_whitespace().skip(1).map(String::from).collect());
            g.row_lines.push(l.to_string());
        }
        g.left_out = lines
            .next_if(|l| l.starts_with('(') && l.contains(" not drawn: "))
            .map(String::from);
        g.tail = lines.map(String::from).collect();
        g
    }
}

/// The text of a cell with these claimants: `--`, `T3:1`, `T3:1!T7:0`, `T3:1!T7:0+2`.
pub fn cell_text(claims: &[Claim]) -> String {
    match claims {
        [] => "--".into(),
        [(t, e)] => format!("T{t}:{e}"),
        [(t, e), (u, f)] => format!("T{t}:{e}!T{u}:{f}"),
        [(t, e), (u, f), rest @ ..] => format!("T{t}:{e}!T{u}:{f}+{}", rest.len()),
    }
}

/// The text of a cell of a numeral passing the check with broadcast digits, from every pair
/// holding it: `T0-3:0` (a run of threads), `T0,2:0` (two), `T0+3:0` (the first and how many
/// more).
pub fn holders_text(n: &Numeral, off: u64) -> String {
    let mut held: Vec<Claim> = (0..n.threads())
        .flat_map(|t| (0..n.elements).map(move |e| (t, e)))
        .filter(|&(t, e)| n.raw_offset(t, e) == Some(off))
        .collect();
    held.sort();
    let ((a, e), (b, _)) = (held[0], held[held.len() - 1]);
    if (b - a + 1) as usize == held.len() {
        format!("T{a}-{b}:{e}")
    } else if held.len() == 2 {
        format!("T{a},{b}:{e}")
    } else {
        format!("T{a}+{}:{e}", held.len() - 1)
    }
}

/// The legend and lists a grid of a numeral failing the check must end with.
pub fn expected_tail(n: &Numeral, c: &Claims) -> Vec<String> {
    let size = n.size();
    let cols = n.cols as u64;
    let mut out =
        vec!["legend: A!B = claimed by A and by B (+k: and k more), -- = claimed by nobody".into()];
    let collided: Vec<(u64, &Vec<Claim>)> = c
        .by_offset
        .range(..size)
        .filter(|(_, v)| v.len() > 1)
        .map(|(o, v)| (*o, v))
        .collect();
    if !collided.is_empty() {
        out.push(format!("collisions ({} cells):", collided.len()));
        for (off, v) in collided.iter().take(LISTED) {
            let shown: Vec<String> = v
                .iter()
                .take(LISTED_CLAIMANTS)
                .map(|(t, e)| format!("T{t}:{e}"))
                .collect();
            let mut line = format!("  ({}, {}): {}", off / cols, off % cols, shown.join(", "));
            if v.len() > LISTED_CLAIMANTS {
                line += &format!(" and {} more", v.len() - LISTED_CLAIMANTS);
            }
            out.push(line);
        }
        if collided.len() > LISTED {
            out.push(format!("  and {} more cells", collided.len() - LISTED));
        }
    }
    let unclaimed: Vec<u64> = (0..size).filter(|o| c.at(*o).is_empty()).collect();
    if !unclaimed.is_empty() {
        out.push(format!("unclaimed ({} cells):", unclaimed.len()));
        let mut rows: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
        for o in &unclaimed {
            rows.entry(o / cols).or_default().push(o % cols);
        }
        for (r, cs) in rows.iter().take(LISTED) {
            let shown: Vec<String> = cs.iter().take(32).map(u64::to_string).collect();
            let mut line = format!("  row {r}: col {}", shown.join(" "));
            if cs.len() > 32 {
                line += &format!(" and {} more", cs.len() - 32);
            }
            out.push(line);
        }
        if rows.len() > LISTED {
            out.push(format!("  and {} more rows", rows.len() - LISTED));
        }
    }
    let mut outside: Vec<(Claim, Option<u64>)> = c
        .by_offset
        .range(size..)
        .flat_map(|(o, v)| v.iter().map(move |cl| (*cl, Some(*o))))
        .chain(c.overflow.iter().map(|cl| (*cl, None)))
        .collect();
    outside.sort();
    if !outside.is_empty() {
        out.push(format!("outside the tile ({} claims):", outside.len()));
        for ((t, e), raw) in outside.iter().take(LISTED) {
            out.push(match raw {
                Some(o) => format!(
                    "  T{t}:{e} -> offset {o} (row {}, col {})",
                    o / cols,
                    o % cols
                ),
                None => format!("  T{t}:{e} -> offset overflows"),
            });
        }
        if outside.len() > LISTED {
            out.push(format!("  and {} more claims", outside.len() - LISTED));
        }
    }
    out
}

/// Checks `text`, the grid of `n`, against brute force: each drawn cell names its claimants,
/// the window is as large as the bounds allow, what is left out is said, and (for a numeral
/// failing the check) the lists are the brute-force ones. `Err` says what differs.
pub fn verify(n: &Numeral, text: &str) -> Result<(), String> {
    let c = Claims::of(n);
    let g = GridText::parse(text);
    let name = n.name;
    if g.cells.is_empty() {
        return Err(format!("{name}: no rows drawn:\n{text}"));
    }
    let cols = n.cols.min(GRID_COLS);
    let max_rows = n.rows.min(GRID_CELLS / cols) as usize;
    let rows = g.cells.len();
    if rows > max_rows {
        return Err(format!("{name}: {rows} rows drawn, at most {max_rows}"));
    }
    let bytes: usize = g.row_lines.iter().map(|l| l.len() + 1).sum();
    if rows > 1 && bytes > GRID_BYTES {
        return Err(format!("{name}: {bytes} bytes of rows, over {GRID_BYTES}"));
    }
    let line = g.row_lines[0].len() + 1;
    if rows < max_rows && bytes + line <= GRID_BYTES {
        return Err(format!("{name}: {rows} rows drawn, but one more would fit"));
    }
    let exact_broadcast = n.check().is_ok() && n.copies() > 1;
    for (r, line) in g.cells.iter().enumerate() {
        if line.len() != cols as usize {
            return Err(format!(
                "{name}: row {r} has {} cells, not {cols}",
                line.len()
            ));
        }
        for (col, cell) in line.iter().enumerate() {
            let off = r as u64 * n.cols as u64 + col as u64;
            let want = if exact_broadcast {
                holders_text(n, off)
            } else {
                cell_text(c.at(off))
            };
            if *cell != want {
                return Err(format!("{name}: cell ({r}, {col}) is {cell}, not {want}"));
            }
        }
    }
    let whole = rows as u32 == n.rows && cols == n.cols;
    if whole != g.left_out.is_none() {
        return Err(format!(
            "{name}: {rows} x {cols} of {} x {} drawn, left-out line {:?}",
            n.rows, n.cols, g.left_out
        ));
    }
    if let Some(l) = &g.left_out {
        let mut want = Vec::new();
        if rows < n.rows as usize {
            want.push(format!("rows {rows} to {}", n.rows - 1));
        }
        if cols < n.cols {
            want.push(format!("cols {cols} to {}", n.cols - 1));
        }
        let want = format!("({} not drawn: ", want.join(" and "));
        if !l.starts_with(&want) {
            return Err(format!("{name}: left-out line {l:?}, want {want:?}..."));
        }
    }
    let tail = if n.is_bijection() {
        Vec::new()
    } else {
        expected_tail(n, &c)
    };
    if g.tail != tail {
        return Err(format!(
            "{name}: lists differ\n got: {:#?}\nwant: {tail:#?}",
            g.tail
        ));
    }
    Ok(())
}
