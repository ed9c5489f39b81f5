//! Renderings of a numeral: a text grid, an SVG picture, a Markdown digit table.
//!
//! Every renderer writes to a [`core::fmt::Write`] sink and allocates nothing, so they work in
//! `no_std` code as well as into a `String`:
//!
//! - [`grid`](fn@grid): the tile as text, each cell `T{thread}:{element}`.
//! - [`svg`](fn@svg): the tile as an SVG 1.1 picture in the style of the PTX ISA fragment figures.
//! - [`digit_table`]: the digits as a Markdown table, sorted by place.
//! - [`rounds`](fn@rounds) and [`in_lane`]: a conversion [`Plan`](crate::convert::Plan) as lane tables;
//!   [`conversion_svg`]: as a picture of the destination tile coloured by round.
//! - [`smem`]: a shared-memory tile among the banks, and an access's bank conflicts, as text
//!   and pictures.
//!
//! Renderings of a numeral that is not a bijection show what is wrong: elements claimed more
//! than once, elements nobody claims, and claims that land outside the tile.
//!
//! # Bounds
//! Whatever the numeral, the output is bounded, and the work linear in what is drawn (and, for
//! a numeral failing the check, in its `(thread, e)` pairs, which are bounded too):
//! - A tile wider or taller than a readable drawing is drawn in part: the first
//!   [`GRID_COLS`] columns of the first rows, up to [`GRID_CELLS`] cells and [`GRID_BYTES`]
//!   bytes of grid ([`SVG_COLS`] and [`SVG_CELLS`] for a picture), with a line saying what is
//!   left out. A 64 x 256 `wgmma` accumulator draws its first 64 columns.
//! - Lists of collisions, unclaimed elements and claims outside the tile give their first
//!   [`LISTED`] entries (each collision its first [`LISTED_CLAIMANTS`] claimants), then how
//!   many more there are; the digit table lists the first [`TABLE_DIGITS`] digits.
//!
//! So a grid is at most about 64 KiB, and a picture under 1 MiB, for any numeral with a short
//! name.
//!
//! # Cost
//! The owner of a cell of a numeral passing [`Numeral::check`] is found by
//! [`Numeral::decode`]: the work is the drawn cells times the digits. A numeral failing the
//! check is drawn from passes over all its `(thread, e)` pairs, each pair costing one
//! addition (its lane, warp and element parts are summed from kept parts): one pass maps the
//! whole tile (who is claimed once, twice, or not at all: bitmaps of 16 KiB), and one pass per
//! 1024 drawn cells finds their claimants. Such a numeral is drawn when its tile has at most
//! [`MAX_CELLS`] elements, it has at most [`MAX_CLAIMS`] pairs and at most
//! [`MAX_DIGITS`](crate::MAX_DIGITS) digits; otherwise the renderers write a one-line note
//! instead. Everything lives on the stack, about 48 KiB at most.
//!
//! [`Numeral::check`]: crate::Numeral::check
//! [`Numeral::decode`]: crate::Numeral::decode

mod claims;
mod describe;
mod grid;
mod least;
mod limits;
mod rounds;
pub mod smem;
mod svg;
mod table;
mod text;
mod tile;

pub use grid::grid;
pub use limits::{
    GRID_BYTES, GRID_CELLS, GRID_COLS, LISTED, LISTED_CLAIMANTS, MAX_CELLS, MAX_CLAIMS, SVG_CELLS,
    SVG_COLS, TABLE_DIGITS,
};
pub use rounds::{in_lane, rounds};
pub use svg::{conversion_svg, svg};
pub use table::digit_table;
