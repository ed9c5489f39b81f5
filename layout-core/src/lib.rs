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
//! ## Integer types
//!
//! One rule, by what a number counts or indexes:
//!
//! - **`u32` inside a tile**: tile rows, columns and coordinates (`coords` returns `(row, col)`
//!   as `u32`), tile offsets, thread and element indices, the counts of threads, warps and
//!   elements, digit fields, [`bounds::Extent`], valid-element masks and counts. A tile holds at
//!   most 2^32 - 1 cells ([`Numeral::check`] refuses larger ones), so these always fit, and a
//!   `u32` is what a GPU register holds: device code pays for no wider type.
//! - **`usize` in the user's memory**: a tile's origin in a matrix and the matrix's leading
//!   dimension ([`MatrixAt`]), matrix offsets ([`Numeral::matrix_offset`]), matrix shapes
//!   ([`bounds::Extent::at`]), and the `row` / `col` that a `#[fragment_layout]` body receives.
//!   Those are tile coordinates, but a body indexes slices with them (`src[row * ld + col]`),
//!   so they come as `usize`, as do the parts they are built from
//!   (the generated code's thread part, [`Numeral::element_part`]) and what tests them
//!   ([`bounds::Extent::contains`]). Lengths and indices of Rust arrays and slices (a digit's
//!   index in [`Numeral::digits`], a fragment array's length) are `usize` too, as in any Rust.
//! - **`u64` for exact products**: a product of two `u32` fields that must stay exact for a
//!   numeral that fails the check ([`Numeral::size`], [`Numeral::raw_offset`],
//!   [`Digit::top`], the numbers in [`LayoutError`]).
//! - **Named, not positional, where arguments could be swapped**: the three `usize` of a
//!   placement are the fields of [`MatrixAt`] (`ACC.matrix_offset(lane, e, MatrixAt { row,
//!   col, ld })`). Pairs always come in one order: `(thread, e)`, `(row, col)`, `rows x cols`.
//!
//! ## Orientation, element order, packing
//!
//! - Coordinates are the PTX orientation of the operand: A is M x K (row = m, col = k), B is
//!   K x N (row = k, col = n), C/D is M x N. The tile offset is row-major,
//!   `offset = row * cols + col`.
//! - The element index `e` is PTX's element order (`a0, a1, ...`, `d0, d1, ...`).
//! - Packing of elements into registers, from the low bits up: 16-bit elements two per `.b32`
//!   (element `2r` in the low half of register `r`), 8-bit elements four per `.b32` (element
//!   `4r` in bits 0-7), 4-bit elements eight per `.b32` (element `8r` in bits 0-3), `.b1`
//!   elements thirty-two per `.b32` (element `32r` in bit 0); f32, s32 and tf32 one per
//!   `.b32`; f64 one per 64-bit register.
//!   [`catalog::Entry::elements_per_register`] gives the factor for each layout.
//! - Operations take the *thread* index: the lane for warp-level layouts, `warp * 32 + lane`
//!   within a warpgroup (`wgmma`, 4 warps, 128 threads; warp `w` owns rows `16w..16w+15`).
//!   An out-of-range thread or element gives `None`, never another element.
//! - Volta `mma.m8n8k4` computes four independent products per warp, one per quad-pair
//!   `(lane / 4) % 4`; the catalog stacks their tiles vertically (quad-pair `q` owns rows
//!   `8q..` of A and C/D, rows `4q..` of B).
//! - `ldmatrix` / `stmatrix` tiles are the `num` 8x8 matrices stacked vertically: matrix `j` is
//!   rows `8j..8j+7`, its row `r` addressed by lane `8j + r`; element `i` is half `i % 2` of
//!   register `i / 2`.
//! - Where element types share a layout (f16 / bf16, s8 / u8 / e4m3 / e5m2, s4 / u4, the
//!   `m16n8` accumulators of every type) the catalog has one numeral under several names.
//! - Sparse `mma.sp`: A is the `M x K/2` tile of its non-zeros (non-zero `j` of each chunk of a
//!   row, in order); the metadata operand is 4-bit fields, eight per `.b32`, over the 16 x 16
//!   tile of the fields of every sparsity-selector value (see the catalog's `sm80_sparse`).
//!   Sparse `wgmma.mma_async.sp` the same over 64 rows: A in registers `64 x K/2`, metadata
//!   64 x 16 (`sm90_wgmma_sparse`).
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bounds;
pub mod catalog;
pub mod check;
pub mod convert;
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
