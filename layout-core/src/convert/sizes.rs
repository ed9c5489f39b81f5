//! The sizes and the empty entry every plan table shares.

/// The most elements per thread a [`Plan`](super::Plan) holds (the `wgmma` `m64n256`
/// accumulator's 128).
pub const MAX_PLAN_ELEMENTS: usize = 128;

/// The entry of a plan's table that holds nothing.
pub const NONE: u8 = 0xFF;
