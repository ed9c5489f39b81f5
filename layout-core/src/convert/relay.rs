//! Relays: 16-bit values packed two to a word, moved in two or more hops, where that takes
//! fewer shuffles than the packed plan's one hop a value (see [`Relay`]).

use crate::{Numeral, Source, LANES};

/// The most bits of an in-lane index a relay takes: fragments of up to 256 values.
const IN_BITS: usize = 8;
/// The bits of a lane id.
const LANE_BITS: usize = LANES.trailing_zeros() as usize;

/// A conversion of 16-bit values packed two to a `u32` word (element `2 w + h` in half `h` of
/// word `w`) as a sequence of bit swaps, each one shuffle of half of every lane's values with
/// the lane that differs in one lane bit.
///
/// # The model
///
/// Where every digit of both layouts has a power-of-two divisor, range and place and the tile
/// is `32 x elements` values, each bit of a value's tile offset is one bit of its lane or of
/// its in-lane index (element index) in each layout. A *swap* of lane bit `i` and in-lane bit
/// `j` exchanges, in every lane, the values whose index bit `j` differs from the lane's bit
/// `i` with the lane `lane ^ 1 << i`, each arriving at index `e ^ 1 << j`: afterwards lane bit
/// `i` holds the offset bit index bit `j` held, and the other way round. Half of a lane's
/// values move, `words / 2` words (one where a lane holds one word): with `j = 0` each word
/// sends one half and two words' halves go packed in one; otherwise whole words go.
///
/// A relay swaps each lane bit that must take an offset bit from the in-lane index with the
/// index bit holding it, where the offset bit leaving the lane goes in-lane in `to`; the
/// in-lane order is then a permutation of index bits, the same in every lane (byte permutes,
/// no shuffle). [`Relay::new`] refuses a pair that needs lane bits permuted among
/// themselves.
///
/// Why: the packed plan moves each value once, so a lane that needs values from three lanes
/// takes three rounds however few values they are. The `m8n8k4` A operand's row to column
/// order transposes each quad's 4 x 4 block, two words a lane: three rounds in one hop, two
/// swaps here (the 2 x 2 blocks with `lane ^ 2`, then their halves with `lane ^ 1`).
///
/// ```
/// use fraglayout::catalog::{SM70_8x8x4_F16_A_COL, SM70_8x8x4_F16_A_ROW};
/// use fraglayout::convert::{PackedPlan, Relay};
/// let relay = Relay::new(&SM70_8x8x4_F16_A_ROW, &SM70_8x8x4_F16_A_COL).unwrap();
/// assert_eq!((relay.steps(), relay.rounds()), (2, 2));
/// assert_eq!(relay.step(0), Some((0, 0))); // lane bit 0 with the half bit
/// assert_eq!(relay.step(1), Some((1, 1))); // lane bit 1 with the word bit
/// assert_eq!((relay.step(2), relay.source_index(3), relay.source_index(4)), (None, Some(3), None));
/// let packed = PackedPlan::new(&SM70_8x8x4_F16_A_ROW, &SM70_8x8x4_F16_A_COL, 2).unwrap();
/// assert_eq!(packed.rounds(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Relay {
    /// `(lane bit, in-lane bit)` of each swap, in order.
    swaps: [(u8, u8); LANE_BITS],
    count: u8,
    /// Words a lane holds.
    words: u32,
    /// Bits of the in-lane index.
    in_bits: u8,
    /// After the swaps, destination index bit `b` is the current index's bit `order[b]`.
    order: [u8; IN_BITS],
}

/// Where each bit of a layout's lane id and in-lane index sits in the tile offset.
#[derive(Clone, Copy)]
struct Bits {
    lane: [u8; LANE_BITS],
    index: [u8; IN_BITS],
    in_bits: usize,
}

impl Bits {
    /// The offset bit of each lane bit and index bit of `n`; `None` unless `n` is one warp
    /// whose every digit has a power-of-two divisor, range and place and whose lane and index
    /// bits each land on exactly one offset bit of a `32 x elements` tile.
    const fn of(n: &Numeral) -> Option<Bits> {
        let in_bits = n.elements.trailing_zeros() as usize;
        if n.warps != 1
            || !n.elements.is_power_of_two()
            || in_bits > IN_BITS
            || n.rows as u64 * n.cols as u64 != LANES as u64 * n.elements as u64
        {
            return None;
        }
        const UNSET: u8 = u8::MAX;
        let mut b = Bits {
            lane: [UNSET; LANE_BITS],
            index: [UNSET; IN_BITS],
            in_bits,
        };
        let mut used: u64 = 0;
        let mut d = 0;
        while d < n.digits.len() {
            let g = n.digits[d];
            let pow = g.divisor.is_power_of_two()
                && g.range.is_power_of_two()
                && g.place.is_power_of_two();
            if !pow {
                return None;
            }
            let (from, range, place) = (
                g.divisor.trailing_zeros() as usize,
                g.range.trailing_zeros() as usize,
                g.place.trailing_zeros() as usize,
            );
            let mut k = 0;
            while k < range {
                let slot = match g.source {
                    Source::Lane if from + k < LANE_BITS => &mut b.lane[from + k],
                    Source::Element if from + k < in_bits => &mut b.index[from + k],
                    _ => return None,
                };
                let o = place + k;
                if *slot != UNSET || o >= 64 || used & 1 << o != 0 {
                    return None;
                }
                *slot = o as u8;
                used |= 1 << o;
                k += 1;
            }
            d += 1;
        }
        let mut i = 0;
        while i < LANE_BITS {
            if b.lane[i] == UNSET {
                return None;
            }
            i += 1;
        }
        let mut j = 0;
        while j < in_bits {
            if b.index[j] == UNSET {
                return None;
            }
            j += 1;
        }
        Some(b)
    }

    /// The index bit holding offset bit `o`, if any.
    const fn index_of(&self, o: u8) -> Option<usize> {
        let mut j = 0;
        while j < self.in_bits {
            if self.index[j] == o {
                return Some(j);
            }
            j += 1;
        }
        None
    }
}

/// One shuffle of a relay's swap of a lane bit with an in-lane bit ([`Relay::exchange`]): a
/// lane whose bit is `s` sends half its values to the lane `lane ^ 1 << lane_bit` and puts
/// what it reads in their place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exchange {
    /// The lane bit swapped.
    pub lane_bit: u32,
    /// Whether the in-lane bit is the half: words `a` and `b` send their halves `h != s`,
    /// packed in one word (`a`'s low), and take the halves read in their place. Otherwise a
    /// word bit: of words `a` (the bit 0) and `b` (the bit 1), the one whose bit is not `s`
    /// goes, and the word read takes its place.
    pub halves: bool,
    /// The pair of words, `a < b`.
    pub a: u32,
    /// See `a`.
    pub b: u32,
}

impl Relay {
    /// The relay from `from` to `to` (see the [model](Relay#the-model)): `None` where a layout
    /// is not a permutation of offset bits, the two differ in elements, or a lane bit of `to`
    /// takes an offset bit another lane bit of `from` holds.
    pub const fn new(from: &Numeral, to: &Numeral) -> Option<Relay> {
        let (Some(mut cur), Some(dst)) = (Bits::of(from), Bits::of(to)) else {
            return None;
        };
        if from.rows != to.rows || from.cols != to.cols || from.elements != to.elements {
            return None;
        }
        let mut r = Relay {
            swaps: [(0, 0); LANE_BITS],
            count: 0,
            words: from.elements.div_ceil(2),
            in_bits: cur.in_bits as u8,
            order: [0; IN_BITS],
        };
        let mut i = 0;
        while i < LANE_BITS {
            let (want, leaving) = (dst.lane[i], cur.lane[i]);
            if want != leaving {
                let (Some(j), Some(_)) = (cur.index_of(want), dst.index_of(leaving)) else {
                    return None;
                };
                cur.index[j] = leaving;
                cur.lane[i] = want;
                r.swaps[r.count as usize] = (i as u8, j as u8);
                r.count += 1;
            }
            i += 1;
        }
        let mut b = 0;
        while b < cur.in_bits {
            match cur.index_of(dst.index[b]) {
                Some(c) => r.order[b] = c as u8,
                None => return None,
            }
            b += 1;
        }
        Some(r)
    }

    /// The swaps, each one step of [`rounds_per_step`](Self::rounds_per_step) shuffles.
    pub const fn steps(&self) -> u32 {
        self.count as u32
    }

    /// Swap `k`: `(lane bit, in-lane index bit)`; index bit 0 is the half of a word. `None`
    /// from `k = steps()` on.
    pub const fn step(&self, k: u32) -> Option<(u32, u32)> {
        if k >= self.count as u32 {
            return None;
        }
        let (i, j) = self.swaps[k as usize];
        Some((i as u32, j as u32))
    }

    /// Words a lane holds.
    pub const fn words(&self) -> u32 {
        self.words
    }

    /// Shuffles a swap takes: half a lane's words, or its one word.
    pub const fn rounds_per_step(&self) -> u32 {
        if self.words > 1 {
            self.words / 2
        } else {
            1
        }
    }

    /// 32-bit shuffles in all.
    pub const fn rounds(&self) -> u32 {
        self.steps() * self.rounds_per_step()
    }

    /// Shuffle `k` (`0..rounds()`), swap `k / (words / 2)`'s pair of words `k % (words / 2)`
    /// in increasing order: with the half bit, words `2p` and `2p + 1`; with word bit `m`, the
    /// `p`-th word `a` whose bit `m` is 0, and `a | 1 << m`. `None` past the last shuffle, and
    /// for one word a lane (no relay saves a shuffle there).
    pub const fn exchange(&self, k: u32) -> Option<Exchange> {
        if self.words < 2 {
            return None;
        }
        let per = self.words / 2;
        let Some((lane_bit, j)) = self.step(k / per) else {
            return None;
        };
        let p = k % per;
        let (a, m) = if j == 0 {
            (2 * p, 1)
        } else {
            let m = 1 << (j - 1);
            ((p & !(m - 1)) << 1 | (p & (m - 1)), m)
        };
        Some(Exchange {
            lane_bit,
            halves: j == 0,
            a,
            b: a | m,
        })
    }

    /// Where destination element `e` finds its value after the swaps: the in-lane index whose
    /// bit `order(b)` is `e`'s bit `b`, the same in every lane. `None` for `e` past the
    /// elements.
    pub const fn source_index(&self, e: u32) -> Option<u32> {
        if e >> self.in_bits != 0 {
            return None;
        }
        let mut s = 0;
        let mut b = 0;
        while b < self.in_bits as usize {
            s |= (e >> b & 1) << self.order[b];
            b += 1;
        }
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::{Exchange, Relay};
    use crate::catalog::{SM75_U32x1_LDSM_N, CATALOG};
    use crate::{Digit, Numeral, Source};
    use std::{vec, vec::Vec};

    /// Each lane's values (tile offsets) in `n`, by brute force over the tile.
    fn fragments(n: &Numeral) -> Vec<Vec<u32>> {
        let mut f = vec![vec![u32::MAX; n.elements as usize]; 32];
        for lane in 0..32 {
            for e in 0..n.elements {
                let (r, c) = n.coords(lane, e).expect("in range");
                f[lane as usize][e as usize] = r * n.cols + c;
            }
        }
        f
    }

    /// Every relay the catalog's pairs take moves every value where `to` wants it: its swaps
    /// run value by value on 32 lanes, then its in-lane order.
    #[test]
    fn every_catalog_relay_delivers_the_destination() {
        let mut taken = 0;
        for a in CATALOG {
            for b in CATALOG {
                let Some(relay) = Relay::new(a.numeral, b.numeral) else {
                    continue;
                };
                let mut cur = fragments(a.numeral);
                for k in 0..relay.steps() {
                    let (i, j) = relay.step(k).expect("a swap");
                    let old = cur.clone();
                    for (lane, vals) in cur.iter_mut().enumerate() {
                        for (e, v) in vals.iter_mut().enumerate() {
                            if (lane >> i & 1) != (e >> j & 1) {
                                *v = old[lane ^ 1 << i][e ^ 1 << j];
                            }
                        }
                    }
                }
                let want = fragments(b.numeral);
                for lane in 0..32 {
                    let got: Vec<u32> = (0..b.numeral.elements)
                        .map(|e| cur[lane][relay.source_index(e).expect("an element") as usize])
                        .collect();
                    assert_eq!(got, want[lane], "{} -> {} lane {lane}", a.name(), b.name());
                }
                taken += 1;
            }
        }
        assert!(taken > 1000, "{taken} pairs");
    }

    /// Each lane's words when the 32 lanes run the exchanges `xs` in lock step: a lane whose
    /// bit is `s` offers the halves (or the word) not `s`, reads its partner's offer and puts
    /// it in their place.
    fn run(xs: &[Exchange], mut w: Vec<Vec<u32>>) -> Vec<Vec<u32>> {
        for x in xs {
            let (a, b) = (x.a as usize, x.b as usize);
            let s = |l: usize| l >> x.lane_bit & 1 != 0;
            let offer: Vec<u32> = (0..32)
                .map(|l| match (x.halves, s(l)) {
                    (true, true) => (w[l][a] & 0xFFFF) | (w[l][b] << 16),
                    (true, false) => (w[l][a] >> 16) | (w[l][b] & 0xFFFF0000),
                    (false, true) => w[l][a],
                    (false, false) => w[l][b],
                })
                .collect();
            for (l, words) in w.iter_mut().enumerate() {
                let r = offer[l ^ 1 << x.lane_bit];
                let (wa, wb) = (words[a], words[b]);
                (words[a], words[b]) = match (x.halves, s(l)) {
                    (true, true) => (
                        (wa & 0xFFFF0000) | (r & 0xFFFF),
                        (wb & 0xFFFF0000) | (r >> 16),
                    ),
                    (true, false) => ((wa & 0xFFFF) | (r << 16), (wb & 0xFFFF) | (r & 0xFFFF0000)),
                    (false, true) => (r, wb),
                    (false, false) => (wa, r),
                };
            }
        }
        w
    }

    /// Lane `lane`'s words of `n`: tile offsets, two to a word.
    fn words(n: &Numeral, lane: u32) -> Vec<u32> {
        let at = |e: u32| {
            let (r, c) = n.coords(lane, e).expect("in range");
            r * n.cols + c
        };
        (0..n.elements / 2)
            .map(|w| at(2 * w) | at(2 * w + 1) << 16)
            .collect()
    }

    /// The digits of a layout of `32 x 2^k` values: the lane's 5 bits and the element's `k` at
    /// the offset bits `lane` and `element` name, a digit a bit.
    fn digits(lane: [u32; 5], element: &[u32]) -> Vec<Digit> {
        let bit = |source, k: usize, at: u32| Digit::new(source, 1 << k, 2, 1 << at);
        let lanes = lane
            .iter()
            .enumerate()
            .map(|(k, &at)| bit(Source::Lane, k, at));
        let elements = element
            .iter()
            .enumerate()
            .map(|(k, &at)| bit(Source::Element, k, at));
        lanes.chain(elements).collect()
    }

    /// The exchanges deliver every lane's destination words, for relays of 2, 4 and 8 words a
    /// lane with swaps of the half bit and of a word bit and an in-lane order after them; the
    /// catalog's relays too.
    #[test]
    fn the_exchanges_deliver_the_destination_words() {
        // `from`: lane bits at offset bits 0..5, element bits from 5 up. `to`: lane bits 0
        // and 2 take element bits 0 (the half) and the last (a word bit); the offset bits
        // leaving them, 0 and 2, go in-lane, in another order.
        // (elements, `to`'s lane bits, `from`'s element bits, `to`'s element bits)
        type Case = (u32, [u32; 5], &'static [u32], &'static [u32]);
        let cases: [Case; 3] = [
            (4, [5, 1, 6, 3, 4], &[5, 6], &[2, 0]),
            (8, [5, 1, 7, 3, 4], &[5, 6, 7], &[2, 6, 0]),
            (16, [5, 1, 8, 3, 4], &[5, 6, 7, 8], &[0, 7, 2, 6]),
        ];
        let mut checked = 0;
        let mut check = |from: &Numeral, to: &Numeral, relay: &Relay| {
            let xs: Vec<Exchange> = (0..relay.rounds())
                .map_while(|k| relay.exchange(k))
                .collect();
            assert_eq!(xs.len() as u32, relay.rounds());
            assert_eq!(relay.exchange(relay.rounds()), None);
            let got = run(&xs, (0..32).map(|l| words(from, l)).collect());
            for lane in 0..32 {
                let half = |x: u32| got[lane as usize][x as usize / 2] >> (16 * (x % 2)) & 0xFFFF;
                let at = |x| relay.source_index(x).expect("an element");
                let ordered: Vec<u32> = (0..from.elements / 2)
                    .map(|k| half(at(2 * k)) | half(at(2 * k + 1)) << 16)
                    .collect();
                assert_eq!(
                    ordered,
                    words(to, lane),
                    "{} => {} lane {lane}",
                    from.name,
                    to.name
                );
            }
            checked += 1;
        };
        for (elements, to_lane, from_elements, to_elements) in cases {
            let (from_digits, to_digits) = (
                digits([0, 1, 2, 3, 4], from_elements),
                digits(to_lane, to_elements),
            );
            let from = Numeral::new("from", 32, elements, elements, &from_digits);
            let to = Numeral::new("to", 32, elements, elements, &to_digits);
            let relay = Relay::new(&from, &to).expect("a relay");
            assert_eq!(relay.steps(), 2);
            assert!(
                (0..elements).any(|e| relay.source_index(e) != Some(e)),
                "an in-lane order"
            );
            let xs: Vec<Exchange> = (0..relay.rounds())
                .filter_map(|k| relay.exchange(k))
                .collect();
            assert!(xs.iter().any(|x| x.halves) && xs.iter().any(|x| !x.halves));
            check(&from, &to, &relay);
        }
        for a in CATALOG {
            for b in CATALOG {
                let (x, y) = (a.numeral, b.numeral);
                match Relay::new(x, y) {
                    Some(r) if r.words() >= 2 && r.steps() > 0 => check(x, y, &r),
                    _ => {}
                }
            }
        }
        assert!(checked > 900, "{checked} relays");
        let one = Relay::new(&SM75_U32x1_LDSM_N, &SM75_U32x1_LDSM_N);
        assert_eq!(one.map(|r| (r.words(), r.exchange(0))), Some((1, None)));
    }
}
