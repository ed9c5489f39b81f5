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

/// The metadata entries by ISA figure, with the chunks per row of A (4-bit fields per row).
const SPARSE_METADATA: &[(&[&str], ptx::SparseMetadata, u32)] = &[
    (
        &[
            "SM80_SPARSE_16x8x16_F16_E",
            "SM80_SPARSE_16x8x16_BF16_E",
            "SM80_SPARSE_16x8x8_TF32_E",
        ],
        ptx::sparse_metadata_one_lane,
        4,
    ),
    (
        &[
            "SM80_SPARSE_16x8x32_F16_E",
            "SM80_SPARSE_16x8x32_BF16_E",
            "SM80_SPARSE_16x8x16_TF32_E",
        ],
        ptx::sparse_metadata_pair_two_rows,
        8,
    ),
    (
        &[
            "SM80_SPARSE_16x8x32_S8_E",
            "SM80_SPARSE_16x8x32_U8_E",
            "SM80_SPARSE_16x8x64_S4_E",
            "SM80_SPARSE_16x8x64_U4_E",
        ],
        ptx::sparse_metadata_pair_one_row,
        8,
    ),
    (
        &[
            "SM80_SPARSE_16x8x64_S8_E",
            "SM80_SPARSE_16x8x64_U8_E",
            "SM89_SPARSE_16x8x64_E4M3_E",
            "SM89_SPARSE_16x8x64_E5M2_E",
            "SM80_SPARSE_16x8x128_S4_E",
            "SM80_SPARSE_16x8x128_U4_E",
        ],
        ptx::sparse_metadata_quad,
        16,
    ),
];

/// The sparse `wgmma` metadata entries by ISA figure (over the warpgroup's 128 threads), with
/// the chunks per row of A.
const WGMMA_SP_METADATA: &[(&[&str], ptx::SparseMetadata, u32)] = &[
    (
        &[
            "SM90_SPARSE_64xNx32_F16_E",
            "SM90_SPARSE_64xNx32_BF16_E",
            "SM90_SPARSE_64xNx16_TF32_E",
        ],
        ptx::wgmma_sp_metadata_pair,
        8,
    ),
    (
        &[
            "SM90_SPARSE_64xNx64_S8_E",
            "SM90_SPARSE_64xNx64_U8_E",
            "SM90_SPARSE_64xNx64_E4M3_E",
            "SM90_SPARSE_64xNx64_E5M2_E",
        ],
        ptx::wgmma_sp_metadata_quad,
        16,
    ),
];

/// A metadata figure over the catalog's tile of every selector's fields: field `n` of `lane` is
/// at `(row, selector * chunks + chunk)` for the one selector that reads it.
fn sparse_metadata(figure: ptx::SparseMetadata, chunks: u32) -> Coords {
    Box::new(move |lane, n| {
        let held: Vec<(u32, u32)> = (0..16 / chunks)
            .filter_map(|sel| figure(sel, lane, n).map(|(row, c)| (row, sel * chunks + c)))
            .collect();
        assert_eq!(held.len(), 1, "lane {lane}, field {n}: read by {held:?}");
        held[0]
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
            "SM80_16x8x128_S32_C",
            "SM80_16x8x256_S32_C",
            "SM89_16x8x32_F32_C",
            "SM89_16x8x32_F16_C",
            "SM120_16x8x32_F32_C",
            "SM120_16x8x32_F16_C",
            "SM90_16x8x4_F64_C",
            "SM90_16x8x8_F64_C",
            "SM90_16x8x16_F64_C",
            "SM80_SPARSE_16x8x16_F32_C",
            "SM80_SPARSE_16x8x16_F16_C",
            "SM80_SPARSE_16x8x32_F32_C",
            "SM80_SPARSE_16x8x32_F16_C",
            "SM80_SPARSE_16x8x8_F32_C",
            "SM80_SPARSE_16x8x32_S32_C",
            "SM80_SPARSE_16x8x64_S32_C",
            "SM80_SPARSE_16x8x128_S32_C",
            "SM89_SPARSE_16x8x64_F32_C",
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
            "SM120_16x8x32_E4M3_A_ROW",
            "SM120_16x8x32_E5M2_A_ROW",
            "SM120_16x8x32_E3M2_A_ROW",
            "SM120_16x8x32_E2M3_A_ROW",
            "SM120_16x8x32_E2M1_A_ROW",
        ],
        ptx::m16n8k32_i8_a,
    );
    add(
        &[
            "SM80_16x8x32_S8_B_COL",
            "SM80_16x8x32_U8_B_COL",
            "SM89_16x8x32_E4M3_B_COL",
            "SM89_16x8x32_E5M2_B_COL",
            "SM120_16x8x32_E4M3_B_COL",
            "SM120_16x8x32_E5M2_B_COL",
            "SM120_16x8x32_E3M2_B_COL",
            "SM120_16x8x32_E2M3_B_COL",
            "SM120_16x8x32_E2M1_B_COL",
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
        &[
            "SM75_8x8x16_S32_C",
            "SM75_8x8x32_S32_C",
            "SM75_8x8x128_S32_C",
            "SM80_8x8x128_S32_C",
            "SM80_8x8x4_F64_C",
        ],
        ptx::m8n8_c,
    );
    add(
        &["SM75_8x8x128_B1_A_ROW", "SM80_8x8x128_B1_A_ROW"],
        ptx::m8n8k128_b1_a,
    );
    add(
        &[
            "SM75_8x8x128_B1_B_COL",
            "SM80_8x8x128_B1_B_COL",
            "SM80_16x8x128_B1_B_COL",
        ],
        ptx::m8n8k128_b1_b,
    );
    add(&["SM80_16x8x128_B1_A_ROW"], ptx::m16n8k128_b1_a);
    add(&["SM80_16x8x256_B1_A_ROW"], ptx::m16n8k256_b1_a);
    add(&["SM80_16x8x256_B1_B_COL"], ptx::m16n8k256_b1_b);
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
    // movmatrix: the numeral is `a` over the source matrix (and `d` over the transposed one,
    // which `movmatrix_transposes_in_the_ldmatrix_x1_layout` checks against the ISA's figure).
    add(&["SM75_U32x1_MOVM_T"], ptx::movmatrix_a);
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
    // Sparse mma.sp: A over its non-zeros, then B.
    add(
        &[
            "SM80_SPARSE_16x8x16_F16_A_ROW",
            "SM80_SPARSE_16x8x16_BF16_A_ROW",
        ],
        ptx::sparse_m16n8k16_f16_a,
    );
    add(
        &[
            "SM80_SPARSE_16x8x32_F16_A_ROW",
            "SM80_SPARSE_16x8x32_BF16_A_ROW",
        ],
        ptx::sparse_m16n8k32_f16_a,
    );
    add(
        &["SM80_SPARSE_16x8x8_TF32_A_ROW"],
        ptx::sparse_m16n8k8_tf32_a,
    );
    add(
        &["SM80_SPARSE_16x8x16_TF32_A_ROW"],
        ptx::sparse_m16n8k16_tf32_a,
    );
    add(
        &[
            "SM80_SPARSE_16x8x32_S8_A_ROW",
            "SM80_SPARSE_16x8x32_U8_A_ROW",
        ],
        ptx::sparse_m16n8k32_i8_a,
    );
    add(
        &[
            "SM80_SPARSE_16x8x64_S8_A_ROW",
            "SM80_SPARSE_16x8x64_U8_A_ROW",
            "SM89_SPARSE_16x8x64_E4M3_A_ROW",
            "SM89_SPARSE_16x8x64_E5M2_A_ROW",
        ],
        ptx::sparse_m16n8k64_i8_a,
    );
    add(
        &[
            "SM80_SPARSE_16x8x64_S4_A_ROW",
            "SM80_SPARSE_16x8x64_U4_A_ROW",
        ],
        ptx::sparse_m16n8k64_i4_a,
    );
    add(
        &[
            "SM80_SPARSE_16x8x128_S4_A_ROW",
            "SM80_SPARSE_16x8x128_U4_A_ROW",
        ],
        ptx::sparse_m16n8k128_i4_a,
    );
    add(
        &[
            "SM80_SPARSE_16x8x16_F16_B_COL",
            "SM80_SPARSE_16x8x16_BF16_B_COL",
        ],
        ptx::m16n8k16_f16_b,
    );
    add(
        &[
            "SM80_SPARSE_16x8x32_F16_B_COL",
            "SM80_SPARSE_16x8x32_BF16_B_COL",
        ],
        ptx::sparse_m16n8k32_f16_b,
    );
    add(&["SM80_SPARSE_16x8x8_TF32_B_COL"], ptx::m16n8k8_tf32_b);
    // The ISA draws sparse m16n8k16 tf32 B with the image of dense m16n8k16 f64 B.
    add(&["SM80_SPARSE_16x8x16_TF32_B_COL"], ptx::m16n8k16_f64_b);
    add(
        &[
            "SM80_SPARSE_16x8x32_S8_B_COL",
            "SM80_SPARSE_16x8x32_U8_B_COL",
        ],
        ptx::m16n8k32_i8_b,
    );
    add(
        &[
            "SM80_SPARSE_16x8x64_S8_B_COL",
            "SM80_SPARSE_16x8x64_U8_B_COL",
            "SM89_SPARSE_16x8x64_E4M3_B_COL",
            "SM89_SPARSE_16x8x64_E5M2_B_COL",
        ],
        ptx::sparse_m16n8k64_i8_b,
    );
    add(
        &[
            "SM80_SPARSE_16x8x64_S4_B_COL",
            "SM80_SPARSE_16x8x64_U4_B_COL",
        ],
        ptx::m16n8k64_i4_b,
    );
    add(
        &[
            "SM80_SPARSE_16x8x128_S4_B_COL",
            "SM80_SPARSE_16x8x128_U4_B_COL",
        ],
        ptx::sparse_m16n8k128_i4_b,
    );
    // Sparse wgmma: A in registers (its non-zeros), then the metadata.
    add(
        &[
            "SM90_SPARSE_64xNx32_F16_A_RS",
            "SM90_SPARSE_64xNx32_BF16_A_RS",
        ],
        ptx::wgmma_sp_a_k32,
    );
    add(&["SM90_SPARSE_64xNx16_TF32_A_RS"], ptx::wgmma_sp_a_k16);
    add(
        &[
            "SM90_SPARSE_64xNx64_S8_A_RS",
            "SM90_SPARSE_64xNx64_U8_A_RS",
            "SM90_SPARSE_64xNx64_E4M3_A_RS",
            "SM90_SPARSE_64xNx64_E5M2_A_RS",
        ],
        ptx::wgmma_sp_a_k64,
    );
    for (names, figure, chunks) in SPARSE_METADATA.iter().chain(WGMMA_SP_METADATA) {
        for n in *names {
            t.insert(n.to_string(), sparse_metadata(*figure, *chunks));
        }
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
    assert_eq!(regs("SM75_8x8x128_B1_A_ROW"), 1);
    assert_eq!(regs("SM75_8x8x128_B1_B_COL"), 1);
    assert_eq!(regs("SM80_16x8x128_B1_A_ROW"), 2);
    assert_eq!(regs("SM80_16x8x128_B1_B_COL"), 1);
    assert_eq!(regs("SM80_16x8x256_B1_A_ROW"), 4);
    assert_eq!(regs("SM80_16x8x256_B1_B_COL"), 2);
    assert_eq!(regs("SM80_16x8x256_S32_C"), 4);
    assert_eq!(regs("SM90_16x8x16_F64_A_ROW"), 8);
    assert_eq!(regs("SM80_8x8x4_F64_C"), 2);
    assert_eq!(regs("SM70_8x8x4_F16_C"), 4);
    assert_eq!(regs("SM70_8x8x4_F32_C"), 8);
    assert_eq!(regs("SM75_U32x4_LDSM_N"), 4);
    assert_eq!(regs("SM90_64x256x16_F32_C"), 128);
    assert_eq!(regs("SM90_64x256x16_F16_C"), 64);
    assert_eq!(regs("SM90_64x24x16_F16_C"), 6);
    // .kind::f8f6f4: every type in an 8-bit container, so s8's register counts.
    for ty in ["E4M3", "E5M2", "E3M2", "E2M3", "E2M1"] {
        assert_eq!(regs(&format!("SM120_16x8x32_{ty}_A_ROW")), 4, "{ty}");
        assert_eq!(regs(&format!("SM120_16x8x32_{ty}_B_COL")), 2, "{ty}");
    }
    assert_eq!(regs("SM120_16x8x32_F32_C"), 4);
    assert_eq!(regs("SM120_16x8x32_F16_C"), 2);
    assert_eq!(regs("SM75_U32x1_MOVM_T"), 1);
    assert_eq!(
        cat::find("SM80_16x8x32_S4_A_ROW")
            .unwrap()
            .elements_per_register(),
        8
    );
    assert_eq!(
        cat::find("SM80_16x8x256_B1_A_ROW")
            .unwrap()
            .elements_per_register(),
        32
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
fn b1_entries_name_their_bit_operation_and_arch() {
    let b1: Vec<_> = CATALOG.iter().filter(|e| e.element_type == "b1").collect();
    for e in &b1 {
        assert_eq!(e.element_bits, 1, "{}", e.name());
        assert_eq!(e.elements_per_register(), 32, "{}", e.name());
        for i in e.instructions {
            assert!(i.contains(".s32.b1.b1.s32."), "{i}");
            let op = i.rsplit('.').nth(1).unwrap();
            assert!(i.ends_with(".popc") && ["xor", "and"].contains(&op), "{i}");
            // .and.popc and the k128 / k256 shapes need sm_80; only m8n8k128 .xor is sm_75.
            let sm75 = op == "xor" && i.contains(".m8n8k128.");
            assert_eq!(
                e.arch,
                if sm75 { "sm_75" } else { "sm_80" },
                "{}: {i}",
                e.name()
            );
        }
    }
    // Every b1 instruction has its A, B and C/D, all with the same arch.
    for shape in ["m8n8k128", "m16n8k128", "m16n8k256"] {
        for op in ["xor", "and"] {
            let instr = format!("mma.sync.aligned.{shape}.row.col.s32.b1.b1.s32.{op}.popc");
            let users: Vec<_> = CATALOG
                .iter()
                .filter(|e| e.instructions.contains(&instr.as_str()))
                .collect();
            let ops: BTreeSet<&str> = users.iter().map(|e| e.operand.name()).collect();
            assert_eq!(users.len(), 3, "{instr}");
            assert_eq!(ops, BTreeSet::from(["A", "B", "C/D"]), "{instr}");
            assert!(users.iter().all(|e| e.arch == users[0].arch), "{instr}");
        }
    }
}

#[test]
fn every_integer_mma_and_wgmma_has_its_satfinite_spelling_on_the_same_entries() {
    let integer = |i: &&&str| {
        (i.starts_with("mma.") || i.starts_with("wgmma."))
            && [".s8.", ".u8.", ".s4.", ".u4."]
                .iter()
                .any(|t| i.contains(t))
    };
    let (mut plain, mut sparse, mut warpgroup) = (0, 0, 0);
    for e in CATALOG {
        let listed: BTreeSet<&str> = e.instructions.iter().copied().collect();
        for i in e.instructions.iter().filter(integer) {
            // The clamped spelling puts `.satfinite` before the `.s32` result type.
            if i.contains(".satfinite.") {
                let unclamped = i.replacen(".satfinite.s32.", ".s32.", 1);
                assert!(listed.contains(unclamped.as_str()), "{}: {i}", e.name());
            } else {
                if i.starts_with("wgmma.") {
                    warpgroup += 1;
                } else if i.starts_with("mma.sp") {
                    sparse += 1;
                } else {
                    plain += 1;
                }
                let clamped = i.replacen(".s32.", ".satfinite.s32.", 1);
                assert_ne!(&clamped, i, "{i}: no `.s32.` result type");
                assert!(listed.contains(clamped.as_str()), "{}: {clamped}", e.name());
            }
        }
    }
    // Dense: m8n8k16, m16n8k16, m16n8k32 (8-bit); m8n8k32, m16n8k32, m16n8k64 (4-bit): 4 type
    // pairs each, on A, B and C/D.
    assert_eq!(plain, 6 * 4 * 3);
    // Sparse: m16n8k32, m16n8k64 (8-bit); m16n8k64, m16n8k128 (4-bit): 4 type pairs each, in
    // both spellings, on A, B, C/D and the metadata.
    assert_eq!(sparse, 4 * 4 * 2 * 4);
    // wgmma: dense `k32` and sparse `k64` on the 18 integer accumulators (4 type pairs each),
    // and the `m64nN` spellings on the s8 / u8 A-in-registers entries (2 each) and, sparse, on
    // their metadata entries too.
    assert_eq!(warpgroup, 18 * 4 * 2 + 2 * 2 + 2 * 2 * 2);
}

/// The `.kind::f8f6f4` element types, as PTX spells them.
const F8F6F4: [&str; 5] = ["e4m3", "e5m2", "e3m2", "e2m3", "e2m1"];

#[test]
fn f8f6f4_entries_name_their_kind_types_and_arch() {
    let kind: Vec<_> = CATALOG
        .iter()
        .filter(|e| e.instructions.iter().any(|i| i.contains(".kind::")))
        .collect();
    assert_eq!(kind.len(), 12, "5 A, 5 B, 2 C/D");
    for e in &kind {
        assert_eq!(e.arch, "sm_120a", "{}", e.name());
        assert!(e.name().starts_with("SM120_16x8x32_"), "{}", e.name());
        let (bits, per_register, count) = match e.operand {
            Operand::A | Operand::B => {
                assert!(F8F6F4.contains(&e.element_type), "{}", e.name());
                (8, 4, 10)
            }
            Operand::C if e.element_type == "f32" => (32, 1, 25),
            Operand::C => {
                assert_eq!(e.element_type, "f16", "{}", e.name());
                (16, 2, 25)
            }
            Operand::Matrices | Operand::Metadata => {
                panic!("{}: not an mma.sync multiplicand", e.name())
            }
        };
        assert_eq!(e.element_bits, bits, "{}", e.name());
        assert_eq!(e.elements_per_register(), per_register, "{}", e.name());
        assert_eq!(e.instructions.len(), count, "{}", e.name());
        for i in e.instructions {
            let types = i
                .strip_prefix("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.")
                .unwrap_or_else(|| panic!("{}: {i}", e.name()));
            let t: Vec<&str> = types.split('.').collect();
            assert_eq!(t.len(), 4, "{i}");
            assert_eq!(t[0], t[3], "{i}: d and c differ");
            assert!(["f32", "f16"].contains(&t[0]), "{i}");
            assert!(F8F6F4.contains(&t[1]) && F8F6F4.contains(&t[2]), "{i}");
            let mine = match e.operand {
                Operand::A => t[1],
                Operand::B => t[2],
                _ => t[0],
            };
            assert_eq!(mine, e.element_type, "{}: {i}", e.name());
        }
    }
    // Every combination is listed once, with its A, B and C/D: 2 x 5 x 5 instructions.
    let mut all = BTreeSet::new();
    for acc in ["f32", "f16"] {
        for a in F8F6F4 {
            for b in F8F6F4 {
                let instr =
                    format!("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.{acc}.{a}.{b}.{acc}");
                let users: Vec<_> = CATALOG
                    .iter()
                    .filter(|e| e.instructions.contains(&instr.as_str()))
                    .collect();
                let ops: Vec<(&str, &str)> = users
                    .iter()
                    .map(|e| (e.operand.name(), e.element_type))
                    .collect();
                assert_eq!(ops, [("A", a), ("B", b), ("C/D", acc)], "{instr}");
                all.insert(instr);
            }
        }
    }
    let listed: BTreeSet<String> = kind
        .iter()
        .flat_map(|e| e.instructions.iter().map(|i| i.to_string()))
        .collect();
    assert_eq!(listed, all);
    assert_eq!(all.len(), 50);
    // The sm_89 fp8 entries keep the `.kind`-less spellings only.
    for e in CATALOG.iter().filter(|e| e.name().starts_with("SM89_")) {
        assert_eq!(e.arch, "sm_89", "{}", e.name());
        assert!(
            e.instructions.iter().all(|i| !i.contains("kind::")),
            "{}",
            e.name()
        );
    }
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
fn b1_m16n8k256_a_reads_i_and_0x1f_where_the_isa_prints_i() {
    // As printed, the column of a0..a63 is `threadID_in_group * 32 + i`: lane 3's a32 lands
    // on row 8, column 128, which lane 0's a96 also claims, so the printed text is no layout.
    assert_eq!(ptx::m16n8k256_b1_a_as_printed(3, 32), (8, 128));
    assert_eq!(ptx::m16n8k256_b1_a_as_printed(0, 96), (8, 128));
    let mut seen = BTreeSet::new();
    let mut collisions = 0;
    for lane in 0..32 {
        for i in 0..128 {
            collisions += usize::from(!seen.insert(ptx::m16n8k256_b1_a_as_printed(lane, i)));
        }
    }
    assert!(collisions > 0);
    // The catalog follows the `(i & 0x1F)` reading: a bijection, a32 of lane 3 at column 96.
    let a = &cat::SM80_16x8x256_B1_A_ROW;
    assert!(a.is_bijection());
    assert_eq!(a.coords(3, 32), Some((8, 96)));
    assert_eq!(a.coords(0, 96), Some((8, 128)));
    // The two readings agree wherever the printed one does not add the register offset.
    for lane in 0..32 {
        for i in (0..32).chain(64..128) {
            assert_eq!(
                a.coords(lane, i),
                Some(ptx::m16n8k256_b1_a_as_printed(lane, i))
            );
        }
    }
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

/// The ISA figure "WGMMA .m64nNk16 register fragment layout for accumulator matrix D", N = 16,
/// rows 0-31 (warps 0 and 1), drawn as the figure draws it: each cell `T{thread}:{element}`.
/// Row 8 starts the `d2, d3` half of warp 0; row 16 is warp 1 (threads 32-63); columns 8-15
/// are the second n-block (`d4`-`d7`). The figure for A of `m64nNk16` (64 x 16, as the
/// `mma.m16n8k16` A fragment per warp, columns 8-15 in `a4`-`a7`) draws exactly the same cells.
const WGMMA_D_N16_FIGURE_ROWS_0_31: &str = "
  T0:0   T0:1   T1:0   T1:1   T2:0   T2:1   T3:0   T3:1   T0:4   T0:5   T1:4   T1:5   T2:4   T2:5   T3:4   T3:5
  T4:0   T4:1   T5:0   T5:1   T6:0   T6:1   T7:0   T7:1   T4:4   T4:5   T5:4   T5:5   T6:4   T6:5   T7:4   T7:5
  T8:0   T8:1   T9:0   T9:1  T10:0  T10:1  T11:0  T11:1   T8:4   T8:5   T9:4   T9:5  T10:4  T10:5  T11:4  T11:5
 T12:0  T12:1  T13:0  T13:1  T14:0  T14:1  T15:0  T15:1  T12:4  T12:5  T13:4  T13:5  T14:4  T14:5  T15:4  T15:5
 T16:0  T16:1  T17:0  T17:1  T18:0  T18:1  T19:0  T19:1  T16:4  T16:5  T17:4  T17:5  T18:4  T18:5  T19:4  T19:5
 T20:0  T20:1  T21:0  T21:1  T22:0  T22:1  T23:0  T23:1  T20:4  T20:5  T21:4  T21:5  T22:4  T22:5  T23:4  T23:5
 T24:0  T24:1  T25:0  T25:1  T26:0  T26:1  T27:0  T27:1  T24:4  T24:5  T25:4  T25:5  T26:4  T26:5  T27:4  T27:5
 T28:0  T28:1  T29:0  T29:1  T30:0  T30:1  T31:0  T31:1  T28:4  T28:5  T29:4  T29:5  T30:4  T30:5  T31:4  T31:5
  T0:2   T0:3   T1:2   T1:3   T2:2   T2:3   T3:2   T3:3   T0:6   T0:7   T1:6   T1:7   T2:6   T2:7   T3:6   T3:7
  T4:2   T4:3   T5:2   T5:3   T6:2   T6:3   T7:2   T7:3   T4:6   T4:7   T5:6   T5:7   T6:6   T6:7   T7:6   T7:7
  T8:2   T8:3   T9:2   T9:3  T10:2  T10:3  T11:2  T11:3   T8:6   T8:7   T9:6   T9:7  T10:6  T10:7  T11:6  T11:7
 T12:2  T12:3  T13:2  T13:3  T14:2  T14:3  T15:2  T15:3  T12:6  T12:7  T13:6  T13:7  T14:6  T14:7  T15:6  T15:7
 T16:2  T16:3  T17:2  T17:3  T18:2  T18:3  T19:2  T19:3  T16:6  T16:7  T17:6  T17:7  T18:6  T18:7  T19:6  T19:7
 T20:2  T20:3  T21:2  T21:3  T22:2  T22:3  T23:2  T23:3  T20:6  T20:7  T21:6  T21:7  T22:6  T22:7  T23:6  T23:7
 T24:2  T24:3  T25:2  T25:3  T26:2  T26:3  T27:2  T27:3  T24:6  T24:7  T25:6  T25:7  T26:6  T26:7  T27:6  T27:7
 T28:2  T28:3  T29:2  T29:3  T30:2  T30:3  T31:2  T31:3  T28:6  T28:7  T29:6  T29:7  T30:6  T30:7  T31:6  T31:7
 T32:0  T32:1  T33:0  T33:1  T34:0  T34:1  T35:0  T35:1  T32:4  T32:5  T33:4  T33:5  T34:4  T34:5  T35:4  T35:5
 T36:0  T36:1  T37:0  T37:1  T38:0  T38:1  T39:0  T39:1  T36:4  T36:5  T37:4  T37:5  T38:4  T38:5  T39:4  T39:5
 T40:0  T40:1  T41:0  T41:1  T42:0  T42:1  T43:0  T43:1  T40:4  T40:5  T41:4  T41:5  T42:4  T42:5  T43:4  T43:5
 T44:0  T44:1  T45:0  T45:1  T46:0  T46:1  T47:0  T47:1  T44:4  T44:5  T45:4  T45:5  T46:4  T46:5  T47:4  T47:5
 T48:0  T48:1  T49:0  T49:1  T50:0  T50:1  T51:0  T51:1  T48:4  T48:5  T49:4  T49:5  T50:4  T50:5  T51:4  T51:5
 T52:0  T52:1  T53:0  T53:1  T54:0  T54:1  T55:0  T55:1  T52:4  T52:5  T53:4  T53:5  T54:4  T54:5  T55:4  T55:5
 T56:0  T56:1  T57:0  T57:1  T58:0  T58:1  T59:0  T59:1  T56:4  T56:5  T57:4  T57:5  T58:4  T58:5  T59:4  T59:5
 T60:0  T60:1  T61:0  T61:1  T62:0  T62:1  T63:0  T63:1  T60:4  T60:5  T61:4  T61:5  T62:4  T62:5  T63:4  T63:5
 T32:2  T32:3  T33:2  T33:3  T34:2  T34:3  T35:2  T35:3  T32:6  T32:7  T33:6  T33:7  T34:6  T34:7  T35:6  T35:7
 T36:2  T36:3  T37:2  T37:3  T38:2  T38:3  T39:2  T39:3  T36:6  T36:7  T37:6  T37:7  T38:6  T38:7  T39:6  T39:7
 T40:2  T40:3  T41:2  T41:3  T42:2  T42:3  T43:2  T43:3  T40:6  T40:7  T41:6  T41:7  T42:6  T42:7  T43:6  T43:7
 T44:2  T44:3  T45:2  T45:3  T46:2  T46:3  T47:2  T47:3  T44:6  T44:7  T45:6  T45:7  T46:6  T46:7  T47:6  T47:7
 T48:2  T48:3  T49:2  T49:3  T50:2  T50:3  T51:2  T51:3  T48:6  T48:7  T49:6  T49:7  T50:6  T50:7  T51:6  T51:7
 T52:2  T52:3  T53:2  T53:3  T54:2  T54:3  T55:2  T55:3  T52:6  T52:7  T53:6  T53:7  T54:6  T54:7  T55:6  T55:7
 T56:2  T56:3  T57:2  T57:3  T58:2  T58:3  T59:2  T59:3  T56:6  T56:7  T57:6  T57:7  T58:6  T58:7  T59:6  T59:7
 T60:2  T60:3  T61:2  T61:3  T62:2  T62:3  T63:2  T63:3  T60:6  T60:7  T61:6  T61:7  T62:6  T62:7  T63:6  T63:7
";

/// Parses a figure grid into `(thread, element, row, col)` cells.
fn figure_cells(grid: &str) -> Vec<(u32, u32, u32, u32)> {
    let mut cells = Vec::new();
    for (row, line) in grid.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        for (col, cell) in line.split_whitespace().enumerate() {
            let (t, e) = cell
                .strip_prefix('T')
                .and_then(|c| c.split_once(':'))
                .unwrap_or_else(|| panic!("bad cell {cell}"));
            cells.push((
                t.parse().unwrap(),
                e.parse().unwrap(),
                row as u32,
                col as u32,
            ));
        }
    }
    cells
}

#[test]
fn wgmma_layouts_match_the_figures_for_two_warps() {
    for (n, grid) in [
        (&cat::SM90_64x16x16_F32_C, WGMMA_D_N16_FIGURE_ROWS_0_31),
        (&cat::SM90_64x16x16_F16_C, WGMMA_D_N16_FIGURE_ROWS_0_31),
        (&cat::SM90_64xNx16_F16_A_RS, WGMMA_D_N16_FIGURE_ROWS_0_31),
    ] {
        let cells = figure_cells(grid);
        assert_eq!(cells.len(), 32 * 16, "{}: 32 rows of 16", n.name);
        for (t, e, row, col) in cells {
            assert_eq!(
                n.decode_coords(row, col),
                Some((t, e)),
                "{}: ({row}, {col})",
                n.name
            );
        }
    }
}

/// The sparse instructions the PTX ISA's `mma.sp` syntax allows on sm_80 / sm_89 (9.7.14.6.3:
/// half precision, alternate floating point without `.kind`, integer; `.satfinite` left out),
/// in both spellings.
fn sparse_instructions_from_the_syntax() -> BTreeSet<String> {
    let mut types: Vec<(&str, String)> = Vec::new();
    for shape in ["m16n8k16", "m16n8k32"] {
        types.push((shape, "f32.f16.f16.f32".into()));
        types.push((shape, "f16.f16.f16.f16".into()));
        types.push((shape, "f32.bf16.bf16.f32".into()));
    }
    for shape in ["m16n8k8", "m16n8k16"] {
        types.push((shape, "f32.tf32.tf32.f32".into()));
    }
    for (shapes, w) in [
        (["m16n8k32", "m16n8k64"], 8),
        (["m16n8k64", "m16n8k128"], 4),
    ] {
        for shape in shapes {
            for a in ["s", "u"] {
                for b in ["s", "u"] {
                    types.push((shape, format!("s32.{a}{w}.{b}{w}.s32")));
                    types.push((shape, format!("satfinite.s32.{a}{w}.{b}{w}.s32")));
                }
            }
        }
    }
    for a in ["e4m3", "e5m2"] {
        for b in ["e4m3", "e5m2"] {
            types.push(("m16n8k64", format!("f32.{a}.{b}.f32")));
        }
    }
    let mut all = BTreeSet::new();
    for (shape, t) in types {
        for variant in ["sp", "sp::ordered_metadata"] {
            all.insert(format!("mma.{variant}.sync.aligned.{shape}.row.col.{t}"));
        }
    }
    all
}

/// `(shape, [d, a, b, c])` of a sparse instruction (`.satfinite` skipped).
fn sparse_parts(instr: &str) -> (&str, Vec<&str>) {
    let rest = instr
        .strip_prefix("mma.sp::ordered_metadata.sync.aligned.")
        .or_else(|| instr.strip_prefix("mma.sp.sync.aligned."))
        .unwrap_or_else(|| panic!("{instr}: not mma.sp"));
    let (shape, types) = rest.split_once(".row.col.").unwrap();
    let types = types.strip_prefix("satfinite.").unwrap_or(types);
    (shape, types.split('.').collect())
}

#[test]
fn sparse_entries_cover_the_isa_syntax_with_an_a_b_c_and_metadata_each() {
    let sparse: Vec<_> = CATALOG
        .iter()
        .filter(|e| e.instructions.iter().any(|i| i.starts_with("mma.sp")))
        .collect();
    let listed: BTreeSet<String> = sparse
        .iter()
        .flat_map(|e| e.instructions.iter().map(|i| i.to_string()))
        .collect();
    assert_eq!(listed, sparse_instructions_from_the_syntax());
    for instr in &listed {
        let (shape, t) = sparse_parts(instr);
        let rank = |op: Operand| {
            [Operand::A, Operand::B, Operand::C, Operand::Metadata]
                .iter()
                .position(|&o| o == op)
        };
        let mut users: Vec<_> = sparse
            .iter()
            .filter(|e| e.instructions.contains(&instr.as_str()))
            .collect();
        users.sort_by_key(|e| rank(e.operand));
        let ops: Vec<(Operand, &str)> = users.iter().map(|e| (e.operand, e.element_type)).collect();
        assert_eq!(
            ops,
            [
                (Operand::A, t[1]),
                (Operand::B, t[2]),
                (Operand::C, t[3]),
                (Operand::Metadata, "b4"),
            ],
            "{instr}"
        );
        // .dtype = .ctype (required for m16n8k16 / m16n8k32, and so for every listed one).
        assert_eq!(t[0], t[3], "{instr}");
        let fp8 = t[1].starts_with('e');
        for e in &users {
            assert_eq!(e.arch, if fp8 { "sm_89" } else { "sm_80" }, "{}", e.name());
            assert!(e.ptx_section.starts_with("PTX ISA 9.7.14."), "{}", e.name());
        }
        // The A and metadata entries are those of A's type; both list the same instructions.
        let (a, m) = (users[0], users[3]);
        assert_eq!(a.instructions, m.instructions, "{instr}");
        assert!(a
            .name()
            .contains(&format!("_{}_A_ROW", t[1].to_uppercase())));
        assert!(m.name().ends_with(&format!("_{}_E", t[1].to_uppercase())));
        let k: u32 = shape.rsplit('k').next().unwrap().parse().unwrap();
        assert_eq!((a.numeral.rows, a.numeral.cols), (16, k / 2), "{instr}");
        assert_eq!((users[1].numeral.rows, users[1].numeral.cols), (k, 8));
        // Both spellings of every instruction are listed by the same entries.
        let other = if instr.contains("::ordered_metadata") {
            instr.replace("mma.sp::ordered_metadata.", "mma.sp.")
        } else {
            instr.replace("mma.sp.", "mma.sp::ordered_metadata.")
        };
        for e in &users {
            assert!(
                e.instructions.contains(&other.as_str()),
                "{}: {other}",
                e.name()
            );
        }
    }
    // Registers per thread as the fragment tables state them (A, B), and one metadata register.
    for (shape, a_type, a_regs, b_regs) in [
        ("16x8x16", "F16", 2, 2),
        ("16x8x32", "BF16", 4, 4),
        ("16x8x8", "TF32", 2, 2),
        ("16x8x16", "TF32", 4, 4),
        ("16x8x32", "S8", 2, 2),
        ("16x8x64", "U8", 4, 4),
        ("16x8x64", "S4", 2, 2),
        ("16x8x128", "U4", 4, 4),
    ] {
        let regs = |op: &str| {
            cat::find(&format!("SM80_SPARSE_{shape}_{a_type}_{op}"))
                .unwrap()
                .registers()
        };
        assert_eq!(regs("A_ROW"), a_regs, "{shape} {a_type}");
        assert_eq!(regs("B_COL"), b_regs, "{shape} {a_type}");
        assert_eq!(regs("E"), 1, "{shape} {a_type}");
    }
    assert_eq!(
        cat::find("SM89_SPARSE_16x8x64_E5M2_A_ROW")
            .unwrap()
            .registers(),
        4
    );
    for e in sparse.iter().filter(|e| e.operand == Operand::Metadata) {
        assert_eq!(
            (e.element_bits, e.elements_per_register()),
            (4, 8),
            "{}",
            e.name()
        );
    }
}

#[test]
fn sparse_metadata_columns_of_each_selector_sit_in_the_lanes_the_isa_names() {
    // 9.7.14.6.1: one thread of each group of four (selector 0..=3) for m16n8k16 f16 and
    // m16n8k8 tf32; a pair, T0 T1 (selector 0) or T2 T3 (selector 1), for m16n8k32 f16,
    // m16n8k16 tf32, m16n8k32 s8 and m16n8k64 s4; all four (selector 0) for m16n8k64 s8 and
    // m16n8k128 s4.
    let lanes_of = |chunks: u32, sel: u32| -> BTreeSet<u32> {
        match chunks {
            4 => BTreeSet::from([sel]),
            8 => BTreeSet::from([2 * sel, 2 * sel + 1]),
            _ => BTreeSet::from([0, 1, 2, 3]),
        }
    };
    let warp_level = |e: &&cat::Entry| e.instructions[0].starts_with("mma.sp");
    for e in CATALOG
        .iter()
        .filter(|e| e.operand == Operand::Metadata)
        .filter(warp_level)
    {
        let (shape, t) = sparse_parts(e.instructions[0]);
        let k: u32 = shape.rsplit('k').next().unwrap().parse().unwrap();
        let chunks = k / ptx::SparseChunk::of(t[1]).width();
        let m = e.numeral;
        assert_eq!((m.rows, m.cols, m.elements), (16, 16, 8), "{}", e.name());
        for sel in 0..16 / chunks {
            let mut tig = BTreeSet::new();
            for row in 0..16 {
                for col in sel * chunks..(sel + 1) * chunks {
                    let (lane, _) = m.decode_coords(row, col).unwrap();
                    tig.insert(lane % 4);
                    assert_eq!(
                        lane / 4,
                        row % 8,
                        "{}: row {row} in group {}",
                        e.name(),
                        lane / 4
                    );
                }
            }
            assert_eq!(tig, lanes_of(chunks, sel), "{}: selector {sel}", e.name());
        }
    }
    // The two metadata layouts differ: 16- and 32-bit types put two rows in each lane, 8- and
    // 4-bit types one.
    let (wide, narrow) = (
        &cat::SM80_SPARSE_16x8x32_F16_E,
        &cat::SM80_SPARSE_16x8x32_S8_E,
    );
    assert!(!same_map(wide, narrow));
    assert_eq!(wide.coords(0, 4), Some((8, 0)));
    assert_eq!(narrow.coords(0, 4), Some((0, 4)));
    assert_eq!(narrow.coords(1, 0), Some((8, 0)));
}

#[test]
fn sparse_metadata_figures_describe_every_chunk_once_per_selector() {
    for (names, figure, chunks) in SPARSE_METADATA {
        for sel in 0..16 / chunks {
            let mut seen = BTreeSet::new();
            for lane in 0..32 {
                for n in 0..8 {
                    if let Some(cell) = figure(sel, lane, n) {
                        assert!(seen.insert(cell), "{names:?}: {cell:?} twice");
                    }
                }
            }
            assert_eq!(seen.len() as u32, 16 * chunks, "{names:?}, selector {sel}");
        }
        // Past the selector's range the metadata is undefined: no lane is read.
        assert!((0..32).all(|lane| figure(16 / chunks, lane, 0).is_none()));
    }
}

#[test]
fn sparse_chunks_decode_as_the_storage_section_says() {
    use ptx::SparseChunk::*;
    // 2:4: 0b0000, 0b0101, 0b1010, 0b1111 are invalid; ordered metadata takes the six sorted.
    let valid = |c: ptx::SparseChunk, ordered| -> Vec<u32> {
        (0..16)
            .filter(|&f| c.positions(f, ordered).is_some())
            .collect()
    };
    assert_eq!(
        valid(TwoOfFour, true),
        [0b0100, 0b1000, 0b1001, 0b1100, 0b1101, 0b1110]
    );
    let unordered = valid(TwoOfFour, false);
    assert_eq!(unordered.len(), 12);
    assert!([0b0000, 0b0101, 0b1010, 0b1111]
        .iter()
        .all(|f| !unordered.contains(f)));
    assert_eq!(TwoOfFour.positions(0b1100, true), Some(vec![0, 3]));
    assert_eq!(TwoOfFour.positions(0b0011, false), Some(vec![3, 0]));
    // tf32: only 0b0100 and 0b1110.
    assert_eq!(valid(OneOfTwo, true), [0b0100, 0b1110]);
    assert_eq!(OneOfTwo.positions(0b1110, false), Some(vec![1]));
    // s4/u4: pairs of adjacent columns in a chunk of 8.
    assert_eq!(PairsOfEight.positions(0b1100, true), Some(vec![0, 1, 6, 7]));
    assert_eq!(valid(PairsOfEight, true), valid(TwoOfFour, true));
    for (ty, c) in [
        ("f16", TwoOfFour),
        ("e5m2", TwoOfFour),
        ("tf32", OneOfTwo),
        ("u4", PairsOfEight),
    ] {
        assert_eq!(ptx::SparseChunk::of(ty), c, "{ty}");
        assert_eq!(c.kept() * 2, c.width());
    }
}

#[test]
fn sparse_layouts_are_dense_ones_where_they_coincide() {
    for (sparse, dense) in [
        (
            &cat::SM80_SPARSE_16x8x16_F16_A_ROW,
            &cat::SM75_16x8x8_F16_A_ROW,
        ),
        (
            &cat::SM80_SPARSE_16x8x32_BF16_A_ROW,
            &cat::SM80_16x8x16_F16_A_ROW,
        ),
        (
            &cat::SM80_SPARSE_16x8x8_TF32_A_ROW,
            &cat::SM80_16x8x4_TF32_A_ROW,
        ),
        (
            &cat::SM80_SPARSE_16x8x16_TF32_A_ROW,
            &cat::SM80_16x8x8_TF32_A_ROW,
        ),
        (
            &cat::SM80_SPARSE_16x8x32_U8_A_ROW,
            &cat::SM80_16x8x16_S8_A_ROW,
        ),
        (
            &cat::SM89_SPARSE_16x8x64_E4M3_A_ROW,
            &cat::SM80_16x8x32_S8_A_ROW,
        ),
        (
            &cat::SM80_SPARSE_16x8x64_S4_A_ROW,
            &cat::SM80_16x8x32_S4_A_ROW,
        ),
        (
            &cat::SM80_SPARSE_16x8x128_U4_A_ROW,
            &cat::SM80_16x8x64_S4_A_ROW,
        ),
    ] {
        assert!(same(sparse, dense), "{}", sparse.name);
    }
    // B: dense where that K exists densely; the sparse-only depths repeat the dense pattern.
    assert!(same(
        &cat::SM80_SPARSE_16x8x16_TF32_B_COL,
        &cat::SM90_16x8x16_F64_B_COL
    ));
    // ldmatrix.x4.trans of the row-major 32 x 8 B loads the m16n8k32 f16 B fragment.
    assert!(same(
        &cat::SM80_SPARSE_16x8x32_F16_B_COL,
        &cat::SM75_U16x8_LDSM_T
    ));
    // The 16-bit metadata fields sit where the s8 elements of the m16n8k16 A fragment do.
    assert!(same(
        &cat::SM80_SPARSE_16x8x16_TF32_E,
        &cat::SM80_16x8x16_S8_A_ROW
    ));
    assert!(!same_map(
        &cat::SM80_SPARSE_16x8x64_U8_E,
        &cat::SM80_16x8x16_S8_A_ROW
    ));
    assert!(same(
        &cat::SM89_SPARSE_16x8x64_E5M2_B_COL,
        &cat::SM80_SPARSE_16x8x64_S8_B_COL
    ));
    for (deep, dense, rows) in [
        (
            &cat::SM80_SPARSE_16x8x32_F16_B_COL,
            &cat::SM80_16x8x16_F16_B_COL,
            16,
        ),
        (
            &cat::SM80_SPARSE_16x8x64_S8_B_COL,
            &cat::SM80_16x8x32_S8_B_COL,
            32,
        ),
        (
            &cat::SM80_SPARSE_16x8x128_S4_B_COL,
            &cat::SM80_16x8x64_S4_B_COL,
            64,
        ),
    ] {
        for lane in 0..32 {
            for i in 0..deep.elements {
                let (r, c) = dense.coords(lane, i % dense.elements).unwrap();
                let band = i / dense.elements;
                assert_eq!(
                    deep.coords(lane, i),
                    Some((r + rows * band, c)),
                    "{}",
                    deep.name
                );
            }
        }
    }
}

/// The sparse `wgmma` instructions the PTX ISA's `wgmma.mma_async.sp` syntax allows (9.7.15.6.3;
/// integers also with `.satfinite`), for every N: f16 / bf16 `m64nNk32`, tf32 `m64nNk16`, e4m3 / e5m2
/// `m64nNk64` with N = 8..=256 step 8; s8 / u8 `m64nNk64` with N = 8, 16, 24, then 32..=256
/// step 16.
fn wgmma_sparse_instructions_from_the_syntax() -> BTreeSet<String> {
    let float_ns: Vec<u32> = (8..=256).step_by(8).collect();
    let int_ns: Vec<u32> = [8, 16, 24]
        .into_iter()
        .chain((32..=256).step_by(16))
        .collect();
    let mut types: Vec<(&[u32], u32, String)> = vec![
        (&float_ns, 32, "f32.f16.f16".into()),
        (&float_ns, 32, "f16.f16.f16".into()),
        (&float_ns, 32, "f32.bf16.bf16".into()),
        (&float_ns, 16, "f32.tf32.tf32".into()),
    ];
    for d in ["f32", "f16"] {
        for a in ["e4m3", "e5m2"] {
            for b in ["e4m3", "e5m2"] {
                types.push((&float_ns, 64, format!("{d}.{a}.{b}")));
            }
        }
    }
    for a in ["s8", "u8"] {
        for b in ["s8", "u8"] {
            types.push((&int_ns, 64, format!("s32.{a}.{b}")));
            types.push((&int_ns, 64, format!("satfinite.s32.{a}.{b}")));
        }
    }
    let mut all = BTreeSet::new();
    for (ns, k, t) in types {
        for n in ns {
            all.insert(format!("wgmma.mma_async.sp.sync.aligned.m64n{n}k{k}.{t}"));
        }
    }
    all
}

#[test]
fn wgmma_sparse_entries_cover_the_isa_syntax_with_a_c_and_metadata_each() {
    let is_sparse = |i: &&&str| i.starts_with("wgmma.mma_async.sp.");
    let listed: BTreeSet<String> = CATALOG
        .iter()
        .filter(|e| e.operand == Operand::C)
        .flat_map(|e| e.instructions.iter().filter(is_sparse))
        .map(|i| i.to_string())
        .collect();
    let syntax = wgmma_sparse_instructions_from_the_syntax();
    assert_eq!(listed, syntax);
    assert_eq!(syntax.len(), 32 * 12 + 18 * 8);
    for instr in &syntax {
        let rest = instr
            .strip_prefix("wgmma.mma_async.sp.sync.aligned.m64n")
            .unwrap();
        let (n, rest) = rest.split_once('k').unwrap();
        let (k, types) = rest.split_once('.').unwrap();
        let types = types.strip_prefix("satfinite.").unwrap_or(types);
        let (n, k): (u32, u32) = (n.parse().unwrap(), k.parse().unwrap());
        let t: Vec<&str> = types.split('.').collect();
        // D: the dense accumulator of this N, its only entry.
        let users: Vec<_> = CATALOG
            .iter()
            .filter(|e| e.instructions.contains(&instr.as_str()))
            .collect();
        assert_eq!(users.len(), 1, "{instr}");
        let c = users[0];
        assert_eq!(
            (c.operand, c.element_type, c.arch),
            (Operand::C, t[0], "sm_90a")
        );
        assert_eq!((c.numeral.rows, c.numeral.cols), (64, n), "{instr}");
        let name = match t[0] {
            "s32" => format!("SM90_64x{n}x32_S32_C"),
            d => format!("SM90_64x{n}x16_{}_C", d.to_uppercase()),
        };
        assert_eq!(c.name(), name, "{instr}");
        // A in registers and the metadata: the `m64nN` spelling, listed by both.
        let pattern = instr.replace(&format!(".m64n{n}k"), ".m64nNk");
        let mut users: Vec<_> = CATALOG
            .iter()
            .filter(|e| e.instructions.contains(&pattern.as_str()))
            .collect();
        users.sort_by_key(|e| e.operand != Operand::A);
        let ops: Vec<(Operand, &str)> = users.iter().map(|e| (e.operand, e.element_type)).collect();
        assert_eq!(
            ops,
            [(Operand::A, t[1]), (Operand::Metadata, "b4")],
            "{pattern}"
        );
        let (a, m) = (users[0], users[1]);
        assert_eq!(a.instructions, m.instructions, "{pattern}");
        let ty = t[1].to_uppercase();
        assert_eq!(a.name(), format!("SM90_SPARSE_64xNx{k}_{ty}_A_RS"));
        assert_eq!(m.name(), format!("SM90_SPARSE_64xNx{k}_{ty}_E"));
        for e in [a, m] {
            assert_eq!(e.arch, "sm_90a", "{}", e.name());
            assert_eq!(e.numeral.threads(), 128, "{}", e.name());
            assert!(
                e.ptx_section.starts_with("PTX ISA 9.7.15.6.2."),
                "{}",
                e.name()
            );
        }
        // Registers as the fragment tables state them: four `.b32` of non-zeros, one metadata.
        assert_eq!((a.numeral.rows, a.numeral.cols), (64, k / 2), "{pattern}");
        assert_eq!(a.registers(), 4, "{}", a.name());
        assert_eq!((m.numeral.rows, m.numeral.cols), (64, 16), "{pattern}");
        assert_eq!(m.registers(), 1, "{}", m.name());
        assert_eq!((m.element_bits, m.elements_per_register()), (4, 8));
    }
}

#[test]
fn wgmma_sparse_metadata_selectors_read_the_threads_the_isa_names() {
    // 9.7.15.6.3: sp-sel 0 (threads T0, T1) or 1 (T2, T3) for f16 / bf16 k32 and tf32 k16; 0
    // (all threads contribute) for the 8-bit k64. Warp w supplies rows 16w..16w+15.
    let wgmma: Vec<_> = CATALOG
        .iter()
        .filter(|e| e.operand == Operand::Metadata && e.arch == "sm_90a")
        .collect();
    assert_eq!(wgmma.len(), 7);
    for e in wgmma {
        let instr = e.instructions[0];
        let k: u32 = instr.split(".m64nNk").nth(1).unwrap()[..2]
            .trim_end_matches('.')
            .parse()
            .unwrap();
        let a_type = instr.rsplit('.').nth(1).unwrap();
        let fields = k / ptx::SparseChunk::of(a_type).width();
        let want: &[&[u32]] = match fields {
            8 => &[&[0, 1], &[2, 3]],
            16 => &[&[0, 1, 2, 3]],
            other => panic!("{}: {other} fields per row", e.name()),
        };
        let m = e.numeral;
        for (sel, tigs) in want.iter().enumerate() {
            let mut seen = BTreeSet::new();
            let cols = sel as u32 * fields..(sel as u32 + 1) * fields;
            for row in 0..64 {
                for col in cols.clone() {
                    let (thread, _) = m.decode_coords(row, col).unwrap();
                    assert_eq!(thread / 32, row / 16, "{}: ({row}, {col})", e.name());
                    assert_eq!(thread % 32 / 4, row % 8, "{}: ({row}, {col})", e.name());
                    seen.insert(thread % 4);
                }
            }
            assert_eq!(
                seen,
                tigs.iter().copied().collect(),
                "{}: selector {sel}",
                e.name()
            );
        }
    }
}

#[test]
fn wgmma_sparse_metadata_figures_describe_every_chunk_once_per_selector() {
    for (names, figure, chunks) in WGMMA_SP_METADATA {
        for sel in 0..16 / chunks {
            let mut seen = BTreeSet::new();
            for thread in 0..128 {
                for n in 0..8 {
                    if let Some(cell) = figure(sel, thread, n) {
                        assert!(seen.insert(cell), "{names:?}: {cell:?} twice");
                    }
                }
            }
            assert_eq!(seen.len() as u32, 64 * chunks, "{names:?}, selector {sel}");
        }
        assert!((0..128).all(|t| figure(16 / chunks, t, 0).is_none()));
    }
}

#[test]
fn wgmma_sparse_layouts_are_the_warp_level_ones_per_warp() {
    // A in registers: the dense wgmma A of half the K.
    for (sparse, dense) in [
        (
            &cat::SM90_SPARSE_64xNx32_F16_A_RS,
            &cat::SM90_64xNx16_F16_A_RS,
        ),
        (
            &cat::SM90_SPARSE_64xNx32_BF16_A_RS,
            &cat::SM90_64xNx16_BF16_A_RS,
        ),
        (
            &cat::SM90_SPARSE_64xNx16_TF32_A_RS,
            &cat::SM90_64xNx8_TF32_A_RS,
        ),
        (
            &cat::SM90_SPARSE_64xNx64_U8_A_RS,
            &cat::SM90_64xNx32_U8_A_RS,
        ),
        (
            &cat::SM90_SPARSE_64xNx64_E5M2_A_RS,
            &cat::SM90_64xNx32_E5M2_A_RS,
        ),
    ] {
        assert!(same(sparse, dense), "{}", sparse.name);
    }
    // Each warp's 16 rows: the mma.sp A of the same K and the mma.sp metadata.
    for (wg, warp) in [
        (
            &cat::SM90_SPARSE_64xNx32_F16_A_RS,
            &cat::SM80_SPARSE_16x8x32_F16_A_ROW,
        ),
        (
            &cat::SM90_SPARSE_64xNx16_TF32_A_RS,
            &cat::SM80_SPARSE_16x8x16_TF32_A_ROW,
        ),
        (
            &cat::SM90_SPARSE_64xNx64_S8_A_RS,
            &cat::SM80_SPARSE_16x8x64_S8_A_ROW,
        ),
        (
            &cat::SM90_SPARSE_64xNx32_F16_E,
            &cat::SM80_SPARSE_16x8x32_F16_E,
        ),
        (
            &cat::SM90_SPARSE_64xNx16_TF32_E,
            &cat::SM80_SPARSE_16x8x16_TF32_E,
        ),
        (
            &cat::SM90_SPARSE_64xNx64_E4M3_E,
            &cat::SM89_SPARSE_16x8x64_E4M3_E,
        ),
    ] {
        assert_eq!((wg.rows, wg.cols, wg.warps), (64, warp.cols, 4));
        assert_eq!(wg.elements, warp.elements, "{}", wg.name);
        for thread in 0..128 {
            for i in 0..wg.elements {
                let (r, c) = warp.coords(thread % 32, i).unwrap();
                assert_eq!(
                    wg.coords(thread, i),
                    Some((16 * (thread / 32) + r, c)),
                    "{}: thread {thread}, element {i}",
                    wg.name
                );
            }
        }
    }
    // The 16- and 32-bit metadata layout is not the 8-bit one.
    assert!(!same_map(
        &cat::SM90_SPARSE_64xNx32_F16_E,
        &cat::SM90_SPARSE_64xNx64_S8_E
    ));
    assert!(same(
        &cat::SM90_SPARSE_64xNx16_TF32_E,
        &cat::SM90_SPARSE_64xNx32_BF16_E
    ));
}
