//! Support for the code `#[convert_layout]` generates: the plan's per-lane choices as 32-entry
//! tables, and the selects that spend them.
//!
//! Generated code reads a table only where the plan's choice depends on the lane; where every
//! lane makes the same choice it indexes its registers with a constant instead. A select
//! ([`pick`], [`place`]) visits only the registers in its constant mask: unrolled for a constant
//! `N`, it is one comparison and one conditional move per register some lane uses, which is what
//! [`Plan::selects`] counts.
//!
//! ```
//! use fraglayout::generated::{pick, place};
//! let regs = [10, 11, 12, 13];
//! assert_eq!(pick(&regs, 2, 0b0110), 12);
//! assert_eq!(pick(&regs, 0xFF, 0b0110), 11); // a lane that needs none of them: the lowest in the mask
//! let mut to = [0; 4];
//! place(&mut to, 3, 7, 0b1000);
//! place(&mut to, 0xFF, 9, 0b1000);           // a lane that keeps nothing this round
//! assert_eq!(to, [0, 0, 0, 7]);
//! ```

use crate::convert::{PackedPlan, Plan, MAX_PLAN_ELEMENTS};
use crate::message::Message;
use crate::numeral::LANES;

/// A table entry meaning "none": the lane takes nothing, or keeps nothing.
pub const NONE: u8 = 0xFF;

/// `regs[which]`, as selects among the registers in `mask` (bit `i`: register `i`). A `which`
/// outside the mask gives the lowest register in it (the lane's value is not used).
#[inline(always)]
pub fn pick<T: Copy, const N: usize>(regs: &[T; N], which: u8, mask: u128) -> T {
    let mut value = regs[lowest(mask, N)];
    let mut i = 0;
    while i < N {
        if mask >> i & 1 != 0 && which as usize == i {
            value = regs[i];
        }
        i += 1;
    }
    value
}

/// `regs[which] = value`, as selects among the registers in `mask`; nothing for a `which`
/// outside it.
#[inline(always)]
pub fn place<T: Copy, const N: usize>(regs: &mut [T; N], which: u8, value: T, mask: u128) {
    let mut i = 0;
    while i < N {
        if mask >> i & 1 != 0 && which as usize == i {
            regs[i] = value;
        }
        i += 1;
    }
}

/// The lowest register in `mask` below `n`, or 0.
const fn lowest(mask: u128, n: usize) -> usize {
    let low = mask.trailing_zeros() as usize;
    if low < n {
        low
    } else {
        0
    }
}

/// `Some(i)` as an index, `None` as 0 (for a constant index in a branch that is folded away).
pub const fn index_or_zero(i: Option<u32>) -> usize {
    match i {
        Some(i) => i as usize,
        None => 0,
    }
}

/// For destination element `e`: the register every lane that takes it in-lane takes it from,
/// when they agree; `None` when no lane takes it in-lane or they differ.
pub const fn local_single(plan: &Plan, e: u32) -> Option<u32> {
    let mask = local_mask(plan, e);
    if mask != 0 && mask.count_ones() == 1 {
        Some(mask.trailing_zeros())
    } else {
        None
    }
}

/// The registers lanes take destination element `e` from in-lane (bit `i`: register `i`).
pub const fn local_mask(plan: &Plan, e: u32) -> u128 {
    let mut mask = 0u128;
    let mut lane = 0;
    while lane < LANES {
        if let Some(s) = plan.local_source(e, lane) {
            mask |= 1u128 << s;
        }
        lane += 1;
    }
    mask
}

/// Per lane, the register it takes destination element `e` from in-lane, or [`NONE`].
pub const fn local_table(plan: &Plan, e: u32) -> [u8; 32] {
    let mut table = [NONE; 32];
    let mut lane = 0;
    while lane < LANES {
        if let Some(s) = plan.local_source(e, lane) {
            table[lane as usize] = s as u8;
        }
        lane += 1;
    }
    table
}

/// Per lane, the register it offers in round `r`.
pub const fn send_table(plan: &Plan, r: u32) -> [u8; 32] {
    let mut table = [0; 32];
    let mut lane = 0;
    while lane < LANES {
        table[lane as usize] = plan.send(r, lane) as u8;
        lane += 1;
    }
    table
}

/// Per lane, the lane it reads in round `r`.
pub const fn src_table(plan: &Plan, r: u32) -> [u8; 32] {
    let mut table = [0; 32];
    let mut lane = 0;
    while lane < LANES {
        table[lane as usize] = plan.src_lane(r, lane) as u8;
        lane += 1;
    }
    table
}

/// Per lane, the register it keeps what it reads in round `r` in, or [`NONE`].
pub const fn recv_table(plan: &Plan, r: u32) -> [u8; 32] {
    let mut table = [NONE; 32];
    let mut lane = 0;
    while lane < LANES {
        if let Some(d) = plan.recv(r, lane) {
            table[lane as usize] = d as u8;
        }
        lane += 1;
    }
    table
}

/// The message for a signature whose arrays do not hold the layouts' elements per lane.
pub const fn conversion_len_error(plan: &Plan, len: usize) -> Option<Message> {
    if plan.elements() as usize == len {
        return None;
    }
    let mut m = Message::new();
    m.push("the fragment arrays have ");
    m.push_num(len as u64);
    m.push(" elements, the layouts ");
    m.push_num(plan.elements() as u64);
    m.push(" per lane: write `[T; ");
    m.push_num(plan.elements() as u64);
    m.push("]`");
    Some(m)
}

/// A plan's rounds as lane arithmetic, where they have that form: [`Plan::lane_arith`].
///
/// Row 0 holds the columns of three maps that are linear over the bits of the lane (xor of the
/// columns of its set bits): entries 0 to 4 the lane read (`src`), 5 to 9 the xor on the
/// registers a lane offers (`A`), 10 to 14 the xor on the registers a lane keeps in (`B`).
/// Rows 1 to 3 hold, per round `r`, the constants `src_at[r]`, `send_at[r]`, `recv_at[r]`.
/// Entry 15 ([`KEEP_OFFERED`](Plan::KEEP_OFFERED)) is 1 where `y` starts as `g`, the
/// registers as offered, else 0.
/// Lane `l` then runs: `g[i] = from[i ^ A(l)]`; per round
/// `y[recv_at[r]] = shuffle(g[send_at[r]], src(l) ^ src_at[r])`, with `y` starting as `from`
/// (or `g`); and returns `to[j] = y[j ^ B(l)]`. Starting from `g` keeps a lane's own values
/// where they move with the lane: the 4 x 4 transpose in each quad of Volta's A operand,
/// `to[l % 4] = from[l % 4]` and the rest read from lanes `l ^ 1`, `l ^ 2`, `l ^ 3`.
pub type LaneArith = [[u8; MAX_PLAN_ELEMENTS]; 4];

/// The maps of `LaneArith`'s row 0, by the entry they start at.
pub(super) const SRC: usize = 0;
pub(super) const SEND: usize = 5;
pub(super) const RECV: usize = 10;

/// Bits of a lane.
pub(super) const LANE_BITS: usize = 5;

impl Plan {
    /// The entry of `LaneArith`'s row 0 that is 1 where the registers kept in start as the
    /// registers offered (`y = g`), 0 where they start as the source (`y = from`).
    pub const KEEP_OFFERED: usize = 15;

    /// The plan as lane arithmetic (`LaneArith`): `Some` only when that code gives every lane
    /// exactly the plan's result (checked here on every lane, each value named by the lane and
    /// register it comes from) and spends no more selects than the plan's tables.
    ///
    /// ```
    /// use fraglayout::convert::examples::{SM80_16x8x16_F32_C_1x2, VEC8_16x16_ROW};
    /// use fraglayout::convert::Plan;
    /// let plan = Plan::new(&SM80_16x8x16_F32_C_1x2, &VEC8_16x16_ROW).unwrap();
    /// let a = plan.lane_arith().unwrap();
    /// assert_eq!(&a[0][5..10], &[4, 2, 0, 0, 0]); // lanes offer from[i ^ (4 (l & 1) ^ (l & 2))]
    /// ```
    pub const fn lane_arith(&self) -> Option<LaneArith> {
        arith_of(&Moves::of_plan(self), self.selects())
    }

    /// The shifts of a lane map of `LaneArith`'s row 0 (starting at entry `at`): entry `k`
    /// is the mask of the result's bits taken from the lane shifted left by `k - 4`.
    pub const fn lane_shifts(a: &LaneArith, at: usize) -> [u32; 9] {
        let mut masks = [0u32; 9];
        let mut i = 0;
        while i < LANE_BITS {
            let col = a[0][at + i] as u32;
            let mut j = 0;
            while j < LANE_BITS {
                if col >> j & 1 != 0 {
                    masks[j + 4 - i] |= 1 << j;
                }
                j += 1;
            }
            i += 1;
        }
        masks
    }

    /// `lane` (below 32) through the shifts of [`lane_shifts`](Self::lane_shifts): one shift
    /// and `xor` per mask that is not 0, and an `and` where the mask keeps only some of the
    /// bits the shift brings below 32. The rotation `lane << 1 | lane >> 4` is
    /// `(lane << 1 & 30) ^ lane >> 4`.
    #[inline(always)]
    pub const fn lane_map(lane: u32, shifts: &[u32; 9]) -> u32 {
        let mut v = 0;
        let mut k = 0;
        while k < 9 {
            let m = shifts[k];
            if m != 0 && k >= 4 {
                v ^= lane << (k - 4) & m;
            } else if m != 0 {
                // Right shifts mask first, so the lane's bits are tested as they are.
                let s = 4 - k;
                v ^= if m == 31 >> s {
                    lane >> s
                } else {
                    (lane & m << s) >> s
                };
            }
            k += 1;
        }
        v
    }

    /// `regs[j] = regs[j ^ x]` for every `j` when `on`, as one select a register between the
    /// permuted registers and the kept ones, as a permutation on a lane bit is written by hand
    /// for a GPU (`l & 1 ? g[2] : g[0]`). The permuted registers are an array of their own:
    /// a select between two registers of one array LLVM makes an index that depends on `on`,
    /// and the array goes to local memory.
    ///
    /// ```
    /// use fraglayout::convert::Plan;
    /// let mut regs = [10, 11, 12, 13, 14];
    /// Plan::xor_choose(&mut regs, true, 2);
    /// assert_eq!(regs, [12, 13, 10, 11, 14]); // 4 ^ 2 is past the end: register 4 stays
    /// Plan::xor_choose(&mut regs, false, 1);
    /// assert_eq!(regs, [12, 13, 10, 11, 14]);
    /// ```
    #[inline(always)]
    pub fn xor_choose<T: Copy, const N: usize>(regs: &mut [T; N], on: bool, x: usize) {
        let old = *regs;
        let moved: [T; N] = core::array::from_fn(|j| if j ^ x < N { old[j ^ x] } else { old[j] });
        let mut j = 0;
        while j < N {
            regs[j] = if on { moved[j] } else { old[j] };
            j += 1;
        }
    }

    /// `regs[j] = regs[j ^ x]` for every `j` when `on`, what the generated code calls to
    /// permute registers on a lane bit: on a GPU target (`nvptx64`, `amdgpu`) one select a
    /// register ([`xor_choose`](Self::xor_choose)), elsewhere a branch around the moves, which
    /// runs fewer instructions where one thread runs alone.
    #[inline(always)]
    pub fn xor_permute<T: Copy, const N: usize>(regs: &mut [T; N], on: bool, x: usize) {
        #[cfg(any(target_arch = "nvptx64", target_arch = "amdgpu"))]
        Plan::xor_choose(regs, on, x);
        #[cfg(not(any(target_arch = "nvptx64", target_arch = "amdgpu")))]
        if on {
            let old = *regs;
            let mut j = 0;
            while j < N {
                if j ^ x < N {
                    regs[j] = old[j ^ x];
                }
                j += 1;
            }
        }
    }
}

/// One value a register (or word) moved in rounds: what the lane arithmetic reads of a plan,
/// [`Plan`]'s own tables or a [`PackedPlan`] of whole words ([`PackedPlan::word_arith`]).
pub(crate) struct Moves {
    elements: u32,
    rounds: u32,
    /// `[e][lane]`, `[round][lane]`: as in [`Plan`], `NONE` for none.
    local: [[u8; 32]; MAX_PLAN_ELEMENTS],
    src: [[u8; 32]; MAX_PLAN_ELEMENTS],
    send: [[u8; 32]; MAX_PLAN_ELEMENTS],
    recv: [[u8; 32]; MAX_PLAN_ELEMENTS],
}

impl Moves {
    /// No moves: `elements` registers, no round, nothing local.
    pub(crate) const fn new(elements: u32, rounds: u32) -> Moves {
        Moves {
            elements,
            rounds,
            local: [[NONE; 32]; MAX_PLAN_ELEMENTS],
            src: [[NONE; 32]; MAX_PLAN_ELEMENTS],
            send: [[0; 32]; MAX_PLAN_ELEMENTS],
            recv: [[NONE; 32]; MAX_PLAN_ELEMENTS],
        }
    }

    /// `plan`'s moves.
    const fn of_plan(plan: &Plan) -> Moves {
        let mut m = Moves::new(plan.elements(), plan.rounds());
        let mut lane = 0;
        while lane < LANES {
            let l = lane as usize;
            let mut e = 0;
            while e < plan.elements() {
                if let Some(s) = plan.local_source(e, lane) {
                    m.local[e as usize][l] = s as u8;
                }
                e += 1;
            }
            let mut r = 0;
            while r < plan.rounds() {
                m.set_round(
                    r,
                    lane,
                    plan.src_lane(r, lane),
                    plan.send(r, lane),
                    plan.recv(r, lane),
                );
                r += 1;
            }
            lane += 1;
        }
        m
    }

    /// Round `r` at `lane`: the lane it reads, the register it offers, the one it keeps in.
    pub(crate) const fn set_round(
        &mut self,
        r: u32,
        lane: u32,
        src: u32,
        send: u32,
        recv: Option<u32>,
    ) {
        let (r, l) = (r as usize, lane as usize);
        self.src[r][l] = src as u8;
        self.send[r][l] = send as u8;
        if let Some(d) = recv {
            self.recv[r][l] = d as u8;
        }
    }

    /// Destination register `e` of `lane` is its own register `s`.
    pub(crate) const fn set_local(&mut self, e: u32, lane: u32, s: u32) {
        self.local[e as usize][lane as usize] = s as u8;
    }

    const fn elements(&self) -> u32 {
        self.elements
    }

    const fn rounds(&self) -> u32 {
        self.rounds
    }

    const fn local_source(&self, e: u32, lane: u32) -> Option<u32> {
        some(self.local[e as usize][lane as usize])
    }

    const fn src_lane(&self, r: u32, lane: u32) -> u32 {
        self.src[r as usize][lane as usize] as u32
    }

    const fn send(&self, r: u32, lane: u32) -> u32 {
        self.send[r as usize][lane as usize] as u32
    }

    const fn recv(&self, r: u32, lane: u32) -> Option<u32> {
        some(self.recv[r as usize][lane as usize])
    }
}

/// A table entry as an option.
const fn some(v: u8) -> Option<u32> {
    if v == NONE {
        None
    } else {
        Some(v as u32)
    }
}

/// `plan` as lane arithmetic ([`Plan::lane_arith`]), where it gives every lane the plan's
/// result and spends at most `selects` selects.
pub(crate) const fn arith_of(plan: &Moves, selects: u32) -> Option<LaneArith> {
    if plan.rounds() == 0 {
        return None;
    }
    let mut a = [[0u8; MAX_PLAN_ELEMENTS]; 4];
    let mut kind = 0;
    while kind < 3 {
        let cols = columns(plan, kind);
        let mut i = 0;
        while i < LANE_BITS {
            a[0][kind * LANE_BITS + i] = cols[i];
            i += 1;
        }
        let mut r = 0;
        while r < plan.rounds() {
            a[kind + 1][r as usize] = offset(plan, kind, r, &cols);
            r += 1;
        }
        kind += 1;
    }
    if !permutes(plan, &a) || arith_selects(plan, &a) > selects {
        return None;
    }
    if agrees(plan, &a) {
        return Some(a);
    }
    a[0][Plan::KEEP_OFFERED] = 1;
    if agrees(plan, &a) {
        Some(a)
    } else {
        None
    }
}

/// Arithmetic on packed words' registers.
impl PackedPlan {
    /// `regs[j] = regs[j ^ x]` for every `j` when `on`, what the generated code calls to
    /// permute packed words on a lane bit: on a GPU target one select a register
    /// ([`Plan::xor_choose`]); elsewhere one select between the permuted and the kept array, the
    /// way a person writes a swap of words on a lane bit (`if l & 1 != 0 { [w[1], w[0]] } else
    /// { w }`), which LLVM makes a branch around the moves for more than two words.
    #[inline(always)]
    pub fn xor_select<const N: usize>(regs: &mut [u32; N], on: bool, x: usize) {
        #[cfg(any(target_arch = "nvptx64", target_arch = "amdgpu"))]
        Plan::xor_choose(regs, on, x);
        #[cfg(not(any(target_arch = "nvptx64", target_arch = "amdgpu")))]
        {
            let old = *regs;
            let moved: [u32; N] =
                core::array::from_fn(|j| if j ^ x < N { old[j ^ x] } else { old[j] });
            *regs = if on { moved } else { old };
        }
    }
}

/// What map `kind` (0: the lane read, 1: the register offered, 2: the register kept in) gives
/// at `lane` in round `r`, where it matters: the lane read and the register kept where the
/// lane keeps something, the register offered where a lane that keeps reads it.
const fn wanted(plan: &Moves, kind: usize, r: u32, lane: u32) -> Option<u32> {
    match kind {
        0 => match plan.recv(r, lane) {
            Some(_) => Some(plan.src_lane(r, lane)),
            None => None,
        },
        1 => {
            let mut m = 0;
            while m < LANES {
                if plan.src_lane(r, m) == lane && plan.recv(r, m).is_some() {
                    return Some(plan.send(r, lane));
                }
                m += 1;
            }
            None
        }
        _ => plan.recv(r, lane),
    }
}

/// The columns of map `kind`: for lane bit `i`, what it xors into the map, read off the
/// first round where lane 0 and lane `1 << i` both matter (0 where none does).
const fn columns(plan: &Moves, kind: usize) -> [u8; LANE_BITS] {
    let mut cols = [0u8; LANE_BITS];
    let mut i = 0;
    while i < LANE_BITS {
        let mut r = 0;
        while r < plan.rounds() {
            if let (Some(z), Some(b)) = (wanted(plan, kind, r, 0), wanted(plan, kind, r, 1 << i)) {
                cols[i] = (z ^ b) as u8;
                break;
            }
            r += 1;
        }
        i += 1;
    }
    cols
}

/// The xor of `cols[i]` over the set bits `i` of `lane`.
const fn linear(cols: &[u8], lane: u32) -> u32 {
    let mut v = 0;
    let mut i = 0;
    while i < LANE_BITS {
        if lane >> i & 1 != 0 {
            v ^= cols[i] as u32;
        }
        i += 1;
    }
    v
}

/// Whether every xor of a row 0 (`LaneArith`'s, `PackArith`'s) from entry `at` permutes `n`
/// entries.
pub(super) const fn xors_permute(row: &[u8; MAX_PLAN_ELEMENTS], at: usize, n: usize) -> bool {
    let mut i = 0;
    while i < LANE_BITS {
        let x = row[at + i] as usize;
        if x != 0 && (!n.is_power_of_two() || x >= n) {
            return false;
        }
        i += 1;
    }
    true
}

/// The lane map of a row 0 (as `LaneArith`'s) starting at entry `at`, at `lane`.
pub(super) const fn map(row: &[u8; MAX_PLAN_ELEMENTS], at: usize, lane: u32) -> u32 {
    let mut v = 0;
    let mut i = 0;
    while i < LANE_BITS {
        if lane >> i & 1 != 0 {
            v ^= row[at + i] as u32;
        }
        i += 1;
    }
    v
}

/// Map `kind`'s constant in round `r`, read off the first lane where it matters.
const fn offset(plan: &Moves, kind: usize, r: u32, cols: &[u8; LANE_BITS]) -> u8 {
    let mut lane = 0;
    while lane < LANES {
        if let Some(v) = wanted(plan, kind, r, lane) {
            return (v ^ linear(cols, lane)) as u8;
        }
        lane += 1;
    }
    0
}

/// Every register xor keeps the registers in range, so each is a permutation.
const fn permutes(plan: &Moves, a: &LaneArith) -> bool {
    let n = plan.elements();
    let mut k = SEND;
    while k < RECV + LANE_BITS {
        let mut j = 0;
        while j < n {
            if j ^ a[0][k] as u32 >= n {
                return false;
            }
            j += 1;
        }
        k += 1;
    }
    let mut r = 0;
    while r < plan.rounds() {
        if a[2][r as usize] as u32 >= n || a[3][r as usize] as u32 >= n {
            return false;
        }
        r += 1;
    }
    true
}

/// The selects the arithmetic spends: one per register for each lane bit that permutes the
/// offered registers or those kept in.
const fn arith_selects(plan: &Moves, a: &LaneArith) -> u32 {
    let mut stages = 0;
    let mut k = SEND;
    while k < RECV + LANE_BITS {
        if a[0][k] != 0 {
            stages += 1;
        }
        k += 1;
    }
    stages * plan.elements()
}

/// A value, named by the lane and the register of the source fragment it comes from.
const fn value(lane: u32, reg: u32) -> u16 {
    (lane * MAX_PLAN_ELEMENTS as u32 + reg) as u16
}

/// Whether the arithmetic gives every lane the plan's result, every value in its place.
const fn agrees(plan: &Moves, a: &LaneArith) -> bool {
    let n = plan.elements() as usize;
    let mut lane = 0;
    while lane < LANES {
        let want = planned(plan, lane);
        let start = match a[0][Plan::KEEP_OFFERED] {
            0 => 0,
            _ => map(&a[0], SEND, lane) as usize,
        };
        let mut y = [0u16; MAX_PLAN_ELEMENTS];
        let mut e = 0;
        while e < n {
            y[e] = value(lane, (e ^ start) as u32);
            e += 1;
        }
        let mut r = 0;
        while r < plan.rounds() as usize {
            let src = map(&a[0], SRC, lane) ^ a[1][r] as u32;
            let reg = a[2][r] as u32 ^ map(&a[0], SEND, src);
            y[a[3][r] as usize] = value(src, reg);
            r += 1;
        }
        let b = map(&a[0], RECV, lane) as usize;
        let mut j = 0;
        while j < n {
            if y[j ^ b] != want[j] {
                return false;
            }
            j += 1;
        }
        lane += 1;
    }
    true
}

/// Lane `lane`'s result under the plan: its own registers, the in-lane moves, then the rounds.
const fn planned(plan: &Moves, lane: u32) -> [u16; MAX_PLAN_ELEMENTS] {
    let n = plan.elements();
    let mut to = [0u16; MAX_PLAN_ELEMENTS];
    let mut e = 0;
    while e < n {
        to[e as usize] = match plan.local_source(e, lane) {
            Some(s) => value(lane, s),
            None => value(lane, e),
        };
        e += 1;
    }
    let mut r = 0;
    while r < plan.rounds() {
        if let Some(d) = plan.recv(r, lane) {
            let src = plan.src_lane(r, lane);
            to[d as usize] = value(src, plan.send(r, src));
        }
        r += 1;
    }
    to
}

/// A packed plan's parts as the code `#[convert_layout]` generates reads them: per-lane tables
/// of 32 entries, `NONE` where a lane takes nothing, and the constants folded from them.
impl PackedPlan {
    /// Per lane: for `kind` 0 the own source element destination element `at` is (`round`
    /// unused), for 1 the source element put in part `at` of the word offered in `round`, for
    /// 2 the destination element part `at` of the word read fills; `NONE` for none.
    pub const fn lane_table(&self, kind: u32, round: u32, at: u32) -> [u8; 32] {
        let mut t = [NONE; 32];
        let mut lane = 0;
        while lane < LANES {
            if let Some(v) = self.entry(kind, round, lane, at) {
                t[lane as usize] = v as u8;
            }
            lane += 1;
        }
        t
    }

    /// One entry of [`lane_table`](Self::lane_table).
    const fn entry(&self, kind: u32, round: u32, lane: u32, at: u32) -> Option<u32> {
        match kind {
            0 => self.local_source(at, lane),
            1 => self.send(round, lane, at),
            _ => self.recv(round, lane, at),
        }
    }

    /// The entry every lane of `t` that has one agrees on (lanes without one take it too,
    /// harmlessly); `None` where none has one or they differ.
    pub const fn table_single(t: &[u8; 32]) -> Option<u32> {
        let mut one = NONE;
        let mut l = 0;
        while l < 32 {
            if t[l] != NONE {
                if one != NONE && one != t[l] {
                    return None;
                }
                one = t[l];
            }
            l += 1;
        }
        some(one)
    }

    /// `Some(v)` when all 32 entries of `t` are `v` (no lane without one).
    pub const fn table_all(t: &[u8; 32]) -> Option<u32> {
        match PackedPlan::table_single(t) {
            Some(v) if t[0] as u32 == v && t[31] as u32 == v => {
                let mut l = 0;
                while l < 32 {
                    if t[l] == NONE {
                        return None;
                    }
                    l += 1;
                }
                Some(v)
            }
            _ => None,
        }
    }

    /// The words the entries of `t` lie in, elements `per_word` to a word (bit `w`: word `w`).
    pub const fn table_words(t: &[u8; 32], per_word: u32) -> u128 {
        let mut mask = 0u128;
        let mut l = 0;
        while l < 32 {
            if t[l] != NONE {
                mask |= 1 << (t[l] as u32 / per_word);
            }
            l += 1;
        }
        mask
    }

    /// The lane each lane reads in `round` (itself where it receives nothing).
    pub const fn src_lanes(&self, round: u32) -> [u8; 32] {
        let mut t = [0; 32];
        let mut lane = 0;
        while lane < LANES {
            t[lane as usize] = self.src_lane(round, lane) as u8;
            lane += 1;
        }
        t
    }

    /// `Some(x)` when every lane that receives a part in `round` reads `lane ^ x`.
    pub const fn src_xor(&self, round: u32) -> Option<u32> {
        let mut x = NONE as u32;
        let mut lane = 0;
        while lane < LANES {
            let mut j = 0;
            while j < self.per_word() {
                if self.recv(round, lane, j).is_some() {
                    let y = self.src_lane(round, lane) ^ lane;
                    if x != NONE as u32 && x != y {
                        return None;
                    }
                    x = y;
                }
                j += 1;
            }
            lane += 1;
        }
        if x == NONE as u32 {
            None
        } else {
            Some(x)
        }
    }

    /// The word of element `e`, `per_word` to a word, as an index into `words` words (0 past
    /// them, for a constant in a branch that is folded away).
    pub const fn word_at(e: u32, per_word: u32, words: usize) -> usize {
        let w = (e / per_word) as usize;
        if w < words {
            w
        } else {
            0
        }
    }

    /// The part of its word element `e` is in, `per_word` to a word.
    #[inline(always)]
    pub const fn part_of(e: u32, per_word: u32) -> u32 {
        e % per_word
    }

    /// Part `from` of `word` moved to part `to`, the other bits 0, parts `per_word` to a word:
    /// a shift and a mask (none where they fold away).
    #[inline(always)]
    pub const fn part(word: u32, from: u32, to: u32, per_word: u32) -> u32 {
        let bits = 32 / per_word;
        let mask = u32::MAX >> (32 - bits);
        (word >> (from * bits) & mask) << (to * bits)
    }

    /// `word` with part `at` replaced by `value` (below the part's mask).
    #[inline(always)]
    pub const fn set_part(word: u32, at: u32, value: u32, per_word: u32) -> u32 {
        let bits = 32 / per_word;
        let mask = u32::MAX >> (32 - bits);
        word & !(mask << (at * bits)) | value << (at * bits)
    }

    /// Element `which` of `regs` (packed `per_word` to a word) set to `value`, as selects among
    /// the words in `mask`; nothing for a `which` outside them.
    #[inline(always)]
    pub fn place_part<const N: usize>(
        regs: &mut [u32; N],
        which: u8,
        value: u32,
        per_word: u32,
        mask: u128,
    ) {
        let (w, at) = (which as u32 / per_word, which as u32 % per_word);
        let mut i = 0;
        while i < N {
            if mask >> i & 1 != 0 && w as usize == i {
                regs[i] = PackedPlan::set_part(regs[i], at, value, per_word);
            }
            i += 1;
        }
    }

    /// The plan as lane arithmetic on whole words (`LaneArith`, `elements` the words), where
    /// every word is offered and kept whole, parts in place, and every in-lane value stays in
    /// its part of a whole word moved as one: then the words move as single values do.
    pub const fn word_arith(&self) -> Option<LaneArith> {
        match self.word_moves() {
            Some(m) => arith_of(&m, u32::MAX),
            None => None,
        }
    }

    /// Where words split ([`word_arith`](Self::word_arith) is `None`) and packing saves no
    /// round (`plan`, the one-value-a-shuffle plan of the same layouts, has as many rounds as
    /// this one): `plan`'s lane arithmetic, for the values taken out of their words, moved one
    /// a register and put back together. `None` where that does not hold or `plan` has no
    /// lane-arithmetic form.
    ///
    /// ```
    /// use fraglayout::catalog::{SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N};
    /// use fraglayout::convert::{PackedPlan, Plan};
    /// let (from, to) = (&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T);
    /// let packed = PackedPlan::new(from, to, 2).unwrap();
    /// let plan = Plan::new(from, to).unwrap();
    /// assert!(packed.word_arith().is_none()); // the 8 x 8 transpose splits every word
    /// assert_eq!((packed.rounds(), plan.rounds()), (2, 2));
    /// assert!(packed.element_arith(&plan).is_some());
    /// ```
    pub const fn element_arith(&self, plan: &Plan) -> Option<LaneArith> {
        if self.word_arith().is_some()
            || plan.rounds() != self.rounds()
            || plan.elements() != self.elements()
        {
            return None;
        }
        plan.lane_arith()
    }

    /// The plan's moves as whole words, or `None` where some word is split.
    const fn word_moves(&self) -> Option<Moves> {
        if self.rounds() > self.words() {
            return None;
        }
        let mut m = Moves::new(self.words(), self.rounds());
        let mut lane = 0;
        while lane < LANES {
            let mut w = 0;
            while w < self.words() {
                match self.whole(0, 0, lane, w) {
                    Ok(Some(s)) => m.set_local(w, lane, s),
                    Ok(None) => {}
                    Err(()) => return None,
                }
                w += 1;
            }
            let mut r = 0;
            while r < self.rounds() {
                let (Ok(send), Ok(recv)) = (self.whole(1, r, lane, 0), self.whole(2, r, lane, 0))
                else {
                    return None;
                };
                let send = match send {
                    Some(s) => s,
                    None => 0,
                };
                m.set_round(r, lane, self.src_lane(r, lane), send, recv);
                r += 1;
            }
            lane += 1;
        }
        Some(m)
    }

    /// What `kind` (as in [`lane_table`](Self::lane_table)) says of a whole word at `lane`:
    /// the local parts of destination word `w` (kind 0) or the parts of the word offered or
    /// read in `round` are the parts of one word in place (`Ok(Some(word))`), or none
    /// (`Ok(None)`); `Err` for anything else.
    const fn whole(&self, kind: u32, round: u32, lane: u32, w: u32) -> Result<Option<u32>, ()> {
        let k = self.per_word();
        let first = self.entry(kind, round, lane, w * k);
        let mut j = 0;
        while j < k {
            let at = if kind == 0 { w * k + j } else { j };
            match (first, self.entry(kind, round, lane, at)) {
                (None, None) => {}
                (Some(f), Some(v)) if f % k == 0 && v == f + j => {}
                _ => return Err(()),
            }
            j += 1;
        }
        match first {
            Some(f) => Ok(Some(f / k)),
            None => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The GPU's permutation on a lane bit gives what the host's branch and whole-array select
    /// give, for counts of registers up to 9, every xor below 16 and both lane-bit values.
    #[test]
    fn the_selects_permute_as_the_branch_does() {
        fn each<const N: usize>() {
            let regs: [u32; N] = core::array::from_fn(|j| 100 + j as u32);
            for x in 0..16 {
                for on in [false, true] {
                    let (mut a, mut b, mut c) = (regs, regs, regs);
                    Plan::xor_choose(&mut a, on, x);
                    Plan::xor_permute(&mut b, on, x);
                    PackedPlan::xor_select(&mut c, on, x);
                    let want: [u32; N] = core::array::from_fn(|j| match on && j ^ x < N {
                        true => regs[j ^ x],
                        false => regs[j],
                    });
                    assert_eq!(
                        (a, b, c),
                        (want, want, want),
                        "{N} registers, xor {x}, {on}"
                    );
                }
            }
        }
        each::<1>();
        each::<2>();
        each::<3>();
        each::<4>();
        each::<8>();
        each::<9>();
    }
}
