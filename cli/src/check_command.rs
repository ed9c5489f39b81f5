//! `fraglayout check NUMERAL`: the command line of [`crate::check`], kept apart from it so
//! that the fuzzer (`tests/fuzz`) compiles `check.rs` alone.

use std::process::ExitCode;

use clap::{Arg, ArgMatches, Command};

use crate::check::check;

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
        .arg(
            Arg::new("numeral")
                .value_name("NUMERAL")
                .required(true)
                .help("the numeral, as one argument: put it in quotes"),
        )
}

/// `check NUMERAL`: exit 0 when the numeral is valid, 1 when not.
pub fn run(m: &ArgMatches) -> ExitCode {
    let report = check(m.get_one::<String>("numeral").expect("required"));
    eprint!("{}", report.errors);
    let code = if report.valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    crate::emit(&report.out, code)
}
