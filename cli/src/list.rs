//! `fraglayout list`: every catalog layout by name, with its PTX instructions.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::{ArgMatches, Command};
use layout_core::catalog::CATALOG;

use crate::emit;
use crate::json_out::{self, J};

/// The command's arguments and help.
pub fn cli() -> Command {
    Command::new("list")
        .about("every layout by name, with its PTX instructions")
        .arg(json_out::flag())
}

/// `list [--json]`.
pub fn run(m: &ArgMatches) -> ExitCode {
    if json_out::wanted(m) {
        return emit(&json().text(), ExitCode::SUCCESS);
    }
    emit(
        &format!(
            "{}{}{}",
            list(),
            crate::tmem::list(),
            crate::tmem_sf::list()
        ),
        ExitCode::SUCCESS,
    )
}

/// The catalog as a JSON array: each layout's name, operand, element type and bits, shape,
/// arch and instructions.
fn json() -> J {
    J::Arr(
        CATALOG
            .iter()
            .map(|e| {
                let n = e.numeral;
                J::Obj(vec![
                    ("name", J::s(e.name())),
                    ("operand", J::s(e.operand.name())),
                    ("element_type", J::s(e.element_type)),
                    ("element_bits", J::Num(e.element_bits.into())),
                    ("rows", J::Num(n.rows.into())),
                    ("cols", J::Num(n.cols.into())),
                    ("threads", J::Num(n.threads().into())),
                    ("elements_per_thread", J::Num(n.elements.into())),
                    ("arch", J::s(e.arch)),
                    (
                        "instructions",
                        J::Arr(e.instructions.iter().map(|i| J::s(*i)).collect()),
                    ),
                ])
            })
            .collect(),
    )
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
