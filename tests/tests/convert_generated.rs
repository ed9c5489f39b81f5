//! The code `#[convert_layout]` generates, run for all 32 lanes in lockstep on the warp
//! simulator (`fraglayout_tests::warp`), whose shuffle is a real collective: each lane's result
//! must be exactly the destination layout's fragment, with one shuffle per planned round.
//!
//! Each lane starts with the tile offsets its source layout gives it (`from[e] =
//! FROM.offset(lane, e)`, computed here by brute force), so a value that lands in the wrong
//! lane or register is caught by its number.

use fraglayout::catalog::{
    SM70_8x8x4_F16_A_COL, SM70_8x8x4_F16_A_ROW, SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N,
    SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F32_C,
};
use fraglayout::convert::{Class, Plan};
use fraglayout::{convert_layout, numeral, Numeral};
use fraglayout_tests::warp;

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
    let (got, shuffles) = warp::run(|lane, shuffle| convert(lane, &offsets(from, lane), shuffle));
    for (lane, frag) in got.iter().enumerate() {
        assert_eq!(
            *frag,
            offsets(to, lane as u32),
            "lane {lane}: {} => {}",
            from.name,
            to.name
        );
    }
    let plan = Plan::new(from, to).expect("convertible");
    assert_eq!(shuffles, u64::from(plan.rounds()), "one shuffle per round");
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
    let (got, _) = warp::run(|lane, shuffle| {
        let from: [u32; 4] = core::array::from_fn(|e| 100 * lane + e as u32);
        acc_to_rows4(lane + 32, &from, shuffle)
    });
    let (want, _) = warp::run(|lane, shuffle| {
        let from: [u32; 4] = core::array::from_fn(|e| 100 * lane + e as u32);
        acc_to_rows4(lane, &from, shuffle)
    });
    assert_eq!(got, want);
}
