//! Every layout against its ISA transcription exhaustively, and what every layout keeps.

use std::collections::{BTreeSet, HashMap};

use fraglayout_tests::ownership::{is_exact, Ownership};
use fraglayout_tests::transcription;
use layout_core::catalog::{self as cat, Operand, CATALOG};

#[test]
fn names_are_unique_and_every_layout_has_a_transcription() {
    let names: Vec<&str> = CATALOG.iter().map(|e| e.name()).collect();
    let set: BTreeSet<&str> = names.iter().copied().collect();
    assert_eq!(set.len(), names.len(), "duplicate names in CATALOG");
    let listed: Vec<String> = transcription::entries()
        .map(|(n, _)| n.into_owned())
        .collect();
    let twice: BTreeSet<&String> = listed
        .iter()
        .filter(|n| listed.iter().filter(|m| m == n).count() > 1)
        .collect();
    assert!(twice.is_empty(), "transcribed twice: {twice:?}");
    let tnames: BTreeSet<&str> = listed.iter().map(String::as_str).collect();
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
    let t: HashMap<_, _> = transcription::entries().collect();
    for e in CATALOG {
        let n = e.numeral;
        let f = t[e.name()];
        for thread in 0..n.threads() {
            for i in 0..n.elements {
                assert_eq!(
                    n.coords(thread, i),
                    Some(f.at(thread, i)),
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
        assert!(e.numeral.is_bijection(), "{}", e.name());
        if e.numeral.has_broadcast() {
            // The scale factors: each class of threads with the broadcast digits fixed covers
            // the tile once.
            assert!(is_exact(e.numeral), "{}", e.name());
        } else {
            let o = Ownership::of(e.numeral);
            assert!(o.is_bijection(), "{}: {:?}", e.name(), o.collisions.first());
        }
        assert_eq!(
            e.numeral.threads() as u64 * e.numeral.elements as u64,
            e.numeral.size() * e.numeral.copies(),
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
                // Under a broadcast digit, decode names the holder with it 0.
                let (t, j) = n.decode_coords(r, c).unwrap();
                assert_eq!(n.coords(t, j), Some((r, c)), "{}", e.name());
                if n.copies() == 1 {
                    assert_eq!((t, j), (thread, i), "{}", e.name());
                }
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
            let (tr, tc) = layout_core::generated::thread_part(&terms, thread);
            for i in 0..n.elements {
                let (er, ec) = n.element_part(i);
                let (r, c) = n.coords(thread, i).unwrap();
                assert_eq!((tr + er, tc + ec), (r as usize, c as usize), "{}", e.name());
            }
        }
    }
}

/// An accumulator's section names its element kind: an integer accumulator's the integer
/// section, a floating-point one's a floating-point section (the sparse C/D of `m16n8k64` e4m3
/// and e5m2, f32, once named the integer `m16n8k16` section).
#[test]
fn accumulator_sections_name_their_element_kind() {
    let mut seen = 0;
    for e in CATALOG.iter().filter(|e| e.operand == Operand::C) {
        let integer = e.ptx_section.contains("integer");
        match e.element_type {
            "s32" => assert!(!e.ptx_section.contains("floating point"), "{}", e.name()),
            "f32" | "f16" | "f64" => assert!(!integer, "{}: {}", e.name(), e.ptx_section),
            other => panic!("{}: accumulator of {other}", e.name()),
        }
        seen += 1;
    }
    assert!(seen > 20, "{seen} accumulators");
}

#[test]
fn entries_describe_their_numerals() {
    for e in CATALOG {
        let n = e.numeral;
        assert!(!e.instructions.is_empty(), "{}", e.name());
        assert!(e.ptx_section.starts_with("PTX ISA"), "{}", e.name());
        if matches!(e.operand, Operand::ScaleA | Operand::ScaleB) {
            // One `.b32` register, whose bytes from byte-id on the instruction reads.
            assert_eq!(e.registers(), 1, "{}", e.name());
        } else {
            assert_eq!(
                (n.elements * e.element_bits) % e.register_bits(),
                0,
                "{}: elements do not fill whole registers",
                e.name()
            );
        }
        let warps = if e.arch == "sm_90a" { 4 } else { 1 };
        assert_eq!(n.warps, warps, "{}", e.name());
        match e.operand {
            Operand::Matrices => assert_eq!(n.cols, 8, "{}", e.name()),
            Operand::Tmem => assert!(
                e.instructions.iter().all(|i| i.starts_with("tcgen05.")),
                "{}",
                e.name()
            ),
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
