//! Wall-clock compile time of 100 `#[fragment_layout]` epilogues on catalog numerals
//! (`catalog_epilogues(100)`), each called once from `call_all` so that it is compiled to
//! machine code, in a crate built in a temporary folder, against the same crate with no
//! epilogues. Build times depend on the machine and on what else runs on it, so this is
//! ignored by `cargo test` and its budget is a generous tripwire; the exact, guarded measure is
//! the generated token count (`tests/expansion_size.rs`). Run it with
//!
//! ```text
//! cargo test --release -p fraglayout-benches --test compile_time -- --ignored --nocapture
//! ```
//!
//! (`--release` only builds this test faster; the crate is built in both profiles.)

use fraglayout_benches::catalog_epilogues;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Budget for building the 100 epilogues, beyond the empty crate, in either profile: a
/// tripwire for an expansion that blows up, over 10 times the 1.2 to 1.7 s measured on a 2-core
/// machine (see docs/PERFORMANCE.md), so that a busy machine does not trip it.
const BUDGET: Duration = Duration::from_secs(20);

/// Writes `lib.rs` and builds the crate in `dir`; the seconds the build took.
fn build(dir: &Path, target: &Path, lib: &str, release: bool) -> Duration {
    std::fs::write(dir.join("src/lib.rs"), lib).unwrap();
    let mut cmd = Command::new(env!("CARGO"));
    cmd.current_dir(dir)
        .args(["build", "--offline", "--verbose"])
        .arg("--target-dir")
        .arg(target);
    if release {
        cmd.arg("--release");
    }
    let start = Instant::now();
    let out = cmd.output().expect("cargo runs");
    let took = start.elapsed();
    assert!(
        out.status.success(),
        "build failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("Compiling fl-compile-time"),
        "the crate was not rebuilt"
    );
    took
}

#[test]
#[ignore = "builds a crate (a minute or more): see the module docs"]
fn hundred_epilogues_build_within_budget() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let dir = tmp.join("fl-compile-time");
    let target = tmp.join("fl-compile-time-target");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"fl-compile-time\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [dependencies]\nlayout-core = {{ path = {:?} }}\nlayout-macros = {{ path = {:?} }}\nfraglayout = {{ path = {:?} }}\n\n[workspace]\n",
            root.join("layout-core").canonicalize().unwrap(),
            root.join("layout-macros").canonicalize().unwrap(),
            // Generated code names `::fraglayout`.
            root.join("fraglayout").canonicalize().unwrap(),
        ),
    )
    .unwrap();
    // The workspace's versions of syn and friends, already downloaded: builds offline.
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    let empty = "use layout_core as _;\nuse layout_macros as _;\n".to_string();
    let epilogues = catalog_epilogues(100);
    // Every epilogue called once, so that each is compiled to machine code too.
    let calls: String = epilogues
        .iter()
        .map(|e| format!("    {}\n", e.call))
        .collect();
    let full = epilogues
        .iter()
        .fold(empty.clone(), |s, e| s + "\n" + &e.source())
        + &format!("\npub fn call_all(lane: u32, buf: &mut [u32]) {{\n{calls}}}\n");
    for release in [false, true] {
        let profile = if release { "release" } else { "dev" };
        build(&dir, &target, &empty, release); // dependencies
        let base = build(
            &dir,
            &target,
            &format!("{empty}// {profile} baseline\n"),
            release,
        );
        let with = build(&dir, &target, &full, release);
        let cost = with.saturating_sub(base);
        println!(
            "{profile}: empty crate {:.2} s, with {} epilogues {:.2} s: {:.2} s for the epilogues, {:.1} ms each",
            base.as_secs_f64(),
            epilogues.len(),
            with.as_secs_f64(),
            cost.as_secs_f64(),
            cost.as_secs_f64() * 1000.0 / epilogues.len() as f64,
        );
        assert!(
            cost <= BUDGET,
            "{profile}: {cost:?} over the budget {BUDGET:?}"
        );
    }
}
