//! Packed conversions whose rounds are the destination values ([`PackedPlan::part_reads`]):
//! every lane offers a whole word, and the reader shifts out the part it needs.
//!
//! Where words split between lanes, the plan's own code takes each word apart on the sending
//! side. When a lane needs no more values than the plan has rounds, a round per destination
//! value costs no shuffle more, and if the lane read, the word offered and the part kept are
//! all linear in the lane's bits, the code is what a person writes for the 8 x 8 transpose of
//! 16-bit values (`SM75_U32x1_LDSM_N` to `SM75_U16x2_LDSM_T`, one word a lane):
//!
//! ```text
//! let src = (l << 3 & 24) | l >> 3;          // the lane read: row 2 (l % 4), column l / 8
//! let p = l >> 2 & 1;                        // the half of the word read: column l / 4 % 2
//! to[0] = part(shuffle(from[0], src), p, 0);       // element 0 from lane src
//! to[0] |= part(shuffle(from[0], src ^ 4), p, 1);  // element 1 from the row below
//! ```

use super::shuffle::{map, xors_permute, LaneArith, LANE_BITS, RECV, SEND, SRC};
use crate::convert::{PackedPlan, MAX_PLAN_ELEMENTS, NONE};
use crate::numeral::LANES;

const L: usize = LANES as usize;

/// Where each destination value of warp 0 comes from: `[d][lane]` the lane and its element.
pub(super) struct Sources {
    pub(super) lane: [[u8; L]; MAX_PLAN_ELEMENTS],
    pub(super) element: [[u8; L]; MAX_PLAN_ELEMENTS],
}

impl PackedPlan {
    /// The conversion as one round per destination value, where that is no more rounds than
    /// the plan's and every choice is linear in the lane's bits (checked here on every lane of
    /// warp 0, whose pattern every warp repeats): `Some(a)` with `a` read as
    /// [`Plan::lane_arith`](crate::convert::Plan::lane_arith)'s table, but
    ///
    /// - entries 0 to 4 of row 0 the lane read (`src`) and row 1 its constant per value,
    /// - entries 5 to 9 the xor `A` on the words a lane offers, row 2 the word per value,
    /// - entries 10 to 14 the xor `P` on the part a lane keeps of the word it reads, row 3 the
    ///   part per value.
    ///
    /// Lane `l` runs `g[i] = from[i ^ A(l)]`, then for each destination value `d`
    /// `to[d / k] |= part(shuffle(g[a[2][d]], src(l) ^ a[1][d]), P(l) ^ a[3][d]) << d % k`, with
    /// `k` values a word. `None` for a plan of one value a word, for more than
    /// [`ARITH_VALUES`](Self::ARITH_VALUES) values, or where words move whole (then
    /// [`word_arith`](Self::word_arith) is the cheaper form).
    ///
    /// ```
    /// use fraglayout::catalog::{SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N};
    /// use fraglayout::convert::PackedPlan;
    /// let packed = PackedPlan::new(&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T, 2).unwrap();
    /// let a = packed.part_reads().unwrap();
    /// assert_eq!(&a[0][0..5], &[8, 16, 0, 1, 2]); // src(l) = (l << 3 & 24) | l >> 3
    /// assert_eq!((a[1][0], a[1][1]), (0, 4)); // the value below reads 4 lanes on
    /// assert_eq!(&a[0][10..15], &[0, 0, 1, 0, 0]); // the half: lane bit 2
    /// ```
    pub const fn part_reads(&self) -> Option<LaneArith> {
        let k = self.per_word();
        let values = self.elements();
        if k < 2 || self.rounds() == 0 || values > self.rounds() || values > Self::ARITH_VALUES {
            return None;
        }
        let s = match self.sources() {
            Some(s) => s,
            None => return None,
        };
        let mut a = [[0u8; MAX_PLAN_ELEMENTS]; 4];
        let base = s.lane[0][0] as u32;
        let mut i = 0;
        while i < LANE_BITS {
            a[0][SRC + i] = (s.lane[0][1 << i] as u32 ^ base) as u8;
            a[0][RECV + i] = ((s.element[0][1 << i] as u32 ^ s.element[0][0] as u32) % k) as u8;
            i += 1;
        }
        // The word xor, from the readers of value 0: the lanes `u(v) ^ u(0)` they read apart
        // offer words `A(u(v) ^ u(0))` apart.
        let mut v = 1;
        while v < L {
            let apart = s.lane[0][v] as u32 ^ base;
            if apart.is_power_of_two() {
                let words = (s.element[0][v] as u32 / k) ^ (s.element[0][0] as u32 / k);
                a[0][SEND + apart.trailing_zeros() as usize] = words as u8;
            }
            v += 1;
        }
        let mut d = 0;
        while d < values as usize {
            let lane0 = s.lane[d][0] as u32;
            a[1][d] = lane0 as u8;
            a[2][d] = ((s.element[d][0] as u32 / k) ^ map(&a[0], SEND, lane0)) as u8;
            a[3][d] = (s.element[d][0] as u32 % k) as u8;
            d += 1;
        }
        if self.reads_agree(&s, &a) {
            Some(a)
        } else {
            None
        }
    }

    /// Every destination value's source, from the plan's tables; `None` where a lane of warp 0
    /// has none (a layout of fewer than 32 threads).
    pub(super) const fn sources(&self) -> Option<Sources> {
        let k = self.per_word();
        let mut s = Sources {
            lane: [[NONE; L]; MAX_PLAN_ELEMENTS],
            element: [[NONE; L]; MAX_PLAN_ELEMENTS],
        };
        let mut v = 0;
        while v < LANES {
            let mut d = 0;
            while d < self.elements() {
                if let Some(e) = self.local_source(d, v) {
                    s.lane[d as usize][v as usize] = v as u8;
                    s.element[d as usize][v as usize] = e as u8;
                }
                d += 1;
            }
            let mut r = 0;
            while r < self.rounds() {
                let u = self.src_lane(r, v);
                let mut j = 0;
                while j < k {
                    if let (Some(d), Some(e)) = (self.recv(r, v, j), self.send(r, u, j)) {
                        s.lane[d as usize][v as usize] = u as u8;
                        s.element[d as usize][v as usize] = e as u8;
                    }
                    j += 1;
                }
                r += 1;
            }
            v += 1;
        }
        let mut d = 0;
        while d < self.elements() as usize {
            let mut v = 0;
            while v < L {
                if s.lane[d][v] == NONE {
                    return None;
                }
                v += 1;
            }
            d += 1;
        }
        Some(s)
    }

    /// `a` gives every lane of warp 0 each destination value from its source: the lane read,
    /// the word that lane offers (every word xor a permutation of the words) and the part.
    const fn reads_agree(&self, s: &Sources, a: &LaneArith) -> bool {
        let k = self.per_word();
        let words = self.elements() / k;
        if !xors_permute(&a[0], SEND, words as usize) {
            return false;
        }
        let mut d = 0;
        while d < self.elements() as usize {
            if a[2][d] as u32 >= words {
                return false;
            }
            let mut v = 0;
            while v < LANES {
                let u = map(&a[0], SRC, v) ^ a[1][d] as u32;
                let (from, e) = (
                    s.lane[d][v as usize] as u32,
                    s.element[d][v as usize] as u32,
                );
                let word = a[2][d] as u32 ^ map(&a[0], SEND, u);
                let part = map(&a[0], RECV, v) ^ a[3][d] as u32;
                if u != from || word != e / k || part != e % k {
                    return false;
                }
                v += 1;
            }
            d += 1;
        }
        true
    }
}
