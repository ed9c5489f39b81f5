//! `fraglayout check NUMERAL`: the command line of [`crate::check`], kept apart from it so
//! that the fuzzer (`tests/fuzz`) compiles `check.rs` alone.

use std::process::ExitCode;

use clap::{Arg, ArgMatches, Command};

use crate::check::check;
use crate::json_out::{self, J};

/// The command's arguments and help.
pub fn cli() -> Command {
    Command::new("check")
        .about("check a numeral written as in numeral!, then draw its digit table and grid")
        .after_help(crate::wrapped(
            "The numeral with or without its leading `NAME:`, in quotes, e.g.\n    \
             fraglayout check '16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2,\n                        \
             lane / 4 => 8, e / 2 => 64 }'\n\
             Errors (stderr) are numeral!'s own messages with a caret under the offending part; \
             then the digit table and the text grid (stdout), collisions and gaps marked."))
        .args([
            Arg::new("numeral")
                .value_name("NUMERAL")
                .required(true)
                .help("the numeral, as one argument: put it in quotes"),
            json_out::flag(),
        ])
}

/// `check NUMERAL`: exit 0 when the numeral is valid, 1 when not.
pub fn run(m: &ArgMatches) -> ExitCode {
    let text = m.get_one::<String>("numeral").expect("required");
    let report = check(text);
    if json_out::wanted(m) {
        let layout = match (report.valid, crate::check::read(text, "numeral")) {
            (true, Ok(n)) => {
                let n = n.as_numeral();
                J::Obj(vec![
                    ("shape", json_out::shape(&n)),
                    ("digits", J::Raw(format!("[{}]", crate::json::digits(&n)))),
                ])
            }
            _ => J::Null,
        };
        let answer = J::Obj(vec![
            ("valid", J::Bool(report.valid)),
            ("errors", J::s(report.errors)),
            ("layout", layout),
        ]);
        let code = ExitCode::from(u8::from(!report.valid));
        return crate::emit(&answer.text(), code);
    }
    eprint!("{}", report.errors);
    let code = if report.valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    crate::emit(&report.out, code)
}
