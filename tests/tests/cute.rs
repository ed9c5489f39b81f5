//! A third opinion: the warp-level catalog against CUTLASS CuTe's `MMA_Traits` layouts, written
//! here in CuTe's own notation (`(thread shape, value shape) : (thread strides, value strides)`,
//! mapping `(thread, value)` to a column-major index of the operand's `(M, K)`, `(N, K)` or
//! `(M, N)` tile). CuTe's thread mode is `(4, 8)`: `lane % 4` then `lane / 4`. Transcribed from
//! CuTe's `mma_traits_sm80.hpp` notation, not from our numerals or from `tests/src/ptx.rs`; the
//! sparse `mma.sp` layouts from `mma_traits_sm120_sparse.hpp` and the per-warp metadata of
//! `mma_traits_sm90_gmma_sparse.hpp` (CuTe has no traits for the sm_80 `mma.sp` itself); the
//! sparse `wgmma` A in registers and metadata from that file and the register-source layouts
//! of `mma_traits_sm90_gmma.hpp`.

use layout_core::catalog as cat;
use layout_core::Numeral;

/// A CuTe TV layout of one warp: thread strides for `(lane % 4, lane / 4)`, then value modes
/// `(size, stride)` from the fastest.
struct Cute {
    thread: (u32, u32),
    values: &'static [(u32, u32)],
}

impl Cute {
    /// The column-major index of value `v` of lane `lane`.
    fn index(&self, lane: u32, v: u32) -> u32 {
        let mut idx = (lane % 4) * self.thread.0 + (lane / 4) * self.thread.1;
        let mut rest = v;
        for &(size, stride) in self.values {
            idx += (rest % size) * stride;
            rest /= size;
        }
        idx
    }

    fn values(&self) -> u32 {
        self.values.iter().map(|m| m.0).product()
    }
}

/// Which CuTe operand: A is `(M, K)`, B is `(N, K)`, C is `(M, N)`, all column-major.
#[derive(Clone, Copy)]
enum Op {
    A,
    B,
    C,
}

/// Checks `n` against `cute` at every lane and value: the numeral's `(row, col)` in PTX
/// orientation (A: m, k; B: k, n; C: m, n) is CuTe's index decoded column-major.
fn agree(n: &Numeral, op: Op, cute: &Cute) {
    assert_eq!(cute.values(), n.elements, "{}: values per thread", n.name);
    let mut seen = vec![false; n.size() as usize];
    for lane in 0..32 {
        for v in 0..n.elements {
            let idx = cute.index(lane, v);
            let want = match op {
                // (M, K) col-major: m = idx % M.
                Op::A | Op::C => (idx % n.rows, idx / n.rows),
                // (N, K) col-major: n = idx % N; our B is K x N.
                Op::B => (idx / n.cols, idx % n.cols),
            };
            assert_eq!(
                n.coords(lane, v),
                Some(want),
                "{}: lane {lane}, value {v}",
                n.name
            );
            assert!(
                !std::mem::replace(&mut seen[idx as usize], true),
                "CuTe layout covers twice"
            );
        }
    }
}

/// CuTe's `SM80_16x8_Row`: the m16n8 accumulator, ((4,8),(2,2)):((32,1),(16,8)).
const C_16X8: Cute = Cute {
    thread: (32, 1),
    values: &[(2, 16), (2, 8)],
};
/// The m8n8 accumulator, ((4,8),2):((16,1),8).
const C_8X8: Cute = Cute {
    thread: (16, 1),
    values: &[(2, 8)],
};

#[test]
fn half_precision_mma_matches_cute() {
    // SM80_16x8x8_F16F16F16F16_TN
    let a = Cute {
        thread: (32, 1),
        values: &[(2, 16), (2, 8)],
    };
    let b = Cute {
        thread: (16, 1),
        values: &[(2, 8)],
    };
    agree(&cat::SM75_16x8x8_F16_A_ROW, Op::A, &a);
    agree(&cat::SM75_16x8x8_F16_B_COL, Op::B, &b);
    agree(&cat::SM75_16x8x8_F32_C, Op::C, &C_16X8);
    // SM80_16x8x16_F16F16F16F16_TN
    let a = Cute {
        thread: (32, 1),
        values: &[(2, 16), (2, 8), (2, 128)],
    };
    let b = Cute {
        thread: (16, 1),
        values: &[(2, 8), (2, 64)],
    };
    agree(&cat::SM80_16x8x16_F16_A_ROW, Op::A, &a);
    agree(&cat::SM80_16x8x16_F16_B_COL, Op::B, &b);
    agree(&cat::SM80_16x8x16_F32_C, Op::C, &C_16X8);
}

#[test]
fn tf32_and_f64_mma_match_cute() {
    // SM80_16x8x8_F32TF32TF32F32_TN: rows before columns in A.
    let a = Cute {
        thread: (16, 1),
        values: &[(2, 8), (2, 64)],
    };
    let b = Cute {
        thread: (8, 1),
        values: &[(2, 32)],
    };
    agree(&cat::SM80_16x8x8_TF32_A_ROW, Op::A, &a);
    agree(&cat::SM80_16x8x8_TF32_B_COL, Op::B, &b);
    // SM80_16x8x4_F32TF32TF32F32_TN
    let a = Cute {
        thread: (16, 1),
        values: &[(2, 8)],
    };
    let b = Cute {
        thread: (8, 1),
        values: &[],
    };
    agree(&cat::SM80_16x8x4_TF32_A_ROW, Op::A, &a);
    agree(&cat::SM80_16x8x4_TF32_B_COL, Op::B, &b);
    agree(&cat::SM80_16x8x4_F32_C, Op::C, &C_16X8);
    // SM80_8x8x4_F64F64F64F64_TN
    let ab = Cute {
        thread: (8, 1),
        values: &[],
    };
    agree(&cat::SM80_8x8x4_F64_A_ROW, Op::A, &ab);
    agree(&cat::SM80_8x8x4_F64_B_COL, Op::B, &ab);
    agree(&cat::SM80_8x8x4_F64_C, Op::C, &C_8X8);
}

#[test]
fn integer_and_fp8_mma_match_cute() {
    // SM80_8x8x16_S32S8S8S32_TN
    let ab = Cute {
        thread: (32, 1),
        values: &[(4, 8)],
    };
    agree(&cat::SM75_8x8x16_S8_A_ROW, Op::A, &ab);
    agree(&cat::SM75_8x8x16_S8_B_COL, Op::B, &ab);
    agree(&cat::SM75_8x8x16_S32_C, Op::C, &C_8X8);
    // SM80_16x8x16_S32S8S8S32_TN
    let a = Cute {
        thread: (64, 1),
        values: &[(4, 16), (2, 8)],
    };
    let b = Cute {
        thread: (32, 1),
        values: &[(4, 8)],
    };
    agree(&cat::SM80_16x8x16_S8_A_ROW, Op::A, &a);
    agree(&cat::SM80_16x8x16_S8_B_COL, Op::B, &b);
    agree(&cat::SM80_16x8x16_S32_C, Op::C, &C_16X8);
    // SM80_16x8x32_S32S8S8S32_TN, and SM89_16x8x32_F32E4M3E4M3F32_TN with the same A and B
    let a = Cute {
        thread: (64, 1),
        values: &[(4, 16), (2, 8), (2, 256)],
    };
    let b = Cute {
        thread: (32, 1),
        values: &[(4, 8), (2, 128)],
    };
    agree(&cat::SM80_16x8x32_S8_A_ROW, Op::A, &a);
    agree(&cat::SM80_16x8x32_S8_B_COL, Op::B, &b);
    agree(&cat::SM80_16x8x32_S32_C, Op::C, &C_16X8);
    agree(&cat::SM89_16x8x32_E4M3_A_ROW, Op::A, &a);
    agree(&cat::SM89_16x8x32_E4M3_B_COL, Op::B, &b);
    agree(&cat::SM89_16x8x32_F32_C, Op::C, &C_16X8);
    // CuTe's SM120_16x8x32_TN (mma.sync .kind::f8f6f4, any of e4m3 / e5m2 / e3m2 / e2m3 /
    // e2m1, 8-bit values) inherits the traits of SM80_16x8x32_S32S8S8S32_TN
    // (mma_traits_sm120.hpp).
    for (n, op, cute) in [
        (&cat::SM120_16x8x32_E4M3_A_ROW, Op::A, &a),
        (&cat::SM120_16x8x32_E5M2_A_ROW, Op::A, &a),
        (&cat::SM120_16x8x32_E3M2_A_ROW, Op::A, &a),
        (&cat::SM120_16x8x32_E2M3_A_ROW, Op::A, &a),
        (&cat::SM120_16x8x32_E2M1_A_ROW, Op::A, &a),
        (&cat::SM120_16x8x32_E4M3_B_COL, Op::B, &b),
        (&cat::SM120_16x8x32_E5M2_B_COL, Op::B, &b),
        (&cat::SM120_16x8x32_E3M2_B_COL, Op::B, &b),
        (&cat::SM120_16x8x32_E2M3_B_COL, Op::B, &b),
        (&cat::SM120_16x8x32_E2M1_B_COL, Op::B, &b),
        (&cat::SM120_16x8x32_F32_C, Op::C, &C_16X8),
        (&cat::SM120_16x8x32_F16_C, Op::C, &C_16X8),
    ] {
        agree(n, op, cute);
    }
    // SM80_8x8x32_S32S4S4S32_TN
    let ab = Cute {
        thread: (64, 1),
        values: &[(8, 8)],
    };
    agree(&cat::SM75_8x8x32_S4_A_ROW, Op::A, &ab);
    agree(&cat::SM75_8x8x32_S4_B_COL, Op::B, &ab);
    // SM80_16x8x32_S32S4S4S32_TN
    let a = Cute {
        thread: (128, 1),
        values: &[(8, 16), (2, 8)],
    };
    let b = Cute {
        thread: (64, 1),
        values: &[(8, 8)],
    };
    agree(&cat::SM80_16x8x32_S4_A_ROW, Op::A, &a);
    agree(&cat::SM80_16x8x32_S4_B_COL, Op::B, &b);
    // SM80_16x8x64_S32S4S4S32_TN
    let a = Cute {
        thread: (128, 1),
        values: &[(8, 16), (2, 8), (2, 512)],
    };
    let b = Cute {
        thread: (64, 1),
        values: &[(8, 8), (2, 256)],
    };
    agree(&cat::SM80_16x8x64_S4_A_ROW, Op::A, &a);
    agree(&cat::SM80_16x8x64_S4_B_COL, Op::B, &b);
    agree(&cat::SM80_16x8x64_S32_C, Op::C, &C_16X8);
    // SM120_16x8x64_TN_VS (mma.sync .kind::mxf4 / mxf4nvf4 .block_scale, e2m1): its own
    // ALayout ((4,8),(8,2,2)):((128,1),(16,8,512)), BLayout ((4,8),(8,2)):((64,1),(8,256)) and
    // SM80_16x8_Row, the same numbers as above.
    agree(&cat::SM120_16x8x64_E2M1_A_ROW, Op::A, &a);
    agree(&cat::SM120_16x8x64_E2M1_B_COL, Op::B, &b);
    agree(&cat::SM120_16x8x64_F32_C, Op::C, &C_16X8);
}

#[test]
fn single_bit_mma_matches_cute() {
    // The b1 traits as corrected in CUTLASS pull request 1856 (the earlier
    // SM80_16x8x256_S32U1U1S32_TN_XORPOPC traits were not a layout); the ANDPOPC traits
    // inherit the XORPOPC ones.
    // SM80_8x8x128_S32U1U1S32_TN_XORPOPC / _ANDPOPC: A and B ((4,8),32):((256,1),8).
    let ab = Cute {
        thread: (256, 1),
        values: &[(32, 8)],
    };
    for a in [&cat::SM75_8x8x128_B1_A_ROW, &cat::SM80_8x8x128_B1_A_ROW] {
        agree(a, Op::A, &ab);
    }
    for b in [&cat::SM75_8x8x128_B1_B_COL, &cat::SM80_8x8x128_B1_B_COL] {
        agree(b, Op::B, &ab);
    }
    agree(&cat::SM75_8x8x128_S32_C, Op::C, &C_8X8);
    agree(&cat::SM80_8x8x128_S32_C, Op::C, &C_8X8);
    // SM80_16x8x128_S32U1U1S32_TN_XORPOPC: A ((4,8),(32,2)):((512,1),(16,8)), B as m8n8k128.
    let a = Cute {
        thread: (512, 1),
        values: &[(32, 16), (2, 8)],
    };
    agree(&cat::SM80_16x8x128_B1_A_ROW, Op::A, &a);
    agree(&cat::SM80_16x8x128_B1_B_COL, Op::B, &ab);
    agree(&cat::SM80_16x8x128_S32_C, Op::C, &C_16X8);
    // SM80_16x8x256_S32U1U1S32_TN_XORPOPC: A ((4,8),(32,2,2)):((512,1),(16,8,2048)),
    // B ((4,8),(32,2)):((256,1),(8,1024)).
    let a = Cute {
        thread: (512, 1),
        values: &[(32, 16), (2, 8), (2, 2048)],
    };
    let b = Cute {
        thread: (256, 1),
        values: &[(32, 8), (2, 1024)],
    };
    agree(&cat::SM80_16x8x256_B1_A_ROW, Op::A, &a);
    agree(&cat::SM80_16x8x256_B1_B_COL, Op::B, &b);
    agree(&cat::SM80_16x8x256_S32_C, Op::C, &C_16X8);
}

#[test]
fn a_wrong_cute_stride_is_caught() {
    // A's k-block stride 128 swapped with the row-half stride 8: not the catalog layout.
    let wrong = Cute {
        thread: (32, 1),
        values: &[(2, 16), (2, 128), (2, 8)],
    };
    let caught = std::panic::catch_unwind(|| agree(&cat::SM80_16x8x16_F16_A_ROW, Op::A, &wrong));
    assert!(caught.is_err());
}

/// A CuTe TV layout with any thread modes: `(size, stride)` of the thread index from the
/// fastest, then of the value index (the sparse traits split the lane as `(2, 2, 8)`).
struct CuteTv {
    thread: &'static [(u32, u32)],
    values: &'static [(u32, u32)],
}

impl CuteTv {
    fn index(&self, thread: u32, v: u32) -> u32 {
        let mut idx = 0;
        for (modes, mut rest) in [(self.thread, thread), (self.values, v)] {
            for &(size, stride) in modes {
                idx += (rest % size) * stride;
                rest /= size;
            }
        }
        idx
    }
}

/// A compressed sparse A against CuTe's A over the dense `(M, K)` tile (column-major, `rows`
/// rows), whose values are logical elements, two per stored one: stored element `p` is logical
/// `2p` and `2p + 1`, two dense columns of one chunk, at compressed column `k / 2`. Every
/// thread of the numeral (32, or 128 for `wgmma`).
fn sparse_a_agrees(n: &Numeral, cute: &CuteTv, rows: u32) {
    for lane in 0..n.threads() {
        for p in 0..n.elements {
            let idx = cute.index(lane, 2 * p);
            assert_eq!(
                cute.index(lane, 2 * p + 1),
                idx + rows,
                "{}: lane {lane}",
                n.name
            );
            assert_eq!(
                n.coords(lane, p),
                Some((idx % rows, idx / rows / 2)),
                "{}: lane {lane}, element {p}",
                n.name
            );
        }
    }
}

/// A metadata numeral against CuTe's `ELayout` over the dense `(M, K)` tile (column-major,
/// `rows` rows), `per_field` logical elements (one chunk of A) per 4-bit field: field `n` of a
/// lane is at `(m, k / per_field)`, plus the columns the catalog gives the lane's selector.
/// Every thread of the numeral (32, or 128 for `wgmma`).
fn sparse_metadata_agrees(
    n: &Numeral,
    cute: &CuteTv,
    rows: u32,
    per_field: u32,
    selector_columns: impl Fn(u32) -> u32,
) {
    for lane in 0..n.threads() {
        for f in 0..8 {
            let idx = cute.index(lane, f * per_field);
            for j in 1..per_field {
                assert_eq!(
                    cute.index(lane, f * per_field + j),
                    idx + j * rows,
                    "{}",
                    n.name
                );
            }
            let want = (idx % rows, idx / rows / per_field + selector_columns(lane));
            assert_eq!(
                n.coords(lane, f),
                Some(want),
                "{}: lane {lane}, field {f}",
                n.name
            );
        }
    }
}

#[test]
fn sparse_mma_matches_cute_sm120_sparse_traits() {
    // SM120_SPARSE_16x8x64_TN (mma.sp::ordered_metadata m16n8k64 .kind::f8f6f4, CuTe's
    // mma_traits_sm120_sparse.hpp); the ISA draws it in the figures of sparse m16n8k64
    // .u8/.s8/.e4m3/.e5m2. A (T32,V32) -> (M16,K64), ((4,8),(8,2,2)):((128,1),(16,8,512));
    // B (T32,V16) -> (N8,K64), ((4,8),(4,4)):((32,1),(8,128)); E (T32,V32) -> (M16,K64),
    // ((2,2,8),32):((8,512,1),16), 8 logical elements per metadata byte.
    let a = CuteTv {
        thread: &[(4, 128), (8, 1)],
        values: &[(8, 16), (2, 8), (2, 512)],
    };
    let b = Cute {
        thread: (32, 1),
        values: &[(4, 8), (4, 128)],
    };
    let e = CuteTv {
        thread: &[(2, 8), (2, 512), (8, 1)],
        values: &[(32, 16)],
    };
    for (an, bn, en) in [
        (
            &cat::SM80_SPARSE_16x8x64_S8_A_ROW,
            &cat::SM80_SPARSE_16x8x64_S8_B_COL,
            &cat::SM80_SPARSE_16x8x64_S8_E,
        ),
        (
            &cat::SM89_SPARSE_16x8x64_E4M3_A_ROW,
            &cat::SM89_SPARSE_16x8x64_E5M2_B_COL,
            &cat::SM89_SPARSE_16x8x64_E5M2_E,
        ),
    ] {
        sparse_a_agrees(an, &a, 16);
        agree(bn, Op::B, &b);
        sparse_metadata_agrees(en, &e, 16, 4, |_| 0);
    }
    agree(&cat::SM80_SPARSE_16x8x64_S32_C, Op::C, &C_16X8);
    agree(&cat::SM89_SPARSE_16x8x64_F32_C, Op::C, &C_16X8);
    // SM120_SPARSE_16x8x128_TN_VS (block-scaled .kind::mxf4, e2m1 packed eight per register),
    // drawn in the figures of sparse m16n8k128 .u4/.s4/.e2m1. A ((4,8),(16,2,2)):
    // ((256,1),(16,8,1024)); B ((4,8),(8,4)):((64,1),(8,256)); E ((2,2,8),64):((8,1024,1),16),
    // 16 logical elements per metadata byte.
    let a = CuteTv {
        thread: &[(4, 256), (8, 1)],
        values: &[(16, 16), (2, 8), (2, 1024)],
    };
    let b = Cute {
        thread: (64, 1),
        values: &[(8, 8), (4, 256)],
    };
    let e = CuteTv {
        thread: &[(2, 8), (2, 1024), (8, 1)],
        values: &[(64, 16)],
    };
    sparse_a_agrees(&cat::SM80_SPARSE_16x8x128_U4_A_ROW, &a, 16);
    agree(&cat::SM80_SPARSE_16x8x128_S4_B_COL, Op::B, &b);
    sparse_metadata_agrees(&cat::SM80_SPARSE_16x8x128_S4_E, &e, 16, 8, |_| 0);
    agree(&cat::SM80_SPARSE_16x8x128_S32_C, Op::C, &C_16X8);
}

#[test]
fn sparse_metadata_matches_cute_wgmma_sp_per_warp() {
    // CuTe's wgmma.sp metadata layouts (mma_traits_sm90_gmma_sparse.hpp), over the 64 rows of a
    // warpgroup: each warp holds 16 rows as the mma.sp metadata of the same K does. Thread modes
    // (2,2,8,4); the second lane bit has stride 0, the lanes the selector does not read, which the
    // catalog puts in the next selector's columns. Warp 0 against the catalog:
    // ELayout_64x32 (16-bit, K = 32): ((2,2,8,4),(16,2)):((1024,0,1,16),(64,8)), 4 per field.
    let e32 = CuteTv {
        thread: &[(2, 1024), (2, 0), (8, 1), (4, 16)],
        values: &[(16, 64), (2, 8)],
    };
    let next_pair = |lane: u32| 8 * (lane / 2 % 2);
    sparse_metadata_agrees(&cat::SM80_SPARSE_16x8x32_F16_E, &e32, 64, 4, next_pair);
    // ELayout_64x16 (tf32, K = 16): ((2,2,8,4),(8,2)):((512,0,1,16),(64,8)), 2 per field.
    let e16 = CuteTv {
        thread: &[(2, 512), (2, 0), (8, 1), (4, 16)],
        values: &[(8, 64), (2, 8)],
    };
    sparse_metadata_agrees(&cat::SM80_SPARSE_16x8x16_TF32_E, &e16, 64, 2, next_pair);
    // ELayout_64x64 (8-bit, K = 64): ((2,2,8,4),32):((8,2048,1,16),64), every lane read.
    let e64 = CuteTv {
        thread: &[(2, 8), (2, 2048), (8, 1), (4, 16)],
        values: &[(32, 64)],
    };
    sparse_metadata_agrees(&cat::SM80_SPARSE_16x8x64_U8_E, &e64, 64, 4, |_| 0);
    // The 16-bit reading is not the 8-bit one.
    let caught = std::panic::catch_unwind(|| {
        sparse_metadata_agrees(&cat::SM80_SPARSE_16x8x32_S8_E, &e32, 64, 4, next_pair)
    });
    assert!(caught.is_err());
}

#[test]
fn sparse_wgmma_a_in_registers_and_metadata_match_cute_gmma_sparse_traits() {
    // CuTe's SM90::GMMA::SPARSE::*_RS traits (mma_traits_sm90_gmma_sparse.hpp) take A from
    // registers over the dense (M64, K) tile, two logical elements per stored one
    // (sparse_elem<2, T>), with the register-source layouts of mma_traits_sm90_gmma.hpp; thread
    // modes (4, 8, 4): threadID_in_group, groupID, warp (rows + 16).
    // f16 / bf16 k32: ALayout_64x32 ((4,8,4),(4,2,2)):((256,1,16),(64,8,1024)).
    let a32 = CuteTv {
        thread: &[(4, 256), (8, 1), (4, 16)],
        values: &[(4, 64), (2, 8), (2, 1024)],
    };
    sparse_a_agrees(&cat::SM90_SPARSE_64xNx32_F16_A_RS, &a32, 64);
    sparse_a_agrees(&cat::SM90_SPARSE_64xNx32_BF16_A_RS, &a32, 64);
    // tf32 k16: ALayout_64x16 ((4,8,4),(2,2,2)):((128,1,16),(64,8,512)).
    let a16 = CuteTv {
        thread: &[(4, 128), (8, 1), (4, 16)],
        values: &[(2, 64), (2, 8), (2, 512)],
    };
    sparse_a_agrees(&cat::SM90_SPARSE_64xNx16_TF32_A_RS, &a16, 64);
    // 8-bit k64: ALayout_64x64 ((4,8,4),(8,2,2)):((512,1,16),(64,8,2048)).
    let a64 = CuteTv {
        thread: &[(4, 512), (8, 1), (4, 16)],
        values: &[(8, 64), (2, 8), (2, 2048)],
    };
    for a in [
        &cat::SM90_SPARSE_64xNx64_S8_A_RS,
        &cat::SM90_SPARSE_64xNx64_U8_A_RS,
        &cat::SM90_SPARSE_64xNx64_E4M3_A_RS,
        &cat::SM90_SPARSE_64xNx64_E5M2_A_RS,
    ] {
        sparse_a_agrees(a, &a64, 64);
    }
    // The tf32 layout does not pass for CuTe's f16 one.
    let caught =
        std::panic::catch_unwind(|| sparse_a_agrees(&cat::SM90_SPARSE_64xNx16_TF32_A_RS, &a32, 64));
    assert!(caught.is_err());
    // The metadata, every warp: ELayout_64x32 / _64x16 / _64x64 (their warp mode puts warp w on
    // rows 16w..), the lanes a selector does not read in the next selector's columns.
    let e32 = CuteTv {
        thread: &[(2, 1024), (2, 0), (8, 1), (4, 16)],
        values: &[(16, 64), (2, 8)],
    };
    let e16 = CuteTv {
        thread: &[(2, 512), (2, 0), (8, 1), (4, 16)],
        values: &[(8, 64), (2, 8)],
    };
    let e64 = CuteTv {
        thread: &[(2, 8), (2, 2048), (8, 1), (4, 16)],
        values: &[(32, 64)],
    };
    let next_pair = |thread: u32| 8 * (thread / 2 % 2);
    sparse_metadata_agrees(&cat::SM90_SPARSE_64xNx32_F16_E, &e32, 64, 4, next_pair);
    sparse_metadata_agrees(&cat::SM90_SPARSE_64xNx32_BF16_E, &e32, 64, 4, next_pair);
    sparse_metadata_agrees(&cat::SM90_SPARSE_64xNx16_TF32_E, &e16, 64, 2, next_pair);
    for e in [
        &cat::SM90_SPARSE_64xNx64_S8_E,
        &cat::SM90_SPARSE_64xNx64_U8_E,
        &cat::SM90_SPARSE_64xNx64_E4M3_E,
        &cat::SM90_SPARSE_64xNx64_E5M2_E,
    ] {
        sparse_metadata_agrees(e, &e64, 64, 4, |_| 0);
    }
    let caught = std::panic::catch_unwind(|| {
        sparse_metadata_agrees(&cat::SM90_SPARSE_64xNx64_S8_E, &e32, 64, 4, next_pair)
    });
    assert!(caught.is_err());
}
