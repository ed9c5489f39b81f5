//! `fraglayout`: the catalog's fragment layouts from the command line: list them, show and
//! draw them, dump them as JSON, show the code `#[fragment_layout]` generates for them, check a
//! numeral typed on the command line, and plan a conversion between two layouts.
//!
//! Exit codes: 0 success, 1 unknown layout name, invalid numeral, unwritable file or
//! impossible conversion, 2 usage error.
//!
//! The commands are this library, [`main`] their entry; the `fraglayout` binary
//! (`src/main.rs`) calls it. A library, so that the tests in `tests/` link the commands as
//! built once (a unit-test build would compile them all again).

mod banks;
mod check;
mod check_command;
mod convert;
mod expand;
mod forms;
mod json;
mod json_out;
mod layout;
mod list;
mod matrices;
mod path;
mod scales;
mod show;
mod smem;
mod suggest;
mod svg;
mod tile_args;
mod tmem;
mod tmem_sf;

use std::io::Write as _;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Arg, Command};

/// What the top-level help says after the commands: how layouts are named, the grid's cells,
/// the exit codes ([`wrapped`] fills its paragraphs).
const AFTER_HELP: &str = "\
LAYOUT, wherever a command takes one, is a catalog name as `list` prints it (e.g.
SM80_16x8x16_F32_C; docs/CATALOG.md lists them by instruction), an example layout as
`convert --examples` lists them, NAME:RxC for R x C copies of a layout
(SM80_16x8x16_F32_C:1x2: two accumulators side by side; 'NAME[RxC]' too, in quotes, as the
shell reads brackets as a file pattern), or a numeral in quotes as `check` takes it.
tcgen05.mma's layouts in tensor memory take N in the name (SM100_TMEM_ACC_D_N64; `list` ends
with the forms), its scale factors MN (SM100_TMEM_SF_4x1_MN128), and ACC/LOAD is the
warpgroup's fragment after a tcgen05.ld shape. `fraglayout help COMMAND` (or `COMMAND
--help`) says more about each command.

grid cells are T{thread}:{element}; in the pictures, T is the thread and V the element.

exit codes:
    0    success; for `check`, the numeral is valid
    1    unknown layout name; for `check`, the numeral is not valid; for `svg`, FILE cannot \
         be written; for `convert`, no conversion within a warp exists (the message says \
         why) or FILE cannot be written; for `banks` and `smem`, an unsound layout, an \
         access that cannot be made on it, or a FILE that cannot be written; for \
         `scales`, a tile without rows or K-blocks, or a scale factor outside it
    2    usage error";

/// The whole command line: every command with its arguments and help.
pub fn cli() -> Command {
    Command::new("fraglayout")
        .version(env!("CARGO_PKG_VERSION"))
        .about(
            "tensor-core fragment layouts (mma.sync, mma.sp, ldmatrix/stmatrix, wgmma) from the \
             PTX ISA",
        )
        .subcommand_required(true)
        .after_help(wrapped(AFTER_HELP))
        .subcommands([
            list::cli(),
            show::cli(),
            svg::cli(),
            expand::cli(),
            check_command::cli(),
            convert::cli(),
            banks::cli(),
            smem::cli(),
            scales::cli(),
            path::cli(),
            json::cli(),
            completions(),
        ])
}

/// `completions SHELL`.
fn completions() -> Command {
    Command::new("completions")
        .about("a completion script for SHELL, to stdout (bash: `source <(fraglayout completions bash)`)")
        .arg(
            Arg::new("shell")
                .value_name("SHELL")
                .required(true)
                .value_parser(clap::value_parser!(clap_complete::Shell)),
        )
}

/// The `fraglayout` command: reads the process's arguments, prints, and returns the exit
/// status (see the crate docs).
pub fn main() -> ExitCode {
    let matches = match cli().try_get_matches() {
        Ok(m) => m,
        Err(e) if !e.use_stderr() => {
            // Help and version, to stdout, wrapped.
            let text = wrap_help(&e.render().to_string(), help_width());
            return emit(&text, ExitCode::SUCCESS);
        }
        Err(e) => {
            // A usage error, with the words it quotes shortened (clap quotes them whole).
            eprint!("{}", shorten_words(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    let Some((name, m)) = matches.subcommand() else {
        unreachable!("clap requires a command")
    };
    match name {
        "list" => list::run(m),
        "show" => show::run(m),
        "svg" => svg::run(m),
        "expand" => expand::run(m),
        "check" => check_command::run(m),
        "convert" => convert::run(m),
        "banks" => banks::run(m),
        "smem" => smem::run(m),
        "scales" => scales::run(m),
        "path" => path::run(m),
        "json" => json::run(m),
        "completions" => {
            let shell = *m
                .get_one::<clap_complete::Shell>("shell")
                .expect("required");
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut cli(), "fraglayout", &mut script);
            emit(&String::from_utf8_lossy(&script), ExitCode::SUCCESS)
        }
        _ => unreachable!("clap knows the commands"),
    }
}

/// `text` with each word (a run without white space) longer than [`suggest::shortened`] keeps
/// shortened: a message quoting a 100 KB argument stays short.
fn shorten_words(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4096));
    let mut word = String::new();
    for c in text.chars().chain(std::iter::once('\n')) {
        if c.is_whitespace() {
            out.push_str(&suggest::shortened(&word));
            word.clear();
            out.push(c);
        } else {
            word.push(c);
        }
    }
    out.pop();
    out
}

/// Writes `text` to stdout and returns `code`. A reader that stops early (`fraglayout json --all
/// | head`) ends the output quietly; any other write error is reported, exit 1.
pub(crate) fn emit(text: &str, code: ExitCode) -> ExitCode {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => code,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => code,
        Err(err) => {
            eprintln!("error: cannot write to stdout: {err}");
            ExitCode::from(1)
        }
    }
}

/// A usage error of command `sub` found after parsing: `error: MSG`, the command's usage line
/// and where its help is, on stderr; exit 2.
pub(crate) fn usage(sub: &str, msg: &str) -> ExitCode {
    let mut top = cli();
    let cmd = top
        .find_subcommand_mut(sub)
        .expect("a command of the command line");
    let mut cmd = cmd.clone().bin_name(format!("fraglayout {sub}"));
    let _ = cmd.error(ErrorKind::ValueValidation, msg).print();
    ExitCode::from(2)
}

/// The widest line of a help page: 100 columns, or `$COLUMNS` when narrower (40 at least).
/// clap's own wrapping would need a terminal-size dependency; help is wrapped here instead.
fn help_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .map_or(100, |c| c.clamp(40, 100))
}

/// A help page as clap renders it (unwrapped) with each line longer than `width` broken at
/// spaces; a continuation line starts where the line's text does (after the column of option
/// or command names, else at its indent), or 4 columns in where that is past half the width.
fn wrap_help(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for line in text.split_inclusive('\n') {
        let body = line.strip_suffix('\n').unwrap_or(line);
        if body.chars().count() <= width {
            out.push_str(line);
            continue;
        }
        let indent = body.len() - body.trim_start_matches(' ').len();
        let start = text_column(body, indent);
        let hang = if start <= width / 2 {
            start
        } else {
            (indent + 4).min(width / 2)
        };
        let (head, rest) = body.split_at(start);
        out.push_str(head);
        let mut col = head.chars().count();
        // Whether the current line has no word yet after its head or indent.
        let mut bare = true;
        for word in rest.split_whitespace() {
            let len = word.chars().count();
            let sep = usize::from(!bare);
            if col + sep + len > width && (!bare || col > hang) {
                out.push('\n');
                out.push_str(&" ".repeat(hang));
                col = hang;
            } else if !bare {
                out.push(' ');
                col += 1;
            }
            out.push_str(word);
            col += len;
            bare = false;
        }
        out.push_str(&line[body.len()..]);
    }
    out
}

/// Where the text of a help line starts: on an indented line whose name column (an option,
/// a command, an exit code) is followed by two spaces or more, past them; else at `indent`.
fn text_column(line: &str, indent: usize) -> usize {
    if indent == 0 {
        return 0;
    }
    let bytes = line.as_bytes();
    (indent + 1..bytes.len())
        .find(|&i| bytes[i] != b' ' && bytes[i - 1] == b' ' && bytes[i - 2] == b' ')
        .unwrap_or(indent)
}

/// `text` filled to the help width for a help page: each paragraph (lines apart by a blank
/// one) filled, a line that starts with a space kept as it is.
pub(crate) fn wrapped(text: &str) -> String {
    let fill = help_width();
    let mut out = String::new();
    for (i, para) in text.split("\n\n").enumerate() {
        if i > 0 {
            out.push_str("\n\n");
        }
        // The current line's width; `None` before the paragraph's first word.
        let mut width: Option<usize> = None;
        for line in para.lines() {
            if line.starts_with(' ') {
                if width.is_some() {
                    out.push('\n');
                }
                out.push_str(line);
                width = Some(usize::MAX);
                continue;
            }
            for word in line.split_whitespace() {
                match width {
                    None => width = Some(0),
                    Some(w) if w == usize::MAX || w + 1 + word.len() > fill => {
                        out.push('\n');
                        width = Some(0);
                    }
                    Some(w) => {
                        out.push(' ');
                        width = Some(w + 1);
                    }
                }
                out.push_str(word);
                width = width.map(|w| w + word.len());
            }
        }
    }
    out
}

/// A positional layout argument, as every command names one (see [`AFTER_HELP`]).
pub(crate) fn layout_arg(id: &'static str, name: &'static str) -> Arg {
    Arg::new(id)
        .value_name(name)
        .help("a catalog or example name, NAME:RxC (or 'NAME[RxC]'), or a numeral in quotes")
}

/// An option taking a file name, `-` for stdout. A value that looks like an option
/// (`--svg --col-major`) is refused, not taken as the file.
pub(crate) fn file_arg(id: &'static str, help: &'static str) -> Arg {
    Arg::new(id)
        .long(id)
        .value_name("FILE")
        .value_parser(|v: &str| {
            if v.starts_with('-') && v != "-" {
                Err(format!(
                    "`{}` looks like an option, not a file name: name the file (`./{}` for a file \
                     of that name)",
                    suggest::shortened(v),
                    suggest::shortened(v)
                ))
            } else {
                Ok(v.to_string())
            }
        })
        .help(help)
}

/// Runs `f` on the layout `text` names or writes out, and prints what it returns; exit 1 for
/// an unknown name or an invalid numeral, or when `f` fails.
pub(crate) fn with_layout(
    text: &str,
    f: impl FnOnce(layout::Layout) -> Result<String, String>,
) -> ExitCode {
    let l = match layout::resolve(text, "layout") {
        Ok(l) => l,
        Err(msg) => {
            eprint!("{msg}");
            return ExitCode::from(1);
        }
    };
    match f(l) {
        Ok(text) => emit(&text, ExitCode::SUCCESS),
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(1)
        }
    }
}
