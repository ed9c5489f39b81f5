//! Cross-lane moves grouped by (source register, destination register), and the greedy packing
//! of whole groups into rounds.
//!
//! A group `(s, d)` is every move that reads register `s` of its sending lane and fills
//! register `d` of its receiving lane. It is a matching: a receiving lane fills `d` once, and a
//! sending lane's register `s` holds one value, which `to` (a bijection) wants in one place.
//! So a group is one shuffle with the same register offered by every sender and the same
//! register filled by every receiver: no lane-dependent choice at all. Groups whose senders and
//! receivers are disjoint can share a round.

use super::coloring::Colouring;
use super::plan::MAX_PLAN_ELEMENTS;
use super::route::Routes;
use crate::LANES;

const L: usize = LANES as usize;

/// The most cross-lane moves a warp can need: every lane fills every register from elsewhere.
pub(crate) const MAX_MOVES: usize = MAX_PLAN_ELEMENTS * LANES as usize;

/// The groups of a routing, largest first.
pub(crate) struct Groups {
    /// Groups found.
    pub(crate) len: usize,
    /// `send_reg[g]`: the register every sender of group `g` offers.
    pub(crate) send_reg: [u8; MAX_MOVES],
    /// `recv_reg[g]`: the register every receiver of group `g` fills.
    pub(crate) recv_reg: [u8; MAX_MOVES],
    /// `senders[g]`: the sending lanes, one bit each.
    pub(crate) senders: [u32; MAX_MOVES],
    /// `receivers[g]`: the receiving lanes, one bit each.
    pub(crate) receivers: [u32; MAX_MOVES],
    /// Group indices, largest group first (ties: in the order found, by destination register
    /// and then by lane).
    pub(crate) order: [u16; MAX_MOVES],
}

impl Groups {
    /// The groups of warp 0's cross-lane moves.
    pub(crate) const fn of(r: &Routes) -> Groups {
        let mut g = Groups {
            len: 0,
            send_reg: [0; MAX_MOVES],
            recv_reg: [0; MAX_MOVES],
            senders: [0; MAX_MOVES],
            receivers: [0; MAX_MOVES],
            order: [0; MAX_MOVES],
        };
        let mut d = 0;
        while d < r.elements {
            // The group of (s, d) for each source register s, once it exists.
            let mut slot = [u16::MAX; MAX_PLAN_ELEMENTS];
            let mut l = 0;
            while l < LANES as usize {
                if r.crosses(d, l) {
                    let s = r.reg[d][l] as usize;
                    if slot[s] == u16::MAX {
                        slot[s] = g.len as u16;
                        g.send_reg[g.len] = s as u8;
                        g.recv_reg[g.len] = d as u8;
                        g.len += 1;
                    }
                    let k = slot[s] as usize;
                    g.senders[k] |= 1 << r.lane[d][l];
                    g.receivers[k] |= 1 << l;
                }
                l += 1;
            }
            d += 1;
        }
        g.sort();
        g
    }

    /// Fills `order`, largest group first, stable (a counting sort on the size, 1..=32).
    const fn sort(&mut self) {
        let mut start = [0usize; LANES as usize + 2];
        let mut k = 0;
        while k < self.len {
            // Size `n` is bucket `32 - n`: the largest first.
            start[LANES as usize - self.size(k) as usize + 1] += 1;
            k += 1;
        }
        let mut b = 1;
        while b < start.len() {
            start[b] += start[b - 1];
            b += 1;
        }
        let mut k = 0;
        while k < self.len {
            let bucket = LANES as usize - self.size(k) as usize;
            self.order[start[bucket]] = k as u16;
            start[bucket] += 1;
            k += 1;
        }
    }

    /// Moves in group `k`.
    pub(crate) const fn size(&self, k: usize) -> u32 {
        self.receivers[k].count_ones()
    }

    /// Whole groups packed into at most `bound` rounds, or `None` when the greedy packing
    /// needs more.
    ///
    /// Each group, largest first, joins a round whose senders and receivers are disjoint from
    /// its own: one that already offers its register `s` and fills its register `d` (no new
    /// lane-dependent choice); else a new round, while fewer than `bound` are open; else the
    /// open round adding the fewest new registers (the lowest such round on ties).
    pub(crate) const fn pack(&self, bound: u32) -> Option<Colouring> {
        // Per lane, the rounds in which it sends, and receives; per register, the rounds that
        // offer it, and fill it; one bit per round.
        let mut sending = [0u128; L];
        let mut receiving = [0u128; L];
        let mut offering = [0u128; MAX_PLAN_ELEMENTS];
        let mut filling = [0u128; MAX_PLAN_ELEMENTS];
        let mut open: u32 = 0;
        let mut out = Colouring::empty();
        let mut i = 0;
        while i < self.len {
            let k = self.order[i] as usize;
            let (s, d) = (self.send_reg[k] as usize, self.recv_reg[k] as usize);
            let mut busy: u128 = 0;
            let mut lanes = self.senders[k];
            while lanes != 0 {
                busy |= sending[lanes.trailing_zeros() as usize];
                lanes &= lanes - 1;
            }
            let mut lanes = self.receivers[k];
            while lanes != 0 {
                busy |= receiving[lanes.trailing_zeros() as usize];
                lanes &= lanes - 1;
            }
            let fits = rounds_below(open) & !busy;
            let free = fits & offering[s] & filling[d];
            let half = fits & (offering[s] | filling[d]);
            let chosen = if free != 0 {
                free.trailing_zeros()
            } else if open < bound {
                open += 1;
                open - 1
            } else if half != 0 {
                half.trailing_zeros()
            } else if fits != 0 {
                fits.trailing_zeros()
            } else {
                return None;
            };
            let bit = 1u128 << chosen;
            offering[s] |= bit;
            filling[d] |= bit;
            let mut lanes = self.senders[k];
            while lanes != 0 {
                sending[lanes.trailing_zeros() as usize] |= bit;
                lanes &= lanes - 1;
            }
            let mut lanes = self.receivers[k];
            while lanes != 0 {
                let l = lanes.trailing_zeros() as usize;
                receiving[l] |= bit;
                out.round[d][l] = chosen as u8;
                lanes &= lanes - 1;
            }
            i += 1;
        }
        out.rounds = open;
        Some(out)
    }
}

/// Rounds `0..n`, one bit each (`n` at most 128).
pub(crate) const fn rounds_below(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}
