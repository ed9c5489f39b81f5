//! The public limits on what the renderers draw and list.

/// The largest tile of a numeral failing the check the renderers draw, in elements (a 64 x 256
/// tile has 16384). Numerals passing the check are drawn whatever their size.
pub const MAX_CELLS: u64 = 1 << 16;

/// The most `(thread, e)` pairs of a numeral failing the check the renderers scan.
pub const MAX_CLAIMS: u64 = 1 << 20;

/// The most columns [`grid`](fn@super::grid) draws.
pub const GRID_COLS: u32 = 64;

/// The most cells [`grid`](fn@super::grid) draws.
pub const GRID_CELLS: u32 = 4096;

/// The most bytes of cell rows [`grid`](fn@super::grid) writes (it draws fewer rows where cells
/// are wide).
pub const GRID_BYTES: usize = 44 * 1024;

/// The most columns [`svg`](fn@super::svg) draws.
pub const SVG_COLS: u32 = 64;

/// The most cells [`svg`](fn@super::svg) draws: a 64 x 32 warpgroup tile whole.
pub const SVG_CELLS: u32 = 2048;

/// The most entries each list of a broken numeral's grid or picture gives: collisions,
/// rows with unclaimed elements, claims outside the tile.
pub const LISTED: usize = 16;

/// The most claimants listed for one collision.
pub const LISTED_CLAIMANTS: usize = 8;

/// The most digits [`digit_table`](super::digit_table) lists.
pub const TABLE_DIGITS: usize = 64;
