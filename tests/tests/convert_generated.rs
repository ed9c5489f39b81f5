//! The code `#[convert_layout]` generates, run for all 32 lanes in lockstep on the host warp
//! (`fraglayout::testing::Warp`), whose shuffle is a real collective: each lane's result
//! must be exactly the destination layout's fragment, with one shuffle per planned round.
//!
//! Each lane starts with the tile offsets its source layout gives it (`from[e] =
//! FROM.offset(lane, e)`, computed here by brute force), so a value that lands in the wrong
//! lane or register is caught by its number.
//!
//! On `u32` words holding 16-bit values two to a word (8-bit four), the generated code is the
//! packed plan's straight-line code (lane arithmetic on whole words, else parts moved by
//! shifts and masks): each lane starts with its source layout's packed registers of tile offsets
//! (16 bits of each, or one byte at a time) and must end with the destination's, in as many
//! 32-bit shuffles as the packed lower bound.

use fraglayout::catalog::{SM100_TMEM_16dp64b4x, SM70_8x8x4_F16_B_ROW, SM90_16x8x16_F64_B_COL};
use fraglayout::catalog::{
    SM70_8x8x4_F16_A_COL, SM70_8x8x4_F16_A_ROW, SM75_16x8x8_F16_B_COL, SM75_16x8x8_F16_C,
    SM75_U16x2_LDSM_T, SM75_U16x8_LDSM_T, SM75_U32x1_LDSM_N, SM75_U32x4_LDSM_N,
    SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F16_C, SM80_16x8x16_F32_C,
    SM80_16x8x32_S8_A_ROW, CATALOG,
};
use fraglayout::convert::{Class, PackedPlan, Plan, Relay};
use fraglayout::testing::Warp;
use fraglayout::{convert_layout, numeral, Numeral};

/// Two `m16n8k16` accumulators side by side: 16 x 16, 8 elements per lane.
const ACC2: Numeral = SM80_16x8x16_F32_C.tiled_or_panic(1, 2).numeral();
/// A warp's 2 x 4 grid of `m16n8k16` accumulators: 32 x 32, 32 elements per lane.
const ACC8: Numeral = SM80_16x8x16_F32_C.tiled_or_panic(2, 4).numeral();

numeral! {
    /// `ldmatrix.x4` with the four matrices addressed as the 2 x 2 blocks of a 16 x 16 tile
    /// (matrix 1 below matrix 0, matrix 2 right of it), as kernels load an A operand.
    LDSM_X4_BLOCKS: 16 x 16, elements 8 {
        e % 2 => 1, lane % 4 => 2, lane / 4 => 16, e / 2 % 2 => 128, e / 4 => 8,
    }
}

numeral! {
    /// The same, with matrices 1 and 2 swapped (matrix 1 right of matrix 0).
    LDSM_X4_ACROSS: 16 x 16, elements 8 {
        e % 2 => 1, lane % 4 => 2, lane / 4 => 16, e / 2 % 2 => 8, e / 4 => 128,
    }
}

numeral! {
    /// 16 x 8 in rows of 4: each lane holds 4 consecutive elements of a row (one 16-byte
    /// store of f32).
    ROWS4_16X8: 16 x 8, elements 4 { e => 1, lane % 2 => 4, lane / 2 => 8 }
}

numeral! {
    /// 16 x 16 in rows of 8: each lane holds 8 consecutive elements of a row.
    ROWS8_16X16: 16 x 16, elements 8 { e => 1, lane % 2 => 8, lane / 2 => 16 }
}

numeral! {
    /// 32 x 32 in rows of 8: lane holds 8 consecutive elements of 4 rows.
    ROWS8_32X32: 32 x 32, elements 32 { e % 8 => 1, lane % 4 => 8, lane / 4 => 32, e / 8 => 256 }
}

numeral! {
    /// 3 x 32, blocked: lane `l` holds offsets `3l .. 3l + 3` (CUB's blocked arrangement).
    BLOCKED3: 3 x 32, elements 3 { e => 1, lane => 3 }
}

numeral! {
    /// 3 x 32, striped: lane `l` holds column `l` of each row (CUB's striped arrangement).
    STRIPED3: 3 x 32, elements 3 { lane => 1, e => 32 }
}

#[convert_layout(ACC2 => SM80_16x8x16_F16_A_ROW)]
fn fa2(lane: u32, from: &[u32; 8], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 8] {}

#[convert_layout(LDSM_X4_BLOCKS => SM80_16x8x16_F16_A_ROW)]
fn ldsm_blocks_to_a(lane: u32, from: &[u32; 8], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 8] {}

#[convert_layout(LDSM_X4_ACROSS => SM80_16x8x16_F16_A_ROW)]
fn ldsm_across_to_a(lane: u32, from: [u32; 8], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 8] {}

#[convert_layout(SM75_U32x1_LDSM_N => SM75_U16x2_LDSM_T)]
fn transpose_8x8(lane: u32, from: &[u32; 2], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 2] {}

#[convert_layout(SM80_16x8x16_F32_C => ROWS4_16X8)]
fn acc_to_rows4(lane: u32, from: &[u32; 4], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 4] {}

#[convert_layout(ACC2 => ROWS8_16X16)]
fn acc2_to_rows8(lane: usize, from: &[u32; 8], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 8] {}

#[convert_layout(ACC8 => ROWS8_32X32)]
fn acc8_to_rows8(lane: u32, from: &[u32; 32], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 32] {}

#[convert_layout(SM80_16x8x16_F32_C => SM80_16x8x16_F16_B_COL)]
fn acc_to_b(lane: u32, from: &[u32; 4], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 4] {}

#[convert_layout(BLOCKED3 => STRIPED3)]
fn blocked_to_striped(lane: u8, from: &[u32; 3], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 3] {
}

#[convert_layout(SM70_8x8x4_F16_A_ROW => SM70_8x8x4_F16_A_COL)]
fn m8n8k4_a_row_to_col(
    lane: u32,
    from: &[u32; 4],
    shuffle: impl FnMut(u32, u32) -> u32,
) -> [u32; 4] {
}

/// Runs `convert` for the 32 lanes of a warp, every lane starting from its `from` fragment of
/// tile offsets; checks the result against `to` and the shuffles against the plan. Returns the
/// plan.
fn check<const N: usize>(
    from: &Numeral,
    to: &Numeral,
    convert: impl Fn(u32, &[u32; N], &mut dyn FnMut(u32, u32) -> u32) -> [u32; N] + Sync,
) -> Plan {
    let offsets = |n: &Numeral, lane: u32| -> [u32; N] {
        core::array::from_fn(|e| {
            let (row, col) = n.coords(lane, e as u32).expect("in range");
            row * n.cols + col
        })
    };
    let warp = Warp::run(|lane, shuffle| convert(lane, &offsets(from, lane), shuffle));
    for (lane, frag) in warp.lanes.iter().enumerate() {
        assert_eq!(
            *frag,
            offsets(to, lane as u32),
            "lane {lane}: {} => {}",
            from.name,
            to.name
        );
    }
    let plan = Plan::new(from, to).expect("convertible");
    assert_eq!(
        warp.shuffles,
        u64::from(plan.rounds()),
        "one shuffle per round"
    );
    assert_eq!(
        plan.rounds(),
        plan.lower_bound(),
        "rounds at the lower bound"
    );
    plan
}

#[test]
fn fa2_accumulators_are_the_a_operand_without_a_shuffle() {
    let plan = check(&ACC2, &SM80_16x8x16_F16_A_ROW, |l, f, s| fa2(l, f, s));
    assert_eq!(
        (plan.class(), plan.rounds(), plan.selects()),
        (Class::Identity, 0, 0)
    );
}

#[test]
fn ldmatrix_blocks_are_the_a_operand_and_swapped_blocks_a_renaming() {
    let plan = check(&LDSM_X4_BLOCKS, &SM80_16x8x16_F16_A_ROW, |l, f, s| {
        ldsm_blocks_to_a(l, f, s)
    });
    assert_eq!(plan.class(), Class::Identity);
    let plan = check(&LDSM_X4_ACROSS, &SM80_16x8x16_F16_A_ROW, |l, f, s| {
        ldsm_across_to_a(l, *f, s)
    });
    assert_eq!(
        (plan.class(), plan.rounds(), plan.selects()),
        (Class::Renaming, 0, 0)
    );
}

#[test]
fn exchanges_deliver_the_destination_layout() {
    for plan in [
        check(&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T, |l, f, s| {
            transpose_8x8(l, f, s)
        }),
        check(&SM80_16x8x16_F32_C, &ROWS4_16X8, |l, f, s| {
            acc_to_rows4(l, f, s)
        }),
        check(&ACC2, &ROWS8_16X16, |l, f, s| {
            acc2_to_rows8(l as usize, f, s)
        }),
        check(&ACC8, &ROWS8_32X32, |l, f, s| acc8_to_rows8(l, f, s)),
        check(&SM80_16x8x16_F32_C, &SM80_16x8x16_F16_B_COL, |l, f, s| {
            acc_to_b(l, f, s)
        }),
        check(&BLOCKED3, &STRIPED3, |l, f, s| {
            blocked_to_striped(l as u8, f, s)
        }),
        check(&SM70_8x8x4_F16_A_ROW, &SM70_8x8x4_F16_A_COL, |l, f, s| {
            m8n8k4_a_row_to_col(l, f, s)
        }),
    ] {
        assert_eq!(plan.class(), Class::LaneExchange);
        assert!(plan.rounds() > 0);
    }
}

#[test]
fn a_lane_given_as_a_thread_index_reads_its_low_five_bits() {
    // Lane 37 of a two-warp launch is lane 5 of its warp: the same fragment as lane 5.
    let got = Warp::run(|lane, shuffle| {
        let from: [u32; 4] = core::array::from_fn(|e| 100 * lane + e as u32);
        acc_to_rows4(lane + 32, &from, shuffle)
    });
    let want = Warp::run(|lane, shuffle| {
        let from: [u32; 4] = core::array::from_fn(|e| 100 * lane + e as u32);
        acc_to_rows4(lane, &from, shuffle)
    });
    assert_eq!(got, want);
}

numeral! {
    /// 16 x 32 in rows of 16: each lane holds 16 consecutive 8-bit elements of a row.
    ROWS16_16X32: 16 x 32, elements 16 { e => 1, lane % 2 => 16, lane / 2 => 32 }
}

#[convert_layout(SM80_16x8x16_F16_C => ROWS4_16X8)]
fn f16_acc_to_rows4(lane: u32, from: &[u32; 2], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 2] {}

#[convert_layout(SM75_16x8x8_F16_C => SM80_16x8x16_F16_B_COL)]
fn f16_acc_to_b(lane: u32, from: &[u32; 2], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 2] {}

#[convert_layout(SM75_U32x1_LDSM_N => SM75_U16x2_LDSM_T)]
fn transpose_8x8_packed(
    lane: u32,
    from: &[u32; 1],
    shuffle: impl FnMut(u32, u32) -> u32,
) -> [u32; 1] {
}

#[convert_layout(SM75_16x8x8_F16_B_COL => SM75_U32x1_LDSM_N)]
fn b_to_ldsm_x1_packed(
    lane: u32,
    from: &[u32; 1],
    shuffle: impl FnMut(u32, u32) -> u32,
) -> [u32; 1] {
}

#[convert_layout(SM75_U32x4_LDSM_N => SM75_U16x8_LDSM_T)]
fn ldsm_x4_transposed(
    lane: u32,
    from: &[u32; 4],
    shuffle: impl FnMut(u32, u32) -> u32,
) -> [u32; 4] {
}

#[convert_layout(SM70_8x8x4_F16_A_ROW => SM70_8x8x4_F16_A_COL)]
fn m8n8k4_a_packed(lane: u32, from: &[u32; 2], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 2] {}

#[convert_layout(ACC2 => ROWS8_16X16)]
fn acc2_to_rows8_packed(
    lane: u32,
    from: &[u32; 4],
    shuffle: impl FnMut(u32, u32) -> u32,
) -> [u32; 4] {
}

#[convert_layout(SM80_16x8x32_S8_A_ROW => ROWS16_16X32)]
fn s8_a_to_rows16(lane: u32, from: &[u32; 4], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 4] {}

/// Lane `lane`'s registers of `n`, its values packed `k` to a word: element `k w + j` in bits
/// `j * 32 / k` up of word `w`, each value `part` of its tile offset (a value narrower than
/// an offset is checked one part at a time).
fn packed_offsets<const W: usize>(
    n: &Numeral,
    lane: u32,
    k: usize,
    part: fn(u32) -> u32,
) -> [u32; W] {
    let bits = 32 / k;
    core::array::from_fn(|w| {
        (0..k).fold(0, |word, j| {
            let (row, col) = n.coords(lane, (w * k + j) as u32).expect("in range");
            word | part(row * n.cols + col) << (j * bits)
        })
    })
}

/// Runs a packed conversion for the 32 lanes of a warp from `from`'s packed registers (values
/// `part` of each tile offset) and checks every lane's result against `to`'s; the shuffles
/// each lane made.
fn deliver_packed<const W: usize>(
    from: &Numeral,
    to: &Numeral,
    part: fn(u32) -> u32,
    convert: impl Fn(u32, &[u32; W], &mut dyn FnMut(u32, u32) -> u32) -> [u32; W] + Sync,
) -> u64 {
    let k = from.elements as usize / W;
    let warp =
        Warp::run(|lane, shuffle| convert(lane, &packed_offsets(from, lane, k, part), shuffle));
    for (lane, regs) in warp.lanes.iter().enumerate() {
        let want: [u32; W] = packed_offsets(to, lane as u32, k, part);
        assert_eq!(
            *regs, want,
            "lane {lane}: {} => {}, {k} a word",
            from.name, to.name
        );
    }
    warp.shuffles
}

/// [`deliver_packed`], and the shuffles against the packed plan's rounds and lower bound.
/// Returns the packed plan.
fn check_packed<const W: usize>(
    from: &Numeral,
    to: &Numeral,
    part: fn(u32) -> u32,
    convert: impl Fn(u32, &[u32; W], &mut dyn FnMut(u32, u32) -> u32) -> [u32; W] + Sync,
) -> PackedPlan {
    let shuffles = deliver_packed(from, to, part, convert);
    let k = from.elements / W as u32;
    let plan = PackedPlan::new(from, to, k).expect("convertible");
    assert_eq!(shuffles, u64::from(plan.rounds()), "one shuffle per round");
    assert_eq!(
        plan.rounds(),
        plan.lower_bound(),
        "rounds at the lower bound"
    );
    plan
}

/// [`deliver_packed`] for 16-bit values two to a word, in the relay's shuffles, fewer than the
/// packed plan's rounds. Returns the relay.
fn check_relay<const W: usize>(
    from: &Numeral,
    to: &Numeral,
    convert: impl Fn(u32, &[u32; W], &mut dyn FnMut(u32, u32) -> u32) -> [u32; W] + Sync,
) -> Relay {
    let shuffles = deliver_packed(from, to, WHOLE, convert);
    let relay = Relay::new(from, to).expect("a relay");
    let packed = PackedPlan::new(from, to, 2).expect("convertible");
    assert_eq!(
        shuffles,
        u64::from(relay.rounds()),
        "one shuffle per relay round"
    );
    assert!(
        relay.rounds() < packed.rounds(),
        "{} => {}",
        from.name,
        to.name
    );
    relay
}

/// A tile offset as one 16-bit value, and as its low and high bytes.
const WHOLE: fn(u32) -> u32 = |o| o;
const LOW: fn(u32) -> u32 = |o| o & 0xFF;
const HIGH: fn(u32) -> u32 = |o| o >> 8;

#[test]
fn packed_16_bit_pairs_deliver_the_destination_registers_in_half_the_rounds() {
    let plan = check_packed(&SM80_16x8x16_F16_C, &ROWS4_16X8, WHOLE, |l, f, s| {
        f16_acc_to_rows4(l, f, s)
    });
    assert_eq!((plan.rounds(), plan.permutes()), (2, 0)); // 4 one value a shuffle
    let plan = check_packed(
        &SM75_16x8x8_F16_C,
        &SM80_16x8x16_F16_B_COL,
        WHOLE,
        |l, f, s| f16_acc_to_b(l, f, s),
    );
    assert_eq!(plan.rounds(), 2); // 4 one value a shuffle
    assert!(plan.pack_arith().is_some()); // the same half of both words packed for one reader
    let plan = check_packed(&SM75_U32x4_LDSM_N, &SM75_U16x8_LDSM_T, WHOLE, |l, f, s| {
        ldsm_x4_transposed(l, f, s)
    });
    assert_eq!(plan.rounds(), 4); // 8 one value a shuffle
    assert!(plan.pack_arith().is_some());
    let plan = check_packed(&ACC2, &ROWS8_16X16, WHOLE, |l, f, s| {
        acc2_to_rows8_packed(l, f, s)
    });
    assert_eq!(plan.rounds(), 4); // 8 one value a shuffle
    let plan = check_packed(&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T, WHOLE, |l, f, s| {
        transpose_8x8_packed(l, f, s)
    });
    assert_eq!(plan.rounds(), 2); // a transpose splits every pair: no gain
    assert!(plan.part_reads().is_some()); // a round a value: whole words, parts read
    let plan = check_packed(
        &SM75_16x8x8_F16_B_COL,
        &SM75_U32x1_LDSM_N,
        WHOLE,
        |l, f, s| b_to_ldsm_x1_packed(l, f, s),
    );
    assert!(plan.part_reads().is_some());
}

#[convert_layout(SM100_TMEM_16dp64b4x => SM80_16x8x16_F16_C)]
fn tmem_to_f16_acc(lane: u32, from: &[u32; 2], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 2] {}

#[convert_layout(SM80_16x8x16_F16_C => SM100_TMEM_16dp64b4x)]
fn f16_acc_to_tmem(lane: u32, from: &[u32; 2], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 2] {}

#[convert_layout(SM70_8x8x4_F16_B_ROW => SM90_16x8x16_F64_B_COL)]
fn m8n8k4_b_to_f64_b(lane: u32, from: &[u32; 2], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 2] {
}

/// Where a lane needs values from three lanes, one hop a value takes three rounds; swapping
/// a lane bit with an in-lane bit at a time takes two (`Relay`). The four pairs cover every
/// shape of relay the catalog's pairs take (the swaps `(lane bit, index bit)` and whether the
/// in-lane order is the identity), which is all the code depends on.
#[test]
fn relays_deliver_the_destination_in_fewer_shuffles_than_one_hop() {
    let steps = |r: &Relay| (0..r.steps()).filter_map(|k| r.step(k)).collect::<Vec<_>>();
    let quad = check_relay(&SM70_8x8x4_F16_A_ROW, &SM70_8x8x4_F16_A_COL, |l, f, s| {
        m8n8k4_a_packed(l, f, s)
    });
    assert_eq!((quad.rounds(), steps(&quad)), (2, vec![(0, 0), (1, 1)]));
    let back = check_relay(&SM100_TMEM_16dp64b4x, &SM80_16x8x16_F16_C, |l, f, s| {
        tmem_to_f16_acc(l, f, s)
    });
    assert_eq!(steps(&back), [(0, 0), (1, 1)]);
    assert!(
        (0..4).any(|e| back.source_index(e) != Some(e)),
        "an in-lane order"
    );
    let there = check_relay(&SM80_16x8x16_F16_C, &SM100_TMEM_16dp64b4x, |l, f, s| {
        f16_acc_to_tmem(l, f, s)
    });
    assert_eq!(steps(&there), [(0, 1), (1, 0)]);
    let b = check_relay(&SM70_8x8x4_F16_B_ROW, &SM90_16x8x16_F64_B_COL, |l, f, s| {
        m8n8k4_b_to_f64_b(l, f, s)
    });
    assert_eq!(steps(&b), [(2, 0), (3, 1)]);
}

#[test]
fn packed_whole_words_move_as_single_values_and_split_pairs_as_parts() {
    // Whole words: the lane-arithmetic form; pairs split across words: parts by shifts.
    let words = |from: &Numeral, to: &Numeral| {
        let p = PackedPlan::new(from, to, 2).expect("convertible");
        (p.word_arith().is_some(), p.rounds())
    };
    assert_eq!(words(&SM80_16x8x16_F16_C, &ROWS4_16X8), (true, 2));
    assert_eq!(words(&ACC2, &ROWS8_16X16), (true, 4));
    assert_eq!(words(&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T), (false, 2));
    assert_eq!(
        words(&SM70_8x8x4_F16_A_ROW, &SM70_8x8x4_F16_A_COL),
        (false, 3)
    );
}

#[test]
fn packed_8_bit_values_go_four_to_a_shuffle() {
    for part in [LOW, HIGH] {
        let plan = check_packed(&SM80_16x8x32_S8_A_ROW, &ROWS16_16X32, part, |l, f, s| {
            s8_a_to_rows16(l, f, s)
        });
        assert_eq!((plan.per_word(), plan.rounds()), (4, 4)); // 16 one value a shuffle
    }
}

#[test]
fn every_16_bit_catalog_pair_runs_at_the_packed_lower_bound() {
    // The plan the code `#[convert_layout]` generates on packed words is built from, run by its
    // reference interpreter `PackedPlan::run`: here on every ordered pair of the catalog's
    // 16-bit layouts over one tile that has a plan.
    let sixteen: Vec<&Numeral> = CATALOG
        .iter()
        .filter(|e| e.element_bits == 16)
        .map(|e| e.numeral)
        .collect();
    let (mut pairs, mut exchanges, mut halved) = (0, 0, 0);
    for from in &sixteen {
        for to in &sixteen {
            let Ok(single) = Plan::new(from, to) else {
                continue;
            };
            let plan = PackedPlan::new(from, to, 2).expect("16-bit layouts pack in pairs");
            let warp = run_any(from, &plan);
            for (lane, regs) in warp.lanes.iter().enumerate() {
                let want: Vec<u32> = (0..plan.words())
                    .map(|w| packed_word(to, lane as u32, w))
                    .collect();
                assert_eq!(*regs, want, "lane {lane}: {} => {}", from.name, to.name);
            }
            assert_eq!(
                warp.shuffles,
                u64::from(plan.lower_bound()),
                "{} => {}",
                from.name,
                to.name
            );
            assert_eq!(
                plan.any_bound(),
                plan.lower_bound(),
                "{} => {}",
                from.name,
                to.name
            );
            pairs += 1;
            if single.class() == Class::LaneExchange {
                exchanges += 1;
                halved += usize::from(2 * plan.rounds() == single.rounds());
            }
        }
    }
    // Ordered pairs by name (layouts sharing a numeral counted apart), the same layout too;
    // 270 of them between the packed `tcgen05.ld` / `tcgen05.st` layouts.
    assert_eq!((pairs, exchanges, halved), (844, 476, 364));
}

#[test]
fn part_reads_deliver_every_16_bit_catalog_pair_they_take() {
    // `PackedPlan::part_reads` as its docs say lane `l` runs it: `g[i] = from[i ^ A(l)]`, then
    // per destination value `d`, part `P(l) ^ a[3][d]` of `g[a[2][d]]` of lane
    // `src(l) ^ a[1][d]`, into part `d % 2` of word `d / 2`.
    let lin = |a: &[[u8; 128]; 4], at: usize, l: u32| {
        (0..5).fold(0, |x, i| {
            if l >> i & 1 != 0 {
                x ^ u32::from(a[0][at + i])
            } else {
                x
            }
        })
    };
    let sixteen: Vec<&Numeral> = CATALOG
        .iter()
        .filter(|e| e.element_bits == 16)
        .map(|e| e.numeral)
        .collect();
    let mut taken = 0;
    for from in &sixteen {
        for to in &sixteen {
            let Ok(plan) = PackedPlan::new(from, to, 2) else {
                continue;
            };
            let Some(a) = plan.part_reads() else {
                continue;
            };
            assert!(plan.word_arith().is_none() && plan.elements() <= plan.rounds());
            for lane in 0..32 {
                let g = |u: u32, i: u32| packed_word(from, u, i ^ lin(&a, 5, u));
                let mut got = vec![0; plan.words() as usize];
                for d in 0..plan.elements() as usize {
                    let u = lin(&a, 0, lane) ^ u32::from(a[1][d]);
                    let p = lin(&a, 10, lane) ^ u32::from(a[3][d]);
                    let half = g(u, u32::from(a[2][d])) >> (16 * p) & 0xFFFF;
                    got[d / 2] |= half << (16 * (d % 2));
                }
                let want: Vec<u32> = (0..plan.words())
                    .map(|w| packed_word(to, lane, w))
                    .collect();
                assert_eq!(got, want, "lane {lane}: {} => {}", from.name, to.name);
            }
            taken += 1;
        }
    }
    // The `ldmatrix .x1` and `movmatrix` transposes and the `m16n8k8` B operand between them.
    assert_eq!(taken, 24);
}

#[test]
fn pack_arith_delivers_every_16_bit_catalog_pair_it_takes() {
    // `PackedPlan::pack_arith` as its docs say lane `l` runs it: packs of constant parts,
    // `g[m] = packs[m ^ A(l)]`, per round `y[r] = g[a[2][r]]` of lane `src(l) ^ a[1][r]`,
    // `h[m] = y[m ^ B(l)]`, and element `d` part `a[4][d] % 2` of `h[a[4][d] / 2]`.
    let lin = |a: &[[u8; 128]; 5], at: usize, l: u32| {
        (0..5).fold(0, |x, i| {
            if l >> i & 1 != 0 {
                x ^ usize::from(a[0][at + i])
            } else {
                x
            }
        })
    };
    let half = |w: u32, p: usize| w >> (16 * p) & 0xFFFF;
    let sixteen: Vec<&Numeral> = CATALOG
        .iter()
        .filter(|e| e.element_bits == 16)
        .map(|e| e.numeral)
        .collect();
    let mut taken = 0;
    for from in &sixteen {
        for to in &sixteen {
            let Ok(plan) = PackedPlan::new(from, to, 2) else {
                continue;
            };
            let Some(a) = plan.pack_arith() else {
                continue;
            };
            let (rounds, packs) = (usize::from(a[0][15]), usize::from(a[0][16]));
            assert!(
                rounds <= plan.rounds() as usize,
                "{} => {}",
                from.name,
                to.name
            );
            let pack = |u: u32, m: usize| {
                (0..2).fold(0, |word, i| match a[3][2 * m + i] {
                    0xFF => word,
                    e => {
                        word | half(packed_word(from, u, u32::from(e) / 2), usize::from(e) % 2)
                            << (16 * i)
                    }
                })
            };
            for lane in 0..32 {
                let y: Vec<u32> = (0..rounds)
                    .map(|r| {
                        let u = lin(&a, 0, lane) as u32 ^ u32::from(a[1][r]);
                        let m = usize::from(a[2][r]) ^ lin(&a, 5, u);
                        assert!(m < packs);
                        pack(u, m)
                    })
                    .collect();
                let h = |m: usize| y[m ^ lin(&a, 10, lane)];
                let mut got = vec![0; plan.words() as usize];
                for d in 0..plan.elements() as usize {
                    let at = usize::from(a[4][d]);
                    got[d / 2] |= half(h(at / 2), at % 2) << (16 * (d % 2));
                }
                let want: Vec<u32> = (0..plan.words())
                    .map(|w| packed_word(to, lane, w))
                    .collect();
                assert_eq!(got, want, "lane {lane}: {} => {}", from.name, to.name);
            }
            taken += 1;
        }
    }
    // Ordered pairs by name, those whose words move whole among them (they take
    // `word_arith`); the `m16n8k16` f16 accumulator to the B operand and the `ldmatrix .x4`
    // transposes take this form.
    assert_eq!(taken, 334);
}

/// Word `w` of lane `lane`'s packed registers of `n`, 16-bit tile offsets two to a word.
fn packed_word(n: &Numeral, lane: u32, w: u32) -> u32 {
    let offset = |e| {
        let (row, col) = n.coords(lane, e).expect("in range");
        row * n.cols + col
    };
    offset(2 * w) | offset(2 * w + 1) << 16
}

/// `plan` run for the 32 lanes of a warp (warp 0 of a warpgroup) on `from`'s packed
/// registers, whatever their number of words.
fn run_any(from: &Numeral, plan: &PackedPlan) -> Warp<Vec<u32>> {
    macro_rules! words {
        ($($w:literal)*) => {
            match plan.words() {
                $($w => run_words::<$w>(from, plan),)*
                n => panic!("{}: {n} words a lane", from.name),
            }
        };
    }
    words!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32
        33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61
        62 63 64)
}

/// `plan` run for the 32 lanes of a warp on `from`'s packed registers of `W` words.
fn run_words<const W: usize>(from: &Numeral, plan: &PackedPlan) -> Warp<Vec<u32>> {
    Warp::run(|lane, shuffle| {
        let regs: [u32; W] = core::array::from_fn(|w| packed_word(from, lane, w as u32));
        plan.run(lane as usize, &regs, shuffle).to_vec()
    })
}

/// A conversion between two catalog layouts, expanded twice: under the catalog's names, which
/// the macro knows (it decides the form at expansion time and writes that form's live blocks
/// alone), and under names of the user's, which it does not (every form written, the
/// constants choosing): the two agree on every lane, shuffle for shuffle. One pair per form.
macro_rules! known_and_unknown_agree {
    ($test:ident, $from:ident => $to:ident, [$t:ty; $n:literal]) => {
        known_and_unknown_agree!($test, $from => $to, [$t; $n], |a: Warp<[$t; $n]>, b: Warp<[$t; $n]>| assert_eq!(a, b));
    };
    // A relay (the library's layouts only): the same values, in fewer shuffles.
    ($test:ident, $from:ident => $to:ident, [$t:ty; $n:literal], relay) => {
        known_and_unknown_agree!($test, $from => $to, [$t; $n], |a: Warp<[$t; $n]>, b: Warp<[$t; $n]>| {
            assert_eq!(a.lanes, b.lanes);
            assert!(a.shuffles < b.shuffles, "{} against {}", a.shuffles, b.shuffles);
        });
    };
    ($test:ident, $from:ident => $to:ident, [$t:ty; $n:literal], $agree:expr) => {
        #[test]
        fn $test() {
            #[allow(unused_imports)]
            use fraglayout::{catalog::*, convert::examples::*};
            const MY_FROM: Numeral = $from;
            const MY_TO: Numeral = $to;
            #[convert_layout($from => $to)]
            fn known(lane: u32, from: &[$t; $n], shuffle: impl FnMut($t, u32) -> $t) -> [$t; $n] {}
            #[convert_layout(MY_FROM => MY_TO)]
            fn mine(lane: u32, from: &[$t; $n], shuffle: impl FnMut($t, u32) -> $t) -> [$t; $n] {}
            let input = |lane: u32| -> [$t; $n] {
                core::array::from_fn(|w| {
                    <$t>::from((lane * 97 + w as u32 * 13) as u16) * <$t>::from(3u16)
                })
            };
            let a = Warp::run(|lane, shuffle| known(lane, &input(lane), shuffle));
            let b = Warp::run(|lane, shuffle| mine(lane, &input(lane), shuffle));
            ($agree)(a, b);
        }
    };
}

known_and_unknown_agree!(identity_agrees, SM70_8x8x4_F16_A_ROW => SM70_8x8x4_F16_A_ROW, [u32; 4]);
known_and_unknown_agree!(packed_identity_agrees, SM70_8x8x4_F16_A_ROW => SM70_8x8x4_F16_A_ROW, [u32; 2]);
known_and_unknown_agree!(lane_arith_agrees, SM70_8x8x4_F16_A_ROW => SM100_TMEM_32dp32b2x_16b, [f32; 4]);
known_and_unknown_agree!(tables_agree, SM70_8x8x4_F16_B_COL => SM100_TMEM_16dp64b2x_16b, [u32; 4]);
known_and_unknown_agree!(packed_arith_agrees, SM70_8x8x4_F16_B_ROW => SM80_16x8x16_F32_C, [u32; 2]);
known_and_unknown_agree!(packed_elements_agree, SM70_8x8x4_F16_A_COL => SM100_TMEM_32dp32b2x_16b, [u32; 2]);
known_and_unknown_agree!(packed_reads_agree, SM75_16x8x8_F16_B_COL => SM80_16x8x8_TF32_B_COL, [u32; 1]);
known_and_unknown_agree!(packed_repack_agrees, SM70_8x8x4_F16_A_ROW => SM100_TMEM_32dp32b2x_16b, [u32; 2]);
known_and_unknown_agree!(packed_straight_agrees, SM70_8x8x4_F16_B_COL => SM100_TMEM_16dp64b2x_16b, [u32; 2]);
known_and_unknown_agree!(quad_transpose_agrees, SM70_8x8x4_F16_A_ROW => SM70_8x8x4_F16_A_COL, [u32; 4]);
known_and_unknown_agree!(packed_quad_transpose_agrees, SM70_8x8x4_F16_A_ROW => SM70_8x8x4_F16_A_COL, [u32; 2], relay);
known_and_unknown_agree!(example_layouts_agree, SM80_16x8x16_F32_C_1x2 => VEC8_16x16_ROW, [f32; 8]);
known_and_unknown_agree!(packed_example_agrees, SM80_16x8x16_F16_C => VEC4_16x8_ROW, [u32; 2]);
known_and_unknown_agree!(tmem_rounds_agree, SM100_TMEM_16dp64b32x => SM100_TMEM_16dp256b8x, [f32; 32]);
known_and_unknown_agree!(renaming_agrees, SM75_U32x4_LDSM_N_16x16_ROW => SM80_16x8x16_F16_A_ROW, [u32; 8]);
known_and_unknown_agree!(striped_tables_agree, BLOCKED_3x32 => STRIPED_3x32, [u32; 3]);
known_and_unknown_agree!(tmem_packed_straight_agrees, SM100_TMEM_16dp64b16x_16b => SM100_TMEM_16dp256b4x_16b, [u32; 16]);
