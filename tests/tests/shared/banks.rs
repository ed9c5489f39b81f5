//! The bank model against a brute-force count written another way: every byte each lane
//! touches, grouped by phase and bank into sets of words; over random requests and over the
//! `ldmatrix` requests of random layouts.

use std::collections::{BTreeMap, BTreeSet};

use layout_core::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL};
use layout_core::shared::{
    ldmatrix_rows_at, FragmentAt, MatrixVariant, Request, SharedLayout, Swizzle,
};

use super::Rng;

/// Per phase: bank -> the words addressed in it, and bank -> the lanes addressing it.
type Phase = (BTreeMap<u32, BTreeSet<u32>>, BTreeMap<u32, u32>);

/// The brute-force phases of lanes `(lane, address)` moving `width` bytes each: the warp cut
/// into groups of lanes that move 128 bytes each (32 lanes of up to 4 bytes, 16 of 8, 8 of 16).
fn brute_phases(lanes: &[(u32, u32)], width: u32) -> Vec<Phase> {
    let group = 128 / width.max(4); // lanes whose accesses fill 128 bytes
    let phases = 32 / group;
    let mut out: Vec<Phase> = vec![(BTreeMap::new(), BTreeMap::new()); phases as usize];
    for &(lane, addr) in lanes {
        let p = (lane / group) as usize;
        for byte in addr..addr + width {
            let word = byte / 4;
            let bank = word % 32;
            out[p].0.entry(bank).or_default().insert(word);
            *out[p].1.entry(bank).or_default() |= 1 << lane;
        }
    }
    out
}

/// (total, ideal, worst) by brute force.
fn brute_count(lanes: &[(u32, u32)], width: u32) -> (u32, u32, u32) {
    let phases = brute_phases(lanes, width);
    let per: Vec<u32> = phases
        .iter()
        .map(|(banks, _)| banks.values().map(|w| w.len() as u32).max().unwrap_or(0))
        .collect();
    let ideal = phases.iter().filter(|(banks, _)| !banks.is_empty()).count() as u32;
    (
        per.iter().sum(),
        ideal,
        per.iter().copied().max().unwrap_or(0),
    )
}

/// Random active lanes; addresses from a small pool of rows so that banks collide often.
fn random_request(rng: &mut Rng) -> (Vec<(u32, u32)>, u32) {
    let width = rng.pick(&[1u32, 2, 4, 8, 16]);
    let rows = rng.pick(&[1u32, 2, 4, 8, 32]);
    let mut lanes = Vec::new();
    for lane in 0..32 {
        if rng.below(4) != 0 {
            let row = rng.below(rows);
            let within = rng.below(128 / width) * width;
            lanes.push((lane, row * 128 * rng.pick(&[1, 3]) + within));
        }
    }
    (lanes, width)
}

#[test]
fn the_model_agrees_with_brute_force_on_random_requests() {
    let mut conflicted = 0;
    for seed in 0..500u64 {
        let mut rng = Rng(seed);
        let (lanes, width) = random_request(&mut rng);
        let mut r = Request::new(width);
        for &(lane, addr) in &lanes {
            r = r.with_lane(lane, addr);
        }
        let w = r.wavefronts().unwrap();
        let (total, ideal, worst) = brute_count(&lanes, width);
        assert_eq!(
            (w.total, w.ideal, w.worst),
            (total, ideal, worst),
            "seed {seed}"
        );
        if !w.conflict_free() {
            conflicted += 1;
        }
        // The per-phase report: words and lanes of every bank.
        for (p, (banks, masks)) in brute_phases(&lanes, width).into_iter().enumerate() {
            let report = r.phase(p as u32).unwrap();
            for bank in 0..32 {
                let u = report.bank(bank);
                let words = banks.get(&bank).map_or(0, |w| w.len() as u32);
                let mask = masks.get(&bank).copied().unwrap_or(0);
                assert_eq!((u.words, u.lanes), (words, mask), "seed {seed} phase {p}");
            }
        }
    }
    assert!(
        conflicted > 100,
        "only {conflicted} conflicted requests: the draw is too kind"
    );
}

#[test]
fn ldmatrix_is_one_phase_per_matrix() {
    // By brute force, an ldmatrix takes, per matrix, the most distinct words of a bank among
    // its 8 rows of 16 bytes.
    for seed in 0..200u64 {
        let mut rng = Rng(seed);
        let swizzle = if rng.below(3) == 0 {
            Swizzle::NONE
        } else {
            Swizzle::new(1 + rng.below(3), 3, 3 + rng.below(3))
        };
        let pad = rng.pick(&[0u32, 0, 8, 16]);
        let cols = rng.pick(&[16u32, 32, 64, 128]);
        let layout = SharedLayout::row_major(64, cols, 2)
            .with_pad(pad)
            .with_swizzle(swizzle);
        if layout.check().is_err() {
            continue;
        }
        let at = FragmentAt::new(16 * rng.below(4), 8 * rng.below(cols / 8 - 1));
        let (variant, fragment) = if rng.below(2) == 0 || at.col + 16 > cols {
            (MatrixVariant::X2_TRANS, &SM80_16x8x16_F16_B_COL)
        } else {
            (MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW)
        };
        let rows = ldmatrix_rows_at(variant, fragment, &layout, at, 0)
            .unwrap_or_else(|e| panic!("seed {seed}, {layout}: {e}"));
        let w = rows.wavefronts().unwrap();
        let mut total = 0;
        for i in 0..variant.num {
            let mut banks: BTreeMap<u32, BTreeSet<u32>> = BTreeMap::new();
            for r in 0..8 {
                let a = rows.row(i, r).unwrap();
                for word in a / 4..a / 4 + 4 {
                    banks.entry(word % 32).or_default().insert(word);
                }
            }
            total += banks.values().map(BTreeSet::len).max().unwrap() as u32;
        }
        assert_eq!(w.total, total, "seed {seed}, {layout}");
        assert_eq!(w.ideal, variant.num);
    }
}
