//! The limits on what the shared-memory renderers draw and list.

/// The most rows of a tile drawn.
pub const TILE_ROWS: u32 = 256;

/// The most cells of a tile row drawn.
pub const TILE_CELLS: u32 = 64;

/// The most instructions a bank report lists.
pub const BANK_INSTRUCTIONS: u32 = 64;

/// The most phases a bank picture draws.
pub const BANK_PHASES_DRAWN: u32 = 32;
