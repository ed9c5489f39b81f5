//! Where each destination value comes from: `to`'s `(thread, e)` holds the tile element at
//! `to.offset(thread, e)`, which `from` holds at `from.decode` of that offset.

use super::plan::MAX_PLAN_ELEMENTS;
use crate::{Numeral, LANES};

/// Where destination element `e` of thread `thread` of `to` finds its value in `from`: the
/// `(thread, e)` of `from` holding the same tile element, `from.decode(to.offset(thread, e))`.
///
/// `None` when the tiles differ (`rows` or `cols`), when `(thread, e)` is out of `to`'s range,
/// or when `from` holds no such element (only a numeral failing its check can miss one).
///
/// ```
/// use layout_core::catalog::{SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N};
/// use layout_core::convert::source_of;
/// // `ldmatrix .x1` to its `.trans`: lane 1's element 0 is (2, 0), which lane 8 holds as its
/// // element 0 in the row layout.
/// assert_eq!(SM75_U16x2_LDSM_T.coords(1, 0), Some((2, 0)));
/// assert_eq!(source_of(&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T, 1, 0), Some((8, 0)));
/// ```
pub const fn source_of(from: &Numeral, to: &Numeral, thread: u32, e: u32) -> Option<(u32, u32)> {
    if from.rows != to.rows || from.cols != to.cols {
        return None;
    }
    match to.offset(thread, e) {
        Some(offset) => from.decode(offset),
        None => None,
    }
}

/// Warp 0's routing, in tables indexed `[e][lane]` of the destination: the source lane and
/// source register of each destination value. Built only for a pair that
/// [`classify`](super::classify) accepted (sources exist and stay in their warp), and at most
/// [`MAX_PLAN_ELEMENTS`] elements.
#[derive(Clone, Copy)]
pub(crate) struct Routes {
    /// Elements per thread.
    pub(crate) elements: usize,
    /// `lane[e][l]`: the lane holding destination `(l, e)`'s value.
    pub(crate) lane: [[u8; LANES as usize]; MAX_PLAN_ELEMENTS],
    /// `reg[e][l]`: the register (element index) of `from` holding it in that lane.
    pub(crate) reg: [[u8; LANES as usize]; MAX_PLAN_ELEMENTS],
}

impl Routes {
    /// Warp 0's routes of an accepted pair (see the type's docs). A value whose source is
    /// missing, which an accepted pair never has, is routed from its own place.
    pub(crate) const fn of(from: &Numeral, to: &Numeral) -> Routes {
        let mut r = Routes {
            elements: to.elements as usize,
            lane: [[0; LANES as usize]; MAX_PLAN_ELEMENTS],
            reg: [[0; LANES as usize]; MAX_PLAN_ELEMENTS],
        };
        let mut e = 0;
        while e < r.elements && e < MAX_PLAN_ELEMENTS {
            let mut l = 0;
            while l < LANES as usize {
                let (sl, se) = match source_of(from, to, l as u32, e as u32) {
                    Some(s) => s,
                    None => (l as u32, e as u32),
                };
                r.lane[e][l] = sl as u8;
                r.reg[e][l] = se as u8;
                l += 1;
            }
            e += 1;
        }
        r
    }

    /// Whether destination `(l, e)` takes its value from another lane.
    pub(crate) const fn crosses(&self, e: usize, l: usize) -> bool {
        self.lane[e][l] as usize != l
    }
}
