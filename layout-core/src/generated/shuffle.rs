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
//! use layout_core::generated::{pick, place};
//! let regs = [10, 11, 12, 13];
//! assert_eq!(pick(&regs, 2, 0b0110), 12);
//! assert_eq!(pick(&regs, 0xFF, 0b0110), 11); // a lane that needs none of them: the lowest in the mask
//! let mut to = [0; 4];
//! place(&mut to, 3, 7, 0b1000);
//! place(&mut to, 0xFF, 9, 0b1000);           // a lane that keeps nothing this round
//! assert_eq!(to, [0, 0, 0, 7]);
//! ```

use crate::convert::Plan;
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
