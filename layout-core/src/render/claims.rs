//! Who claims which tile element, for a numeral failing the check: every `(thread, e)` pair
//! visited once per pass, in fixed memory, at the cost of one addition per pair.
//!
//! A pair's offset is the sum of three parts, one per input: the lane digits' sum (32 values),
//! the warp digits' (`warps` values) and the element digits' (`elements` values). The lane
//! parts and the parts of the smaller of warps and elements are computed once and kept; the
//! larger input's parts are computed as a pass reaches them. With at most
//! [`MAX_CLAIMS`](super::MAX_CLAIMS) = 2^20 pairs, the smaller input has at most
//! `sqrt(2^20 / 32)` = 181 values, so [`KEPT`] entries hold it.

use super::least::{Claim, Least};
use super::limits::{LISTED, MAX_CELLS};
use crate::{Numeral, Source, LANES};

/// Room for the parts of the smaller of warps and elements.
pub(crate) const KEPT: usize = 256;

/// Whether input value `v` of `source` has every broadcast digit 0: only such threads (the
/// representatives [`Numeral::decode`] returns) claim, so the copies broadcast digits declare
/// are not collisions, and a collision is a duplicate not declared.
fn representative(n: &Numeral, source: Source, v: u32) -> bool {
    n.digits
        .iter()
        .all(|d| !(d.is_broadcast() && d.source == source) || d.value_of(v) == 0)
}

/// The digit sum of the digits reading `source`, for input value `v`; `None` on overflow.
/// All terms are non-negative, so the three parts' sum overflows exactly when
/// [`Numeral::raw_offset`] does.
fn part(n: &Numeral, source: Source, v: u32) -> Option<u64> {
    let mut sum: u64 = 0;
    for d in n.digits {
        if d.source == source {
            sum = sum.checked_add(d.value_of(v) as u64 * d.place as u64)?;
        }
    }
    Some(sum)
}

/// The kept parts of a numeral, and which input the pass walks.
pub(crate) struct Parts {
    lanes: [Option<u64>; LANES as usize],
    /// Whether each lane is a representative (its broadcast digits 0).
    lane_rep: [bool; LANES as usize],
    /// Whether a warp digit broadcasts (then each warp is asked whether it represents).
    warp_broadcast: bool,
    kept: [Option<u64>; KEPT],
    /// The input whose parts are kept: [`Source::Warp`] or [`Source::Element`].
    kept_source: Source,
    kept_len: u32,
    /// How many values the other input (the one walked) takes.
    walked_len: u32,
}

impl Parts {
    /// The parts of `n`, which must have at most [`MAX_CLAIMS`](super::MAX_CLAIMS) pairs.
    pub fn new(n: &Numeral) -> Parts {
        let (kept_source, kept_len, walked_len) = if n.warps <= n.elements {
            (Source::Warp, n.warps, n.elements)
        } else {
            (Source::Element, n.elements, n.warps)
        };
        debug_assert!(kept_len as usize <= KEPT || walked_len == 0);
        let kept_len = kept_len.min(KEPT as u32);
        let mut p = Parts {
            lanes: [None; LANES as usize],
            lane_rep: [true; LANES as usize],
            warp_broadcast: n
                .digits
                .iter()
                .any(|d| d.is_broadcast() && d.source == Source::Warp),
            kept: [None; KEPT],
            kept_source,
            kept_len,
            walked_len,
        };
        for lane in 0..LANES {
            p.lanes[lane as usize] = part(n, Source::Lane, lane);
            p.lane_rep[lane as usize] = representative(n, Source::Lane, lane);
        }
        for v in 0..kept_len {
            p.kept[v as usize] = part(n, kept_source, v);
        }
        p
    }

    /// Calls `visit((thread, e), raw offset)` for every pair, `None` where the offset
    /// overflows. The order is not `(thread, e)` order: callers keep what they need with
    /// [`Least`].
    pub fn scan(&self, n: &Numeral, mut visit: impl FnMut(Claim, Option<u64>)) {
        if self.kept_len == 0 {
            return;
        }
        let walked_source = match self.kept_source {
            Source::Warp => Source::Element,
            _ => Source::Warp,
        };
        for o in 0..self.walked_len {
            let po = part(n, walked_source, o);
            for k in 0..self.kept_len {
                let base = match (po, self.kept[k as usize]) {
                    (Some(a), Some(b)) => a.checked_add(b),
                    _ => None,
                };
                let (warp, e) = match self.kept_source {
                    Source::Warp => (k, o),
                    _ => (o, k),
                };
                if self.warp_broadcast && !representative(n, Source::Warp, warp) {
                    continue;
                }
                for lane in 0..LANES {
                    if !self.lane_rep[lane as usize] {
                        continue;
                    }
                    let raw = match (base, self.lanes[lane as usize]) {
                        (Some(a), Some(b)) => a.checked_add(b),
                        _ => None,
                    };
                    visit((warp * LANES + lane, e), raw);
                }
            }
        }
    }
}

/// 64 tile elements per word.
const WORDS: usize = (MAX_CELLS / 64) as usize;

/// One pass's findings: which elements are claimed once and which twice or more, and the
/// claims outside the tile.
pub(crate) struct Map {
    once: [u64; WORDS],
    twice: [u64; WORDS],
    /// Elements claimed twice or more.
    pub collided: u64,
    /// Elements nobody claims.
    pub unclaimed: u64,
    /// The first claims outside the tile, in `(thread, e)` order, and how many there are.
    pub outside: Least<{ LISTED }>,
}

impl Map {
    /// Claims every pair of `n` (at most [`MAX_CELLS`] elements) on the tile.
    pub fn new(n: &Numeral, parts: &Parts) -> Map {
        let mut m = Map {
            once: [0; WORDS],
            twice: [0; WORDS],
            collided: 0,
            unclaimed: 0,
            outside: Least::new(),
        };
        let size = n.size();
        parts.scan(n, |claim, raw| match raw {
            Some(off) if off < size => {
                let (w, bit) = ((off / 64) as usize, 1u64 << (off % 64));
                if m.once[w] & bit != 0 {
                    m.twice[w] |= bit;
                } else {
                    m.once[w] |= bit;
                }
            }
            _ => m.outside.offer(claim),
        });
        let words = size.div_ceil(64) as usize;
        let once: u64 = m.once[..words].iter().map(|w| w.count_ones() as u64).sum();
        m.unclaimed = size - once;
        m.collided = m.twice[..words].iter().map(|w| w.count_ones() as u64).sum();
        m
    }

    /// Whether `off` (in the tile) is claimed at all.
    pub fn claimed(&self, off: u32) -> bool {
        self.once[off as usize / 64] & (1 << (off % 64)) != 0
    }

    /// Whether `off` (in the tile) is claimed twice or more.
    pub fn collided_at(&self, off: u32) -> bool {
        self.twice[off as usize / 64] & (1 << (off % 64)) != 0
    }
}
