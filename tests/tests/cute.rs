//! A third opinion: the warp-level catalog against CUTLASS CuTe's `MMA_Traits` layouts, written
//! here in CuTe's own notation (`(thread shape, value shape) : (thread strides, value strides)`,
//! mapping `(thread, value)` to a column-major index of the operand's `(M, K)`, `(N, K)` or
//! `(M, N)` tile). CuTe's thread mode is `(4, 8)`: `lane % 4` then `lane / 4`. Transcribed from
//! CuTe's `mma_traits_sm80.hpp` notation, not from our numerals or from `tests/src/ptx.rs`.

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
