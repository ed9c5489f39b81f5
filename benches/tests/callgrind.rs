//! Instruction counts from callgrind: the generated code needs no more instructions than the
//! hand-written seed style, and fewer than the run-time numeral, the lookup table and the
//! generated code without pairing (`unpaired`); `unpaired` too needs no more than the seed
//! style.
//!
//! Needs valgrind and optimized code, so it is ignored by `cargo test`; run it with
//!
//! ```text
//! cargo test --release -p fraglayout-benches --test perf -- callgrind:: --ignored --nocapture
//! ```
//!
//! It runs `fl-count KIND VERSION` under `valgrind --tool=callgrind
//! --toggle-collect=fl_KIND_VERSION`, so only the instructions of that one function (the whole
//! 64 x 4096 region, 262144 elements) are counted, and prints the table in
//! docs/PERFORMANCE.md.

use fraglayout_benches::{Version, REGION_ELEMENTS};
use std::path::PathBuf;
use std::process::Command;

/// Instructions (`Ir`) that `fl_{kind}_{version}` executes over the region.
fn instructions(kind: &str, version: Version) -> u64 {
    let symbol = format!("fl_{kind}_{}", version.name());
    let out: PathBuf = std::env::temp_dir().join(format!(
        "fraglayout-callgrind-{}-{symbol}.out",
        std::process::id()
    ));
    let status = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg(format!("--toggle-collect={symbol}"))
        .arg(env!("CARGO_BIN_EXE_fl-count"))
        .args([kind, version.name()])
        .output()
        .expect("valgrind runs (apt-get install valgrind)");
    assert!(
        status.status.success(),
        "valgrind failed: {}",
        String::from_utf8_lossy(&status.stderr)
    );
    let text = std::fs::read_to_string(&out).expect("callgrind wrote its output file");
    let _ = std::fs::remove_file(&out);
    let totals = text
        .lines()
        .find_map(|l| {
            l.strip_prefix("totals:")
                .or_else(|| l.strip_prefix("summary:"))
        })
        .expect("callgrind output has a totals line");
    let ir: u64 = totals
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .expect("totals starts with the Ir count");
    assert!(
        ir > 0,
        "{symbol} was never entered: is it inlined or renamed?"
    );
    ir
}

#[test]
#[ignore = "needs valgrind and --release: see the module docs"]
fn generated_needs_fewest_instructions() {
    if cfg!(debug_assertions) {
        panic!("instruction counts are only meaningful optimized: run with --release");
    }
    for kind in ["scatter", "gather"] {
        let counts: Vec<(Version, u64)> = Version::ALL
            .into_iter()
            .map(|v| (v, instructions(kind, v)))
            .collect();
        println!("{kind}, 64 x 4096 region ({REGION_ELEMENTS} elements):");
        let mut table = String::from("| version | instructions | per element |\n|---|---:|---:|\n");
        for &(v, ir) in &counts {
            table += &format!(
                "| {} | {ir} | {:.2} |\n",
                v.name(),
                ir as f64 / REGION_ELEMENTS as f64
            );
        }
        crate::doc_tables::publish(&format!("region-{kind}"), &table);
        let ir = |v: Version| counts.iter().find(|c| c.0 == v).unwrap().1;
        let generated = ir(Version::Generated);
        for v in [Version::Generated, Version::Unpaired] {
            assert!(
                ir(v) <= ir(Version::Seed),
                "{kind}: {} {} > seed {}",
                v.name(),
                ir(v),
                ir(Version::Seed)
            );
        }
        for v in [Version::Unpaired, Version::Runtime, Version::Lut] {
            assert!(
                generated < ir(v),
                "{kind}: generated {generated} >= {} {}",
                v.name(),
                ir(v)
            );
        }
    }
}

/// Calls of each per-call case (`calls.rs`): the thread cycles over every thread this many
/// times, so each thread's path counts alike.
const CALL_ROUNDS: u32 = 8;

/// Instructions per call of `fl_call_{case}_{version}`.
fn per_call(case: &str, version: &str, threads: u32) -> f64 {
    let symbol = fraglayout_benches::calls::symbol(case, version);
    let calls = CALL_ROUNDS * threads;
    let out: PathBuf = std::env::temp_dir().join(format!(
        "fraglayout-callgrind-{}-{symbol}.out",
        std::process::id()
    ));
    let status = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg(format!("--toggle-collect={symbol}"))
        .arg(env!("CARGO_BIN_EXE_fl-calls"))
        .args([case, version, &calls.to_string()])
        .output()
        .expect("valgrind runs (apt-get install valgrind)");
    assert!(status.status.success(), "valgrind failed");
    let text = std::fs::read_to_string(&out).expect("callgrind wrote its output file");
    let _ = std::fs::remove_file(&out);
    let ir: u64 = text
        .lines()
        .find_map(|l| {
            l.strip_prefix("totals:")
                .or_else(|| l.strip_prefix("summary:"))
        })
        .and_then(|t| t.split_whitespace().next()?.parse().ok())
        .expect("a totals line");
    assert!(ir > 0, "{symbol} was never entered");
    ir as f64 / calls as f64
}

/// One call, generated against skilled hand-written code, side by side in one run: the table
/// "One call" of docs/PERFORMANCE.md. Two pairs a case: an integer thread index, which the
/// generated code and the skilled twin both check (`generated` / `skilled`), and a thread index
/// whose type carries its range (`Lane`, `Thread<128>`), against the skilled twin that checks
/// nothing (`typed` / `unchecked`); and the skilled code without bounds checks (`floor`,
/// unsafe), where there is one. Generated code is at or below its twin in every row.
#[test]
#[ignore = "needs valgrind and --release: see the module docs"]
fn one_call_against_skilled_hand_written_code() {
    if cfg!(debug_assertions) {
        panic!("instruction counts are only meaningful optimized: run with --release");
    }
    let mut table = String::from(
        "| case | generated | skilled | ratio | typed | unchecked | ratio | floor |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let mut over = Vec::new();
    for case in fraglayout_benches::calls::cases() {
        let count = |v: &str| {
            case.versions
                .iter()
                .any(|x| x.0 == v)
                .then(|| per_call(case.name, v, case.threads))
        };
        let [g, s, t, u] = ["generated", "skilled", "typed", "unchecked"]
            .map(|v| count(v).unwrap_or_else(|| panic!("{}: no {v} version", case.name)));
        let floor = count("floor").map_or(String::new(), |f| format!("{f:.1}"));
        table += &format!(
            "| {} | {g:.1} | {s:.1} | {:.2} | {t:.1} | {u:.1} | {:.2} | {floor} |\n",
            case.name,
            g / s,
            t / u
        );
        for (pair, mine, twin) in [("integer", g, s), ("typed", t, u)] {
            if mine > twin {
                over.push(format!("{} ({pair}): {mine} > {twin}", case.name));
            }
        }
    }
    crate::doc_tables::publish("one-call", &table);
    assert!(over.is_empty(), "generated above its twin: {over:?}");
}
