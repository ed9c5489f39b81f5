//! Partial tiles (`layout_core::bounds`), checked exhaustively for the `m16n8k16` A, B and C
//! numerals over every extent `0..=rows x 0..=cols`, against the PTX transcriptions in
//! `fraglayout_tests::ptx` (never against the numeral's own `is_inside`).

use std::collections::{HashMap, HashSet};

use fraglayout_tests::ptx;
use layout_core::bounds::{Coverage, Extent, MASK_BITS, WIDE_MASK_BITS};
use layout_core::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F32_C};
use layout_core::generated::{thread_part, ThreadTerm, MAX_THREAD_TERMS};
use layout_core::{Digit, MatrixAt, Numeral};

/// A PTX formula: `(lane, element) -> (row, col)`.
type Formula = fn(u32, u32) -> (u32, u32);

/// The numerals under test, each with its independent PTX transcription.
fn cases() -> [(Numeral<'static>, Formula); 3] {
    [
        (SM80_16x8x16_F16_A_ROW, ptx::m16n8k16_f16_a as Formula),
        (SM80_16x8x16_F16_B_COL, ptx::m16n8k16_f16_b as Formula),
        (SM80_16x8x16_F32_C, ptx::m16n8k16_c as Formula),
    ]
}

/// Every extent of the tile, `0..=rows x 0..=cols`.
fn extents(n: &Numeral) -> impl Iterator<Item = (u32, u32)> {
    let cols = n.cols;
    (0..=n.rows).flat_map(move |r| (0..=cols).map(move |c| (r, c)))
}

/// Brute force from the PTX formula: is `(lane, e)` inside the top-left `r x c`?
fn ptx_inside(f: Formula, lane: u32, e: u32, r: u32, c: u32) -> bool {
    let (row, col) = f(lane, e);
    row < r && col < c
}

/// Brute force from the PTX formula: the mask of `lane`.
fn ptx_mask(n: &Numeral, f: Formula, lane: u32, r: u32, c: u32) -> u128 {
    (0..n.elements)
        .filter(|&e| ptx_inside(f, lane, e, r, c))
        .fold(0, |m, e| m | 1 << e)
}

#[test]
fn inside_set_and_count_match_ptx_for_every_extent() {
    for (n, f) in cases() {
        assert_eq!(n.warps, 1, "{}: the PTX formulas are per lane", n.name);
        for (r, c) in extents(&n) {
            let ext = Extent::clamped(&n, r, c);
            assert_eq!(
                ext,
                Extent { rows: r, cols: c },
                "{}: in-tile extent kept",
                n.name
            );
            let expected: HashSet<(u32, u32)> = (0..32)
                .flat_map(|t| (0..n.elements).map(move |e| (t, e)))
                .filter(|&(t, e)| ptx_inside(f, t, e, r, c))
                .collect();
            // Also probe out-of-range threads and elements: they must never be inside.
            let actual: HashSet<(u32, u32)> = (0..64)
                .flat_map(|t| (0..n.elements + 3).map(move |e| (t, e)))
                .filter(|&(t, e)| n.is_inside(t, e, ext))
                .collect();
            assert_eq!(actual, expected, "{} extent {r}x{c}", n.name);
            assert_eq!(
                expected.len() as u32,
                r * c,
                "{} extent {r}x{c}: PTX side",
                n.name
            );
            assert_eq!(n.valid_count(ext), r * c, "{} extent {r}x{c}", n.name);
            assert_eq!(ext.is_whole(&n), r == n.rows && c == n.cols);
            assert_eq!(ext.is_empty(), r * c == 0);
        }
    }
}

/// Brute force from the PTX formula: how much of `lane`'s fragment is inside.
fn ptx_coverage(n: &Numeral, f: Formula, lane: u32, r: u32, c: u32) -> Coverage {
    let inside = (0..n.elements)
        .filter(|&e| ptx_inside(f, lane, e, r, c))
        .count();
    match inside {
        0 => Coverage::Empty,
        k if k == n.elements as usize => Coverage::Full,
        _ => Coverage::Partial,
    }
}

#[test]
fn masks_and_predicates_match_ptx() {
    for (n, f) in cases() {
        assert!(n.elements <= MASK_BITS, "{}: a u32 mask", n.name);
        let all = (1u128 << n.elements) - 1;
        let mut seen = HashSet::new();
        for (r, c) in extents(&n) {
            let ext = n.extent_clamped(r, c);
            for lane in 0..32 {
                let want = ptx_mask(&n, f, lane, r, c);
                let cov = ptx_coverage(&n, f, lane, r, c);
                seen.insert(cov);
                let at = format!("{} extent {r}x{c} lane {lane}", n.name);
                assert_eq!(n.valid_mask(lane, ext).map(u128::from), Some(want), "{at}");
                assert_eq!(n.valid_mask_wide(lane, ext), Some(want), "{at}");
                assert_eq!(n.coverage(lane, ext), Some(cov), "{at}");
                assert_eq!(n.all_inside(lane, ext), want == all, "{at}");
                assert_eq!(n.none_inside(lane, ext), want == 0, "{at}");
                assert_eq!(n.is_uniform(lane, ext), want == all || want == 0, "{at}");
            }
            for t in [32, 33, u32::MAX] {
                assert_eq!(
                    n.valid_mask(t, ext),
                    None,
                    "{}: thread out of range",
                    n.name
                );
                assert_eq!(n.valid_mask_wide(t, ext), None);
                assert_eq!(n.coverage(t, ext), None);
                assert!(!n.all_inside(t, ext) && !n.none_inside(t, ext) && !n.is_uniform(t, ext));
            }
        }
        // Every extent of the tile reaches all three kinds of lane, so each branch was tested.
        assert_eq!(seen.len(), 3, "{}: {seen:?}", n.name);
        // On the whole tile every lane is full; on an empty one every lane is empty.
        for lane in 0..32 {
            assert_eq!(
                n.valid_mask(lane, Extent::full(&n)).map(u128::from),
                Some(all)
            );
            assert_eq!(n.valid_mask(lane, Extent::EMPTY), Some(0));
            assert_eq!(n.coverage(lane, Extent::EMPTY), Some(Coverage::Empty));
            assert!(n.is_uniform(lane, Extent::EMPTY) && n.is_uniform(lane, Extent::full(&n)));
        }
    }
}

#[test]
fn extents_built_from_the_numeral_equal_the_associated_functions() {
    for (n, _) in cases() {
        for (r, c) in extents(&n) {
            for (dr, dc) in [(0, 0), (1, 0), (0, 5), (u32::MAX - r, u32::MAX - c)] {
                let (rr, cc) = (r + dr, c + dc);
                assert_eq!(n.extent_clamped(rr, cc), Extent::clamped(&n, rr, cc));
            }
            let at = MatrixAt {
                row: 7,
                col: 3,
                ld: 100,
            };
            let (mr, mc) = (7 + r as usize, 3 + c as usize);
            assert_eq!(n.extent_at(at, mr, mc), Extent::at(&n, at, mr, mc));
            assert_eq!(n.extent_at(at, mr, mc), Extent { rows: r, cols: c });
        }
    }
}

#[test]
fn predicated_elements_of_different_lanes_are_disjoint() {
    for (n, f) in cases() {
        for (r, c) in extents(&n) {
            let ext = Extent::clamped(&n, r, c);
            let mut claimed: HashMap<(u32, u32), (u32, u32)> = HashMap::new();
            for lane in 0..32 {
                let mask = n.valid_mask(lane, ext).unwrap();
                let mask = u128::from(mask);
                for e in (0..n.elements).filter(|&e| mask >> e & 1 == 1) {
                    let rc = f(lane, e);
                    assert!(
                        rc.0 < r && rc.1 < c,
                        "{} {r}x{c}: ({lane}, {e}) at {rc:?}",
                        n.name
                    );
                    if let Some(first) = claimed.insert(rc, (lane, e)) {
                        panic!(
                            "{} {r}x{c}: {rc:?} claimed by {first:?} and ({lane}, {e})",
                            n.name
                        );
                    }
                }
            }
            assert_eq!(claimed.len() as u32, r * c, "{} extent {r}x{c}", n.name);
        }
    }
}

#[test]
fn extents_beyond_the_tile_clamp() {
    for (n, _) in cases() {
        let over = [0, 1, 2, 3, 17, 1000, u32::MAX];
        for (r, c) in extents(&n) {
            for &dr in &over {
                for &dc in &over {
                    let (rr, cc) = (r.saturating_add(dr), c.saturating_add(dc));
                    let clamped = Extent::clamped(&n, rr, cc);
                    let want = Extent {
                        rows: rr.min(n.rows),
                        cols: cc.min(n.cols),
                    };
                    assert_eq!(clamped, want, "{} clamp {rr}x{cc}", n.name);
                    assert!(clamped.rows <= n.rows && clamped.cols <= n.cols);
                    assert_eq!(clamped.is_whole(&n), rr >= n.rows && cc >= n.cols);
                }
            }
        }
        assert_eq!(Extent::clamped(&n, u32::MAX, u32::MAX), Extent::full(&n));
        // A hand-written extent beyond the tile behaves as its clamped form.
        for (r, c) in [
            (n.rows + 1, 3),
            (5, n.cols + 9),
            (u32::MAX, u32::MAX),
            (0, u32::MAX),
        ] {
            let raw = Extent { rows: r, cols: c };
            let clamped = Extent::clamped(&n, r, c);
            assert_eq!(
                n.valid_count(raw),
                clamped.rows * clamped.cols,
                "{} raw {r}x{c}",
                n.name
            );
            assert_eq!(raw.is_whole(&n), clamped.is_whole(&n));
            for lane in 0..32 {
                assert_eq!(n.valid_mask(lane, raw), n.valid_mask(lane, clamped));
                assert_eq!(n.coverage(lane, raw), n.coverage(lane, clamped));
            }
        }
    }
}

#[test]
fn extent_of_a_tile_in_a_matrix() {
    let n = SM80_16x8x16_F32_C;
    let at = |row, col| MatrixAt { row, col, ld: 13 };
    // A 41 x 13 matrix, tiles of 16 x 8: the tile at (32, 8) keeps 9 rows and 5 columns.
    assert_eq!(n.extent_at(at(32, 8), 41, 13), Extent { rows: 9, cols: 5 });
    assert_eq!(n.extent_at(at(16, 0), 41, 13), Extent::full(&n));
    assert_eq!(n.extent_at(at(0, 0), 4096, 4096), Extent::full(&n));
    assert_eq!(n.extent_at(at(48, 0), 41, 13), Extent { rows: 0, cols: 8 });
    assert!(n.extent_at(at(48, 0), 41, 13).is_empty());
    assert!(n.extent_at(at(0, 16), 41, 13).is_empty());
    assert_eq!(n.extent_at(at(usize::MAX, 0), 41, 13).rows, 0);
    assert_eq!(
        n.extent_at(at(0, 0), usize::MAX, usize::MAX),
        Extent::full(&n)
    );
    assert_eq!(n.valid_count(n.extent_at(at(32, 8), 41, 13)), 45);
    // The leading dimension plays no part in the extent.
    assert_eq!(
        Extent::at(
            &n,
            MatrixAt {
                ld: 9999,
                ..at(32, 8)
            },
            41,
            13
        ),
        n.extent_at(at(32, 8), 41, 13)
    );
}

const SENTINEL: i64 = -1;

/// Scatters every inside element of a tile at `(or, oc)` into a sentinel-filled matrix with row
/// stride `ld`, writing `thread * 1000 + e`. Returns the matrix and how many cells were written.
fn scatter(n: &Numeral, ext: Extent, or: usize, oc: usize, ld: usize, h: usize) -> (Vec<i64>, u32) {
    let mut m = vec![SENTINEL; ld * h];
    let mut written = 0;
    for t in 0..n.threads() {
        for e in 0..n.elements {
            if n.is_inside(t, e, ext) {
                let at = MatrixAt {
                    row: or,
                    col: oc,
                    ld,
                };
                let off = n.matrix_offset(t, e, at).unwrap();
                assert_eq!(m[off], SENTINEL, "{}: cell {off} written twice", n.name);
                m[off] = (t * 1000 + e) as i64;
                written += 1;
            }
        }
    }
    (m, written)
}

#[test]
fn scatter_writes_exactly_the_valid_cells() {
    let (or, oc) = (3, 5);
    for (n, f) in cases() {
        let (ld, h) = (oc + n.cols as usize + 2, or + n.rows as usize + 2);
        for (r, c) in extents(&n) {
            let ext = Extent::clamped(&n, r, c);
            let (m, written) = scatter(&n, ext, or, oc, ld, h);
            assert_eq!(written, r * c, "{} extent {r}x{c}", n.name);
            let mut seen = 0;
            for (i, &v) in m.iter().enumerate() {
                let (mr, mc) = (i / ld, i % ld);
                let valid =
                    (or..or + r as usize).contains(&mr) && (oc..oc + c as usize).contains(&mc);
                if !valid {
                    assert_eq!(v, SENTINEL, "{} {r}x{c}: cell ({mr}, {mc}) touched", n.name);
                    continue;
                }
                assert_ne!(v, SENTINEL, "{} {r}x{c}: cell ({mr}, {mc}) missed", n.name);
                let (t, e) = ((v / 1000) as u32, (v % 1000) as u32);
                let want = ((mr - or) as u32, (mc - oc) as u32);
                assert_eq!(f(t, e), want, "{} {r}x{c}: ({t}, {e}) landed wrong", n.name);
                seen += 1;
            }
            assert_eq!(seen, r * c);
        }
    }
}

#[test]
fn nine_rows_of_the_accumulator() {
    let n = SM80_16x8x16_F32_C;
    let ext = Extent::clamped(&n, 9, 8);
    assert_eq!(n.valid_count(ext), 72);
    assert_eq!(n.valid_mask(0, ext), Some(0b1111)); // rows 0 and 8
    assert_eq!(n.valid_mask(4, ext), Some(0b0011)); // rows 1 and 9
    assert_eq!(n.valid_mask(31, ext), Some(0b0011)); // rows 7 and 15
    assert!(n.all_inside(3, ext) && !n.all_inside(4, ext));
    let full_lanes: Vec<u32> = (0..32).filter(|&l| n.all_inside(l, ext)).collect();
    assert_eq!(full_lanes, vec![0, 1, 2, 3]);
    // No lane has nothing to do: every lane holds a row below 9.
    assert!((0..32).all(|l| !n.none_inside(l, ext)));
    // In a 9 x 8 matrix padded to 16 rows of sentinels, the bottom 7 rows stay untouched.
    let (m, written) = scatter(&n, ext, 0, 0, 8, 16);
    assert_eq!(written, 72);
    assert!(m[..72].iter().all(|&v| v != SENTINEL));
    assert!(m[72..].iter().all(|&v| v == SENTINEL));
}

#[test]
fn generated_code_path_agrees_with_ptx() {
    for (n, f) in cases() {
        let terms: [ThreadTerm; MAX_THREAD_TERMS] = n.thread_terms();
        for (r, c) in extents(&n) {
            let ext = Extent::clamped(&n, r, c);
            for lane in 0..32 {
                let (tr, tc) = thread_part(&terms, lane);
                for e in 0..n.elements {
                    let (er, ec) = n.element_part(e);
                    let fast = ext.is_whole(&n);
                    let inside = fast || ext.contains(tr + er, tc + ec);
                    assert_eq!(
                        inside,
                        ptx_inside(f, lane, e, r, c),
                        "{} {r}x{c} ({lane}, {e})",
                        n.name
                    );
                }
            }
        }
    }
}

/// The catalog's largest fragment: the `wgmma` m64n256 f32 accumulator, 128 elements per
/// thread. PTX: `row = 16 * warp + lane / 4 + 8 * (e / 2 % 2)`,
/// `col = 8 * (e / 4) + 2 * (lane % 4) + e % 2` (checked against that formula below).
const WG_ACC: Numeral = layout_core::catalog::SM90_64x256x16_F32_C;

fn wg_formula(thread: u32, e: u32) -> (u32, u32) {
    let (warp, lane) = (thread / 32, thread % 32);
    (
        16 * warp + lane / 4 + 8 * (e / 2 % 2),
        8 * (e / 4) + 2 * (lane % 4) + e % 2,
    )
}

#[test]
fn wide_mask_covers_128_elements() {
    let n = WG_ACC;
    assert_eq!(n.elements, WIDE_MASK_BITS);
    for t in 0..128 {
        assert_eq!(n.valid_mask_wide(t, Extent::full(&n)), Some(u128::MAX));
        assert_eq!(
            n.valid_mask(t, Extent::full(&n)),
            None,
            "128 elements: no u32 mask"
        );
        assert!(n.all_inside(t, Extent::full(&n)));
    }
    assert_eq!(n.valid_mask_wide(128, Extent::full(&n)), None);
    assert_eq!(n.coverage(128, Extent::full(&n)), None);
    // Column 255 cut off: threads with lane % 4 == 3 lose elements 125 and 127.
    let ext = n.extent_clamped(64, 255);
    assert_eq!(n.valid_mask_wide(3, ext), Some(!(1u128 << 125 | 1 << 127)));
    assert_eq!(n.valid_mask_wide(2, ext), Some(u128::MAX));
    for (r, c) in [
        (0, 0),
        (1, 1),
        (9, 5),
        (17, 200),
        (63, 255),
        (64, 256),
        (40, 129),
        (64, 8),
        (16, 256),
    ] {
        let ext = n.extent_clamped(r, c);
        assert_eq!(n.valid_count(ext), r * c, "{r}x{c}");
        for t in 0..128 {
            let want = (0..128)
                .filter(|&e| {
                    let (row, col) = wg_formula(t, e);
                    row < r && col < c
                })
                .fold(0u128, |m, e| m | 1 << e);
            assert_eq!(n.valid_mask_wide(t, ext), Some(want), "{r}x{c} thread {t}");
            assert_eq!(n.all_inside(t, ext), want == u128::MAX);
            assert_eq!(n.none_inside(t, ext), want == 0);
            assert_eq!(n.is_uniform(t, ext), want == u128::MAX || want == 0);
        }
    }
}

/// A 32 x `elements` tile: lane is the column, e the row (`elements` elements per lane).
fn tall(elements: u32, digits: &[Digit; 2]) -> Numeral<'_> {
    Numeral::new("tall", elements, 32, elements, digits)
}

#[test]
fn the_u32_mask_holds_exactly_32_elements() {
    let d32 = [Digit::lane(1, 32, 1), Digit::element(1, 32, 32)];
    let d33 = [Digit::lane(1, 32, 1), Digit::element(1, 33, 32)];
    let (n32, n33) = (tall(32, &d32), tall(33, &d33));
    assert!(n32.is_bijection() && n33.is_bijection());
    for lane in 0..32 {
        // Element e is row e: the first r rows are the low r bits.
        for r in [0u32, 1, 5, 31, 32] {
            let ext = n32.extent_clamped(r, 32);
            let want = if r == 32 { u32::MAX } else { (1 << r) - 1 };
            assert_eq!(n32.valid_mask(lane, ext), Some(want), "rows {r}");
            assert_eq!(n32.valid_mask_wide(lane, ext), Some(u128::from(want)));
        }
        // One more element: no u32 mask, the wide one has bit 32.
        let full = Extent::full(&n33);
        assert_eq!(n33.valid_mask(lane, full), None);
        assert_eq!(n33.valid_mask_wide(lane, full), Some((1u128 << 33) - 1));
        assert_eq!(n33.coverage(lane, full), Some(Coverage::Full));
        // Column `lane` cut off: all of the lane's elements or none.
        let cut = n33.extent_clamped(33, 10);
        assert!(n33.is_uniform(lane, cut));
        assert_eq!(n33.none_inside(lane, cut), lane >= 10);
    }
}

/// 256 elements per lane: more than a mask holds.
const WIDE: Numeral = Numeral::new(
    "wide",
    64,
    128,
    256,
    &[Digit::lane(1, 32, 1), Digit::element(1, 256, 32)],
);
const _: () = layout_core::assert_bijection(&WIDE);

#[test]
fn wider_fragments_have_no_mask_but_still_check() {
    let n = WIDE;
    let ext = n.extent_clamped(10, 100);
    for lane in 0..32 {
        assert_eq!(n.valid_mask(lane, Extent::full(&n)), None);
        assert_eq!(n.valid_mask_wide(lane, Extent::full(&n)), None);
        assert!(n.all_inside(lane, Extent::full(&n)));
        assert!(!n.all_inside(lane, ext));
        assert_eq!(n.coverage(lane, ext), Some(Coverage::Partial));
        for e in 0..256 {
            // row = e / 4, col = lane + 32 * (e % 4)
            let want = e / 4 < 10 && lane + 32 * (e % 4) < 100;
            assert_eq!(n.is_inside(lane, e, ext), want, "({lane}, {e})");
        }
    }
    assert_eq!(n.valid_count(ext), 1000);
}

#[test]
// `try_from` of `i128` into `i128` cannot fail.
#[allow(irrefutable_let_patterns)]
fn extent_counts_saturate_for_every_integer_type() {
    use layout_core::bounds::ExtentArg;
    // (value as i128, then as each type that holds it): negative counts are 0, counts beyond
    // the target type its maximum, all others themselves.
    let want = |v: i128| {
        (
            v.clamp(0, u32::MAX as i128) as u32,
            v.clamp(0, usize::MAX as i128) as usize,
        )
    };
    macro_rules! check {
        ($($t:ty),*) => {$(
            for v in [i128::MIN, -300, -1, 0, 1, 9, 255, 65_536, u32::MAX as i128, u32::MAX as i128 + 1, i64::MAX as i128, u64::MAX as i128, i128::MAX] {
                if let Ok(x) = <$t>::try_from(v) {
                    assert_eq!((x.saturating_u32(), x.saturating_usize()), want(v), "{v} as {}", stringify!($t));
                }
            }
            // The largest count of each type: itself where `usize` holds it, else the most.
            let max = <$t>::MAX as u128;
            let most = if max > usize::MAX as u128 { usize::MAX } else { max as usize };
            assert_eq!(<$t>::MAX.saturating_usize(), most, "{}::MAX", stringify!($t));
        )*};
    }
    check!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
}
