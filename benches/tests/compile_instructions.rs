//! Compile cost in the compiler's instructions: the crates of `compile_time` (50 epilogues
//! written the README's way, their hand-written twin, and the empty crate), each built once in
//! each mode with `rustc` under callgrind, counting every instruction it executes: parsing, the
//! macro's own work, type and borrow checking, constant evaluation, code generation. A
//! version's cost is its count minus the empty crate's. Counts do not move with the machine's
//! speed or load, so the target itself is asserted: generated over twin at most [`TARGET`] in
//! every mode. What the count leaves out is what the processor-time table of `compile_time`
//! keeps (the kernel's work, loading the macro's library, cache misses). Run it with
//!
//! ```text
//! cargo test --release -p fraglayout-benches --test perf -- compile_instructions:: --ignored --nocapture
//! ```
//!
//! It needs valgrind; each mode takes a minute or two.

#![cfg(all(target_os = "linux", target_pointer_width = "64"))]

use super::compile_time::{cargo_with, variant_crates, Mode};
use fraglayout_benches::epilogue_crate::crate_epilogues;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The most the generated crate's count may be, over the twin's, in any mode (issue 27).
const TARGET: f64 = 1.3;

/// A `RUSTC_WRAPPER` that runs the compiler under callgrind for the `fl-ct-*` crates (writing
/// the count where `FL_CT_CALLGRIND` says) and as it is for their dependencies.
const WRAPPER: &str = r#"#!/bin/sh
case " $* " in
  *" --crate-name fl_ct_"*)
    exec valgrind -q --tool=callgrind --callgrind-out-file="$FL_CT_CALLGRIND" "$@" ;;
esac
exec "$@"
"#;

/// Writes [`WRAPPER`] into `dir`, executable; its path.
fn wrapper(dir: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("fl-ct-callgrind.sh");
    std::fs::write(&path, WRAPPER).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// The instructions the compiler executed building `source` as the crate in `dir` in `mode`.
fn count(dir: &Path, target: &Path, wrapper: &Path, source: &str, mode: Mode) -> u64 {
    std::fs::write(dir.join("src/lib.rs"), source).unwrap();
    let out = dir.join(format!("callgrind.{}.out", mode.name()));
    let _ = std::fs::remove_file(&out);
    let envs: [(&str, &OsStr); 2] = [
        ("RUSTC_WRAPPER", wrapper.as_os_str()),
        ("FL_CT_CALLGRIND", out.as_os_str()),
    ];
    cargo_with(dir, target, mode.args(), &envs);
    let text = std::fs::read_to_string(&out).unwrap_or_else(|e| {
        panic!(
            "{}: no callgrind output ({e}): was it rebuilt?",
            dir.display()
        )
    });
    text.lines()
        .find_map(|l| {
            l.strip_prefix("totals:")
                .or_else(|| l.strip_prefix("summary:"))
        })
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("{}: no total in callgrind's output", out.display()))
}

/// Millions, one decimal.
fn millions(n: f64) -> String {
    format!("{:.0} M", n / 1e6)
}

/// Builds `crates` (empty, twin, generated: each a crate directory under `tmp` and its source)
/// under callgrind in every mode: the table of the twin's and the generated crate's counts (the
/// empty crate's taken off) and their ratio, and the modes whose ratio is over `most`.
pub(crate) fn table_against_twin(
    tmp: &Path,
    crates: &[(PathBuf, String)],
    most: f64,
) -> (String, Vec<String>) {
    let target = tmp.join("target");
    let wrapper = wrapper(tmp);
    let mut table =
        String::from("| mode | twin | generated | generated / twin |\n|---|---:|---:|---:|\n");
    let mut over = Vec::new();
    for mode in Mode::ALL {
        let counts: Vec<f64> = crates
            .iter()
            .map(|(dir, source)| count(dir, &target, &wrapper, source, mode) as f64)
            .collect();
        let (twin, generated) = (counts[1] - counts[0], counts[2] - counts[0]);
        let ratio = generated / twin;
        table += &format!(
            "| `{}` | {} | {} | **{ratio:.2}** |\n",
            mode.name(),
            millions(twin),
            millions(generated)
        );
        if ratio > most {
            over.push(format!("{}: {ratio:.2}", mode.name()));
        }
    }
    (table, over)
}

#[test]
#[ignore = "builds three crates under callgrind in three modes (minutes): see the module docs"]
fn fifty_epilogues_take_at_most_1_3_times_their_twins_compiler_instructions() {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("instructions");
    std::fs::create_dir_all(&tmp).unwrap();
    let crates = variant_crates(&tmp, &crate_epilogues());
    let (table, over) = table_against_twin(&tmp, &crates, TARGET);
    crate::doc_tables::publish("compile-instructions", &table);
    assert!(
        over.is_empty(),
        "the generated epilogues take more than {TARGET} times the compiler instructions of their hand-written twin: {}",
        over.join(", ")
    );
}
