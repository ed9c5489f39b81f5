//! An epilogue after `tcgen05.ld` is one annotated function, as on Hopper: the warpgroup's
//! fragment of D that `layout_core::tmem::fragment` composes goes to `#[fragment_layout]`, and
//! the generated code, fed the registers the TMEM model's loads hand each thread, writes D back
//! exactly as `tcgen05.mma` left it in TMEM. `#[convert_layout]` takes a composite too: a load
//! shape that does not hand the `stmatrix` layout its registers is converted into it.

use fraglayout::catalog::{
    SM100_TMEM_16dp128b4x, SM100_TMEM_16dp256b2x, SM100_TMEM_32dp32b16x, SM100_TMEM_32dp32b32x,
    SM90_64x64x16_F32_C,
};
use fraglayout::convert::Plan;
use fraglayout::testing::Warp;
use fraglayout::tmem::{accumulator, fragment_or_panic, Lanes, MmaLayout};
use fraglayout::Numeral;
use fraglayout::{convert_layout, fragment_layout};
use fraglayout_tests::tmem_model::Tmem;

/// M = 128, N = 64 (layout D), read with `tcgen05.ld.32x32b.x16`: four loads per warp.
const ACC_D: Numeral = accumulator(MmaLayout::D, 64).numeral();
const FRAG_D: Numeral = fragment_or_panic(&ACC_D, &SM100_TMEM_32dp32b16x, Lanes::Quarter)
    .numeral()
    .renamed("D_BY_32x32b_X16");

/// M = 64, N = 64 (layout F), the lower tile, read with `tcgen05.ld.16x256b.x2`.
const ACC_F: Numeral = accumulator(MmaLayout::F, 64).numeral();
const FRAG_F: Numeral = fragment_or_panic(&ACC_F, &SM100_TMEM_16dp256b2x, Lanes::Lower)
    .numeral()
    .renamed("F_LOWER_BY_16x256b_X2");

/// M = 32, N = 128 (layout G, `.ws`), read with `tcgen05.ld.32x32b.x32`: warp `w` gets
/// columns `32w ..` of all 32 rows.
const ACC_G: Numeral = accumulator(MmaLayout::G, 128).numeral();
const FRAG_G: Numeral = fragment_or_panic(&ACC_G, &SM100_TMEM_32dp32b32x, Lanes::Quarter)
    .numeral()
    .renamed("G_BY_32x32b_X32");

/// `d = alpha * acc` for the 32 registers of the `.ws` M = 32 tile.
#[fragment_layout(FRAG_G)]
fn epilogue_g(t: u32, acc: &[f32; 32], d: &mut [f32], ld: usize, alpha: f32) {
    |row, col, value| d[row * ld + col] = alpha * value
}

/// `d = alpha * acc` for the 64 f32 registers each thread holds.
#[fragment_layout(FRAG_D)]
fn epilogue_d(t: u32, acc: &[f32; 64], d: &mut [f32], ld: usize, alpha: f32) {
    |row, col, value| d[row * ld + col] = alpha * value
}

/// The same for the lower M = 64 tile: 32 registers each.
#[fragment_layout(FRAG_F)]
fn epilogue_f(t: u32, acc: &[f32; 32], d: &mut [f32], ld: usize, alpha: f32) {
    |row, col, value| d[row * ld + col] = alpha * value
}

/// TMEM holding D of `acc` (value `1 + m * cols + n` at D`[m][n]`) and the registers the
/// warpgroup's loads of it with `load` give each thread, as `f32`.
fn registers(acc: &Numeral, load: &Numeral, lanes: Lanes) -> Vec<Vec<f32>> {
    let mut tmem = Tmem::new(0);
    for lane in 0..128 {
        for col in 0..acc.elements {
            let (m, n) = acc.coords(lane, col).unwrap();
            tmem.0[lane as usize][col as usize] = 1 + m * acc.cols + n;
        }
    }
    let regs = tmem.read_back(load, lanes, acc.elements);
    regs.iter()
        .map(|r| r.iter().map(|&v| v as f32).collect())
        .collect()
}

#[test]
fn an_epilogue_after_tcgen05_ld_writes_d_back_where_the_mma_left_it() {
    let regs = registers(&ACC_D, &SM100_TMEM_32dp32b16x, Lanes::Quarter);
    let mut d = vec![0.0f32; 128 * 64];
    for (t, r) in regs.iter().enumerate() {
        epilogue_d(t as u32, r.as_slice().try_into().unwrap(), &mut d, 64, 2.0);
    }
    let want: Vec<f32> = (0..128 * 64).map(|i| 2.0 * (1 + i) as f32).collect();
    assert_eq!(d, want);

    let regs = registers(&ACC_F, &SM100_TMEM_16dp256b2x, Lanes::Lower);
    let mut d = vec![0.0f32; 64 * 64];
    for (t, r) in regs.iter().enumerate() {
        epilogue_f(t as u32, r.as_slice().try_into().unwrap(), &mut d, 64, 0.5);
    }
    // The lower tile is rows 0..64 of F's stacked pair: D[m][n] = 1 + m * 64 + n.
    let want: Vec<f32> = (0..64 * 64).map(|i| 0.5 * (1 + i) as f32).collect();
    assert_eq!(d, want);

    let regs = registers(&ACC_G, &SM100_TMEM_32dp32b32x, Lanes::Quarter);
    let mut d = vec![0.0f32; 32 * 128];
    for (t, r) in regs.iter().enumerate() {
        epilogue_g(t as u32, r.as_slice().try_into().unwrap(), &mut d, 128, 3.0);
    }
    let want: Vec<f32> = (0..32 * 128).map(|i| 3.0 * (1 + i) as f32).collect();
    assert_eq!(d, want);
}

/// The lower M = 64 tile read with `tcgen05.ld.16x128b.x4`: single columns per register, not
/// the pairs of the `m16n8` pattern.
const FRAG_F128: Numeral = fragment_or_panic(&ACC_F, &SM100_TMEM_16dp128b4x, Lanes::Lower)
    .numeral()
    .renamed("F_LOWER_BY_16x128b_X4");

#[convert_layout(FRAG_F128 => SM90_64x64x16_F32_C)]
fn to_wgmma_layout(t: u32, from: &[u32; 32], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 32] {}

#[test]
fn convert_layout_takes_a_composite_to_the_stmatrix_layout() {
    let regs = registers(&ACC_F, &SM100_TMEM_16dp128b4x, Lanes::Lower);
    let plan = Plan::new(&FRAG_F128, &SM90_64x64x16_F32_C).unwrap();
    for w in 0..4u32 {
        let Warp {
            lanes: got,
            shuffles,
        } = Warp::run(|lane, shuffle| {
            let t = 32 * w + lane;
            let from: [u32; 32] = core::array::from_fn(|j| regs[t as usize][j] as u32);
            to_wgmma_layout(t, &from, &mut *shuffle)
        });
        assert_eq!(shuffles, u64::from(plan.rounds()));
        for (lane, frag) in got.iter().enumerate() {
            let t = 32 * w + lane as u32;
            for (j, &v) in frag.iter().enumerate() {
                let (m, n) = SM90_64x64x16_F32_C.coords(t, j as u32).unwrap();
                assert_eq!(v, 1 + m * 64 + n, "thread {t}, register {j}");
            }
        }
    }
    assert!(plan.rounds() > 0);
}
