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

/// trybuild builds the cases in a project of its own, `target/tests/trybuild/NAME`, under
/// cargo's default dev profile: full debug information, which nothing here reads (a case's
/// outcome is the compiler's messages, or the pass program's exit status). Cargo reads a config
/// file in any parent of the directory it runs in, so one in `target/tests/trybuild/.cargo`
/// turns debug information off for that project alone (the workspace keeps its own profile):
/// 3 to 6 s less CPU, 2 to 6 s less wall time, in a fresh `cargo test` (docs/PERFORMANCE.md,
/// "Building and testing"). Written once, before either set starts a build, so that neither
/// sees the file half written.
fn scratch_profile() {
    static WRITE: Once = Once::new();
    WRITE.call_once(|| {
        // `CARGO_TARGET_TMPDIR` is `tmp` in the target directory trybuild builds under.
        let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .parent()
            .expect("the target directory");
        let dir = target.join("tests").join("trybuild").join(".cargo");
        let config = "# Written by ui-tests/tests/ui.rs: trybuild's projects build without debug information.\n[profile.dev]\ndebug = 0\n";
        let path = dir.join("config.toml");
        if std::fs::read_to_string(&path).is_ok_and(|t| t == config) {
            return;
        }
        std::fs::create_dir_all(&dir).expect("creating target/tests/trybuild/.cargo");
        std::fs::write(&path, config).expect("writing trybuild's cargo config");
    });
}
