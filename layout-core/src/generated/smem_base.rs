//! The offsets `shared = LAYOUT` code computes at run time: the thread's once a call
//! ([`SharedPlan::thread`]), then each element's from it with one call
//! ([`SharedBase::offset`]), the element's [`SharedOffset`] a constant that leaves one arm.

use super::smem::{shared_lane_mask_with, shared_linear, shared_steps, SharedOffset};
use super::{SharedThreads, ThreadPart};
use crate::shared::{SharedLayout, Swizzle};
use crate::Numeral;

/// What the generated code needs of the layout, decided at compile time (a `const`): every
/// field a constant, so that each test on it folds away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedPlan {
    /// The layout.
    pub layout: SharedLayout,
    /// The fragment's tile's place in the layout's (`at = (ROW, COL)`).
    pub place: (usize, usize),
    /// [`shared_steps`] of the layout.
    pub steps: (usize, usize),
    /// The layout's swizzle.
    pub swizzle: Swizzle,
    /// Whether the layout is a grid of atoms.
    pub grid: bool,
    /// The mask every thread's unswizzled offset keeps ([`shared_lane_mask_with`]).
    pub lane_mask: usize,
    /// Every bit a thread's swizzled offset may have: its unswizzled bits, and those the
    /// swizzle may toggle from them (`apply(m) ^ m` is `(m >> shift) & target`).
    pub swizzled_bits: usize,
}

impl SharedPlan {
    /// The plan of numeral `n`'s tile at `place` in `s`, `threads` the threads' facts
    /// ([`SharedThreads::of`] of the same arguments).
    pub const fn of(
        n: &Numeral,
        s: &SharedLayout,
        place: (usize, usize),
        threads: &SharedThreads,
    ) -> SharedPlan {
        let lane_mask = shared_lane_mask_with(n, s, place, threads);
        let swizzle = s.swizzle();
        let toggled = swizzle.apply(lane_mask as u32) ^ lane_mask as u32;
        SharedPlan {
            layout: *s,
            place,
            steps: shared_steps(s),
            swizzle,
            grid: s.is_grid(),
            lane_mask,
            swizzled_bits: lane_mask | toggled as usize,
        }
    }

    /// The thread's offsets, once a call: its unswizzled offset, masked (which keeps every
    /// thread's as it is and bounds it for the optimizer), and that swizzled.
    #[inline(always)]
    pub const fn thread<const WRAP: usize>(&self, part: ThreadPart<WRAP>) -> SharedBase<WRAP> {
        let (row, col) = (self.place.0 + part.row, self.place.1 + part.col);
        let lane = if self.grid {
            shared_linear(&self.layout, row, col)
        } else {
            row * self.steps.0 + col * self.steps.1
        } & self.lane_mask;
        // The layout check keeps every offset below 2^32: the casts are exact.
        let base = self.swizzle.apply(lane as u32) as usize;
        SharedBase {
            plan: *self,
            part,
            lane,
            base,
        }
    }
}

/// A thread's offsets in the layout ([`SharedPlan::thread`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedBase<const WRAP: usize> {
    plan: SharedPlan,
    part: ThreadPart<WRAP>,
    /// The thread's unswizzled offset.
    lane: usize,
    /// The thread's swizzled offset.
    base: usize,
}

impl<const WRAP: usize> SharedBase<WRAP> {
    /// The offset of the element with part `at` that `how` reaches: the base plus a constant;
    /// a constant `K` XORed in split at the bits a thread's swizzled offset may have, those
    /// XORed and the rest added, exact since the base has none of them (the elements of one
    /// column block then share one XOR, and their differences fold into the accesses'
    /// immediates); or the lane's plus the element's constant (through the band's carry or
    /// the grid's formula), swizzled.
    #[inline(always)]
    pub const fn offset(&self, how: SharedOffset, at: (usize, usize)) -> usize {
        let p = &self.plan;
        match how {
            SharedOffset::Add(k) => self.base + k,
            SharedOffset::Xor(k) => (self.base ^ (k & p.swizzled_bits)) + (k & !p.swizzled_bits),
            SharedOffset::Swizzle => {
                let lin = if WRAP == 0 && !p.grid {
                    self.lane + (at.0 * p.steps.0 + at.1 * p.steps.1)
                } else {
                    let (r, c) = self.part.at(at);
                    shared_linear(&p.layout, p.place.0 + r, p.place.1 + c)
                };
                p.swizzle.apply(lin as u32) as usize
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{SM80_16x8x16_F32_C, SM90_64x256x16_F32_C};
    use crate::generated::{shared_offsets_with, ElementAt};
    use crate::shared::SwizzleMode;

    /// Every thread's every element at the layout's own offset, and how many elements take
    /// each way (`Add`, `Xor`, `Swizzle`).
    fn check<const E: usize>(n: &Numeral, s: &SharedLayout, place: (usize, usize)) -> [usize; 3] {
        let threads = SharedThreads::of(n, s, place);
        let plan = SharedPlan::of(n, s, place, &threads);
        let at: [ElementAt; E] = n.element_table();
        let offsets = shared_offsets_with(n, s, &at, place, &threads);
        let terms = n.thread_terms();
        for t in 0..n.threads() {
            let base = plan.thread(ThreadPart::<0>::new(&terms, t));
            for (e, how) in offsets.iter().enumerate() {
                let (r, c) = n.coords(t, e as u32).unwrap();
                let want = s.offset(r + place.0 as u32, c + place.1 as u32).unwrap() as usize;
                assert_eq!(base.offset(*how, at[e].at), want, "thread {t}, element {e}");
            }
        }
        let way = |o: &SharedOffset| match o {
            SharedOffset::Add(_) => 0,
            SharedOffset::Xor(_) => 1,
            SharedOffset::Swizzle => 2,
        };
        let mut ways = [0; 3];
        offsets.iter().for_each(|o| ways[way(o)] += 1);
        ways
    }

    #[test]
    fn each_way_reaches_the_layout_s_offset_for_every_thread() {
        let n = &SM80_16x8x16_F32_C;
        // The swizzled padded tile of `the_worked_offsets_from_the_thread_base` (`smem.rs`):
        // no element pays its own swizzle.
        let s = SharedLayout::padded(16, 8, 4, 24).with_swizzle(Swizzle::new(3, 2, 3));
        let mut ways = check::<4>(n, &s, (0, 0));
        assert_eq!(ways[2], 0, "{ways:?}");
        // Rows of 12: the thread's rows carry into element 2's constant.
        let carry = SharedLayout::padded(16, 8, 4, 4).with_swizzle(Swizzle::new(1, 1, 3));
        let more = check::<4>(n, &carry, (0, 0));
        assert!(more[2] > 0, "{more:?}");
        // Placed in a larger tile.
        let wide = SharedLayout::padded(32, 16, 4, 24).with_swizzle(Swizzle::new(3, 2, 3));
        let placed = check::<4>(n, &wide, (16, 8));
        // A grid of 128-byte atoms: the warpgroup accumulator of the SASS benchmark's `stage`.
        let grid = SharedLayout::hopper(64, 256, 4, SwizzleMode::B128);
        let stage = check::<128>(&SM90_64x256x16_F32_C, &grid, (0, 0));
        for w in [more, placed, stage] {
            (0..3).for_each(|i| ways[i] += w[i]);
        }
        // Every arm was taken.
        assert!(ways.iter().all(|&w| w > 0), "{ways:?}");
    }
}
