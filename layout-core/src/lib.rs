//! Tensor-core fragment layouts as checked mixed-radix numerals.
//!
//! A warp-level tensor-core instruction hands each lane a few registers holding scattered
//! elements of a tile. Every such mapping is a mixed-radix numeral: for the `m16n8k16` f32
//! accumulator (16 x 8),
//!
//! ```text
//! offset = (e % 2)*1 + (lane % 4)*2 + (lane / 4)*8 + (e / 2)*64        row = offset / 8, col = offset % 8
//! ```
//!
//! | lane | e=0     | e=1     | e=2     | e=3     |
//! |------|---------|---------|---------|---------|
//! | 0    | (0, 0)  | (0, 1)  | (8, 0)  | (8, 1)  |
//! | 1    | (0, 2)  | (0, 3)  | (8, 2)  | (8, 3)  |
//! | 4    | (1, 0)  | (1, 1)  | (9, 0)  | (9, 1)  |
//! | 31   | (7, 6)  | (7, 7)  | (15, 6) | (15, 7) |
//!
//! Each digit reads a part of an input (the `lane`, the `warp` within a warpgroup, or the
//! element index `e`), has a range, and a place value in the tile's row-major offset. Sorted by
//! place, when each place is the product of the lower ranges and the span is the tile size, the
//! map `(thread, e) -> offset` is a bijection: the warp covers the tile exactly once.
//! [`Numeral::check`] proves it, also in `const` context ([`assert_bijection`]).
//!
//! - [`Numeral`]: encode ([`Numeral::coords`], [`Numeral::offset`]), decode
//!   ([`Numeral::decode_coords`]), and [`Numeral::matrix_offset`] inside a larger matrix.
//! - [`check`](mod@check): the bijection check and its errors, in words ([`LayoutError::message`]).
//! - [`catalog`]: the PTX fragment layouts, each checked at compile time.
//! - [`pack`]: 16-bit elements in `.b32` registers.
//! - [`expand`]: the pieces `#[fragment_layout]`'s generated code calls.
//!
//! # Conventions
//! - Coordinates are the PTX orientation of the operand: A is M x K (row = m, col = k), B is
//!   K x N (row = k, col = n), C/D is M x N.
//! - The element index is PTX's element order (`a0, a1, ...`); 16-bit elements pack two per
//!   `.b32` register, element `2r` in the low half of register `r`.
//! - Operations take the *thread* index: the lane for warp-level layouts, `warp * 32 + lane`
//!   within a warpgroup. An out-of-range thread or element gives `None`, never another element.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod catalog;
pub mod check;
mod digit;
mod explain;
pub mod expand;
pub mod message;
mod numeral;
pub mod pack;
pub mod render;

pub use check::{assert_bijection, Errors, LayoutError};
pub use digit::{Digit, Source};
pub use message::Message;
pub use numeral::{Numeral, LANES, MAX_DIGITS};
