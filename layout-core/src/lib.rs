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
//!   ([`Numeral::decode_coords`]), and [`Numeral::matrix_offset`] inside a larger matrix, the
//!   tile placed by a [`MatrixAt`].
//! - [`Source`] and [`Digit`]: what a digit reads, and the words for it (`lane`, `warp`, `e`).
//! - [`check`](mod@check): the bijection check and its errors, in words ([`LayoutError::message`]).
//! - [`catalog`]: the PTX fragment layouts, each checked at compile time.
//! - [`pack`]: 16-bit elements in `.b32` registers.
//! - [`bounds`]: partial tiles at matrix edges (which elements lie inside a valid extent).
//! - [`render`]: a layout as a text grid, an SVG picture or a Markdown digit table.
//! - [`tiled`](mod@tiled): a tile of copies of an instruction tile, as one numeral
//!   ([`Numeral::tiled`]).
//! - [`tmem`]: Blackwell's `tcgen05.mma` accumulator in tensor memory, and the warpgroup's
//!   fragment of it after `tcgen05.ld` ([`tmem::fragment`]).
//! - [`tmem_sf`]: block-scaled `tcgen05.mma` scale factors in tensor memory, replicated across
//!   the lane quarters (broadcast digits); their shared-memory atoms are
//!   [`shared::ScaleAtoms`].
//! - [`convert`]: conversions between two layouts of one tile: the class, the lower bound on
//!   shuffle rounds, and a [`convert::Plan`] that meets it.
//! - [`datapath`]: a GEMM tile's whole data path declared once ([`datapath::DataPath`]):
//!   the TMA boxes, shared tiles, descriptors, accumulator and epilogue derived from it, and
//!   a certificate that the steps compose.
//! - [`forms`]: a numeral as a CuTe TV layout ([`Numeral::cute`]) and a Triton linear layout
//!   ([`Numeral::linear`]), or why it has none.
//! - [`shared`]: shared-memory tile layouts (padding, XOR swizzles, Hopper's modes), the
//!   `ldmatrix` / `stmatrix` row addresses derived from them, bank conflicts counted exactly,
//!   and the search for a conflict-free swizzle.
//!
//! # Next to CuTe and Triton
//!
//! A numeral is a layout in the sense of CUTLASS CuTe: a function from a (thread, value)
//! coordinate to an index, each mode with a shape and a stride. Each digit is one mode, with
//! shape = range and stride = place; a source's digits, ordered by divisor, are the modes of
//! that source. [`Numeral::cute`] and [`Numeral::linear`] derive the CuTe and Triton forms
//! ([`forms`]). The `m16n8k16` f32 accumulator above, in the three notations:
//!
//! | notation | the layout |
//! |---|---|
//! | numeral (`numeral!`) | `e % 2 => 1, lane % 4 => 2, lane / 4 => 8, e / 2 => 64` over a 16 x 8 tile, row-major |
//! | CuTe (row-major index) | `((4, 8), (2, 2)) : ((2, 8), (1, 64))`, modes (thread, value) |
//! | CuTe `SM80_16x8_Row` (its `CLayout`, column-major index `m + 16 n`) | `((4, 8), (2, 2)) : ((32, 1), (16, 8))` |
//! | Triton `LinearLayout`, bases as (row, col) | register: `(0, 1), (8, 0)`; lane: `(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)` |
//!
//! The differences that matter to a kernel author:
//!
//! - **Checked when declared.** CuTe composes and prints layouts but never asks whether a
//!   fragment layout covers its tile exactly once; Triton checks surjectivity inside its
//!   compiler, at run time of the compiler. [`Numeral::check`] runs in `const` context and
//!   names the digit at fault in words.
//! - **Named inputs.** Digits read `lane`, `warp` and `e` by name, as PTX writes `groupID =
//!   lane / 4`; CuTe's modes are positional, Triton's dimensions are named as here.
//! - **Ranges that are not powers of two.** Triton's linear layouts map bits to bits with XOR,
//!   so every dimension is a power of two; a numeral whose ranges are all powers of two (and
//!   whose digits read whole bits) is such a layout, with one output bit per basis vector. A
//!   numeral also describes [`catalog::SM90_64x24x16_F32_C`], whose digit `e / 4` has range 3
//!   (the 24 columns are three blocks of 8), which a linear layout over bits cannot.
//! - **What a numeral does not describe (yet):** XOR swizzles of shared memory (Triton's
//!   linear layouts and CuTe's `Swizzle<B, M, S>` do; [`shared::SharedLayout`] composes one
//!   with a row-major tile), and CuTe's hierarchical tiling algebra (`composition`,
//!   `logical_divide`); the catalog's layouts need neither.
//!
//! # Conventions
//!
//! [`conventions`]: the integer types of sizes, offsets and indices (one rule), the orientation
//! of coordinates, the element order and the packing of elements into registers.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bounds;
pub mod catalog;
pub mod check;
pub mod conventions;
pub mod convert;
pub mod datapath;
mod digit;
mod explain;
pub mod forms;
// The run-time support of the code the macros generate: public for that code to name, not
// an interface of its own (hidden from the docs; its names may change with the macros).
#[doc(hidden)]
pub mod generated;
mod matrix;
pub mod message;
mod numeral;
pub mod pack;
pub mod render;
pub mod shared;
pub mod tiled;
pub mod tmem;
pub mod tmem_sf;

pub use check::{assert_bijection, Errors, LayoutError};
pub use digit::{Digit, Source};
pub use matrix::MatrixAt;
pub use message::Message;
pub use numeral::{Numeral, LANES, MAX_DIGITS};
pub use tiled::{TileError, Tiled};
