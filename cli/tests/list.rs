//! `fraglayout list PATTERN`: an instruction, an arch or a part of a name picks the layouts,
//! in the text and in `--json`; a pattern that picks none is an error with a suggestion.

use layout_core::catalog::{Entry, CATALOG};

use crate::support::{ok, run, stderr, stdout};

/// The names `list` printed: the lines that start a layout's paragraph, up to the name forms.
fn names(text: &str) -> Vec<String> {
    text.split("\n\n")
        .next()
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.is_empty())
        .map(|l| l.split_once("  (").expect("name  (what)").0.to_string())
        .collect()
}

/// The names `list --json` printed.
fn json_names(text: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(text).unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap().to_string())
        .collect()
}

/// Whether one of `e`'s instructions starts with `opcode.` and has every part of `parts`.
fn has_instruction(e: &Entry, opcode: &str, parts: &[&str]) -> bool {
    e.instructions.iter().any(|i| {
        let mut words = i.split('.');
        words.next() == Some(opcode) && {
            let words: Vec<&str> = words.collect();
            parts.iter().all(|p| words.contains(p))
        }
    })
}

#[test]
fn a_pattern_keeps_the_layouts_of_its_instruction_arch_or_name() {
    type Rule = fn(&Entry) -> bool;
    let cases: &[(&str, Rule)] = &[
        ("wgmma", |e| has_instruction(e, "wgmma", &[])),
        ("mma.m16n8k16", |e| has_instruction(e, "mma", &["m16n8k16"])),
        ("MMA.M16N8K16", |e| has_instruction(e, "mma", &["m16n8k16"])),
        ("m16n8k16", |e| {
            e.instructions
                .iter()
                .any(|i| i.split('.').any(|p| p == "m16n8k16"))
        }),
        ("tcgen05.ld", |e| has_instruction(e, "tcgen05", &["ld"])),
        ("ldmatrix.x4", |e| has_instruction(e, "ldmatrix", &["x4"])),
        ("sm_90", |e| e.arch == "sm_90" || e.arch == "sm_90a"),
        ("SM90", |e| e.arch == "sm_90" || e.arch == "sm_90a"),
        ("sm_90a", |e| e.arch == "sm_90a"),
        ("sm_75", |e| e.arch == "sm_75"),
        ("f16_a_row", |e| e.name().contains("F16_A_ROW")),
        ("LDSM", |e| e.name().contains("LDSM")),
    ];
    for &(pattern, rule) in cases {
        let want: Vec<&str> = CATALOG
            .iter()
            .filter(|e| rule(e))
            .map(Entry::name)
            .collect();
        assert!(
            !want.is_empty() && want.len() < CATALOG.len() / 2,
            "{pattern}: {} layouts",
            want.len()
        );
        assert_eq!(names(&ok(&["list", pattern])), want, "{pattern}");
        assert_eq!(
            json_names(&ok(&["list", pattern, "--json"])),
            want,
            "{pattern} --json"
        );
    }
}

#[test]
fn a_kept_layout_is_its_whole_paragraph_of_the_full_list() {
    let all = ok(&["list"]);
    let some = ok(&["list", "mma.m16n8k16"]);
    let paragraphs = some
        .split_inclusive('\n')
        .fold(Vec::<String>::new(), |mut v, l| {
            if l.starts_with(' ') {
                v.last_mut().unwrap().push_str(l);
            } else {
                v.push(l.to_string());
            }
            v
        });
    assert!(paragraphs.len() > 4);
    for p in paragraphs {
        assert!(p.contains("\n    "), "{p}");
        assert!(all.contains(&p), "{p}");
    }
    // No pattern: every layout, then the tcgen05.mma name forms.
    assert_eq!(names(&all).len(), CATALOG.len());
    assert_eq!(json_names(&ok(&["list", "--json"])).len(), CATALOG.len());
}

#[test]
fn the_tensor_memory_name_forms_are_kept_by_name_arch_and_instruction() {
    let forms = |text: &str| -> Vec<String> {
        match text.split_once("tcgen05.mma in tensor memory") {
            Some((_, rest)) => rest.lines().skip(1).map(String::from).collect(),
            None => Vec::new(),
        }
    };
    let all = forms(&ok(&["list"]));
    assert!(all.len() >= 8, "{all:?}");
    assert_eq!(forms(&ok(&["list", "sm_100a"])), all);
    assert_eq!(forms(&ok(&["list", "tcgen05"])), all);
    let acc = forms(&ok(&["list", "sm100_tmem_acc"]));
    assert!(!acc.is_empty() && acc.len() < all.len());
    assert!(
        acc.iter().all(|l| l.starts_with("SM100_TMEM_ACC_")),
        "{acc:?}"
    );
    let text = ok(&["list", "sm100_tmem_acc"]);
    assert!(
        text.starts_with("tcgen05.mma in tensor memory"),
        "no catalog layout: {text}"
    );
    // Kept by name only, they are not catalog layouts: --json has none.
    assert_eq!(
        json_names(&ok(&["list", "sm100_tmem_acc", "--json"])),
        Vec::<String>::new()
    );
    assert!(forms(&ok(&["list", "mma.m16n8k16"])).is_empty());
    assert!(
        forms(&ok(&["list", "mma"])).is_empty(),
        "mma is not tcgen05.mma"
    );
}

#[test]
fn a_pattern_that_keeps_nothing_exits_1_with_a_pattern_that_does() {
    for (pattern, nearest) in [
        ("wgmm", "wgmma"),
        ("mma.m16n8k15", "mma.m16n8k16"),
        ("sm_91", "sm_90"),
        ("tcgen05.lb", "tcgen05.ld"),
    ] {
        for json in [false, true] {
            let mut args = vec!["list", pattern];
            if json {
                args.push("--json");
            }
            let o = run(&args);
            assert_eq!(o.status.code(), Some(1), "{args:?}");
            assert!(stdout(&o).is_empty(), "{args:?}");
            let err = stderr(&o);
            let suggested = format!("`fraglayout list {nearest}`");
            assert!(
                err.starts_with(&format!(
                    "error: no layout's name, arch or instruction matches `{pattern}`; did you \
                     mean {suggested}"
                )),
                "{err}"
            );
            assert!(!names(&ok(&["list", nearest])).is_empty(), "{nearest}");
        }
    }
}
