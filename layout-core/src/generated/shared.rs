//! Support for `#[fragment_layout(NUMERAL, shared = LAYOUT)]`: the body receives each
//! element's offset in a shared tile ([`SharedLayout::offset`]) instead of its coordinates.
//!
//! The generated code computes the unswizzled offset as `row * steps.0 + col * steps.1`
//! ([`shared_steps`]): the thread part once per call, each element adding a constant; a
//! swizzle is then one shift, `and` and `xor` per element ([`Swizzle::apply`](crate::shared::Swizzle::apply)).
//!
//! ```text
//! m16n8k16 f32 accumulator (16 x 8) into SharedLayout::padded(16, 8, 4, 4): steps (12, 1)
//! lane 5: thread part (1, 2) -> 14; element 2 at (8, 0) -> 14 + 96 = 110
//! ```
//!
//! The checks, each `None` when it passes ([`shared_tile_error`], [`shared_element_error`],
//! [`shared_vector_error`], [`shared_offset_error`]), and, with `conflict_free`,
//! [`shared_conflict_message`] through the bank model ([`Access::elements`]).

use crate::message::Message;
use crate::shared::{Access, FragmentAt, Major, PhaseReport, SharedLayout, Wavefronts};
use crate::Numeral;

/// What one row and one column add to the unswizzled offset: `(pitch, 1)` for a row-major
/// tile, `(1, pitch)` for a column-major one.
pub const fn shared_steps(s: &SharedLayout) -> (usize, usize) {
    match s.major() {
        Major::Row => (s.pitch() as usize, 1),
        Major::Col => (1, s.pitch() as usize),
    }
}

/// Why `layout` (named `name`) cannot hold numeral `n`'s tile: it is unsound, or its tile is
/// not the numeral's.
///
/// Worked: "the shared layout `SMEM` is a 16 x 64 tile, numeral `SM80_16x8x16_F32_C` a 16 x 8
/// one: build the layout over the numeral's tile, `SharedLayout::row_major(16, 8, ..)`".
pub const fn shared_tile_error(n: &Numeral, s: &SharedLayout, name: &str) -> Option<Message> {
    let mut m = Message::new();
    if let Err(e) = s.check() {
        m.push("the shared layout `");
        m.push(name);
        m.push("` is unsound: ");
        e.write(&mut m);
        return Some(m);
    }
    if s.rows() == n.rows && s.cols() == n.cols {
        return None;
    }
    m.push("the shared layout `");
    m.push(name);
    m.push("` is a ");
    m.push_num(s.rows() as u64);
    m.push(" x ");
    m.push_num(s.cols() as u64);
    m.push(" tile, numeral `");
    m.push(n.name);
    m.push("` a ");
    m.push_num(n.rows as u64);
    m.push(" x ");
    m.push_num(n.cols as u64);
    m.push(" one: build the layout over the numeral's tile, `SharedLayout::row_major(");
    m.push_num(n.rows as u64);
    m.push(", ");
    m.push_num(n.cols as u64);
    m.push(", ..)`");
    Some(m)
}

/// Why elements of `bytes` bytes (the fragment's type `ty`) do not fit `layout` (named
/// `name`), if they do not.
///
/// Worked: "the shared layout `SMEM` holds 2-byte elements, the fragment's `f32` has 4: build
/// the layout with element size 4".
pub const fn shared_element_error(
    s: &SharedLayout,
    bytes: usize,
    ty: &str,
    name: &str,
) -> Option<Message> {
    if s.elem_bytes() as usize == bytes {
        return None;
    }
    let mut m = Message::new();
    m.push("the shared layout `");
    m.push(name);
    m.push("` holds ");
    m.push_num(s.elem_bytes() as u64);
    m.push("-byte elements, the fragment's `");
    m.push(ty);
    m.push("` has ");
    m.push_num(bytes as u64);
    m.push(": build the layout with element size ");
    m.push_num(bytes as u64);
    Some(m)
}

/// Why `vector = width` does not fit `layout` (named `name`): for some thread, the `width`
/// elements of a call are not adjacent in shared memory, or the first is not aligned to
/// `width` elements. Call only after [`shared_tile_error`] passed.
///
/// Worked: "`vector = 2` needs adjacent elements in `SMEM`: thread 0's elements 0, 1 lie at
/// offsets 0 and 9: a swizzle of single elements splits them; swizzle whole vectors".
pub const fn shared_vector_error(
    n: &Numeral,
    s: &SharedLayout,
    width: u32,
    name: &str,
) -> Option<Message> {
    if width <= 1 || n.elements % width != 0 {
        return None;
    }
    let mut t = 0;
    while t < n.threads() {
        let mut g = 0;
        while g < n.elements {
            let first = offset_of(n, s, t, g);
            let mut j = 1;
            while j < width {
                let at = offset_of(n, s, t, g + j);
                if at != first + j as u64 {
                    let mut m = Message::new();
                    m.push("`vector = ");
                    m.push_num(width as u64);
                    m.push("` needs adjacent elements in `");
                    m.push(name);
                    m.push("`: thread ");
                    m.push_num(t as u64);
                    m.push("'s elements ");
                    m.push_num(g as u64);
                    m.push(", ");
                    m.push_num((g + j) as u64);
                    m.push(" lie at offsets ");
                    m.push_num(first);
                    m.push(" and ");
                    m.push_num(at);
                    m.push(": the swizzle splits them; swizzle whole vectors (a higher base)");
                    return Some(m);
                }
                j += 1;
            }
            if first % width as u64 != 0 {
                let mut m = Message::new();
                m.push("`vector = ");
                m.push_num(width as u64);
                m.push("` needs accesses aligned to ");
                m.push_num(width as u64);
                m.push(" elements in `");
                m.push(name);
                m.push("`: thread ");
                m.push_num(t as u64);
                m.push("'s element ");
                m.push_num(g as u64);
                m.push(" lies at offset ");
                m.push_num(first);
                m.push(": pad lines by a multiple of ");
                m.push_num(width as u64);
                return Some(m);
            }
            g += width;
        }
        t += 1;
    }
    None
}

/// Thread `t`'s element `e` in the shared tile (one that passed [`shared_tile_error`]).
const fn offset_of(n: &Numeral, s: &SharedLayout, t: u32, e: u32) -> u64 {
    match n.coords(t, e) {
        Some((r, c)) => match s.offset(r, c) {
            Some(o) => o as u64,
            None => u64::MAX,
        },
        None => u64::MAX,
    }
}

/// Why the closure's `param: ty` (an integer type holding at most `max`) does not hold every
/// offset of `layout`, if it does not.
///
/// Worked: "`offset: u8` holds at most 255, but the shared layout spans 1024 elements: declare
/// `offset: u16`, or leave it untyped (usize)".
pub const fn shared_offset_error(
    s: &SharedLayout,
    param: &str,
    ty: &str,
    max: u128,
) -> Option<Message> {
    let largest = s.span().saturating_sub(1) as u128;
    if largest <= max {
        return None;
    }
    let mut m = super::checks::holds_at_most(param, ty, max);
    m.push("the shared layout spans ");
    m.push_num(s.span());
    m.push(" elements: declare `");
    m.push(param);
    m.push(if largest <= u16::MAX as u128 {
        ": u16`"
    } else {
        ": u32`"
    });
    m.push(", or leave it untyped (usize)");
    Some(m)
}

/// For an element-wise scatter (`gather` false) or gather of numeral `n` into `layout` (named
/// `name`), `width` elements a call: the message when some warp's access is not
/// conflict-free, or cannot be made (the bank model's words), else `None`. Call only after
/// the tile and vector checks passed.
///
/// Worked: "scatter of `SM80_16x8x16_F32_C` into `SMEM` is not conflict-free: 8 wavefronts,
/// ideal 4 (2-way conflict); phase 0 (lanes 0..16): 2 wavefronts, bank 0 holds 2 words for
/// lanes 0, 8: swizzle or pad the layout (`fraglayout banks store.8 SM80_16x8x16_F32_C
/// --find` searches)".
pub const fn shared_conflict_message(
    n: &Numeral,
    s: &SharedLayout,
    width: u32,
    gather: bool,
    name: &str,
) -> Option<Message> {
    let bytes = width.saturating_mul(s.elem_bytes());
    let mut total = Wavefronts::ZERO;
    let mut worst: Option<(u32, PhaseReport)> = None;
    let mut w = 0;
    while w < n.warps {
        let access = Access::elements(n, bytes).at(FragmentAt::ORIGIN.warp(w));
        let count = match access.requests(s) {
            Ok(c) => c,
            Err(e) => {
                let mut m = Message::new();
                write_access(n, gather, name, &mut m);
                m.push(" cannot be counted: ");
                e.write(&mut m);
                return Some(m);
            }
        };
        let mut k = 0;
        while k < count {
            if let Ok(r) = access.request(s, k) {
                if let Ok(more) = r.wavefronts() {
                    total = total.plus(more);
                }
                let mut p = 0;
                while p < r.phases() {
                    if let Ok(report) = r.phase(p) {
                        let more = match worst {
                            Some((_, old)) => report.wavefronts > old.wavefronts,
                            None => report.wavefronts > 1,
                        };
                        if more {
                            worst = Some((w, report));
                        }
                    }
                    p += 1;
                }
            }
            k += 1;
        }
        w += 1;
    }
    if total.conflict_free() {
        return None;
    }
    let mut m = Message::new();
    write_access(n, gather, name, &mut m);
    m.push(" is not conflict-free: ");
    total.write(&mut m);
    if let Some((warp, phase)) = worst {
        m.push("; ");
        if n.warps > 1 {
            m.push("warp ");
            m.push_num(warp as u64);
            m.push(" ");
        }
        phase.write(&mut m);
    }
    m.push(": swizzle or pad the layout (`fraglayout banks ");
    m.push(if gather { "load." } else { "store." });
    m.push_num(bytes as u64);
    m.push(" ");
    m.push(n.name);
    m.push(" --find` searches)");
    Some(m)
}

/// `scatter of `N` into `SMEM`` or `gather of `N` from `SMEM``.
const fn write_access(n: &Numeral, gather: bool, name: &str, m: &mut Message) {
    m.push(if gather {
        "gather of `"
    } else {
        "scatter of `"
    });
    m.push(n.name);
    m.push(if gather { "` from `" } else { "` into `" });
    m.push(name);
    m.push("`");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::SM80_16x8x16_F32_C;
    use crate::shared::Swizzle;

    #[test]
    fn steps_and_the_worked_offset() {
        let padded = SharedLayout::padded(16, 8, 4, 4);
        assert_eq!(shared_steps(&padded), (12, 1));
        assert_eq!(shared_steps(&padded.col_major()), (1, 20));
        // Lane 5, element 2 of the accumulator: row 9, column 2.
        assert_eq!(SM80_16x8x16_F32_C.coords(5, 2), Some((9, 2)));
        assert_eq!(padded.offset(9, 2), Some(110));
    }

    #[test]
    fn each_check_fails_with_its_numbers() {
        let n = &SM80_16x8x16_F32_C;
        let wide = SharedLayout::row_major(16, 64, 4);
        let m = shared_tile_error(n, &wide, "SMEM").unwrap();
        assert!(m.as_str().contains("is a 16 x 64 tile"), "{m}");
        let tile = SharedLayout::row_major(16, 8, 4);
        assert!(shared_tile_error(n, &tile, "SMEM").is_none());
        let m = shared_element_error(&tile, 2, "f16", "SMEM").unwrap();
        assert!(m.as_str().contains("holds 4-byte elements"), "{m}");
        // Swizzling single elements splits the pairs of vector = 2.
        let split = tile.with_swizzle(Swizzle::new(1, 0, 3));
        let m = shared_vector_error(n, &split, 2, "SMEM").unwrap();
        assert!(m.as_str().contains("needs adjacent elements"), "{m}");
        assert!(shared_vector_error(n, &tile, 2, "SMEM").is_none());
        let m = shared_offset_error(&tile, "offset", "u8", 100).unwrap();
        assert!(m.as_str().contains("spans 128 elements"), "{m}");
    }

    #[test]
    fn the_conflict_message_agrees_with_the_bank_model() {
        let n = &SM80_16x8x16_F32_C;
        // Rows 128 bytes apart: the 4 rows of a half-warp share their banks.
        let tile = SharedLayout::padded(16, 8, 4, 24);
        let w = Access::elements(n, 8).wavefronts(&tile).unwrap();
        assert!(!w.conflict_free());
        let plain = SharedLayout::row_major(16, 8, 4);
        assert!(shared_conflict_message(n, &plain, 2, true, "SMEM").is_none());
        let m = shared_conflict_message(n, &tile, 2, false, "SMEM");
        assert_eq!(m.is_some(), !w.conflict_free());
        let m = m.unwrap();
        assert!(m
            .as_str()
            .starts_with("scatter of `SM80_16x8x16_F32_C` into `SMEM`"));
        assert!(
            m.as_str().contains("store.8 SM80_16x8x16_F32_C --find"),
            "{m}"
        );
    }
}
