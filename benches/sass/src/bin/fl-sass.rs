//! `.ci/sass-bench`'s checks and table.
//!
//! `fl-sass check DIR`: compares each CUDA kernel's host run (`DIR/hand_CASE[.LABEL].bin`,
//! `DIR/cute_CASE...`, written by `cuda/check.cpp`) with the reference; lists those that pass
//! in `DIR/checked.txt`; fails when any differs or is missing.
//!
//! `fl-sass table DIR [--rust-checked] [--require-parity] [--write-docs PAGE]`: counts each
//! kernel of `DIR/rust.sass`, `DIR/hand.sass`, `DIR/cute.sass` (and `DIR/rust_sm100a.sass`, the
//! `sm_100a` cases, counted only), prints the table, writes it into PAGE's `<!-- table:sass -->`
//! block; a kernel not checked gets no count, and then, or when a case is missing, it fails; with
//! `--require-parity`, also when a ratio is above 1.00.

use fraglayout_sass::count::{count, Count};
use fraglayout_sass::reference::{compare, runs, CASES};
use fraglayout_sass::table::{render, Inputs, Table};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("check") if args.len() == 2 => check(Path::new(&args[1])),
        Some("table") if args.len() >= 2 => table(Path::new(&args[1]), &args[2..]),
        _ => Err(
            "usage: fl-sass check DIR | fl-sass table DIR [--rust-checked] \
                  [--require-parity] [--write-docs PAGE]"
                .to_string(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn words(path: &Path) -> Result<Vec<u32>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

fn check(dir: &Path) -> Result<(), String> {
    let mut passed = Vec::new();
    let mut failed = Vec::new();
    for case in CASES.iter().filter(|c| c.arch == "sm_90a") {
        let variants: &[&str] = if case.cute {
            &["hand", "cute"]
        } else {
            &["hand"]
        };
        for variant in variants {
            let kernel = format!("{variant}_{}", case.name);
            let mut wrong = Vec::new();
            for run in runs(case) {
                let file = match run.label {
                    "" => format!("{kernel}.bin"),
                    label => format!("{kernel}.{label}.bin"),
                };
                match words(&dir.join(&file)) {
                    Ok(got) => {
                        wrong.extend(compare(&got, &run.expected).map(|d| format!("{file}: {d}")))
                    }
                    Err(e) => wrong.push(format!("no output: {e}")),
                }
            }
            if wrong.is_empty() {
                passed.push(kernel);
            } else {
                eprintln!("{kernel}: {}", wrong.join("; "));
                failed.push(kernel);
            }
        }
    }
    let list: String = passed.iter().map(|k| format!("{k}\n")).collect();
    std::fs::write(dir.join("checked.txt"), list).map_err(|e| e.to_string())?;
    println!(
        "CUDA kernels on the host, every thread: {} written as the reference",
        passed.len()
    );
    match failed.is_empty() {
        true => Ok(()),
        false => Err(format!(
            "{} CUDA kernels not as the reference (wrong cells or no output): {}",
            failed.len(),
            failed.join(", ")
        )),
    }
}

/// Counts of every kernel in `DIR/FILE`, by name (none if the file is absent).
fn listing(dir: &Path, file: &str) -> Result<BTreeMap<String, Count>, String> {
    let path = dir.join(file);
    if !path.exists() {
        return Ok(BTreeMap::new());
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(count(&text).into_iter().collect())
}

fn table(dir: &Path, flags: &[String]) -> Result<(), String> {
    let flag = |name: &str| flags.iter().any(|f| f == name);
    let checked = std::fs::read_to_string(dir.join("checked.txt")).unwrap_or_default();
    let inputs = Inputs {
        rust: listing(dir, "rust.sass")?,
        rust_sm100a: listing(dir, "rust_sm100a.sass")?,
        hand: listing(dir, "hand.sass")?,
        cute: listing(dir, "cute.sass")?,
        rust_checked: flag("--rust-checked"),
        checked: checked.lines().map(str::to_string).collect(),
    };
    let Table {
        text: out,
        problems,
        above,
    } = render(&inputs);
    print!("{out}");
    let docs = flags
        .iter()
        .position(|f| f == "--write-docs")
        .and_then(|i| flags.get(i + 1));
    if let Some(page) = docs {
        write_block(Path::new(page), "sass", &out)?;
        println!("written into {page}");
    }
    if !problems.is_empty() {
        return Err(problems.join("; "));
    }
    if flag("--require-parity") && !above.is_empty() {
        return Err(format!("above the hand-written code: {}", above.join(", ")));
    }
    Ok(())
}

/// Replaces the block between `<!-- table:NAME -->` and `<!-- /table:NAME -->` of `page`.
fn write_block(page: &Path, name: &str, table: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(page).map_err(|e| format!("{}: {e}", page.display()))?;
    let (open, close) = (
        format!("<!-- table:{name} -->\n"),
        format!("<!-- /table:{name} -->"),
    );
    let start = text.find(&open).map(|i| i + open.len());
    let end = text.find(&close);
    let (Some(start), Some(end)) = (start, end.filter(|&e| Some(e) >= start)) else {
        return Err(format!(
            "{} has no block `{open}...{close}`",
            page.display()
        ));
    };
    let new = format!("{}{table}{}", &text[..start], &text[end..]);
    std::fs::write(page, new).map_err(|e| format!("{}: {e}", page.display()))
}
