//! Where layouts coincide, where they differ, and how ldmatrix / stmatrix / movmatrix relate to
//! the mma fragments.

use fraglayout_tests::ptx;
use layout_core::catalog::{self as cat, Operand};

use super::{same, same_map};

#[test]
fn coincidences() {
    assert!(same(
        &cat::SM80_16x8x16_F16_A_ROW,
        &cat::SM80_16x8x16_BF16_A_ROW
    ));
    assert!(same(
        &cat::SM75_16x8x8_F16_A_ROW,
        &cat::SM80_16x8x8_BF16_A_ROW
    ));
    assert!(same(
        &cat::SM80_16x8x32_S8_A_ROW,
        &cat::SM80_16x8x32_U8_A_ROW
    ));
    assert!(same(
        &cat::SM80_16x8x32_S8_A_ROW,
        &cat::SM89_16x8x32_E4M3_A_ROW
    ));
    assert!(same(
        &cat::SM80_16x8x32_S8_A_ROW,
        &cat::SM89_16x8x32_E5M2_A_ROW
    ));
    assert!(same(
        &cat::SM80_16x8x32_S8_B_COL,
        &cat::SM89_16x8x32_E5M2_B_COL
    ));
    assert!(same(&cat::SM80_16x8x16_F32_C, &cat::SM89_16x8x32_F16_C));
    // .kind::f8f6f4 (sm_120a): the m16n8k32 s8 figures serve all five types.
    for (a, b) in [
        (
            &cat::SM120_16x8x32_E4M3_A_ROW,
            &cat::SM120_16x8x32_E4M3_B_COL,
        ),
        (
            &cat::SM120_16x8x32_E5M2_A_ROW,
            &cat::SM120_16x8x32_E5M2_B_COL,
        ),
        (
            &cat::SM120_16x8x32_E3M2_A_ROW,
            &cat::SM120_16x8x32_E3M2_B_COL,
        ),
        (
            &cat::SM120_16x8x32_E2M3_A_ROW,
            &cat::SM120_16x8x32_E2M3_B_COL,
        ),
        (
            &cat::SM120_16x8x32_E2M1_A_ROW,
            &cat::SM120_16x8x32_E2M1_B_COL,
        ),
    ] {
        assert!(same(&cat::SM80_16x8x32_S8_A_ROW, a), "{}", a.name);
        assert!(same(&cat::SM80_16x8x32_S8_B_COL, b), "{}", b.name);
    }
    assert!(same(&cat::SM80_16x8x16_F32_C, &cat::SM120_16x8x32_F32_C));
    assert!(same(&cat::SM80_16x8x16_F32_C, &cat::SM120_16x8x32_F16_C));
    assert!(same(&cat::SM75_U32x1_LDSM_N, &cat::SM75_U32x1_MOVM_T));
    assert!(same(&cat::SM80_16x8x16_F32_C, &cat::SM90_16x8x16_F64_C));
    assert!(same(
        &cat::SM80_16x8x8_TF32_A_ROW,
        &cat::SM90_16x8x8_F64_A_ROW
    ));
    assert!(same(&cat::SM90_64x64x16_F32_C, &cat::SM90_64x64x16_F16_C));
    assert!(same(&cat::SM90_64x64x16_F32_C, &cat::SM90_64x64x32_S32_C));
    assert!(same(&cat::SM75_U32x4_LDSM_N, &cat::SM90_U32x4_STSM_N));
    // The m16n8k8 f16 A fragment is the m16n8 accumulator pattern on a 16 x 8 tile.
    assert!(same_map(
        &cat::SM75_16x8x8_F16_A_ROW,
        &cat::SM80_16x8x16_F32_C
    ));
    // The m16n8k16 integer B equals m8n8k16's (both 16 x 8, four per lane).
    assert!(same_map(
        &cat::SM80_16x8x16_S8_B_COL,
        &cat::SM75_8x8x16_S8_B_COL
    ));
    // b1: `.and.popc` on m8n8k128 uses the `.xor.popc` layouts; m16n8k128 B is m8n8k128 B.
    assert!(same(
        &cat::SM75_8x8x128_B1_A_ROW,
        &cat::SM80_8x8x128_B1_A_ROW
    ));
    assert!(same(
        &cat::SM75_8x8x128_B1_B_COL,
        &cat::SM80_8x8x128_B1_B_COL
    ));
    assert!(same(
        &cat::SM75_8x8x128_B1_B_COL,
        &cat::SM80_16x8x128_B1_B_COL
    ));
    assert!(same(&cat::SM75_8x8x16_S32_C, &cat::SM80_8x8x128_S32_C));
    assert!(same(&cat::SM80_16x8x16_F32_C, &cat::SM80_16x8x256_S32_C));
}

#[test]
fn movmatrix_transposes_in_the_ldmatrix_x1_layout() {
    let e = cat::find("SM75_U32x1_MOVM_T").unwrap();
    assert_eq!(e.instructions, ["movmatrix.sync.aligned.m8n8.trans.b16"]);
    assert_eq!(
        (e.operand, e.element_type, e.arch),
        (Operand::Matrices, "b16", "sm_75")
    );
    assert_eq!((e.element_bits, e.registers()), (16, 1));
    assert!(e.ptx_section.contains("movmatrix"));
    let m = e.numeral;
    assert_eq!((m.rows, m.cols, m.elements), (8, 8, 2));
    // Read over the transposed matrix, the numeral puts each half of d where the ISA's result
    // figure (drawn on the source's positions) puts it, transposed.
    for lane in 0..32 {
        for i in 0..2 {
            let (r, c) = m.coords(lane, i).unwrap();
            assert_eq!(
                (c, r),
                ptx::movmatrix_d_from(lane, i),
                "lane {lane}, half {i}"
            );
        }
    }
    // The instruction on a matrix of codes: a from the source figure, d by the ISA's rule
    // (d of lane l, half i is the source element its figure names). Reading a with the
    // numeral gives the source back; reading d gives the transpose.
    let code = |r: u32, c: u32| 100 * r + c;
    let mut source = [[u32::MAX; 8]; 8];
    let mut result = [[u32::MAX; 8]; 8];
    for lane in 0..32 {
        for i in 0..2 {
            let a = {
                let (r, c) = ptx::movmatrix_a(lane, i);
                code(r, c)
            };
            let d = {
                let (r, c) = ptx::movmatrix_d_from(lane, i);
                code(r, c)
            };
            let (r, c) = m.coords(lane, i).unwrap();
            source[r as usize][c as usize] = a;
            result[r as usize][c as usize] = d;
        }
    }
    for r in 0..8 {
        for c in 0..8 {
            assert_eq!(source[r][c], code(r as u32, c as u32));
            assert_eq!(result[r][c], code(c as u32, r as u32));
        }
    }
    // Over the source matrix, d is the ldmatrix .x1.trans layout: movmatrix of an .x1 load
    // equals the .x1.trans load of the same 8 x 8 matrix.
    let t = &cat::SM75_U16x2_LDSM_T;
    for lane in 0..32 {
        for i in 0..2 {
            assert_eq!(t.coords(lane, i), Some(ptx::movmatrix_d_from(lane, i)));
            assert_eq!(ptx::ldmatrix_trans(lane, i), ptx::movmatrix_d_from(lane, i));
        }
    }
    assert!(!same_map(m, t));
}

#[test]
fn tf32_and_f64_order_rows_first_f16_columns_first() {
    // f16: a1 is the column neighbour of a0.
    let f16 = &cat::SM75_16x8x8_F16_A_ROW;
    assert_eq!(f16.coords(0, 1), Some((0, 1)));
    assert_eq!(f16.coords(0, 2), Some((8, 0)));
    // tf32 / f64: a1 is 8 rows below a0, a2 4 columns right.
    for n in [&cat::SM80_16x8x8_TF32_A_ROW, &cat::SM90_16x8x8_F64_A_ROW] {
        assert_eq!(n.coords(0, 1), Some((8, 0)), "{}", n.name);
        assert_eq!(n.coords(0, 2), Some((0, 4)), "{}", n.name);
    }
    assert!(!same_map(f16, &cat::SM80_16x8x8_TF32_A_ROW));
    // Same on m16n8k16: f64 A differs from f16 A.
    assert!(!same_map(
        &cat::SM80_16x8x16_F16_A_ROW,
        &cat::SM90_16x8x16_F64_A_ROW
    ));
    assert_eq!(cat::SM90_16x8x16_F64_A_ROW.coords(0, 1), Some((8, 0)));
    assert_eq!(cat::SM80_16x8x16_F16_A_ROW.coords(0, 1), Some((0, 1)));
}

#[test]
fn volta_accumulators_differ_by_type() {
    let (f32c, f16c) = (&cat::SM70_8x8x4_F32_C, &cat::SM70_8x8x4_F16_C);
    assert!(!same_map(f32c, f16c));
    // f16: lane 0 holds all of row 0; f32: lane 0 holds 2 x 2 blocks.
    assert!((0..8).all(|i| f16c.coords(0, i) == Some((0, i))));
    assert_eq!(f32c.coords(0, 2), Some((2, 0)));
    assert_eq!(f32c.coords(0, 4), Some((0, 4)));
    // Both keep each quad-pair in its own 8-row block.
    for lane in 0..32 {
        let q = ptx::volta_computation(lane);
        for i in 0..8 {
            assert_eq!(f32c.coords(lane, i).unwrap().0 / 8, q);
            assert_eq!(f16c.coords(lane, i).unwrap().0 / 8, q);
        }
    }
    assert_eq!(layout_core::catalog::volta_quad_pair(17), 0);
    assert_eq!(layout_core::catalog::volta_quad_pair(29), 3);
}

#[test]
fn ldmatrix_x4_of_quadrants_is_the_m16n8k16_a_fragment() {
    // Matrix j of the x4 load is quadrant (j % 2, j / 2) of the row-major 16 x 16 A tile:
    // lanes 0-7 address rows 0-7 cols 0-7, lanes 8-15 rows 8-15 cols 0-7, lanes 16-23
    // rows 0-7 cols 8-15, lanes 24-31 rows 8-15 cols 8-15.
    let ld = &cat::SM75_U32x4_LDSM_N;
    let a = &cat::SM80_16x8x16_F16_A_ROW;
    for lane in 0..32 {
        for i in 0..8 {
            let (r, c) = ld.coords(lane, i).unwrap();
            let j = r / 8;
            let quadrant = (8 * (j % 2) + r % 8, 8 * (j / 2) + c);
            assert_eq!(
                a.coords(lane, i),
                Some(quadrant),
                "lane {lane}, element {i}"
            );
        }
    }
    // The address lane of matrix j's row r points at that quadrant's row.
    for j in 0..4 {
        for r in 0..8 {
            let lane = cat::ldmatrix_address_lane(4, j, r).unwrap();
            assert_eq!(cat::ldmatrix_address_row(4, lane), Some((j, r)));
        }
    }
    assert_eq!(cat::ldmatrix_address_row(2, 16), None);
    assert_eq!(cat::ldmatrix_address_lanes(1), 0..8);
    assert_eq!(cat::ldmatrix_address_lane(2, 2, 0), None);
}

#[test]
fn ldmatrix_x2_is_the_m16n8k16_b_fragment() {
    let b = &cat::SM80_16x8x16_F16_B_COL;
    // .x2 on B stored N-major (8 x 16, row n holds k): matrix j is columns 8j.. of that
    // tile; each lane's (n, k) is B's (k, n).
    let ld = &cat::SM75_U32x2_LDSM_N;
    for lane in 0..32 {
        for i in 0..4 {
            let (r, c) = ld.coords(lane, i).unwrap();
            let (n, k) = (r % 8, 8 * (r / 8) + c);
            assert_eq!(b.coords(lane, i), Some((k, n)), "lane {lane}, element {i}");
        }
    }
    // .x2.trans on the row-major K x N tile (matrix j = rows 8j..8j+7): the same stacked tile.
    assert!(same_map(&cat::SM75_U16x4_LDSM_T, b));
    assert!(!same_map(&cat::SM75_U32x2_LDSM_N, b));
}

#[test]
fn stmatrix_x2_stores_the_m16n8k16_f16_accumulator() {
    assert!(same_map(&cat::SM90_U32x2_STSM_N, &cat::SM80_16x8x16_F16_C));
    assert!(!same_map(&cat::SM90_U16x4_STSM_T, &cat::SM80_16x8x16_F16_C));
}
