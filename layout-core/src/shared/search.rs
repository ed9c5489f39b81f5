//! Finding a swizzle (or a padding) that makes every access of a tile conflict-free.
//!
//! **The criterion** is Triton's for its swizzle selection, lexicographic: the widest vectors
//! first (bytes a lane moves per instruction), then the fewest wavefronts, over a declared
//! search space. Given the tile (rows, columns, element size, majorness) and the [`Access`]es
//! it sees, [`find`] returns the first layout in the order below that makes every access
//! conflict-free (total wavefronts = ideal), or else the first with the fewest wavefronts.
//! [`Found`] carries the criterion and the search space ([`Found::write_criterion`]). On
//! power-of-two tiles, [`linear_optimum`](super::linear_optimum) is the reference to compare
//! its choice with: the fewest wavefronts over every GF(2)-linear layout.
//!
//! **Widths.** `ldmatrix` / `stmatrix` rows and accesses given a width keep it. An
//! element-wise access whose width is free ([`Access::elements_widest`]) moves the widest
//! vector its element runs allow: the search tries 16 bytes a lane for all free accesses, then
//! 8, 4, ... down to the element size, and stops at the first width that some layout admits
//! (no layout admits a vector a lane's elements do not fill, nor one a swizzle or padding
//! splits). Where every width is fixed there is one pass.
//!
//! **The search space**, in order, for each width:
//!
//! 1. padding `0..=max_pad` elements per line, smallest first (padding costs memory);
//! 2. for each padding: no swizzle, then every [`Swizzle`] `<bits, base, shift>` with fewer
//!    bits first, then lower base, then lower shift, that could change a bank: its written
//!    bits start inside a 128-byte row of banks and end at its top (`base + bits <=
//!    log2(128 / elem_bytes)`, at most 5 bits: there are 32 banks), `shift >= bits`, and it
//!    passes the layout check (its bits stay in the tile).
//!
//! A layout that some access cannot use (a swizzle that splits an `ldmatrix` row or a vector,
//! a padding that misaligns one) is skipped. The candidates number a few hundred per padding;
//! each costs the accesses' wavefront counts; where the fragments' elements lie in the tile
//! (the numeral's arithmetic, the same for every candidate) is computed once, for the first
//! four instructions of each of the first four `ldmatrix` / `stmatrix` accesses. It is a
//! `const fn`, and constant evaluation is slow: the first search below (it stops at layout
//! 106) costs the compiler about 0.7 s (2.6 s before the elements were placed once), where
//! the same call at run time takes about 0.7 ms unoptimised (2026-12-01, the 2-core machine of
//! [docs/PERFORMANCE.md]). A search that finds no conflict-free layout tries them all, and over
//! a large tile with many accesses it can exceed the compiler's budget for constant evaluation;
//! run such a search at run time (a build script, a test, the CLI) and write the layout it
//! found as a constant.
//!
//! ```
//! use fraglayout::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_C};
//! use fraglayout::shared::{find, Access, FindError, Found, MatrixVariant, SharedLayout, Swizzle};
//! // A 64 x 64 f16 operand tile read by ldmatrix.x4: the 128-byte swizzle's kind, found in
//! // constant evaluation.
//! const TILE: SharedLayout = SharedLayout::row_major(64, 64, 2);
//! const READ: [Access; 1] = [Access::matrices(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW)];
//! const FOUND: Result<Found, FindError> = find(&TILE, &READ, 8);
//! let found = FOUND.unwrap();
//! assert!(found.conflict_free());
//! assert_eq!(found.layout.pad(), 0);
//! assert_eq!(found.layout.swizzle(), Swizzle::new(3, 3, 3));
//! assert_eq!(found.tried, 106);
//! // The accumulator staged with stmatrix, then read row-wise 16 bytes at a time.
//! let stage = SharedLayout::row_major(16, 64, 2);
//! let accesses = [Access::matrices(MatrixVariant::X2, &SM80_16x8x16_F16_C), Access::rows(16)];
//! let found = find(&stage, &accesses, 8).unwrap();
//! assert!(found.conflict_free(), "{:?}", found);
//! assert_eq!(found.tried, 78);
//! assert_eq!(found.width, None); // every width fixed
//! ```
//!
//! [docs/PERFORMANCE.md]: https://github.com/fraglayout/fraglayout/blob/main/docs/PERFORMANCE.md

use super::access::{Access, KnownRows};
use super::banks::{Wavefronts, WAVEFRONT_BYTES};
use super::check::{span_bits, SharedError};
use super::error::AccessError;
use super::layout::SharedLayout;
use super::swizzle::Swizzle;
use crate::message::Message;

/// The layout [`find`] chose and what it costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The tile with the chosen padding and swizzle.
    pub layout: SharedLayout,
    /// The wavefronts of all the accesses on it, and the ideal.
    pub wavefronts: Wavefronts,
    /// How many layouts were tried: those passing the layout check, including those an
    /// access could not use.
    pub tried: u32,
    /// The bytes a lane moves per instruction in the free-width accesses (the widest some
    /// layout admits for all of them); `None` where every access's width is fixed.
    pub width: Option<u32>,
    /// The search space's paddings: `0..=max_pad` elements per line.
    pub max_pad: u32,
}

impl Found {
    /// Whether every access is conflict-free on the chosen layout.
    pub const fn conflict_free(&self) -> bool {
        self.wavefronts.conflict_free()
    }

    /// The criterion and the search space, in a buffer (see [`write_criterion`](Self::write_criterion)).
    pub const fn criterion(&self) -> Message {
        let mut m = Message::new();
        self.write_criterion(&mut m);
        m
    }

    /// Writes the criterion and the search space: `the widest vectors (free widths at 16
    /// bytes a lane), then the fewest wavefronts, over paddings 0..=8 elements, each with no
    /// swizzle and every Swizzle<bits, base, shift> of 1..=5 bits written inside a 128-byte
    /// row of banks`.
    pub const fn write_criterion(&self, m: &mut Message) {
        m.push("the widest vectors (");
        match self.width {
            Some(w) => {
                m.push("free widths at ");
                m.push_num(w as u64);
                m.push(if w == 1 { " byte" } else { " bytes" });
                m.push(" a lane");
            }
            None => m.push("every width fixed"),
        }
        m.push("), then the fewest wavefronts, over paddings 0..=");
        m.push_num(self.max_pad as u64);
        m.push(if self.max_pad == 1 {
            " element"
        } else {
            " elements"
        });
        m.push(
            ", each with no swizzle and every Swizzle<bits, base, shift> of 1..=5 bits written \
             inside a 128-byte row of banks",
        );
    }
}

/// Why [`find`] found nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FindError {
    /// No access was given.
    NoAccess,
    /// The tile itself (without padding or swizzle) fails the layout check.
    Layout(SharedError),
    /// No layout tried admits every access; the error is the one on the tile without padding
    /// or swizzle.
    NoLayout(AccessError),
}

impl FindError {
    /// The message, in a buffer.
    pub const fn message(&self) -> Message {
        let mut m = Message::new();
        self.write(&mut m);
        m
    }

    /// Writes the message.
    pub const fn write(&self, m: &mut Message) {
        match *self {
            FindError::NoAccess => m.push("no access to make conflict-free: give at least one"),
            FindError::Layout(e) => {
                m.push("the tile is unsound: ");
                e.write(m);
            }
            FindError::NoLayout(e) => {
                m.push("no padding or swizzle admits every access; without them: ");
                e.write(m);
            }
        }
    }
}

impl core::fmt::Display for FindError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.message(), f)
    }
}

/// The total wavefronts of `accesses` on `layout`, or the first access's error.
pub const fn wavefronts_of(
    layout: &SharedLayout,
    accesses: &[Access],
) -> Result<Wavefronts, AccessError> {
    wavefronts_known(layout, accesses, &[None; KNOWN_ACCESSES], 0)
}

/// [`wavefronts_of`] with the free-width accesses at `width` bytes (0: at their widest on
/// `layout`), access `i` taking its rows' tile coordinates from `known[i]` where it has them
/// (the first [`KNOWN_ACCESSES`] accesses): the same result.
const fn wavefronts_known(
    layout: &SharedLayout,
    accesses: &[Access],
    known: &[Option<KnownRows>; KNOWN_ACCESSES],
    width: u32,
) -> Result<Wavefronts, AccessError> {
    let mut w = Wavefronts::ZERO;
    let mut i = 0;
    while i < accesses.len() {
        let rows = if i < KNOWN_ACCESSES {
            known[i].as_ref()
        } else {
            None
        };
        let access = if width == 0 {
            accesses[i]
        } else {
            accesses[i].with_width(width)
        };
        match access.wavefronts_known(layout, rows) {
            Ok(more) => w = w.plus(more),
            Err(e) => return Err(e),
        }
        i += 1;
    }
    Ok(w)
}

/// The accesses of a search whose `ldmatrix` / `stmatrix` rows are computed once.
const KNOWN_ACCESSES: usize = 4;

/// The padding and swizzle of `base`'s tile (its rows, columns, element size and majorness;
/// its own padding and swizzle are ignored) that make every access conflict-free, trying
/// paddings up to `max_pad` elements; or, when none does, the layout with the fewest
/// wavefronts. Free-width accesses ([`Access::elements_widest`]) move the widest vector some
/// layout admits. See the [module docs](self) for the criterion and the order of the search.
pub const fn find(
    base: &SharedLayout,
    accesses: &[Access],
    max_pad: u32,
) -> Result<Found, FindError> {
    if accesses.is_empty() {
        return Err(FindError::NoAccess);
    }
    let plain = base.with_pad(0).with_swizzle(Swizzle::NONE);
    if let Err(e) = plain.check() {
        return Err(FindError::Layout(e));
    }
    // Where the fragments' elements lie in the tile: the same for every candidate.
    let mut known = [None; KNOWN_ACCESSES];
    let mut i = 0;
    while i < accesses.len() && i < KNOWN_ACCESSES {
        known[i] = accesses[i].known_rows(&plain);
        i += 1;
    }
    let space = Space {
        plain,
        max_pad,
        known,
    };
    let mut tried = 0u32;
    let mut width = if any_free(accesses) { MAX_WIDTH } else { 0 };
    loop {
        let bytes = plain.elem_bytes();
        if width == 0 || (width >= bytes && width % bytes == 0) {
            if let Some(found) = space.best(accesses, width, &mut tried) {
                return Ok(Found { tried, ..found });
            }
        }
        if width <= bytes || width <= 1 {
            break;
        }
        width /= 2;
    }
    match wavefronts_of(&plain, accesses) {
        Err(e) => Err(FindError::NoLayout(e)),
        // The plain layout admits every access at the narrowest width, so a pass found it.
        Ok(_) => Err(FindError::NoAccess),
    }
}

/// The widest vector a lane moves: 16 bytes.
pub const MAX_WIDTH: u32 = 16;

/// Whether some access has a free width.
const fn any_free(accesses: &[Access]) -> bool {
    let mut i = 0;
    while i < accesses.len() {
        if accesses[i].free_width() {
            return true;
        }
        i += 1;
    }
    false
}

/// The search space of one [`find`]: the tile, the paddings, and the rows known once.
struct Space {
    plain: SharedLayout,
    max_pad: u32,
    known: [Option<KnownRows>; KNOWN_ACCESSES],
}

impl Space {
    /// The first conflict-free layout in the search's order with the free-width accesses at
    /// `width` bytes (0: none is free), else the first with the fewest wavefronts; `None`
    /// when no layout admits every access. `tried` counts the layouts passing the check.
    const fn best(&self, accesses: &[Access], width: u32, tried: &mut u32) -> Option<Found> {
        let mut best: Option<Found> = None;
        let mut pad = 0;
        while pad <= self.max_pad {
            let padded = self.plain.with_pad(pad);
            let mut k = 0;
            while let Some(swizzle) = candidate(&padded, k) {
                k += 1;
                let layout = padded.with_swizzle(swizzle);
                if layout.check().is_err() {
                    continue;
                }
                *tried += 1;
                if let Ok(w) = wavefronts_known(&layout, accesses, &self.known, width) {
                    let better = match best {
                        Some(b) => w.total < b.wavefronts.total,
                        None => true,
                    };
                    if better {
                        best = Some(Found {
                            layout,
                            wavefronts: w,
                            tried: *tried,
                            width: if width == 0 { None } else { Some(width) },
                            max_pad: self.max_pad,
                        });
                    }
                    if w.conflict_free() {
                        return best;
                    }
                }
            }
            if pad == u32::MAX {
                break;
            }
            pad += 1;
        }
        best
    }
}

/// The `k`-th swizzle the search tries on `layout` (index 0 is no swizzle), or `None` past
/// the last. Fewer bits first, then lower base, then lower shift; written bits inside a
/// 128-byte row of banks, at most 5 of them; read bits inside the span.
pub const fn candidate(layout: &SharedLayout, k: u32) -> Option<Swizzle> {
    walk(layout, k).0
}

/// How many swizzles the search tries on `layout` ([`candidate`]'s indices), no swizzle
/// included: what one padding costs [`find`], in evaluations of the accesses.
pub const fn candidates(layout: &SharedLayout) -> u32 {
    walk(layout, u32::MAX).1
}

/// The candidates in order: the `k`-th (or `None` past the last), and how many were walked.
const fn walk(layout: &SharedLayout, k: u32) -> (Option<Swizzle>, u32) {
    if k == 0 {
        return (Some(Swizzle::NONE), 1);
    }
    let row_bits = (WAVEFRONT_BYTES / layout.elem_bytes_or_1()).trailing_zeros();
    let top = span_bits(layout.span());
    let mut index = 1;
    let mut bits = 1;
    while bits <= 5 {
        let mut base = 0;
        while base + bits <= row_bits {
            let mut shift = bits;
            while base + shift + bits <= top {
                if index == k {
                    return (Some(Swizzle::new(bits, base, shift)), index + 1);
                }
                index += 1;
                shift += 1;
            }
            base += 1;
        }
        bits += 1;
    }
    (None, index)
}

impl SharedLayout {
    /// The element size, or 1 when it is 0 (for arithmetic on a layout failing the check).
    const fn elem_bytes_or_1(&self) -> u32 {
        if self.elem_bytes() == 0 {
            1
        } else {
            self.elem_bytes()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::SM80_16x8x16_F16_A_ROW;
    use crate::shared::MatrixVariant;

    #[test]
    fn the_count_is_the_candidates_walked() {
        for tile in [
            SharedLayout::row_major(64, 64, 2),
            SharedLayout::row_major(16, 8, 4).with_pad(3),
            SharedLayout::row_major(2, 2, 16),
        ] {
            let mut k = 0;
            while candidate(&tile, k).is_some() {
                k += 1;
            }
            assert_eq!(candidates(&tile), k, "{tile}");
        }
    }

    #[test]
    fn candidates_are_distinct_and_in_order() {
        let tile = SharedLayout::row_major(64, 64, 2);
        let mut seen = [Swizzle::NONE; 256];
        let mut n = 0;
        while let Some(s) = candidate(&tile, n as u32) {
            assert!(!seen[..n].contains(&s), "{s:?} twice");
            seen[n] = s;
            n += 1;
        }
        // f16: 64 elements per bank row (6 bits), offsets of 4096 elements (12 bits).
        assert!(seen[..n].contains(&Swizzle::new(3, 3, 3)));
        assert!(
            !seen[..n].contains(&Swizzle::new(3, 4, 3)),
            "writes bit 7 of the row"
        );
        assert!(seen[..n].windows(2).all(|w| w[0].bits <= w[1].bits));
    }

    #[test]
    fn a_tile_no_layout_admits_is_an_error() {
        let tile = SharedLayout::row_major(8, 64, 2);
        let e = find(
            &tile,
            &[Access::matrices(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW)],
            8,
        )
        .unwrap_err();
        assert!(matches!(
            e,
            FindError::NoLayout(AccessError::FragmentOutside { .. })
        ));
        assert_eq!(find(&tile, &[], 8), Err(FindError::NoAccess));
    }

    /// The rows' tile coordinates computed once ([`KnownRows`]) give every candidate of a
    /// search the wavefronts, or the error, that the numeral's arithmetic gives: every padding
    /// up to 2 and every swizzle candidate, over row- and column-major tiles, `ldmatrix` with
    /// and without `.trans`, a fragment off the corner and one of another warp, several
    /// instructions of several registers, more instructions than `KNOWN_REQUESTS` (a 4-warp
    /// accumulator in `x1` and `x2` steps) and more accesses than [`KNOWN_ACCESSES`].
    #[test]
    fn known_rows_change_no_candidate_s_wavefronts() {
        use crate::catalog::{SM80_16x8x16_F16_B_COL, SM80_16x8x16_F16_C, SM90_64x64x16_F16_C};
        use crate::shared::FragmentAt;
        let a = Access::matrices(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW);
        let off = a.at(FragmentAt::new(16, 8));
        let b = Access::matrices(MatrixVariant::X2_TRANS, &SM80_16x8x16_F16_B_COL);
        let at = Access::matrices(MatrixVariant::X4_TRANS, &SM80_16x8x16_F16_A_ROW);
        let c = Access::matrices(MatrixVariant::X2, &SM80_16x8x16_F16_C);
        let wide = Access::matrices(MatrixVariant::X1, &SM90_64x64x16_F16_C);
        let warp2 = wide.at(FragmentAt::new(0, 0).warp(2));
        // Two instructions of two registers; eight of two; four of four.
        let a2 = Access::matrices(MatrixVariant::X2, &SM80_16x8x16_F16_A_ROW);
        let wide2 = Access::matrices(MatrixVariant::X2, &SM90_64x64x16_F16_C);
        let wide4 = Access::matrices(MatrixVariant::X4, &SM90_64x64x16_F16_C);
        let cases: [(SharedLayout, &[Access]); 7] = [
            (SharedLayout::row_major(64, 64, 2), &[a]),
            (
                SharedLayout::row_major(32, 64, 2),
                &[off, c, Access::rows(16)],
            ),
            (SharedLayout::row_major(16, 32, 2), &[b]),
            (SharedLayout::row_major(32, 32, 2).col_major(), &[at]),
            (SharedLayout::row_major(64, 64, 2), &[wide, warp2]),
            (SharedLayout::row_major(64, 64, 2), &[wide2, wide4, a2]),
            (
                SharedLayout::row_major(32, 32, 2),
                &[a, c, off, a, c, Access::rows(8)],
            ),
        ];
        for (tile, accesses) in cases {
            let mut known = [None; KNOWN_ACCESSES];
            for (i, access) in accesses.iter().take(KNOWN_ACCESSES).enumerate() {
                known[i] = access.known_rows(&tile);
            }
            assert!(known.iter().any(Option::is_some), "{tile:?}: nothing known");
            let (mut ok, mut err) = (0, 0);
            for pad in 0..=2 {
                let padded = tile.with_pad(pad);
                let mut k = 0;
                while let Some(swizzle) = candidate(&padded, k) {
                    k += 1;
                    let layout = padded.with_swizzle(swizzle);
                    let want = wavefronts_of(&layout, accesses);
                    assert_eq!(
                        wavefronts_known(&layout, accesses, &known, 0),
                        want,
                        "{layout:?}"
                    );
                    match want {
                        Ok(_) => ok += 1,
                        Err(_) => err += 1,
                    }
                }
            }
            assert!(ok > 20 && err > 0, "{tile:?}: {ok} admitted, {err} refused");
        }
    }

    #[test]
    fn a_conflict_free_tile_needs_no_search() {
        let tile = SharedLayout::row_major(8, 8, 2);
        let found = find(&tile, &[Access::rows(8)], 0).unwrap();
        assert!(found.conflict_free());
        assert_eq!(found.tried, 1, "the plain tile is already conflict-free");
    }
}
