//! The plan of a conversion: which register each lane keeps, and the shuffle rounds (see
//! [`Plan`]).

use super::class::{scan, validate, Class};
use super::coloring::edge_colour;
use super::error::ConvertError;
use super::groups::Groups;
use super::rounds::Colouring;
use super::route::Routes;
use super::sizes::{MAX_PLAN_ELEMENTS, NONE};
use crate::message::Message;
use crate::{Numeral, LANES};

const L: usize = LANES as usize;

/// How to convert a fragment from one layout to another within each warp.
///
/// The plan is warp 0's, and serves every warp ([`classify`](super::classify) proved that
/// each warp routes as warp 0 does): lanes are `0..32`, registers are element indices. Tables
/// are fixed-size (`[round][lane]` and `[e][lane]`, `u8` entries, [`NONE`] for nothing), so a
/// plan is `Copy` and built in `const` context.
///
/// # What the generated code does
///
/// Per lane, in order, with `from` the lane's source registers and `to` its destination ones:
///
/// 1. **Local.** For every destination element `e` that some lane takes from its own
///    registers: `to[e] = from[local_source(e, lane)]`.
/// 2. **Rounds.** For each round `r`: `v = from[send(r, lane)]`;
///    `got = shuffle(v, src_lane(r, lane))` (collective: every lane calls it and receives the
///    `v` of lane `src_lane`); `if let Some(d) = recv(r, lane) { to[d] = got }`.
///
/// A round's shuffle carries at most one useful value into each lane and out of each lane: it
/// is a matching between sending and receiving lanes.
///
/// # The lower bound on rounds
///
/// For lane `l`, let `out(l)` be the number of its source values that `to` places in other
/// lanes, and `in(l)` the number of its destination values that `from` holds in other lanes.
/// No plan has fewer than `max over l of max(out(l), in(l))` rounds:
///
/// - a lane receives one value per round, so lane `l` needs `in(l)` rounds;
/// - a lane offers one register per round, and since `to` is a bijection each of its values is
///   wanted in exactly one place: one round delivers at most one of lane `l`'s values, so lane
///   `l` needs `out(l)` rounds.
///
/// The plan meets the bound exactly. The cross-lane moves form a bipartite multigraph from
/// sending lanes to receiving lanes whose largest degree is the bound; a round is a set of
/// moves with no lane twice on either side, a colour class of a proper edge colouring, and by
/// König's theorem a bipartite multigraph has one with as many colours as its largest degree.
/// The moves are first grouped by (source register, destination register) (each group is a
/// matching with no lane-dependent register choice) and whole groups are packed greedily into
/// rounds, largest first (three greedy rules, the packing with the fewest selects kept); only
/// if none fits in the bound are the moves coloured edge by edge (alternating-path
/// recolouring, which always reaches the bound), group by group so that groups stay together
/// where they can. The rounds are optimal; the selects are a heuristic's, not a proven minimum
/// (see [below](Plan#how-low-the-selects-go)).
///
/// # Selects
///
/// A register index that depends on the lane is a select on a GPU (registers are not
/// indexable). [`Plan::selects`] counts them as the generated code spends them:
///
/// - per round, `k - 1` to choose the register to offer, where `k` is the number of distinct
///   registers offered by lanes that some receiving lane reads (lanes nobody reads offer the
///   round's most common register, so `k = 1` costs nothing);
/// - per round, unless every lane fills the same register ([`Plan::recv_uniform`]), one per
///   distinct register filled: `to[d] = if this lane receives into d { got } else { to[d] }`;
/// - per destination element taken locally by some lane, `k - 1` where `k` is the number of
///   distinct source registers those lanes take it from. Lanes that receive it in a round
///   instead are not counted: they take any of the local candidates, and the round overwrites.
///
/// Worked example, `ldmatrix .x1` to `.x1.trans` ([`SM75_U32x1_LDSM_N`] to
/// [`SM75_U16x2_LDSM_T`], the transpose `movmatrix` does): lane `l` needs row
/// `2 * (l % 4) + i`, column `l / 4`, which lane `4 * (2 * (l % 4) + i) + l / 8` holds in
/// register `(l / 4) % 2`. Each lane receives 2 values and sends 2 (lanes 0, 9, 18, 27 for
/// `i = 0` and 4, 13, 22, 31 for `i = 1` keep one of theirs), so the bound is 2. The groups
/// `(s, d)`: (0, 0) and (1, 1) share a round, their senders being lanes `8m + j` and
/// `8m + 4 + j`; (0, 1) and (1, 0) the other. Each round offers two registers (1 select) and
/// fills two (2 selects); the 8 lanes that keep a value take it from register 0 for `i = 0`
/// and 1 for `i = 1`: one source each, 0 selects. 2 rounds, 6 selects.
///
/// ```
/// use fraglayout::catalog::{SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N};
/// use fraglayout::convert::{Class, Plan};
/// const MOVMATRIX: Plan = match Plan::new(&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T) {
///     Ok(p) => p,
///     Err(_) => panic!("a transpose within a warp"),
/// };
/// assert_eq!(MOVMATRIX.class(), Class::LaneExchange);
/// assert_eq!((MOVMATRIX.rounds(), MOVMATRIX.lower_bound(), MOVMATRIX.selects()), (2, 2, 6));
/// assert_eq!(MOVMATRIX.local_source(0, 0), Some(0)); // lane 0 keeps (0, 0)
/// // Lane 1 needs (2, 0) and (3, 0): it reads lanes 8 and 12, one per round.
/// let mut read = [MOVMATRIX.src_lane(0, 1), MOVMATRIX.src_lane(1, 1)];
/// read.sort();
/// assert_eq!(read, [8, 12]);
/// ```
///
/// # Uniform fills
///
/// A round whose receivers all fill one register `d` still costs a select when some lane
/// receives nothing: that lane must keep its `d`. So such a lane is made to fill `d` too,
/// harmlessly, where it can without a new register offered (all lanes or none): a lane whose
/// `d` arrives in a later round reads a lane nobody reads (the later round overwrites), and a
/// lane whose `d` it holds itself (or received in an earlier round) reads its holder, which
/// nobody else reads, offering the register that holds it again. The round then fills `d` in
/// every lane, [`Plan::recv_uniform`], for no select. The round's receivers still read
/// distinct lanes, and a round that was one xor shuffle stays one.
///
/// Worked example, the `mma.m8n8k4` B operand to the `m8n8k16` one
/// ([`SM70_8x8x4_F16_B_COL`] to [`SM75_8x8x16_S8_B_COL`]): a 4 x 4 transpose of whole lanes
/// within each half-warp, lane `l` taking register `e` of lane `t(l)` into its register `e`.
/// Round `e` moves register `e` into register `e` for the 24 lanes with `t(l) != l`; the
/// other 8 (0, 5, 10, 15, 16, 21, 26, 31) keep all four values and send none. Each reads
/// itself offering its register `e`, so every lane fills `e`: 4 rounds, 0 selects (4 before
/// this rule, one per round).
///
/// ```
/// use fraglayout::catalog::{SM70_8x8x4_F16_B_COL, SM75_8x8x16_S8_B_COL};
/// use fraglayout::convert::Plan;
/// let plan = Plan::new(&SM70_8x8x4_F16_B_COL, &SM75_8x8x16_S8_B_COL).unwrap();
/// assert_eq!((plan.rounds(), plan.lower_bound(), plan.selects()), (4, 4, 0));
/// assert_eq!(plan.local_source(2, 5), Some(2)); // lane 5 keeps its values ...
/// assert_eq!((plan.src_lane(2, 5), plan.recv(2, 5)), (5, Some(2))); // ... and reads itself
/// assert_eq!((plan.send_uniform(2), plan.recv_uniform(2)), (Some(2), Some(2)));
/// ```
///
/// # How low the selects go
///
/// Not proven minimal in general. For several [examples](super::examples) no plan with as
/// many rounds as the bound does better, and for the others a local search over recolourings
/// (Kempe-chain swaps with simulated annealing, run outside the crate) found nothing lower
/// either; nor, but for the uniform fills above, for any pair of catalog layouts. In
/// `mma.m8n8k4`'s f32 accumulator to
/// `ldmatrix .x4.trans` ([`SM70_8x8x4_F32_C`] to [`SM75_U16x8_LDSM_T`], 8 rounds, 120
/// selects) each quarter of the warp is an 8 x 8 transpose: receiver `k` of a quarter takes
/// register `k` of all 8 senders, sender `j` sends all 8 of its registers into register `j`.
/// Every receiver needs a value in each of the 8 rounds, so every round offers the 8
/// registers 0 to 7 (7 selects) and fills 8 registers, its senders being distinct (8
/// selects): 15 per round. Likewise per round: the transpose above 1 offered and 2
/// filled, `acc-vec4` 1 and 2 (lanes `l` and `l + 16` read the same two senders, so they fill
/// different registers in every round), `m8n8k4-a` 3 and 4.
///
/// [`SM75_U32x1_LDSM_N`]: crate::catalog::SM75_U32x1_LDSM_N
/// [`SM75_U16x2_LDSM_T`]: crate::catalog::SM75_U16x2_LDSM_T
/// [`SM70_8x8x4_F16_B_COL`]: crate::catalog::SM70_8x8x4_F16_B_COL
/// [`SM75_8x8x16_S8_B_COL`]: crate::catalog::SM75_8x8x16_S8_B_COL
/// [`SM70_8x8x4_F32_C`]: crate::catalog::SM70_8x8x4_F32_C
/// [`SM75_U16x8_LDSM_T`]: crate::catalog::SM75_U16x8_LDSM_T
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    class: Class,
    warps: u32,
    elements: u32,
    rounds: u32,
    lower_bound: u32,
    selects: u32,
    /// `[e][lane]`: the lane's own register that destination `e` is taken from, or `NONE`.
    local: [[u8; L]; MAX_PLAN_ELEMENTS],
    /// `[round][lane]`: the lane read in the round's shuffle.
    src_lane: [[u8; L]; MAX_PLAN_ELEMENTS],
    /// `[round][lane]`: the register the lane offers.
    send: [[u8; L]; MAX_PLAN_ELEMENTS],
    /// `[round][lane]`: the register the lane fills, or `NONE`.
    recv: [[u8; L]; MAX_PLAN_ELEMENTS],
}

impl Plan {
    /// The plan converting `from` to `to`, or why there is none ([`classify`](super::classify)'s
    /// errors, and [`ConvertError::TooManyElements`] past [`MAX_PLAN_ELEMENTS`]).
    ///
    /// Its rounds always equal the [lower bound](Self::lower_bound).
    pub const fn new(from: &Numeral, to: &Numeral) -> Result<Plan, ConvertError> {
        if let Err(e) = validate(from, to) {
            return Err(e);
        }
        if to.elements as usize > MAX_PLAN_ELEMENTS {
            return Err(ConvertError::TooManyElements {
                elements: to.elements,
                limit: MAX_PLAN_ELEMENTS as u32,
            });
        }
        let mut routes = Routes::new(to.elements);
        let class = match scan(from, to, &mut routes) {
            Ok(c) => c,
            Err(e) => return Err(e),
        };
        let bound = lower_bound(&routes);
        let colouring = if bound == 0 {
            Colouring::empty()
        } else {
            let groups = Groups::of(&routes);
            match groups.pack(bound) {
                Some(c) => c,
                None => edge_colour(&routes, &groups, bound),
            }
        };
        let mut plan = Plan {
            class,
            warps: to.warps,
            elements: to.elements,
            rounds: colouring.rounds,
            lower_bound: bound,
            selects: 0,
            local: [[NONE; L]; MAX_PLAN_ELEMENTS],
            src_lane: [[NONE; L]; MAX_PLAN_ELEMENTS],
            send: [[NONE; L]; MAX_PLAN_ELEMENTS],
            recv: [[NONE; L]; MAX_PLAN_ELEMENTS],
        };
        plan.fill(&routes, &colouring);
        plan.selects = plan.count_selects();
        Ok(plan)
    }

    /// The plan that moves nothing: destination element `e` of every lane is its own source
    /// element `e` (`elements` is clamped to [`MAX_PLAN_ELEMENTS`]). Not a conversion between
    /// two layouts: generated code falls back to it after reporting why a pair cannot be
    /// converted, so that the one error is not followed by others about the same constants.
    ///
    /// ```
    /// use fraglayout::convert::{Class, Plan};
    /// const KEEP: Plan = Plan::keep(4);
    /// assert_eq!((KEEP.class(), KEEP.rounds(), KEEP.selects()), (Class::Identity, 0, 0));
    /// assert_eq!(KEEP.local_source(3, 17), Some(3));
    /// ```
    pub const fn keep(elements: u32) -> Plan {
        let elements = if elements as usize > MAX_PLAN_ELEMENTS {
            MAX_PLAN_ELEMENTS as u32
        } else {
            elements
        };
        let mut plan = Plan {
            class: Class::Identity,
            warps: 1,
            elements,
            rounds: 0,
            lower_bound: 0,
            selects: 0,
            local: [[NONE; L]; MAX_PLAN_ELEMENTS],
            src_lane: [[NONE; L]; MAX_PLAN_ELEMENTS],
            send: [[NONE; L]; MAX_PLAN_ELEMENTS],
            recv: [[NONE; L]; MAX_PLAN_ELEMENTS],
        };
        let mut e = 0;
        while e < elements as usize {
            plan.local[e] = [e as u8; L];
            e += 1;
        }
        plan
    }

    /// The error's words naming both layouts: `no conversion from `A` to `B`: ...`.
    pub const fn error_message(from: &Numeral, to: &Numeral, e: &ConvertError) -> Message {
        let mut m = Message::new();
        m.push("no conversion from `");
        m.push(from.name);
        m.push("` to `");
        m.push(to.name);
        m.push("`: ");
        m.push(e.message_naming(from.name, to.name).as_str());
        m
    }

    /// [`new`](Self::new), failing compilation (or panicking at run time) with the error's
    /// message, naming both layouts: `const P: Plan = Plan::new_or_panic(&FROM, &TO);`.
    ///
    /// ```compile_fail
    /// use fraglayout::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C};
    /// use fraglayout::convert::Plan;
    /// // error: no conversion from `SM80_16x8x16_F32_C` to `SM80_16x8x16_F16_A_ROW`: the tiles
    /// //        differ: from is 16 x 8, to is 16 x 16: use
    /// //        `SM80_16x8x16_F32_C.tiled_or_panic(1, 2).numeral()` as from
    /// const P: Plan = Plan::new_or_panic(&SM80_16x8x16_F32_C, &SM80_16x8x16_F16_A_ROW);
    /// ```
    pub const fn new_or_panic(from: &Numeral, to: &Numeral) -> Plan {
        match Plan::new(from, to) {
            Ok(p) => p,
            Err(e) => panic!("{}", Plan::error_message(from, to, &e).as_str()),
        }
    }

    /// Fills the tables from the routes and the rounds.
    const fn fill(&mut self, r: &Routes, c: &Colouring) {
        let mut e = 0;
        while e < r.elements {
            let mut l = 0;
            while l < L {
                if r.crosses(e, l) {
                    let round = c.round[e][l] as usize;
                    self.src_lane[round][l] = r.lane[e][l];
                    self.recv[round][l] = e as u8;
                    self.send[round][r.lane[e][l] as usize] = r.reg[e][l];
                } else {
                    self.local[e][l] = r.reg[e][l];
                }
                l += 1;
            }
            e += 1;
        }
        let mut round = 0;
        while round < self.rounds as usize {
            self.fill_uniform(round, r, c);
            self.fill_idle(round);
            round += 1;
        }
    }

    /// A round whose receivers all fill one register `d` is made to fill `d` in all 32 lanes
    /// (no select, [`Plan::recv_uniform`]) where every other lane can write `d` harmlessly
    /// without a new register offered:
    ///
    /// - its `d` arrives in a later round, which overwrites: it reads a lane nobody reads;
    /// - its `d` is held in register `s` of lane `h` (itself for a value that stays, or the
    ///   sender of a move made in an earlier round) that nobody reads and that can offer `s`,
    ///   a register the round offers already: it reads `h` and receives its own value again.
    ///
    /// The lane read is `lane ^ x` when every receiver reads `lane ^ x` (the round stays one
    /// xor shuffle), else the holder (itself for a value that arrives later). No lane is read
    /// twice, so the round's receivers still read distinct lanes. All or nothing: one lane
    /// that cannot leaves the round as it was.
    const fn fill_uniform(&mut self, round: usize, r: &Routes, c: &Colouring) {
        let filled = mask(&self.recv[round]);
        if filled.count_ones() != 1 {
            return;
        }
        let d = filled.trailing_zeros() as usize;
        let offered = mask(&self.send[round]);
        let mut src = self.src_lane[round];
        let mut send = self.send[round];
        let mut read: u32 = 0;
        let mut xor: Option<usize> = None;
        let mut agree = true;
        let mut l = 0;
        while l < L {
            if self.recv[round][l] != NONE {
                read |= 1 << src[l];
                let x = src[l] as usize ^ l;
                match xor {
                    None => xor = Some(x),
                    Some(y) if y != x => agree = false,
                    Some(_) => {}
                }
            }
            l += 1;
        }
        let mut l = 0;
        while l < L {
            if self.recv[round][l] == NONE {
                let holder = r.lane[d][l] as usize;
                let later = holder != l && c.round[d][l] as usize > round;
                let w = match xor {
                    Some(x) if agree => l ^ x,
                    _ if later => l,
                    _ => holder,
                };
                if (read >> w) & 1 == 1 {
                    return;
                }
                if !later {
                    let s = r.reg[d][l];
                    if w != holder || (offered >> s) & 1 == 0 {
                        return;
                    }
                    send[w] = s;
                }
                read |= 1 << w;
                src[l] = w as u8;
            }
            l += 1;
        }
        self.src_lane[round] = src;
        self.send[round] = send;
        self.recv[round] = [d as u8; L];
    }

    /// The lanes a round leaves idle: one that receives nothing reads `lane ^ x` when every
    /// receiving lane reads `lane ^ x` (the round stays one xor shuffle), else itself; one that
    /// nobody reads offers the round's most common register.
    const fn fill_idle(&mut self, round: usize) {
        let mut xor: Option<u8> = None;
        let mut agree = true;
        let mut count = [0u8; MAX_PLAN_ELEMENTS];
        let mut common = 0;
        let mut l = 0;
        while l < L {
            if self.recv[round][l] != NONE {
                let x = self.src_lane[round][l] ^ l as u8;
                match xor {
                    None => xor = Some(x),
                    Some(y) if y != x => agree = false,
                    Some(_) => {}
                }
            }
            let s = self.send[round][l] as usize;
            if s != NONE as usize {
                count[s] += 1;
                if count[s] > count[common] || (count[s] == count[common] && s < common) {
                    common = s;
                }
            }
            l += 1;
        }
        let mut l = 0;
        while l < L {
            if self.recv[round][l] == NONE {
                self.src_lane[round][l] = match xor {
                    Some(x) if agree => l as u8 ^ x,
                    _ => l as u8,
                };
            }
            if self.send[round][l] == NONE {
                self.send[round][l] = common as u8;
            }
            l += 1;
        }
    }

    /// The selects the generated code spends (see [the plan's docs](Plan#selects)).
    const fn count_selects(&self) -> u32 {
        let mut total = 0;
        let mut round = 0;
        while round < self.rounds as usize {
            // Registers offered by lanes that some receiving lane reads.
            let mut read: u32 = 0;
            let mut l = 0;
            while l < L {
                if self.recv[round][l] != NONE {
                    read |= 1 << self.src_lane[round][l];
                }
                l += 1;
            }
            let mut offered: u128 = 0;
            let mut l = 0;
            while l < L {
                if (read >> l) & 1 == 1 {
                    offered |= 1 << self.send[round][l];
                }
                l += 1;
            }
            total += offered.count_ones().saturating_sub(1);
            if self.recv_uniform(round as u32).is_none() {
                total += self.recv_mask(round as u32).count_ones();
            }
            round += 1;
        }
        let mut e = 0;
        while e < self.elements as usize {
            let mut sources: u128 = 0;
            let mut l = 0;
            while l < L {
                if self.local[e][l] != NONE {
                    sources |= 1 << self.local[e][l];
                }
                l += 1;
            }
            total += sources.count_ones().saturating_sub(1);
            e += 1;
        }
        total
    }

    /// The class of the conversion.
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

    /// Shuffle rounds; always [`lower_bound`](Self::lower_bound).
    pub const fn rounds(&self) -> u32 {
        self.rounds
    }

    /// The fewest rounds any plan needs: the largest number of values one lane must send to,
    /// or receive from, other lanes (see [the plan's docs](Plan#the-lower-bound-on-rounds)).
    pub const fn lower_bound(&self) -> u32 {
        self.lower_bound
    }

    /// The lane-dependent register choices the generated code spends (see [the plan's
    /// docs](Plan#selects)).
    pub const fn selects(&self) -> u32 {
        self.selects
    }

    /// The register of the lane's own source that destination element `e` is taken from,
    /// before any round; `None` when the value comes from another lane (or out of range).
    pub const fn local_source(&self, e: u32, lane: u32) -> Option<u32> {
        if e >= self.elements || lane >= LANES {
            return None;
        }
        some(self.local[e as usize][lane as usize])
    }

    /// `Some(s)` when every lane takes destination element `e` locally from its register `s`.
    pub const fn local_uniform(&self, e: u32) -> Option<u32> {
        if e >= self.elements {
            return None;
        }
        uniform(&self.local[e as usize])
    }

    /// The lane that `lane` reads in round `round`'s shuffle. A lane that receives nothing
    /// reads itself, or `lane ^ x` when every receiving lane reads `lane ^ x` (see
    /// [`src_xor`](Self::src_xor)). Out of range: `lane`.
    pub const fn src_lane(&self, round: u32, lane: u32) -> u32 {
        if round >= self.rounds || lane >= LANES {
            return lane;
        }
        self.src_lane[round as usize][lane as usize] as u32
    }

    /// `Some(x)` when every lane reads `lane ^ x` in round `round`.
    pub const fn src_xor(&self, round: u32) -> Option<u32> {
        if round >= self.rounds {
            return None;
        }
        let x = self.src_lane[round as usize][0] as u32;
        let mut l = 1;
        while l < L {
            if self.src_lane[round as usize][l] as u32 != l as u32 ^ x {
                return None;
            }
            l += 1;
        }
        Some(x)
    }

    /// The register `lane` offers in round `round`; a lane nobody reads offers the round's most
    /// common register. Out of range: 0.
    pub const fn send(&self, round: u32, lane: u32) -> u32 {
        if round >= self.rounds || lane >= LANES {
            return 0;
        }
        self.send[round as usize][lane as usize] as u32
    }

    /// `Some(s)` when every lane offers register `s` in round `round`.
    pub const fn send_uniform(&self, round: u32) -> Option<u32> {
        if round >= self.rounds {
            return None;
        }
        uniform(&self.send[round as usize])
    }

    /// The registers offered in round `round` by some lane, one bit each.
    pub const fn send_mask(&self, round: u32) -> u128 {
        if round >= self.rounds {
            return 0;
        }
        mask(&self.send[round as usize])
    }

    /// The register `lane` fills in round `round`, or `None` when it receives nothing.
    pub const fn recv(&self, round: u32, lane: u32) -> Option<u32> {
        if round >= self.rounds || lane >= LANES {
            return None;
        }
        some(self.recv[round as usize][lane as usize])
    }

    /// `Some(d)` only when all 32 lanes fill register `d` in round `round`.
    pub const fn recv_uniform(&self, round: u32) -> Option<u32> {
        if round >= self.rounds {
            return None;
        }
        uniform(&self.recv[round as usize])
    }

    /// The registers some lane fills in round `round`, one bit each.
    pub const fn recv_mask(&self, round: u32) -> u128 {
        if round >= self.rounds {
            return 0;
        }
        mask(&self.recv[round as usize])
    }
}

/// The largest number of cross-lane moves at one lane, sending or receiving.
pub(crate) const fn lower_bound(r: &Routes) -> u32 {
    let mut sends = [0u32; L];
    let mut receives = [0u32; L];
    let mut e = 0;
    while e < r.elements {
        let mut l = 0;
        while l < L {
            if r.crosses(e, l) {
                receives[l] += 1;
                sends[r.lane[e][l] as usize] += 1;
            }
            l += 1;
        }
        e += 1;
    }
    let mut bound = 0;
    let mut l = 0;
    while l < L {
        if sends[l] > bound {
            bound = sends[l];
        }
        if receives[l] > bound {
            bound = receives[l];
        }
        l += 1;
    }
    bound
}

/// A table entry as an option.
const fn some(v: u8) -> Option<u32> {
    if v == NONE {
        None
    } else {
        Some(v as u32)
    }
}

/// `Some(v)` when every lane's entry is the same `v` (not `NONE`).
const fn uniform(row: &[u8; L]) -> Option<u32> {
    let v = row[0];
    let mut l = 1;
    while l < L {
        if row[l] != v {
            return None;
        }
        l += 1;
    }
    some(v)
}

/// The entries of a row, one bit each (`NONE` left out).
const fn mask(row: &[u8; L]) -> u128 {
    let mut m: u128 = 0;
    let mut l = 0;
    while l < L {
        if row[l] != NONE {
            m |= 1 << row[l];
        }
        l += 1;
    }
    m
}
