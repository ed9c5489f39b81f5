//! What `#[fragment_layout]` costs the compiler, counted: the tokens it generates for the
//! epilogues of `catalog_epilogues` (a scatter and a gather on every separable catalog layout).
//! Token counts are exact and the same on every machine, unlike build times, so this is the
//! guarded budget; `tests/compile_time.rs` measures the seconds (see docs/PERFORMANCE.md).
//!
//! The expansion runs through `layout_codegen::fragment_layout`, exactly what the macro runs.

use fraglayout_benches::catalog_epilogues;
use proc_macro2::{TokenStream, TokenTree};

/// Budget: generated tokens per fragment element, for every epilogue. See docs/PERFORMANCE.md
/// for the measured values this was set from.
const TOKENS_PER_ELEMENT_BUDGET: f64 = 20.0;
/// Budget: generated tokens of an epilogue beyond the per-element part (the fixed prologue).
/// 300 since the macro writes these bodies on catalog layouts as straight-line code (no
/// closure, no tables: about 200 tokens a function, the most 6.6 an element beyond 300); the
/// closure and its tables took about 600 and 6 an element, which this budget no longer admits.
const FIXED_TOKENS_BUDGET: usize = 300;

/// Leaf tokens and groups, recursively.
fn count(ts: TokenStream) -> usize {
    ts.into_iter()
        .map(|t| match t {
            TokenTree::Group(g) => 1 + count(g.stream()),
            _ => 1,
        })
        .sum()
}

/// Tokens that `#[fragment_layout(args)] item` expands to.
fn expanded(args: &str, item: &str) -> usize {
    let args: TokenStream = args.parse().expect("arguments parse");
    let item: TokenStream = item.parse().expect("item parses");
    let out = layout_codegen::fragment_layout(args, item);
    let text = out.to_string();
    assert!(!text.contains("compile_error"), "expansion failed: {text}");
    count(out)
}

#[test]
fn generated_tokens_stay_within_budget() {
    let epilogues = catalog_epilogues(100);
    let mut worst: Option<(f64, String)> = None;
    let (mut total, mut elements) = (0usize, 0u64);
    let mut table = String::from(
        "| | epilogues | elements | tokens generated | per element | per epilogue |\n\
         |---|---:|---:|---:|---:|---:|\n",
    );
    for kind in [false, true] {
        let list: Vec<_> = epilogues.iter().filter(|e| e.gather == kind).collect();
        let tokens: Vec<usize> = list.iter().map(|e| expanded(&e.args, &e.item)).collect();
        let els: u64 = list.iter().map(|e| e.elements as u64).sum();
        let sum: usize = tokens.iter().sum();
        println!(
            "{}: {} epilogues, {} elements, {} tokens generated ({:.1} per element, {:.0} per epilogue)",
            if kind { "gather" } else { "scatter" },
            list.len(),
            els,
            sum,
            sum as f64 / els as f64,
            sum as f64 / list.len() as f64,
        );
        table += &format!(
            "| {} | {} | {els} | {sum} | {:.1} | {:.0} |\n",
            if kind { "gather" } else { "scatter" },
            list.len(),
            sum as f64 / els as f64,
            sum as f64 / list.len() as f64,
        );
        total += sum;
        elements += els;
        for (e, &t) in list.iter().zip(&tokens) {
            let per = t.saturating_sub(FIXED_TOKENS_BUDGET) as f64 / e.elements as f64;
            if worst.as_ref().is_none_or(|w| per > w.0) {
                worst = Some((
                    per,
                    format!("{} ({} elements, {t} tokens)", e.numeral, e.elements),
                ));
            }
        }
    }
    let input: usize = epilogues
        .iter()
        .map(|e| count(e.source().parse().unwrap()))
        .sum();
    println!(
        "all: {} epilogues, {elements} elements, {input} tokens written, {total} generated ({:.1} per element)",
        epilogues.len(),
        total as f64 / elements as f64
    );
    table += &format!(
        "| all | {} | {elements} | {total} | {:.1} | {:.0} |\n",
        epilogues.len(),
        total as f64 / elements as f64,
        total as f64 / epilogues.len() as f64,
    );
    crate::doc_tables::publish("tokens", &table);
    let (per, name) = worst.unwrap();
    println!("most per element beyond {FIXED_TOKENS_BUDGET} fixed: {per:.1}, {name}");
    assert!(
        per <= TOKENS_PER_ELEMENT_BUDGET,
        "{name}: {per:.1} generated tokens per element beyond {FIXED_TOKENS_BUDGET}, budget {TOKENS_PER_ELEMENT_BUDGET}"
    );
}
