//! Sparse `mma.sp`: the syntax covered, the metadata figures and selectors, the chunk codes,
//! and where sparse layouts are dense ones.

use std::collections::BTreeSet;

use fraglayout_tests::ptx;
use fraglayout_tests::transcription::{MetadataFigure, SPARSE_METADATA};
use layout_core::catalog::{self as cat, Operand, CATALOG};

use super::{listing, same, same_map};

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
        let mut users = listing(instr);
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
    figures_describe_every_chunk_once_per_selector(SPARSE_METADATA, 32, 16);
}

/// For each figure of `figures`, over `threads` threads and `rows` rows of A: every selector
/// reads each of the `rows * chunks` chunks exactly once, and past the selector's range (where
/// the metadata is undefined) no thread is read.
pub(crate) fn figures_describe_every_chunk_once_per_selector(
    figures: &[MetadataFigure],
    threads: u32,
    rows: u32,
) {
    for (names, figure, chunks) in figures {
        for sel in 0..16 / chunks {
            let mut seen = BTreeSet::new();
            for thread in 0..threads {
                for n in 0..8 {
                    if let Some(cell) = figure(sel, thread, n) {
                        assert!(seen.insert(cell), "{names:?}: {cell:?} twice");
                    }
                }
            }
            assert_eq!(
                seen.len() as u32,
                rows * chunks,
                "{names:?}, selector {sel}"
            );
        }
        assert!(
            (0..threads).all(|t| figure(16 / chunks, t, 0).is_none()),
            "{names:?}: a thread read past the selectors"
        );
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
