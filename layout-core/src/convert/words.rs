//! The words of a packed conversion: the cross-lane values of each (sender, receiver) lane
//! pair, `k` to a 32-bit word, and those words as a routing that the single-value colouring
//! (`groups.rs`, `coloring.rs`) takes as it is.
//!
//! Receiver `v` takes the values lane `u` holds for it in the order of `v`'s destination
//! elements, `k` to a word: with `k = 2`, destination elements 0, 1, 4, 5 from lane `u` are
//! the words (0, 1) and (4, 5). A value sits in its destination half (part `e % k`) when the
//! word's values have distinct ones, so such a word needs no permute on arrival.
//!
//! As a routing, where every word is whole (source word to destination word, parts in place),
//! word `d` of receiver `v` is its destination word `d` and the sender's register its source
//! word, so the colouring groups words as it groups single values. Otherwise word `d` of
//! receiver `v` (its `d`-th incoming word) "fills register `d` of
//! lane `v` from register `s` of lane `u`", `s` being the word's rank among `u`'s outgoing
//! words (by their lowest source element). Each `(v, d)` and each `(u, s)` is one word, as
//! each register is one value in a real routing, so groups are matchings and a proper
//! colouring of this routing is a proper colouring of the words.

use super::groups::MAX_MOVES;
use super::route::Routes;
use super::sizes::{MAX_PLAN_ELEMENTS, NONE};
use crate::LANES;

const L: usize = LANES as usize;

/// The most values per word (8-bit values, four to a 32-bit word).
pub const MAX_PER_WORD: u32 = 4;

const K: usize = MAX_PER_WORD as usize;

/// A word's "no word" index.
pub(crate) const NO_WORD: u16 = u16::MAX;

/// Every cross-lane word of warp 0.
pub(crate) struct Words {
    /// Words found.
    pub(crate) len: usize,
    /// Per word: the sending and the receiving lane.
    pub(crate) sender: [u8; MAX_MOVES],
    pub(crate) receiver: [u8; MAX_MOVES],
    /// Per word and part: the source element it carries, and the destination element it fills
    /// (`NONE` for an unused part).
    pub(crate) src: [[u8; K]; MAX_MOVES],
    pub(crate) dst: [[u8; K]; MAX_MOVES],
    /// The words as a routing: `routing.lane[d][v]` the sender of `v`'s `d`-th word (`v` where
    /// `v` has fewer), `routing.reg[d][v]` its rank among the sender's words.
    pub(crate) routing: Routes,
    /// `[d][v]`: the word that is `v`'s `d`-th, or [`NO_WORD`].
    pub(crate) index: [[u16; L]; MAX_PLAN_ELEMENTS],
}

impl Words {
    /// The words of `r`'s cross-lane values, `k` (1 to [`MAX_PER_WORD`]) to a word.
    pub(crate) const fn of(r: &Routes, k: usize) -> Words {
        let mut w = Words {
            len: 0,
            sender: [0; MAX_MOVES],
            receiver: [0; MAX_MOVES],
            src: [[NONE; K]; MAX_MOVES],
            dst: [[NONE; K]; MAX_MOVES],
            routing: Routes::new(0),
            index: [[NO_WORD; L]; MAX_PLAN_ELEMENTS],
        };
        let mut incoming = [0usize; L];
        let mut v = 0;
        while v < L {
            // The word lane u is filling for v, and how full it is.
            let mut open = [NO_WORD; L];
            let mut fill = [0usize; L];
            let mut e = 0;
            while e < r.elements {
                if r.crosses(e, v) {
                    let u = r.lane[e][v] as usize;
                    if open[u] == NO_WORD || fill[u] == k {
                        open[u] = w.len as u16;
                        fill[u] = 0;
                        w.sender[w.len] = u as u8;
                        w.receiver[w.len] = v as u8;
                        w.index[incoming[v]][v] = w.len as u16;
                        incoming[v] += 1;
                        w.len += 1;
                    }
                    let i = open[u] as usize;
                    w.src[i][fill[u]] = r.reg[e][v];
                    w.dst[i][fill[u]] = e as u8;
                    fill[u] += 1;
                }
                e += 1;
            }
            v += 1;
        }
        let mut i = 0;
        while i < w.len {
            w.align(i, k);
            i += 1;
        }
        if w.all_whole(k) {
            w.route_whole(k);
        } else {
            w.route(r, k);
        }
        w
    }

    /// Whether every word is `k` values, whole source word `s` to whole destination word `d`
    /// (part `j` source element `k s + j`, destination element `k d + j`).
    const fn all_whole(&self, k: usize) -> bool {
        let mut i = 0;
        while i < self.len {
            let (s0, d0) = (self.src[i][0] as usize, self.dst[i][0] as usize);
            let mut j = 0;
            while j < k {
                let (s, d) = (self.src[i][j], self.dst[i][j]);
                if s == NONE || d == NONE || s as usize != s0 + j || d as usize != d0 + j {
                    return false;
                }
                j += 1;
            }
            if s0 % k != 0 || d0 % k != 0 {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Fills `routing` where every word is whole: word `d` of receiver `v` is its destination
    /// word `d`, from the sender's source word, so the colouring groups words by their real
    /// (source word, destination word) as it groups single values, and `index` follows.
    const fn route_whole(&mut self, k: usize) {
        let mut routing = Routes::new(0);
        let mut index = [[NO_WORD; L]; MAX_PLAN_ELEMENTS];
        let mut d = 0;
        while d < MAX_PLAN_ELEMENTS {
            let mut v = 0;
            while v < L {
                routing.lane[d][v] = v as u8;
                v += 1;
            }
            d += 1;
        }
        let mut most = 0;
        let mut i = 0;
        while i < self.len {
            let (v, d) = (self.receiver[i] as usize, self.dst[i][0] as usize / k);
            routing.lane[d][v] = self.sender[i];
            routing.reg[d][v] = self.src[i][0] / k as u8;
            index[d][v] = i as u16;
            if d + 1 > most {
                most = d + 1;
            }
            i += 1;
        }
        routing.elements = most;
        self.routing = routing;
        self.index = index;
    }

    /// Puts each value of word `i` at part `dst % k` when those parts are distinct.
    const fn align(&mut self, i: usize, k: usize) {
        let mut taken = 0u32;
        let mut j = 0;
        while j < K && self.dst[i][j] != NONE {
            let p = self.dst[i][j] as usize % k;
            if (taken >> p) & 1 == 1 {
                return;
            }
            taken |= 1 << p;
            j += 1;
        }
        let (src, dst) = (self.src[i], self.dst[i]);
        self.src[i] = [NONE; K];
        self.dst[i] = [NONE; K];
        let mut j = 0;
        while j < K && dst[j] != NONE {
            let p = dst[j] as usize % k;
            self.src[i][p] = src[j];
            self.dst[i][p] = dst[j];
            j += 1;
        }
    }

    /// Fills `routing`: receivers' words by arrival, senders' words ranked by lowest source
    /// element.
    const fn route(&mut self, r: &Routes, k: usize) {
        // The word carrying source element se of lane u, by [se][u].
        let mut carrier = [[NO_WORD; L]; MAX_PLAN_ELEMENTS];
        let mut i = 0;
        while i < self.len {
            let mut j = 0;
            while j < k {
                if self.src[i][j] != NONE {
                    carrier[self.src[i][j] as usize][self.sender[i] as usize] = i as u16;
                }
                j += 1;
            }
            i += 1;
        }
        let mut rank = [NO_WORD; MAX_MOVES];
        let mut u = 0;
        while u < L {
            let mut next = 0;
            let mut se = 0;
            while se < r.elements {
                let i = carrier[se][u];
                if i != NO_WORD && rank[i as usize] == NO_WORD {
                    rank[i as usize] = next;
                    next += 1;
                }
                se += 1;
            }
            u += 1;
        }
        let mut most = 0;
        let mut routing = Routes::new(0);
        let mut d = 0;
        while d < MAX_PLAN_ELEMENTS {
            let mut v = 0;
            while v < L {
                let i = self.index[d][v];
                if i == NO_WORD {
                    routing.lane[d][v] = v as u8;
                } else {
                    routing.lane[d][v] = self.sender[i as usize];
                    routing.reg[d][v] = rank[i as usize] as u8;
                    most = d + 1;
                }
                v += 1;
            }
            d += 1;
        }
        routing.elements = most;
        self.routing = routing;
    }

    /// The fewest rounds of any plan, even one whose word some lanes read together: the most
    /// words a lane receives (a round brings it one word, from one lane) and, per lane, its
    /// outgoing values over `k` rounded up (a round's word holds `k` of them).
    pub(crate) const fn any_bound(&self, k: usize) -> u32 {
        let mut sent = [0u32; L];
        let mut got = [0u32; L];
        let mut i = 0;
        while i < self.len {
            got[self.receiver[i] as usize] += 1;
            let mut j = 0;
            while j < K {
                if self.src[i][j] != NONE {
                    sent[self.sender[i] as usize] += 1;
                }
                j += 1;
            }
            i += 1;
        }
        let mut bound = 0;
        let mut l = 0;
        while l < L {
            let out = sent[l].div_ceil(k as u32);
            if out > bound {
                bound = out;
            }
            if got[l] > bound {
                bound = got[l];
            }
            l += 1;
        }
        bound
    }
}
