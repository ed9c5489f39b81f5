//! `fraglayout list`: every catalog layout by name, with its PTX instructions.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::{ArgMatches, Command};
use layout_core::catalog::CATALOG;

use crate::emit;

/// The command's arguments and help.
pub fn cli() -> Command {
    Command::new("list").about("every layout by name, with its PTX instructions")
}

/// `list`.
pub fn run(_: &ArgMatches) -> ExitCode {
    emit(&list(), ExitCode::SUCCESS)
}

/// One paragraph per layout: name, operand, type, shape, threads x elements, arch; then its
/// instructions, indented.
pub fn list() -> String {
    let mut out = String::new();
    for e in CATALOG {
        let n = e.numeral;
        let _ = writeln!(
            out,
            "{}  ({} {}, {} x {}, {} threads x {} elements, {})",
            e.name(),
            e.operand.name(),
            e.element_type,
            n.rows,
            n.cols,
            n.threads(),
            n.elements,
            e.arch
        );
        for i in e.instructions {
            let _ = writeln!(out, "    {i}");
        }
    }
    out
}
