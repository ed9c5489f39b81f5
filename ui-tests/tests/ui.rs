//! Every mistake a user can make with the macros, with the exact compiler output pinned in the
//! `.stderr` beside each case (pinned to this machine's stable toolchain; regenerate with
//! `TRYBUILD=overwrite cargo test -p fraglayout-ui-tests` and review the diff); and the forms
//! the macros accept, built and run.
//!
//! Two sets, two tests: trybuild checks a set with no passing case in one `cargo check` of all
//! its cases, and a set with one in a `cargo build` per case (152 of them took 10 s more). The
//! pass set is one program, `ui/pass/every_form.rs`, a module per form under `ui/pass/forms/`:
//! trybuild builds a pass case once to check it and again, with other flags, to run it.

use std::path::Path;
use std::sync::Once;

#[test]
fn ui_fail() {
    scratch_profile();
    trybuild::TestCases::new().compile_fail("ui/fail/*.rs");
}

#[test]
fn ui_pass() {
    scratch_profile();
    trybuild::TestCases::new().pass("ui/pass/*.rs");
}

/// trybuild builds the cases in a project of its own, `target/tests/trybuild/NAME`; three
/// settings for that project alone make a fresh run cheaper (docs/PERFORMANCE.md, "Building and
/// testing"), made once, before either set starts a build, so that neither sees them half made.
///
/// Cargo reads a config file in any parent of the directory it runs in, so one in
/// `target/tests/trybuild/.cargo` configures that project (the workspace keeps its own), with:
///
/// - debug information off: cargo's default dev profile writes it in full, and nothing here
///   reads it (a case's outcome is the compiler's messages, or the pass program's exit status);
/// - the workspace's target directory as its build directory (`build.build-dir`, where cargo
///   keeps what it compiles on the way): the proc macros' dependencies (syn, proc-macro2,
///   quote), which the workspace's `cargo test` has just built, are taken from there rather
///   than built again. Cargo lets go of that directory before it runs the tests. (`layout-core`
///   and the macro crates are built again all the same: trybuild names them by a path through
///   `ui-tests/..`, another package to cargo.) That takes the workspace's settings for them
///   (`Cargo.toml`): no debug assertions or overflow checks in the registry's crates; with any
///   other, the three are built again (3 s of CPU).
///
/// And one set of compiler flags: trybuild builds the dependencies with its flags, each case
/// with those and `--diagnostic-width=140`, and runs a pass case with the first again; a change
/// of flags builds every dependency again (`layout-core`, `fraglayout`), so each set built them
/// twice. `CARGO_ENCODED_RUSTFLAGS`, which cargo prefers to any configured flags, gives every
/// one of those builds the same flags, trybuild's and the width its `.stderr` files are
/// written at. Where the caller sets `RUSTFLAGS` or `CARGO_ENCODED_RUSTFLAGS` (a coverage run,
/// which trybuild passes on), trybuild's own flags stay.
fn scratch_profile() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // `CARGO_TARGET_TMPDIR` is `tmp` in the target directory trybuild builds under.
        let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .parent()
            .expect("the target directory");
        let dir = target.join("tests").join("trybuild").join(".cargo");
        let config = format!(
            "# Written by ui-tests/tests/ui.rs for trybuild's projects.\n\
             [profile.dev]\ndebug = 0\n\n\
             [profile.dev.package.\"*\"]\ndebug-assertions = false\noverflow-checks = false\n\n\
             [build]\nbuild-dir = {:?}\n",
            target.display().to_string()
        );
        let path = dir.join("config.toml");
        if !std::fs::read_to_string(&path).is_ok_and(|t| t == config) {
            std::fs::create_dir_all(&dir).expect("creating target/tests/trybuild/.cargo");
            std::fs::write(&path, config).expect("writing trybuild's cargo config");
        }
        let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
        if !set("RUSTFLAGS") && !set("CARGO_ENCODED_RUSTFLAGS") {
            let flags = [
                "--cfg",
                "trybuild",
                "--verbose",
                "-A",
                "dead_code",
                "--diagnostic-width=140",
            ];
            std::env::set_var("CARGO_ENCODED_RUSTFLAGS", flags.join("\x1f"));
        }
    });
}
