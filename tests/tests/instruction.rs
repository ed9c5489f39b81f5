//! `catalog::instruction`: every instruction the catalog lists finds its layouts, one per
//! operand, and the element types agree with the type fields of the instruction's own spelling.

use std::collections::HashMap;

use layout_core::catalog::{instruction, Entry, Instruction, Operand, CATALOG};

/// The instruction strings of an entry with `wgmma`'s `N` put in: every width from 8 to 256
/// in steps of 8 where the entry spells `m64nN`.
fn spellings(e: &Entry) -> Vec<String> {
    e.instructions
        .iter()
        .flat_map(|i| {
            if i.contains("m64nN") {
                (8..=256)
                    .step_by(8)
                    .map(|n| i.replace("m64nN", &format!("m64n{n}")))
                    .collect()
            } else {
                vec![i.to_string()]
            }
        })
        .collect()
}

fn slot(found: &Instruction, operand: Operand) -> Option<&'static Entry> {
    match operand {
        Operand::A => found.a,
        Operand::B => found.b,
        Operand::C => found.c,
        Operand::Metadata => found.metadata,
        Operand::Matrices => found.matrices,
        Operand::Tmem => found.tmem,
        Operand::ScaleA => found.scale_a,
        Operand::ScaleB => found.scale_b,
    }
}

#[test]
fn every_listed_instruction_finds_its_entry_and_no_other_for_that_operand() {
    // How many entries of each operand claim each spelling: one each, below.
    let mut claimants: HashMap<(String, Operand), usize> = HashMap::new();
    for e in CATALOG {
        for ptx in spellings(e) {
            *claimants.entry((ptx, e.operand)).or_default() += 1;
        }
    }
    let mut checked = 0;
    for e in CATALOG {
        for ptx in spellings(e) {
            let found = instruction(&ptx).unwrap_or_else(|| panic!("{ptx}: not found"));
            let got = slot(&found, e.operand).expect("operand slot filled");
            assert_eq!(got.name(), e.name(), "{ptx}: {:?}", e.operand);
            // No second entry of the same operand claims the instruction.
            let n = claimants[&(ptx.clone(), e.operand)];
            assert_eq!(n, 1, "{ptx}: {n} {:?} layouts", e.operand);
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// `mma` type fields in PTX order (`.dtype.atype.btype.ctype`), read from the spelling alone:
/// the four fields after the shape and the majorness, skipping `.satfinite` and `.kind::*`.
fn mma_types(ptx: &str) -> Option<[&str; 4]> {
    let fields: Vec<&str> = ptx
        .split('.')
        .skip_while(|f| !(f.starts_with('m') && f.contains('n') && f.contains('k')))
        .skip(1)
        .filter(|f| {
            !matches!(*f, "row" | "col" | "satfinite" | "block_scale")
                && !f.starts_with("kind::")
                && !f.starts_with("scale_vec::")
        })
        .collect();
    (fields.len() >= 4).then(|| [fields[0], fields[1], fields[2], fields[3]])
}

#[test]
fn element_types_agree_with_the_instructions_type_fields() {
    let mut checked = 0;
    for e in CATALOG
        .iter()
        .filter(|e| e.instructions[0].starts_with("mma."))
    {
        for ptx in spellings(e) {
            let [d, a, b, c] = mma_types(&ptx).unwrap_or_else(|| panic!("{ptx}"));
            let found = instruction(&ptx).unwrap();
            assert_eq!(found.a.unwrap().element_type, a, "{ptx}: A");
            assert_eq!(found.b.unwrap().element_type, b, "{ptx}: B");
            assert_eq!(found.c.unwrap().element_type, c, "{ptx}: C");
            assert_eq!(found.d().unwrap().element_type, d, "{ptx}: D");
            // Block scaling: the scale type is the field after C.
            if let Some(s) = found.scale_a {
                let stype = ptx.rsplit('.').next().unwrap();
                assert_eq!(s.element_type, stype, "{ptx}: scale A");
                assert_eq!(found.scale_b.unwrap().element_type, stype, "{ptx}: scale B");
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn wgmma_has_its_accumulator_only_for_real_widths_and_a_from_registers() {
    let ptx = |n: u32| format!("wgmma.mma_async.sync.aligned.m64n{n}k16.f32.f16.f16");
    let found = instruction(&ptx(128)).unwrap();
    assert_eq!(found.c.unwrap().name(), "SM90_64x128x16_F32_C");
    assert_eq!(found.a.unwrap().numeral.rows, 64);
    assert!(found.b.is_none(), "B comes from shared memory");
    // 132 is no wgmma width: the A-in-registers layout still matches `m64nN`, no accumulator.
    assert!(instruction(&ptx(132)).unwrap().c.is_none());
}

#[test]
fn near_misses_find_nothing() {
    for ptx in [
        "",
        "mma",
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16",
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 ",
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32.f32",
        "wgmma.mma_async.sync.aligned.m64nk16.f32.f16.f16",
        "wgmma.mma_async.sync.aligned.m64nNk16.f32.f16.f16",
        "ldmatrix.sync.aligned.m8n8.x3.shared.b16",
    ] {
        assert!(instruction(ptx).is_none(), "{ptx:?}");
    }
}
