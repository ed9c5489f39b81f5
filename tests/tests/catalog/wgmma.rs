//! `wgmma`: the accumulator per warp and n-block; sparse `wgmma`'s syntax, metadata and
//! per-warp structure.

use std::collections::BTreeSet;

use fraglayout_tests::ptx;
use fraglayout_tests::transcription::{self, WGMMA_SP_METADATA};
use layout_core::catalog::{self as cat, Operand, CATALOG};

use super::sparse::figures_describe_every_chunk_once_per_selector;
use super::{listing, same, same_map};

#[test]
fn wgmma_accumulator_is_the_m16n8_accumulator_per_warp_and_n_block() {
    let c = &cat::SM80_16x8x16_F32_C;
    for n in transcription::wgmma_float_ns() {
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

/// The sparse `wgmma` instructions the PTX ISA's `wgmma.mma_async.sp` syntax allows (9.7.15.6.3;
/// integers also with `.satfinite`), for every N: f16 / bf16 `m64nNk32`, tf32 `m64nNk16`, e4m3 / e5m2
/// `m64nNk64` with N = 8..=256 step 8; s8 / u8 `m64nNk64` with N = 8, 16, 24, then 32..=256
/// step 16.
fn wgmma_sparse_instructions_from_the_syntax() -> BTreeSet<String> {
    let float_ns: Vec<u32> = transcription::wgmma_float_ns().collect();
    let int_ns: Vec<u32> = transcription::wgmma_int_ns().collect();
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
        let users = listing(instr);
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
        let mut users = listing(&pattern);
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
    figures_describe_every_chunk_once_per_selector(WGMMA_SP_METADATA, 128, 64);
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
