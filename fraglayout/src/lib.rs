//! fraglayout: tensor-core fragment layouts as checked mixed-radix numerals, and the code
//! that moves a fragment between registers and memory, generated from them.
//!
//! One dependency gives both the layouts and the macros. It is not on crates.io yet: until it
//! is, point at the `fraglayout/` folder of a clone of its repository; once it is published,
//! the version replaces the path:
//!
//! ```toml
//! [dependencies]
//! fraglayout = { path = "../fraglayout/fraglayout" }   # a clone of this repository beside your crate
//! # fraglayout = "0.1"                                 # once it is on crates.io
//! ```
//!
//! Everything of the `layout-core` crate is here under the same paths (`fraglayout::catalog`,
//! `fraglayout::Numeral`, ...), with the macros [`numeral!`] and
//! [`#[fragment_layout]`](macro@fragment_layout) beside them (feature `macros`, on by
//! default; `default-features = false` leaves the dependency-free, `no_std` core).
//! [`#[matrix_rows]`](macro@matrix_rows) generates the shared-memory address each lane hands
//! `ldmatrix` / `stmatrix`, from a fragment and a [`shared::SharedLayout`]. A first
//! epilogue, for the `m16n8k16` f32 accumulator:
//!
//! ```
//! use fraglayout::catalog::SM80_16x8x16_F32_C;
//! use fraglayout::fragment_layout;
//!
//! /// `d[row][col] = alpha * acc` for the four accumulators of one lane.
//! #[fragment_layout(SM80_16x8x16_F32_C)]
//! fn epilogue(lane: u32, acc: &[f32; 4], d: &mut [f32], ld: usize, alpha: f32) {
//!     |row, col, value| d[row * ld + col] = alpha * value
//! }
//!
//! let mut d = [0.0f32; 16 * 8];
//! for lane in 0..32 {
//!     epilogue(lane, &[1.0, 2.0, 3.0, 4.0], &mut d, 8, 0.5);
//! }
//! // Lane 5 holds (row 1, cols 2 and 3) and (row 9, cols 2 and 3): its elements 0..4.
//! assert_eq!((d[8 + 2], d[8 + 3], d[9 * 8 + 2], d[9 * 8 + 3]), (0.5, 1.0, 1.5, 2.0));
//! ```
//!
//! The thread parameter may be a plain integer, checked against the layout's thread count once
//! a call, or a [`Thread<N>`](Thread) ([`Lane`] for a warp), whose range the type carries, so
//! that generated code checks nothing.
//!
//! With the feature `std` (for tests: `fraglayout = { ..., features = ["std"] }` in
//! `[dev-dependencies]`), `fraglayout::testing::Warp` runs the code of one lane for the 32
//! lanes of a warp in lock step on the host, so that a `#[convert_layout]` conversion is
//! tested before it goes into a kernel.
#![no_std]
// No unsafe operation anywhere; the one `unsafe fn` (`Thread::new_unchecked`) states a contract.
#![deny(unsafe_code)]

#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "std")]
pub mod testing;
mod thread;

pub use layout_core::*;
pub use thread::{Lane, Thread};

#[cfg(feature = "macros")]
pub use layout_macros::{convert_layout, fragment_layout, matrix_rows, numeral};
