//! The shared-memory tile layout: where element `(row, col)` of a tile lies in shared memory.
//!
//! A tile of `rows x cols` elements of `elem_bytes` bytes is stored line by line: rows after
//! rows ([`Major::Row`]) or columns after columns ([`Major::Col`]), each line followed by `pad`
//! unused elements, and the resulting offset optionally swizzled:
//!
//! ```text
//! line, pos = (row, col) for Major::Row, (col, row) for Major::Col
//! pitch     = line length + pad               (cols + pad for Major::Row)
//! offset    = swizzle(line * pitch + pos)     in elements; byte offset = offset * elem_bytes
//! span      = lines * pitch                   the elements the tile occupies, padding included
//!
//! 64 x 64 f16, Swizzle<3, 3, 3> (Hopper's 128-byte mode):  (1, 0) -> 64 ^ 8 = 72   (byte 144)
//! 64 x 64 f16, padded by 8:                                (1, 0) -> 72            (byte 144)
//! ```
//!
//! Offsets are relative to the tile's base, which must be aligned to
//! [`alignment`](SharedLayout::alignment) bytes (128, or the swizzle's period when larger:
//! 1024 for the 128-byte mode) for the bank counts and the hardware's swizzle modes to hold.

use super::swizzle::{Swizzle, SwizzleMode};

/// How the atoms of a tile wider than one atom follow each other in memory.
///
/// An atom is 8 lines of [`atom_len`](SharedLayout::atom_len) elements (one line of a Hopper
/// swizzle mode's width: 128 bytes for the 128-byte mode). A tile `lines x line_len` holds
/// `line_len / atom_len` atoms side by side along its lines and `lines / 8` down them:
///
/// ```text
/// A = 8 * atom_len, the elements of one atom;  n = line_len / atom_len, the atoms along a line
/// Slabs: pos % atom_len + atom_len * line + (lines * atom_len) * (pos / atom_len)
/// Bands: pos % atom_len + atom_len * (line % 8) + A * (pos / atom_len) + (n * A) * (line / 8)
///
/// 64 x 256 f32, 128-byte swizzle (atom_len 32), slabs: (r, c) -> 2048 * (c / 32) + 32 * r + c % 32
/// ```
///
/// | order | CuTe | who writes it | TMA |
/// |---|---|---|---|
/// | [`Slabs`](Self::Slabs) | `tile_to_shape` of a K-major atom (`Layout_K_SW*_Atom`) | DeepGEMM, Triton, ThunderKittens, CUTLASS epilogues | one box per slab |
/// | [`Bands`](Self::Bands) | `tile_to_shape` of an MN-major atom (`Layout_MN_SW*_Atom`) | CuTe's default for MN-major operands | one box per atom |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomOrder {
    /// Each column of atoms (every line, `atom_len` elements of each) is contiguous, then the
    /// next column: slabs of `lines x atom_len`.
    Slabs,
    /// Each band of 8 lines across every atom of the line is contiguous, atom after atom, then
    /// the next band.
    Bands,
}

impl AtomOrder {
    /// `"slabs"` or `"bands"`.
    pub const fn name(self) -> &'static str {
        match self {
            AtomOrder::Slabs => "slabs",
            AtomOrder::Bands => "bands",
        }
    }
}

/// Lines in one atom of a multi-atom tile: a swizzle mode repeats every 8 lines.
pub const ATOM_LINES: u32 = 8;

/// Which coordinate runs along a line of shared memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Major {
    /// Row-major: a row is contiguous, `offset = row * pitch + col`.
    Row,
    /// Column-major: a column is contiguous, `offset = col * pitch + row`.
    Col,
}

/// Where each element of a `rows x cols` tile lies in shared memory: lines (rows, or columns
/// when column-major) of `pitch = line + pad` elements, then a [`Swizzle`] of the offset.
///
/// Built by `const` constructors; [`check`](Self::check) says whether it is sound (every
/// element at its own offset inside [`span`](Self::span), a swizzle that stays in the tile).
/// Offsets are `u32` element offsets from the tile's base, the span a `u64` that stays exact
/// for a layout failing the check ([integer types](crate::conventions#integer-types)).
///
/// ```
/// use fraglayout::shared::{SharedLayout, Swizzle, SwizzleMode};
/// const TILE: SharedLayout = SharedLayout::hopper(64, 64, 2, SwizzleMode::B128);
/// const _: () = fraglayout::shared::assert_layout(&TILE);
/// assert_eq!(TILE.swizzle(), Swizzle::new(3, 3, 3));
/// assert_eq!(TILE.offset(1, 0), Some(72));       // row 1's first 16 bytes moved to unit 1
/// assert_eq!(TILE.byte_offset(1, 0), Some(144));
/// assert_eq!(TILE.decode(72), Some((1, 0)));
/// assert_eq!(TILE.span(), 4096);
/// let padded = SharedLayout::padded(64, 64, 2, 8);
/// assert_eq!((padded.offset(1, 0), padded.span()), (Some(72), 64 * 72));
/// assert_eq!(padded.decode(64), None);           // padding holds no element
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SharedLayout {
    rows: u32,
    cols: u32,
    elem_bytes: u32,
    pad: u32,
    major: Major,
    swizzle: Swizzle,
    mode: Option<SwizzleMode>,
    /// Elements of a line in one atom; 0 for a tile one atom wide.
    atom: u32,
    order: AtomOrder,
}

impl SharedLayout {
    /// A row-major tile without padding or swizzle: `offset = row * cols + col`.
    pub const fn row_major(rows: u32, cols: u32, elem_bytes: u32) -> SharedLayout {
        SharedLayout {
            rows,
            cols,
            elem_bytes,
            pad: 0,
            major: Major::Row,
            swizzle: Swizzle::NONE,
            mode: None,
            atom: 0,
            order: AtomOrder::Slabs,
        }
    }

    /// A row-major tile with `pad` unused elements after each row: `offset = row * (cols +
    /// pad) + col`.
    pub const fn padded(rows: u32, cols: u32, elem_bytes: u32, pad: u32) -> SharedLayout {
        SharedLayout::row_major(rows, cols, elem_bytes).with_pad(pad)
    }

    /// A row-major tile whose element offsets are swizzled: `offset = swizzle(row * cols +
    /// col)`.
    pub const fn swizzled(rows: u32, cols: u32, elem_bytes: u32, swizzle: Swizzle) -> SharedLayout {
        SharedLayout::row_major(rows, cols, elem_bytes).with_swizzle(swizzle)
    }

    /// A row-major tile in one of Hopper's swizzle modes, as TMA writes it and the `wgmma`
    /// descriptor reads it: atoms of 8 lines of exactly [`mode.bytes()`](SwizzleMode::bytes)
    /// bytes (64 f16 for the 128-byte mode), swizzled by the mode's [`Swizzle`] on elements.
    /// A wider tile is a grid of atoms in [`AtomOrder::Slabs`] ([`with_order`](Self::with_order)
    /// for the other); the check refuses lines that are not a whole number of atoms, and
    /// padding. Call [`col_major`](Self::col_major) on the result for an MN-major operand
    /// (lines are then columns). [`SwizzleMode::None`] is the plain row-major tile;
    /// [`core_matrices`](Self::core_matrices) is the descriptor's interleaved no-swizzle form.
    ///
    /// ```
    /// use fraglayout::shared::{SharedLayout, SwizzleMode};
    /// // The Hopper epilogue tile: 64 x 256 f32 in 8 slabs of 64 rows x 128 bytes.
    /// const C: SharedLayout = SharedLayout::hopper(64, 256, 4, SwizzleMode::B128);
    /// const _: () = fraglayout::shared::assert_layout(&C);
    /// assert_eq!((C.atom_len(), C.atoms_along()), (32, 8));
    /// assert_eq!(C.linear(1, 33), Some(2048 + 32 + 1));   // slab 1, row 1, column 1
    /// assert_eq!(C.span_bytes(), 64 * 1024);
    /// ```
    pub const fn hopper(rows: u32, cols: u32, elem_bytes: u32, mode: SwizzleMode) -> SharedLayout {
        let swizzle = match mode.swizzle(elem_bytes) {
            Some(s) => s,
            // Elements of other sizes fail the check on their own; no swizzle is then moot.
            None => Swizzle::NONE,
        };
        let atom = match mode.bytes().checked_div(elem_bytes) {
            Some(a) => a,
            None => 0,
        };
        SharedLayout {
            mode: Some(mode),
            atom,
            ..SharedLayout::swizzled(rows, cols, elem_bytes, swizzle)
        }
    }

    /// The interleaved (no-swizzle) layout of the `wgmma` / `tcgen05` descriptors: core
    /// matrices of 8 lines of 16 bytes, in [`AtomOrder::Slabs`] (CuTe's `Layout_K_INTER_Atom`
    /// tiled; [`with_order`](Self::with_order)`(AtomOrder::Bands)` for `Layout_MN_INTER_Atom`).
    ///
    /// ```
    /// use fraglayout::shared::SharedLayout;
    /// const A: SharedLayout = SharedLayout::core_matrices(64, 16, 2);   // 64 x 16 f16, K-major
    /// assert_eq!(A.linear(1, 0), Some(8));       // the next row of a core matrix, 16 bytes on
    /// assert_eq!(A.linear(0, 8), Some(64 * 8));  // the next core matrix along K, one slab on
    /// ```
    pub const fn core_matrices(rows: u32, cols: u32, elem_bytes: u32) -> SharedLayout {
        SharedLayout {
            mode: Some(SwizzleMode::None),
            atom: match 16u32.checked_div(elem_bytes) {
                Some(a) => a,
                None => 0,
            },
            ..SharedLayout::row_major(rows, cols, elem_bytes)
        }
    }

    /// The same tile as a grid of atoms `atom_len` elements wide (and [`ATOM_LINES`] lines
    /// high) in `order`; `atom_len` 0 (or the line's length) is one atom wide.
    pub const fn with_atoms(self, atom_len: u32, order: AtomOrder) -> SharedLayout {
        SharedLayout {
            atom: atom_len,
            order,
            ..self
        }
    }

    /// The same grid of atoms in another order.
    pub const fn with_order(self, order: AtomOrder) -> SharedLayout {
        SharedLayout { order, ..self }
    }

    /// The same tile stored column by column: lines are columns, `offset = swizzle(col *
    /// (rows + pad) + row)`.
    pub const fn col_major(self) -> SharedLayout {
        SharedLayout {
            major: Major::Col,
            ..self
        }
    }

    /// The same layout with `pad` elements after each line (no longer a Hopper mode layout).
    pub const fn with_pad(self, pad: u32) -> SharedLayout {
        SharedLayout {
            pad,
            mode: None,
            ..self
        }
    }

    /// The same layout with another swizzle of element offsets (no longer a Hopper mode
    /// layout).
    pub const fn with_swizzle(self, swizzle: Swizzle) -> SharedLayout {
        SharedLayout {
            swizzle,
            mode: None,
            ..self
        }
    }

    /// Tile rows.
    pub const fn rows(&self) -> u32 {
        self.rows
    }

    /// Tile columns.
    pub const fn cols(&self) -> u32 {
        self.cols
    }

    /// Bytes per element.
    pub const fn elem_bytes(&self) -> u32 {
        self.elem_bytes
    }

    /// Unused elements after each line.
    pub const fn pad(&self) -> u32 {
        self.pad
    }

    /// Whether rows or columns are contiguous.
    pub const fn major(&self) -> Major {
        self.major
    }

    /// The swizzle of element offsets ([`Swizzle::NONE`] when there is none).
    pub const fn swizzle(&self) -> Swizzle {
        self.swizzle
    }

    /// The Hopper mode the layout was built with ([`hopper`](Self::hopper)), if any.
    pub const fn mode(&self) -> Option<SwizzleMode> {
        self.mode
    }

    /// Elements of a line in one atom: the line's length for a tile one atom wide.
    #[inline]
    pub const fn atom_len(&self) -> u32 {
        if self.atom == 0 || self.atom >= self.line_len() {
            self.line_len()
        } else {
            self.atom
        }
    }

    /// Atoms side by side along a line, `line_len / atom_len` (rounded up; 1 for a tile one
    /// atom wide, 0 for an empty one).
    #[inline]
    pub const fn atoms_along(&self) -> u32 {
        if self.atom_len() == 0 {
            0
        } else {
            self.line_len().div_ceil(self.atom_len())
        }
    }

    /// Whether the tile is more than one atom wide.
    #[inline]
    pub const fn is_grid(&self) -> bool {
        self.atoms_along() > 1
    }

    /// How the atoms follow each other (meaningful for a [grid](Self::is_grid)).
    pub const fn order(&self) -> AtomOrder {
        self.order
    }

    /// Elements in a line: `cols` for row-major, `rows` for column-major.
    #[inline]
    pub const fn line_len(&self) -> u32 {
        match self.major {
            Major::Row => self.cols,
            Major::Col => self.rows,
        }
    }

    /// How many lines: `rows` for row-major, `cols` for column-major.
    #[inline]
    pub const fn lines(&self) -> u32 {
        match self.major {
            Major::Row => self.rows,
            Major::Col => self.cols,
        }
    }

    /// Elements from one line's start to the next's, `line_len + pad`.
    pub const fn pitch(&self) -> u64 {
        self.line_len() as u64 + self.pad as u64
    }

    /// Elements from one line's start to the next's inside an atom, `atom_len + pad` (the
    /// [`pitch`](Self::pitch) for a tile one atom wide).
    #[inline]
    pub const fn atom_pitch(&self) -> u64 {
        self.atom_len() as u64 + self.pad as u64
    }

    /// Elements of shared memory the tile occupies, padding included: `lines * pitch`
    /// (`lines * atom_pitch * atoms_along` for a grid); saturating at `u64::MAX`, which only a
    /// layout failing the check reaches.
    ///
    /// ```
    /// use fraglayout::shared::{AtomOrder, SharedLayout};
    /// // 2^31 lines of a 2^32 pitch (atoms of 2^31 padded by 2^31), two atoms along: 2^64.
    /// const HUGE: SharedLayout = SharedLayout::row_major(1 << 31, u32::MAX, 1)
    ///     .with_atoms(1 << 31, AtomOrder::Slabs)
    ///     .with_pad(1 << 31);
    /// const SPAN: u64 = HUGE.span();
    /// assert_eq!(SPAN, u64::MAX);
    /// assert_eq!(
    ///     HUGE.check().unwrap_err().to_string(),
    ///     "the tile spans at least 18446744073709551615 bytes, more than 4294967295: use a \
    ///      smaller tile"
    /// );
    /// ```
    pub const fn span(&self) -> u64 {
        let along = match (self.lines() as u64).checked_mul(self.atom_pitch()) {
            Some(slab) => slab.checked_mul(self.atoms_along() as u64),
            None => None,
        };
        match along {
            Some(span) => span,
            None => u64::MAX,
        }
    }

    /// One past the largest unswizzled offset of an element, `span` with the lines rounded up
    /// to whole bands of [`ATOM_LINES`] for a grid in bands; `None` past `u64` (a layout
    /// failing the check), where [`linear_in_tile`](Self::linear_in_tile) could overflow.
    const fn linear_bound(&self) -> Option<u64> {
        let lines = match self.order {
            AtomOrder::Bands if self.is_grid() => {
                (self.lines() as u64).div_ceil(ATOM_LINES as u64) * ATOM_LINES as u64
            }
            _ => self.lines() as u64,
        };
        match lines.checked_mul(self.atom_pitch()) {
            Some(slab) => slab.checked_mul(self.atoms_along() as u64),
            None => None,
        }
    }

    /// Bytes of shared memory the tile occupies, `span * elem_bytes` (saturating).
    pub const fn span_bytes(&self) -> u64 {
        self.span().saturating_mul(self.elem_bytes as u64)
    }

    /// Elements of the tile, `rows * cols`.
    pub const fn size(&self) -> u64 {
        self.rows as u64 * self.cols as u64
    }

    /// The alignment in bytes the tile's base needs for the bank counts and the swizzle to
    /// mean what they say: 128 bytes (a full row of banks), or the swizzle's period when it is
    /// larger (1024 for Hopper's 128-byte mode, as the hardware requires). Saturates at 2^31.
    pub const fn alignment(&self) -> u32 {
        let top = self.swizzle.top() as u64 + self.elem_bytes.trailing_zeros() as u64;
        if top >= 31 {
            1 << 31
        } else if (1u32 << top) > 128 {
            1 << top
        } else {
            128
        }
    }

    /// The unswizzled offset of `(row, col)`: `line * pitch + pos` for a tile one atom wide,
    /// the [`AtomOrder`]'s formula for a grid; `None` outside the tile or past `u32::MAX`, and
    /// for a layout whose offsets pass `u64` (which fails the check).
    pub const fn linear(&self, row: u32, col: u32) -> Option<u32> {
        if row >= self.rows || col >= self.cols || self.linear_bound().is_none() {
            return None;
        }
        let lin = self.linear_in_tile(row as u64, col as u64);
        if lin > u32::MAX as u64 {
            None
        } else {
            Some(lin as u32)
        }
    }

    /// [`linear`](Self::linear) for `(row, col)` known to be inside the tile (of a layout
    /// that passed the check), without the bounds test: what generated code computes.
    #[inline]
    pub(crate) const fn linear_in_tile(&self, row: u64, col: u64) -> u64 {
        let (line, pos) = match self.major {
            Major::Row => (row, col),
            Major::Col => (col, row),
        };
        let (len, pitch) = (self.atom_len() as u64, self.atom_pitch());
        if len == 0 {
            return 0;
        }
        let (block, within) = (pos / len, pos % len);
        match self.order {
            AtomOrder::Slabs => within + pitch * line + pitch * self.lines() as u64 * block,
            AtomOrder::Bands => {
                let atom = pitch * ATOM_LINES as u64;
                within
                    + pitch * (line % ATOM_LINES as u64)
                    + atom * block
                    + atom * self.atoms_along() as u64 * (line / ATOM_LINES as u64)
            }
        }
    }

    /// `(line, pos)` of the unswizzled offset `lin`, inverting [`linear`](Self::linear)
    /// (`None` for padding; the caller checks the tile's bounds).
    const fn unlinear(&self, lin: u64) -> Option<(u64, u64)> {
        let (len, pitch) = (self.atom_len() as u64, self.atom_pitch());
        // A slab or band past u64 saturates: `lin`, a u32, still lies in the first.
        let (line, block, within) = match self.order {
            AtomOrder::Slabs => {
                let slab = pitch.saturating_mul(self.lines() as u64);
                let rest = lin % slab;
                (rest / pitch, lin / slab, rest % pitch)
            }
            AtomOrder::Bands => {
                let atom = pitch * ATOM_LINES as u64;
                let band = atom.saturating_mul(self.atoms_along() as u64);
                let rest = lin % band % atom;
                let line = lin / band * ATOM_LINES as u64 + rest / pitch;
                (line, lin % band / atom, rest % pitch)
            }
        };
        if within >= len {
            None
        } else {
            Some((line, block * len + within))
        }
    }

    /// The element offset of tile element `(row, col)` from the tile's base; `None` outside
    /// the tile (never wrapped onto another element) or past `u32::MAX`.
    pub const fn offset(&self, row: u32, col: u32) -> Option<u32> {
        match self.linear(row, col) {
            Some(lin) => Some(self.swizzle.apply(lin)),
            None => None,
        }
    }

    /// The byte offset of tile element `(row, col)`, `offset * elem_bytes`; `None` as for
    /// [`offset`](Self::offset) or past `u32::MAX`.
    pub const fn byte_offset(&self, row: u32, col: u32) -> Option<u32> {
        match self.offset(row, col) {
            Some(off) => off.checked_mul(self.elem_bytes),
            None => None,
        }
    }

    /// The tile element stored at element offset `offset`: the inverse of
    /// [`offset`](Self::offset). `None` for padding and outside the span. Exact for layouts
    /// that pass the check; for others it returns `Some` only for a genuine preimage.
    pub const fn decode(&self, offset: u32) -> Option<(u32, u32)> {
        if offset as u64 >= self.span() || self.atom_pitch() == 0 || self.lines() == 0 {
            return None;
        }
        // A swizzle with shift >= bits is its own inverse.
        let Some((line, pos)) = self.unlinear(self.swizzle.apply(offset) as u64) else {
            return None;
        };
        if pos >= self.line_len() as u64 || line >= self.lines() as u64 {
            return None;
        }
        let (row, col) = match self.major {
            Major::Row => (line as u32, pos as u32),
            Major::Col => (pos as u32, line as u32),
        };
        match self.offset(row, col) {
            Some(back) if back == offset => Some((row, col)),
            _ => None,
        }
    }

    /// The tile element whose bytes include byte offset `byte`, and the byte within the
    /// element; `None` for padding and outside the span.
    pub const fn decode_byte(&self, byte: u32) -> Option<((u32, u32), u32)> {
        if self.elem_bytes == 0 {
            return None;
        }
        match self.decode(byte / self.elem_bytes) {
            Some(at) => Some((at, byte % self.elem_bytes)),
            None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_major_lines_are_columns() {
        let l = SharedLayout::row_major(16, 8, 2).with_pad(8).col_major();
        assert_eq!(l.pitch(), 24);
        assert_eq!(l.offset(3, 2), Some(2 * 24 + 3));
        assert_eq!(l.span(), 8 * 24);
        assert_eq!(l.decode(2 * 24 + 3), Some((3, 2)));
        assert_eq!(l.decode(2 * 24 + 16), None, "padding after column 2");
    }

    #[test]
    fn out_of_tile_is_none_never_wrapped() {
        let l = SharedLayout::swizzled(8, 64, 2, Swizzle::new(3, 3, 3));
        assert_eq!(l.offset(8, 0), None);
        assert_eq!(l.offset(0, 64), None);
        assert_eq!(l.decode(512), None);
        let huge = SharedLayout::row_major(u32::MAX, u32::MAX, 16);
        assert_eq!(huge.offset(u32::MAX - 1, 5), None);
        assert_eq!(huge.span(), u32::MAX as u64 * u32::MAX as u64);
    }

    #[test]
    fn spans_past_u64_saturate_and_offsets_stay_none() {
        // Atoms of 2^31 elements padded by 2^31: a pitch of 2^32, two along the line, 2^31
        // lines: 2^64 elements, which wrapped to a span of 0.
        let l = SharedLayout::row_major(1 << 31, u32::MAX, 1)
            .with_atoms(1 << 31, AtomOrder::Slabs)
            .with_pad(1 << 31);
        assert_eq!(l.span(), u64::MAX);
        assert_eq!(l.span_bytes(), u64::MAX);
        assert_eq!(
            l.check(),
            Err(crate::shared::SharedError::TooLarge {
                span_bytes: u64::MAX
            })
        );
        let mut m = crate::message::Message::new();
        l.check().unwrap_err().write(&mut m);
        assert_eq!(
            m.as_str(),
            "the tile spans at least 18446744073709551615 bytes, more than 4294967295: use a \
             smaller tile"
        );
        // Offsets of such a layout: none, never an overflow.
        for order in [AtomOrder::Slabs, AtomOrder::Bands] {
            let l = l.with_order(order);
            for (r, c) in [(0, 0), ((1 << 31) - 1, u32::MAX - 1), (7, 1 << 31)] {
                assert_eq!(l.linear(r, c), None, "{order:?} ({r}, {c})");
                assert_eq!(l.offset(r, c), None);
            }
            for off in [0, 1, u32::MAX] {
                assert_eq!(l.decode(off), None, "{order:?} {off}");
            }
        }
        let widest = SharedLayout::row_major(u32::MAX, u32::MAX, 16)
            .with_pad(u32::MAX)
            .with_atoms(1, AtomOrder::Bands);
        assert_eq!(widest.span(), u64::MAX);
        assert_eq!(widest.linear(u32::MAX - 1, u32::MAX - 1), None);
        assert_eq!(widest.decode(12345), None);
    }

    #[test]
    fn alignment_follows_the_swizzle_period() {
        assert_eq!(SharedLayout::row_major(8, 8, 2).alignment(), 128);
        let b128 = SharedLayout::hopper(8, 64, 2, SwizzleMode::B128);
        assert_eq!(b128.alignment(), 1024);
        assert_eq!(b128.mode(), Some(SwizzleMode::B128));
        assert_eq!(b128.with_pad(0).mode(), None);
    }
}
