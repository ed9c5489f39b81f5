//! What the `shared = LAYOUT` checks need of every thread, gathered in one pass over the
//! threads ([`SharedThreads::of`]), so that a check over every thread x element becomes one
//! over the elements: [`vector_passes`] for `vector = N`, [`adds_for_every_thread`] for a grid's
//! additions. Each answers `true` only where it proves the exhaustive walk would pass; the
//! caller walks every thread x element otherwise, so its verdict and message are the walk's.
//!
//! The proof: the numeral's offset is a thread part plus an element part, `OT(t) + OE(e)`
//! (each digit reads the thread or the element). Where no column carries (`OT % cols + OE %
//! cols < cols`, checked on the maxima), the coordinates are the parts' sums. The layout's
//! unswizzled offset is affine in the line and the position within an atom (and, for a grid,
//! the atom and, in bands, the line within the band), so where no part carries there either,
//! it is `LT(t) + LE(e)`. Where the two share no bit the sum is `LT ^ LE`, and the swizzle,
//! linear in the bits, gives `A(t) ^ B(e)`. A pair of elements one apart in `B` whose first
//! is aligned then stays so in every thread once every `A(t)` agrees with `A(0)` below the
//! vector's width. Each step is checked on maxima and ORs over the threads, gathered once,
//! and per element.

use crate::numeral::LANES;
use crate::shared::{AtomOrder, Major, SharedLayout};
use crate::{Digit, Numeral, Source};

/// The lines of a band of atoms (as `SharedLayout` lays out [`AtomOrder::Bands`]).
const BAND: u64 = 8;

/// The facts of every thread's part of the offsets, placed at `place` in a shared layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedThreads {
    /// Whether every thread's part was computed (none overflows, every thread's element 0
    /// is in the tile): the facts below mean something only then.
    pub(crate) ok: bool,
    /// The largest thread part of the numeral's offset, `OT(t)`, and of `OT(t) % cols`.
    max_part: u64,
    max_part_col: u64,
    /// The largest `(row, col)` of a thread's part placed in the layout (`thread_at`).
    max_row: u64,
    max_col: u64,
    /// The largest position within an atom and line within a band of a thread's part.
    max_within: u64,
    max_in_band: u64,
    /// The largest unswizzled offset of a thread's part, `LT(t)`.
    max_lin: u64,
    /// OR of `LT(t)` and of `A(t)`, its swizzle, over the threads: `shared_lane_bits_at`.
    pub(crate) lane: (usize, usize),
    /// `A(0)` and the OR of `A(t) ^ A(0)` over the threads.
    first: u64,
    differs: u64,
    /// `LT(0)` and the OR of `LT(t) ^ LT(0)` over the threads.
    lin_first: u64,
    lin_differs: u64,
}

/// The sum of `n`'s digits that read `source`, at thread `t` and element `e`; `None` past
/// `u64`.
const fn part(n: &Numeral, source: Source, t: u32, e: u32) -> Option<u64> {
    let mut sum: u64 = 0;
    let mut i = 0;
    while i < n.digits.len() {
        let d: &Digit = &n.digits[i];
        if d.source.index() == source.index() {
            let v = d.value_of(Numeral::input(d.source, t, e)) as u64 * d.place as u64;
            sum = match sum.checked_add(v) {
                Some(s) => s,
                None => return None,
            };
        }
        i += 1;
    }
    Some(sum)
}

/// `(line, position)` of `(row, col)` in `s`.
const fn line_pos(s: &SharedLayout, row: u64, col: u64) -> (u64, u64) {
    match s.major() {
        Major::Row => (row, col),
        Major::Col => (col, row),
    }
}

/// Position within an atom and line within a band of `(row, col)` (0 and 0 where `s`'s
/// atoms are empty or it is one atom wide, where no carry between them matters).
const fn within(s: &SharedLayout, row: u64, col: u64) -> (u64, u64) {
    let (line, pos) = line_pos(s, row, col);
    let len = s.atom_len() as u64;
    if len == 0 || !s.is_grid() {
        return (0, 0);
    }
    let band = match s.order() {
        AtomOrder::Bands => line % BAND,
        AtomOrder::Slabs => 0,
    };
    (pos % len, band)
}

/// Whether two parts with these positions within an atom and lines within a band add
/// without a carry, so that the unswizzled offset of their sum is the sum of theirs.
const fn no_carry(s: &SharedLayout, a: (u64, u64), b: (u64, u64)) -> bool {
    if !s.is_grid() || s.atom_len() == 0 {
        return true;
    }
    let pos = a.0 + b.0 < s.atom_len() as u64;
    match s.order() {
        AtomOrder::Bands => pos && a.1 + b.1 < BAND,
        AtomOrder::Slabs => pos,
    }
}

impl SharedThreads {
    /// The facts of numeral `n`'s threads placed at `place` in `s`, each thread's part as
    /// `shared_lane_bits_at` reads it (element 0's coordinates less element 0's part). A
    /// thread's part is its lane's digits' plus its warp's, each summed once.
    pub const fn of(n: &Numeral, s: &SharedLayout, place: (usize, usize)) -> SharedThreads {
        let mut f = SharedThreads {
            ok: n.cols != 0 && n.elements > 0,
            max_part: 0,
            max_part_col: 0,
            max_row: 0,
            max_col: 0,
            max_within: 0,
            max_in_band: 0,
            max_lin: 0,
            lane: (0, 0),
            first: 0,
            differs: 0,
            lin_first: 0,
            lin_differs: 0,
        };
        let (part0, cols, size) = (n.element_part(0), n.cols as u64, n.size());
        let Some(e0) = part(n, Source::Element, 0, 0) else {
            f.ok = false;
            return f;
        };
        if n.warps > u32::MAX / LANES {
            f.ok = false;
            return f;
        }
        let (swizzle, grid) = (s.swizzle(), s.is_grid());
        let mut lanes = [0u64; LANES as usize];
        let mut l = 0;
        while l < LANES {
            match part(n, Source::Lane, l, 0) {
                Some(p) => lanes[l as usize] = p,
                None => f.ok = false,
            }
            l += 1;
        }
        let mut w = 0;
        while w < n.warps && f.ok {
            let Some(warp) = part(n, Source::Warp, w * LANES, 0) else {
                f.ok = false;
                break;
            };
            let mut l = 0;
            while l < LANES && f.ok {
                // `coords(t, 0)`: the sum of the same digits, in the tile and within u32.
                let (ot, off) = match warp.checked_add(lanes[l as usize]) {
                    Some(ot) => (ot, ot.checked_add(e0)),
                    None => (0, None),
                };
                let off = match off {
                    Some(o) if o < size && o <= u32::MAX as u64 => o,
                    _ => {
                        f.ok = false;
                        break;
                    }
                };
                let (row, col) = (
                    ((off / cols) as usize)
                        .wrapping_sub(part0.0)
                        .wrapping_add(place.0),
                    ((off % cols) as usize)
                        .wrapping_sub(part0.1)
                        .wrapping_add(place.1),
                );
                let lin = super::shared_linear(s, row, col);
                let swizzled = swizzle.apply(lin as u32) as usize;
                f.lane = (f.lane.0 | lin, f.lane.1 | swizzled);
                let (a, lin) = (swizzled as u64, lin as u64);
                if w == 0 && l == 0 {
                    (f.first, f.lin_first) = (a, lin);
                }
                f.differs |= a ^ f.first;
                f.lin_differs |= lin ^ f.lin_first;
                f.max_part = max(f.max_part, ot);
                f.max_part_col = max(f.max_part_col, ot % cols);
                f.max_row = max(f.max_row, row as u64);
                f.max_col = max(f.max_col, col as u64);
                f.max_lin = max(f.max_lin, lin);
                if grid {
                    let (wi, b) = within(s, row as u64, col as u64);
                    f.max_within = max(f.max_within, wi);
                    f.max_in_band = max(f.max_in_band, b);
                }
                l += 1;
            }
            w += 1;
        }
        f
    }
}

const fn max(a: u64, b: u64) -> u64 {
    if a > b {
        a
    } else {
        b
    }
}

/// Whether, for element part `at` (a `(row, col)` of the numeral's tile), every thread's
/// unswizzled offset plus `at`'s is that of their sum (`grid_adds`): no thread's part carries
/// across an atom's edge or a band's, and each sum lies in the layout's tile.
pub(crate) const fn adds_for_every_thread(
    f: &SharedThreads,
    s: &SharedLayout,
    at: (usize, usize),
) -> bool {
    let (row, col) = (at.0 as u64, at.1 as u64);
    f.ok && f.max_row.saturating_add(row) < s.rows() as u64
        && f.max_col.saturating_add(col) < s.cols() as u64
        && no_carry(s, (f.max_within, f.max_in_band), within(s, row, col))
}

/// Element `e`'s unswizzled offset in `s`, `LE(e)`, where every thread's offset of it is
/// `LT(t) + LE(e)` (the numeral's columns and the layout's atoms carry nothing, the sum lies
/// in the tile and below 2^32), else `None`.
const fn element_lin(f: &SharedThreads, n: &Numeral, s: &SharedLayout, e: u32) -> Option<u64> {
    let cols = n.cols as u64;
    let Some(oe) = part(n, Source::Element, 0, e) else {
        return None;
    };
    let (row, col) = (oe / cols, oe % cols);
    let separable = f.max_part_col + col < cols
        && f.max_part.saturating_add(oe) < n.size()
        && f.max_part.saturating_add(oe) <= u32::MAX as u64;
    let placed = f.max_row.saturating_add(row) < s.rows() as u64
        && f.max_col.saturating_add(col) < s.cols() as u64;
    if !(separable && placed && no_carry(s, (f.max_within, f.max_in_band), within(s, row, col))) {
        return None;
    }
    // In the tile (`placed`): its unswizzled offset, the threads' parts carrying the place.
    let lin = match s.linear(row as u32, col as u32) {
        Some(l) => l as u64,
        None => return None,
    };
    if f.max_lin.saturating_add(lin) > u32::MAX as u64 {
        return None;
    }
    Some(lin)
}

/// Whether `vector = width` provably passes `shared_vector_error_at` for numeral `n` in `s`
/// with the facts `f` of its threads: in every thread, each call's `width` elements lie one
/// apart from an offset aligned to `width` (see the module docs). `false` where not proven.
pub(crate) const fn vector_passes(
    f: &SharedThreads,
    n: &Numeral,
    s: &SharedLayout,
    width: u32,
) -> bool {
    if !f.ok || !width.is_power_of_two() {
        return false;
    }
    let swizzle = s.swizzle();
    // A swizzle that moves no bit below the width (its lowest written bit, `base`, at or
    // above it; it reads bits `shift` higher still) keeps an aligned offset aligned and adds
    // `j < width` to it as it is: the unswizzled offsets decide.
    if swizzle.is_identity() || (swizzle.base < 32 && width <= 1 << swizzle.base) {
        return group_steps(f, n, s, width, false);
    }
    group_steps(f, n, s, width, true)
}

/// [`vector_passes`] through the unswizzled offsets `LT(t) + LE(e)` (`xor` false) or through
/// the swizzled `A(t) ^ B(e)`, where each element's unswizzled part shares no bit with any
/// thread's (`xor`): every thread agrees with thread 0 below the width, each call's first
/// element is aligned in thread 0, and the others follow it one by one (`+ j`, or `^ j` on
/// the aligned `A(t) ^ B(g)`).
const fn group_steps(
    f: &SharedThreads,
    n: &Numeral,
    s: &SharedLayout,
    width: u32,
    xor: bool,
) -> bool {
    let mask = width as u64 - 1;
    let (first, differs) = if xor {
        (f.first, f.differs)
    } else {
        (f.lin_first, f.lin_differs)
    };
    if differs & mask != 0 {
        return false;
    }
    let mut g = 0;
    while g < n.elements {
        let mut start = 0;
        let mut j = 0;
        while j < width {
            let Some(lin) = element_lin(f, n, s, g + j) else {
                return false;
            };
            let b = if xor {
                if f.lane.0 as u64 & lin != 0 {
                    return false;
                }
                s.swizzle().apply(lin as u32) as u64
            } else {
                lin
            };
            let (at0, want) = if xor {
                (first ^ b, start ^ j as u64)
            } else {
                (first.wrapping_add(b), start.wrapping_add(j as u64))
            };
            if j == 0 {
                if at0 & mask != 0 {
                    return false;
                }
                start = b;
            } else if b != want {
                return false;
            }
            j += 1;
        }
        g += width;
    }
    true
}

/// Whether, for an element-wise access of `per` elements a lane of numeral `n` in `s`, every
/// instruction's lane addresses are instruction 0's xor-ed with one constant aligned to the
/// access, in every warp, and every instruction can be made: each call's elements adjacent
/// and aligned ([`vector_passes`]), and each thread's offset of a call's first element `A(t)
/// ^ B(e)` (the parts share no bit), with `B(e) ^ B(0)` a multiple of `per`; then the byte
/// addresses differ by `(B(e) ^ B(0)) * elem_bytes`, a multiple of the access's bytes.
/// `false` where not proven.
pub(crate) const fn requests_translate(
    f: &SharedThreads,
    n: &Numeral,
    s: &SharedLayout,
    per: u32,
) -> bool {
    let ok = f.ok && per.is_power_of_two() && s.elem_bytes().is_power_of_two();
    if !ok || n.elements % per != 0 || (per > 1 && !vector_passes(f, n, s, per)) {
        return false;
    }
    let mask = per as u64 - 1;
    let mut b0 = 0;
    let mut e = 0;
    while e < n.elements {
        let Some(lin) = element_lin(f, n, s, e) else {
            return false;
        };
        if f.lane.0 as u64 & lin != 0 {
            return false;
        }
        let b = s.swizzle().apply(lin as u32) as u64;
        if e == 0 {
            b0 = b;
        }
        if (b ^ b0) & mask != 0 {
            return false;
        }
        e += per;
    }
    true
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::super::smem::{grid_adds, vector_walk};
    use super::*;
    use crate::catalog::{SM90_64x256x16_F32_C, CATALOG};
    use crate::generated::{shared_conflict_message_with, shared_lane_bits_at};
    use crate::shared::{Swizzle, SwizzleMode};
    use std::vec::Vec;

    /// Shared layouts over a `rows x cols` tile of 4-byte elements (and twice as wide, for a
    /// placed fragment): plain, padded, swizzled, column-major, Hopper grids in slabs and
    /// bands, each that passes the layout check.
    fn layouts(rows: u32, cols: u32) -> Vec<SharedLayout> {
        let mut out = Vec::new();
        for (r, c) in [(rows, cols), (rows * 2, cols * 2)] {
            let plain = SharedLayout::row_major(r, c, 4);
            out.extend([
                plain,
                SharedLayout::padded(r, c, 4, 4),
                SharedLayout::padded(r, c, 4, 1),
                plain.with_swizzle(Swizzle::new(1, 1, 3)),
                plain.with_swizzle(Swizzle::new(1, 0, 3)),
                plain.with_swizzle(Swizzle::new(3, 2, 3)),
                SharedLayout::padded(r, c, 4, 4).with_swizzle(Swizzle::new(1, 1, 3)),
                plain.col_major(),
                plain.col_major().with_swizzle(Swizzle::new(2, 1, 3)),
            ]);
            for mode in [SwizzleMode::B32, SwizzleMode::B64, SwizzleMode::B128] {
                let h = SharedLayout::hopper(r, c, 4, mode);
                out.extend([h, h.with_order(AtomOrder::Bands), h.col_major()]);
            }
        }
        out.retain(|s| s.check().is_ok());
        out
    }

    /// Each fast answer is the walk's: where `vector_passes` or `adds_for_every_thread` says
    /// yes, walking every thread x element passes too, and the threads' bits are
    /// `shared_lane_bits_at`'s; for every catalog layout of at most 128 threads, in each
    /// layout, at the corner and placed, `vector = 2, 4, 8`. The fast answers also cover every
    /// case the walk passes here, or nothing would be faster.
    #[test]
    fn every_fast_answer_is_the_walks() {
        let (mut proven, mut walked_pass) = (0, 0);
        for entry in CATALOG.iter().filter(|e| e.numeral.threads() <= 128) {
            let n = entry.numeral;
            for s in layouts(n.rows, n.cols) {
                let places: &[(usize, usize)] = if s.rows() > n.rows {
                    &[(0, 0), (n.rows as usize, 0), (1, 3)]
                } else {
                    &[(0, 0)]
                };
                for &place in places {
                    let f = SharedThreads::of(n, &s, place);
                    if f.ok {
                        assert_eq!(f.lane, shared_lane_bits_at(n, &s, place));
                    }
                    for e in 0..n.elements {
                        let at = n.element_part(e);
                        if s.is_grid() && adds_for_every_thread(&f, &s, at) {
                            assert!(grid_adds(n, &s, at, place), "{} {s:?} {e}", entry.name());
                        }
                    }
                    for w in [2, 4, 8] {
                        if n.elements % w != 0 {
                            continue;
                        }
                        let walk = vector_walk(n, &s, w, "S", place).is_none();
                        if vector_passes(&f, n, &s, w) {
                            assert!(walk, "{} {s:?} at {place:?} vector = {w}", entry.name());
                            proven += 1;
                        }
                        walked_pass += usize::from(walk);
                    }
                }
            }
        }
        // Every vector the walk passes here is proven without it.
        assert_eq!(proven, walked_pass);
        // The epilogue of docs/SHARED.md: a warpgroup's 128 elements into 8 slabs.
        let n = &SM90_64x256x16_F32_C;
        let s = SharedLayout::hopper(64, 256, 4, SwizzleMode::B128);
        let f = SharedThreads::of(n, &s, (0, 0));
        assert!(vector_passes(&f, n, &s, 2));
        assert!((0..128).all(|e| adds_for_every_thread(&f, &s, n.element_part(e))));
    }

    /// `conflict_free`'s count through the facts (the first instruction of each warp, where
    /// the others are its translates) gives the walk's message, word for word, or its `None`:
    /// every fifth catalog layout of at most 128 threads and the `wgmma` accumulators, in each
    /// layout, at the corner and placed, one, two and four elements a lane.
    #[test]
    fn the_conflict_count_through_the_facts_is_the_walks() {
        let no_facts = |n: &Numeral, s: &SharedLayout, place| SharedThreads {
            ok: false,
            ..SharedThreads::of(n, s, place)
        };
        let (mut translated, mut cases) = (0, 0);
        let entries = CATALOG.iter().filter(|e| e.numeral.threads() <= 128);
        let some = entries
            .enumerate()
            .filter(|(k, e)| k % 5 == 0 || e.name().starts_with("SM90_64x"))
            .map(|(_, e)| e);
        for entry in some {
            let n = entry.numeral;
            for s in layouts(n.rows, n.cols).into_iter().step_by(3) {
                let places: &[(usize, usize)] = if s.rows() > n.rows {
                    &[(0, 0), (n.rows as usize, 1)]
                } else {
                    &[(0, 0)]
                };
                for &place in places {
                    let f = SharedThreads::of(n, &s, place);
                    for w in [1, 2, 4] {
                        if n.elements % w != 0 {
                            continue;
                        }
                        let fast = shared_conflict_message_with(n, &s, w, false, "S", place, &f);
                        let walk = shared_conflict_message_with(
                            n,
                            &s,
                            w,
                            false,
                            "S",
                            place,
                            &no_facts(n, &s, place),
                        );
                        let text = |m: &Option<crate::Message>| {
                            m.as_ref().map(|m| std::string::String::from(m.as_str()))
                        };
                        assert_eq!(
                            text(&fast),
                            text(&walk),
                            "{} {s:?} {place:?} {w}",
                            entry.name()
                        );
                        translated += usize::from(requests_translate(&f, n, &s, w));
                        cases += 1;
                    }
                }
            }
        }
        assert!(translated * 5 >= cases, "{translated} of {cases}");
        // The warpgroup's accumulator into 128-byte-swizzled slabs: one instruction a warp.
        let (n, s) = (
            &SM90_64x256x16_F32_C,
            SharedLayout::hopper(64, 256, 4, SwizzleMode::B128),
        );
        assert!(requests_translate(
            &SharedThreads::of(n, &s, (0, 0)),
            n,
            &s,
            2
        ));
    }

    /// The same agreement on numerals outside the catalog, valid or not: a lane digit that
    /// straddles rows (a band), a broadcast digit, an element digit of range 3, digits that
    /// overlap, a warpgroup whose element digits come first.
    #[test]
    fn every_fast_answer_is_the_walks_off_the_catalog() {
        use crate::Digit;
        let band = [Digit::lane(1, 32, 1), Digit::element(1, 4, 32)];
        let broadcast = [
            Digit::broadcast(Source::Lane, 1, 4),
            Digit::lane(4, 8, 8),
            Digit::element(1, 2, 1),
            Digit::element(2, 2, 2),
        ];
        let three = [Digit::element(1, 3, 1), Digit::lane(1, 32, 4)];
        let overlap = [Digit::lane(1, 32, 1), Digit::element(1, 2, 1)];
        let wide = [
            Digit::element(1, 2, 1),
            Digit::element(2, 4, 8),
            Digit::lane(1, 4, 2),
            Digit::lane(4, 8, 32),
            Digit::warp(1, 4, 256),
        ];
        let numerals = [
            Numeral::new("BAND", 16, 12, 4, &band),
            Numeral::new("BROADCAST", 8, 8, 4, &broadcast),
            Numeral::new("THREE", 8, 16, 3, &three),
            Numeral::new("OVERLAP", 4, 8, 2, &overlap),
            Numeral::new("WIDE", 64, 32, 8, &wide).with_warps(4),
        ];
        for n in &numerals {
            for s in layouts(n.rows, n.cols) {
                for place in [(0, 0), (1, 2)] {
                    if place != (0, 0) && s.rows() == n.rows {
                        continue;
                    }
                    let f = SharedThreads::of(n, &s, place);
                    if f.ok {
                        assert_eq!(f.lane, shared_lane_bits_at(n, &s, place), "{}", n.name);
                    }
                    for e in 0..n.elements {
                        let at = n.element_part(e);
                        if s.is_grid() && adds_for_every_thread(&f, &s, at) {
                            assert!(grid_adds(n, &s, at, place), "{} {s:?} {e}", n.name);
                        }
                    }
                    for w in [1, 2, 4] {
                        if n.elements % w != 0 {
                            continue;
                        }
                        if w > 1 && vector_passes(&f, n, &s, w) {
                            assert!(vector_walk(n, &s, w, "S", place).is_none(), "{}", n.name);
                        }
                        let walked = SharedThreads { ok: false, ..f };
                        let text = |m: Option<crate::Message>| {
                            m.map(|m| std::string::String::from(m.as_str()))
                        };
                        assert_eq!(
                            text(shared_conflict_message_with(n, &s, w, true, "S", place, &f)),
                            text(shared_conflict_message_with(
                                n, &s, w, true, "S", place, &walked
                            )),
                            "{} {s:?} {place:?} {w}",
                            n.name
                        );
                    }
                }
            }
        }
    }
}
