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
mod tile;
mod words;

pub use atoms::{atoms, Mma};
pub use banks::{banks, banks_svg};
pub use tile::{tile, tile_svg};
pub use words::{PhaseWords, Word};

/// The most rows of a tile drawn.
pub const TILE_ROWS: u32 = 256;

/// The most cells of a tile row drawn.
pub const TILE_CELLS: u32 = 64;

/// The most instructions a bank report lists.
pub const BANK_INSTRUCTIONS: u32 = 64;

/// The most phases a bank picture draws.
pub const BANK_PHASES_DRAWN: u32 = 32;

/// What a tile picture shows of each cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Show {
    /// The place of the cell's 16-byte chunk in its 128-byte row of banks, `(byte / 16) % 8`:
    /// the unit swizzles permute.
    Chunk,
    /// The bank of the cell's first 4-byte word, `(byte / 4) % 32`.
    Bank,
}

impl Show {
    /// Bytes a cell covers at most: 16 for a chunk, 4 for a bank's word.
    pub const fn bytes(self) -> u32 {
        match self {
            Show::Chunk => 16,
            Show::Bank => 4,
        }
    }

    /// How many values there are: 8 chunks, 32 banks.
    pub const fn count(self) -> u32 {
        match self {
            Show::Chunk => 8,
            Show::Bank => 32,
        }
    }
}
