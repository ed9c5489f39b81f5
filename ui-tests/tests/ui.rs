//! Every mistake a user can make with the macros, with the exact compiler output pinned in the
//! `.stderr` beside each case (pinned to this machine's stable toolchain; regenerate with
//! `TRYBUILD=overwrite cargo test -p fraglayout-ui-tests` and review the diff).

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/fail/*.rs");
    t.pass("ui/pass/*.rs");
}
