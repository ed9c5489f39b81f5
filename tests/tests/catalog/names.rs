//! The instruction spellings entries list: b1 operations, `.satfinite`, `.kind::f8f6f4`.

use std::collections::BTreeSet;

use layout_core::catalog::{Operand, CATALOG};

use super::listing;

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
            let users = listing(&instr);
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

/// The types `.{d}.{a}.{b}.{c}` of a `.kind::mxf8f6f4` instruction `i`, from `rest` (after the
/// kind): `.block_scale`, an optional `.scale_vec::1X`, the four types and `.ue8m0`.
fn block_scaled_types<'a>(i: &str, rest: &'a str) -> Vec<&'a str> {
    let rest = rest
        .strip_prefix("block_scale.")
        .unwrap_or_else(|| panic!("{i}"));
    let rest = rest.strip_prefix("scale_vec::1X.").unwrap_or(rest);
    let types = rest.strip_suffix(".ue8m0").unwrap_or_else(|| panic!("{i}"));
    types.split('.').collect()
}

/// The `.kind::f8f6f4` element types, as PTX spells them.
const F8F6F4: [&str; 5] = ["e4m3", "e5m2", "e3m2", "e2m3", "e2m1"];

#[test]
fn f8f6f4_entries_name_their_kind_types_and_arch() {
    let kind: Vec<_> = CATALOG
        .iter()
        .filter(|e| e.instructions.iter().any(|i| i.contains(".kind::f8f6f4.")))
        .collect();
    assert_eq!(kind.len(), 12, "5 A, 5 B, 2 C/D");
    for e in &kind {
        assert_eq!(e.arch, "sm_120a", "{}", e.name());
        assert!(e.name().starts_with("SM120_16x8x32_"), "{}", e.name());
        // Bits, elements a register, `.kind::f8f6f4` and `.kind::mxf8f6f4` instructions.
        let (bits, per_register, count, scaled) = match e.operand {
            Operand::A | Operand::B => {
                assert!(F8F6F4.contains(&e.element_type), "{}", e.name());
                (8, 4, 10, 10)
            }
            Operand::C if e.element_type == "f32" => (32, 1, 25, 50),
            Operand::C => {
                assert_eq!(e.element_type, "f16", "{}", e.name());
                (16, 2, 25, 0)
            }
            _ => panic!("{}: not an mma.sync multiplicand", e.name()),
        };
        assert_eq!(e.element_bits, bits, "{}", e.name());
        assert_eq!(e.elements_per_register(), per_register, "{}", e.name());
        assert_eq!(e.instructions.len(), count + scaled, "{}", e.name());
        let mut mx = 0;
        for i in e.instructions {
            let t = match i.strip_prefix("mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.") {
                Some(rest) => {
                    mx += 1;
                    block_scaled_types(i, rest)
                }
                None => i
                    .strip_prefix("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.")
                    .unwrap_or_else(|| panic!("{}: {i}", e.name()))
                    .split('.')
                    .collect(),
            };
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
        assert_eq!(mx, scaled, "{}", e.name());
    }
    // Every combination is listed once, with its A, B and C/D: 2 x 5 x 5 instructions.
    let mut all = BTreeSet::new();
    for acc in ["f32", "f16"] {
        for a in F8F6F4 {
            for b in F8F6F4 {
                let instr =
                    format!("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.{acc}.{a}.{b}.{acc}");
                let users = listing(&instr);
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
        .filter(|i| i.contains(".kind::f8f6f4."))
        .collect();
    assert_eq!(listed, all);
    assert_eq!(all.len(), 50);
    // The block-scaled ones: with A, B, C/D and both scales, each type pair in both spellings.
    for vec in ["scale_vec::1X.", ""] {
        for a in F8F6F4 {
            for b in F8F6F4 {
                let instr = format!(
                    "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.{vec}f32.{a}.{b}.f32.ue8m0"
                );
                let ops: Vec<(&str, &str)> = listing(&instr)
                    .iter()
                    .map(|e| (e.operand.name(), e.element_type))
                    .collect();
                assert_eq!(
                    ops,
                    [
                        ("A", a),
                        ("B", b),
                        ("C/D", "f32"),
                        ("scale A", "ue8m0"),
                        ("scale B", "ue8m0")
                    ],
                    "{instr}"
                );
            }
        }
    }
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
