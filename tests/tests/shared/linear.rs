//! `linear_optimum` against a brute force over every linear layout of a small tile (every
//! surjective bank map of its 16-byte units, counted lane by lane: no dimension formula), and
//! against `find` on the common kernel tiles of docs/SHARED.md.

use layout_core::catalog::{
    SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F16_C, SM80_16x8x16_F32_C,
    SM90_64x64x16_F16_C,
};
use layout_core::shared::{find, linear_optimum, Access, MatrixVariant, SharedLayout, SwizzleMode};
use layout_core::{Digit, Numeral};

use super::Rng;
use super::{BLOCKS, COLUMNS};

/// Each phase's lanes' 16-byte units on the plain tile.
fn phases(tile: &SharedLayout, accesses: &[Access]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for a in accesses {
        for k in 0..a.requests(tile).unwrap() {
            let r = a.request(tile, k).unwrap();
            for p in 0..r.phases() {
                let lanes = p * r.phase_lanes()..(p + 1) * r.phase_lanes();
                let units: Vec<u32> = lanes.filter_map(|l| r.address(l)).map(|b| b / 16).collect();
                if !units.is_empty() {
                    out.push(units);
                }
            }
        }
    }
    out
}

/// The fewest wavefronts over every linear layout of `n`-bit units: a layout sends unit `u`
/// to bank group `L u` (3 bits: 8 groups of 16 bytes, `L` of rank 3) and a row of its own, so
/// a phase takes as many wavefronts as the most distinct units one group gets. Maps with the
/// same kernel group alike: each kernel is counted once.
fn brute(n: u32, phases: &[Vec<u32>]) -> u32 {
    let mut kernels = std::collections::HashSet::new();
    let mut best = u32::MAX;
    for m in 0u64..1 << (3 * n) {
        let rows = [0, 1, 2].map(|i| ((m >> (i * n)) & ((1 << n) - 1)) as u32);
        let group: Vec<usize> = (0..1u32 << n)
            .map(|u| {
                (0..3)
                    .map(|i| ((u & rows[i]).count_ones() & 1) << i)
                    .sum::<u32>() as usize
            })
            .collect();
        let kernel: u64 = (0..1usize << n)
            .filter(|&u| group[u] == 0)
            .map(|u| 1u64 << u)
            .sum();
        if kernel.count_ones() != 1 << (n - 3) || !kernels.insert(kernel) {
            continue; // rank under 3, or a kernel already counted
        }
        let mut total = 0;
        for units in phases {
            let mut per_group = [0u64; 8];
            for &u in units {
                per_group[group[u as usize]] |= 1 << u;
            }
            total += per_group.iter().map(|g| g.count_ones()).max().unwrap();
        }
        best = best.min(total);
    }
    best
}

/// An 8 x 32 f16 warp fragment: each lane one run of 8 elements along a row; lane bit `i` at
/// tile place `places[i]` (column bits 3, 4 and the row bits: places 8, 16, 32, 64, 128).
fn runs(places: [u32; 5]) -> &'static Numeral<'static> {
    let mut digits = vec![Digit::element(1, 8, 1)];
    for (bit, &place) in places.iter().enumerate() {
        digits.push(Digit::lane(1 << bit, 2, place));
    }
    let digits: &'static [Digit] = Box::leak(digits.into_boxed_slice());
    let n = Box::leak(Box::new(Numeral::new("runs", 8, 32, 8, digits)));
    layout_core::assert_bijection(n);
    n
}

/// Every access of `runs` whose first three lane bits (one phase's) take the places `triple`.
fn runs_on(triple: [u32; 3]) -> Access<'static> {
    let rest: Vec<u32> = [8, 16, 32, 64, 128]
        .into_iter()
        .filter(|p| !triple.contains(p))
        .collect();
    Access::elements(
        runs([triple[0], triple[1], triple[2], rest[0], rest[1]]),
        16,
    )
}

/// Accesses whose phases span any 3 of the 5 bits of an 8 x 32 f16 tile's 16-byte units: no
/// linear layout serves all ten triples (a 2-dimensional row space avoiding them all would
/// need two vectors of weight 4 or more whose sum has weight 2 or less), a few are served.
#[test]
fn the_optimum_is_the_brute_force_over_every_linear_layout() {
    let tile = SharedLayout::row_major(8, 32, 2);
    let places = [8u32, 16, 32, 64, 128];
    let mut triples = Vec::new();
    for a in 0..5 {
        for b in a + 1..5 {
            for c in b + 1..5 {
                triples.push([places[a], places[b], places[c]]);
            }
        }
    }
    let (mut above_ideal, mut at_ideal) = (0, 0);
    for seed in 0..8u64 {
        let mut rng = Rng(seed);
        let mut chosen = triples.clone();
        for i in (1..chosen.len()).rev() {
            chosen.swap(i, rng.below(i as u32 + 1) as usize);
        }
        chosen.truncate(if seed == 0 {
            10
        } else {
            2 + rng.below(8) as usize
        });
        let mut accesses: Vec<Access> = chosen.iter().map(|&t| runs_on(t)).collect();
        accesses.push(Access::rows(16));
        let opt = linear_optimum(&tile, &accesses).unwrap();
        let ph = phases(&tile, &accesses);
        assert_eq!(opt.ideal as usize, ph.len(), "seed {seed}");
        assert_eq!(opt.wavefronts, brute(5, &ph), "seed {seed}: {chosen:?}");
        if opt.wavefronts > opt.ideal {
            above_ideal += 1;
        } else {
            at_ideal += 1;
        }
    }
    assert!(
        above_ideal >= 1 && at_ideal >= 1,
        "{above_ideal} above the ideal, {at_ideal} at it"
    );
}
/// docs/SHARED.md's tiles, each access set as `find` is asked for it: the search's choice
/// matches the linear optimum, which no linear layout beats.
#[test]
fn find_matches_the_optimum_on_the_common_tiles() {
    let cases: [(SharedLayout, Vec<Access>, u32); 4] = [
        (
            SharedLayout::row_major(64, 64, 2),
            vec![Access::matrices(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW)],
            4,
        ),
        (
            SharedLayout::row_major(64, 64, 2),
            vec![Access::matrices(
                MatrixVariant::X2_TRANS,
                &SM80_16x8x16_F16_B_COL,
            )],
            2,
        ),
        (
            SharedLayout::row_major(16, 64, 2),
            vec![
                Access::matrices(MatrixVariant::X2, &SM80_16x8x16_F16_C),
                Access::rows(16),
            ],
            2 + 16,
        ),
        (
            SharedLayout::row_major(64, 64, 2),
            vec![Access::matrices(MatrixVariant::X4, &SM90_64x64x16_F16_C)],
            16,
        ),
    ];
    for (tile, accesses, want) in cases {
        let opt = linear_optimum(&tile, &accesses).unwrap();
        assert_eq!(
            (opt.wavefronts, opt.ideal, opt.width),
            (want, want, 16),
            "{tile}"
        );
        let found = find(&tile, &accesses, 8).unwrap();
        assert_eq!(found.wavefronts.total, opt.wavefronts, "{tile}");
        let mut m = layout_core::message::Message::new();
        opt.write_against(found.wavefronts.total, &mut m);
        assert_eq!(
            m.as_str(),
            format!("matches the GF(2)-linear optimum ({want} wavefronts)")
        );
        // The plain tile and the Hopper mode are linear layouts: none beats the optimum.
        for l in [
            tile,
            SharedLayout::hopper(tile.rows(), tile.cols(), 2, SwizzleMode::B128),
        ] {
            let w = layout_core::shared::wavefronts_of(&l, &accesses).unwrap();
            assert!(w.total >= opt.wavefronts, "{l}: {w:?}");
        }
    }
    // Accesses of different widths are outside the model.
    let f32_tile = SharedLayout::row_major(16, 64, 4);
    let mixed = [Access::elements(&SM80_16x8x16_F32_C, 8), Access::rows(16)];
    assert_eq!(linear_optimum(&f32_tile, &mixed), None);
    // As are non-power-of-two tiles.
    assert_eq!(
        linear_optimum(&SharedLayout::row_major(24, 64, 2), &[Access::rows(16)]),
        None
    );
}

/// The 32 x 32 f32 tile read down its columns and in 2 x 16 blocks (tests/shared/find.rs):
/// the lane tiles are the 5 row bits and (column bit 0, row bits 0..4), so a row space meeting
/// their sum in the one vector `row bit 4 + column bit 0` serves both: the linear optimum is
/// the ideal, where the search's one-XOR swizzles without padding fall short.
#[test]
fn the_optimum_can_beat_the_search_s_swizzles() {
    let tile = SharedLayout::row_major(32, 32, 4);
    let accesses = [Access::elements(&COLUMNS, 4), Access::elements(&BLOCKS, 4)];
    let opt = linear_optimum(&tile, &accesses).unwrap();
    assert_eq!((opt.wavefronts, opt.ideal, opt.width), (64, 64, 4));
    let unpadded = find(&tile, &accesses, 0).unwrap();
    let more = unpadded.wavefronts.total - 64;
    assert!(more > 0);
    let mut m = layout_core::message::Message::new();
    opt.write_against(unpadded.wavefronts.total, &mut m);
    assert_eq!(
        m.as_str(),
        format!("{more} wavefronts more than the GF(2)-linear optimum (64 wavefronts)")
    );
    // Padding (not linear) reaches it.
    let padded = find(&tile, &accesses, 3).unwrap();
    assert_eq!(padded.wavefronts.total, 64);
}
