//! Support for `#[fragment_layout(NUMERAL, shared = LAYOUT)]`: the body receives each
//! element's offset in a shared tile ([`SharedLayout::offset`]) instead of its coordinates.
//!
//! The generated code computes the unswizzled offset as `row * steps.0 + col * steps.1`
//! ([`shared_steps`]): the thread part once per call, each element adding a constant. With a
//! swizzle the thread's offset is swizzled once and each element XORs (or adds) its swizzled
//! constant where no thread's offset shares a bit with the element's ([`shared_offsets`]);
//! elsewhere the element pays one shift, `and` and `xor` ([`Swizzle::apply`](crate::shared::Swizzle::apply)).
//!
//! ```text
//! m16n8k16 f32 accumulator (16 x 8) into SharedLayout::padded(16, 8, 4, 4): steps (12, 1)
//! lane 5: thread part (1, 2) -> 14; element 2 at (8, 0) -> 14 + 96 = 110
//! ```
//!
//! The checks, each `None` when it passes ([`shared_tile_error`], [`shared_element_error`],
//! [`shared_vector_error`], [`shared_offset_error`]), and, with `conflict_free`,
//! [`shared_conflict_message`] through the bank model ([`Access::elements`]).

pub use super::smem_threads::SharedThreads;
use super::smem_threads::{adds_for_every_thread, requests_translate, vector_passes};
use super::ElementAt;
use crate::message::Message;
use crate::shared::suggest::{write_search, Searched};
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

/// The unswizzled offset of `(row, col)` inside the tile: `row * steps.0 + col * steps.1`
/// ([`shared_steps`]) for a tile one atom wide, the grid's formula
/// ([`SharedLayout::linear`]) for a grid of atoms, whose divisions are by the atom's width, a
/// constant.
#[inline(always)]
pub const fn shared_linear(s: &SharedLayout, row: usize, col: usize) -> usize {
    if s.is_grid() {
        s.linear_in_tile(row as u64, col as u64) as usize
    } else {
        let steps = shared_steps(s);
        row.wrapping_mul(steps.0)
            .wrapping_add(col.wrapping_mul(steps.1))
    }
}

/// How `shared = LAYOUT` code reaches an element's offset from the thread's swizzled offset
/// `base` (computed once a call), [`shared_offsets`] deciding which at compile time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SharedOffset {
    /// `base + k`: as `Xor`, where no thread's `base` shares a bit with `k` (an addressing
    /// mode's constant).
    Add(usize),
    /// `base ^ k`, `k` the element's swizzled constant: no thread's unswizzled offset shares a
    /// bit with the element's constant, so the sum is an XOR, which the swizzle keeps.
    Xor(usize),
    /// `swizzle(lane + k)`, the element's own swizzle: the thread part can carry into the
    /// element's bits, or there is a band.
    Swizzle,
}

/// Every bit that some thread's unswizzled offset in `layout` has, and every bit of some
/// thread's swizzled offset: `(OR of lane, OR of swizzle(lane))` over the threads of `n`
/// (without a band; the offsets of a sound layout are below 2^32).
///
/// Worked: `SM80_16x8x16_F32_C` in `SharedLayout::padded(16, 8, 4, 24)` with `Swizzle<3, 2,
/// 3>`: lane `t` at `(t / 4) * 32 + (t % 4) * 2`, bits 1, 2, 5, 6, 7: `(230, 254)`.
pub const fn shared_lane_bits(n: &Numeral, s: &SharedLayout) -> (usize, usize) {
    shared_lane_bits_at(n, s, (0, 0))
}

/// [`shared_lane_bits`] of the fragment's tile placed at tile `(row, col)` = `place`: each
/// thread's offset is of `place` plus its part.
pub const fn shared_lane_bits_at(
    n: &Numeral,
    s: &SharedLayout,
    place: (usize, usize),
) -> (usize, usize) {
    let part0 = n.element_part(0);
    let (mut lane, mut swizzled) = (0, 0);
    let mut t = 0;
    while t < n.threads() {
        if let Some((row, col)) = thread_at(n, t, part0, place) {
            let lin = shared_linear(s, row, col);
            lane |= lin;
            swizzled |= s.swizzle().apply(lin as u32) as usize;
        }
        t += 1;
    }
    (lane, swizzled)
}

/// Thread `t`'s part of the tile coordinates (element 0's less its element part `part0`, which
/// the caller computes once), plus the fragment's place in the shared tile; `None` for a thread
/// outside the numeral.
const fn thread_at(
    n: &Numeral,
    t: u32,
    (r0, c0): (usize, usize),
    place: (usize, usize),
) -> Option<(usize, usize)> {
    match n.coords(t, 0) {
        Some((r, c)) => Some((
            (r as usize).wrapping_sub(r0).wrapping_add(place.0),
            (c as usize).wrapping_sub(c0).wrapping_add(place.1),
        )),
        None => None,
    }
}

/// How the element with part `at` is reached from the thread's offset, given the threads'
/// bits `lane` ([`shared_lane_bits`]): where its unswizzled constant `k` shares no bit with
/// any thread's offset, `lane + k` is `lane ^ k` and, the swizzle being linear in the bits,
/// its offset is `swizzle(lane) ^ swizzle(k)`; an `Add` where that shares no bit either.
///
/// Worked, as above: element 3 at `(8, 1)`, `k` 257: `Add(257)`.
pub const fn shared_offset(
    lane: (usize, usize),
    s: &SharedLayout,
    at: (usize, usize),
) -> SharedOffset {
    let k = shared_linear(s, at.0, at.1);
    if lane.0 & k != 0 || k > u32::MAX as usize {
        return SharedOffset::Swizzle;
    }
    let k = s.swizzle().apply(k as u32) as usize;
    if lane.1 & k == 0 {
        SharedOffset::Add(k)
    } else {
        SharedOffset::Xor(k)
    }
}

/// [`shared_offset`] of each element of `at` (`element_table()`); all `Swizzle` with a band.
pub const fn shared_offsets<const E: usize>(
    n: &Numeral,
    s: &SharedLayout,
    at: &[ElementAt; E],
) -> [SharedOffset; E] {
    shared_offsets_at(n, s, at, (0, 0))
}

/// [`shared_offsets`] of the fragment's tile placed at tile `place`.
pub const fn shared_offsets_at<const E: usize>(
    n: &Numeral,
    s: &SharedLayout,
    at: &[ElementAt; E],
    place: (usize, usize),
) -> [SharedOffset; E] {
    shared_offsets_with(n, s, at, place, &SharedThreads::of(n, s, place))
}

/// [`shared_offsets_at`] with the threads' facts ([`shared_lane_mask_with`]).
pub const fn shared_offsets_with<const E: usize>(
    n: &Numeral,
    s: &SharedLayout,
    at: &[ElementAt; E],
    place: (usize, usize),
    threads: &SharedThreads,
) -> [SharedOffset; E] {
    let mut out = [SharedOffset::Swizzle; E];
    if n.thread_wrap() != 0 {
        return out;
    }
    let lane = lane_bits(n, s, place, threads);
    let mut e = 0;
    while e < E {
        let adds = !s.is_grid()
            || adds_for_every_thread(threads, s, at[e].at)
            || grid_adds(n, s, at[e].at, place);
        if adds {
            out[e] = shared_offset(lane, s, at[e].at);
        }
        e += 1;
    }
    out
}

/// Whether, in a grid of atoms, every thread's unswizzled offset plus the element part
/// `at`'s is the element's: no thread's part carries across an atom's edge.
pub(super) const fn grid_adds(
    n: &Numeral,
    s: &SharedLayout,
    at: (usize, usize),
    place: (usize, usize),
) -> bool {
    let (part0, k) = (n.element_part(0), shared_linear(s, at.0, at.1));
    let mut t = 0;
    while t < n.threads() {
        if let Some((row, col)) = thread_at(n, t, part0, place) {
            let sum = shared_linear(s, row + at.0, col + at.1);
            if sum != shared_linear(s, row, col) + k {
                return false;
            }
        }
        t += 1;
    }
    true
}

/// The mask every thread's unswizzled offset keeps ([`shared_lane_bits`]; all ones with a
/// band): `lane & mask` is `lane` for a thread of the layout, and tells the optimizer the
/// offsets' range where the thread's type alone does.
pub const fn shared_lane_mask(n: &Numeral, s: &SharedLayout) -> usize {
    shared_lane_mask_at(n, s, (0, 0))
}

/// [`shared_lane_mask`] of the fragment's tile placed at tile `place`.
pub const fn shared_lane_mask_at(n: &Numeral, s: &SharedLayout, place: (usize, usize)) -> usize {
    shared_lane_mask_with(n, s, place, &SharedThreads::of(n, s, place))
}

/// [`shared_lane_mask_at`] with the threads' facts `threads` ([`SharedThreads::of`] of the
/// same arguments) computed once for every constant of a function.
pub const fn shared_lane_mask_with(
    n: &Numeral,
    s: &SharedLayout,
    place: (usize, usize),
    threads: &SharedThreads,
) -> usize {
    if n.thread_wrap() != 0 {
        return usize::MAX;
    }
    lane_bits(n, s, place, threads).0
}

/// [`shared_lane_bits_at`], read off `threads` where they were all computed.
const fn lane_bits(
    n: &Numeral,
    s: &SharedLayout,
    place: (usize, usize),
    threads: &SharedThreads,
) -> (usize, usize) {
    if threads.ok {
        threads.lane
    } else {
        shared_lane_bits_at(n, s, place)
    }
}

/// Why `layout` (named `name`) cannot hold numeral `n`'s tile: it is unsound, or its tile is
/// not the numeral's.
///
/// Worked: "the shared layout `SMEM` is a 16 x 64 tile, numeral `SM80_16x8x16_F32_C` a 16 x 8
/// one: build the layout over the numeral's tile, `SharedLayout::row_major(16, 8, ..)`".
pub const fn shared_tile_error(n: &Numeral, s: &SharedLayout, name: &str) -> Option<Message> {
    shared_tile_error_at(n, s, name, None)
}

/// [`shared_tile_error`], or with `at = (row, col)` (`place`), why the numeral's tile placed
/// there does not lie inside the layout's.
///
/// Worked: "`at = (56, 0)` puts numeral `SM80_16x8x16_F32_C`'s 16 x 8 tile past the shared
/// layout `SMEM`'s 64 x 64 tile: place it at a row of at most 48 and a column of at most 56".
pub const fn shared_tile_error_at(
    n: &Numeral,
    s: &SharedLayout,
    name: &str,
    place: Option<(usize, usize)>,
) -> Option<Message> {
    let mut m = Message::new();
    if let Err(e) = s.check() {
        m.push("the shared layout `");
        m.push(name);
        m.push("` is unsound: ");
        e.write(&mut m);
        return Some(m);
    }
    if let Some((row, col)) = place {
        return placement_error(n, s, name, row, col);
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
    if s.rows() >= n.rows && s.cols() >= n.cols {
        m.push(", or place the fragment in it, `at = (0, 0)` for its corner");
    }
    Some(m)
}

/// Whether `len` from `at` stays within `room`.
const fn fits(at: usize, len: u32, room: u32) -> bool {
    (at as u64).saturating_add(len as u64) <= room as u64
}

/// Why numeral `n`'s tile at `(row, col)` is not inside `s`'s.
const fn placement_error(
    n: &Numeral,
    s: &SharedLayout,
    name: &str,
    row: usize,
    col: usize,
) -> Option<Message> {
    if fits(row, n.rows, s.rows()) && fits(col, n.cols, s.cols()) {
        return None;
    }
    let mut m = Message::new();
    m.push("`at = (");
    m.push_num(row as u64);
    m.push(", ");
    m.push_num(col as u64);
    m.push(")` puts numeral `");
    m.push(n.name);
    m.push("`'s ");
    m.push_num(n.rows as u64);
    m.push(" x ");
    m.push_num(n.cols as u64);
    m.push(" tile past the shared layout `");
    m.push(name);
    m.push("`'s ");
    m.push_num(s.rows() as u64);
    m.push(" x ");
    m.push_num(s.cols() as u64);
    m.push(" tile");
    if n.rows > s.rows() || n.cols > s.cols() {
        m.push(": the fragment's tile is larger; build the layout over a larger tile");
    } else {
        m.push(": place it at a row of at most ");
        m.push_num((s.rows() - n.rows) as u64);
        m.push(" and a column of at most ");
        m.push_num((s.cols() - n.cols) as u64);
    }
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
    shared_vector_error_at(n, s, width, name, (0, 0))
}

/// [`shared_vector_error`] of the fragment's tile placed at tile `place`.
pub const fn shared_vector_error_at(
    n: &Numeral,
    s: &SharedLayout,
    width: u32,
    name: &str,
    place: (usize, usize),
) -> Option<Message> {
    shared_vector_error_with(n, s, width, name, place, &SharedThreads::of(n, s, place))
}

/// [`shared_vector_error_at`] with the threads' facts ([`shared_lane_mask_with`]): where
/// they prove every call's elements adjacent and aligned, without walking every thread x
/// element (`smem_threads`).
pub const fn shared_vector_error_with(
    n: &Numeral,
    s: &SharedLayout,
    width: u32,
    name: &str,
    place: (usize, usize),
    threads: &SharedThreads,
) -> Option<Message> {
    if width <= 1 || n.elements % width != 0 || vector_passes(threads, n, s, width) {
        return None;
    }
    vector_walk(n, s, width, name, place)
}

/// [`shared_vector_error_at`] over every thread and call, for `width >= 2` dividing the
/// elements.
pub(super) const fn vector_walk(
    n: &Numeral,
    s: &SharedLayout,
    width: u32,
    name: &str,
    place: (usize, usize),
) -> Option<Message> {
    let mut t = 0;
    while t < n.threads() {
        let mut g = 0;
        while g < n.elements {
            let first = offset_of(n, s, t, g, place);
            let mut j = 1;
            while j < width {
                let at = offset_of(n, s, t, g + j, place);
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
const fn offset_of(n: &Numeral, s: &SharedLayout, t: u32, e: u32, place: (usize, usize)) -> u64 {
    match n.coords(t, e) {
        Some((r, c)) => match s.offset(
            r.saturating_add(place.0 as u32),
            c.saturating_add(place.1 as u32),
        ) {
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

/// The most warps whose accesses `conflict_free` counts ([`shared_conflict_message`]): a
/// block's 1024 threads. A numeral of more warps is refused at once rather than counted warp
/// by warp at compile time.
pub const MAX_CONFLICT_WARPS: u32 = 32;

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
    shared_conflict_message_at(n, s, width, gather, name, (0, 0))
}

/// [`shared_conflict_message`] of the fragment's tile placed at tile `place`.
pub const fn shared_conflict_message_at(
    n: &Numeral,
    s: &SharedLayout,
    width: u32,
    gather: bool,
    name: &str,
    place: (usize, usize),
) -> Option<Message> {
    let threads = SharedThreads::of(n, s, place);
    shared_conflict_message_with(n, s, width, gather, name, place, &threads)
}

/// [`shared_conflict_message_at`] with the threads' facts ([`shared_lane_mask_with`]). Where
/// they prove each warp's instructions the first one's addresses xor-ed with one constant
/// aligned to the access (`smem_threads::requests_translate`), which moves words onto words
/// and banks onto banks one to one, every instruction of a warp takes the first one's
/// wavefronts in every phase, and only the first is counted (the message is the same: a
/// later phase is never worse than the first instruction's worst).
pub const fn shared_conflict_message_with(
    n: &Numeral,
    s: &SharedLayout,
    width: u32,
    gather: bool,
    name: &str,
    place: (usize, usize),
    threads: &SharedThreads,
) -> Option<Message> {
    let translates = requests_translate(threads, n, s, width);
    let origin = FragmentAt::new(place.0 as u32, place.1 as u32);
    let bytes = width.saturating_mul(s.elem_bytes());
    if n.warps > MAX_CONFLICT_WARPS {
        let mut m = Message::new();
        write_access(n, gather, name, &mut m);
        m.push(": `conflict_free` counts each warp's access, and the numeral has ");
        m.push_num(n.warps as u64);
        m.push(" warps, more than ");
        m.push_num(MAX_CONFLICT_WARPS as u64);
        m.push(" (a block's 1024 threads): remove `conflict_free`");
        return Some(m);
    }
    let mut total = Wavefronts::ZERO;
    let mut worst: Option<(u32, PhaseReport)> = None;
    let mut w = 0;
    while w < n.warps {
        let access = Access::elements(n, bytes).at(origin.warp(w));
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
        let mut first: Option<Wavefronts> = None;
        let mut k = 0;
        while k < count {
            if let (true, Some(more)) = (translates, first) {
                total = total.plus(more);
                k += 1;
                continue;
            }
            if let Ok(r) = access.request_counted(s, k) {
                if let Ok(more) = r.wavefronts() {
                    total = total.plus(more);
                    if k == 0 {
                        first = Some(more);
                    }
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
    m.push(": swizzle or pad the layout");
    let what = Searched::Elements { gather, bytes };
    write_search(what, n, s, name, origin, &mut m);
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
    fn the_worked_offsets_from_the_thread_base() {
        let n = &SM80_16x8x16_F32_C;
        let s = SharedLayout::padded(16, 8, 4, 24).with_swizzle(Swizzle::new(3, 2, 3));
        assert_eq!(shared_lane_bits(n, &s), (230, 254));
        let table: [ElementAt; 4] = n.element_table();
        let offsets = shared_offsets(n, &s, &table);
        assert_eq!(offsets.map(|o| o == SharedOffset::Swizzle), [false; 4]);
        // Padded rows of 12: the thread's rows carry into element 2's constant, 96.
        let carry = SharedLayout::padded(16, 8, 4, 4).with_swizzle(Swizzle::new(1, 1, 3));
        assert_eq!(shared_offsets(n, &carry, &table)[2], SharedOffset::Swizzle);
        for layout in [s, carry] {
            let offsets = shared_offsets(n, &layout, &table);
            let mask = shared_lane_mask(n, &layout);
            for t in 0..32 {
                let (r, c) = n.coords(t, 0).unwrap();
                let lane = (r as usize * shared_steps(&layout).0 + c as usize) & mask;
                let base = layout.swizzle().apply(lane as u32) as usize;
                for (e, o) in offsets.iter().enumerate() {
                    let (r, c) = n.coords(t, e as u32).unwrap();
                    let want = layout.offset(r, c).unwrap() as usize;
                    match *o {
                        SharedOffset::Add(k) => assert_eq!(base + k, want),
                        SharedOffset::Xor(k) => assert_eq!(base ^ k, want),
                        SharedOffset::Swizzle => {}
                    }
                }
            }
        }
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
            m.as_str().ends_with(
                ": `fraglayout banks store.8 SM80_16x8x16_F32_C --tile 16x8 --elem 4 --pad 24 \
                 --find` searches"
            ),
            "{m}"
        );
    }

    #[test]
    fn more_warps_than_a_block_are_refused_naming_the_limit() {
        let digits = [crate::Digit::lane(1, 32, 1), crate::Digit::warp(1, 64, 32)];
        let n = Numeral::new("WIDE", 1, 2048, 1, &digits).with_warps(64);
        let tile = SharedLayout::row_major(1, 2048, 4);
        let m = shared_conflict_message(&n, &tile, 1, false, "S").unwrap();
        assert_eq!(
            m.as_str(),
            "scatter of `WIDE` into `S`: `conflict_free` counts each warp's access, and the \
             numeral has 64 warps, more than 32 (a block's 1024 threads): remove `conflict_free`"
        );
        // A block's 32 warps are counted: a row-major tile, one word a lane, is conflict-free.
        let digits = [crate::Digit::lane(1, 32, 1), crate::Digit::warp(1, 32, 32)];
        let n = Numeral::new("BLOCK", 1, 1024, 1, &digits).with_warps(32);
        let tile = SharedLayout::row_major(1, 1024, 4);
        assert!(shared_conflict_message(&n, &tile, 1, false, "S").is_none());
    }

    #[test]
    fn the_search_names_a_tiled_or_own_layout_as_it_runs() {
        let tiled = SM80_16x8x16_F32_C.tiled_or_panic(1, 8);
        let n = tiled.numeral();
        // A swizzle of bit 7 into bit 0: rows 0 and 2 still meet rows 1 and 3 elsewhere.
        let tile = SharedLayout::row_major(16, 64, 4).with_swizzle(Swizzle::new(1, 0, 7));
        let m = shared_conflict_message(&n, &tile, 1, false, "SMEM").unwrap();
        assert!(
            m.as_str().ends_with(
                ": `fraglayout banks store.4 'SM80_16x8x16_F32_C[1x8]' --tile 16x64 --elem 4 \
                 --swizzle 1,0,7 --find` searches"
            ),
            "{m}"
        );
        let own = SM80_16x8x16_F32_C.renamed("W2");
        let padded = SharedLayout::padded(16, 8, 4, 24);
        let m = shared_conflict_message(&own, &padded, 2, true, "SMEM").unwrap();
        assert!(
            m.as_str().ends_with(
                ": `fraglayout::shared::find(&SMEM, &[fraglayout::shared::Access::elements(&W2, \
                 8)], 8)` searches"
            ),
            "{m}"
        );
        let own_tiled = own.tiled_or_panic(1, 2);
        let wide = SharedLayout::row_major(16, 16, 4);
        let m = shared_conflict_message(&own_tiled.numeral(), &wide, 1, false, "S").unwrap();
        assert!(
            m.as_str()
                .contains("Access::elements(&W2.tiled_or_panic(1, 2).numeral(), 4)"),
            "{m}"
        );
    }
}
