//! Tiles of many swizzle atoms ([`AtomOrder`]): offsets against the formulas of CuTe's
//! `tile_to_shape` and of the slab order (DeepGEMM, Triton, ThunderKittens), transcribed here
//! on byte addresses from their sources, and every accepted grid a bijection onto its span.

use layout_core::shared::{AtomOrder, SharedError, SharedLayout, SwizzleMode};

use super::bijection::injective_onto_span;
use super::Rng;

/// The modes' byte swizzle, `o ^ (((o >> 7) & (S / 16 - 1)) << 4)` for `S`-byte atom lines.
fn swz(o: u64, s: u64) -> u64 {
    o ^ (((o >> 7) & (s / 16 - 1)) << 4)
}

/// CuTe, `tile_to_shape(Layout_K_SW*_Atom<T>, (MN, K))`: atoms of 8 (MN) x E (K), repeated
/// along MN first. `A = 8 S` bytes an atom.
fn cute_k_major(mn: u64, k: u64, mn_extent: u64, e: u64, s: u64) -> u64 {
    let (big_e, a) = (s / e, 8 * s);
    swz(
        a * (mn / 8 + (mn_extent / 8) * (k / big_e)) + s * (mn % 8) + e * (k % big_e),
        s,
    )
}

/// CuTe, `tile_to_shape(Layout_MN_SW*_Atom<T>, (MN, K))`: atoms of E (MN) x 8 (K), repeated
/// along MN first.
fn cute_mn_major(mn: u64, k: u64, mn_extent: u64, e: u64, s: u64) -> u64 {
    let (big_e, a) = (s / e, 8 * s);
    swz(
        a * (mn / big_e + (mn_extent / big_e) * (k / 8)) + s * (k % 8) + e * (mn % big_e),
        s,
    )
}

/// The slab order: an `OUTER x INNER` tile (INNER contiguous) as `INNER / E` slabs of
/// `OUTER x S` bytes, one TMA box each.
fn slab(outer: u64, inner: u64, outer_extent: u64, e: u64, s: u64) -> u64 {
    let big_e = s / e;
    swz(
        (inner / big_e) * (outer_extent * s) + s * outer + e * (inner % big_e),
        s,
    )
}

const MODES: [SwizzleMode; 3] = [SwizzleMode::B32, SwizzleMode::B64, SwizzleMode::B128];

fn bytes_of(l: &SharedLayout, row: u32, col: u32) -> u64 {
    l.byte_offset(row, col).expect("inside the tile") as u64
}

#[test]
fn the_worked_tiles_are_one_line_each() {
    // 64 x 256 f32 epilogue tile, 128-byte swizzle: 8 slabs of 8 KiB.
    let c = SharedLayout::hopper(64, 256, 4, SwizzleMode::B128);
    assert_eq!(c.check(), Ok(()));
    assert_eq!((c.atoms_along(), c.span_bytes()), (8, 65536));
    for (r, col) in [(0, 0), (1, 0), (5, 33), (63, 255), (17, 100)] {
        let want = 8192 * (col / 32) + swz(128 * r + 4 * (col % 32), 128);
        assert_eq!(bytes_of(&c, r as u32, col as u32), want, "({r}, {col})");
    }
    // 128 (M) x 64 (K) f16, K-major: one slab, 16 atoms down M.
    let a = SharedLayout::hopper(128, 64, 2, SwizzleMode::B128);
    assert!(!a.is_grid());
    // 128 (M) x 64 (K) f16, MN-major: M contiguous, so lines are the K columns.
    let mn = SharedLayout::hopper(128, 64, 2, SwizzleMode::B128).col_major();
    let bands = mn.with_order(AtomOrder::Bands);
    assert_eq!(
        (mn.atoms_along(), mn.check(), bands.check()),
        (2, Ok(()), Ok(()))
    );
    // Where they differ: element (m 64, k 0) is the second MN atom, 1024 bytes on in CuTe's
    // order, a whole slab (64 K lines of 128 bytes) on in the slab order.
    assert_eq!(bytes_of(&bands, 64, 0), 1024);
    assert_eq!(bytes_of(&mn, 64, 0), 8192);
}

#[test]
fn k_major_grids_are_cute_and_slabs_alike() {
    for mode in MODES {
        for e in [1u64, 2, 4] {
            let s = mode.bytes() as u64;
            let big_e = s / e;
            for (mn_n, k_n) in [(8u64, 2u64), (64, 2), (128, 4), (16, 1)] {
                let (rows, cols) = (mn_n as u32, (big_e * k_n) as u32);
                let l = SharedLayout::hopper(rows, cols, e as u32, mode);
                assert_eq!(l.check(), Ok(()), "{l}");
                for r in 0..rows as u64 {
                    for c in 0..cols as u64 {
                        let got = bytes_of(&l, r as u32, c as u32);
                        assert_eq!(got, cute_k_major(r, c, rows as u64, e, s), "{l} ({r}, {c})");
                        assert_eq!(got, slab(r, c, rows as u64, e, s), "{l} ({r}, {c})");
                    }
                }
            }
        }
    }
}

#[test]
fn mn_major_grids_follow_cute_in_bands_and_the_slab_formula_in_slabs() {
    for mode in MODES {
        for e in [1u64, 2, 4] {
            let s = mode.bytes() as u64;
            let big_e = s / e;
            for (mn_atoms, k) in [(2u64, 64u64), (4, 16), (1, 8), (3, 24)] {
                // A operand M x K with M contiguous: lines are columns.
                let (rows, cols) = ((big_e * mn_atoms) as u32, k as u32);
                let slabs = SharedLayout::hopper(rows, cols, e as u32, mode).col_major();
                let bands = slabs.with_order(AtomOrder::Bands);
                for l in [slabs, bands] {
                    assert_eq!(l.check(), Ok(()), "{l}");
                }
                for m in 0..rows as u64 {
                    for kk in 0..k {
                        let (got_b, got_s) = (
                            bytes_of(&bands, m as u32, kk as u32),
                            bytes_of(&slabs, m as u32, kk as u32),
                        );
                        assert_eq!(
                            got_b,
                            cute_mn_major(m, kk, rows as u64, e, s),
                            "{bands} ({m}, {kk})"
                        );
                        assert_eq!(got_s, slab(kk, m, k, e, s), "{slabs} ({m}, {kk})");
                    }
                }
            }
        }
    }
}

#[test]
fn accepted_random_grids_are_bijections_onto_their_span() {
    let mut rng = Rng(29);
    let mut accepted = 0;
    for case in 0..400 {
        let e = rng.pick(&[1u32, 2, 4, 8]);
        let mode = rng.pick(&[
            SwizzleMode::None,
            SwizzleMode::B32,
            SwizzleMode::B64,
            SwizzleMode::B128,
        ]);
        let atom = (mode.bytes().max(16) / e).max(1);
        let lines = 8 * (1 + rng.below(4)) + if rng.below(5) == 0 { 4 } else { 0 };
        let len = atom * (1 + rng.below(4)) + if rng.below(5) == 0 { 1 } else { 0 };
        let mut l = if mode == SwizzleMode::None {
            SharedLayout::core_matrices(lines, len, e)
        } else {
            SharedLayout::hopper(lines, len, e, mode)
        };
        if rng.below(2) == 0 {
            l = SharedLayout::hopper(len, lines, e, mode).col_major();
            if mode == SwizzleMode::None {
                l = SharedLayout::core_matrices(len, lines, e).col_major();
            }
        }
        if rng.below(2) == 0 {
            l = l.with_order(AtomOrder::Bands);
        }
        match l.check() {
            Ok(()) => {
                accepted += 1;
                injective_onto_span(&l).unwrap_or_else(|m| panic!("case {case}, {l}: {m}"));
            }
            Err(err) => assert!(
                matches!(
                    err,
                    SharedError::AtomLines { .. }
                        | SharedError::AtomWidth { .. }
                        | SharedError::ModeLine { .. }
                        | SharedError::SwizzleBeyondTile { .. }
                ),
                "case {case}, {l}: {err}"
            ),
        }
    }
    assert!(accepted > 150, "{accepted} accepted");
}
