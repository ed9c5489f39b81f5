//! The table counts only checked kernels: one not checked, or missing from its listing, shows
//! no number and is reported (the script then fails); ratios above 1.00 are noted.

use fraglayout_sass::count::Count;
use fraglayout_sass::reference::CASES;
use fraglayout_sass::table::{render, Inputs};
use std::collections::BTreeMap;

/// `total` instructions, all integer.
fn n(total: u32) -> Count {
    Count {
        integer: total,
        ..Count::default()
    }
}

/// Every kernel present, checked, generated 10 and its twins 10.
fn complete() -> Inputs {
    let mut i = Inputs {
        rust: BTreeMap::new(),
        rust_sm100a: BTreeMap::new(),
        hand: BTreeMap::new(),
        cute: BTreeMap::new(),
        rust_checked: true,
        checked: Vec::new(),
    };
    for case in CASES {
        let rust = if case.arch == "sm_90a" {
            &mut i.rust
        } else {
            &mut i.rust_sm100a
        };
        rust.insert(case.name.to_string(), n(10));
        for (variant, map) in [("hand", &mut i.hand), ("cute", &mut i.cute)] {
            let kernel = format!("{variant}_{}", case.name);
            map.insert(kernel.clone(), n(10));
            i.checked.push(kernel);
        }
    }
    i
}

/// The row of `case`.
fn row<'a>(text: &'a str, case: &str) -> &'a str {
    let start = format!("| `{case}` ");
    text.lines()
        .find(|l| l.starts_with(&start))
        .expect("a row for the case")
}

#[test]
fn a_complete_table_has_a_count_everywhere() {
    let t = render(&complete());
    assert!(t.problems.is_empty(), "{:?}", t.problems);
    assert!(t.above.is_empty());
    assert_eq!(
        row(&t.text, "scatter_ld"),
        "| `scatter_ld` | 10 | 10 | 1.00 | 10 | 1.00 | 0 / 10 / 0 / 0 | 0 / 10 / 0 / 0 |"
    );
    assert_eq!(t.text.lines().count(), 2 + CASES.len());
}

#[test]
fn an_unchecked_kernel_gets_no_count() {
    let mut i = complete();
    i.checked.retain(|k| k != "hand_bounds");
    let t = render(&i);
    assert_eq!(
        row(&t.text, "bounds"),
        "| `bounds` | 10 | unchecked |  |  |  | 0 / 10 / 0 / 0 |  |"
    );
    assert_eq!(t.problems, ["hand_bounds not checked: no count"]);

    let mut i = complete();
    i.rust_checked = false;
    let t = render(&i);
    assert!(
        !t.text.lines().skip(2).any(|l| l.contains("| 10 | 10 |")),
        "{}",
        t.text
    );
    assert_eq!(t.problems.len(), CASES.len());
}

#[test]
fn a_missing_kernel_is_reported() {
    let mut i = complete();
    i.rust.remove("wgmma_store");
    let t = render(&i);
    assert_eq!(t.problems, ["no kernel wgmma_store in the SASS"]);
}

#[test]
fn ratios_above_one_are_noted_against_each_twin() {
    let mut i = complete();
    i.rust.insert("scatter_ld".to_string(), n(12));
    i.cute.insert("cute_scatter_ld".to_string(), n(12));
    let t = render(&i);
    assert_eq!(t.above, ["scatter_ld (1.20 of hand CUDA)"]);
    assert!(t.problems.is_empty());
}
