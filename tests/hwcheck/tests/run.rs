//! Runs the `hwcheck` binary: on a machine without a GPU the run must skip visibly (and fail
//! when `REQUIRE_GPU=1`), the host-only self-test must pass, and `--emit-ptx` must write every
//! kernel.

use std::io::Write;
use std::process::{Command, Output};

fn hwcheck(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hwcheck"))
        .args(args)
        .output()
        .expect("running hwcheck")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Writes past the test harness's output capture, so a skip shows in a plain `cargo test`.
fn tell(msg: &str) {
    let _ = std::io::stderr().write_all(format!("\nhwcheck: {msg}\n").as_bytes());
}

#[test]
fn gpu_run_passes_or_skips_visibly() {
    let o = hwcheck(&[]);
    let out = text(&o);
    let required = std::env::var("REQUIRE_GPU").is_ok_and(|v| v == "1");
    match o.status.code() {
        Some(0) => tell("ran on the GPU, every instruction matched"),
        Some(77) | Some(78) => {
            assert!(out.contains("skipped:"), "a skip must say why, got:\n{out}");
            assert!(
                !required,
                "REQUIRE_GPU=1 but the hardware check skipped:\n{out}"
            );
            tell(&format!(
                "SKIPPED (exit {}): {}",
                o.status.code().unwrap(),
                out.trim()
            ));
        }
        other => panic!("hwcheck failed (exit {other:?}):\n{out}"),
    }
}

#[test]
fn host_only_self_test_passes() {
    let o = hwcheck(&["--host-only"]);
    let out = text(&o);
    assert!(o.status.success(), "host-only self-test failed:\n{out}");
    assert!(out.contains(" 0 failed"), "{out}");
    for family in [
        "mma.sync.",
        "ldmatrix.",
        "stmatrix.",
        "wgmma.",
        "partial 9x5 ok",
    ] {
        assert!(out.contains(family), "no {family} line:\n{out}");
    }
}

#[test]
fn emit_ptx_writes_one_file_per_kernel_named_by_target() {
    let dir = std::env::temp_dir().join(format!("hwcheck-ptx-{}", std::process::id()));
    let o = hwcheck(&["--emit-ptx", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(names.len() >= 70, "{} kernels", names.len());
    for n in &names {
        let target = n.split("__").next().unwrap();
        assert!(
            ["sm_75", "sm_80", "sm_89", "sm_90", "sm_90a"].contains(&target),
            "{n}"
        );
        assert_eq!(target == "sm_90a", n.contains("wgmma"), "{n}");
    }
}
