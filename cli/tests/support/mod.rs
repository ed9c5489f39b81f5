//! What every test of the `fraglayout` binary needs: run it, read what it printed.
//! `main.rs` declares it once; each test file imports the helpers it uses from `crate::support`.

use std::process::{Command, Output};

/// The binary run with `args`, waited for; without `COLUMNS`, so that help is as wide as
/// it is by default.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fraglayout"))
        .args(args)
        .env_remove("COLUMNS")
        .output()
        .expect("run fraglayout")
}

/// `o`'s stdout as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// `o`'s stderr as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// The stdout of `args`, which must exit 0 (else the panic shows their stderr).
pub fn ok(args: &[&str]) -> String {
    let o = run(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
}
