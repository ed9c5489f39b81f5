//! The numeral: a fragment layout as a mixed-radix number, and its `const fn` operations.

use crate::{Digit, Source};

/// Lanes in a warp.
pub const LANES: u32 = 32;

/// The most digits a numeral may have. A tile of at most 2^32 elements needs at most 32 digits
/// of range 2 or more, so this bound costs nothing.
pub const MAX_DIGITS: usize = 32;

/// A fragment layout: which element of a `rows x cols` tile each thread's fragment element holds.
///
/// The tile is addressed by its row-major offset `row * cols + col`. Each digit reads a part of
/// the thread's lane, its warp, or the element index `e`, and adds `value * place` to the
/// offset. Everything inside the tile (coordinates, offsets, thread and element indices) is a
/// `u32`, everything in the user's memory a `usize`
/// ([integer types](crate::conventions#integer-types)).
///
/// The fields are the declaration, as written (`name`, `rows`, `cols`, `warps`, `elements`,
/// `digits`); what follows from them is a method, computed on each call: `threads()` is `32 *
/// warps`, `size()` is `rows * cols` ([fields and methods](crate::conventions#fields-and-methods)).
///
/// For the `m16n8k16` f32 accumulator (16 x 8, 4 elements per lane):
///
/// | digit      | range | place | source         |
/// |------------|-------|-------|----------------|
/// | `e % 2`    | 2     | 1     | element, bit 0 |
/// | `lane % 4` | 4     | 2     | lane, bits 0-1 |
/// | `lane / 4` | 8     | 8     | lane, bits 2-4 |
/// | `e / 2`    | 2     | 64    | element, bit 1 |
///
/// ```
/// use fraglayout::{Digit, Numeral};
/// const ACC: Numeral = Numeral::new("acc", 16, 8, 4, &[
///     Digit::element(1, 2, 1),
///     Digit::lane(1, 4, 2),
///     Digit::lane(4, 8, 8),
///     Digit::element(2, 2, 64),
/// ]);
/// const _: () = fraglayout::assert_bijection(&ACC);
/// assert_eq!(ACC.coords(5, 3), Some((9, 3)));   // lane 5, element 3: row 8 + 1, col 2 + 1
/// assert_eq!(ACC.decode_coords(9, 3), Some((5, 3)));
/// assert_eq!(ACC.coords(32, 0), None);          // lane out of range: rejected, never wrapped
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numeral<'a> {
    /// A name for messages and pictures.
    pub name: &'a str,
    /// Tile rows.
    pub rows: u32,
    /// Tile columns; the offset of `(row, col)` is `row * cols + col`.
    pub cols: u32,
    /// Warps taking part: 1 for warp-level instructions, 4 for a `wgmma` warpgroup.
    pub warps: u32,
    /// Elements in each thread's fragment.
    pub elements: u32,
    /// The digits, in any order.
    pub digits: &'a [Digit],
}

impl<'a> Numeral<'a> {
    /// A warp-level numeral (one warp of 32 lanes).
    pub const fn new(
        name: &'a str,
        rows: u32,
        cols: u32,
        elements: u32,
        digits: &'a [Digit],
    ) -> Numeral<'a> {
        Numeral {
            name,
            rows,
            cols,
            warps: 1,
            elements,
            digits,
        }
    }

    /// The same numeral over `warps` warps (a warpgroup has 4).
    pub const fn with_warps(self, warps: u32) -> Numeral<'a> {
        Numeral { warps, ..self }
    }

    /// The same digits under another name.
    pub const fn renamed(self, name: &'a str) -> Numeral<'a> {
        Numeral { name, ..self }
    }

    /// Elements in the tile, `rows * cols`.
    pub const fn size(&self) -> u64 {
        self.rows as u64 * self.cols as u64
    }

    /// Threads taking part, `32 * warps`, saturating at `u32::MAX` (a thread index is a `u32`;
    /// a numeral with that many warps fails [`check`](Self::check)).
    pub const fn threads(&self) -> u32 {
        LANES.saturating_mul(self.warps)
    }

    /// How many threads hold each element: the product of the ranges of the broadcast digits
    /// ([`Digit::broadcast`]), 1 for a numeral without (saturating at `u64::MAX`; element digits
    /// at place 0 and digits of range 0 or 1, which the check refuses, count as 1).
    pub const fn copies(&self) -> u64 {
        let mut p: u64 = 1;
        let mut i = 0;
        while i < self.digits.len() {
            let d = &self.digits[i];
            let threads = !matches!(d.source, Source::Element);
            if d.is_broadcast() && threads && d.range >= 2 {
                p = p.saturating_mul(d.range as u64);
            }
            i += 1;
        }
        p
    }

    /// Whether some digit is a broadcast digit: several threads hold one element.
    pub const fn has_broadcast(&self) -> bool {
        let mut i = 0;
        while i < self.digits.len() {
            if self.digits[i].is_broadcast() {
                return true;
            }
            i += 1;
        }
        false
    }

    /// How many values an input takes: 32 lanes, `warps` warps, `elements` elements. (The
    /// valid part of a partial tile is another thing, a [`bounds::Extent`](crate::bounds::Extent),
    /// built by [`extent_clamped`](Self::extent_clamped) and [`extent_at`](Self::extent_at).)
    pub const fn extent(&self, source: Source) -> u32 {
        match source {
            Source::Lane => LANES,
            Source::Warp => self.warps,
            Source::Element => self.elements,
        }
    }

    /// The value of `source` for thread `thread` and element `e` (no range check).
    pub const fn input(source: Source, thread: u32, e: u32) -> u32 {
        match source {
            Source::Lane => thread % LANES,
            Source::Warp => thread / LANES,
            Source::Element => e,
        }
    }

    /// Whether `thread < threads()` and `e < elements`.
    pub const fn in_range(&self, thread: u32, e: u32) -> bool {
        thread < self.threads() && e < self.elements
    }

    /// The row-major tile offset of element `e` of thread `thread`.
    ///
    /// `None` when the thread or element is out of range (never wrapped onto another element),
    /// or when the sum lies outside the tile, which only a numeral failing
    /// [`check`](Self::check) can produce.
    pub const fn offset(&self, thread: u32, e: u32) -> Option<u32> {
        if !self.in_range(thread, e) {
            return None;
        }
        // A tile of more than u32::MAX elements fails the check; its far offsets are `None`,
        // never truncated onto near ones.
        match self.raw_offset(thread, e) {
            Some(off) if off < self.size() && off <= u32::MAX as u64 => Some(off as u32),
            _ => None,
        }
    }

    /// The sum of the digits for in-range inputs, whatever it is, even outside the tile;
    /// `None` only on overflow of `u64` or out-of-range inputs. For debugging bad numerals.
    pub const fn raw_offset(&self, thread: u32, e: u32) -> Option<u64> {
        if !self.in_range(thread, e) {
            return None;
        }
        let mut sum: u64 = 0;
        let mut i = 0;
        while i < self.digits.len() {
            let d = &self.digits[i];
            let v = d.value_of(Self::input(d.source, thread, e)) as u64;
            sum = match sum.checked_add(v * d.place as u64) {
                Some(s) => s,
                None => return None,
            };
            i += 1;
        }
        Some(sum)
    }

    /// `(row, col)` of element `e` of thread `thread`, tile coordinates as `u32`
    /// ([integer types](crate::conventions#integer-types)); `None` as for [`offset`](Self::offset). In a
    /// matrix: [`matrix_offset`](Self::matrix_offset).
    pub const fn coords(&self, thread: u32, e: u32) -> Option<(u32, u32)> {
        match self.offset(thread, e) {
            Some(off) => Some((off / self.cols, off % self.cols)),
            None => None,
        }
    }

    /// The inverse of [`offset`](Self::offset): the `(thread, e)` holding a tile offset.
    ///
    /// `None` outside the tile. Exact for numerals that pass [`check`](Self::check); for others
    /// it returns `Some` only for a genuine preimage. Where broadcast digits make
    /// [`copies`](Self::copies) threads hold the offset, the one returned is the
    /// representative: every broadcast digit 0 (the lowest such thread).
    pub const fn decode(&self, offset: u32) -> Option<(u32, u32)> {
        if offset as u64 >= self.size() {
            return None;
        }
        // Each input's value is summed in u64 with overflow checks: a numeral that fails the
        // check can have divisors and ranges whose products pass 2^64.
        let mut inputs: [u64; 3] = [0; 3];
        let mut i = 0;
        while i < self.digits.len() {
            let d = &self.digits[i];
            if d.place != 0 && d.range != 0 {
                let v = (offset / d.place % d.range) as u64 * d.divisor as u64;
                let k = d.source.index();
                inputs[k] = match inputs[k].checked_add(v) {
                    Some(sum) => sum,
                    None => return None,
                };
            }
            i += 1;
        }
        let lane = inputs[Source::Lane.index()];
        let warp = inputs[Source::Warp.index()];
        let e = inputs[Source::Element.index()];
        if lane >= LANES as u64 || warp >= self.warps as u64 || e >= self.elements as u64 {
            return None;
        }
        // warp < warps fits in u32, but warp * 32 need not.
        let thread = warp * LANES as u64 + lane;
        if thread > u32::MAX as u64 {
            return None;
        }
        match self.offset(thread as u32, e as u32) {
            Some(back) if back == offset => Some((thread as u32, e as u32)),
            _ => None,
        }
    }

    /// The `(thread, e)` holding tile element `(row, col)` (the representative, as for
    /// [`decode`](Self::decode), under broadcast digits); `None` outside the tile, and for a
    /// tile of more than `u32::MAX` elements (which fails [`check`](Self::check)) where the
    /// offset `row * cols + col` does not fit in `u32`.
    pub const fn decode_coords(&self, row: u32, col: u32) -> Option<(u32, u32)> {
        if row >= self.rows || col >= self.cols {
            return None;
        }
        let offset = row as u64 * self.cols as u64 + col as u64;
        if offset > u32::MAX as u64 {
            return None;
        }
        self.decode(offset as u32)
    }
}
