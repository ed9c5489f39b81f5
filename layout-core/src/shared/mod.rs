//! Shared memory: swizzled tile layouts, the `ldmatrix` / `stmatrix` addresses derived from
//! them, and bank conflicts counted exactly.
//!
//! Register fragments are half of a tensor-core kernel; the other half is shared memory.
//! Operands are staged there and read with `ldmatrix`; accumulators are staged there with
//! `stmatrix` for wide global stores. This module models that half, all `const`:
//!
//! - [`SharedLayout`] (modules [`layout`], [`swizzle`], [`check`](mod@check)): where tile
//!   element `(row, col)` lies in shared memory: lines (rows, or columns) with padding, then an
//!   XOR [`Swizzle`] (CuTe's `Swizzle<B, M, S>`; Hopper's [`SwizzleMode`]s are such swizzles).
//!   [`SharedLayout::check`] proves each element has its own place inside the span, with
//!   worded errors ([`SharedError`]).
//! - [`banks`](mod@banks): the bank model (32 banks of 4 bytes, phases by access width, one
//!   phase per `ldmatrix` matrix) counting the [`Wavefronts`] of a warp [`Request`], with a
//!   per-phase report of which lanes collide on which bank.
//! - [`ldmatrix_rows`] (module [`ldmatrix`](mod@ldmatrix)): for an `ldmatrix` / `stmatrix`
//!   form ([`MatrixVariant`]), a register fragment (a catalog [`Numeral`](crate::Numeral)) and
//!   a layout, the byte address each lane must supply ([`RowAddresses`]), or why the fragment
//!   cannot be moved that way ([`AccessError`]).
//! - [`divide_matrices`] (module [`divide`](mod@divide)): whether an `ldmatrix` /
//!   `stmatrix` form moves a fragment at all, from the fragment alone: its layout divided on
//!   the left by the instruction's tile, with the registers and matrix rows, or why not.
//! - [`ThreadRows`] and [`RowCode`] (module [`code`](mod@code)): those addresses for every
//!   thread of a fragment, and the straight-line code (a sum or XOR of per-bit terms of the
//!   thread index, else a table) that `#[matrix_rows]` generates from them.
//! - [`Access`] (module [`access`](mod@access)): what a warp does with a tile (`ldmatrix` /
//!   `stmatrix` of a fragment, an element-wise scatter or gather, row-wise runs) and its
//!   wavefronts on a layout.
//! - Tiles wider than one swizzle atom: grids of atoms in [`AtomOrder::Slabs`] or
//!   [`AtomOrder::Bands`], the `wgmma` / `tcgen05` [`Descriptor`] derived from them (module
//!   [`descriptor`](mod@descriptor)) and the [`TmaBox`] that fills them (module [`tma`]).
//! - [`ScaleAtoms`] (module [`scale`]): Blackwell's 512-byte block-scaled MMA scale-factor
//!   atoms over an operand, and the one-warp transpose that builds them ([`SF_TRANSPOSER`]).
//! - [`linear_optimum`] (module [`linear`]): the fewest wavefronts any GF(2)-linear layout
//!   gives a set of accesses, the reference for [`find`]'s choice on power-of-two tiles.
//! - [`find`] (module [`search`]): the padding and swizzle that make a set of accesses
//!   conflict-free, or the fewest wavefronts possible among them; Triton's criterion (the
//!   widest vectors, then the fewest wavefronts) over a declared search space.
//!
//! ```
//! use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
//! use fraglayout::shared::{Access, FragmentAt, MatrixVariant, SharedLayout, SwizzleMode};
//! // A 64 x 64 f16 tile in Hopper's 128-byte swizzle, read by ldmatrix.x4 into the A fragment
//! // of m16n8k16 at rows 16..32, columns 32..48.
//! const TILE: SharedLayout = SharedLayout::hopper(64, 64, 2, SwizzleMode::B128);
//! let read = Access::matrices(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW)
//!     .at(FragmentAt::new(16, 32));
//! let w = read.wavefronts(&TILE).unwrap();
//! assert_eq!((w.total, w.ideal), (4, 4));      // one wavefront per matrix
//! let plain = SharedLayout::row_major(64, 64, 2);
//! assert_eq!(read.wavefronts(&plain).unwrap().worst, 8); // 8-way conflict
//! ```
//!
//! # Growing the model
//!
//! A layout here is a mixed-radix numeral over `(row, col)` (the line and the position in it,
//! with the pitch as the line's place value) followed by one XOR term on the offset's bits.
//! Triton's linear layouts are sums of such XOR terms; the swizzle is kept as CuTe's three
//! numbers because that is the family [`find`] searches and kernels write; a second term
//! would enter as a second [`Swizzle`] applied after the first.

pub mod access;
pub mod banks;
pub mod check;
pub mod code;
pub mod descriptor;
pub mod divide;
mod error;
mod explain;
mod fragment;
pub mod layout;
pub mod ldmatrix;
pub mod linear;
pub mod scale;
pub mod search;
pub mod suggest;
pub mod swizzle;
pub mod tma;

pub use access::Access;
pub use banks::{BankError, BankUse, PhaseReport, Request, Wavefronts};
pub use check::{assert_layout, SharedError, SharedErrors, MAX_SHARED_ERRORS};
pub use code::{
    Combine, Culprit, RowCode, RowsError, Term, ThreadRows, MAX_ROW_TERMS, MAX_ROW_THREADS,
    MAX_ROW_WARPS,
};
pub use descriptor::{Base, Descriptor, DescriptorError, Operand, MMA_K_BYTES};
pub use divide::{divide_matrices, DivideError, MatrixDivision, MAX_DIVISION_REGISTERS};
pub use error::{AccessError, Gap, Misplaced};
pub use fragment::FragmentAt;
pub use layout::{AtomOrder, Major, SharedLayout, ATOM_LINES};
pub use ldmatrix::{
    ldmatrix_rows, ldmatrix_rows_at, MatrixVariant, RowAddresses, MATRIX_ROW_BYTES,
};
pub use linear::{linear_optimum, LinearOptimum, MAX_LANE_TILES, MAX_LINEAR_WORK};
pub use scale::{
    atom_byte, transposer_banks, ScaleAtoms, ScaleError, ScalePlace, TransposerBanks,
    SF_ATOM_BYTES, SF_ATOM_KBLOCKS, SF_ATOM_ROWS, SF_ATOM_WORDS, SF_CONTIGUOUS, SF_PACKED_WORDS,
    SF_TRANSPOSER,
};
pub use search::{candidate, candidates, find, wavefronts_of, FindError, Found, MAX_WIDTH};
pub use swizzle::{Swizzle, SwizzleMode};
pub use tma::{TmaBox, TmaError, TMA_BOX_MAX, TMA_STRIDE_LIMIT};
