//! Conversions between layouts of one tile: where each value must go, what that costs, and a
//! plan of shuffle rounds that moves it there.
//!
//! A warp holds a tile in layout `from` (an accumulator, say) and the next instruction needs it
//! in layout `to` (an operand). For numerals over the same tile and threads:
//!
//! - [`source_of`] (`route.rs`): where destination `(thread, e)` of `to` finds its value in
//!   `from`.
//! - [`classify`] (`class.rs`): [`Class::Identity`], [`Class::Renaming`] (zero instructions),
//!   [`Class::InThread`] (selects only) or [`Class::LaneExchange`] (shuffles), or a
//!   [`ConvertError`] (`error.rs`) saying why no conversion within a warp exists.
//! - [`Plan`] (`plan.rs`): the registers each lane keeps and the shuffle rounds, as many as the
//!   proven lower bound, built from whole groups of moves (`groups.rs`) or, where those do not
//!   pack, by bipartite edge colouring (`coloring.rs`).
//! - [`PackedPlan`] (`packed.rs`): the same for values packed 2 (16-bit) or 4 (8-bit) to a
//!   32-bit word, a shuffle carrying a word: the values between two lanes, `k` to a word
//!   (`words.rs`), coloured as single values are.
//! - [`Relay`] (`relay.rs`): 16-bit values two to a word moved in several hops, a lane bit
//!   swapped with an in-lane bit at a time, where that takes fewer shuffles than one hop.
//!
//! Everything is `const fn`: a plan is built, and proven, at compile time.
//!
//! FlashAttention-2's pair, two `m16n8k16` f32 accumulators side by side as the A operand of
//! the next `m16n8k16`, is the identity: zero instructions.
//!
//! ```
//! use fraglayout::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C};
//! use fraglayout::convert::{Class, Plan};
//! use fraglayout::Numeral;
//! const ACC2: Numeral = SM80_16x8x16_F32_C.tiled_or_panic(1, 2).numeral();
//! const FA2: Plan = match Plan::new(&ACC2, &SM80_16x8x16_F16_A_ROW) {
//!     Ok(p) => p,
//!     Err(_) => panic!("no conversion"),
//! };
//! assert_eq!(FA2.class(), Class::Identity);
//! assert_eq!((FA2.rounds(), FA2.selects()), (0, 0));
//! ```

// A `ConvertError` carries the words of a layout's bijection error (a `const fn` cannot box, and
// the words need the numeral, which the error does not keep), so results holding one are large.
#![allow(clippy::result_large_err)]

mod class;
mod coloring;
mod error;
pub mod examples;
mod groups;
mod packed;
mod plan;
mod relay;
mod rounds;
mod route;
mod sizes;
mod words;

pub use class::{classify, Class, MAX_SCANNED_VALUES, MAX_SCANNED_WARPS};
pub use error::{ConvertError, Side};
pub use packed::PackedPlan;
pub use plan::Plan;
pub use relay::{Exchange, Relay};
pub use route::source_of;
pub use sizes::{MAX_PLAN_ELEMENTS, NONE};
pub use words::MAX_PER_WORD;
