//! Plans for values packed `k` to a 32-bit word (see [`PackedPlan`]).

use super::class::{scan, validate, Class};
use super::coloring::edge_colour;
use super::error::ConvertError;
use super::groups::Groups;
use super::plan::lower_bound;
use super::rounds::Colouring;
use super::route::Routes;
use super::sizes::{MAX_PLAN_ELEMENTS, NONE};
use super::words::{Words, MAX_PER_WORD, NO_WORD};
use crate::message::Message;
use crate::{Numeral, LANES};

const L: usize = LANES as usize;
const K: usize = MAX_PER_WORD as usize;

/// How to convert a fragment whose values are packed `k` to a 32-bit word (16-bit values two
/// to a `.b32` register, 8-bit four; element `k * w + j` in part `j` of word `w`, from the low
/// bits up) within each warp.
///
/// # The model
///
/// A round is one 32-bit shuffle: each lane offers one word, which it may assemble from any
/// `k` of its source values (byte permutes, `prmt`), and reads one lane's word, whose parts it
/// puts into its destination words (byte permutes). A value that stays in its lane is moved
/// by byte permutes too.
///
/// # The rounds, and their lower bound
///
/// Let `c(u, v)` be the number of values lane `u` holds that `to` places in lane `v != u`,
/// and `w(u, v) = ceil(c(u, v) / k)` the words they fill. In a plan where each word carries
/// values from one lane to one lane, lane `v` receives one word a round, so it needs
/// `sum over u of w(u, v)` rounds, and lane `u` sends one, so it needs `sum over v of
/// w(u, v)`. No such plan has fewer than the largest of these, [`lower_bound`](Self::lower_bound).
///
/// The plan meets it. The words form a bipartite multigraph from sending to receiving lanes,
/// `w(u, v)` edges from `u` to `v`, whose largest degree is the bound; a round is a set of
/// words with no lane twice on either side, a colour class of a proper edge colouring, and by
/// König's theorem one with as many colours as the largest degree exists. The words are
/// coloured exactly as [`Plan`](super::Plan) colours single values (`words.rs` writes them as
/// such a routing): whole groups packed greedily, else edge by edge with alternating-path
/// recolouring, which always reaches the bound.
///
/// A lane's word may also be read by several lanes in one round (`shfl.sync.idx` allows it),
/// which this plan does not use. Even so, no plan of any kind has fewer rounds than
/// [`any_bound`](Self::any_bound): the most words a lane receives, and each lane's outgoing
/// values over `k` rounded up. Where that is below the rounds, a plan sharing words might do
/// better; for the catalog's 16-bit layouts it never is (the tests check every pair).
///
/// Worked example, `m16n8k16`'s f16 accumulator ([`SM80_16x8x16_F16_C`]) to rows of four
/// (`VEC4_16x8_ROW`: lane `l` holds columns `4 (l % 2)` to `+ 3` of row `l / 2`, for 8-byte
/// stores): the accumulator's lanes `4 (r % 8) + 2 (l % 2)` and `+ 1` hold those columns, one
/// pair each (register 0 for rows 0 to 7, register 1 for rows 8 to 15). One element per shuffle, that is 4 rounds (each lane receives 4 values
/// and sends 4); packed, each pair is one word: 2 rounds.
///
/// ```
/// use fraglayout::catalog::SM80_16x8x16_F16_C;
/// use fraglayout::convert::examples::VEC4_16x8_ROW;
/// use fraglayout::convert::{PackedPlan, Plan};
/// let one = Plan::new(&SM80_16x8x16_F16_C, &VEC4_16x8_ROW).unwrap();
/// let packed = PackedPlan::new(&SM80_16x8x16_F16_C, &VEC4_16x8_ROW, 2).unwrap();
/// assert_eq!((one.rounds(), one.lower_bound()), (4, 4));
/// assert_eq!((packed.rounds(), packed.lower_bound(), packed.any_bound()), (2, 2, 2));
/// assert_eq!(packed.permutes(), 0); // every word is sent and kept as it is
/// ```
///
/// # Byte permutes
///
/// [`permutes_at`](Self::permutes_at) counts the `prmt` instructions a lane spends (a `prmt`
/// takes any 4 bytes of 2 registers): for each word it offers to a lane that reads it, and
/// each destination word, 0 when the word is one register's word as it is (a register
/// name), else one less than the number of registers its parts come from, and at least 1.
/// [`permutes`](Self::permutes) is the most any lane spends, comparable to
/// [`Plan::selects`](super::Plan::selects) in the model of one value per register.
///
/// [`SM80_16x8x16_F16_C`]: crate::catalog::SM80_16x8x16_F16_C
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedPlan {
    class: Class,
    warps: u32,
    elements: u32,
    per_word: u32,
    rounds: u32,
    lower_bound: u32,
    any_bound: u32,
    /// `[e][lane]`: the lane's own source element that destination `e` is, or `NONE`.
    local: [[u8; L]; MAX_PLAN_ELEMENTS],
    /// `[round][lane]`: the lane read.
    src_lane: [[u8; L]; MAX_PLAN_ELEMENTS],
    /// `[round][lane][part]`: the source element the lane puts in the part of its word.
    send: [[[u8; K]; L]; MAX_PLAN_ELEMENTS],
    /// `[round][lane][part]`: the destination element the part of the word read fills.
    recv: [[[u8; K]; L]; MAX_PLAN_ELEMENTS],
    /// Byte permutes per lane.
    permutes: [u16; L],
}

impl PackedPlan {
    /// The plan converting `from` to `to` with `per_word` (1, 2 or 4) values to a 32-bit word,
    /// or why there is none: [`Plan::new`](super::Plan::new)'s errors, and
    /// [`ConvertError::NotWholeWords`] when `per_word` is not 1, 2 or 4 or does not divide the
    /// elements per thread. Its rounds always equal the [lower bound](Self::lower_bound).
    pub const fn new(from: &Numeral, to: &Numeral, per_word: u32) -> Result<Self, ConvertError> {
        if let Err(e) = validate(from, to) {
            return Err(e);
        }
        if to.elements as usize > MAX_PLAN_ELEMENTS {
            return Err(ConvertError::TooManyElements {
                elements: to.elements,
                limit: MAX_PLAN_ELEMENTS as u32,
            });
        }
        if !matches!(per_word, 1 | 2 | 4) || to.elements % per_word != 0 {
            return Err(ConvertError::NotWholeWords {
                elements: to.elements,
                per_word,
            });
        }
        let mut routes = Routes::new(to.elements);
        let class = match scan(from, to, &mut routes) {
            Ok(c) => c,
            Err(e) => return Err(e),
        };
        let k = per_word as usize;
        let words = Words::of(&routes, k);
        let bound = lower_bound(&words.routing);
        let colouring = if bound == 0 {
            Colouring::empty()
        } else {
            let groups = Groups::of(&words.routing);
            match groups.pack(bound) {
                Some(c) => c,
                None => edge_colour(&words.routing, &groups, bound),
            }
        };
        let mut plan = PackedPlan {
            class,
            warps: to.warps,
            elements: to.elements,
            per_word,
            rounds: colouring.rounds,
            lower_bound: bound,
            any_bound: words.any_bound(k),
            local: [[NONE; L]; MAX_PLAN_ELEMENTS],
            src_lane: [[NONE; L]; MAX_PLAN_ELEMENTS],
            send: [[[NONE; K]; L]; MAX_PLAN_ELEMENTS],
            recv: [[[NONE; K]; L]; MAX_PLAN_ELEMENTS],
            permutes: [0; L],
        };
        plan.fill(&routes, &words, &colouring);
        let mut l = 0;
        while l < L {
            plan.permutes[l] = plan.count_permutes(l) as u16;
            l += 1;
        }
        Ok(plan)
    }

    /// The plan that moves nothing, `elements` values `per_word` to a word (as
    /// [`Plan::keep`](super::Plan::keep): what generated code falls back to after reporting
    /// why a pair cannot be converted). A `per_word` other than 1, 2 or 4 is taken as 1.
    pub const fn keep(elements: u32, per_word: u32) -> PackedPlan {
        let elements = if elements as usize > MAX_PLAN_ELEMENTS {
            MAX_PLAN_ELEMENTS as u32
        } else {
            elements
        };
        let per_word = if matches!(per_word, 1 | 2 | 4) && elements % per_word == 0 {
            per_word
        } else {
            1
        };
        let mut plan = PackedPlan {
            class: Class::Identity,
            warps: 1,
            elements,
            per_word,
            rounds: 0,
            lower_bound: 0,
            any_bound: 0,
            local: [[NONE; L]; MAX_PLAN_ELEMENTS],
            src_lane: [[NONE; L]; MAX_PLAN_ELEMENTS],
            send: [[[NONE; K]; L]; MAX_PLAN_ELEMENTS],
            recv: [[[NONE; K]; L]; MAX_PLAN_ELEMENTS],
            permutes: [0; L],
        };
        let mut e = 0;
        while e < elements as usize {
            plan.local[e] = [e as u8; L];
            e += 1;
        }
        plan
    }

    /// Fills the tables: each word in its round, each staying value in place; a lane that
    /// receives nothing in a round reads itself.
    const fn fill(&mut self, r: &Routes, w: &Words, c: &Colouring) {
        let mut e = 0;
        while e < r.elements {
            let mut l = 0;
            while l < L {
                if !r.crosses(e, l) {
                    self.local[e][l] = r.reg[e][l];
                }
                l += 1;
            }
            e += 1;
        }
        let mut round = 0;
        while round < self.rounds as usize {
            let mut l = 0;
            while l < L {
                self.src_lane[round][l] = l as u8;
                l += 1;
            }
            round += 1;
        }
        let mut d = 0;
        while d < w.routing.elements {
            let mut v = 0;
            while v < L {
                let i = w.index[d][v];
                if i != NO_WORD {
                    let i = i as usize;
                    let round = c.round[d][v] as usize;
                    let u = w.sender[i] as usize;
                    self.src_lane[round][v] = u as u8;
                    self.send[round][u] = w.src[i];
                    self.recv[round][v] = w.dst[i];
                }
                v += 1;
            }
            d += 1;
        }
    }

    /// The byte permutes lane `l` spends (see [the type's docs](PackedPlan#byte-permutes)).
    const fn count_permutes(&self, l: usize) -> u32 {
        let k = self.per_word as usize;
        let mut total = 0;
        let mut round = 0;
        while round < self.rounds as usize {
            // Registers are source words `0..W`; the word read in round `r` is `W + r`.
            let mut regs = [NONE as u16; K];
            let mut parts = [NONE; K];
            let mut j = 0;
            while j < k {
                let s = self.send[round][l][j];
                if s != NONE {
                    regs[j] = s as u16 / k as u16;
                    parts[j] = s % k as u8;
                }
                j += 1;
            }
            total += permutes_of(&regs, &parts, k);
            round += 1;
        }
        let held = self.held(l);
        let words = self.elements as usize / k;
        let mut dw = 0;
        while dw < words {
            let mut regs = [NONE as u16; K];
            let mut parts = [NONE; K];
            let mut j = 0;
            while j < k {
                (regs[j], parts[j]) = held[dw * k + j];
                j += 1;
            }
            total += permutes_of(&regs, &parts, k);
            dw += 1;
        }
        total
    }

    /// Where each destination element of lane `l` is before the permutes that assemble the
    /// destination words: (register, part), registers numbered as in `count_permutes`; an
    /// element kept in-lane at its own word's part, else the first round and part that read
    /// it; `(NONE, NONE)` for neither. One pass over the lane's rounds.
    const fn held(&self, l: usize) -> [(u16, u8); MAX_PLAN_ELEMENTS] {
        let k = self.per_word as usize;
        let words = self.elements as u16 / k as u16;
        let mut held = [(NONE as u16, NONE); MAX_PLAN_ELEMENTS];
        let mut round = self.rounds as usize;
        // Backwards, so that the first round (and part) that reads an element is the one kept.
        while round > 0 {
            round -= 1;
            let mut j = k;
            while j > 0 {
                j -= 1;
                let e = self.recv[round][l][j] as usize;
                if e < MAX_PLAN_ELEMENTS {
                    held[e] = (words + round as u16, j as u8);
                }
            }
        }
        let mut e = 0;
        while e < self.elements as usize {
            let s = self.local[e][l];
            if s != NONE {
                held[e] = (s as u16 / k as u16, s % k as u8);
            }
            e += 1;
        }
        held
    }
}

/// The `prmt`s that build one word from parts held at `(regs[j], parts[j])` (`NONE` for a
/// part not needed): 0 when one register holds them all at their own parts, else one less
/// than the registers, at least 1. With `k = 2`, halves `(r3, 1), (r3, 0)` (swapped) cost 1,
/// `(r3, 0), (r5, 0)` cost 1, `(r3, 0), (r3, 1)` cost 0.
const fn permutes_of(regs: &[u16; K], parts: &[u8; K], k: usize) -> u32 {
    let mut distinct = [NONE as u16; K];
    let mut n = 0;
    let mut in_place = true;
    let mut j = 0;
    while j < k {
        if regs[j] != NONE as u16 {
            in_place = in_place && parts[j] as usize == j;
            let mut seen = false;
            let mut i = 0;
            while i < n {
                seen = seen || distinct[i] == regs[j];
                i += 1;
            }
            if !seen {
                distinct[n] = regs[j];
                n += 1;
            }
        }
        j += 1;
    }
    if n == 0 || (n == 1 && in_place) {
        0
    } else if n == 1 {
        1
    } else {
        n as u32 - 1
    }
}

/// The fragment arrays of `#[convert_layout]` on `u32` words.
impl PackedPlan {
    /// Values per word when layouts of `elements` values a lane are held in `len` 32-bit words
    /// a lane: `elements / len` where that is 1, 2 or 4 (`[u32; 4]` for 8 elements: 2, 16-bit
    /// pairs); `None` for any other length.
    pub const fn per_word_for(elements: u32, len: usize) -> Option<u32> {
        let len = len as u32;
        if len == 0 || elements % len != 0 {
            return None;
        }
        match elements / len {
            k @ (1 | 2 | 4) => Some(k),
            _ => None,
        }
    }

    /// The message for `u32` fragment arrays of `len` words a lane that hold no whole number
    /// of values per word ([`per_word_for`](Self::per_word_for)), naming the lengths that do.
    pub const fn words_error(elements: u32, len: usize) -> Option<Message> {
        if PackedPlan::per_word_for(elements, len).is_some() {
            return None;
        }
        let mut m = Message::new();
        m.push("the fragment arrays have ");
        m.push_num(len as u64);
        m.push(" `u32` words, the layouts ");
        m.push_num(elements as u64);
        m.push(" elements per lane: write `[u32; ");
        m.push_num(elements as u64);
        m.push("]` (one value a word)");
        let mut k = 2;
        while k <= MAX_PER_WORD {
            if elements % k == 0 {
                m.push(if k == 2 { ", `[u32; " } else { " or `[u32; " });
                m.push_num((elements / k) as u64);
                m.push(if k == 2 {
                    "]` (16-bit values two to a word)"
                } else {
                    "]` (8-bit values four to a word)"
                });
            }
            k *= 2;
        }
        Some(m)
    }
}

/// What a plan says, and how a lane runs it.
impl PackedPlan {
    /// The class of the conversion, as for one value per register.
    pub const fn class(&self) -> Class {
        self.class
    }

    /// Warps the plan serves (each the same way).
    pub const fn warps(&self) -> u32 {
        self.warps
    }

    /// Elements per thread, in both layouts.
    pub const fn elements(&self) -> u32 {
        self.elements
    }

    /// Values per 32-bit word (1, 2 or 4).
    pub const fn per_word(&self) -> u32 {
        self.per_word
    }

    /// 32-bit words per thread: `elements / per_word`.
    pub const fn words(&self) -> u32 {
        self.elements / self.per_word
    }

    /// Shuffle rounds; always [`lower_bound`](Self::lower_bound).
    pub const fn rounds(&self) -> u32 {
        self.rounds
    }

    /// The fewest rounds of any plan whose words each go to one lane (see [the type's
    /// docs](PackedPlan#the-rounds-and-their-lower-bound)).
    pub const fn lower_bound(&self) -> u32 {
        self.lower_bound
    }

    /// The fewest rounds of any plan at all, words read by several lanes included; at most
    /// [`lower_bound`](Self::lower_bound).
    pub const fn any_bound(&self) -> u32 {
        self.any_bound
    }

    /// The most byte permutes a lane spends (see [the type's docs](PackedPlan#byte-permutes)).
    pub const fn permutes(&self) -> u32 {
        let mut most = 0;
        let mut l = 0;
        while l < L {
            if self.permutes[l] as u32 > most {
                most = self.permutes[l] as u32;
            }
            l += 1;
        }
        most
    }

    /// The byte permutes lane `lane` spends (0 out of range).
    pub const fn permutes_at(&self, lane: u32) -> u32 {
        if lane >= LANES {
            return 0;
        }
        self.permutes[lane as usize] as u32
    }

    /// The lane's own source element that destination element `e` is, or `None` when it
    /// arrives in a round (or out of range).
    pub const fn local_source(&self, e: u32, lane: u32) -> Option<u32> {
        if e >= self.elements || lane >= LANES {
            return None;
        }
        some(self.local[e as usize][lane as usize])
    }

    /// The lane `lane` reads in round `round` (itself where it receives nothing; out of
    /// range, `lane`).
    pub const fn src_lane(&self, round: u32, lane: u32) -> u32 {
        if round >= self.rounds || lane >= LANES {
            return lane;
        }
        self.src_lane[round as usize][lane as usize] as u32
    }

    /// The source element `lane` puts in part `part` of its word in round `round`, or `None`.
    pub const fn send(&self, round: u32, lane: u32, part: u32) -> Option<u32> {
        if round >= self.rounds || lane >= LANES || part >= self.per_word {
            return None;
        }
        some(self.send[round as usize][lane as usize][part as usize])
    }

    /// The destination element part `part` of the word `lane` reads in round `round` fills,
    /// or `None`.
    pub const fn recv(&self, round: u32, lane: u32, part: u32) -> Option<u32> {
        if round >= self.rounds || lane >= LANES || part >= self.per_word {
            return None;
        }
        some(self.recv[round as usize][lane as usize][part as usize])
    }

    /// Lane `lane`'s part of the conversion, `W` words a lane (`W` = [`words`](Self::words)):
    /// its destination words from its source words, `shuffle(word, src)` being the warp's
    /// collective 32-bit shuffle, called [`rounds`](Self::rounds) times.
    pub fn run<const W: usize>(
        &self,
        lane: usize,
        from: &[u32; W],
        mut shuffle: impl FnMut(u32, u32) -> u32,
    ) -> [u32; W] {
        let k = self.per_word as usize;
        let lane = lane % L;
        let mut to = [0u32; W];
        for e in 0..W * k {
            if let Some(s) = self.local_source(e as u32, lane as u32) {
                set(&mut to, e, k, get(from, s as usize, k));
            }
        }
        for r in 0..self.rounds as usize {
            let mut word = 0;
            for j in 0..k {
                if let Some(s) = some(self.send[r][lane][j]) {
                    word |= get(from, s as usize, k) << (j * 32 / k);
                }
            }
            let got = shuffle(word, self.src_lane[r][lane] as u32);
            for j in 0..k {
                if let Some(d) = some(self.recv[r][lane][j]) {
                    set(&mut to, d as usize, k, got >> (j * 32 / k) & mask(k));
                }
            }
        }
        to
    }
}

/// Bits of one value, `k` to a word.
const fn mask(k: usize) -> u32 {
    u32::MAX >> (32 - 32 / k)
}

/// Element `e` of words packed `k` to a word.
fn get<const W: usize>(words: &[u32; W], e: usize, k: usize) -> u32 {
    words[e / k] >> (e % k * 32 / k) & mask(k)
}

/// Sets element `e` of words packed `k` to a word to `v` (below `mask(k)`).
fn set<const W: usize>(words: &mut [u32; W], e: usize, k: usize, v: u32) {
    let shift = e % k * 32 / k;
    words[e / k] = words[e / k] & !(mask(k) << shift) | v << shift;
}

/// A table entry as an option.
const fn some(v: u8) -> Option<u32> {
    if v == NONE {
        None
    } else {
        Some(v as u32)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::catalog::{SM80_16x8x32_S8_A_ROW, CATALOG};
    use crate::convert::Plan;
    use crate::Digit;
    use std::vec::Vec;

    /// The catalog's layouts of `bits`-bit values, one per numeral (names sharing one are
    /// left out after the first).
    fn layouts(bits: u32) -> Vec<&'static Numeral<'static>> {
        let mut out: Vec<&'static Numeral<'static>> = Vec::new();
        for entry in CATALOG.iter().filter(|e| e.element_bits == bits) {
            let n = entry.numeral;
            let same = |m: &&Numeral| {
                (m.rows, m.cols, m.elements, m.digits) == (n.rows, n.cols, n.elements, n.digits)
            };
            if !out.iter().any(same) {
                out.push(n);
            }
        }
        out
    }

    /// Every lane's destination values after the plan's tables, as tile offsets, against
    /// `to`'s.
    fn replay(from: &Numeral, to: &Numeral, p: &PackedPlan) {
        let k = p.per_word();
        let value = |n: &Numeral, l: u32, e: u32| {
            let (r, c) = n.coords(l, e).unwrap();
            r * n.cols + c
        };
        for l in 0..32u32 {
            for e in 0..p.elements() {
                let got = match p.local_source(e, l) {
                    Some(s) => value(from, l, s),
                    None => {
                        let (r, j) = (0..p.rounds())
                            .flat_map(|r| (0..k).map(move |j| (r, j)))
                            .find(|&(r, j)| p.recv(r, l, j) == Some(e))
                            .expect("arrives in a round");
                        let u = p.src_lane(r, l);
                        value(from, u, p.send(r, u, j).unwrap())
                    }
                };
                assert_eq!(
                    got,
                    value(to, l, e),
                    "{} => {}: ({l}, {e})",
                    from.name,
                    to.name
                );
            }
        }
    }

    /// Where each destination value is before its word is assembled, by the plan's own
    /// accessors: its in-lane source (register, part), else the first round and part whose
    /// read fills it (register words + round).
    fn held_by_search(p: &PackedPlan, l: u32, e: u32) -> (u16, u8) {
        let k = p.per_word();
        if let Some(s) = p.local_source(e, l) {
            return ((s / k) as u16, (s % k) as u8);
        }
        let words = (p.elements() / k) as u16;
        (0..p.rounds())
            .flat_map(|r| (0..k).map(move |j| (r, j)))
            .find(|&(r, j)| p.recv(r, l, j) == Some(e))
            .map_or((NONE as u16, NONE), |(r, j)| (words + r as u16, j as u8))
    }

    /// The catalog's pairs of `bits`-bit layouts packed `k` to a word: each lane's held values
    /// against [`held_by_search`]; the count of values that arrive in a round.
    fn held_agrees(bits: u32, k: u32) -> usize {
        let all = layouts(bits);
        let mut arrive = 0;
        for (f, t) in all.iter().flat_map(|f| all.iter().map(move |t| (f, t))) {
            let Ok(p) = PackedPlan::new(f, t, k) else {
                continue;
            };
            for l in 0..32u32 {
                let held = p.held(l as usize);
                for e in 0..p.elements() {
                    let want = held_by_search(&p, l, e);
                    let at = (f.name, t.name, l, e);
                    assert_eq!(held[e as usize], want, "{at:?}");
                    arrive += usize::from(want.0 >= (p.elements() / k) as u16);
                }
            }
        }
        arrive
    }

    #[test]
    fn each_lanes_held_values_are_found_in_one_pass() {
        // 16-bit values that arrive in a round, not only values kept in-lane; the 8-bit
        // pairs of the catalog keep theirs in-lane.
        let arrive = held_agrees(16, 2);
        assert!(arrive > 1000, "{arrive}");
        held_agrees(8, 4);
    }

    #[test]
    fn every_16_bit_catalog_pair_meets_both_bounds() {
        let all = layouts(16);
        let (mut pairs, mut halved) = (0, 0);
        for (f, t) in all.iter().flat_map(|f| all.iter().map(move |t| (f, t))) {
            let Ok(one) = Plan::new(f, t) else { continue };
            if one.class() != Class::LaneExchange {
                continue;
            }
            let p = PackedPlan::new(f, t, 2).unwrap();
            replay(f, t, &p);
            assert_eq!(p.rounds(), p.lower_bound());
            assert_eq!(p.rounds(), p.any_bound(), "{} => {}", f.name, t.name);
            assert!(2 * p.rounds() >= one.rounds() && p.rounds() <= one.rounds());
            pairs += 1;
            halved += usize::from(2 * p.rounds() == one.rounds());
        }
        // 94 of the pairs, 82 halved, between packed `tcgen05.ld` / `tcgen05.st` layouts.
        assert_eq!((pairs, halved), (116, 92));
    }

    #[test]
    fn one_value_a_word_is_the_plan_and_eight_bit_values_pack_four() {
        // 16 x 32 in rows of 16: lane `l` holds columns `16 (l % 2) ..` of row `l / 2`.
        const ROWS16: Numeral = Numeral::new(
            "ROWS16_16x32",
            16,
            32,
            16,
            &[
                Digit::element(1, 16, 1),
                Digit::lane(1, 2, 16),
                Digit::lane(2, 16, 32),
            ],
        );
        let from = &SM80_16x8x32_S8_A_ROW;
        let one = Plan::new(from, &ROWS16).unwrap();
        let same = PackedPlan::new(from, &ROWS16, 1).unwrap();
        assert_eq!(
            (same.rounds(), same.lower_bound()),
            (one.rounds(), one.lower_bound())
        );
        replay(from, &ROWS16, &same);
        let packed = PackedPlan::new(from, &ROWS16, 4).unwrap();
        replay(from, &ROWS16, &packed);
        assert_eq!(
            (one.rounds(), packed.rounds(), packed.any_bound()),
            (16, 4, 4)
        );
        assert_eq!(packed.permutes(), 0); // whole words, sent and kept as they are
        assert_eq!(
            PackedPlan::new(from, &ROWS16, 3),
            Err(ConvertError::NotWholeWords {
                elements: 16,
                per_word: 3
            })
        );
    }
}
