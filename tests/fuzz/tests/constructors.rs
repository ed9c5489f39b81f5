//! The constructors' fuzz target in brief: the extremes that once overflowed, every extreme of
//! a tiling, and a short seeded run in which every constructor builds something (so the
//! consistency checks run) and nothing is found. `.ci/run` runs the target itself for 20 s.

use fraglayout_fuzz::constructors::{draw, judge, Acc, Case, Fields, Shared, EDGES_U32, EDGES_U64};
use fraglayout_fuzz::rng::Rng;
use layout_core::catalog::{ScaleVec, Scaled, Selector, CATALOG};
use layout_core::shared::{AtomOrder, SwizzleMode};
use layout_core::tmem::{Lanes, MmaLayout};
use layout_core::tmem_sf::Duplication;

/// The index of the catalog layout `name`.
fn entry(name: &str) -> usize {
    CATALOG.iter().position(|e| e.name() == name).unwrap()
}

/// `case` judged clean; whether it built something.
fn clean(case: &Case) -> bool {
    judge(case).unwrap_or_else(|why| panic!("{why}\n  case: {case:?}"))
}

#[test]
fn the_overflows_found_are_refused() {
    let acc = entry("SM80_16x8x16_F32_C");
    // The tiling: 2^69 elements, once a 0 x 0 tile.
    for (tile_rows, tile_cols) in [(1 << 31, 1 << 31), (u32::MAX, u32::MAX), (1, u32::MAX)] {
        assert!(!clean(&Case::Tiled {
            entry: acc,
            tile_rows,
            tile_cols
        }));
    }
    let load = entry("SM100_TMEM_32dp32b1x");
    for (acc_elements, load_elements) in [
        (Some(0), None),
        (None, Some(u32::MAX)),
        (None, Some((1 << 31) + 1)),
    ] {
        let case = Case::Fragment {
            acc: Acc {
                layout: Some(MmaLayout::D),
                n: 64,
                fields: Fields {
                    elements: acc_elements,
                    ..Fields::default()
                },
            },
            load: Fields {
                entry: load,
                elements: load_elements,
                ..Fields::default()
            },
            lanes: Lanes::Quarter,
        };
        assert!(!clean(&case));
    }
    // A span of 2^64 elements, once wrapped to 0; a TMA global stride of 0.
    let huge = Shared {
        rows: 1 << 31,
        cols: u32::MAX,
        elem_bytes: 1,
        mode: None,
        col_major: false,
        pad: Some(1 << 31),
        atoms: Some(1 << 31),
        order: AtomOrder::Bands,
    };
    assert!(!clean(&Case::Shared {
        shared: huge,
        stride: 0
    }));
    let tile = Shared {
        rows: 64,
        cols: 64,
        elem_bytes: 2,
        mode: Some(Some(SwizzleMode::B128)),
        col_major: false,
        pad: None,
        atoms: None,
        order: AtomOrder::Slabs,
    };
    for stride in EDGES_U64 {
        assert!(clean(&Case::Shared {
            shared: tile.clone(),
            stride
        }));
    }
    let scale = Case::Scale {
        side: Scaled::A,
        vec: ScaleVec::X1,
        selector: Selector {
            thread_id: 1,
            byte_id: 3,
        },
        e: u32::MAX,
        index: u32::MAX,
        block: u32::MAX,
    };
    assert!(clean(&scale));
}

#[test]
fn every_extreme_of_a_tiling_is_clean() {
    for name in [
        "SM80_16x8x16_F32_C",
        "SM90_64x24x16_F32_C",
        "SM120_16x8x64_SFA_4X",
    ] {
        for tile_rows in EDGES_U32 {
            for tile_cols in EDGES_U32 {
                clean(&Case::Tiled {
                    entry: entry(name),
                    tile_rows,
                    tile_cols,
                });
            }
        }
    }
    for rows in EDGES_U32 {
        for kblocks in EDGES_U32 {
            for duplication in [Duplication::FourByOne, Duplication::TwoByTwo] {
                clean(&Case::Atoms {
                    rows,
                    kblocks,
                    duplication,
                });
            }
        }
    }
}

#[test]
fn a_short_seeded_run_builds_each_kind_and_finds_nothing() {
    let mut rng = Rng::new(11);
    let mut built = [0u32; 5];
    for round in 0..4000 {
        let case = draw(&mut rng, round);
        if clean(&case) {
            built[(round % 5) as usize] += 1;
        }
    }
    assert!(built.iter().all(|&b| b >= 20), "built per kind: {built:?}");
}
