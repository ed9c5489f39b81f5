//! The rounds a plan's cross-lane moves are coloured with: what the grouping
//! ([`Groups::pack`](super::groups::Groups::pack)) and the edge colouring
//! ([`edge_colour`](super::coloring::edge_colour)) both produce.

use super::sizes::{MAX_PLAN_ELEMENTS, NONE};
use crate::LANES;

const L: usize = LANES as usize;

/// The round of each cross-lane move, `round[d][l]` for the move filling register `d` of lane
/// `l` (`NONE` for a value that stays in its lane), and the number of rounds.
#[derive(Clone, Copy)]
pub(crate) struct Colouring {
    pub(crate) round: [[u8; L]; MAX_PLAN_ELEMENTS],
    pub(crate) rounds: u32,
}

impl Colouring {
    /// No move coloured yet.
    pub(crate) const fn empty() -> Colouring {
        Colouring {
            round: [[NONE; L]; MAX_PLAN_ELEMENTS],
            rounds: 0,
        }
    }
}
