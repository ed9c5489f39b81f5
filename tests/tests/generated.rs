//! The code `#[fragment_layout]` generates, run on the host for every thread: it agrees with the
//! numeral (and with the PTX formulas) at every element, in every mode.

use fraglayout_tests::ptx;
use layout_core::catalog::{
    SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F16_C, SM80_16x8x16_F32_C,
};
use layout_core::pack::unpack_b16_array;
use layout_core::Numeral;
use layout_macros::{fragment_layout, numeral};

/// A PTX formula: `(lane, element) -> (row, col)`.
type Formula = fn(u32, u32) -> (u32, u32);

/// A code naming `(thread, e)`, distinct for every element of a warpgroup.
pub(crate) fn code(thread: u32, e: u32) -> u32 {
    thread * 256 + e + 1
}

/// Every element `e` of every thread `t` of `n` (`elements` a thread) stored its [`code`] in
/// `out`, a matrix of row stride `ld`, where `Numeral::coords` puts it, and nothing else is
/// written (the codes are not 0).
pub(crate) fn assert_codes_land(n: &Numeral, out: &[u32], ld: usize, elements: usize) {
    for t in 0..n.threads() {
        for e in 0..elements as u32 {
            let (row, col) = n.coords(t, e).unwrap();
            let at = row as usize * ld + col as usize;
            assert_eq!(out[at], code(t, e), "{} thread {t} element {e}", n.name);
        }
    }
    let written = out.iter().filter(|&&v| v != 0).count();
    assert_eq!(written, n.threads() as usize * elements, "{}", n.name);
}

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_c(lane: u32, frag: &[u32; 4], out: &mut [u32], ld: usize) {
    |row, col, value| out[row * ld + col] = value
}

#[fragment_layout(SM80_16x8x16_F16_C)]
fn store_c16(lane: u32, frag: [u32; 4], out: &mut [u32], ld: usize) {
    |row, col, value| out[row * ld + col] = value
}

#[fragment_layout(SM80_16x8x16_F16_A_ROW)]
fn store_a(lane: u32, frag: &[u32; 8], out: &mut [u32], ld: usize) {
    |row, col, value| out[row * ld + col] = value
}

#[fragment_layout(SM80_16x8x16_F16_B_COL)]
fn store_b(lane: u32, frag: &[u32; 4], out: &mut [u32], ld: usize) {
    |row, col, value| out[row * ld + col] = value
}

/// Scatters every thread's codes with `store` into a `ld`-wide matrix and checks each element
/// landed where the numeral and the PTX formula put it, and nothing else was written.
fn check_scatter<const N: usize>(
    n: &Numeral,
    formula: Option<Formula>,
    store: impl Fn(u32, &[u32; N], &mut [u32], usize),
) {
    let ld = n.cols as usize + 3;
    let mut out = vec![0u32; n.rows as usize * ld];
    for t in 0..n.threads() {
        let frag: [u32; N] = core::array::from_fn(|e| code(t, e as u32));
        store(t, &frag, &mut out, ld);
    }
    for t in 0..n.threads() {
        for e in 0..N as u32 {
            let (row, col) = n.coords(t, e).unwrap();
            if let Some(f) = formula {
                assert_eq!(f(t, e), (row, col), "{} formula", n.name);
            }
            assert_eq!(
                out[row as usize * ld + col as usize],
                code(t, e),
                "{} t{t} e{e}",
                n.name
            );
        }
    }
    let written = out.iter().filter(|&&v| v != 0).count();
    assert_eq!(
        written as u64,
        n.size(),
        "{}: nothing outside the tile",
        n.name
    );
}

#[test]
fn generated_scatters_agree_with_numerals_and_ptx_for_all_lanes() {
    check_scatter(&SM80_16x8x16_F32_C, Some(ptx::m16n8k16_c), store_c);
    check_scatter(&SM80_16x8x16_F16_C, Some(ptx::m16n8k16_c), |t, f, o, ld| {
        store_c16(t, *f, o, ld)
    });
    check_scatter(&SM80_16x8x16_F16_A_ROW, Some(ptx::m16n8k16_f16_a), store_a);
    check_scatter(&SM80_16x8x16_F16_B_COL, Some(ptx::m16n8k16_f16_b), store_b);
}

#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather)]
fn load_a(lane: u32, a: &[u16], lda: usize) -> [u16; 8] {
    |row, col| a[row * lda + col]
}

#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather, packed)]
fn load_a_packed(lane: u32, a: &[u16], lda: usize) -> [u32; 4] {
    |row, col| a[row * lda + col]
}

#[fragment_layout(SM80_16x8x16_F16_B_COL, gather, packed)]
fn load_b_packed(lane: u32, b: &[u16], ldb: usize) -> [u32; 2] {
    |row, col| b[row * ldb + col]
}

#[fragment_layout(SM80_16x8x16_F32_C, gather)]
fn load_c(lane: u32, c: &[f32], ldc: usize) -> [f32; 4] {
    |row: usize, col: usize| c[row * ldc + col]
}

#[test]
fn generated_gathers_read_each_element_from_its_numeral_position() {
    let lda = 19;
    let a: Vec<u16> = (0..16 * lda as u16).collect();
    let b: Vec<u16> = (0..16 * 11u16).map(|x| x ^ 0x5a5a).collect();
    let c: Vec<f32> = (0..16 * 8).map(|x| x as f32 * 0.5).collect();
    for lane in 0..32u32 {
        let plain = load_a(lane, &a, lda);
        assert_eq!(
            unpack_b16_array::<4, 8>(&load_a_packed(lane, &a, lda)),
            plain
        );
        for (e, v) in plain.iter().enumerate() {
            let (row, col) = ptx::m16n8k16_f16_a(lane, e as u32);
            assert_eq!(*v as usize, row as usize * lda + col as usize);
        }
        let bregs = unpack_b16_array::<2, 4>(&load_b_packed(lane, &b, 11));
        for (e, v) in bregs.iter().enumerate() {
            let (row, col) = SM80_16x8x16_F16_B_COL.coords(lane, e as u32).unwrap();
            assert_eq!(*v, b[row as usize * 11 + col as usize]);
        }
        for (e, v) in load_c(lane, &c, 8).iter().enumerate() {
            let (row, col) = ptx::m16n8k16_c(lane, e as u32);
            assert_eq!(*v, c[row as usize * 8 + col as usize]);
        }
    }
}

numeral! {
    /// A warpgroup accumulator like wgmma m64n16: warp w owns rows 16w..16w+16.
    pub WG_ACC: 64 x 16, warps 4, elements 8 {
        e % 2        => 1,
        lane % 4     => 2,
        e / 4        => 8,
        lane / 4     => 16,
        e / 2 % 2    => 128,
        warp         => 256,
    }
}

#[fragment_layout(WG_ACC)]
fn store_wg(thread: u32, frag: &[u32; 8], out: &mut [u32], ld: usize) {
    |row, col, value| out[row * ld + col] = value
}

numeral! {
    /// `lane` as one digit of range 32 at place 2 straddles the 8-column boundary: generated code
    /// splits it into `lane % 4` (column) and `lane / 4` (row).
    pub STRADDLE: 8 x 8 {
        e    => 1,
        lane => 2,
    }
}

#[fragment_layout(STRADDLE)]
fn store_straddle(lane: u32, frag: &[u32; 2], out: &mut [u32], ld: usize) {
    |row, col, value| out[row * ld + col] = value
}

#[test]
fn warpgroup_and_straddling_numerals_scatter_correctly() {
    check_scatter(&WG_ACC, None, store_wg);
    check_scatter(&STRADDLE, None, store_straddle);
    assert_eq!(STRADDLE.coords(5, 1), Some((1, 3)));
}

#[fragment_layout(SM80_16x8x16_F32_C)]
fn epilogue(lane: u32, frag: &[f32; 4], d: &mut [f32], ld: usize, alpha: f32, beta: f32) {
    |row, col, acc: f32| {
        let old = d[row * ld + col];
        d[row * ld + col] = alpha * acc + beta * old;
    }
}

#[test]
fn an_epilogue_with_extra_parameters_and_a_block_body() {
    let mut d = vec![1.0f32; 16 * 8];
    for lane in 0..32 {
        epilogue(lane, &[2.0; 4], &mut d, 8, 3.0, 0.5);
    }
    assert!(d.iter().all(|&v| v == 6.5));
}

#[fragment_layout(SM80_16x8x16_F32_C, bounds(valid_rows, valid_cols))]
fn store_c_bounded(
    lane: u32,
    frag: &[u32; 4],
    out: &mut [u32],
    ld: usize,
    valid_rows: usize,
    valid_cols: usize,
) {
    |row, col, value| out[row * ld + col] = value
}

#[fragment_layout(
    SM80_16x8x16_F16_A_ROW,
    gather,
    bounds(valid_rows, valid_cols),
    fill = 0xffff
)]
fn load_a_bounded(lane: u32, a: &[u16], lda: usize, valid_rows: u32, valid_cols: i64) -> [u16; 8] {
    |row, col| a[row * lda + col]
}

#[fragment_layout(SM80_16x8x16_F16_B_COL, gather, packed, bounds(k, n))]
fn load_b_bounded(lane: u32, b: &[u16], ldb: usize, k: usize, n: usize) -> [u32; 2] {
    |row, col| b[row * ldb + col]
}

const SENTINEL: u32 = u32::MAX;

#[test]
fn bounded_scatter_writes_exactly_the_valid_part_for_every_extent() {
    let ld = 10;
    for vr in 0..=17usize {
        for vc in 0..=9usize {
            let mut out = vec![SENTINEL; 17 * ld];
            for lane in 0..32 {
                let frag = [0, 1, 2, 3].map(|e| code(lane, e));
                store_c_bounded(lane, &frag, &mut out, ld, vr, vc);
            }
            let (er, ec) = (vr.min(16), vc.min(8));
            let written = out.iter().filter(|&&v| v != SENTINEL).count();
            assert_eq!(written, er * ec, "extent {vr} x {vc}");
            for lane in 0..32 {
                for e in 0..4 {
                    let (row, col) = ptx::m16n8k16_c(lane, e);
                    let v = out[row as usize * ld + col as usize];
                    let inside = (row as usize) < er && (col as usize) < ec;
                    assert_eq!(
                        v == code(lane, e),
                        inside,
                        "extent {vr} x {vc} lane {lane} e {e}"
                    );
                }
            }
        }
    }
    // 9 valid rows of the accumulator: 72 elements written, no sentinel overwritten.
    let mut out = vec![SENTINEL; 16 * 8];
    for lane in 0..32 {
        store_c_bounded(lane, &[1; 4], &mut out, 8, 9, 8);
    }
    assert_eq!(out.iter().filter(|&&v| v == 1).count(), 72);
    assert!(out[9 * 8..].iter().all(|&v| v == SENTINEL));
}

#[test]
fn bounded_gathers_read_inside_and_fill_outside() {
    let a: Vec<u16> = (0..256).collect();
    let b: Vec<u16> = (0..128).collect();
    for (vr, vc) in [(16, 16), (0, 0), (9, 16), (16, 5), (3, 11), (100, -4)] {
        for lane in 0..32u32 {
            let got = load_a_bounded(lane, &a, 16, vr, vc);
            for (e, v) in got.iter().enumerate() {
                let (row, col) = ptx::m16n8k16_f16_a(lane, e as u32);
                let inside = row < vr && (col as i64) < vc;
                let want = if inside {
                    (row * 16 + col) as u16
                } else {
                    0xffff
                };
                assert_eq!(*v, want, "extent {vr} x {vc} lane {lane} e {e}");
            }
        }
    }
    for lane in 0..32u32 {
        let regs = unpack_b16_array::<2, 4>(&load_b_bounded(lane, &b, 8, 9, 8));
        for (e, v) in regs.iter().enumerate() {
            let (row, col) = ptx::m16n8k16_f16_b(lane, e as u32);
            let want = if row < 9 { (row * 8 + col) as u16 } else { 0 };
            assert_eq!(*v, want);
        }
    }
}

// `vector = N`: the body takes N adjacent elements and stores or loads them as a GPU kernel
// does, through raw pointers and `get_unchecked`, each access checked here to be aligned.

/// Scatter and gather functions over `$numeral` with `vector = $n`, `$e` elements a thread.
macro_rules! vector_fns {
    ($scatter:ident, $unchecked:ident, $gather:ident, $numeral:path, $n:literal, $e:literal) => {
        /// Stores each access as one `[u32; N]` through a raw pointer.
        ///
        /// # Safety
        /// `out` holds the tile at row stride `ld`, a multiple of N, and is aligned to N elements.
        #[fragment_layout($numeral, vector = $n)]
        unsafe fn $scatter(lane: u32, frag: &[u32; $e], out: *mut u32, ld: usize) {
            |row, col, values| {
                assert_eq!((row * ld + col) % $n, 0, "access not aligned to {}", $n);
                unsafe { *(out.add(row * ld + col) as *mut [u32; $n]) = values }
            }
        }

        /// Stores element by element through `get_unchecked_mut`.
        #[fragment_layout($numeral, vector = $n)]
        fn $unchecked(lane: u32, frag: &[u32; $e], out: &mut [u32], ld: usize) {
            |row, col, values: [u32; $n]| {
                assert!(row * ld + col + $n <= out.len());
                for (k, v) in values.into_iter().enumerate() {
                    // SAFETY: checked just above.
                    unsafe { *out.get_unchecked_mut(row * ld + col + k) = v }
                }
            }
        }

        /// Loads each access as one `[u32; N]` through a raw pointer.
        #[fragment_layout($numeral, gather, vector = $n)]
        fn $gather(lane: u32, a: &[u32], ld: usize) -> [u32; $e] {
            |row, col| {
                let i = row * ld + col;
                assert!(i % $n == 0 && i + $n <= a.len());
                // SAFETY: in bounds, checked just above; `[u32; N]` has `u32`'s alignment.
                unsafe { *(a.as_ptr().add(i) as *const [u32; $n]) }
            }
        }
    };
}

vector_fns!(
    v_c32,
    v_c32_u,
    v_c32_g,
    layout_core::catalog::SM80_16x8x16_F32_C,
    2,
    4
);
vector_fns!(
    v_a16,
    v_a16_u,
    v_a16_g,
    layout_core::catalog::SM80_16x8x16_F16_A_ROW,
    2,
    8
);
vector_fns!(
    v_s32,
    v_s32_u,
    v_s32_g,
    layout_core::catalog::SM80_16x8x32_S32_C,
    2,
    4
);
vector_fns!(
    v_s8a,
    v_s8a_u,
    v_s8a_g,
    layout_core::catalog::SM80_16x8x32_S8_A_ROW,
    4,
    16
);
vector_fns!(
    v_s4a,
    v_s4a_u,
    v_s4a_g,
    layout_core::catalog::SM80_16x8x64_S4_A_ROW,
    8,
    32
);
vector_fns!(
    v_f64,
    v_f64_u,
    v_f64_g,
    layout_core::catalog::SM90_16x8x16_F64_C,
    2,
    4
);
vector_fns!(
    v_m884,
    v_m884_u,
    v_m884_g,
    layout_core::catalog::SM70_8x8x4_F16_C,
    8,
    8
);
vector_fns!(
    v_wg,
    v_wg_u,
    v_wg_g,
    layout_core::catalog::SM90_64x256x16_F32_C,
    2,
    128
);

/// A scatter of `E` codes into a matrix of row stride `ld`: `(thread, fragment, matrix, ld)`.
type Store<'a, const E: usize> = &'a dyn Fn(u32, &[u32; E], &mut [u32], usize);

/// Every thread's scatter with each of `stores`, then its gather: each element where
/// `Numeral::coords` puts it, nothing else written, every element read back from there.
fn check_vector<const E: usize>(
    n: &Numeral,
    width: usize,
    stores: [Store<E>; 2],
    gather: impl Fn(u32, &[u32], usize) -> [u32; E],
) {
    assert!(n.widest_vector() as usize >= width, "{}", n.name);
    // A row stride that is a multiple of the width, wider than the tile.
    let ld = (n.cols as usize / width + 1) * width;
    for store in stores {
        let mut out = vec![0u32; n.rows as usize * ld];
        for t in 0..n.threads() {
            let frag: [u32; E] = core::array::from_fn(|e| code(t, e as u32));
            store(t, &frag, &mut out, ld);
        }
        assert_codes_land(n, &out, ld, E);
        // A thread outside the layout writes nothing.
        store(n.threads(), &[u32::MAX; E], &mut out, ld);
        assert!(!out.contains(&u32::MAX), "{}", n.name);
    }
    let a: Vec<u32> = (0..n.rows as usize * ld).map(|i| i as u32 + 1).collect();
    for t in 0..n.threads() {
        let got = gather(t, &a, ld);
        for (e, v) in got.iter().enumerate() {
            let (row, col) = n.coords(t, e as u32).unwrap();
            assert_eq!(
                *v,
                (row as usize * ld + col as usize) as u32 + 1,
                "{} {t} {e}",
                n.name
            );
        }
    }
    assert_eq!(gather(n.threads(), &a, ld), [0; E]);
}

/// A raw-pointer scatter as a closure over a slice (the slice outlives the call).
macro_rules! raw {
    ($f:ident) => {
        // SAFETY: `out` is the whole matrix, `ld` a multiple of the width.
        &|t, frag, out: &mut [u32], ld| unsafe { $f(t, frag, out.as_mut_ptr(), ld) }
    };
}

#[test]
fn vector_bodies_store_and_load_every_element_where_the_numeral_puts_it() {
    use layout_core::catalog::*;
    check_vector(&SM80_16x8x16_F32_C, 2, [raw!(v_c32), &v_c32_u], v_c32_g);
    check_vector(&SM80_16x8x16_F16_A_ROW, 2, [raw!(v_a16), &v_a16_u], v_a16_g);
    check_vector(&SM80_16x8x32_S32_C, 2, [raw!(v_s32), &v_s32_u], v_s32_g);
    check_vector(&SM80_16x8x32_S8_A_ROW, 4, [raw!(v_s8a), &v_s8a_u], v_s8a_g);
    check_vector(&SM80_16x8x64_S4_A_ROW, 8, [raw!(v_s4a), &v_s4a_u], v_s4a_g);
    check_vector(&SM90_16x8x16_F64_C, 2, [raw!(v_f64), &v_f64_u], v_f64_g);
    check_vector(&SM70_8x8x4_F16_C, 8, [raw!(v_m884), &v_m884_u], v_m884_g);
    check_vector(&SM90_64x256x16_F32_C, 2, [raw!(v_wg), &v_wg_u], v_wg_g);
}
