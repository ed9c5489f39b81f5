//! One call of an epilogue, side by side with what a skilled engineer writes by hand: the
//! per-call instruction counts of docs/PERFORMANCE.md ("one call"), for 4, 8 and 128 elements,
//! with the row stride a constant ([`CLD`]) and known only at run time.
//!
//! | version     | code                                                                           |
//! |-------------|--------------------------------------------------------------------------------|
//! | `generated` | `#[fragment_layout]` with body `d[o + row * LD + col] = value` / `a[o + row * LD + col]` |
//! | `skilled`   | written fresh for this benchmark, CUTLASS-epilogue style in safe Rust: the lane checked (an out-of-range lane writes nothing, as generated code), the thread's base index computed once, one bounds check for the lane's footprint (constant stride) or one per row (run-time stride), every access at a constant offset |
//! | `floor`     | `skilled` with `get_unchecked`: no bounds checks at all (unsafe, a floor only)  |
//!
//! And the `vector = 2` form (`*_vec` cases): `generated` is `#[fragment_layout(.., vector = 2)]`
//! with body `*(d.add(row * LD + col) as *mut [f32; 2]) = values` through a raw pointer, as a
//! GPU kernel stores, `skilled` the same store written by hand from the thread's base pointer
//! at constant offsets; neither checks bounds (the body's pointer is the caller's promise).
//! `scatter4_swizzle_ld` writes a shared-memory style swizzle into its index, `d[o + row * ld +
//! (col ^ ((row & 7) << 3))]`, against the swizzled base computed once by hand;
//! `scatter4_axpy_ld` is one element a call through the raw pointer, `*d.add(row * ld + col)
//! += 0.5 * value`, against the same `+=` written by hand.
//!
//! `tests/agree.rs` checks that the three write or read the same cells as the numeral. Every
//! `fl_call_CASE_VERSION` function is `#[no_mangle] #[inline(never)]` with the same signature,
//! so `fl-calls` under callgrind (`tests/callgrind.rs`) counts exactly one version's calls.
//!
//! Layouts: `m16n8k16` C (`SM80_16x8x16_F32_C`, 4 `f32`: rows `lane / 4 + {0, 8}`, columns
//! `2 * (lane % 4) + {0, 1}`), `m16n8k16` A (`SM80_16x8x16_F16_A_ROW`, 8 `u16`: the same rows,
//! columns `+ {0, 1, 8, 9}`), and the `wgmma m64n256` f32 accumulator (`SM90_64x256x16_F32_C`,
//! 128 `f32` for each of 128 threads: rows `16 * (t / 32) + (t % 32) / 4 + {0, 8}`, columns
//! `2 * (t % 4) + {0, 1, 8, 9, ..., 248, 249}`).

use fraglayout::generated::ThreadIndex;
use fraglayout::{Lane, Thread};
use layout_core::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C, SM90_64x256x16_F32_C};
use layout_macros::fragment_layout;

/// The constant row stride of the "constant" cases (elements).
pub const CLD: usize = 256;
/// Rows of the matrices the calls work on: the `wgmma` tile has 64, one more leaves room for an
/// origin past 0.
pub const CALL_ROWS: usize = 65;

/// `(base row, base col)` of an `m16n8k16` lane: what a skilled engineer computes once.
#[inline(always)]
fn mma_base(lane: u32) -> (usize, usize) {
    let lane = lane as usize;
    (lane / 4, 2 * (lane % 4))
}

/// `(base row, base col)` of a `wgmma` thread (128 threads, 16 rows a warp).
#[inline(always)]
fn wgmma_base(t: u32) -> (usize, usize) {
    let t = t as usize;
    (16 * (t / 32) + (t % 32) / 4, 2 * (t % 4))
}

// ---------------------------------------------------------------------------------------------
// Generated.

#[fragment_layout(SM80_16x8x16_F32_C)]
pub fn scatter4_generated<T: ThreadIndex>(lane: T, acc: &[f32; 4], d: &mut [f32], o: usize) {
    |row, col, value| d[o + row * CLD + col] = value
}

#[fragment_layout(SM80_16x8x16_F32_C)]
pub fn scatter4_ld_generated<T: ThreadIndex>(
    lane: T,
    acc: &[f32; 4],
    d: &mut [f32],
    o: usize,
    ld: usize,
) {
    |row, col, value| d[o + row * ld + col] = value
}

#[fragment_layout(SM80_16x8x16_F32_C, gather)]
pub fn gather4_generated<T: ThreadIndex>(lane: T, a: &[f32], o: usize) -> [f32; 4] {
    |row, col| a[o + row * CLD + col]
}

#[fragment_layout(SM80_16x8x16_F32_C, gather)]
pub fn gather4_ld_generated<T: ThreadIndex>(lane: T, a: &[f32], o: usize, ld: usize) -> [f32; 4] {
    |row, col| a[o + row * ld + col]
}

#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather)]
pub fn gather8_generated<T: ThreadIndex>(lane: T, a: &[u16], o: usize) -> [u16; 8] {
    |row, col| a[o + row * CLD + col]
}

#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather)]
pub fn gather8_ld_generated<T: ThreadIndex>(lane: T, a: &[u16], o: usize, ld: usize) -> [u16; 8] {
    |row, col| a[o + row * ld + col]
}

#[fragment_layout(SM90_64x256x16_F32_C)]
pub fn scatter128_generated<T: ThreadIndex>(t: T, acc: &[f32; 128], d: &mut [f32], o: usize) {
    |row, col, value| d[o + row * CLD + col] = value
}

#[fragment_layout(SM90_64x256x16_F32_C)]
pub fn scatter128_ld_generated<T: ThreadIndex>(
    t: T,
    acc: &[f32; 128],
    d: &mut [f32],
    o: usize,
    ld: usize,
) {
    |row, col, value| d[o + row * ld + col] = value
}

#[fragment_layout(SM90_64x256x16_F32_C, gather)]
pub fn gather128_generated<T: ThreadIndex>(t: T, a: &[f32], o: usize) -> [f32; 128] {
    |row, col| a[o + row * CLD + col]
}

#[fragment_layout(SM90_64x256x16_F32_C, gather)]
pub fn gather128_ld_generated<T: ThreadIndex>(t: T, a: &[f32], o: usize, ld: usize) -> [f32; 128] {
    |row, col| a[o + row * ld + col]
}

/// The 128-element scatter with `unpaired`: one index per element, the control of the IR check
/// (`tests/ir.rs`), which must find many bounds checks in it.
#[fragment_layout(SM90_64x256x16_F32_C, unpaired)]
pub fn scatter128_ld_unpaired<T: ThreadIndex>(
    t: T,
    acc: &[f32; 128],
    d: &mut [f32],
    o: usize,
    ld: usize,
) {
    |row, col, value| d[o + row * ld + col] = value
}

// ---------------------------------------------------------------------------------------------
// Skilled, hand-written.

#[inline]
pub fn scatter4_skilled<const CHECK: bool>(lane: u32, acc: &[f32; 4], d: &mut [f32], o: usize) {
    if CHECK && lane >= 32 {
        return;
    }
    let (r, c) = mma_base(lane);
    let b = o + r * CLD + c;
    let s = &mut d[b..b + 8 * CLD + 2];
    s[0] = acc[0];
    s[1] = acc[1];
    s[8 * CLD] = acc[2];
    s[8 * CLD + 1] = acc[3];
}

#[inline]
pub fn scatter4_ld_skilled<const CHECK: bool>(
    lane: u32,
    acc: &[f32; 4],
    d: &mut [f32],
    o: usize,
    ld: usize,
) {
    if CHECK && lane >= 32 {
        return;
    }
    let (r, c) = mma_base(lane);
    let b = o + r * ld + c;
    let s = &mut d[b..b + 8 * ld + 2];
    s[0] = acc[0];
    s[1] = acc[1];
    s[8 * ld] = acc[2];
    s[8 * ld + 1] = acc[3];
}

#[inline]
pub fn gather4_skilled<const CHECK: bool>(lane: u32, a: &[f32], o: usize) -> [f32; 4] {
    if CHECK && lane >= 32 {
        return [0.0; 4];
    }
    let (r, c) = mma_base(lane);
    let b = o + r * CLD + c;
    let s = &a[b..b + 8 * CLD + 2];
    [s[0], s[1], s[8 * CLD], s[8 * CLD + 1]]
}

#[inline]
pub fn gather4_ld_skilled<const CHECK: bool>(
    lane: u32,
    a: &[f32],
    o: usize,
    ld: usize,
) -> [f32; 4] {
    if CHECK && lane >= 32 {
        return [0.0; 4];
    }
    let (r, c) = mma_base(lane);
    let b = o + r * ld + c;
    let s = &a[b..b + 8 * ld + 2];
    [s[0], s[1], s[8 * ld], s[8 * ld + 1]]
}

#[inline]
pub fn gather8_skilled<const CHECK: bool>(lane: u32, a: &[u16], o: usize) -> [u16; 8] {
    if CHECK && lane >= 32 {
        return [0; 8];
    }
    let (r, c) = mma_base(lane);
    let b = o + r * CLD + c;
    let s = &a[b..b + 8 * CLD + 10];
    let h = 8 * CLD;
    [s[0], s[1], s[h], s[h + 1], s[8], s[9], s[h + 8], s[h + 9]]
}

#[inline]
pub fn gather8_ld_skilled<const CHECK: bool>(
    lane: u32,
    a: &[u16],
    o: usize,
    ld: usize,
) -> [u16; 8] {
    if CHECK && lane >= 32 {
        return [0; 8];
    }
    let (r, c) = mma_base(lane);
    let b = o + r * ld + c;
    let (r0, r8) = (&a[b..b + 10], &a[b + 8 * ld..b + 8 * ld + 10]);
    [r0[0], r0[1], r8[0], r8[1], r0[8], r0[9], r8[8], r8[9]]
}

#[inline]
pub fn scatter128_skilled<const CHECK: bool>(t: u32, acc: &[f32; 128], d: &mut [f32], o: usize) {
    if CHECK && t >= 128 {
        return;
    }
    let (r, c) = wgmma_base(t);
    let b = o + r * CLD + c;
    let s = &mut d[b..b + 8 * CLD + 250];
    for (j, q) in acc.chunks_exact(4).enumerate() {
        s[8 * j] = q[0];
        s[8 * j + 1] = q[1];
        s[8 * CLD + 8 * j] = q[2];
        s[8 * CLD + 8 * j + 1] = q[3];
    }
}

#[inline]
pub fn scatter128_ld_skilled<const CHECK: bool>(
    t: u32,
    acc: &[f32; 128],
    d: &mut [f32],
    o: usize,
    ld: usize,
) {
    if CHECK && t >= 128 {
        return;
    }
    let (r, c) = wgmma_base(t);
    let b = o + r * ld + c;
    let r0 = &mut d[b..b + 250];
    for (j, q) in acc.chunks_exact(4).enumerate() {
        r0[8 * j] = q[0];
        r0[8 * j + 1] = q[1];
    }
    let b8 = b + 8 * ld;
    let r8 = &mut d[b8..b8 + 250];
    for (j, q) in acc.chunks_exact(4).enumerate() {
        r8[8 * j] = q[2];
        r8[8 * j + 1] = q[3];
    }
}

#[inline]
pub fn gather128_skilled<const CHECK: bool>(t: u32, a: &[f32], o: usize) -> [f32; 128] {
    let mut out = [0.0; 128];
    if CHECK && t >= 128 {
        return out;
    }
    let (r, c) = wgmma_base(t);
    let b = o + r * CLD + c;
    let s = &a[b..b + 8 * CLD + 250];
    for (j, q) in out.chunks_exact_mut(4).enumerate() {
        q[0] = s[8 * j];
        q[1] = s[8 * j + 1];
        q[2] = s[8 * CLD + 8 * j];
        q[3] = s[8 * CLD + 8 * j + 1];
    }
    out
}

#[inline]
pub fn gather128_ld_skilled<const CHECK: bool>(
    t: u32,
    a: &[f32],
    o: usize,
    ld: usize,
) -> [f32; 128] {
    let mut out = [0.0; 128];
    if CHECK && t >= 128 {
        return out;
    }
    let (r, c) = wgmma_base(t);
    let b = o + r * ld + c;
    let (r0, r8) = (&a[b..b + 250], &a[b + 8 * ld..b + 8 * ld + 250]);
    for (j, q) in out.chunks_exact_mut(4).enumerate() {
        q[0] = r0[8 * j];
        q[1] = r0[8 * j + 1];
        q[2] = r8[8 * j];
        q[3] = r8[8 * j + 1];
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Floor: the skilled code without bounds checks (unsafe; callers keep every index in range).

#[inline]
pub fn scatter4_floor(lane: u32, acc: &[f32; 4], d: &mut [f32], o: usize) {
    if lane >= 32 {
        return;
    }
    let (r, c) = mma_base(lane);
    let b = o + r * CLD + c;
    // SAFETY: the callers pass a matrix holding the lane's footprint.
    unsafe {
        *d.get_unchecked_mut(b) = acc[0];
        *d.get_unchecked_mut(b + 1) = acc[1];
        *d.get_unchecked_mut(b + 8 * CLD) = acc[2];
        *d.get_unchecked_mut(b + 8 * CLD + 1) = acc[3];
    }
}

#[inline]
pub fn gather4_floor(lane: u32, a: &[f32], o: usize) -> [f32; 4] {
    if lane >= 32 {
        return [0.0; 4];
    }
    let (r, c) = mma_base(lane);
    let b = o + r * CLD + c;
    // SAFETY: as above.
    unsafe { [0, 1, 8 * CLD, 8 * CLD + 1].map(|k| *a.get_unchecked(b + k)) }
}

#[inline]
pub fn gather8_floor(lane: u32, a: &[u16], o: usize) -> [u16; 8] {
    if lane >= 32 {
        return [0; 8];
    }
    let (r, c) = mma_base(lane);
    let b = o + r * CLD + c;
    let h = 8 * CLD;
    // SAFETY: as above.
    unsafe { [0, 1, h, h + 1, 8, 9, h + 8, h + 9].map(|k| *a.get_unchecked(b + k)) }
}

#[inline]
pub fn scatter128_floor(t: u32, acc: &[f32; 128], d: &mut [f32], o: usize) {
    if t >= 128 {
        return;
    }
    let (r, c) = wgmma_base(t);
    let b = o + r * CLD + c;
    for (j, q) in acc.chunks_exact(4).enumerate() {
        // SAFETY: as above.
        unsafe {
            *d.get_unchecked_mut(b + 8 * j) = q[0];
            *d.get_unchecked_mut(b + 8 * j + 1) = q[1];
            *d.get_unchecked_mut(b + 8 * CLD + 8 * j) = q[2];
            *d.get_unchecked_mut(b + 8 * CLD + 8 * j + 1) = q[3];
        }
    }
}

#[inline]
pub fn gather128_floor(t: u32, a: &[f32], o: usize) -> [f32; 128] {
    let mut out = [0.0; 128];
    if t >= 128 {
        return out;
    }
    let (r, c) = wgmma_base(t);
    let b = o + r * CLD + c;
    for (j, q) in out.chunks_exact_mut(4).enumerate() {
        // SAFETY: as above.
        unsafe {
            q[0] = *a.get_unchecked(b + 8 * j);
            q[1] = *a.get_unchecked(b + 8 * j + 1);
            q[2] = *a.get_unchecked(b + 8 * CLD + 8 * j);
            q[3] = *a.get_unchecked(b + 8 * CLD + 8 * j + 1);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Vector bodies (`vector = 2`): the body stores 2 adjacent `f32` through a raw pointer, as a
// GPU kernel does (one 8-byte store), against the same written by hand. Unsafe: the callers
// pass a matrix holding the thread's footprint (the entry points below: `run_calls`' matrix).

/// # Safety
/// `d` holds the lane's footprint (rows `lane / 4` and `lane / 4 + 8` of stride [`CLD`]).
#[fragment_layout(SM80_16x8x16_F32_C, vector = 2)]
pub unsafe fn scatter4_vec_generated<T: ThreadIndex>(lane: T, acc: &[f32; 4], d: *mut f32) {
    |row, col, values| unsafe { *(d.add(row * CLD + col) as *mut [f32; 2]) = values }
}

/// # Safety
/// As [`scatter4_vec_generated`], with row stride `ld`.
#[fragment_layout(SM80_16x8x16_F32_C, vector = 2)]
pub unsafe fn scatter4_vec_ld_generated<T: ThreadIndex>(
    lane: T,
    acc: &[f32; 4],
    d: *mut f32,
    ld: usize,
) {
    |row, col, values| unsafe { *(d.add(row * ld + col) as *mut [f32; 2]) = values }
}

/// # Safety
/// `d` holds the thread's footprint (two rows of 250 columns, stride [`CLD`]).
#[fragment_layout(SM90_64x256x16_F32_C, vector = 2)]
pub unsafe fn scatter128_vec_generated<T: ThreadIndex>(t: T, acc: &[f32; 128], d: *mut f32) {
    |row, col, values| unsafe { *(d.add(row * CLD + col) as *mut [f32; 2]) = values }
}

/// # Safety
/// `d` holds the lane's footprint (rows `lane / 4` and `lane / 4 + 8` of stride [`CLD`]).
#[inline]
pub unsafe fn scatter4_vec_skilled<const CHECK: bool>(lane: u32, acc: &[f32; 4], d: *mut f32) {
    if CHECK && lane >= 32 {
        return;
    }
    let (r, c) = mma_base(lane);
    // SAFETY: as the function says.
    unsafe {
        let p = d.add(r * CLD + c);
        *(p as *mut [f32; 2]) = [acc[0], acc[1]];
        *(p.add(8 * CLD) as *mut [f32; 2]) = [acc[2], acc[3]];
    }
}

/// # Safety
/// As [`scatter4_vec_skilled`], with row stride `ld`.
#[inline]
pub unsafe fn scatter4_vec_ld_skilled<const CHECK: bool>(
    lane: u32,
    acc: &[f32; 4],
    d: *mut f32,
    ld: usize,
) {
    if CHECK && lane >= 32 {
        return;
    }
    let (r, c) = mma_base(lane);
    // SAFETY: as the function says.
    unsafe {
        let p = d.add(r * ld + c);
        *(p as *mut [f32; 2]) = [acc[0], acc[1]];
        *(p.add(8 * ld) as *mut [f32; 2]) = [acc[2], acc[3]];
    }
}

/// # Safety
/// `d` holds the thread's footprint (two rows of 250 columns, stride [`CLD`]).
#[inline]
pub unsafe fn scatter128_vec_skilled<const CHECK: bool>(t: u32, acc: &[f32; 128], d: *mut f32) {
    if CHECK && t >= 128 {
        return;
    }
    let (r, c) = wgmma_base(t);
    // SAFETY: as the function says.
    unsafe {
        let p = d.add(r * CLD + c);
        for (j, q) in acc.chunks_exact(4).enumerate() {
            *(p.add(8 * j) as *mut [f32; 2]) = [q[0], q[1]];
            *(p.add(8 * CLD + 8 * j) as *mut [f32; 2]) = [q[2], q[3]];
        }
    }
}

/// A shared-memory style swizzle written into the index, the 16-byte unit `col / 8` XORed
/// with `row % 8` (`scatter4_swizzle_ld`).
#[fragment_layout(SM80_16x8x16_F32_C)]
pub fn scatter4_swizzle_ld_generated<T: ThreadIndex>(
    lane: T,
    acc: &[f32; 4],
    d: &mut [f32],
    o: usize,
    ld: usize,
) {
    |row, col, value| d[o + row * ld + (col ^ ((row & 7) << 3))] = value
}

#[inline]
pub fn scatter4_swizzle_ld_skilled<const CHECK: bool>(
    lane: u32,
    acc: &[f32; 4],
    d: &mut [f32],
    o: usize,
    ld: usize,
) {
    if CHECK && lane >= 32 {
        return;
    }
    let (r, c) = mma_base(lane);
    // Rows r and r + 8 share `r & 7`, and `c` is even: the swizzled base once, then the
    // unswizzled offsets.
    let b = o + r * ld + (c ^ ((r & 7) << 3));
    let s = &mut d[b..b + 8 * ld + 2];
    s[0] = acc[0];
    s[1] = acc[1];
    s[8 * ld] = acc[2];
    s[8 * ld + 1] = acc[3];
}

/// `d[i] += 0.5 * value` through a raw pointer, as an epilogue that accumulates a scaled
/// result stores (`scatter4_axpy_ld`).
///
/// # Safety
/// As [`scatter4_vec_ld_generated`].
#[fragment_layout(SM80_16x8x16_F32_C)]
pub unsafe fn scatter4_axpy_ld_generated<T: ThreadIndex>(
    lane: T,
    acc: &[f32; 4],
    d: *mut f32,
    ld: usize,
) {
    |row, col, value| unsafe { *d.add(row * ld + col) += 0.5 * value }
}

/// # Safety
/// As [`scatter4_vec_ld_skilled`].
#[inline]
pub unsafe fn scatter4_axpy_ld_skilled<const CHECK: bool>(
    lane: u32,
    acc: &[f32; 4],
    d: *mut f32,
    ld: usize,
) {
    if CHECK && lane >= 32 {
        return;
    }
    let (r, c) = mma_base(lane);
    // SAFETY: as the function says.
    unsafe {
        let p = d.add(r * ld + c);
        *p += 0.5 * acc[0];
        *p.add(1) += 0.5 * acc[1];
        let q = p.add(8 * ld);
        *q += 0.5 * acc[2];
        *q.add(1) += 0.5 * acc[3];
    }
}

// ---------------------------------------------------------------------------------------------
// Partial tiles (`bounds(rows, cols)`): the scatter with a run-time `ld` on a tile of which only
// the top-left `rows x cols` is valid, as at a matrix's bottom and right edges. Measured twice:
// on a whole tile (the fast path, which must cost what the plain scatter costs plus the extent
// test) and on a partial one (each element against the extent).

#[fragment_layout(SM80_16x8x16_F32_C, bounds(rows, cols))]
pub fn scatter4_bounds_generated<T: ThreadIndex>(
    lane: T,
    acc: &[f32; 4],
    d: &mut [f32],
    o: usize,
    ld: usize,
    rows: usize,
    cols: usize,
) {
    |row, col, value| d[o + row * ld + col] = value
}

/// `scatter4_bounds` through a raw pointer, as a kernel stores its edge tiles.
///
/// # Safety
/// `d` holds the valid part of the lane's footprint (rows `lane / 4` and `lane / 4 + 8` of
/// stride `ld`, below `rows` and `cols`).
#[fragment_layout(SM80_16x8x16_F32_C, bounds(rows, cols))]
pub unsafe fn scatter4_ptr_bounds_generated<T: ThreadIndex>(
    lane: T,
    acc: &[f32; 4],
    d: *mut f32,
    ld: usize,
    rows: usize,
    cols: usize,
) {
    |row, col, value| unsafe { *d.add(row * ld + col) = value }
}

/// The skilled partial-tile scatter of 4 through a raw pointer: a whole tile stores from the
/// lane's base; on a partial one, nothing where the lane's corner is outside, else the corner
/// and each other element whose row and column are inside.
///
/// # Safety
/// As [`scatter4_ptr_bounds_generated`].
#[inline]
pub unsafe fn scatter4_ptr_bounds_skilled<const CHECK: bool>(
    lane: u32,
    acc: &[f32; 4],
    d: *mut f32,
    ld: usize,
    rows: usize,
    cols: usize,
) {
    if CHECK && lane >= 32 {
        return;
    }
    let (r, c) = mma_base(lane);
    if rows >= 16 && cols >= 8 {
        // SAFETY: as the function says.
        unsafe {
            let p = d.add(r * ld + c);
            *p = acc[0];
            *p.add(1) = acc[1];
            *p.add(8 * ld) = acc[2];
            *p.add(8 * ld + 1) = acc[3];
        }
        return;
    }
    if r >= rows || c >= cols {
        return;
    }
    let (r8, c1) = (r + 8 < rows, c + 1 < cols);
    // SAFETY: as the function says; every element stored is inside.
    unsafe {
        let p = d.add(r * ld + c);
        *p = acc[0];
        if c1 {
            *p.add(1) = acc[1];
        }
        if r8 {
            *p.add(8 * ld) = acc[2];
        }
        if r8 && c1 {
            *p.add(8 * ld + 1) = acc[3];
        }
    }
}

#[fragment_layout(SM90_64x256x16_F32_C, bounds(rows, cols))]
pub fn scatter128_bounds_generated<T: ThreadIndex>(
    t: T,
    acc: &[f32; 128],
    d: &mut [f32],
    o: usize,
    ld: usize,
    rows: usize,
    cols: usize,
) {
    |row, col, value| d[o + row * ld + col] = value
}

/// The skilled partial-tile scatter of 4, CUTLASS style: a whole tile takes the plain code; on
/// a partial one the lane's two rows and two columns are tested against the extent once each,
/// and each element stores under the two tests that place it.
#[inline]
pub fn scatter4_bounds_skilled<const CHECK: bool>(
    lane: u32,
    acc: &[f32; 4],
    d: &mut [f32],
    o: usize,
    ld: usize,
    rows: usize,
    cols: usize,
) {
    if rows >= 16 && cols >= 8 {
        return scatter4_ld_skilled::<CHECK>(lane, acc, d, o, ld);
    }
    if CHECK && lane >= 32 {
        return;
    }
    let (r, c) = mma_base(lane);
    let b = o + r * ld + c;
    let (r0, r8) = (r < rows, r + 8 < rows);
    let (c0, c1) = (c < cols, c + 1 < cols);
    if r0 && c0 {
        d[b] = acc[0];
    }
    if r0 && c1 {
        d[b + 1] = acc[1];
    }
    if r8 && c0 {
        d[b + 8 * ld] = acc[2];
    }
    if r8 && c1 {
        d[b + 8 * ld + 1] = acc[3];
    }
}

/// The skilled partial-tile scatter of 128: a whole tile takes the plain code; on a partial
/// one each of the thread's two rows, when inside, stores its column pairs left to right up
/// to the extent's edge (the columns grow with the pair, so the first pair outside ends the
/// row) and the pair the edge cuts in half.
#[inline]
pub fn scatter128_bounds_skilled<const CHECK: bool>(
    t: u32,
    acc: &[f32; 128],
    d: &mut [f32],
    o: usize,
    ld: usize,
    rows: usize,
    cols: usize,
) {
    if rows >= 64 && cols >= 256 {
        return scatter128_ld_skilled::<CHECK>(t, acc, d, o, ld);
    }
    if CHECK && t >= 128 {
        return;
    }
    let (r, c) = wgmma_base(t);
    for (h, dr) in [(0, 0), (2, 8)] {
        if r + dr >= rows {
            break;
        }
        let b = o + (r + dr) * ld + c;
        for (j, q) in acc.chunks_exact(4).enumerate() {
            let col = c + 8 * j;
            if col >= cols {
                break;
            }
            d[b + 8 * j] = q[h];
            if col + 1 < cols {
                d[b + 8 * j + 1] = q[h + 1];
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The measured entry points: one signature per kind, `ld` unused by the constant cases.

pub use crate::case::{BoundedScatterCall, Case, Entry, FromThread, GatherCall, ScatterCall};

macro_rules! entry {
    (scatter $n:literal $name:ident = $f:expr) => {
        #[no_mangle]
        #[inline(never)]
        pub fn $name(t: u32, acc: &[f32; $n], d: &mut [f32], o: usize, _ld: usize) {
            $f(FromThread::from_thread(t), acc, d, o)
        }
    };
    (scatter_ld $n:literal $name:ident = $f:expr) => {
        #[no_mangle]
        #[inline(never)]
        pub fn $name(t: u32, acc: &[f32; $n], d: &mut [f32], o: usize, ld: usize) {
            $f(FromThread::from_thread(t), acc, d, o, ld)
        }
    };
    (scatter_vec $n:literal $name:ident = $f:expr) => {
        #[no_mangle]
        #[inline(never)]
        pub fn $name(t: u32, acc: &[f32; $n], d: &mut [f32], o: usize, _ld: usize) {
            // SAFETY: the callers pass a matrix holding the thread's footprint at `o`.
            unsafe { $f(FromThread::from_thread(t), acc, d.as_mut_ptr().add(o)) }
        }
    };
    (scatter_vec_ld $n:literal $name:ident = $f:expr) => {
        #[no_mangle]
        #[inline(never)]
        pub fn $name(t: u32, acc: &[f32; $n], d: &mut [f32], o: usize, ld: usize) {
            // SAFETY: as above.
            unsafe { $f(FromThread::from_thread(t), acc, d.as_mut_ptr().add(o), ld) }
        }
    };
    (scatter_bounds $n:literal $name:ident = $f:expr) => {
        #[no_mangle]
        #[inline(never)]
        pub fn $name(
            t: u32,
            acc: &[f32; $n],
            d: &mut [f32],
            o: usize,
            ld: usize,
            rows: usize,
            cols: usize,
        ) {
            $f(FromThread::from_thread(t), acc, d, o, ld, rows, cols)
        }
    };
    (scatter_bounds_ptr $n:literal $name:ident = $f:expr) => {
        #[no_mangle]
        #[inline(never)]
        pub fn $name(
            t: u32,
            acc: &[f32; $n],
            d: &mut [f32],
            o: usize,
            ld: usize,
            rows: usize,
            cols: usize,
        ) {
            // SAFETY: the callers pass a matrix holding the thread's footprint at `o`.
            unsafe {
                $f(
                    FromThread::from_thread(t),
                    acc,
                    d.as_mut_ptr().add(o),
                    ld,
                    rows,
                    cols,
                )
            }
        }
    };
    (gather $t:ty, $n:literal $name:ident = $f:expr) => {
        #[no_mangle]
        #[inline(never)]
        pub fn $name(t: u32, a: &[$t], o: usize, _ld: usize) -> [$t; $n] {
            $f(FromThread::from_thread(t), a, o)
        }
    };
    (gather_ld $t:ty, $n:literal $name:ident = $f:expr) => {
        #[no_mangle]
        #[inline(never)]
        pub fn $name(t: u32, a: &[$t], o: usize, ld: usize) -> [$t; $n] {
            $f(FromThread::from_thread(t), a, o, ld)
        }
    };
}

entry!(scatter 4 fl_call_scatter4_generated = scatter4_generated::<u32>);
entry!(scatter 4 fl_call_scatter4_skilled = scatter4_skilled::<true>);
entry!(scatter 4 fl_call_scatter4_typed = scatter4_generated::<Lane>);
entry!(scatter 4 fl_call_scatter4_unchecked = scatter4_skilled::<false>);
entry!(scatter 4 fl_call_scatter4_floor = scatter4_floor);
entry!(scatter_ld 4 fl_call_scatter4_ld_generated = scatter4_ld_generated::<u32>);
entry!(scatter_ld 4 fl_call_scatter4_ld_skilled = scatter4_ld_skilled::<true>);
entry!(scatter_ld 4 fl_call_scatter4_ld_typed = scatter4_ld_generated::<Lane>);
entry!(scatter_ld 4 fl_call_scatter4_ld_unchecked = scatter4_ld_skilled::<false>);
entry!(gather f32, 4 fl_call_gather4_generated = gather4_generated::<u32>);
entry!(gather f32, 4 fl_call_gather4_skilled = gather4_skilled::<true>);
entry!(gather f32, 4 fl_call_gather4_typed = gather4_generated::<Lane>);
entry!(gather f32, 4 fl_call_gather4_unchecked = gather4_skilled::<false>);
entry!(gather f32, 4 fl_call_gather4_floor = gather4_floor);
entry!(gather_ld f32, 4 fl_call_gather4_ld_generated = gather4_ld_generated::<u32>);
entry!(gather_ld f32, 4 fl_call_gather4_ld_skilled = gather4_ld_skilled::<true>);
entry!(gather_ld f32, 4 fl_call_gather4_ld_typed = gather4_ld_generated::<Lane>);
entry!(gather_ld f32, 4 fl_call_gather4_ld_unchecked = gather4_ld_skilled::<false>);
entry!(gather u16, 8 fl_call_gather8_generated = gather8_generated::<u32>);
entry!(gather u16, 8 fl_call_gather8_skilled = gather8_skilled::<true>);
entry!(gather u16, 8 fl_call_gather8_typed = gather8_generated::<Lane>);
entry!(gather u16, 8 fl_call_gather8_unchecked = gather8_skilled::<false>);
entry!(gather u16, 8 fl_call_gather8_floor = gather8_floor);
entry!(gather_ld u16, 8 fl_call_gather8_ld_generated = gather8_ld_generated::<u32>);
entry!(gather_ld u16, 8 fl_call_gather8_ld_skilled = gather8_ld_skilled::<true>);
entry!(gather_ld u16, 8 fl_call_gather8_ld_typed = gather8_ld_generated::<Lane>);
entry!(gather_ld u16, 8 fl_call_gather8_ld_unchecked = gather8_ld_skilled::<false>);
entry!(scatter 128 fl_call_scatter128_generated = scatter128_generated::<u32>);
entry!(scatter 128 fl_call_scatter128_skilled = scatter128_skilled::<true>);
entry!(scatter 128 fl_call_scatter128_typed = scatter128_generated::<Thread<128>>);
entry!(scatter 128 fl_call_scatter128_unchecked = scatter128_skilled::<false>);
entry!(scatter 128 fl_call_scatter128_floor = scatter128_floor);
entry!(scatter_ld 128 fl_call_scatter128_ld_generated = scatter128_ld_generated::<u32>);
entry!(scatter_ld 128 fl_call_scatter128_ld_skilled = scatter128_ld_skilled::<true>);
entry!(scatter_ld 128 fl_call_scatter128_ld_typed = scatter128_ld_generated::<Thread<128>>);
entry!(scatter_ld 128 fl_call_scatter128_ld_unchecked = scatter128_ld_skilled::<false>);
entry!(scatter_vec 4 fl_call_scatter4_vec_generated = scatter4_vec_generated::<u32>);
entry!(scatter_vec 4 fl_call_scatter4_vec_skilled = scatter4_vec_skilled::<true>);
entry!(scatter_vec 4 fl_call_scatter4_vec_typed = scatter4_vec_generated::<Lane>);
entry!(scatter_vec 4 fl_call_scatter4_vec_unchecked = scatter4_vec_skilled::<false>);
entry!(scatter_vec_ld 4 fl_call_scatter4_vec_ld_generated = scatter4_vec_ld_generated::<u32>);
entry!(scatter_vec_ld 4 fl_call_scatter4_vec_ld_skilled = scatter4_vec_ld_skilled::<true>);
entry!(scatter_vec_ld 4 fl_call_scatter4_vec_ld_typed = scatter4_vec_ld_generated::<Lane>);
entry!(scatter_vec_ld 4 fl_call_scatter4_vec_ld_unchecked = scatter4_vec_ld_skilled::<false>);
entry!(scatter_ld 4 fl_call_scatter4_swizzle_ld_generated = scatter4_swizzle_ld_generated::<u32>);
entry!(scatter_ld 4 fl_call_scatter4_swizzle_ld_skilled = scatter4_swizzle_ld_skilled::<true>);
entry!(scatter_ld 4 fl_call_scatter4_swizzle_ld_typed = scatter4_swizzle_ld_generated::<Lane>);
entry!(scatter_ld 4 fl_call_scatter4_swizzle_ld_unchecked = scatter4_swizzle_ld_skilled::<false>);
entry!(scatter_vec_ld 4 fl_call_scatter4_axpy_ld_generated = scatter4_axpy_ld_generated::<u32>);
entry!(scatter_vec_ld 4 fl_call_scatter4_axpy_ld_skilled = scatter4_axpy_ld_skilled::<true>);
entry!(scatter_vec_ld 4 fl_call_scatter4_axpy_ld_typed = scatter4_axpy_ld_generated::<Lane>);
entry!(scatter_vec_ld 4 fl_call_scatter4_axpy_ld_unchecked = scatter4_axpy_ld_skilled::<false>);
entry!(scatter_vec 128 fl_call_scatter128_vec_generated = scatter128_vec_generated::<u32>);
entry!(scatter_vec 128 fl_call_scatter128_vec_skilled = scatter128_vec_skilled::<true>);
entry!(scatter_vec 128 fl_call_scatter128_vec_typed = scatter128_vec_generated::<Thread<128>>);
entry!(scatter_vec 128 fl_call_scatter128_vec_unchecked = scatter128_vec_skilled::<false>);
entry!(scatter_bounds 4 fl_call_scatter4_bounds_generated = scatter4_bounds_generated::<u32>);
entry!(scatter_bounds 4 fl_call_scatter4_bounds_skilled = scatter4_bounds_skilled::<true>);
entry!(scatter_bounds 4 fl_call_scatter4_bounds_typed = scatter4_bounds_generated::<Lane>);
entry!(scatter_bounds 4 fl_call_scatter4_bounds_unchecked = scatter4_bounds_skilled::<false>);
entry!(scatter_bounds_ptr 4 fl_call_scatter4_ptr_bounds_generated = scatter4_ptr_bounds_generated::<u32>);
entry!(scatter_bounds_ptr 4 fl_call_scatter4_ptr_bounds_skilled = scatter4_ptr_bounds_skilled::<true>);
entry!(scatter_bounds_ptr 4 fl_call_scatter4_ptr_bounds_typed = scatter4_ptr_bounds_generated::<Lane>);
entry!(scatter_bounds_ptr 4 fl_call_scatter4_ptr_bounds_unchecked = scatter4_ptr_bounds_skilled::<false>);
entry!(scatter_bounds 128 fl_call_scatter128_bounds_generated = scatter128_bounds_generated::<u32>);
entry!(scatter_bounds 128 fl_call_scatter128_bounds_skilled = scatter128_bounds_skilled::<true>);
entry!(scatter_bounds 128 fl_call_scatter128_bounds_typed = scatter128_bounds_generated::<Thread<128>>);
entry!(scatter_bounds 128 fl_call_scatter128_bounds_unchecked = scatter128_bounds_skilled::<false>);
entry!(gather f32, 128 fl_call_gather128_generated = gather128_generated::<u32>);
entry!(gather f32, 128 fl_call_gather128_skilled = gather128_skilled::<true>);
entry!(gather f32, 128 fl_call_gather128_typed = gather128_generated::<Thread<128>>);
entry!(gather f32, 128 fl_call_gather128_unchecked = gather128_skilled::<false>);
entry!(gather f32, 128 fl_call_gather128_floor = gather128_floor);
entry!(gather_ld f32, 128 fl_call_gather128_ld_generated = gather128_ld_generated::<u32>);
entry!(gather_ld f32, 128 fl_call_gather128_ld_skilled = gather128_ld_skilled::<true>);
entry!(gather_ld f32, 128 fl_call_gather128_ld_typed = gather128_ld_generated::<Thread<128>>);
entry!(gather_ld f32, 128 fl_call_gather128_ld_unchecked = gather128_ld_skilled::<false>);
entry!(scatter_ld 128 fl_call_scatter128_ld_unpaired = scatter128_ld_unpaired::<u32>);

/// Every case, in the order of the table in docs/PERFORMANCE.md: each with the generated code
/// and the skilled code for an integer thread index (both check it) and for one whose type
/// carries its range (`Lane`, `Thread<128>`: `typed`, against `unchecked`, which checks nothing).
pub const CASES: &[Case] = &[
    Case {
        name: "scatter4",
        threads: 32,
        versions: &[
            ("generated", Entry::S4(fl_call_scatter4_generated)),
            ("skilled", Entry::S4(fl_call_scatter4_skilled)),
            ("typed", Entry::S4(fl_call_scatter4_typed)),
            ("unchecked", Entry::S4(fl_call_scatter4_unchecked)),
            ("floor", Entry::S4(fl_call_scatter4_floor)),
        ],
    },
    Case {
        name: "scatter4_ld",
        threads: 32,
        versions: &[
            ("generated", Entry::S4(fl_call_scatter4_ld_generated)),
            ("skilled", Entry::S4(fl_call_scatter4_ld_skilled)),
            ("typed", Entry::S4(fl_call_scatter4_ld_typed)),
            ("unchecked", Entry::S4(fl_call_scatter4_ld_unchecked)),
        ],
    },
    Case {
        name: "gather4",
        threads: 32,
        versions: &[
            ("generated", Entry::G4(fl_call_gather4_generated)),
            ("skilled", Entry::G4(fl_call_gather4_skilled)),
            ("typed", Entry::G4(fl_call_gather4_typed)),
            ("unchecked", Entry::G4(fl_call_gather4_unchecked)),
            ("floor", Entry::G4(fl_call_gather4_floor)),
        ],
    },
    Case {
        name: "gather4_ld",
        threads: 32,
        versions: &[
            ("generated", Entry::G4(fl_call_gather4_ld_generated)),
            ("skilled", Entry::G4(fl_call_gather4_ld_skilled)),
            ("typed", Entry::G4(fl_call_gather4_ld_typed)),
            ("unchecked", Entry::G4(fl_call_gather4_ld_unchecked)),
        ],
    },
    Case {
        name: "gather8",
        threads: 32,
        versions: &[
            ("generated", Entry::G8(fl_call_gather8_generated)),
            ("skilled", Entry::G8(fl_call_gather8_skilled)),
            ("typed", Entry::G8(fl_call_gather8_typed)),
            ("unchecked", Entry::G8(fl_call_gather8_unchecked)),
            ("floor", Entry::G8(fl_call_gather8_floor)),
        ],
    },
    Case {
        name: "gather8_ld",
        threads: 32,
        versions: &[
            ("generated", Entry::G8(fl_call_gather8_ld_generated)),
            ("skilled", Entry::G8(fl_call_gather8_ld_skilled)),
            ("typed", Entry::G8(fl_call_gather8_ld_typed)),
            ("unchecked", Entry::G8(fl_call_gather8_ld_unchecked)),
        ],
    },
    Case {
        name: "scatter128",
        threads: 128,
        versions: &[
            ("generated", Entry::S128(fl_call_scatter128_generated)),
            ("skilled", Entry::S128(fl_call_scatter128_skilled)),
            ("typed", Entry::S128(fl_call_scatter128_typed)),
            ("unchecked", Entry::S128(fl_call_scatter128_unchecked)),
            ("floor", Entry::S128(fl_call_scatter128_floor)),
        ],
    },
    Case {
        name: "scatter128_ld",
        threads: 128,
        versions: &[
            ("generated", Entry::S128(fl_call_scatter128_ld_generated)),
            ("skilled", Entry::S128(fl_call_scatter128_ld_skilled)),
            ("typed", Entry::S128(fl_call_scatter128_ld_typed)),
            ("unchecked", Entry::S128(fl_call_scatter128_ld_unchecked)),
        ],
    },
    Case {
        name: "scatter4_vec",
        threads: 32,
        versions: &[
            ("generated", Entry::S4(fl_call_scatter4_vec_generated)),
            ("skilled", Entry::S4(fl_call_scatter4_vec_skilled)),
            ("typed", Entry::S4(fl_call_scatter4_vec_typed)),
            ("unchecked", Entry::S4(fl_call_scatter4_vec_unchecked)),
        ],
    },
    Case {
        name: "scatter4_vec_ld",
        threads: 32,
        versions: &[
            ("generated", Entry::S4(fl_call_scatter4_vec_ld_generated)),
            ("skilled", Entry::S4(fl_call_scatter4_vec_ld_skilled)),
            ("typed", Entry::S4(fl_call_scatter4_vec_ld_typed)),
            ("unchecked", Entry::S4(fl_call_scatter4_vec_ld_unchecked)),
        ],
    },
    Case {
        name: "scatter4_swizzle_ld",
        threads: 32,
        versions: &[
            (
                "generated",
                Entry::S4(fl_call_scatter4_swizzle_ld_generated),
            ),
            ("skilled", Entry::S4(fl_call_scatter4_swizzle_ld_skilled)),
            ("typed", Entry::S4(fl_call_scatter4_swizzle_ld_typed)),
            (
                "unchecked",
                Entry::S4(fl_call_scatter4_swizzle_ld_unchecked),
            ),
        ],
    },
    Case {
        name: "scatter4_axpy_ld",
        threads: 32,
        versions: &[
            ("generated", Entry::S4(fl_call_scatter4_axpy_ld_generated)),
            ("skilled", Entry::S4(fl_call_scatter4_axpy_ld_skilled)),
            ("typed", Entry::S4(fl_call_scatter4_axpy_ld_typed)),
            ("unchecked", Entry::S4(fl_call_scatter4_axpy_ld_unchecked)),
        ],
    },
    Case {
        name: "scatter128_vec",
        threads: 128,
        versions: &[
            ("generated", Entry::S128(fl_call_scatter128_vec_generated)),
            ("skilled", Entry::S128(fl_call_scatter128_vec_skilled)),
            ("typed", Entry::S128(fl_call_scatter128_vec_typed)),
            ("unchecked", Entry::S128(fl_call_scatter128_vec_unchecked)),
        ],
    },
    Case {
        name: "scatter4_bounds",
        threads: 32,
        versions: &[
            (
                "generated",
                Entry::SB4(fl_call_scatter4_bounds_generated, 16, 8),
            ),
            (
                "skilled",
                Entry::SB4(fl_call_scatter4_bounds_skilled, 16, 8),
            ),
            ("typed", Entry::SB4(fl_call_scatter4_bounds_typed, 16, 8)),
            (
                "unchecked",
                Entry::SB4(fl_call_scatter4_bounds_unchecked, 16, 8),
            ),
        ],
    },
    Case {
        name: "scatter4_bounds_partial",
        threads: 32,
        versions: &[
            (
                "generated",
                Entry::SB4(fl_call_scatter4_bounds_generated, 9, 5),
            ),
            ("skilled", Entry::SB4(fl_call_scatter4_bounds_skilled, 9, 5)),
            ("typed", Entry::SB4(fl_call_scatter4_bounds_typed, 9, 5)),
            (
                "unchecked",
                Entry::SB4(fl_call_scatter4_bounds_unchecked, 9, 5),
            ),
        ],
    },
    Case {
        name: "scatter4_ptr_bounds",
        threads: 32,
        versions: &[
            (
                "generated",
                Entry::SB4(fl_call_scatter4_ptr_bounds_generated, 16, 8),
            ),
            (
                "skilled",
                Entry::SB4(fl_call_scatter4_ptr_bounds_skilled, 16, 8),
            ),
            (
                "typed",
                Entry::SB4(fl_call_scatter4_ptr_bounds_typed, 16, 8),
            ),
            (
                "unchecked",
                Entry::SB4(fl_call_scatter4_ptr_bounds_unchecked, 16, 8),
            ),
        ],
    },
    Case {
        name: "scatter4_ptr_bounds_partial",
        threads: 32,
        versions: &[
            (
                "generated",
                Entry::SB4(fl_call_scatter4_ptr_bounds_generated, 9, 5),
            ),
            (
                "skilled",
                Entry::SB4(fl_call_scatter4_ptr_bounds_skilled, 9, 5),
            ),
            ("typed", Entry::SB4(fl_call_scatter4_ptr_bounds_typed, 9, 5)),
            (
                "unchecked",
                Entry::SB4(fl_call_scatter4_ptr_bounds_unchecked, 9, 5),
            ),
        ],
    },
    Case {
        name: "scatter128_bounds",
        threads: 128,
        versions: &[
            (
                "generated",
                Entry::SB128(fl_call_scatter128_bounds_generated, 64, 256),
            ),
            (
                "skilled",
                Entry::SB128(fl_call_scatter128_bounds_skilled, 64, 256),
            ),
            (
                "typed",
                Entry::SB128(fl_call_scatter128_bounds_typed, 64, 256),
            ),
            (
                "unchecked",
                Entry::SB128(fl_call_scatter128_bounds_unchecked, 64, 256),
            ),
        ],
    },
    Case {
        name: "scatter128_bounds_partial",
        threads: 128,
        versions: &[
            (
                "generated",
                Entry::SB128(fl_call_scatter128_bounds_generated, 40, 100),
            ),
            (
                "skilled",
                Entry::SB128(fl_call_scatter128_bounds_skilled, 40, 100),
            ),
            (
                "typed",
                Entry::SB128(fl_call_scatter128_bounds_typed, 40, 100),
            ),
            (
                "unchecked",
                Entry::SB128(fl_call_scatter128_bounds_unchecked, 40, 100),
            ),
        ],
    },
    Case {
        name: "gather128",
        threads: 128,
        versions: &[
            ("generated", Entry::G128(fl_call_gather128_generated)),
            ("skilled", Entry::G128(fl_call_gather128_skilled)),
            ("typed", Entry::G128(fl_call_gather128_typed)),
            ("unchecked", Entry::G128(fl_call_gather128_unchecked)),
            ("floor", Entry::G128(fl_call_gather128_floor)),
        ],
    },
    Case {
        name: "gather128_ld",
        threads: 128,
        versions: &[
            ("generated", Entry::G128(fl_call_gather128_ld_generated)),
            ("skilled", Entry::G128(fl_call_gather128_ld_skilled)),
            ("typed", Entry::G128(fl_call_gather128_ld_typed)),
            ("unchecked", Entry::G128(fl_call_gather128_ld_unchecked)),
        ],
    },
];

/// Every case of every module, in the order of the table in docs/PERFORMANCE.md: the cases
/// above, then those of other modules (`Entry::Other`).
pub fn cases() -> impl Iterator<Item = &'static Case> {
    CASES
        .iter()
        .chain(crate::calls_smem::CASES)
        .chain(crate::calls_convert::CASES)
}

/// The case named `name`.
pub fn case(name: &str) -> Option<&'static Case> {
    cases().find(|c| c.name == name)
}

/// The measured function of `version` of case `case`, `fl_call_CASE_VERSION`: a `_partial`
/// case calls its whole-tile case's function, with another extent (one function each, so that
/// each version is inlined into its entry point as the other cases' are).
pub fn symbol(case: &str, version: &str) -> String {
    let case = case.strip_suffix("_partial").unwrap_or(case);
    format!("fl_call_{case}_{version}")
}

/// The matrix every call works on: `CALL_ROWS` rows of stride [`CLD`], element `i` is `i`.
pub fn call_matrix() -> Vec<f32> {
    (0..CALL_ROWS * CLD).map(|i| i as f32).collect()
}

/// Runs `entry` for `calls` calls, the thread cycling over `threads`, every input through
/// `black_box`; a checksum of what it wrote or read.
pub fn run_calls(entry: Entry, threads: u32, calls: u32) -> f64 {
    use core::hint::black_box;
    let mut d = call_matrix();
    let a16: Vec<u16> = (0..CALL_ROWS * CLD).map(|i| i as u16).collect();
    let acc4 = [1.0, 2.0, 3.0, 4.0];
    let acc128: [f32; 128] = core::array::from_fn(|i| i as f32);
    let mut sum = 0.0;
    for k in 0..calls {
        let t = black_box(k % threads);
        let (o, ld) = (black_box(0), black_box(CLD));
        match entry {
            Entry::S4(f) => f(t, black_box(&acc4), black_box(&mut d), o, ld),
            Entry::S128(f) => f(t, black_box(&acc128), black_box(&mut d), o, ld),
            Entry::SB4(f, rows, cols) => f(
                t,
                black_box(&acc4),
                black_box(&mut d),
                o,
                ld,
                black_box(rows),
                black_box(cols),
            ),
            Entry::SB128(f, rows, cols) => f(
                t,
                black_box(&acc128),
                black_box(&mut d),
                o,
                ld,
                black_box(rows),
                black_box(cols),
            ),
            Entry::G4(f) => sum += black_box(f(t, black_box(&d), o, ld)).iter().sum::<f32>() as f64,
            Entry::G8(f) => {
                sum += black_box(f(t, black_box(&a16), o, ld))
                    .iter()
                    .map(|&x| x as f64)
                    .sum::<f64>()
            }
            Entry::G128(f) => {
                sum += black_box(f(t, black_box(&d), o, ld)).iter().sum::<f32>() as f64
            }
            Entry::Other(run) => sum += run(t),
        }
    }
    sum + d.iter().map(|&x| x as f64).sum::<f64>()
}
