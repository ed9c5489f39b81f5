//! What a GPU backend would be handed, checked without one: the optimized LLVM IR of the
//! generated `wgmma m64n256` scatter and gather (128 elements a thread, `fl_call_*128*` in
//! `calls.rs`) holds one bounds check for the thread's whole footprint when the row stride is a
//! constant, and at most one per distinct row a thread touches, 2, when it is known only at run
//! time; not one per element or pair. The IR is
//! target-independent up to the point where a backend takes over, so this holds for any target
//! the same optimizer feeds.
//!
//! A bounds check is a call of one of core's slice-index panics. As a control, the same scatter
//! with `unpaired` (one index per element) must show many, so the count cannot pass by reading
//! nothing. Needs optimized code and a build of this crate with `--emit=llvm-ir` (about 20 s),
//! so it is ignored by `cargo test`; run it with
//!
//! ```text
//! cargo test --release -p fraglayout-benches --test perf -- ir:: --ignored --nocapture
//! ```

use std::path::PathBuf;
use std::process::Command;

/// Core's panics for an index or range outside a slice.
const BOUNDS_PANICS: [&str; 5] = [
    "panic_bounds_check",
    "slice_index_fail",
    "slice_end_index_len_fail",
    "slice_start_index_len_fail",
    "slice_index_order_fail",
];

/// The optimized IR of this crate's library.
fn library_ir() -> String {
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fl-ir");
    let out = Command::new(env!("CARGO"))
        .args([
            "rustc",
            "--release",
            "--offline",
            "-p",
            "fraglayout-benches",
            "--lib",
        ])
        .arg("--target-dir")
        .arg(&target)
        .args(["--", "--emit=llvm-ir"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let deps = target.join("release/deps");
    let ll = std::fs::read_dir(&deps)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "ll")
                && p.file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with("fraglayout_benches-")
        })
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok())
        .expect("an .ll file");
    std::fs::read_to_string(ll).unwrap()
}

/// Calls of a bounds panic in the definition of `symbol`.
fn bounds_checks(ir: &str, symbol: &str) -> usize {
    let head = format!("@{symbol}(");
    let body: Vec<&str> = ir
        .lines()
        .skip_while(|l| !(l.starts_with("define") && l.contains(&head)))
        .take_while(|l| *l != "}")
        .collect();
    assert!(!body.is_empty(), "no definition of {symbol}");
    body.iter()
        .filter(|l| !l.trim_start().starts_with(';'))
        .filter(|l| l.contains("call ") && BOUNDS_PANICS.iter().any(|p| l.contains(p)))
        .count()
}

#[test]
#[ignore = "builds the crate's IR (--release): see the module docs"]
fn one_bounds_check_per_footprint_or_row_in_the_128_element_epilogues() {
    if cfg!(debug_assertions) {
        panic!("the IR is only meaningful optimized: run with --release");
    }
    let ir = library_ir();
    // (symbol, most bounds checks): the footprint's one, or one per row.
    for (symbol, most) in [
        ("fl_call_scatter128_generated", 1),
        ("fl_call_scatter128_ld_generated", 2),
        ("fl_call_gather128_generated", 1),
        ("fl_call_gather128_ld_generated", 2),
    ] {
        let n = bounds_checks(&ir, symbol);
        println!("{symbol}: {n} bounds checks");
        assert!(n <= most, "{symbol}: {n} bounds checks, more than {most}");
    }
    let control = bounds_checks(&ir, "fl_call_scatter128_ld_unpaired");
    println!("fl_call_scatter128_ld_unpaired (control): {control} bounds checks");
    assert!(
        control >= 64,
        "the control shows {control} bounds checks: is the count reading the IR?"
    );
}
