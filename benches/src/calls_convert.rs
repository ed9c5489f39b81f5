//! One call of a layout conversion (`#[convert_layout]`), side by side with what a skilled
//! engineer writes by hand: the per-call instruction counts of docs/PERFORMANCE.md ("one call",
//! "Conversions").
//!
//! | case | from => to |
//! |---|---|
//! | `convert_acc_vec4` | `SM80_16x8x16_F32_C` => `VEC4_16x8_ROW` (example `acc-vec4`: 4 rounds) |
//! | `convert_acc2_vec8` | `SM80_16x8x16_F32_C_1x2` => `VEC8_16x16_ROW` (example `acc2-vec8`: 8 rounds) |
//! | `convert_f16_acc_vec4` | `SM80_16x8x16_F16_C` => `VEC4_16x8_ROW` on `[u32; 2]`, f16 pairs packed two to a word (the packed `acc-vec4`: 2 rounds) |
//! | `convert_f16_acc_to_b` | `SM80_16x8x16_F16_C` => `SM80_16x8x16_F16_B_COL` on `[u32; 2]`: the f16 accumulator as the B operand of the next MMA, each word's halves from two lanes, the same half of both words from one (the packed plan: 2 rounds, 4 one value a shuffle) |
//! | `convert_ldsm_x4_trans` | `SM75_U32x4_LDSM_N` => `SM75_U16x8_LDSM_T` on `[u32; 4]`: four 8 x 8 tiles of 16-bit values, one word a lane each, transposed (the packed plan: 4 rounds, 8 one value a shuffle) |
//! | `convert_transpose8x8` | `SM75_U32x1_LDSM_N` => `SM75_U16x2_LDSM_T` on `[u32; 1]`: an 8 x 8 tile of 16-bit values transposed, each word's halves from two lanes (the packed `transpose-8x8`: 2 rounds, words split) |
//! | `convert_quad_transpose` | `SM70_8x8x4_F16_A_ROW` => `SM70_8x8x4_F16_A_COL` on `[u32; 2]`: the `m8n8k4` A operand's 4 x 4 block in each quad transposed (the relay: 2 shuffles, where one hop a value takes 3) |
//!
//! | version     | code |
//! |-------------|------|
//! | `generated` | `#[convert_layout(FROM => TO)]` on `u32` registers |
//! | `skilled`   | written fresh for this benchmark: the lane read as shifts, masks and an xor, the registers offered and kept in permuted by selects on bits of the lane, every other index a constant; the lane taken as `lane & 31`, as generated code takes a `u32` |
//! | `typed`     | `generated` with a `Lane` (its own lane: no `& 31`) |
//! | `unchecked` | `skilled` taking the `u32` as the lane, unmasked (its caller's promise) |
//!
//! Both versions are `#[inline(always)]`, so each is inlined into its entry point alike.
//!
//! The shuffle, the same for every version: a stand-in for `shfl.sync.idx` that uses the value
//! offered and the lane read, `value ^ lanes[src & 31]`, over a per-call array of 32 values, so
//! that what is counted is the conversion's own work. `tests/agree_convert.rs` runs both
//! versions for the 32 lanes of a warp in lock step, with a real collective shuffle, and checks
//! that they give every lane the same registers, those of the destination layout.

use crate::case::{Case, Entry, FromThread};
use core::hint::black_box;
use fraglayout::Lane;
use layout_core::catalog::{
    SM70_8x8x4_F16_A_COL, SM70_8x8x4_F16_A_ROW, SM75_U16x2_LDSM_T, SM75_U16x8_LDSM_T,
    SM75_U32x1_LDSM_N, SM75_U32x4_LDSM_N, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F16_C,
    SM80_16x8x16_F32_C,
};
use layout_core::convert::examples::{SM80_16x8x16_F32_C_1x2, VEC4_16x8_ROW, VEC8_16x16_ROW};
use layout_macros::convert_layout;

// ---------------------------------------------------------------------------------------------
// Generated.

/// `$generated` on `u32` lanes and `$typed` with a typed lane (its own lane: no mask): a
/// function of its own each, not one generic one, which LLVM lays out otherwise (24
/// instructions for the accumulator to rows of 4, not 22).
macro_rules! conversions {
    ($($generated:ident, $typed:ident: $from:path => $to:path, $n:literal;)*) => {$(
        #[convert_layout($from => $to)]
        #[inline(always)]
        pub fn $generated(
            lane: u32,
            from: &[u32; $n],
            shuffle: impl FnMut(u32, u32) -> u32,
        ) -> [u32; $n] {
        }

        #[convert_layout($from => $to)]
        #[inline(always)]
        pub fn $typed(
            lane: Lane,
            from: &[u32; $n],
            shuffle: impl FnMut(u32, u32) -> u32,
        ) -> [u32; $n] {
        }
    )*};
}

conversions! {
    acc_vec4_generated, acc_vec4_typed: SM80_16x8x16_F32_C => VEC4_16x8_ROW, 4;
    acc2_vec8_generated, acc2_vec8_typed: SM80_16x8x16_F32_C_1x2 => VEC8_16x16_ROW, 8;
    // The f16 accumulator, two `.f16x2` words, as rows of 4 (two words): the packed plan.
    f16_acc_vec4_generated, f16_acc_vec4_typed: SM80_16x8x16_F16_C => VEC4_16x8_ROW, 2;
    // An 8 x 8 tile of 16-bit values, one word a lane, transposed: each word's halves come
    // from two lanes (the packed plan splits words).
    transpose8x8_generated, transpose8x8_typed: SM75_U32x1_LDSM_N => SM75_U16x2_LDSM_T, 1;
    // The f16 accumulator, two words a lane, as a B operand: the same half of both words goes
    // to one lane (the packed plan splits words and joins halves).
    f16_acc_to_b_generated, f16_acc_to_b_typed: SM80_16x8x16_F16_C => SM80_16x8x16_F16_B_COL, 2;
    // `ldmatrix .x4` as `ldmatrix .x4.trans` gives it: four 8 x 8 transposes, the same half of
    // two words to one lane.
    ldsm_x4_trans_generated, ldsm_x4_trans_typed: SM75_U32x4_LDSM_N => SM75_U16x8_LDSM_T, 4;
    // The `m8n8k4` A operand, rows to columns: each quad's 4 x 4 block transposed, two words a
    // lane (the relay).
    quad_transpose_generated, quad_transpose_typed: SM70_8x8x4_F16_A_ROW => SM70_8x8x4_F16_A_COL, 2;
}

// ---------------------------------------------------------------------------------------------
// Skilled, hand-written.

/// Lane `l` needs row `l / 2`, columns `4 (l % 2)` to `+ 3`: word `d` (columns `+ 2d`, `+ 2d
/// + 1`) is word `l / 16` of lane `2 (l % 16) + d`. Round `k` reads lane `rot(l) ^ k` (`rot`:
/// the 5 lane bits rotated left by one), which offers its word `k ^ (its l % 2)`; lane `l`
/// keeps round `k` in word `k ^ l / 16`.
#[inline(always)]
pub fn f16_acc_vec4_skilled<const MASK: bool>(
    lane: u32,
    from: &[u32; 2],
    mut shuffle: impl FnMut(u32, u32) -> u32,
) -> [u32; 2] {
    let l = if MASK { lane & 31 } else { lane };
    let src = (l << 1 | l >> 4) & 31;
    let g = if l & 1 != 0 {
        [from[1], from[0]]
    } else {
        *from
    };
    let y = [shuffle(g[0], src), shuffle(g[1], src ^ 1)];
    if l & 16 != 0 {
        [y[1], y[0]]
    } else {
        y
    }
}

/// Lane `l` holds row `l / 4`, columns `2 (l % 4)` and `+ 1` (low half first); it needs column
/// `g = l / 4`, rows `2 (l % 4)` and `+ 1`: half `g % 2` of the words of lanes
/// `8 (l % 4) + l / 8` and `+ 4`, read in two rounds and joined by shifts (a `prmt` on the GPU).
#[inline(always)]
pub fn transpose8x8_skilled<const MASK: bool>(
    lane: u32,
    from: &[u32; 1],
    mut shuffle: impl FnMut(u32, u32) -> u32,
) -> [u32; 1] {
    let l = if MASK { lane & 31 } else { lane };
    let src = (l << 3 & 24) | l >> 3;
    let lo = shuffle(from[0], src);
    let hi = shuffle(from[0], src | 4);
    let s = (l >> 2 & 1) * 16;
    [(lo >> s & 0xffff) | (hi >> s) << 16]
}

/// Lane `l` needs column `l / 4`, rows `2 (l % 4) + j` (word 0) and `+ 8` (word 1): half
/// `p = l / 4 % 2` of word `w` of lane `s_j = 8 (l % 4) + 4 j + l / 8`. Every lane packs the
/// same half of both its words into one (`lo`, `hi`: a `prmt` on the GPU) and offers half
/// `k ^ (its l / 4 % 2)` in round `k`; lane `l` reads `s_{k ^ p}`, which offers half `p`, so
/// round `k` brings half `k ^ p` of both destination words.
#[inline(always)]
pub fn f16_acc_to_b_skilled<const MASK: bool>(
    lane: u32,
    from: &[u32; 2],
    mut shuffle: impl FnMut(u32, u32) -> u32,
) -> [u32; 2] {
    let l = if MASK { lane & 31 } else { lane };
    let src = (l << 3 & 24) | l >> 3;
    let p = l & 4 != 0;
    let lo = (from[0] & 0xFFFF) | from[1] << 16;
    let hi = (from[0] >> 16) | (from[1] & 0xFFFF_0000);
    let (o0, o1) = if p { (hi, lo) } else { (lo, hi) };
    let g0 = shuffle(o0, src ^ (l & 4));
    let g1 = shuffle(o1, src ^ (l & 4) ^ 4);
    let (a, b) = if p { (g1, g0) } else { (g0, g1) };
    [(a & 0xFFFF) | b << 16, (a >> 16) | (b & 0xFFFF_0000)]
}

/// Lane `l` needs, of each tile `t`, column `l / 4`, rows `2 (l % 4) + j`: half `p = l / 4 %
/// 2` of word `t` of lane `s_j = 8 (l % 4) + 4 j + l / 8`. Every lane packs half `q` of words
/// 0 and 1 into one word and of words 2 and 3 into another, and offers the two packs of half
/// `k ^ (its l / 4 % 2)` in rounds `2 k` and `2 k + 1`; lane `l` reads `s_{k ^ p}` in both,
/// which offers half `p`: rounds `2 k`, `2 k + 1` bring half `k ^ p` of every destination
/// word.
#[inline(always)]
pub fn ldsm_x4_trans_skilled<const MASK: bool>(
    lane: u32,
    from: &[u32; 4],
    mut shuffle: impl FnMut(u32, u32) -> u32,
) -> [u32; 4] {
    let l = if MASK { lane & 31 } else { lane };
    let src = ((l << 3 & 24) | l >> 3) ^ (l & 4);
    let p = l & 4 != 0;
    let lo = |a: u32, b: u32| (a & 0xFFFF) | b << 16;
    let hi = |a: u32, b: u32| (a >> 16) | (b & 0xFFFF_0000);
    let (l01, l23) = (lo(from[0], from[1]), lo(from[2], from[3]));
    let (h01, h23) = (hi(from[0], from[1]), hi(from[2], from[3]));
    let g = if p {
        [h01, h23, l01, l23]
    } else {
        [l01, l23, h01, h23]
    };
    let y = [
        shuffle(g[0], src),
        shuffle(g[1], src),
        shuffle(g[2], src ^ 4),
        shuffle(g[3], src ^ 4),
    ];
    let h = if p { [y[2], y[3], y[0], y[1]] } else { y };
    [
        lo(h[0], h[2]),
        hi(h[0], h[2]),
        lo(h[1], h[3]),
        hi(h[1], h[3]),
    ]
}

/// Lane `l` needs row `l / 2`, columns `4 (l % 2)` to `+ 3`: two from each of lanes
/// `4 (l / 2 % 8) + 2 (l % 2) + {0, 1}`, registers `2 (l / 16) + {0, 1}`. Round `k` reads lane
/// `rot(l) ^ (k / 2)` (`rot`: the 5 lane bits rotated left by one), the lane read offering
/// register `2 ((its l ^ k / 2) % 2) + k % 2`; lane `l` keeps round `k` in register
/// `k ^ 2 (l / 16)`.
#[inline(always)]
pub fn acc_vec4_skilled<const MASK: bool>(
    lane: u32,
    from: &[u32; 4],
    mut shuffle: impl FnMut(u32, u32) -> u32,
) -> [u32; 4] {
    let l = if MASK { lane & 31 } else { lane };
    let src = (l << 1 | l >> 4) & 31;
    let mut g = *from;
    if l & 1 != 0 {
        g.swap(0, 2);
        g.swap(1, 3);
    }
    let mut y = [
        shuffle(g[0], src),
        shuffle(g[1], src),
        shuffle(g[2], src ^ 1),
        shuffle(g[3], src ^ 1),
    ];
    if l & 16 != 0 {
        y.swap(0, 2);
        y.swap(1, 3);
    }
    y
}

/// Lane `l` needs row `l / 2`, columns `8 (l % 2)` to `+ 7`: two from each of the four lanes
/// `4 q + j` (`q = l / 2 % 8`), registers `4 (l % 2) + 2 (l / 16) + {0, 1}`. With
/// `a = l % 2 + 2 (l / 16)`, round `k` reads lane `4 q + (a ^ k % 4)` (a Latin square: the four
/// lanes that read a group read four lanes), which offers register
/// `4 ((j ^ k) % 2) + 2 ((j ^ k) / 2 % 2) + k / 4`; lane `l` keeps round `k` in register
/// `(2 (k % 4) + k / 4) ^ 2 a`.
#[inline(always)]
pub fn acc2_vec8_skilled<const MASK: bool>(
    lane: u32,
    from: &[u32; 8],
    mut shuffle: impl FnMut(u32, u32) -> u32,
) -> [u32; 8] {
    let l = if MASK { lane & 31 } else { lane };
    let src = (l & 1) | (l >> 3 & 2) | (l << 1 & 28);
    let mut g = *from;
    if l & 1 != 0 {
        g.swap(0, 4);
        g.swap(1, 5);
        g.swap(2, 6);
        g.swap(3, 7);
    }
    if l & 2 != 0 {
        g.swap(0, 2);
        g.swap(1, 3);
        g.swap(4, 6);
        g.swap(5, 7);
    }
    let y0 = shuffle(g[0], src);
    let y2 = shuffle(g[4], src ^ 1);
    let y4 = shuffle(g[2], src ^ 2);
    let y6 = shuffle(g[6], src ^ 3);
    let y1 = shuffle(g[1], src);
    let y3 = shuffle(g[5], src ^ 1);
    let y5 = shuffle(g[3], src ^ 2);
    let y7 = shuffle(g[7], src ^ 3);
    let mut y = [y0, y1, y2, y3, y4, y5, y6, y7];
    if l & 1 != 0 {
        y.swap(0, 2);
        y.swap(1, 3);
        y.swap(4, 6);
        y.swap(5, 7);
    }
    if l & 16 != 0 {
        y.swap(0, 4);
        y.swap(1, 5);
        y.swap(2, 6);
        y.swap(3, 7);
    }
    y
}

/// Lane `l` of a quad holds its row of the quad's 4 x 4 block (columns 0, 1 in word 0, 2, 3 in
/// word 1) and needs column `l % 4`. Two exchanges, as the transpose is written by hand: halves
/// with lane `l ^ 1` (an odd lane sends its low halves, an even one its high halves, two
/// words' halves in one word: a `prmt` on the GPU), then words with lane `l ^ 2` (lanes 2 and 3
/// send word 0, lanes 0 and 1 word 1).
#[inline(always)]
pub fn quad_transpose_skilled<const MASK: bool>(
    lane: u32,
    from: &[u32; 2],
    mut shuffle: impl FnMut(u32, u32) -> u32,
) -> [u32; 2] {
    let l = if MASK { lane & 31 } else { lane };
    let [w0, w1] = *from;
    let odd = l & 1 != 0;
    let send = if odd {
        (w0 & 0xffff) | (w1 << 16)
    } else {
        (w0 >> 16) | (w1 & 0xffff_0000)
    };
    let r = shuffle(send, l ^ 1);
    let (w0, w1) = if odd {
        (
            (w0 & 0xffff_0000) | (r & 0xffff),
            (w1 & 0xffff_0000) | (r >> 16),
        )
    } else {
        ((w0 & 0xffff) | (r << 16), (w1 & 0xffff) | (r & 0xffff_0000))
    };
    let high = l & 2 != 0;
    let r = shuffle(if high { w0 } else { w1 }, l ^ 2);
    if high {
        [r, w1]
    } else {
        [w0, r]
    }
}

// ---------------------------------------------------------------------------------------------
// The measured entry points and their runners.

/// The shuffle every version calls: `value ^ lanes[src & 31]`.
#[inline(always)]
pub fn stand_in(lanes: &[u32; 32]) -> impl FnMut(u32, u32) -> u32 + '_ {
    move |value, src| value ^ lanes[src as usize & 31]
}

/// The 32 values the stand-in shuffle reads.
pub const LANE_VALUES: [u32; 32] = {
    let mut v = [0; 32];
    let mut i = 0;
    while i < 32 {
        v[i] = (i as u32).wrapping_mul(0x9E37_79B9);
        i += 1;
    }
    v
};

/// An entry point and its runner. The `swapped` form takes the fragment before the lane: the
/// same code under another signature, so that the compiler does not merge `typed` into
/// `generated` (one address, which callgrind would name once).
macro_rules! entry {
    ($n:literal $name:ident = $f:path, $runner:ident) => {
        #[no_mangle]
        #[inline(never)]
        pub fn $name(lane: u32, from: &[u32; $n], lanes: &[u32; 32]) -> [u32; $n] {
            $f(FromThread::from_thread(lane), from, stand_in(lanes))
        }

        fn $runner(t: u32) -> f64 {
            let from: [u32; $n] = core::array::from_fn(|e| 100 * t + e as u32);
            let out = $name(black_box(t), black_box(&from), black_box(&LANE_VALUES));
            black_box(out).iter().map(|&x| x as f64).sum()
        }
    };
    (swapped $n:literal $name:ident = $f:path, $runner:ident) => {
        #[no_mangle]
        #[inline(never)]
        pub fn $name(from: &[u32; $n], lane: u32, lanes: &[u32; 32]) -> [u32; $n] {
            $f(FromThread::from_thread(lane), from, stand_in(lanes))
        }

        fn $runner(t: u32) -> f64 {
            let from: [u32; $n] = core::array::from_fn(|e| 100 * t + e as u32);
            let out = $name(black_box(&from), black_box(t), black_box(&LANE_VALUES));
            black_box(out).iter().map(|&x| x as f64).sum()
        }
    };
}

entry!(4 fl_call_convert_acc_vec4_generated = acc_vec4_generated, run_acc_vec4_generated);
entry!(4 fl_call_convert_acc_vec4_skilled = acc_vec4_skilled::<true>, run_acc_vec4_skilled);
entry!(swapped 4 fl_call_convert_acc_vec4_typed = acc_vec4_typed, run_acc_vec4_typed);
entry!(swapped 4 fl_call_convert_acc_vec4_unchecked = acc_vec4_skilled::<false>, run_acc_vec4_unchecked);
entry!(8 fl_call_convert_acc2_vec8_generated = acc2_vec8_generated, run_acc2_vec8_generated);
entry!(8 fl_call_convert_acc2_vec8_skilled = acc2_vec8_skilled::<true>, run_acc2_vec8_skilled);
entry!(swapped 8 fl_call_convert_acc2_vec8_typed = acc2_vec8_typed, run_acc2_vec8_typed);
entry!(swapped 8 fl_call_convert_acc2_vec8_unchecked = acc2_vec8_skilled::<false>, run_acc2_vec8_unchecked);
entry!(2 fl_call_convert_f16_acc_vec4_generated = f16_acc_vec4_generated, run_f16_acc_vec4_generated);
entry!(2 fl_call_convert_f16_acc_vec4_skilled = f16_acc_vec4_skilled::<true>, run_f16_acc_vec4_skilled);
entry!(swapped 2 fl_call_convert_f16_acc_vec4_typed = f16_acc_vec4_typed, run_f16_acc_vec4_typed);
entry!(swapped 2 fl_call_convert_f16_acc_vec4_unchecked = f16_acc_vec4_skilled::<false>, run_f16_acc_vec4_unchecked);
entry!(2 fl_call_convert_f16_acc_to_b_generated = f16_acc_to_b_generated, run_f16_acc_to_b_generated);
entry!(2 fl_call_convert_f16_acc_to_b_skilled = f16_acc_to_b_skilled::<true>, run_f16_acc_to_b_skilled);
entry!(swapped 2 fl_call_convert_f16_acc_to_b_typed = f16_acc_to_b_typed, run_f16_acc_to_b_typed);
entry!(swapped 2 fl_call_convert_f16_acc_to_b_unchecked = f16_acc_to_b_skilled::<false>, run_f16_acc_to_b_unchecked);
entry!(4 fl_call_convert_ldsm_x4_trans_generated = ldsm_x4_trans_generated, run_ldsm_x4_trans_generated);
entry!(4 fl_call_convert_ldsm_x4_trans_skilled = ldsm_x4_trans_skilled::<true>, run_ldsm_x4_trans_skilled);
entry!(swapped 4 fl_call_convert_ldsm_x4_trans_typed = ldsm_x4_trans_typed, run_ldsm_x4_trans_typed);
entry!(swapped 4 fl_call_convert_ldsm_x4_trans_unchecked = ldsm_x4_trans_skilled::<false>, run_ldsm_x4_trans_unchecked);
entry!(1 fl_call_convert_transpose8x8_generated = transpose8x8_generated, run_transpose8x8_generated);
entry!(1 fl_call_convert_transpose8x8_skilled = transpose8x8_skilled::<true>, run_transpose8x8_skilled);
entry!(swapped 1 fl_call_convert_transpose8x8_typed = transpose8x8_typed, run_transpose8x8_typed);
entry!(swapped 1 fl_call_convert_transpose8x8_unchecked = transpose8x8_skilled::<false>, run_transpose8x8_unchecked);
entry!(2 fl_call_convert_quad_transpose_generated = quad_transpose_generated, run_quad_transpose_generated);
entry!(2 fl_call_convert_quad_transpose_skilled = quad_transpose_skilled::<true>, run_quad_transpose_skilled);
entry!(swapped 2 fl_call_convert_quad_transpose_typed = quad_transpose_typed, run_quad_transpose_typed);
entry!(swapped 2 fl_call_convert_quad_transpose_unchecked = quad_transpose_skilled::<false>, run_quad_transpose_unchecked);

/// The conversion cases, after those of `calls.rs`.
pub const CASES: &[Case] = &[
    Case {
        name: "convert_acc_vec4",
        threads: 32,
        versions: &[
            ("generated", Entry::Other(run_acc_vec4_generated)),
            ("skilled", Entry::Other(run_acc_vec4_skilled)),
            ("typed", Entry::Other(run_acc_vec4_typed)),
            ("unchecked", Entry::Other(run_acc_vec4_unchecked)),
        ],
    },
    Case {
        name: "convert_acc2_vec8",
        threads: 32,
        versions: &[
            ("generated", Entry::Other(run_acc2_vec8_generated)),
            ("skilled", Entry::Other(run_acc2_vec8_skilled)),
            ("typed", Entry::Other(run_acc2_vec8_typed)),
            ("unchecked", Entry::Other(run_acc2_vec8_unchecked)),
        ],
    },
    Case {
        name: "convert_f16_acc_vec4",
        threads: 32,
        versions: &[
            ("generated", Entry::Other(run_f16_acc_vec4_generated)),
            ("skilled", Entry::Other(run_f16_acc_vec4_skilled)),
            ("typed", Entry::Other(run_f16_acc_vec4_typed)),
            ("unchecked", Entry::Other(run_f16_acc_vec4_unchecked)),
        ],
    },
    Case {
        name: "convert_f16_acc_to_b",
        threads: 32,
        versions: &[
            ("generated", Entry::Other(run_f16_acc_to_b_generated)),
            ("skilled", Entry::Other(run_f16_acc_to_b_skilled)),
            ("typed", Entry::Other(run_f16_acc_to_b_typed)),
            ("unchecked", Entry::Other(run_f16_acc_to_b_unchecked)),
        ],
    },
    Case {
        name: "convert_ldsm_x4_trans",
        threads: 32,
        versions: &[
            ("generated", Entry::Other(run_ldsm_x4_trans_generated)),
            ("skilled", Entry::Other(run_ldsm_x4_trans_skilled)),
            ("typed", Entry::Other(run_ldsm_x4_trans_typed)),
            ("unchecked", Entry::Other(run_ldsm_x4_trans_unchecked)),
        ],
    },
    Case {
        name: "convert_transpose8x8",
        threads: 32,
        versions: &[
            ("generated", Entry::Other(run_transpose8x8_generated)),
            ("skilled", Entry::Other(run_transpose8x8_skilled)),
            ("typed", Entry::Other(run_transpose8x8_typed)),
            ("unchecked", Entry::Other(run_transpose8x8_unchecked)),
        ],
    },
    Case {
        name: "convert_quad_transpose",
        threads: 32,
        versions: &[
            ("generated", Entry::Other(run_quad_transpose_generated)),
            ("skilled", Entry::Other(run_quad_transpose_skilled)),
            ("typed", Entry::Other(run_quad_transpose_typed)),
            ("unchecked", Entry::Other(run_quad_transpose_unchecked)),
        ],
    },
];
