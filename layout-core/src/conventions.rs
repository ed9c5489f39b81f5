//! The conventions every layout follows: integer types, orientation, element order, packing.
//!
//! # Integer types
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
//! - **`u64` for exact products**: a product of two `u32` fields that must stay exact (or
//!   saturate visibly) for a layout that fails its check: [`Numeral::size`],
//!   [`Numeral::raw_offset`], [`Digit::top`], a shared tile's [`span`](crate::shared::SharedLayout::span),
//!   [`pitch`](crate::shared::SharedLayout::pitch) and [`span_bytes`](crate::shared::SharedLayout::span_bytes), the numbers
//!   in [`LayoutError`] and in messages. Once the check passes, the offsets themselves are
//!   `u32` again ([`SharedLayout::offset`], [`SharedLayout::byte_offset`]).
//! - **Named, not positional, where arguments could be swapped**: the three `usize` of a
//!   placement are the fields of [`MatrixAt`] (`ACC.matrix_offset(lane, e, MatrixAt { row,
//!   col, ld })`). Pairs always come in one order: `(thread, e)`, `(row, col)`, `rows x cols`.
//!
//! The exceptions, each for a reason outside the tile:
//!
//! - [`SharedLayout::tma_box`] takes the global tensor's row stride in bytes as a `u64`, not a
//!   `usize`: it is the tensor map's `globalStrides` entry (a `cuuint64_t` of
//!   `cuTensorMapEncodeTiled`, up to 2^40 - 16), which the host hands the driver rather than
//!   indexing a slice with it, and which a 32-bit host's `usize` could not hold.
//! - A swizzle's [`target_mask`](crate::shared::Swizzle::target_mask) and
//!   [`block`](crate::shared::Swizzle::block) are `u64`, as the offsets they are computed
//!   against before the check: a swizzle that fails it (bits at 32 and above) cannot overflow.
//!
//! # Fields and methods
//!
//! A type whose fields are public is a declaration: its fields are exactly what was declared
//! (a [`Numeral`]'s `name`, `rows`, `cols`, `warps`, `elements` and `digits`; a
//! [`MatrixAt`]'s `row`, `col` and `ld`; a [`Digit`]'s `source`, `divisor`, `range` and
//! `place`), written and read as fields, and built by a `const` struct literal or a
//! constructor. Everything derived from them is a method, computed on each call:
//! [`Numeral::threads`] (`32 * warps`), [`Numeral::size`] (`rows * cols`),
//! [`Numeral::copies`], [`Digit::top`]. A type whose values must hold an invariant (a
//! [`SharedLayout`], a [`Tiled`](crate::Tiled)) keeps its fields private and has a method for
//! each.
//!
//! # Orientation, element order, packing
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
//!
//! [`Numeral`]: crate::Numeral
//! [`Numeral::check`]: crate::Numeral::check
//! [`Numeral::size`]: crate::Numeral::size
//! [`Numeral::raw_offset`]: crate::Numeral::raw_offset
//! [`Numeral::matrix_offset`]: crate::Numeral::matrix_offset
//! [`Numeral::element_part`]: crate::Numeral::element_part
//! [`Numeral::digits`]: crate::Numeral::digits
//! [`Numeral::threads`]: crate::Numeral::threads
//! [`Numeral::copies`]: crate::Numeral::copies
//! [`Digit`]: crate::Digit
//! [`Digit::top`]: crate::Digit::top
//! [`MatrixAt`]: crate::MatrixAt
//! [`LayoutError`]: crate::LayoutError
//! [`bounds::Extent`]: crate::bounds::Extent
//! [`bounds::Extent::at`]: crate::bounds::Extent::at
//! [`bounds::Extent::contains`]: crate::bounds::Extent::contains
//! [`SharedLayout`]: crate::shared::SharedLayout
//! [`SharedLayout::offset`]: crate::shared::SharedLayout::offset
//! [`SharedLayout::byte_offset`]: crate::shared::SharedLayout::byte_offset
//! [`SharedLayout::tma_box`]: crate::shared::SharedLayout::tma_box
//! [`catalog::Entry::elements_per_register`]: crate::catalog::Entry::elements_per_register
