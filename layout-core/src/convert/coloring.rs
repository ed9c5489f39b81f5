//! Rounds as the colours of a bipartite edge colouring (König's theorem): every cross-lane move
//! is an edge from its sending lane to its receiving lane, a round is a colour, and a proper
//! colouring (no two edges of one colour at a lane) with as many colours as the largest degree
//! always exists. This finds one by alternating-path recolouring, the fallback when whole
//! groups do not pack into that many rounds ([`Groups::pack`]).
//!
//! Edges are coloured one at a time, group by group, largest first. A group takes a colour free
//! at all its lanes where there is one (it stays whole); otherwise each edge `u -> v` takes a
//! colour free at both ends, its group's colour where it can, else one whose round already
//! offers its source register and fills its destination register. When no
//! colour is free at both, take `a` free at `u` and `b` free at `v`; the path from `v` along
//! edges coloured `a`, `b`, `a`, ... alternately never reaches `u`: it reaches senders by `a`
//! edges only, and `u` has none. Swapping `a` and `b` on the path frees `a` at `v` and keeps it
//! free at `u`, so the edge takes `a`.

use super::groups::{rounds_below, Groups};
use super::rounds::Colouring;
use super::route::Routes;
use super::sizes::{MAX_PLAN_ELEMENTS, NONE};
use crate::LANES;

const L: usize = LANES as usize;

/// The colouring being built: who uses which colour at each lane.
struct State {
    out: Colouring,
    /// Colours in use at each sending lane, and at each receiving lane.
    used_send: [u128; L],
    used_recv: [u128; L],
    /// `to_lane[c][u]`: the lane that sender `u`'s edge of colour `c` reaches, or `NONE`.
    to_lane: [[u8; L]; MAX_PLAN_ELEMENTS],
    /// `filled[c][v]`: the register that receiver `v`'s edge of colour `c` fills, or `NONE`.
    filled: [[u8; L]; MAX_PLAN_ELEMENTS],
    /// `offers[s][c]`: the edges of colour `c` reading register `s`; `offering[s]`: the colours
    /// with one or more, one bit each. The same for the registers filled.
    offers: [[u8; MAX_PLAN_ELEMENTS]; MAX_PLAN_ELEMENTS],
    offering: [u128; MAX_PLAN_ELEMENTS],
    fills: [[u8; MAX_PLAN_ELEMENTS]; MAX_PLAN_ELEMENTS],
    filling: [u128; MAX_PLAN_ELEMENTS],
}

impl State {
    /// Colours the edge filling register `d` of lane `v` with `c`.
    const fn assign(&mut self, r: &Routes, c: usize, d: usize, v: usize) {
        let u = r.lane[d][v] as usize;
        self.to_lane[c][u] = v as u8;
        self.filled[c][v] = d as u8;
        self.used_send[u] |= 1 << c;
        self.used_recv[v] |= 1 << c;
        self.out.round[d][v] = c as u8;
        let s = r.reg[d][v] as usize;
        self.offers[s][c] += 1;
        self.offering[s] |= 1 << c;
        self.fills[d][c] += 1;
        self.filling[d] |= 1 << c;
    }

    /// Uncolours the edge filling register `d` of lane `v`.
    const fn unassign(&mut self, r: &Routes, d: usize, v: usize) {
        let c = self.out.round[d][v] as usize;
        let u = r.lane[d][v] as usize;
        self.to_lane[c][u] = NONE;
        self.filled[c][v] = NONE;
        self.used_send[u] &= !(1 << c);
        self.used_recv[v] &= !(1 << c);
        self.out.round[d][v] = NONE;
        let s = r.reg[d][v] as usize;
        self.offers[s][c] -= 1;
        if self.offers[s][c] == 0 {
            self.offering[s] &= !(1 << c);
        }
        self.fills[d][c] -= 1;
        if self.fills[d][c] == 0 {
            self.filling[d] &= !(1 << c);
        }
    }

    /// The colour to take among `free` (not empty) for moves from register `s` into `d`:
    /// `prefer` if free, else one whose rounds already offer `s` and fill `d`, else one that
    /// does either (no new lane-dependent choice, or one fewer), else the lowest.
    const fn choose(&self, free: u128, prefer: usize, s: usize, d: usize) -> usize {
        if prefer < MAX_PLAN_ELEMENTS && (free >> prefer) & 1 == 1 {
            return prefer;
        }
        let both = free & self.offering[s] & self.filling[d];
        let either = free & (self.offering[s] | self.filling[d]);
        let pick = if both != 0 {
            both
        } else if either != 0 {
            either
        } else {
            free
        };
        pick.trailing_zeros() as usize
    }

    /// Colours the edge filling `d` of lane `v`, preferring colour `prefer`; returns the colour.
    const fn add(&mut self, r: &Routes, all: u128, prefer: usize, d: usize, v: usize) -> usize {
        let u = r.lane[d][v] as usize;
        let free_u = all & !self.used_send[u];
        let free_v = all & !self.used_recv[v];
        let common = free_u & free_v;
        if common != 0 {
            let c = self.choose(common, prefer, r.reg[d][v] as usize, d);
            self.assign(r, c, d, v);
            return c;
        }
        // Both are non-empty: u and v have fewer than `bound` coloured edges each.
        let a = free_u.trailing_zeros() as usize;
        let b = free_v.trailing_zeros() as usize;
        // The path from v: colour a to a sender, colour b back to a receiver, and so on.
        let mut path = [(0u8, 0u8); 2 * L];
        let mut len = 0;
        let mut x = v;
        while len + 1 < path.len() {
            let d1 = self.filled[a][x];
            if d1 == NONE {
                break;
            }
            path[len] = (d1, x as u8);
            len += 1;
            let y = r.lane[d1 as usize][x] as usize;
            let x2 = self.to_lane[b][y];
            if x2 == NONE {
                break;
            }
            let x2 = x2 as usize;
            path[len] = (self.filled[b][x2], x2 as u8);
            len += 1;
            x = x2;
        }
        let mut k = 0;
        while k < len {
            self.unassign(r, path[k].0 as usize, path[k].1 as usize);
            k += 1;
        }
        let mut k = 0;
        while k < len {
            // The path's edges alternate a, b, a, ...: each takes the other colour.
            let c = if k % 2 == 0 { b } else { a };
            self.assign(r, c, path[k].0 as usize, path[k].1 as usize);
            k += 1;
        }
        self.assign(r, a, d, v);
        a
    }
}

/// A colouring of every cross-lane move with `bound` colours, `bound` being the largest number
/// of moves at one lane (sending or receiving).
pub(crate) const fn edge_colour(r: &Routes, g: &Groups, bound: u32) -> Colouring {
    let all = rounds_below(bound);
    let mut s = State {
        out: Colouring::empty(),
        used_send: [0; L],
        used_recv: [0; L],
        to_lane: [[NONE; L]; MAX_PLAN_ELEMENTS],
        filled: [[NONE; L]; MAX_PLAN_ELEMENTS],
        offers: [[0; MAX_PLAN_ELEMENTS]; MAX_PLAN_ELEMENTS],
        offering: [0; MAX_PLAN_ELEMENTS],
        fills: [[0; MAX_PLAN_ELEMENTS]; MAX_PLAN_ELEMENTS],
        filling: [0; MAX_PLAN_ELEMENTS],
    };
    let mut i = 0;
    while i < g.len {
        let k = g.order[i] as usize;
        let d = g.recv_reg[k] as usize;
        // A colour free at every lane of the group keeps it whole.
        let mut busy: u128 = 0;
        let mut lanes = g.senders[k];
        while lanes != 0 {
            busy |= s.used_send[lanes.trailing_zeros() as usize];
            lanes &= lanes - 1;
        }
        let mut lanes = g.receivers[k];
        while lanes != 0 {
            busy |= s.used_recv[lanes.trailing_zeros() as usize];
            lanes &= lanes - 1;
        }
        let mut prefer = NONE as usize;
        if all & !busy != 0 {
            prefer = s.choose(all & !busy, NONE as usize, g.send_reg[k] as usize, d);
        }
        let mut lanes = g.receivers[k];
        while lanes != 0 {
            let v = lanes.trailing_zeros() as usize;
            prefer = s.add(r, all, prefer, d, v);
            lanes &= lanes - 1;
        }
        i += 1;
    }
    s.out.rounds = bound;
    s.out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::plan::lower_bound;

    /// A routing that is a random bijection of warp 0's values (not from any numeral): every
    /// lane and register pattern the colouring could meet.
    fn shuffled(seed: u64, elements: usize) -> Routes {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let n = elements * L;
        let mut values = [0usize; MAX_PLAN_ELEMENTS * L];
        for (i, v) in values.iter_mut().enumerate().take(n) {
            *v = i;
        }
        for i in (1..n).rev() {
            values.swap(i, next(i + 1));
        }
        let mut r = Routes::new(elements as u32);
        for e in 0..elements {
            for l in 0..L {
                let v = values[e * L + l];
                r.lane[e][l] = (v % L) as u8;
                r.reg[e][l] = (v / L) as u8;
            }
        }
        r
    }

    /// Every cross-lane move has a round below `rounds`, and no round has a lane twice on
    /// either side.
    #[allow(clippy::needless_range_loop)] // (lane, element) index several tables
    fn assert_proper(r: &Routes, c: &Colouring, rounds: u32) {
        let mut seen_send = [[false; L]; MAX_PLAN_ELEMENTS];
        let mut seen_recv = [[false; L]; MAX_PLAN_ELEMENTS];
        for e in 0..r.elements {
            for l in 0..L {
                if !r.crosses(e, l) {
                    assert_eq!(c.round[e][l], NONE);
                    continue;
                }
                let round = c.round[e][l] as usize;
                assert!(round < rounds as usize, "move ({l}, {e}) in round {round}");
                let u = r.lane[e][l] as usize;
                assert!(
                    !seen_send[round][u],
                    "lane {u} sends twice in round {round}"
                );
                assert!(
                    !seen_recv[round][l],
                    "lane {l} receives twice in round {round}"
                );
                seen_send[round][u] = true;
                seen_recv[round][l] = true;
            }
        }
    }

    #[test]
    fn colouring_meets_the_bound_on_random_routings() {
        let mut packed = 0;
        let mut cases = 0;
        for elements in [1, 2, 3, 5, 8, 13, 32, 64, 128] {
            for seed in 0..6 {
                let r = shuffled(seed * 131 + elements as u64, elements);
                let bound = lower_bound(&r);
                let g = Groups::of(&r);
                let c = edge_colour(&r, &g, bound);
                assert_proper(&r, &c, bound);
                assert_eq!(c.rounds, bound);
                if let Some(p) = g.pack(bound) {
                    assert_proper(&r, &p, bound);
                    assert_eq!(p.rounds, bound);
                    packed += 1;
                }
                cases += 1;
            }
        }
        // Random routings rarely pack as whole groups: the colouring carries them.
        assert!(packed < cases, "{packed} of {cases} packed");
    }
}
