//! Packed conversions that repack words ([`PackedPlan::pack_arith`]): each lane packs into one
//! word the parts one reader needs, the packs move as single values do in lane arithmetic, and
//! each reader unpacks them.
//!
//! The f16 accumulator as the B operand of the next MMA (`SM80_16x8x16_F16_C` to
//! `SM80_16x8x16_F16_B_COL`, two words a lane): lane `l` needs half `p = l / 4 % 2` of both
//! words of lanes `s0 = 8 (l % 4) + l / 8` and `s0 + 4`. Each lane packs the low halves of its
//! two words into one word and the high halves into another, offers the pack its lane bit 2
//! selects, and reads in round `k` lane `s0 ^ 4 (k ^ p)`:
//!
//! ```text
//! let src = (l << 3 & 24 | l >> 3) ^ (l & 4);          // the lane read, round 0
//! let packs = [part(from[0], 0, 0) | part(from[1], 0, 1), part(from[0], 1, 0) | part(from[1], 1, 1)];
//! let g = if l & 4 != 0 { [packs[1], packs[0]] } else { packs };
//! let y = [shuffle(g[0], src), shuffle(g[1], src ^ 4)];
//! let h = if l & 4 != 0 { [y[1], y[0]] } else { y };
//! [part(h[0], 0, 0) | part(h[1], 0, 1), part(h[0], 1, 0) | part(h[1], 1, 1)]
//! ```

use super::reads::Sources;
use super::shuffle::{map, xors_permute, LANE_BITS, RECV, SEND, SRC};
use crate::convert::{PackedPlan, MAX_PLAN_ELEMENTS, NONE};
use crate::numeral::LANES;

const L: usize = LANES as usize;

/// The most values a word holds.
const K: usize = 4;

/// A conversion that repacks words, as [`PackedPlan::pack_arith`] gives it:
///
/// - row 0: entries 0 to 4 the lane read's columns (`src`, as in
///   [`Plan::lane_arith`](crate::convert::Plan::lane_arith)), 5 to 9 the xor `A` on the packs
///   a lane offers, 10 to 14 the xor `B` on the words it reads, entry 15 the rounds, 16 the
///   packs;
/// - row 1: per round, the constant of the lane read; row 2: per round, the pack offered;
/// - row 3: entry `m k + i`, the source element in part `i` of pack `m` (`NONE`: none), `k`
///   values a word;
/// - row 4: per destination element, `m k + i`: it is part `i` of word `m` read.
///
/// Lane `l` runs `g[m] = packs[m ^ A(l)]`; per round `r`,
/// `y[r] = shuffle(g[a[2][r]], src(l) ^ a[1][r])`; `h[m] = y[m ^ B(l)]`; and takes destination
/// element `d` from part `a[4][d] % k` of `h[a[4][d] / k]`.
pub type PackArith = [[u8; MAX_PLAN_ELEMENTS]; 5];

/// Per lane of warp 0 and per round of [`Reads`]: the values read, in the order of their
/// destination elements.
struct Reads {
    /// The rounds, and per round `k` the lane read's constant (lane 0's `k`-th source lane).
    rounds: usize,
    c: [u8; L],
    /// `[v][k][i]`: the `i`-th destination element lane `v` fills in round `k`, and its
    /// source element.
    dst: [[[u8; K]; L]; L],
    src: [[[u8; K]; L]; L],
}

impl PackedPlan {
    /// The most values a lane converts in the forms [`pack_arith`](Self::pack_arith) and
    /// [`part_reads`](Self::part_reads) (generated code writes a block per value for them).
    pub const ARITH_VALUES: u32 = 32;

    /// The entry of [`pack_arith`](Self::pack_arith)'s row 0 that holds the rounds.
    pub const ROUNDS_AT: usize = 15;
    /// The entry of [`pack_arith`](Self::pack_arith)'s row 0 that holds the packs.
    pub const PACKS_AT: usize = 16;

    /// The conversion as repacked words (`PackArith`), where every lane reads the same number
    /// of words (a word for at most `k` values from one lane), no more than the plan's rounds,
    /// and the lane read, the pack offered and the word read are linear in the lane's bits
    /// (checked here on every lane of warp 0); `None` otherwise, where the packs' parts would
    /// be more than the values, or for more than [`ARITH_VALUES`](Self::ARITH_VALUES) values.
    ///
    /// ```
    /// use fraglayout::catalog::{SM80_16x8x16_F16_B_COL, SM80_16x8x16_F16_C};
    /// use fraglayout::convert::PackedPlan;
    /// let packed = PackedPlan::new(&SM80_16x8x16_F16_C, &SM80_16x8x16_F16_B_COL, 2).unwrap();
    /// let a = packed.pack_arith().unwrap();
    /// assert_eq!((a[0][15], a[0][16]), (2, 2)); // 2 rounds, 2 packs
    /// assert_eq!(&a[3][0..4], &[0, 2, 1, 3]); // the low halves of both words, the high ones
    /// ```
    pub const fn pack_arith(&self) -> Option<PackArith> {
        let k = self.per_word() as usize;
        if k < 2 || self.rounds() == 0 || self.elements() > Self::ARITH_VALUES {
            return None;
        }
        let s = match self.sources() {
            Some(s) => s,
            None => return None,
        };
        let (reads, mut a) = match self.lane_reads(&s) {
            Some(x) => x,
            None => return None,
        };
        if !self.fill_packs(&reads, &mut a) || !self.fill_unpacking(&reads, &mut a) {
            return None;
        }
        Some(a)
    }

    /// The lanes each lane reads, in rounds `src(l) ^ c[k]` with `src` linear and one to one,
    /// and what each round brings; with the lane read's columns and constants in `a`.
    const fn lane_reads(&self, s: &Sources) -> Option<(Reads, PackArith)> {
        let k = self.per_word() as usize;
        let (senders, rounds) = match senders(s, self.elements() as usize, k) {
            Some(x) => x,
            None => return None,
        };
        if rounds > self.rounds() as usize {
            return None;
        }
        let mut a = [[0u8; MAX_PLAN_ELEMENTS]; 5];
        let mut i = 0;
        while i < LANE_BITS {
            let col = match column(&senders, rounds, i, &a) {
                Some(col) => col,
                None => return None,
            };
            a[0][SRC + i] = col;
            i += 1;
        }
        let mut r = Reads {
            rounds,
            c: senders[0],
            dst: [[[NONE; K]; L]; L],
            src: [[[NONE; K]; L]; L],
        };
        let mut v = 0;
        while v < L {
            let base = map(&a[0], SRC, v as u32) as u8;
            let mut fill = [0usize; L];
            let mut d = 0;
            while d < self.elements() as usize {
                let round = match room(&r.c, rounds, s.lane[d][v] ^ base, &fill, k) {
                    Some(round) => round,
                    None => return None,
                };
                r.dst[v][round][fill[round]] = d as u8;
                r.src[v][round][fill[round]] = s.element[d][v];
                fill[round] += 1;
                d += 1;
            }
            v += 1;
        }
        a[0][Self::ROUNDS_AT] = rounds as u8;
        let mut round = 0;
        while round < rounds {
            a[1][round] = r.c[round];
            round += 1;
        }
        Some((r, a))
    }

    /// The packs, the pack each round offers and the xor `A` on them, in `a`: lane `u` offers
    /// in round `k` what the lane reading it then needs; false where that is not
    /// `packs[a[2][k] ^ A(u)]` for every lane, or the packs' parts are more than the values.
    const fn fill_packs(&self, r: &Reads, a: &mut PackArith) -> bool {
        let k = self.per_word() as usize;
        let most = self.elements() as usize / k;
        let mut inverse = [0u8; L];
        let mut v = 0;
        while v < L {
            inverse[map(&a[0], SRC, v as u32) as usize] = v as u8;
            v += 1;
        }
        let mut packs = [[NONE; K]; MAX_PLAN_ELEMENTS];
        let mut set = [false; MAX_PLAN_ELEMENTS];
        let mut n = 0;
        let mut round = 0;
        while round < r.rounds {
            a[2][round] = find_or_add(
                &mut packs,
                &mut set,
                &mut n,
                &offered(r, &inverse, 0, round),
            ) as u8;
            round += 1;
        }
        let mut i = 0;
        while i < LANE_BITS {
            let m = find_or_add(
                &mut packs,
                &mut set,
                &mut n,
                &offered(r, &inverse, 1 << i, 0),
            );
            a[0][SEND + i] = (m ^ a[2][0] as usize) as u8;
            i += 1;
        }
        let mut u = 0;
        while u < L {
            let mut round = 0;
            while round < r.rounds {
                let m = a[2][round] as usize ^ map(&a[0], SEND, u as u32) as usize;
                let want = offered(r, &inverse, u, round);
                if m >= most {
                    return false;
                }
                if !set[m] {
                    packs[m] = want;
                    set[m] = true;
                } else if !same(&packs[m], &want) {
                    return false;
                }
                round += 1;
            }
            u += 1;
        }
        let count = packs_in_use(&set, most, a);
        if count > most || !xors_permute(&a[0], SEND, count) {
            return false;
        }
        a[0][Self::PACKS_AT] = count as u8;
        let mut m = 0;
        while m < count {
            let mut j = 0;
            while j < k {
                a[3][m * k + j] = packs[m][j];
                j += 1;
            }
            m += 1;
        }
        true
    }

    /// The xor `B` on the words read and where each destination element is in them, in `a`:
    /// false where some lane's words are not lane 0's in the order `B` gives.
    const fn fill_unpacking(&self, r: &Reads, a: &mut PackArith) -> bool {
        let k = self.per_word() as usize;
        let mut i = 0;
        while i < LANE_BITS {
            let v = 1 << i;
            let mut b = 0;
            while b < r.rounds && !unpacks(r, v, b) {
                b += 1;
            }
            if b == r.rounds {
                return false;
            }
            a[0][RECV + i] = b as u8;
            i += 1;
        }
        let mut v = 0;
        while v < L {
            if !unpacks(r, v, map(&a[0], RECV, v as u32) as usize) {
                return false;
            }
            v += 1;
        }
        if !xors_permute(&a[0], RECV, r.rounds) {
            return false;
        }
        let mut m = 0;
        while m < r.rounds {
            let mut j = 0;
            while j < k {
                let d = r.dst[0][m][j];
                if d != NONE {
                    a[4][d as usize] = (m * k + j) as u8;
                }
                j += 1;
            }
            m += 1;
        }
        true
    }
}

/// Index tables for generated code, so that each element's block names no constant of its own.
impl PackedPlan {
    /// Per index `i` below [`MAX_PLAN_ELEMENTS`]: `[i / per_word, i % per_word]` for `i < n`,
    /// `[0, 0]` past it (an index into arrays of a branch not taken). `per_word` 0 is taken
    /// as 1.
    ///
    /// ```
    /// use fraglayout::convert::PackedPlan;
    /// let p = PackedPlan::places(2, 3);
    /// assert_eq!((&p[0][..4], &p[1][..4]), (&[0, 0, 1, 0][..], &[0, 1, 0, 0][..]));
    /// ```
    pub const fn places(per_word: u32, n: usize) -> [[u8; MAX_PLAN_ELEMENTS]; 2] {
        let k = if per_word == 0 { 1 } else { per_word as usize };
        let mut p = [[0u8; MAX_PLAN_ELEMENTS]; 2];
        let mut i = 0;
        while i < n && i < MAX_PLAN_ELEMENTS {
            p[0][i] = (i / k) as u8;
            p[1][i] = (i % k) as u8;
            i += 1;
        }
        p
    }

    /// Row 3 of a [`pack_arith`](Self::pack_arith) table `t` (`per_word` values a word) as
    /// indices: per entry of the packs, its source element (0 for none) and whether it has
    /// one.
    pub const fn pack_parts(
        t: &PackArith,
        per_word: u32,
    ) -> ([u8; MAX_PLAN_ELEMENTS], [bool; MAX_PLAN_ELEMENTS]) {
        let mut p = ([0u8; MAX_PLAN_ELEMENTS], [false; MAX_PLAN_ELEMENTS]);
        let n = t[0][Self::PACKS_AT] as usize * per_word as usize;
        let mut i = 0;
        while i < n && i < MAX_PLAN_ELEMENTS {
            if t[3][i] != NONE {
                p.0[i] = t[3][i];
                p.1[i] = true;
            }
            i += 1;
        }
        p
    }
}

/// What lane `u` offers in round `round`: what the lane reading it then needs (`inverse`: the
/// lane whose read in round 0 is each lane).
const fn offered(r: &Reads, inverse: &[u8; L], u: usize, round: usize) -> [u8; K] {
    let reader = inverse[u ^ r.c[round] as usize] as usize;
    r.src[reader][round]
}

/// Each lane's reads: its source lanes in ascending order, each once per word of values it
/// sends (`k` values a word); and their number, the same for every lane (`None` where not, or
/// where a lane reads more than 32 words).
const fn senders(s: &Sources, elements: usize, k: usize) -> Option<([[u8; L]; L], usize)> {
    let mut list = [[NONE; L]; L];
    let mut n = 0;
    let mut v = 0;
    while v < L {
        let mut values = [0usize; L];
        let mut d = 0;
        while d < elements {
            values[s.lane[d][v] as usize] += 1;
            d += 1;
        }
        let mut len = 0;
        let mut u = 0;
        while u < L {
            let mut w = 0;
            while w < values[u].div_ceil(k) {
                if len == L {
                    return None;
                }
                list[v][len] = u as u8;
                len += 1;
                w += 1;
            }
            u += 1;
        }
        if v > 0 && len != n {
            return None;
        }
        n = len;
        v += 1;
    }
    Some((list, n))
}

/// The first of the `n` rounds that reads `x` and has room for a value (`fill`: the values
/// each round holds so far, `k` to a word).
const fn room(list: &[u8; L], n: usize, x: u8, fill: &[usize; L], k: usize) -> Option<usize> {
    let mut i = 0;
    while i < n {
        if list[i] == x && fill[i] < k {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// How many of the first `n` entries of `list` are `x`.
const fn count(list: &[u8; L], n: usize, x: u8) -> usize {
    let mut c = 0;
    let mut i = 0;
    while i < n {
        c += (list[i] == x) as usize;
        i += 1;
    }
    c
}

/// The lane read's column for lane bit `i` (lane `1 << i` reads `col ^ c[k]` in round `k`):
/// the first of its source lanes, as an offset from lane 0's first, that gives lane `1 << i`
/// its reads and keeps the columns so far independent (so the map is one to one).
const fn column(senders: &[[u8; L]; L], n: usize, i: usize, a: &PackArith) -> Option<u8> {
    let (mine, zero) = (&senders[1 << i], &senders[0]);
    let mut j = 0;
    while j < n {
        let col = mine[j] ^ zero[0];
        let mut covers = true;
        let mut t = 0;
        while t < n {
            covers = covers && count(mine, n, zero[t] ^ col) == count(zero, n, zero[t]);
            t += 1;
        }
        if covers && independent(a, i, col) {
            return Some(col);
        }
        j += 1;
    }
    None
}

/// Whether `col` is no xor of the columns before entry `i` of row 0.
const fn independent(a: &PackArith, i: usize, col: u8) -> bool {
    let mut v = 0;
    while v < 1 << i {
        if map(&a[0], SRC, v) as u8 == col {
            return false;
        }
        v += 1;
    }
    true
}

/// The index of `pack` among the `n` packs so far, added if new (at index `n`).
const fn find_or_add(
    packs: &mut [[u8; K]; MAX_PLAN_ELEMENTS],
    set: &mut [bool; MAX_PLAN_ELEMENTS],
    n: &mut usize,
    pack: &[u8; K],
) -> usize {
    let mut m = 0;
    while m < *n {
        if set[m] && same(&packs[m], pack) {
            return m;
        }
        m += 1;
    }
    if *n == MAX_PLAN_ELEMENTS {
        return usize::MAX;
    }
    packs[*n] = *pack;
    set[*n] = true;
    *n += 1;
    *n - 1
}

/// Whether two packs hold the same values.
const fn same(a: &[u8; K], b: &[u8; K]) -> bool {
    a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && a[3] == b[3]
}

/// The packs in use: one past the last set, rounded up to a power of two where the xors `A`
/// move them, so that the xors permute them.
const fn packs_in_use(set: &[bool; MAX_PLAN_ELEMENTS], most: usize, a: &PackArith) -> usize {
    let mut n = most;
    while n > 0 && !set[n - 1] {
        n -= 1;
    }
    let mut i = 0;
    while i < LANE_BITS {
        if a[0][SEND + i] != 0 {
            return n.next_power_of_two();
        }
        i += 1;
    }
    n
}

/// Whether lane `v`'s word read in round `m ^ b` holds what lane 0's read in round `m` does,
/// for every round.
const fn unpacks(r: &Reads, v: usize, b: usize) -> bool {
    let mut m = 0;
    while m < r.rounds {
        if m ^ b >= r.rounds || !same(&r.dst[v][m ^ b], &r.dst[0][m]) {
            return false;
        }
        m += 1;
    }
    true
}
