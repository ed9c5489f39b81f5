//! Every mistake a user can make with the macros, with the exact compiler output pinned in the
//! `.stderr` beside each case (pinned to this machine's stable toolchain; regenerate with
//! `TRYBUILD=overwrite cargo test -p fraglayout-ui-tests` and review the diff); and the forms
//! the macros accept, built and run.
//!
//! Two sets, two tests: trybuild checks a set with no passing case in one `cargo check` of all
//! its cases, and a set with one in a `cargo build` per case (152 of them took 10 s more). The
//! pass set is one program, `ui/pass/every_form.rs`, a module per form under `ui/pass/forms/`:
//! trybuild builds a pass case once to check it and again, with other flags, to run it.

#[test]
fn ui_fail() {
    trybuild::TestCases::new().compile_fail("ui/fail/*.rs");
}

#[test]
fn ui_pass() {
    trybuild::TestCases::new().pass("ui/pass/*.rs");
}
