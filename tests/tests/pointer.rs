//! Bodies through a raw pointer, `*(d.add(row * ld + col) as *mut [T; N]) = values`, as GPU
//! kernels write them: for a catalog layout the macro writes them as straight-line code, the
//! base index once and each call's index as the base plus a literal offset
//! (`layout-codegen/src/fragment/pointer.rs`; `layout-codegen/tests/pointer.rs` checks that
//! these bodies take that path). Here every thread of each layout runs them into a buffer:
//! every element lands where the numeral's coordinates say, and nothing else is written.

use layout_core::catalog::{SM80_16x8x16_F32_C, SM90_64x16x16_F32_C, SM90_64x256x16_F32_C};
use layout_core::Numeral;
use layout_macros::fragment_layout;

use crate::generated::{assert_codes_land, code};

/// A row stride wider than any tile here, so a wrong row shows as a wrong cell.
const LD: usize = 264;

/// # Safety
/// `d` holds the tile at row stride `ld` (even) and is aligned to 2 elements.
#[fragment_layout(SM80_16x8x16_F32_C, vector = 2)]
unsafe fn mma_vec(lane: u32, acc: &[u32; 4], d: *mut u32, ld: usize) {
    |row, col, values| unsafe { *(d.add(row * ld + col) as *mut [u32; 2]) = values }
}

/// # Safety
/// As [`mma_vec`].
#[fragment_layout(SM90_64x16x16_F32_C, vector = 2)]
unsafe fn wg16_vec(t: u32, acc: &[u32; 8], d: *mut u32, ld: usize) {
    |row, col, values| unsafe { *(d.add(row * ld + col) as *mut [u32; 2]) = values }
}

/// # Safety
/// `d` holds the tile at row stride [`LD`].
#[fragment_layout(SM90_64x256x16_F32_C, vector = 2)]
unsafe fn wg256_vec(t: u32, acc: &[u32; 128], d: *mut u32) {
    |row, col, values| unsafe { *(d.add(LD * row + col) as *mut [u32; 2]) = values }
}

/// One element a call, the stored value its row (the coordinates bound per call).
///
/// # Safety
/// `d` holds the tile at row stride `ld`.
#[fragment_layout(SM90_64x16x16_F32_C)]
unsafe fn wg16_rows(t: u32, acc: &[u32; 8], d: *mut u32, ld: usize) {
    |row, col, _v| unsafe { *d.add(col + row * ld) = row as u32 }
}

/// As [`wg16_rows`], the stored value its column.
///
/// # Safety
/// As [`wg16_rows`].
#[fragment_layout(SM90_64x16x16_F32_C)]
unsafe fn wg16_cols(t: u32, acc: &[u32; 8], d: *mut u32, ld: usize) {
    |row, col, _v| unsafe { *d.add(col + row * ld) = col as u32 }
}

/// Through a slice without bounds checks, as a kernel written with `get_unchecked_mut` does.
///
/// # Safety
/// `d` holds the tile at row stride `ld`.
#[fragment_layout(SM90_64x16x16_F32_C)]
unsafe fn wg16_unchecked(t: u32, acc: &[u32; 8], d: &mut [u32], ld: usize) {
    |row, col, value| unsafe { *d.get_unchecked_mut(row * ld + col) = value }
}

/// # Safety
/// `d` holds the tile at row stride `ld` (even) and is aligned to 2 elements.
#[fragment_layout(SM90_64x16x16_F32_C, gather, vector = 2)]
unsafe fn wg16_load(t: u32, d: *const u32, ld: usize) -> [u32; 8] {
    |row, col| unsafe { *(d.add(row * ld + col) as *const [u32; 2]) }
}

/// `align = 8`: the scalar body's pairs move as one 8-byte access each.
///
/// # Safety
/// `d` holds the tile at row stride `ld` (even) and is aligned to 8 bytes.
#[fragment_layout(SM80_16x8x16_F32_C, align = 8)]
unsafe fn mma_aligned(lane: u32, acc: &[u32; 4], d: *mut u32, ld: usize) {
    |row, col, value| unsafe { *d.add(row * ld + col) = value }
}

/// # Safety
/// As [`mma_aligned`].
#[fragment_layout(SM90_64x256x16_F32_C, align = 8)]
unsafe fn wg256_aligned(t: u32, acc: &[u32; 128], d: *mut u32, ld: usize) {
    |row, col, value| unsafe { d.add(col + row * ld).write(value) }
}

/// # Safety
/// As [`mma_aligned`], for reads.
#[fragment_layout(SM90_64x16x16_F32_C, gather, align = 8)]
unsafe fn wg16_aligned_load(t: u32, d: *const u32, ld: usize) -> [u32; 8] {
    |row, col| unsafe { *d.add(row * ld + col) }
}

/// A scatter of `E` codes through a raw pointer: `(thread, fragment, matrix, ld)`.
type Store<const E: usize> = unsafe fn(u32, &[u32; E], *mut u32, usize);

/// Every thread of `n` (and one past them) stores its codes through `store` into a matrix of
/// row stride [`LD`] (a `Vec<u64>` underneath, so the pointer is aligned for `[u32; 2]`).
fn check<const E: usize>(n: &Numeral, store: Store<E>) {
    let mut words = vec![0u64; n.rows as usize * LD / 2];
    let d = words.as_mut_ptr() as *mut u32;
    for t in 0..=n.threads() {
        let frag: [u32; E] = core::array::from_fn(|e| code(t, e as u32));
        // SAFETY: the matrix holds the tile at stride `LD` (even), aligned to 8 bytes; a
        // thread outside the layout writes nothing.
        unsafe { store(t, &frag, d, LD) };
    }
    // SAFETY: `words` is `rows * LD` initialized `u32`s.
    let out = unsafe { core::slice::from_raw_parts(d, n.rows as usize * LD) };
    assert_codes_land(n, out, LD, E);
}

#[test]
fn vector_stores_through_a_pointer_land_where_the_numeral_puts_them() {
    check(&SM80_16x8x16_F32_C, mma_vec);
    check(&SM90_64x16x16_F32_C, wg16_vec);
    // SAFETY (of the wrapper): as `wg256_vec`, whose stride is `LD`.
    check(&SM90_64x256x16_F32_C, |t, acc, d, _| unsafe {
        wg256_vec(t, acc, d)
    });
}

#[test]
fn aligned_pairs_land_where_the_numeral_puts_them() {
    check(&SM80_16x8x16_F32_C, mma_aligned);
    check(&SM90_64x256x16_F32_C, wg256_aligned);
}

#[test]
#[cfg_attr(
    debug_assertions,
    should_panic(expected = "`align = 8`: the thread's first element is at")
)]
fn a_base_off_the_declared_alignment_fails_in_a_debug_build() {
    let mut words = vec![0u64; 16 * LD / 2 + 1];
    // One `u32` past an 8-byte boundary: 4-aligned only.
    let d = (words.as_mut_ptr() as *mut u32).wrapping_add(1);
    if cfg!(debug_assertions) {
        // SAFETY: the tile fits; the check fails before any access.
        unsafe { mma_aligned(0, &[1; 4], d, LD) };
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    should_panic(expected = "`align = 8`: the row stride, 263 elements, is not a multiple of 2")
)]
fn a_stride_off_the_declared_alignment_fails_in_a_debug_build() {
    let mut words = vec![0u64; 16 * LD];
    if cfg!(debug_assertions) {
        // SAFETY: the tile fits at stride `LD - 1`; the check fails before any access.
        unsafe { mma_aligned(0, &[1; 4], words.as_mut_ptr() as *mut u32, LD - 1) };
    }
}

#[test]
fn aligned_loads_read_where_the_numeral_puts_them() {
    let n = &SM90_64x16x16_F32_C;
    let cells = n.rows as usize * LD;
    let mut words = vec![0u64; cells / 2];
    let d = words.as_mut_ptr() as *mut u32;
    // SAFETY: `words` holds `cells` `u32`s; cell `i` holds `i + 1`.
    unsafe { core::slice::from_raw_parts_mut(d, cells) }
        .iter_mut()
        .enumerate()
        .for_each(|(i, v)| *v = i as u32 + 1);
    for t in 0..n.threads() {
        // SAFETY: the matrix holds the tile at stride `LD`, aligned to 8 bytes.
        let got = unsafe { wg16_aligned_load(t, d, LD) };
        for (e, v) in got.iter().enumerate() {
            let (row, col) = n.coords(t, e as u32).unwrap();
            assert_eq!(*v, (row as usize * LD + col as usize) as u32 + 1, "{t} {e}");
        }
    }
}

#[test]
fn a_stored_value_reading_row_or_col_gets_each_call_s_own() {
    let n = &SM90_64x16x16_F32_C;
    for (store, side) in [(wg16_rows as Store<8>, 0), (wg16_cols, 1)] {
        let mut out = vec![u32::MAX; n.rows as usize * LD];
        for t in 0..n.threads() {
            // SAFETY: `out` holds the tile at stride `LD`.
            unsafe { store(t, &[0; 8], out.as_mut_ptr(), LD) };
        }
        for t in 0..n.threads() {
            for e in 0..8 {
                let (row, col) = n.coords(t, e).unwrap();
                let want = [row, col][side];
                assert_eq!(out[row as usize * LD + col as usize], want, "{t} {e}");
            }
        }
        assert_eq!(out.iter().filter(|&&v| v != u32::MAX).count(), 128 * 8);
    }
}

#[test]
fn vector_loads_through_a_pointer_read_where_the_numeral_puts_them() {
    let n = &SM90_64x16x16_F32_C;
    let cells = n.rows as usize * LD;
    let mut words = vec![0u64; cells / 2];
    let d = words.as_mut_ptr() as *mut u32;
    // SAFETY: `words` holds `cells` `u32`s; cell `i` holds `i + 1`.
    unsafe { core::slice::from_raw_parts_mut(d, cells) }
        .iter_mut()
        .enumerate()
        .for_each(|(i, v)| *v = i as u32 + 1);
    let d = d as *const u32;
    for t in 0..n.threads() {
        // SAFETY: the matrix holds the tile at stride `LD`, aligned to 8 bytes.
        let got = unsafe { wg16_load(t, d, LD) };
        for (e, v) in got.iter().enumerate() {
            let (row, col) = n.coords(t, e as u32).unwrap();
            let want = (row as usize * LD + col as usize) as u32 + 1;
            assert_eq!(*v, want, "{t} {e}");
        }
    }
    // SAFETY: a thread outside the layout reads nothing.
    assert_eq!(unsafe { wg16_load(n.threads(), d, LD) }, [0; 8]);
}

#[test]
fn get_unchecked_mut_on_a_slice_lands_where_the_numeral_puts_it() {
    let n = &SM90_64x16x16_F32_C;
    let mut out = vec![0u32; 64 * LD];
    for t in 0..n.threads() {
        let acc: [u32; 8] = core::array::from_fn(|e| code(t, e as u32));
        // SAFETY: `out` holds the tile at row stride `LD`.
        unsafe { wg16_unchecked(t, &acc, &mut out, LD) };
    }
    assert_codes_land(n, &out, LD, 8);
}

/// `align = 8` with `bounds`: the whole tile's pairs move whole, a partial tile's where both
/// elements are inside, a cut pair's inside element alone.
///
/// # Safety
/// `d` holds the tile at row stride `ld` (even) and is aligned to 8 bytes.
#[fragment_layout(SM80_16x8x16_F32_C, bounds(m, n), align = 8)]
unsafe fn mma_aligned_edge(lane: u32, acc: &[u32; 4], d: *mut u32, ld: usize, m: usize, n: usize) {
    |row, col, value| unsafe { *d.add(row * ld + col) = value }
}

/// # Safety
/// As [`mma_aligned_edge`], for reads.
#[fragment_layout(SM80_16x8x16_F32_C, gather, bounds(m, n), fill = 7, align = 8)]
unsafe fn mma_aligned_edge_load(
    lane: u32,
    d: *const u32,
    ld: usize,
    m: usize,
    n: usize,
) -> [u32; 4] {
    |row, col| unsafe { *d.add(row * ld + col) }
}

#[test]
fn aligned_pairs_with_bounds_move_exactly_the_cells_inside() {
    let n = &SM80_16x8x16_F32_C;
    for (m, cols) in (0..=17).flat_map(|m| (0..=9).map(move |c| (m, c))) {
        let mut words = vec![0u64; 16 * LD / 2];
        let d = words.as_mut_ptr() as *mut u32;
        for t in 0..=n.threads() {
            let frag: [u32; 4] = core::array::from_fn(|e| code(t, e as u32));
            // SAFETY: the matrix holds the tile at stride `LD` (even), aligned to 8 bytes.
            unsafe { mma_aligned_edge(t, &frag, d, LD, m, cols) };
        }
        // SAFETY: `words` is `16 * LD` initialized `u32`s.
        let out = unsafe { core::slice::from_raw_parts(d, 16 * LD) };
        let written = out.iter().filter(|&&v| v != 0).count();
        assert_eq!(written, m.min(16) * cols.min(8), "{m} x {cols}");
        for t in 0..n.threads() {
            // SAFETY: as above.
            let got = unsafe { mma_aligned_edge_load(t, d, LD, m, cols) };
            for e in 0..4 {
                let (r, c) = n.coords(t, e).unwrap();
                let inside = (r as usize) < m && (c as usize) < cols;
                let at = r as usize * LD + c as usize;
                let (stored, read) = match inside {
                    true => (code(t, e), code(t, e)),
                    false => (0, 7),
                };
                assert_eq!(out[at], stored, "{m} x {cols}: thread {t} element {e}");
                assert_eq!(
                    got[e as usize], read,
                    "{m} x {cols}: thread {t} element {e}"
                );
            }
        }
    }
}

/// A thread whose corner is outside the extent computes no index, as the closure: a stride
/// whose rows past the first overflow `usize` panics nowhere, in a debug build too.
#[test]
fn a_thread_outside_the_extent_computes_no_index() {
    let mut words = vec![0u64; LD];
    let d = words.as_mut_ptr() as *mut u32;
    let ld = (usize::MAX / 4) & !1;
    for t in 0..32 {
        // SAFETY: one row inside (`m = 1`): threads 0 to 3 store at `d + col`, col < 8.
        unsafe { mma_aligned_edge(t, &[1; 4], d, ld, 1, 8) };
    }
    // SAFETY: `words` is `2 * LD` initialized `u32`s.
    let out = unsafe { core::slice::from_raw_parts(d, 8) };
    assert_eq!(out, &[1; 8]);
}

/// Where the corner is inside, a debug build computes the thread's base index with the body's
/// own operators, and panics on its overflow as the closure's index would.
#[test]
#[cfg_attr(
    debug_assertions,
    should_panic(expected = "attempt to multiply with overflow")
)]
fn an_index_inside_the_extent_overflows_as_the_closure_s_in_a_debug_build() {
    let mut words = vec![0u64; LD];
    if cfg!(debug_assertions) {
        // SAFETY: thread 20 (row 5) computes `5 * ld`, which overflows before any access.
        let d = words.as_mut_ptr() as *mut u32;
        unsafe { mma_aligned_edge(20, &[1; 4], d, (usize::MAX / 4) & !1, 16, 8) };
    }
}
