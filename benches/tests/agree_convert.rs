//! The conversions of `calls_convert.rs`: generated and skilled give every lane the same
//! registers, those of the destination layout, run for the 32 lanes of a warp with a real
//! collective shuffle (each lane receives what the lane it reads offered in the same round).

use fraglayout_benches::calls_convert::{
    acc2_vec8_generated, acc2_vec8_skilled, acc2_vec8_typed, acc_vec4_generated, acc_vec4_skilled,
    acc_vec4_typed, f16_acc_to_b_generated, f16_acc_to_b_skilled, f16_acc_to_b_typed,
    f16_acc_vec4_generated, f16_acc_vec4_skilled, f16_acc_vec4_typed, ldsm_x4_trans_generated,
    ldsm_x4_trans_skilled, ldsm_x4_trans_typed, quad_transpose_generated, quad_transpose_skilled,
    quad_transpose_typed, transpose8x8_generated, transpose8x8_skilled, transpose8x8_typed,
};
use layout_core::catalog::{
    SM70_8x8x4_F16_A_COL, SM70_8x8x4_F16_A_ROW, SM75_U16x2_LDSM_T, SM75_U16x8_LDSM_T,
    SM75_U32x1_LDSM_N, SM75_U32x4_LDSM_N, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F16_C,
    SM80_16x8x16_F32_C,
};
use layout_core::convert::examples::{SM80_16x8x16_F32_C_1x2, VEC4_16x8_ROW, VEC8_16x16_ROW};
use layout_core::Numeral;

/// A per-lane conversion: `(lane, from, shuffle) -> to`.
type Lane<const N: usize> = dyn Fn(u32, &[u32; N], &mut dyn FnMut(u32, u32) -> u32) -> [u32; N];

/// Each lane's result when the 32 lanes run `code` in lock step: the lanes run one after
/// another, shuffle `k` answering from what every lane offered at its shuffle `k` in the run
/// before, until what they offer no longer changes (the conversions here are straight-line,
/// so round `k`'s offers settle after `k + 1` runs).
fn warp<const N: usize>(code: &Lane<N>, from: &[[u32; N]; 32]) -> [[u32; N]; 32] {
    let mut offered: Vec<[u32; 32]> = Vec::new();
    for _ in 0..=4 * N + 1 {
        let mut now: Vec<[u32; 32]> = Vec::new();
        let mut out = [[0; N]; 32];
        for lane in 0..32u32 {
            let mut k = 0;
            let mut shuffle = |value: u32, src: u32| {
                if now.len() <= k {
                    now.push([0; 32]);
                }
                now[k][lane as usize] = value;
                let got = offered.get(k).map_or(0, |o| o[src as usize % 32]);
                k += 1;
                got
            };
            out[lane as usize] = code(lane, &from[lane as usize], &mut shuffle);
        }
        if now == offered {
            return out;
        }
        offered = now;
    }
    panic!("the offers never settled");
}

/// Each lane's fragment in `layout`: the tile offsets of its elements.
fn fragments<const N: usize>(layout: &Numeral) -> [[u32; N]; 32] {
    core::array::from_fn(|lane| {
        core::array::from_fn(|e| {
            let (r, c) = layout.coords(lane as u32, e as u32).expect("an element");
            r * layout.cols + c
        })
    })
}

/// Each lane's words in `layout`, 16-bit tile offsets two to a word (element `2w` low).
fn packed_fragments<const W: usize>(layout: &Numeral) -> [[u32; W]; 32] {
    let offset = |lane: usize, e: usize| {
        let (r, c) = layout.coords(lane as u32, e as u32).expect("an element");
        r * layout.cols + c
    };
    core::array::from_fn(|lane| {
        core::array::from_fn(|w| offset(lane, 2 * w) | offset(lane, 2 * w + 1) << 16)
    })
}

/// Every packed version agrees with the destination layout's packed words.
fn check_packed<const W: usize>(from: &Numeral, to: &Numeral, versions: &[(&str, &Lane<W>)]) {
    let source = packed_fragments::<W>(from);
    let want = packed_fragments::<W>(to);
    for (name, version) in versions {
        assert_eq!(warp(*version, &source), want, "{name}, {}", to.name);
    }
}

/// Every version agrees with the destination layout.
fn check<const N: usize>(from: &Numeral, to: &Numeral, versions: &[(&str, &Lane<N>)]) {
    let source = fragments::<N>(from);
    let want = fragments::<N>(to);
    for (name, version) in versions {
        assert_eq!(warp(*version, &source), want, "{name}, {}", to.name);
    }
}

/// A lane of the warp as the typed index.
fn lane(l: u32) -> fraglayout::Lane {
    fraglayout::Lane::new(l).expect("a lane of the warp")
}

#[test]
fn generated_and_skilled_conversions_agree_on_every_lane() {
    check::<4>(
        &SM80_16x8x16_F32_C,
        &VEC4_16x8_ROW,
        &[
            ("generated", &|l, f, s| acc_vec4_generated(l, f, s)),
            ("skilled", &|l, f, s| acc_vec4_skilled::<true>(l, f, s)),
            ("typed", &|l, f, s| acc_vec4_typed(lane(l), f, s)),
            ("unchecked", &|l, f, s| acc_vec4_skilled::<false>(l, f, s)),
        ],
    );
    check::<8>(
        &SM80_16x8x16_F32_C_1x2,
        &VEC8_16x16_ROW,
        &[
            ("generated", &|l, f, s| acc2_vec8_generated(l, f, s)),
            ("skilled", &|l, f, s| acc2_vec8_skilled::<true>(l, f, s)),
            ("typed", &|l, f, s| acc2_vec8_typed(lane(l), f, s)),
            ("unchecked", &|l, f, s| acc2_vec8_skilled::<false>(l, f, s)),
        ],
    );
    check_packed::<2>(
        &SM80_16x8x16_F16_C,
        &VEC4_16x8_ROW,
        &[
            ("generated", &|l, f, s| f16_acc_vec4_generated(l, f, s)),
            ("skilled", &|l, f, s| f16_acc_vec4_skilled::<true>(l, f, s)),
            ("typed", &|l, f, s| f16_acc_vec4_typed(lane(l), f, s)),
            ("unchecked", &|l, f, s| {
                f16_acc_vec4_skilled::<false>(l, f, s)
            }),
        ],
    );
    check_packed::<2>(
        &SM70_8x8x4_F16_A_ROW,
        &SM70_8x8x4_F16_A_COL,
        &[
            ("generated", &|l, f, s| quad_transpose_generated(l, f, s)),
            ("skilled", &|l, f, s| {
                quad_transpose_skilled::<true>(l, f, s)
            }),
            ("typed", &|l, f, s| quad_transpose_typed(lane(l), f, s)),
            ("unchecked", &|l, f, s| {
                quad_transpose_skilled::<false>(l, f, s)
            }),
        ],
    );
    check_packed::<2>(
        &SM80_16x8x16_F16_C,
        &SM80_16x8x16_F16_B_COL,
        &[
            ("generated", &|l, f, s| f16_acc_to_b_generated(l, f, s)),
            ("skilled", &|l, f, s| f16_acc_to_b_skilled::<true>(l, f, s)),
            ("typed", &|l, f, s| f16_acc_to_b_typed(lane(l), f, s)),
            ("unchecked", &|l, f, s| {
                f16_acc_to_b_skilled::<false>(l, f, s)
            }),
        ],
    );
    check_packed::<4>(
        &SM75_U32x4_LDSM_N,
        &SM75_U16x8_LDSM_T,
        &[
            ("generated", &|l, f, s| ldsm_x4_trans_generated(l, f, s)),
            ("skilled", &|l, f, s| ldsm_x4_trans_skilled::<true>(l, f, s)),
            ("typed", &|l, f, s| ldsm_x4_trans_typed(lane(l), f, s)),
            ("unchecked", &|l, f, s| {
                ldsm_x4_trans_skilled::<false>(l, f, s)
            }),
        ],
    );
    check_packed::<1>(
        &SM75_U32x1_LDSM_N,
        &SM75_U16x2_LDSM_T,
        &[
            ("generated", &|l, f, s| transpose8x8_generated(l, f, s)),
            ("skilled", &|l, f, s| transpose8x8_skilled::<true>(l, f, s)),
            ("typed", &|l, f, s| transpose8x8_typed(lane(l), f, s)),
            ("unchecked", &|l, f, s| {
                transpose8x8_skilled::<false>(l, f, s)
            }),
        ],
    );
}
