//! Words the renderers share about a numeral: its shape, the holders of a cell, its broadcast
//! digits, and where a claim outside the tile lands.

use super::tile::Tile;
use crate::Numeral;
use core::fmt;

/// Writes `name: R x C tile, T threads x E elements` (with `(W warps)` for a warpgroup).
pub(crate) fn shape(n: &Numeral, w: &mut impl fmt::Write) -> fmt::Result {
    write!(w, "{} x {} tile, {} threads", n.rows, n.cols, n.threads())?;
    if n.warps != 1 {
        write!(w, " ({} warps)", n.warps)?;
    }
    let plural = if n.elements == 1 { "" } else { "s" };
    write!(w, " x {} element{plural}", n.elements)
}

/// The threads holding what thread `t` holds, `t` a representative (its broadcast digits 0, as
/// [`Numeral::decode`] returns it), written `T5`; under broadcast digits `T0-3` (a run of
/// threads), `T0,2` (two threads) or `T0+3` (thread 0 and 3 more).
#[derive(Clone, Copy)]
pub(crate) struct Holders {
    first: u32,
    /// The last holder: every broadcast digit at its top value.
    last: u64,
    copies: u64,
}

impl Holders {
    /// The holders of what `t` holds in the drawn `tile`: for a numeral failing the check, `t`
    /// alone (its broadcast digits may not be sound; [`Tile::each_cell`] offers only
    /// representatives, so its copies are not collisions either).
    pub fn of(tile: &Tile, t: u32) -> Holders {
        let n = tile.n;
        if !tile.exact {
            return Holders {
                first: t,
                last: t as u64,
                copies: 1,
            };
        }
        let mut last = t as u64;
        for d in n.digits.iter().filter(|d| d.is_broadcast()) {
            let step = match d.source {
                crate::Source::Warp => d.divisor as u64 * crate::LANES as u64,
                _ => d.divisor as u64,
            };
            last += step * (d.range as u64).saturating_sub(1);
        }
        Holders {
            first: t,
            last,
            copies: n.copies(),
        }
    }
}

impl fmt::Display for Holders {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Holders {
            first,
            last,
            copies,
        } = *self;
        if copies <= 1 {
            write!(f, "T{first}")
        } else if last - first as u64 + 1 == copies {
            write!(f, "T{first}-{last}")
        } else if copies == 2 {
            write!(f, "T{first},{last}")
        } else {
            write!(f, "T{first}+{}", copies - 1)
        }
    }
}

/// For a numeral with broadcast digits, the line saying so and how cells name their holders:
/// `` broadcast: `lane / 2 % 2`, each element held by 2 threads (Ta-b: threads a to b; ...) ``.
pub(crate) fn broadcast_line(n: &Numeral, w: &mut impl fmt::Write) -> fmt::Result {
    if !n.has_broadcast() {
        return Ok(());
    }
    w.write_str("broadcast:")?;
    for (k, d) in n.digits.iter().filter(|d| d.is_broadcast()).enumerate() {
        let mut m = crate::Message::new();
        m.push_digit(d, n.extent(d.source));
        write!(w, "{} `{m}`", if k == 0 { "" } else { "," })?;
    }
    writeln!(
        w,
        ", each element held by {} threads (Ta-b: threads a to b; Ta,b: threads a and b; \
         Ta+k: thread a and k more)",
        n.copies()
    )
}

/// Where a claim outside the tile lands: `offset N (row R, col C)`, or that its offset overflows.
pub(crate) fn outside_offset(
    n: &Numeral,
    raw: Option<u64>,
    w: &mut impl fmt::Write,
) -> fmt::Result {
    match raw {
        Some(off) => write!(
            w,
            "offset {off} (row {}, col {})",
            off / n.cols as u64,
            off % n.cols as u64
        ),
        None => w.write_str("offset overflows"),
    }
}
