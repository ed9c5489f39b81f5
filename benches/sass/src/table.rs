//! The SASS table of docs/PERFORMANCE.md from the counted listings and the checks: a kernel
//! not checked, or not in its listing, gets no count and is a problem (`.ci/sass-bench` then
//! fails); ratios above 1.00 are noted for `--require-parity`.

use crate::count::Count;
use crate::reference::{Case, CASES};
use std::collections::BTreeMap;
use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

/// The table, and what keeps it from being whole or at parity.
pub struct Table {
    /// The Markdown table.
    pub text: String,
    /// Kernels without a count: not checked, or missing.
    pub problems: Vec<String>,
    /// Cases above a twin: `name (ratio of twin)`.
    pub above: Vec<String>,
}

/// The table of every case of [`CASES`].
pub fn render(inputs: &Inputs) -> Table {
    let mut problems = Vec::new();
    let mut above = Vec::new();
    let mut text = String::from(
        "| case | generated | hand CUDA | ratio | CuTe | ratio | generated: mem / int / pred / other | hand CUDA: mem / int / pred / other |\n\
         |---|---:|---:|---:|---:|---:|---|---|\n",
    );
    for case in CASES {
        text += &row(case, inputs, &mut problems, &mut above);
    }
    Table {
        text,
        problems,
        above,
    }
}

/// One cell of a count: the total, or why there is none.
fn cell(
    count: Option<&Count>,
    checked: bool,
    problems: &mut Vec<String>,
    kernel: &str,
) -> Option<u32> {
    match (count, checked) {
        (None, _) => {
            problems.push(format!("no kernel {kernel} in the SASS"));
            None
        }
        (Some(_), false) => {
            problems.push(format!("{kernel} not checked: no count"));
            None
        }
        (Some(c), true) => Some(c.total()),
    }
}

fn ratio(a: Option<u32>, b: Option<u32>) -> String {
    match (a, b) {
        (Some(a), Some(b)) if b > 0 => format!("{:.2}", f64::from(a) / f64::from(b)),
        _ => String::new(),
    }
}

fn show(n: Option<u32>) -> String {
    n.map(|n| n.to_string())
        .unwrap_or_else(|| "unchecked".to_string())
}

/// The listings and checks a table is made of.
pub struct Inputs {
    /// The Rust kernels by target (`rust.sass`: sm_90a, `rust_sm100a.sass`), hand, CuTe.
    pub rust: BTreeMap<String, Count>,
    pub rust_sm100a: BTreeMap<String, Count>,
    pub hand: BTreeMap<String, Count>,
    pub cute: BTreeMap<String, Count>,
    /// Whether the Rust cases passed their check (`tests/writes.rs`).
    pub rust_checked: bool,
    /// The CUDA kernels that passed theirs (`fl-sass check`).
    pub checked: Vec<String>,
}

/// One row of the table for `case`; its problems (no count) and its ratios above 1.00 noted.
fn row(case: &Case, i: &Inputs, problems: &mut Vec<String>, above: &mut Vec<String>) -> String {
    let name = case.name;
    let rust = if case.arch == "sm_90a" {
        &i.rust
    } else {
        &i.rust_sm100a
    };
    let g = cell(rust.get(name), i.rust_checked, problems, name);
    let split = |m: &BTreeMap<String, Count>, k: &str, ok: bool| match (m.get(k), ok) {
        (Some(c), true) => c.breakdown(),
        _ => String::new(),
    };
    if case.arch != "sm_90a" {
        let split = split(rust, name, i.rust_checked);
        return format!(
            "| `{name}` ({}, count only) | {} |  |  |  |  | {split} |  |\n",
            case.arch,
            show(g)
        );
    }
    let (h, c) = (format!("hand_{name}"), format!("cute_{name}"));
    let is_checked = |k: &str| i.checked.iter().any(|c| c == k);
    let hc = cell(i.hand.get(&h), is_checked(&h), problems, &h);
    let cc = case
        .cute
        .then(|| cell(i.cute.get(&c), is_checked(&c), problems, &c));
    let (r1, r2) = (ratio(g, hc), cc.map(|cc| ratio(g, cc)).unwrap_or_default());
    for (r, twin) in [(&r1, "hand CUDA"), (&r2, "CuTe")] {
        if r.parse::<f64>().is_ok_and(|r| r > 1.0) {
            above.push(format!("{name} ({r} of {twin})"));
        }
    }
    let cute_cell = cc.map(show).unwrap_or_default();
    format!(
        "| `{name}` | {} | {} | {r1} | {cute_cell} | {r2} | {} | {} |\n",
        show(g),
        show(hc),
        split(rust, name, i.rust_checked),
        split(&i.hand, &h, is_checked(&h)),
    )
}
