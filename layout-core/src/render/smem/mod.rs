//! Shared memory drawn: a tile's layout among the banks ([`tile`](fn@tile), [`tile_svg`]) and an
//! access's bank use, which lanes collide on which bank in which phase ([`banks`](fn@banks),
//! [`banks_svg`]); a grid of atoms' TMA box and MMA descriptor ([`atoms`](fn@atoms)). What
//! `fraglayout smem` and `fraglayout banks` print and draw.
//!
//! Like the other renderers they write to a [`core::fmt::Write`] sink, allocate nothing, and
//! bound what they write: at most [`TILE_ROWS`] rows of [`TILE_CELLS`] cells of a tile, at
//! most [`BANK_INSTRUCTIONS`] instructions of a report and [`BANK_PHASES_DRAWN`] phases of a
//! picture, each with a line saying what is left out.

mod atoms;
mod banks;
mod limits;
mod show;
mod tile;
mod words;

pub use atoms::{atoms, Mma};
pub use banks::{banks, banks_svg};
pub use limits::{BANK_INSTRUCTIONS, BANK_PHASES_DRAWN, TILE_CELLS, TILE_ROWS};
pub use show::Show;
pub use tile::{tile, tile_svg};
pub use words::{PhaseWords, Word};
