//! Cross-lane moves grouped by (source register, destination register), and the greedy packing
//! of whole groups into rounds.
//!
//! A group `(s, d)` is every move that reads register `s` of its sending lane and fills
//! register `d` of its receiving lane. It is a matching: a receiving lane fills `d` once, and a
//! sending lane's register `s` holds one value, which `to` (a bijection) wants in one place.
//! So a group is one shuffle with the same register offered by every sender and the same
//! register filled by every receiver: no lane-dependent choice at all. Groups whose senders and
//! receivers are disjoint can share a round.

use super::rounds::Colouring;
use super::route::Routes;
use super::sizes::MAX_PLAN_ELEMENTS;
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

    /// Whole groups packed into at most `bound` rounds, the packing with the fewest selects
    /// of those [`pack_with`](Self::pack_with) finds at each threshold; `None` when none fits.
    pub(crate) const fn pack(&self, bound: u32) -> Option<Colouring> {
        let mut best: Option<Packing> = None;
        let mut threshold = 0;
        while threshold <= 2 {
            if let Some(p) = self.pack_with(bound, threshold) {
                let better = match &best {
                    Some(b) => p.selects < b.selects,
                    None => true,
                };
                if better {
                    best = Some(p);
                }
            }
            threshold += 1;
        }
        match best {
            Some(p) => Some(p.colouring),
            None => None,
        }
    }

    /// Whole groups packed greedily into at most `bound` rounds, or `None` when this greedy
    /// packing needs more.
    ///
    /// Each group, largest first, goes to a round whose senders and receivers are disjoint from
    /// its own. Joining a round costs the registers it adds to the round's offered and filled
    /// ones (0, 1 or 2 selects); the group joins the cheapest round if that costs at most
    /// `threshold`, else opens a new round while fewer than `bound` are open, else joins the
    /// cheapest round that fits (the lowest round on ties).
    const fn pack_with(&self, bound: u32, threshold: u32) -> Option<Packing> {
        let mut rounds = Rounds::empty();
        let mut out = Colouring::empty();
        let mut i = 0;
        while i < self.len {
            let k = self.order[i] as usize;
            let Some(chosen) = rounds.choose(self, k, bound, threshold) else {
                return None;
            };
            rounds.join(self, k, chosen, &mut out);
            i += 1;
        }
        out.rounds = rounds.open;
        Some(Packing {
            colouring: out,
            selects: rounds.selects(),
        })
    }
}

/// The rounds of a packing under way. Per lane, the rounds in which it sends, and receives;
/// per register, the rounds that offer it, and fill it; one bit per round. Per round, the
/// registers offered and filled and the lanes receiving.
struct Rounds {
    sending: [u128; L],
    receiving: [u128; L],
    offering: [u128; MAX_PLAN_ELEMENTS],
    filling: [u128; MAX_PLAN_ELEMENTS],
    offered: [u32; MAX_PLAN_ELEMENTS],
    filled: [u32; MAX_PLAN_ELEMENTS],
    receivers: [u32; MAX_PLAN_ELEMENTS],
    /// Rounds open: `0..open`.
    open: u32,
}

impl Rounds {
    /// No round open.
    const fn empty() -> Rounds {
        Rounds {
            sending: [0; L],
            receiving: [0; L],
            offering: [0; MAX_PLAN_ELEMENTS],
            filling: [0; MAX_PLAN_ELEMENTS],
            offered: [0; MAX_PLAN_ELEMENTS],
            filled: [0; MAX_PLAN_ELEMENTS],
            receivers: [0; MAX_PLAN_ELEMENTS],
            open: 0,
        }
    }

    /// The round group `k` of `g` joins, as [`Groups::pack_with`] chooses it, opening a new
    /// one where that is the choice; `None` when none fits and `bound` are open.
    const fn choose(&mut self, g: &Groups, k: usize, bound: u32, threshold: u32) -> Option<u32> {
        let (s, d) = (g.send_reg[k] as usize, g.recv_reg[k] as usize);
        let fits = rounds_below(self.open) & !self.busy(g, k);
        match self.cheapest(fits, s, d) {
            Some((round, cost)) if cost <= threshold => Some(round),
            _ if self.open < bound => {
                self.open += 1;
                Some(self.open - 1)
            }
            Some((round, _)) => Some(round),
            None => None,
        }
    }

    /// The rounds in which a sender of group `k` of `g` sends or a receiver receives.
    const fn busy(&self, g: &Groups, k: usize) -> u128 {
        let mut busy: u128 = 0;
        let mut lanes = g.senders[k];
        while lanes != 0 {
            busy |= self.sending[lanes.trailing_zeros() as usize];
            lanes &= lanes - 1;
        }
        let mut lanes = g.receivers[k];
        while lanes != 0 {
            busy |= self.receiving[lanes.trailing_zeros() as usize];
            lanes &= lanes - 1;
        }
        busy
    }

    /// Of the rounds `fits`, the lowest of the cheapest for a group offering register `s` and
    /// filling `d`, and its cost: 0 (both registers there), 1 (one) or 2; `None` when none
    /// fits.
    const fn cheapest(&self, fits: u128, s: usize, d: usize) -> Option<(u32, u32)> {
        let free = fits & self.offering[s] & self.filling[d];
        let half = fits & (self.offering[s] | self.filling[d]);
        if free != 0 {
            Some((free.trailing_zeros(), 0))
        } else if half != 0 {
            Some((half.trailing_zeros(), 1))
        } else if fits != 0 {
            Some((fits.trailing_zeros(), 2))
        } else {
            None
        }
    }

    /// Group `k` of `g` joins round `chosen`: its registers and lanes are marked there, and its
    /// receivers' destination register takes that round in `out`.
    const fn join(&mut self, g: &Groups, k: usize, chosen: u32, out: &mut Colouring) {
        let (s, d) = (g.send_reg[k] as usize, g.recv_reg[k] as usize);
        let bit = 1u128 << chosen;
        let r = chosen as usize;
        if self.offering[s] & bit == 0 {
            self.offered[r] += 1;
        }
        if self.filling[d] & bit == 0 {
            self.filled[r] += 1;
        }
        self.offering[s] |= bit;
        self.filling[d] |= bit;
        self.receivers[r] |= g.receivers[k];
        let mut lanes = g.senders[k];
        while lanes != 0 {
            self.sending[lanes.trailing_zeros() as usize] |= bit;
            lanes &= lanes - 1;
        }
        let mut lanes = g.receivers[k];
        while lanes != 0 {
            let l = lanes.trailing_zeros() as usize;
            self.receiving[l] |= bit;
            out.round[d][l] = chosen as u8;
            lanes &= lanes - 1;
        }
    }

    /// The selects of the open rounds, as `Plan::selects` counts them.
    const fn selects(&self) -> u32 {
        let mut selects = 0;
        let mut r = 0;
        while r < self.open as usize {
            selects += self.offered[r] - 1;
            if self.receivers[r] != u32::MAX || self.filled[r] != 1 {
                selects += self.filled[r];
            }
            r += 1;
        }
        selects
    }
}

/// A packing and the selects its rounds cost.
struct Packing {
    colouring: Colouring,
    selects: u32,
}

/// Rounds `0..n`, one bit each (`n` at most 128).
pub(crate) const fn rounds_below(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}
