//! What a tile picture shows of each cell: its chunk or its bank.

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
