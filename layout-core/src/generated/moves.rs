//! A plan's moves as one constant each: what the code `#[convert_layout]` writes for layouts
//! of the user's (every form, its constants choosing one) reads for one in-lane element or one
//! round of a plan ([`LocalMove`], [`RoundMove`]), or one part of a packed plan's round
//! ([`PartMove`]). The compiler pays a fixed cost for every constant item, so one item holds
//! every number a block reads (a lane table, the element the lanes agree on, its word, the
//! registers the table touches), and the block is one `#[inline(always)]` call on it
//! (`offer`, `take`, `keep`, `source`), whose branches fold with the constant. Each is
//! computed from the plan by value: a constant that borrows the plan's constant has the
//! compiler copy and check the whole plan.
//!
//! Worked, for `m16n8k16`'s f16 accumulator (`SM80_16x8x16_F16_C`, two words a lane) as rows
//! of 4 (`VEC4_16x8_ROW`) on the packed plan's tables: part 0 of the word offered in round 0
//! is element 2 (word 1) on even lanes and element 0 (word 0) on odd ones, so
//! `send_move(true, 0, 0, 2)` has `table = [2, 0, 2, 0, ..]`, `one == None` and
//! `mask == 0b11`: the block selects between the two words by the table.

use super::shuffle::{
    index_or_zero, local_mask, local_table, pick, place, recv_table, send_table, src_table,
};
use crate::convert::{PackedPlan, Plan};
use crate::generated::NONE;

/// Destination element `e` of a plan where lanes take it from their own registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalMove {
    /// The register every lane that takes `e` in-lane takes it from, where they agree.
    pub one: Option<u32>,
    /// `one` as an index (0 for none).
    pub at: usize,
    /// The registers lanes take `e` from (bit `i`: register `i`).
    pub mask: u128,
    /// Per lane, the register it takes `e` from, or `NONE`; all `NONE` where `one` is
    /// some or `mask` is 0 (the select that reads it is not written).
    pub table: [u8; 32],
}

/// Round `r` of a plan: the register each lane offers, the lane it reads and the register it
/// fills, each a constant where every lane agrees and a table where they differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundMove {
    /// The register every lane offers, where they agree ([`Plan::send_uniform`]).
    pub send: Option<u32>,
    /// `send` as an index (0 for none).
    pub send_at: usize,
    /// Per lane, the register it offers, where `send` is none.
    pub send_table: [u8; 32],
    /// The registers offered, where `send` is none ([`Plan::send_mask`]).
    pub send_mask: u128,
    /// `x` where every lane reads `lane ^ x` ([`Plan::src_xor`]).
    pub xor: Option<u32>,
    /// Per lane, the lane it reads, where `xor` is none.
    pub src_table: [u8; 32],
    /// The register every lane fills, where they agree ([`Plan::recv_uniform`]).
    pub recv: Option<u32>,
    /// `recv` as an index (0 for none).
    pub recv_at: usize,
    /// Per lane, the register it fills, where `recv` is none.
    pub recv_table: [u8; 32],
    /// The registers filled, where `recv` is none ([`Plan::recv_mask`]).
    pub recv_mask: u128,
}

impl RoundMove {
    /// A round past the plan's: register 0 offered to and read from `lane ^ 0`, nothing
    /// filled; its branch is not taken.
    pub const PAST: RoundMove = RoundMove {
        send: Some(0),
        send_at: 0,
        send_table: [0; 32],
        send_mask: 1,
        xor: Some(0),
        src_table: [0; 32],
        recv: Some(0),
        recv_at: 0,
        recv_table: [0; 32],
        recv_mask: 0,
    };
}

impl Plan {
    /// Destination element `e`'s in-lane move.
    pub const fn local_move(self, e: u32) -> LocalMove {
        let mask = local_mask(&self, e);
        let one = if mask != 0 && mask.count_ones() == 1 {
            Some(mask.trailing_zeros())
        } else {
            None
        };
        let table = if one.is_none() && mask != 0 {
            local_table(&self, e)
        } else {
            [NONE; 32]
        };
        LocalMove {
            one,
            at: index_or_zero(one),
            mask,
            table,
        }
    }

    /// Round `round`'s move; where `on` is false (a round past the plan's), one that moves a
    /// constant register and reads no table (its branch is not taken).
    pub const fn round_move(self, on: bool, round: u32) -> RoundMove {
        if !on {
            return RoundMove::PAST;
        }
        let send = self.send_uniform(round);
        let xor = self.src_xor(round);
        let recv = self.recv_uniform(round);
        let (send_live, recv_live) = (send.is_none(), recv.is_none());
        RoundMove {
            send,
            send_at: index_or_zero(send),
            send_table: if send_live {
                send_table(&self, round)
            } else {
                [0; 32]
            },
            send_mask: if send_live { self.send_mask(round) } else { 1 },
            xor,
            src_table: if xor.is_none() {
                src_table(&self, round)
            } else {
                [0; 32]
            },
            recv,
            recv_at: index_or_zero(recv),
            recv_table: if recv_live {
                recv_table(&self, round)
            } else {
                [0; 32]
            },
            recv_mask: if recv_live { self.recv_mask(round) } else { 0 },
        }
    }
}

/// One part of a packed plan's round, or one in-lane element, with every number the generated
/// block reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartMove {
    /// Per lane: the element moved (the source of an offer or an in-lane move, the
    /// destination of a read), or [`NONE`].
    pub table: [u8; 32],
    /// The element every lane agrees on: for an offer or an in-lane move, every lane that
    /// moves one ([`PackedPlan::table_single`]); for a read, all 32
    /// ([`PackedPlan::table_all`]).
    pub one: Option<u32>,
    /// `one`'s element; where there is none, 0 (an in-lane move: its own element).
    pub element: u32,
    /// The word `element` is in (an offer's or in-lane move's source).
    pub src_at: usize,
    /// The destination word: a read's `element`, an in-lane move's own element (0 for an
    /// offer).
    pub dest_at: usize,
    /// The words the table's entries lie in (bit `w`: word `w`).
    pub mask: u128,
}

impl PartMove {
    /// The move of a block past the plan (`on` false): no lane moves anything. Its branch is
    /// not taken, and the compiler computes no table for it.
    pub const NOTHING: PartMove = PartMove {
        table: [NONE; 32],
        one: None,
        element: 0,
        src_at: 0,
        dest_at: 0,
        mask: 0,
    };
}

/// What a lane does with a move, in the generated code: each an `#[inline(always)]` call on a
/// constant move, whose branches fold away with it (the code a block of `if`s on the move's
/// fields would be, in a call the compiler type checks once).
impl PartMove {
    /// Part `part` of the word a lane offers: its source element's part, from a constant word
    /// or a select among the words in `mask`; 0 where it offers nothing there.
    #[inline(always)]
    pub fn offer<const N: usize>(self, from: &[u32; N], lane: usize, part: u32, k: u32) -> u32 {
        if self.one.is_some() {
            PackedPlan::part(from[self.src_at], self.element % k, part, k)
        } else if self.mask != 0 {
            let s = self.table[lane] as u32;
            PackedPlan::part(pick(from, (s / k) as u8, self.mask), s % k, part, k)
        } else {
            0
        }
    }

    /// Part `part` of the word `got` a lane read, into its destination part of `to`.
    #[inline(always)]
    pub fn take<const N: usize>(self, to: &mut [u32; N], got: u32, lane: usize, part: u32, k: u32) {
        // The part read only in a branch taken: a part past the word's has no entries.
        if self.one.is_some() {
            let v = PackedPlan::part(got, part, 0, k);
            to[self.dest_at] = PackedPlan::set_part(to[self.dest_at], self.element % k, v, k);
        } else if self.mask != 0 {
            let v = PackedPlan::part(got, part, 0, k);
            PackedPlan::place_part(to, self.table[lane], v, k, self.mask);
        }
    }

    /// Destination element `e` of `to`, where the lane takes it from its own words `from`:
    /// nothing where it is its own element `e` (already there).
    #[inline(always)]
    pub fn keep<const N: usize>(
        self,
        to: &mut [u32; N],
        from: &[u32; N],
        lane: usize,
        e: u32,
        k: u32,
    ) {
        let v = if self.element != e {
            PackedPlan::part(from[self.src_at], self.element % k, 0, k)
        } else if self.one.is_none() && self.mask != 0 {
            let s = self.table[lane] as u32;
            PackedPlan::part(pick(from, (s / k) as u8, self.mask), s % k, 0, k)
        } else {
            return;
        };
        to[self.dest_at] = PackedPlan::set_part(to[self.dest_at], e % k, v, k);
    }
}

impl LocalMove {
    /// Destination element `e` of `to`, where the lane takes it from its own registers `from`.
    #[inline(always)]
    pub fn keep<T: Copy, const N: usize>(
        self,
        to: &mut [T; N],
        from: &[T; N],
        lane: usize,
        e: usize,
    ) {
        if self.one.is_some() {
            to[e] = from[self.at];
        } else if self.mask != 0 {
            to[e] = pick(from, self.table[lane], self.mask);
        }
    }
}

impl RoundMove {
    /// The register a lane offers.
    #[inline(always)]
    pub fn offer<T: Copy, const N: usize>(self, from: &[T; N], lane: usize) -> T {
        match self.send {
            Some(_) => from[self.send_at],
            None => pick(from, self.send_table[lane], self.send_mask),
        }
    }

    /// The lane a lane reads.
    #[inline(always)]
    pub fn source(self, lane: usize) -> u32 {
        match self.xor {
            Some(x) => lane as u32 ^ x,
            None => self.src_table[lane] as u32,
        }
    }

    /// The value `got` a lane read, into the register it fills.
    #[inline(always)]
    pub fn take<T: Copy, const N: usize>(self, to: &mut [T; N], got: T, lane: usize) {
        match self.recv {
            Some(_) => to[self.recv_at] = got,
            None => place(to, self.recv_table[lane], got, self.recv_mask),
        }
    }
}

impl PackedPlan {
    /// Part `part` of the word offered in `round`, for `words` words a lane; nothing where
    /// `on` is false (a round past the plan's).
    pub const fn send_move(self, on: bool, round: u32, part: u32, words: usize) -> PartMove {
        if !on {
            return PartMove::NOTHING;
        }
        let table = self.lane_table(1, round, part);
        let one = PackedPlan::table_single(&table);
        self.part_move(table, one, index_or_zero(one) as u32, 0, words)
    }

    /// Part `part` of the word read in `round`, into its destination, for `words` words a lane;
    /// `PartMove::NOTHING` where `on` is false.
    pub const fn recv_move(self, on: bool, round: u32, part: u32, words: usize) -> PartMove {
        if !on {
            return PartMove::NOTHING;
        }
        let table = self.lane_table(2, round, part);
        let one = PackedPlan::table_all(&table);
        let element = index_or_zero(one) as u32;
        self.part_move(table, one, element, element, words)
    }

    /// Destination element `e` where lanes take it from their own words, for `words` words a
    /// lane; `PartMove::NOTHING` where `on` is false (an element past the plan's).
    pub const fn local_move(self, on: bool, e: u32, words: usize) -> PartMove {
        if !on {
            return PartMove::NOTHING;
        }
        let table = self.lane_table(0, 0, e);
        let one = PackedPlan::table_single(&table);
        let element = match one {
            Some(s) => s,
            None => e,
        };
        self.part_move(table, one, element, e, words)
    }

    /// The move of `table`, its agreed element `one` (`element`) and destination element
    /// `dest`.
    const fn part_move(
        &self,
        table: [u8; 32],
        one: Option<u32>,
        element: u32,
        dest: u32,
        words: usize,
    ) -> PartMove {
        let k = self.per_word();
        PartMove {
            table,
            one,
            element,
            src_at: PackedPlan::word_at(element, k, words),
            dest_at: PackedPlan::word_at(dest, k, words),
            mask: PackedPlan::table_words(&table, k),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{
        SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F16_C,
        SM80_16x8x16_F32_C,
    };
    use crate::convert::examples::VEC4_16x8_ROW;

    /// Each field as the five constants the blocks read before: the lane table, the agreed
    /// element, its word, the destination word and the words touched.
    fn agrees(pp: &PackedPlan, words: usize) {
        let k = pp.per_word();
        let nothing = PartMove::NOTHING;
        assert_eq!(pp.send_move(false, 0, 0, words), nothing);
        assert_eq!(pp.recv_move(false, 0, 0, words), nothing);
        assert_eq!(pp.local_move(false, 0, words), nothing);
        for round in 0..pp.rounds() {
            for part in 0..k {
                let s = pp.send_move(true, round, part, words);
                let t = pp.lane_table(1, round, part);
                assert_eq!(s.table, t);
                assert_eq!(s.one, PackedPlan::table_single(&t));
                let e = index_or_zero(s.one) as u32;
                assert_eq!((s.element, s.src_at), (e, PackedPlan::word_at(e, k, words)));
                assert_eq!(s.mask, PackedPlan::table_words(&t, k));
                let r = pp.recv_move(true, round, part, words);
                let t = pp.lane_table(2, round, part);
                assert_eq!((r.table, r.one), (t, PackedPlan::table_all(&t)));
                let d = index_or_zero(r.one) as u32;
                assert_eq!(r.dest_at, PackedPlan::word_at(d, k, words));
            }
        }
        for e in 0..pp.elements() {
            let m = pp.local_move(true, e, words);
            let t = pp.lane_table(0, 0, e);
            let one = PackedPlan::table_single(&t);
            let s = one.unwrap_or(e);
            assert_eq!((m.table, m.one, m.element), (t, one, s));
            assert_eq!(m.src_at, PackedPlan::word_at(s, k, words));
            assert_eq!(m.dest_at, PackedPlan::word_at(e, k, words));
            assert_eq!(m.mask, PackedPlan::table_words(&t, k));
        }
    }

    #[test]
    fn each_move_holds_the_numbers_of_its_block() {
        let transpose = PackedPlan::new(&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T, 2).unwrap();
        agrees(&transpose, 1);
        let rows = PackedPlan::new(&SM80_16x8x16_F16_C, &VEC4_16x8_ROW, 2).unwrap();
        agrees(&rows, 2);
        // The worked example of the module docs.
        let m = rows.send_move(true, 0, 0, 2);
        assert_eq!(
            (m.one, m.mask, &m.table[..4]),
            (None, 0b11, &[2, 0, 2, 0][..])
        );
    }

    /// A plan's moves hold the numbers its blocks read from the plan's own accessors: the
    /// accumulator as a B operand has rounds that select and elements taken in-lane.
    #[test]
    fn plan_moves_hold_the_plans_numbers() {
        let plan = Plan::new(&SM80_16x8x16_F32_C, &SM80_16x8x16_F16_B_COL).unwrap();
        assert!(plan.rounds() > 0 && plan.selects() > 0);
        for r in 0..plan.rounds() {
            let m = plan.round_move(true, r);
            assert_eq!(
                (m.send, m.xor, m.recv),
                (plan.send_uniform(r), plan.src_xor(r), plan.recv_uniform(r))
            );
            if m.send.is_none() {
                assert_eq!(
                    (m.send_table, m.send_mask),
                    (send_table(&plan, r), plan.send_mask(r))
                );
            }
            if m.xor.is_none() {
                assert_eq!(m.src_table, src_table(&plan, r));
            }
            if m.recv.is_none() {
                assert_eq!(
                    (m.recv_table, m.recv_mask),
                    (recv_table(&plan, r), plan.recv_mask(r))
                );
            }
        }
        assert_eq!(plan.round_move(false, 0), RoundMove::PAST);
        for e in 0..plan.elements() {
            let m = plan.local_move(e);
            let mask = local_mask(&plan, e);
            assert_eq!(m.mask, mask);
            assert_eq!(
                m.one,
                (mask.count_ones() == 1).then(|| mask.trailing_zeros())
            );
            if m.one.is_none() && mask != 0 {
                assert_eq!(m.table, local_table(&plan, e));
            }
        }
    }
}
