//! Every catalog layout against its PTX transcription, exhaustively; bijection by brute
//! force; decode inverts encode; the coincidences and differences between layouts; and the
//! relations between ldmatrix / stmatrix / mma / wgmma fragments.

use std::collections::{BTreeSet, HashMap};

use fraglayout_tests::ownership::Ownership;
use fraglayout_tests::ptx;
use layout_core::catalog::{self as cat, Operand, CATALOG};
use layout_core::Numeral;

type Coords = Box<dyn Fn(u32, u32) -> (u32, u32)>;

/// A transcription for a Volta layout: the product's coordinates shifted to the quad-pair's
/// block of the vertically stacked tile (`rows` rows per product).
fn volta(f: fn(u32, u32) -> (u32, u32), rows: u32) -> Coords {
    Box::new(move |lane, i| {
        let (r, c) = f(lane, i);
        (r + rows * ptx::volta_computation(lane), c)
    })
}

/// Every catalog name with its transcription, spelled out independently of the catalog.
fn transcriptions() -> HashMap<String, Coords> {
    let mut t: HashMap<String, Coords> = HashMap::new();
    let mut add = |names: &[&str], f: fn(u32, u32) -> (u32, u32)| {
        for n in names {
            assert!(t.insert(n.to_string(), Box::new(f)).is_none(), "{n} twice");
        }
    };
    add(
        &["SM80_16x8x16_F16_A_ROW", "SM80_16x8x16_BF16_A_ROW"],
        ptx::m16n8k16_f16_a,
    );
    add(
        &["SM80_16x8x16_F16_B_COL", "SM80_16x8x16_BF16_B_COL"],
        ptx::m16n8k16_f16_b,
    );
    add(
        &[
            "SM80_16x8x16_F32_C",
            "SM80_16x8x16_F16_C",
            "SM75_16x8x8_F32_C",
            "SM75_16x8x8_F16_C",
            "SM80_16x8x4_F32_C",
            "SM80_16x8x16_S32_C",
            "SM80_16x8x32_S32_C",
            "SM80_16x8x64_S32_C",
            "SM89_16x8x32_F32_C",
            "SM89_16x8x32_F16_C",
            "SM90_16x8x4_F64_C",
            "SM90_16x8x8_F64_C",
            "SM90_16x8x16_F64_C",
        ],
        ptx::m16n8k16_c,
    );
    add(
        &["SM75_16x8x8_F16_A_ROW", "SM80_16x8x8_BF16_A_ROW"],
        ptx::m16n8k8_f16_a,
    );
    add(
        &["SM75_16x8x8_F16_B_COL", "SM80_16x8x8_BF16_B_COL"],
        ptx::m16n8k8_f16_b,
    );
    add(
        &["SM80_16x8x8_TF32_A_ROW", "SM90_16x8x8_F64_A_ROW"],
        ptx::m16n8k8_tf32_a,
    );
    add(
        &["SM80_16x8x8_TF32_B_COL", "SM90_16x8x8_F64_B_COL"],
        ptx::m16n8k8_tf32_b,
    );
    add(
        &["SM80_16x8x4_TF32_A_ROW", "SM90_16x8x4_F64_A_ROW"],
        ptx::m16n8k4_tf32_a,
    );
    add(
        &["SM80_16x8x4_TF32_B_COL", "SM90_16x8x4_F64_B_COL"],
        ptx::m16n8k4_tf32_b,
    );
    add(&["SM90_16x8x16_F64_A_ROW"], ptx::m16n8k16_f64_a);
    add(&["SM90_16x8x16_F64_B_COL"], ptx::m16n8k16_f64_b);
    add(
        &["SM80_16x8x16_S8_A_ROW", "SM80_16x8x16_U8_A_ROW"],
        ptx::m16n8k16_i8_a,
    );
    add(
        &[
            "SM80_16x8x16_S8_B_COL",
            "SM80_16x8x16_U8_B_COL",
            "SM75_8x8x16_S8_B_COL",
            "SM75_8x8x16_U8_B_COL",
        ],
        ptx::m16n8k16_i8_b,
    );
    add(
        &[
            "SM80_16x8x32_S8_A_ROW",
            "SM80_16x8x32_U8_A_ROW",
            "SM89_16x8x32_E4M3_A_ROW",
            "SM89_16x8x32_E5M2_A_ROW",
        ],
        ptx::m16n8k32_i8_a,
    );
    add(
        &[
            "SM80_16x8x32_S8_B_COL",
            "SM80_16x8x32_U8_B_COL",
            "SM89_16x8x32_E4M3_B_COL",
            "SM89_16x8x32_E5M2_B_COL",
        ],
        ptx::m16n8k32_i8_b,
    );
    add(
        &["SM80_16x8x32_S4_A_ROW", "SM80_16x8x32_U4_A_ROW"],
        ptx::m16n8k32_i4_a,
    );
    add(
        &[
            "SM80_16x8x32_S4_B_COL",
            "SM80_16x8x32_U4_B_COL",
            "SM75_8x8x32_S4_B_COL",
            "SM75_8x8x32_U4_B_COL",
        ],
        ptx::m16n8k32_i4_b,
    );
    add(
        &["SM80_16x8x64_S4_A_ROW", "SM80_16x8x64_U4_A_ROW"],
        ptx::m16n8k64_i4_a,
    );
    add(
        &["SM80_16x8x64_S4_B_COL", "SM80_16x8x64_U4_B_COL"],
        ptx::m16n8k64_i4_b,
    );
    add(
        &["SM75_8x8x16_S8_A_ROW", "SM75_8x8x16_U8_A_ROW"],
        ptx::m8n8k16_i8_a,
    );
    add(
        &["SM75_8x8x32_S4_A_ROW", "SM75_8x8x32_U4_A_ROW"],
        ptx::m8n8k32_i4_a,
    );
    add(
        &["SM75_8x8x16_S32_C", "SM75_8x8x32_S32_C", "SM80_8x8x4_F64_C"],
        ptx::m8n8_c,
    );
    add(&["SM80_8x8x4_F64_A_ROW"], ptx::m8n8k4_f64_a);
    add(&["SM80_8x8x4_F64_B_COL"], ptx::m8n8k4_f64_b);
    add(
        &[
            "SM75_U32x1_LDSM_N",
            "SM75_U32x2_LDSM_N",
            "SM75_U32x4_LDSM_N",
            "SM90_U32x1_STSM_N",
            "SM90_U32x2_STSM_N",
            "SM90_U32x4_STSM_N",
        ],
        ptx::ldmatrix,
    );
    add(
        &[
            "SM75_U16x2_LDSM_T",
            "SM75_U16x4_LDSM_T",
            "SM75_U16x8_LDSM_T",
            "SM90_U16x2_STSM_T",
            "SM90_U16x4_STSM_T",
            "SM90_U16x8_STSM_T",
        ],
        ptx::ldmatrix_trans,
    );
    add(
        &["SM90_64xNx16_F16_A_RS", "SM90_64xNx16_BF16_A_RS"],
        ptx::wgmma_a_k16,
    );
    add(&["SM90_64xNx8_TF32_A_RS"], ptx::wgmma_a_k8);
    add(
        &[
            "SM90_64xNx32_S8_A_RS",
            "SM90_64xNx32_U8_A_RS",
            "SM90_64xNx32_E4M3_A_RS",
            "SM90_64xNx32_E5M2_A_RS",
        ],
        ptx::wgmma_a_k32,
    );
    for n in (8..=256).step_by(8) {
        add(
            &[
                &format!("SM90_64x{n}x16_F32_C"),
                &format!("SM90_64x{n}x16_F16_C"),
            ],
            ptx::wgmma_d,
        );
    }
    for n in [8, 16, 24].into_iter().chain((32..=256).step_by(16)) {
        add(&[&format!("SM90_64x{n}x32_S32_C")], ptx::wgmma_d);
    }
    t.insert(
        "SM70_8x8x4_F16_A_ROW".into(),
        volta(ptx::m8n8k4_f16_a_row, 8),
    );
    t.insert(
        "SM70_8x8x4_F16_A_COL".into(),
        volta(ptx::m8n8k4_f16_a_col, 8),
    );
    t.insert(
        "SM70_8x8x4_F16_B_ROW".into(),
        volta(ptx::m8n8k4_f16_b_row, 4),
    );
    t.insert(
        "SM70_8x8x4_F16_B_COL".into(),
        volta(ptx::m8n8k4_f16_b_col, 4),
    );
    t.insert("SM70_8x8x4_F16_C".into(), volta(ptx::m8n8k4_f16_c, 8));
    t.insert("SM70_8x8x4_F32_C".into(), volta(ptx::m8n8k4_f32_c, 8));
    t
}

#[test]
fn names_are_unique_and_every_layout_has_a_transcription() {
    let names: Vec<&str> = CATALOG.iter().map(|e| e.name()).collect();
    let set: BTreeSet<&str> = names.iter().copied().collect();
    assert_eq!(set.len(), names.len(), "duplicate names in CATALOG");
    let t = transcriptions();
    let tnames: BTreeSet<&str> = t.keys().map(|s| s.as_str()).collect();
    let missing: Vec<_> = set.difference(&tnames).collect();
    let extra: Vec<_> = tnames.difference(&set).collect();
    assert!(
        missing.is_empty(),
        "layouts without a transcription: {missing:?}"
    );
    assert!(
        extra.is_empty(),
        "transcriptions without a layout: {extra:?}"
    );
}

#[test]
fn every_layout_matches_its_ptx_transcription_everywhere() {
    let t = transcriptions();
    for e in CATALOG {
        let n = e.numeral;
        let f = &t[e.name()];
        for thread in 0..n.threads() {
            for i in 0..n.elements {
                assert_eq!(
                    n.coords(thread, i),
                    Some(f(thread, i)),
                    "{}: thread {thread}, element {i}",
                    e.name()
                );
            }
        }
    }
}

#[test]
fn every_layout_is_a_bijection_by_brute_force() {
    for e in CATALOG {
        let o = Ownership::of(e.numeral);
        assert!(o.is_bijection(), "{}: {:?}", e.name(), o.collisions.first());
        assert!(e.numeral.is_bijection(), "{}", e.name());
        assert_eq!(
            e.numeral.threads() as u64 * e.numeral.elements as u64,
            e.numeral.size(),
            "{}",
            e.name()
        );
    }
}

#[test]
fn decode_inverts_encode_everywhere_and_rejects_out_of_range() {
    for e in CATALOG {
        let n = e.numeral;
        for thread in 0..n.threads() {
            for i in 0..n.elements {
                let (r, c) = n.coords(thread, i).unwrap();
                assert_eq!(n.decode_coords(r, c), Some((thread, i)), "{}", e.name());
            }
            assert_eq!(n.coords(thread, n.elements), None, "{}", e.name());
        }
        assert_eq!(n.coords(n.threads(), 0), None, "{}", e.name());
        assert_eq!(n.decode_coords(n.rows, 0), None, "{}", e.name());
        assert_eq!(n.decode_coords(0, n.cols), None, "{}", e.name());
    }
}

#[test]
fn thread_terms_evaluate_for_every_layout() {
    for e in CATALOG {
        let n = e.numeral;
        assert_eq!(n.inseparable_digit(), None, "{}", e.name());
        let terms = n.thread_terms();
        for thread in 0..n.threads() {
            let (tr, tc) = layout_core::expand::thread_part(&terms, thread);
            for i in 0..n.elements {
                let (er, ec) = n.element_part(i);
                let (r, c) = n.coords(thread, i).unwrap();
                assert_eq!((tr + er, tc + ec), (r as usize, c as usize), "{}", e.name());
            }
        }
    }
}

#[test]
fn entries_describe_their_numerals() {
    for e in CATALOG {
        let n = e.numeral;
        assert!(!e.instructions.is_empty(), "{}", e.name());
        assert!(e.ptx_section.starts_with("PTX ISA"), "{}", e.name());
        assert_eq!(
            (n.elements * e.element_bits) % e.register_bits(),
            0,
            "{}: elements do not fill whole registers",
            e.name()
        );
        let warps = if e.arch == "sm_90a" { 4 } else { 1 };
        assert_eq!(n.warps, warps, "{}", e.name());
        match e.operand {
            Operand::Matrices => assert_eq!(n.cols, 8, "{}", e.name()),
            _ => assert!(
                e.instructions.iter().all(|i| i.contains("mma")),
                "{}",
                e.name()
            ),
        }
    }
    // Registers per thread, as the PTX ISA's fragment tables state them.
    let regs = |name: &str| cat::find(name).unwrap().registers();
    assert_eq!(regs("SM80_16x8x16_F16_A_ROW"), 4);
    assert_eq!(regs("SM80_16x8x16_F16_C"), 2);
    assert_eq!(regs("SM80_16x8x32_S8_A_ROW"), 4);
    assert_eq!(regs("SM80_16x8x32_S4_A_ROW"), 2);
    assert_eq!(regs("SM80_16x8x32_S4_B_COL"), 1);
    assert_eq!(regs("SM80_16x8x64_S4_A_ROW"), 4);
    assert_eq!(regs("SM75_8x8x16_S8_A_ROW"), 1);
    assert_eq!(regs("SM90_16x8x16_F64_A_ROW"), 8);
    assert_eq!(regs("SM80_8x8x4_F64_C"), 2);
    assert_eq!(regs("SM70_8x8x4_F16_C"), 4);
    assert_eq!(regs("SM70_8x8x4_F32_C"), 8);
    assert_eq!(regs("SM75_U32x4_LDSM_N"), 4);
    assert_eq!(regs("SM90_64x256x16_F32_C"), 128);
    assert_eq!(regs("SM90_64x256x16_F16_C"), 64);
    assert_eq!(regs("SM90_64x24x16_F16_C"), 6);
    assert_eq!(
        cat::find("SM80_16x8x32_S4_A_ROW")
            .unwrap()
            .elements_per_register(),
        8
    );
    assert!(
        cat::find("SM90_64x40x32_S32_C").is_none(),
        "integer wgmma has no N = 40"
    );
}

/// Same digits, different names.
fn same(a: &Numeral, b: &Numeral) -> bool {
    (a.rows, a.cols, a.warps, a.elements, a.digits)
        == (b.rows, b.cols, b.warps, b.elements, b.digits)
}

fn same_map(a: &Numeral, b: &Numeral) -> bool {
    a.rows == b.rows
        && a.cols == b.cols
        && a.threads() == b.threads()
        && a.elements == b.elements
        && (0..a.threads()).all(|t| (0..a.elements).all(|i| a.coords(t, i) == b.coords(t, i)))
}

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

#[test]
fn wgmma_accumulator_is_the_m16n8_accumulator_per_warp_and_n_block() {
    let c = &cat::SM80_16x8x16_F32_C;
    for n in (8..=256).step_by(8) {
        let d = layout_core::catalog::wgmma_accumulator(n);
        assert_eq!((d.rows, d.cols, d.warps, d.elements), (64, n, 4, n / 2));
        assert!(d.is_bijection(), "N = {n}");
        for thread in 0..128 {
            let (warp, lane) = (thread / 32, thread % 32);
            for i in 0..n / 2 {
                let (r, col) = c.coords(lane, i % 4).unwrap();
                assert_eq!(
                    d.coords(thread, i),
                    Some((16 * warp + r, 8 * (i / 4) + col)),
                    "N = {n}, thread {thread}, element {i}"
                );
            }
        }
    }
    // N = 8 has no n-block digit; N = 24 has one of range 3, not a power of two.
    assert_eq!(cat::SM90_64x8x16_F32_C.digits.len(), 5);
    assert!(cat::SM90_64x24x16_F32_C.digits.iter().any(|d| d.range == 3));
}

/// Cells read off the ISA figures by hand, `(thread, element, row, col)`, covering warps 0
/// and 1 (and a few of warps 2-3).
const WGMMA_D_FIGURE_N16: &[(u32, u32, u32, u32)] = &[
    (0, 0, 0, 0),
    (0, 1, 0, 1),
    (1, 0, 0, 2),
    (3, 1, 0, 7),
    (0, 2, 8, 0),
    (0, 3, 8, 1),
    (0, 4, 0, 8),
    (0, 5, 0, 9),
    (0, 6, 8, 8),
    (0, 7, 8, 9),
    (4, 0, 1, 0),
    (31, 7, 15, 15),
    (32, 0, 16, 0),
    (33, 2, 24, 2),
    (35, 5, 16, 15),
    (36, 0, 17, 0),
    (63, 0, 23, 6),
    (63, 7, 31, 15),
    (64, 0, 32, 0),
    (127, 7, 63, 15),
];
const WGMMA_A_K16_FIGURE: &[(u32, u32, u32, u32)] = &[
    (0, 0, 0, 0),
    (0, 1, 0, 1),
    (0, 2, 8, 0),
    (0, 4, 0, 8),
    (0, 6, 8, 8),
    (1, 0, 0, 2),
    (4, 0, 1, 0),
    (31, 7, 15, 15),
    (32, 0, 16, 0),
    (45, 3, 27, 3),
    (63, 5, 23, 15),
    (127, 0, 55, 6),
];
const WGMMA_A_K8_FIGURE: &[(u32, u32, u32, u32)] = &[
    (0, 0, 0, 0),
    (0, 1, 8, 0),
    (0, 2, 0, 4),
    (0, 3, 8, 4),
    (1, 0, 0, 1),
    (4, 0, 1, 0),
    (31, 3, 15, 7),
    (32, 0, 16, 0),
    (41, 2, 18, 5),
    (63, 1, 31, 3),
    (96, 0, 48, 0),
];
const WGMMA_A_K32_FIGURE: &[(u32, u32, u32, u32)] = &[
    (0, 0, 0, 0),
    (0, 3, 0, 3),
    (0, 4, 8, 0),
    (0, 8, 0, 16),
    (0, 12, 8, 16),
    (1, 0, 0, 4),
    (4, 0, 1, 0),
    (31, 15, 15, 31),
    (32, 0, 16, 0),
    (63, 9, 23, 29),
    (127, 15, 63, 31),
];

#[test]
fn wgmma_layouts_match_hand_transcribed_figure_cells() {
    let check = |n: &Numeral, cells: &[(u32, u32, u32, u32)]| {
        for &(t, i, r, c) in cells {
            assert_eq!(
                n.coords(t, i),
                Some((r, c)),
                "{}: thread {t}, element {i}",
                n.name
            );
        }
    };
    check(&cat::SM90_64x16x16_F32_C, WGMMA_D_FIGURE_N16);
    check(&cat::SM90_64x16x32_S32_C, WGMMA_D_FIGURE_N16);
    check(&cat::SM90_64xNx16_F16_A_RS, WGMMA_A_K16_FIGURE);
    check(&cat::SM90_64xNx8_TF32_A_RS, WGMMA_A_K8_FIGURE);
    check(&cat::SM90_64xNx32_E4M3_A_RS, WGMMA_A_K32_FIGURE);
}
