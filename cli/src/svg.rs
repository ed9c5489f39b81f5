//! `fraglayout svg LAYOUT [-o FILE]`: one layout as an SVG picture.

use std::process::ExitCode;

use clap::{ArgMatches, Command};
use layout_core::render;

use crate::banks::write_out;
use crate::layout::resolve;

/// The command's arguments and help.
pub fn cli() -> Command {
    Command::new("svg")
        .about("one layout as an SVG picture, to FILE or stdout")
        .after_help("In the picture, T is the thread and V the element.")
        .args([
            crate::layout_arg("layout", "LAYOUT").required(true),
            crate::file_arg("output", "the file to write (`-` or none: stdout)").short('o'),
        ])
}

/// `svg LAYOUT [-o FILE]`.
pub fn run(m: &ArgMatches) -> ExitCode {
    let text = m.get_one::<String>("layout").expect("required");
    let l = match resolve(text, "layout") {
        Ok(l) => l,
        Err(msg) => {
            eprint!("{msg}");
            return ExitCode::from(1);
        }
    };
    let mut picture = String::new();
    let _ = render::svg(&l.numeral(), &mut picture);
    write_out(
        m.get_one::<String>("output").map_or("-", String::as_str),
        &picture,
    )
}
