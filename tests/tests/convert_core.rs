//! Conversions between layouts (`layout_core::convert`), against brute force: where every value
//! is found from both layouts' coordinates, the class and the lower bound from those sources,
//! and each plan run by a plain interpreter (the semantics on `Plan`'s docs), for every pair of
//! catalog layouts over one tile and one set of threads and for random pairs (tiles and
//! element counts that are not powers of two, several warps). The errors are checked the same
//! way: the count of values crossing warps, and the values they name.

use std::collections::HashMap;

use fraglayout_tests::random_numeral::{RandomNumeral, Rng, Shape};
use layout_core::catalog::{
    self, SM75_U16x8_LDSM_T, SM75_U32x4_LDSM_N, SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C,
    SM90_64x16x16_F32_C, SM90_64x256x16_F32_C, CATALOG,
};
use layout_core::convert::{
    classify, source_of, Class, ConvertError, Plan, Side, MAX_PLAN_ELEMENTS,
};
use layout_core::{Digit, Numeral, LANES};

/// `(thread, e)`.
type At = (u32, u32);

/// `sources[t][e]`: the `(thread, e)` of `from` holding what `to` wants at `(t, e)`, matched by
/// coordinates (`to.coords(t, e) == from.coords(source)`), not by offsets or decoding.
fn sources(from: &Numeral, to: &Numeral) -> Vec<Vec<At>> {
    let mut holder = HashMap::new();
    for t in 0..from.threads() {
        for e in 0..from.elements {
            let at = from.coords(t, e).expect("in the tile");
            assert!(
                holder.insert(at, (t, e)).is_none(),
                "{} holds {at:?} twice",
                from.name
            );
        }
    }
    (0..to.threads())
        .map(|t| {
            (0..to.elements)
                .map(|e| holder[&to.coords(t, e).expect("in the tile")])
                .collect()
        })
        .collect()
}

/// What brute force expects of a pair over one tile and one set of threads.
#[derive(Debug, PartialEq)]
enum Expected {
    Plan(Class),
    /// This many values are held in another warp.
    Crossing(u32),
    /// Some warp routes unlike warp 0 though no value crosses warps (never, for numerals).
    Unlike,
}

fn expected(src: &[Vec<At>]) -> Expected {
    let warp = |t: u32| t / LANES;
    let crossing = (0..src.len() as u32)
        .flat_map(|t| src[t as usize].iter().map(move |s| (t, s)))
        .filter(|(t, s)| warp(*t) != warp(s.0))
        .count();
    if crossing > 0 {
        return Expected::Crossing(crossing as u32);
    }
    let unlike = (LANES as usize..src.len()).any(|t| {
        let w = t as u32 / LANES;
        let base = &src[t % LANES as usize];
        (0..base.len()).any(|e| src[t][e] != (base[e].0 + w * LANES, base[e].1))
    });
    // `classify` proves this never happens for two numerals; brute force checks the proof.
    if unlike {
        return Expected::Unlike;
    }
    let all = |f: &dyn Fn(u32, u32, At) -> bool| {
        src.iter().enumerate().all(|(t, row)| {
            row.iter()
                .enumerate()
                .all(|(e, &s)| f(t as u32, e as u32, s))
        })
    };
    Expected::Plan(if all(&|t, e, s| s == (t, e)) {
        Class::Identity
    } else if all(&|t, e, s| s.0 == t && s.1 == src[0][e as usize].1) {
        Class::Renaming
    } else if all(&|t, _, s| s.0 == t) {
        Class::InThread
    } else {
        Class::LaneExchange
    })
}

/// The largest number of values one lane of warp 0 sends to, or receives from, other lanes.
fn lower_bound(src: &[Vec<At>]) -> u32 {
    let mut sends = [0u32; LANES as usize];
    let mut receives = [0u32; LANES as usize];
    for (l, row) in src.iter().take(LANES as usize).enumerate() {
        for &(s, _) in row {
            if s as usize != l {
                sends[s as usize] += 1;
                receives[l] += 1;
            }
        }
    }
    sends.iter().chain(&receives).copied().max().unwrap_or(0)
}

/// Runs the plan in every warp, lane by lane as the generated code would (local copies, then
/// each round's offer, collective shuffle and fill), moving coordinates as the values: what
/// each destination register ends up holding.
fn execute(plan: &Plan, from: &Numeral) -> Vec<Vec<Option<(u32, u32)>>> {
    let lanes = LANES as usize;
    let elements = plan.elements();
    let mut out = Vec::new();
    for w in 0..plan.warps() {
        let regs: Vec<Vec<(u32, u32)>> = (0..LANES)
            .map(|l| {
                (0..elements)
                    .map(|e| from.coords(w * LANES + l, e).unwrap())
                    .collect()
            })
            .collect();
        let mut dst = vec![vec![None; elements as usize]; lanes];
        for (l, row) in dst.iter_mut().enumerate() {
            for (e, slot) in row.iter_mut().enumerate() {
                if let Some(s) = plan.local_source(e as u32, l as u32) {
                    *slot = Some(regs[l][s as usize]);
                }
            }
        }
        for r in 0..plan.rounds() {
            let offered: Vec<(u32, u32)> = (0..LANES)
                .map(|l| regs[l as usize][plan.send(r, l) as usize])
                .collect();
            let got: Vec<(u32, u32)> = (0..LANES)
                .map(|l| offered[plan.src_lane(r, l) as usize])
                .collect();
            for l in 0..LANES {
                if let Some(d) = plan.recv(r, l) {
                    dst[l as usize][d as usize] = Some(got[l as usize]);
                }
            }
        }
        out.extend(dst);
    }
    out
}

/// The selects by the definition on `Plan`'s docs, from the plan's tables.
fn selects(plan: &Plan) -> u32 {
    let mut total = 0;
    for r in 0..plan.rounds() {
        let receivers: Vec<u32> = (0..LANES).filter(|&l| plan.recv(r, l).is_some()).collect();
        let mut offered: Vec<u32> = receivers
            .iter()
            .map(|&l| plan.send(r, plan.src_lane(r, l)))
            .collect();
        offered.sort();
        offered.dedup();
        total += offered.len().saturating_sub(1) as u32;
        let mut filled: Vec<u32> = receivers
            .iter()
            .map(|&l| plan.recv(r, l).unwrap())
            .collect();
        filled.sort();
        filled.dedup();
        if receivers.len() != LANES as usize || filled.len() != 1 {
            total += filled.len() as u32;
        }
    }
    for e in 0..plan.elements() {
        let mut local: Vec<u32> = (0..LANES).filter_map(|l| plan.local_source(e, l)).collect();
        local.sort();
        local.dedup();
        total += local.len().saturating_sub(1) as u32;
    }
    total
}

/// The uniform and mask accessors agree with the per-lane tables.
fn assert_summaries(plan: &Plan) {
    let lanes = 0..LANES;
    for r in 0..plan.rounds() {
        let reads: Vec<u32> = lanes.clone().map(|l| plan.src_lane(r, l)).collect();
        let xor = (0..LANES).find(|&x| lanes.clone().all(|l| reads[l as usize] == l ^ x));
        assert_eq!(plan.src_xor(r), xor, "round {r}");
        let sent: Vec<u32> = lanes.clone().map(|l| plan.send(r, l)).collect();
        let same = |v: &[u32]| v.iter().all(|&x| x == v[0]).then_some(v[0]);
        assert_eq!(plan.send_uniform(r), same(&sent), "round {r}");
        let mask = |v: &mut dyn Iterator<Item = u32>| v.fold(0u128, |m, x| m | 1 << x);
        assert_eq!(plan.send_mask(r), mask(&mut sent.iter().copied()));
        let filled: Vec<Option<u32>> = lanes.clone().map(|l| plan.recv(r, l)).collect();
        let all_same = filled.iter().all(|&d| d.is_some() && d == filled[0]);
        assert_eq!(
            plan.recv_uniform(r),
            if all_same { filled[0] } else { None }
        );
        assert_eq!(
            plan.recv_mask(r),
            mask(&mut filled.iter().flatten().copied())
        );
        // A lane receives at most one value per round and the round's receivers read distinct
        // lanes: the round is a matching.
        let mut read: Vec<u32> = lanes
            .clone()
            .filter(|&l| filled[l as usize].is_some())
            .map(|l| reads[l as usize])
            .collect();
        let n = read.len();
        read.sort();
        read.dedup();
        assert_eq!(read.len(), n, "round {r} reads a lane twice");
        assert!(n > 0, "round {r} moves nothing");
    }
    for e in 0..plan.elements() {
        let local: Vec<Option<u32>> = lanes.clone().map(|l| plan.local_source(e, l)).collect();
        let all_same = local.iter().all(|&s| s.is_some() && s == local[0]);
        assert_eq!(
            plan.local_uniform(e),
            if all_same { local[0] } else { None }
        );
    }
}

/// The plan or the error for a pair over one tile and one set of threads, checked against
/// brute force; the plan's (rounds, selects) when there is one.
fn check_pair(from: &Numeral, to: &Numeral) -> Option<(u32, u32)> {
    let pair = format!("{} -> {}", from.name, to.name);
    let src = sources(from, to);
    let expect = expected(&src);
    for t in 0..to.threads().min(2 * LANES) {
        for e in 0..to.elements {
            assert_eq!(source_of(from, to, t, e), Some(src[t as usize][e as usize]));
        }
    }
    let plan = match (Plan::new(from, to), expect) {
        (Ok(plan), Expected::Plan(class)) => {
            assert_eq!(plan.class(), class, "{pair}");
            assert_eq!(classify(from, to), Ok(class), "{pair}");
            plan
        }
        (
            Err(ConvertError::CrossesWarps {
                count,
                total,
                to: at,
                from: held,
                ..
            }),
            Expected::Crossing(n),
        ) => {
            assert_eq!(count, n, "{pair}");
            assert_eq!(total, to.threads() * to.elements, "{pair}");
            assert_eq!(src[at.0 as usize][at.1 as usize], held, "{pair}");
            assert_ne!(at.0 / LANES, held.0 / LANES, "{pair}");
            return None;
        }
        (got, want) => panic!(
            "{pair}: {:?}, brute force says {want:?}",
            got.map(|p| p.class())
        ),
    };
    assert_eq!(plan.elements(), to.elements);
    assert_eq!(plan.warps(), to.warps);
    let delivered = execute(&plan, from);
    for t in 0..to.threads() {
        for e in 0..to.elements {
            assert_eq!(
                delivered[t as usize][e as usize],
                to.coords(t, e),
                "{pair}: thread {t}, e {e}"
            );
        }
    }
    // Local copies are exactly the values that stay in their lane.
    for l in 0..LANES {
        for e in 0..to.elements {
            let (s, se) = src[l as usize][e as usize];
            let local = (s == l).then_some(se);
            assert_eq!(plan.local_source(e, l), local, "{pair}: lane {l}, e {e}");
        }
    }
    assert_eq!(plan.lower_bound(), lower_bound(&src), "{pair}");
    assert_eq!(plan.rounds(), plan.lower_bound(), "{pair}");
    assert_eq!(plan.selects(), selects(&plan), "{pair}");
    if plan.class().is_free() {
        assert_eq!((plan.rounds(), plan.selects()), (0, 0), "{pair}");
    }
    assert_summaries(&plan);
    Some((plan.rounds(), plan.selects()))
}

#[test]
fn fa2_accumulators_are_the_a_operand() {
    const ACC2: Numeral = SM80_16x8x16_F32_C.tiled_or_panic(1, 2).numeral();
    // Proven at compile time.
    const PLAN: Plan = match Plan::new(&ACC2, &SM80_16x8x16_F16_A_ROW) {
        Ok(p) => p,
        Err(_) => panic!("the FA2 pair converts"),
    };
    assert!(PLAN.class().is_free(), "{:?}", PLAN.class());
    assert_eq!((PLAN.rounds(), PLAN.selects()), (0, 0));
    assert_eq!(check_pair(&ACC2, &SM80_16x8x16_F16_A_ROW), Some((0, 0)));
    // Every destination element comes from the same register in every lane.
    for e in 0..8 {
        assert!(PLAN.local_uniform(e).is_some());
    }
}

#[test]
fn a_transpose_exchanges_lanes_at_the_bound() {
    // `ldmatrix .x4` to `.x4.trans`: four 8x8 transposes.
    let plan = Plan::new(&SM75_U32x4_LDSM_N, &SM75_U16x8_LDSM_T).unwrap();
    assert_eq!(plan.class(), Class::LaneExchange);
    assert_eq!(plan.rounds(), plan.lower_bound());
    assert!(plan.rounds() > 0);
    check_pair(&SM75_U32x4_LDSM_N, &SM75_U16x8_LDSM_T);
    // `movmatrix`: its source and destination layouts over the source matrix.
    let plan = Plan::new(&catalog::SM75_U32x1_MOVM_T, &catalog::SM75_U16x2_LDSM_T).unwrap();
    assert_eq!(plan.class(), Class::LaneExchange);
    assert_eq!((plan.rounds(), plan.lower_bound()), (2, 2));
}

#[test]
fn every_catalog_pair_over_one_tile() {
    let mut groups: HashMap<(u32, u32, u32), Vec<&Numeral>> = HashMap::new();
    // The scale-factor layouts broadcast: conversions refuse them (test `broadcast`).
    for entry in CATALOG.iter().filter(|e| !e.numeral.has_broadcast()) {
        let n = entry.numeral;
        let same = groups.entry((n.rows, n.cols, n.threads())).or_default();
        if !same.iter().any(|m| m.digits == n.digits) {
            same.push(n);
        }
    }
    let (mut pairs, mut exchanges) = (0, 0);
    for same in groups.values() {
        for from in same {
            for to in same {
                if to.elements as usize > MAX_PLAN_ELEMENTS {
                    // The x128 packed `tcgen05` layouts: 256 elements, past what a plan holds.
                    let e = Plan::new(from, to).map(|p| p.class()).unwrap_err();
                    assert!(matches!(e, ConvertError::TooManyElements { .. }), "{e:?}");
                    continue;
                }
                if let Some((rounds, _)) = check_pair(from, to) {
                    exchanges += (rounds > 0) as u32;
                }
                pairs += 1;
            }
        }
    }
    assert!(
        pairs > 150 && exchanges > 20,
        "{pairs} pairs, {exchanges} exchanges"
    );
}

#[test]
fn random_pairs_over_one_tile() {
    let mut rng = Rng(0xc0417e);
    let mut seen = HashMap::new();
    for _ in 0..1000 {
        let shape = Shape::random(&mut rng, &[1, 1, 1, 2, 4], &[1, 2, 3, 4, 5, 6, 8, 12, 16]);
        // Several warps: mostly each warp on a band of its own in both layouts (a plan
        // exists), otherwise anywhere (values cross warps, or warps route differently).
        let on_top = shape.warps == 1 || rng.below(4) != 0;
        let from = RandomNumeral::random(&mut rng, shape, on_top);
        let to = RandomNumeral::random(&mut rng, shape, on_top);
        let outcome = match check_pair(&from.numeral("from"), &to.numeral("to")) {
            Some((0, _)) => "in thread",
            Some(_) => "exchange",
            None => "error",
        };
        *seen.entry(outcome).or_insert(0) += 1;
    }
    assert!(seen["exchange"] > 400 && seen["error"] > 20, "{seen:?}");
}

#[test]
fn big_random_pairs_meet_the_bound() {
    // 128 elements per lane, as the widest wgmma accumulator: the largest plans there are.
    let mut rng = Rng(0xb16);
    for _ in 0..6 {
        let shape = Shape::random(&mut rng, &[1, 4], &[MAX_PLAN_ELEMENTS as u32]);
        let from = RandomNumeral::random(&mut rng, shape, true);
        let to = RandomNumeral::random(&mut rng, shape, true);
        let (rounds, _) = check_pair(&from.numeral("from"), &to.numeral("to")).unwrap();
        assert!(rounds > 64, "{rounds}");
    }
}

#[test]
fn crossing_warps_is_an_error_naming_the_values() {
    // The wgmma accumulator's warps own row bands; this layout gives them column bands.
    let digits = [
        Digit::element(1, 2, 1),
        Digit::lane(1, 4, 2),
        Digit::warp(1, 4, 8),
        Digit::lane(4, 8, 32),
        Digit::element(2, 4, 256),
        Digit::element(8, 2, 1024),
    ];
    let columns = Numeral::new("columns", 64, 32, 16, &digits).with_warps(4);
    let rows = catalog::SM90_64x32x16_F32_C;
    let err = Plan::new(&rows, &columns).unwrap_err();
    assert_eq!(check_pair(&rows, &columns), None);
    let ConvertError::CrossesWarps { count, total, .. } = err else {
        panic!("{err:?}")
    };
    // In each 16 x 32 band of rows, the quarter of columns of the band's own warp stays.
    assert_eq!((count, total), (1536, 2048));
    assert!(err
        .message()
        .as_str()
        .starts_with("1536 of 2048 elements cross warps: to's (thread "));
    assert!(err
        .message()
        .as_str()
        .ends_with("; a conversion moves values within a warp only"));
}

#[test]
fn swapped_warp_bands_cross() {
    // The accumulator's warp digits in the other order: warps 0 and 3 keep their row bands,
    // warps 1 and 2 trade theirs.
    let digits = [
        Digit::element(1, 2, 1),
        Digit::lane(1, 4, 2),
        Digit::element(4, 2, 8),
        Digit::lane(4, 8, 16),
        Digit::element(2, 2, 128),
        Digit::warp(2, 2, 256),
        Digit::warp(1, 2, 512),
    ];
    let swapped = Numeral::new("swapped", 64, 16, 8, &digits).with_warps(4);
    assert!(swapped.is_bijection());
    let err = Plan::new(&SM90_64x16x16_F32_C, &swapped).unwrap_err();
    assert!(
        matches!(
            err,
            ConvertError::CrossesWarps {
                count: 512,
                total: 1024,
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(check_pair(&SM90_64x16x16_F32_C, &swapped), None);
}

#[test]
fn mismatched_layouts_are_errors() {
    let c = SM80_16x8x16_F32_C;
    let err = Plan::new(&c, &SM80_16x8x16_F16_A_ROW).unwrap_err();
    assert_eq!(
        err,
        ConvertError::TilesDiffer {
            from: (16, 8),
            to: (16, 16)
        }
    );
    assert_eq!(
        err.message().as_str(),
        "the tiles differ: from is 16 x 8, to is 16 x 16: use \
         `from.tiled_or_panic(1, 2).numeral()` as from"
    );
    assert_eq!(classify(&c, &SM80_16x8x16_F16_A_ROW), Err(err));

    // 64 x 16 over a warpgroup, and over one warp (the m16n8 accumulator tiled 4 x 2).
    let warp = c.tiled(4, 2).unwrap();
    let err = Plan::new(&SM90_64x16x16_F32_C, &warp.numeral()).unwrap_err();
    assert_eq!(err, ConvertError::ThreadsDiffer { from: 128, to: 32 });

    let eight = Numeral::new("eight", 16, 8, 8, c.digits);
    let err = Plan::new(&c, &eight).unwrap_err();
    assert_eq!(err, ConvertError::ElementsDiffer { from: 4, to: 8 });
    assert!(err
        .message()
        .as_str()
        .starts_with("from holds 4 elements per thread, to 8"));

    // `e / 2` one place too high.
    let digits = [
        Digit::element(1, 2, 1),
        Digit::lane(1, 4, 2),
        Digit::lane(4, 8, 8),
        Digit::element(2, 2, 128),
    ];
    let wrong = Numeral::new("wrong", 16, 8, 4, &digits);
    let err = Plan::new(&c, &wrong).unwrap_err();
    let ConvertError::NotBijection { side, error, .. } = err else {
        panic!("{err:?}")
    };
    assert_eq!(side, Side::To);
    assert_eq!(Err(error), wrong.check());
    let words = err.message();
    assert!(
        words
            .as_str()
            .starts_with("to is not a bijection onto its tile: "),
        "{words}"
    );
    assert!(
        words.as_str().ends_with(error.message(&wrong).as_str()),
        "{words}"
    );
    let err = Plan::new(&wrong, &c).unwrap_err();
    assert!(matches!(
        err,
        ConvertError::NotBijection {
            side: Side::From,
            ..
        }
    ));
}

#[test]
fn more_elements_than_a_plan_holds_classify_but_do_not_plan() {
    let wide = SM90_64x256x16_F32_C.tiled(1, 2).unwrap();
    let wide = wide.numeral();
    assert_eq!(wide.elements, 256);
    let err = Plan::new(&wide, &wide).unwrap_err();
    assert_eq!(
        err,
        ConvertError::TooManyElements {
            elements: 256,
            limit: MAX_PLAN_ELEMENTS as u32
        }
    );
    assert_eq!(
        err.message().as_str(),
        "256 elements per thread, a plan holds at most 128: convert the tile in parts of at most \
         128 elements per thread"
    );
    assert_eq!(classify(&wide, &wide), Ok(Class::Identity));
}

/// The widest accumulator to a row-blocked layout (each lane 8 consecutive elements of 16 rows
/// of its warp's band): 124 rounds over 128 elements and 4 warps, the largest plans there are.
const ROW_BLOCKED: Numeral = Numeral::new(
    "row blocked",
    64,
    256,
    128,
    &[
        Digit::element(1, 8, 1),
        Digit::lane(1, 32, 8),
        Digit::element(8, 16, 256),
        Digit::warp(1, 4, 4096),
    ],
)
.with_warps(4);

#[test]
fn the_largest_plans_are_built_at_compile_time() {
    // Both evaluated by the compiler: a tripwire for const-evaluation cost (rustc refuses a
    // constant that runs too long).
    const SAME: Plan = match Plan::new(&SM90_64x256x16_F32_C, &SM90_64x256x16_F32_C) {
        Ok(p) => p,
        Err(_) => panic!("the identity"),
    };
    const STORE: Plan = match Plan::new(&SM90_64x256x16_F32_C, &ROW_BLOCKED) {
        Ok(p) => p,
        Err(_) => panic!("within each warp"),
    };
    assert_eq!((SAME.class(), SAME.rounds()), (Class::Identity, 0));
    assert_eq!(STORE.class(), Class::LaneExchange);
    assert_eq!(STORE.rounds(), STORE.lower_bound());
    assert_eq!(
        check_pair(&SM90_64x256x16_F32_C, &ROW_BLOCKED),
        Some((STORE.rounds(), STORE.selects()))
    );
}

/// `1 x 32W` held by `W` warps through `warp_digits` (lanes at place 1).
fn many_warps(name: &'static str, warps: u32, warp_digits: &[Digit]) -> Numeral<'static> {
    let digits: Vec<Digit> = std::iter::once(Digit::lane(1, 32, 1))
        .chain(warp_digits.iter().copied())
        .collect();
    Numeral::new(
        name,
        1,
        LANES * warps,
        1,
        Box::leak(digits.into_boxed_slice()),
    )
    .with_warps(warps)
}

#[test]
fn many_warps_with_the_same_warp_digits_are_settled_by_their_digits() {
    // 1 048 576 warps: the same warp part for every warp, read off the digits, none visited.
    let a = many_warps("a", 1 << 20, &[Digit::warp(1, 1 << 20, 32)]);
    assert_eq!(classify(&a, &a), Ok(Class::Identity));
    // The same warp part written as two digits, one continuing the other.
    let split = many_warps(
        "split",
        1 << 20,
        &[Digit::warp(1, 2, 32), Digit::warp(2, 1 << 19, 64)],
    );
    assert_eq!(classify(&a, &split), Ok(Class::Identity));
    assert_eq!(
        Plan::new(&split, &a).map(|p| p.class()),
        Ok(Class::Identity)
    );
}

#[test]
fn values_crossing_many_warps_are_counted_within_the_limit() {
    let a = many_warps("a", 1 << 20, &[Digit::warp(1, 1 << 20, 32)]);
    // Lane l of every warp holds the value warp l wants: values cross warps from warp 0.
    let digits = [Digit::lane(1, 32, 1 << 20), Digit::warp(1, 1 << 20, 1)];
    let t = Numeral::new("t", 1, LANES << 20, 1, &digits).with_warps(1 << 20);
    let err = classify(&a, &t).unwrap_err();
    let ConvertError::CrossesWarps {
        count,
        total,
        counted_warps: Some(w),
        ..
    } = err
    else {
        panic!("{err:?}")
    };
    assert_eq!(total, LANES << 20);
    // Warp 0's 31 and each counted warp's 32 (lane 0 stays in warp 0 only).
    assert!(w > 1 && w < 1 << 20, "{w}");
    assert!(
        u64::from(w - 1) * u64::from(LANES) <= u64::from(layout_core::convert::MAX_SCANNED_VALUES)
    );
    assert_eq!(count, 31 + (w - 1) * 32);
    assert!(err.message().as_str().starts_with(&format!(
        "at least {count} of {total} elements cross warps (counted in the first {w} warps)"
    )));
}

#[test]
fn warp_digits_that_differ_past_the_limit_are_refused_naming_it() {
    // 16384 warps in four blocks of 4096; `swapped` trades blocks 1 and 2, so the warps differ
    // from warp 4096 on, past the warps a check visits.
    let w = 4 * 4096;
    let a = many_warps("a", w, &[Digit::warp(1, w, 32)]);
    let swapped = many_warps(
        "swapped",
        w,
        &[
            Digit::warp(1, 4096, 32),
            Digit::warp(4096, 2, 262_144),
            Digit::warp(8192, 2, 131_072),
        ],
    );
    assert!(swapped.is_bijection());
    let err = classify(&a, &swapped).unwrap_err();
    assert_eq!(
        err,
        ConvertError::TooManyWarps {
            warps: w,
            limit: layout_core::convert::MAX_SCANNED_WARPS
        }
    );
    assert!(err.message().as_str().contains("at most 4096"), "{err:?}");
}
