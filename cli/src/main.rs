//! `fraglayout`: the catalog's fragment layouts from the command line: list them, show and
//! draw them, dump them as JSON, show the code `#[fragment_layout]` generates for them, and
//! check a numeral typed on the command line.
//!
//! Exit codes: 0 success, 1 unknown layout name, invalid numeral or unwritable file, 2 usage
//! error.

mod check;
mod expand;

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use layout_core::catalog::{Entry, CATALOG};
use layout_core::{render, Source};

const HELP: &str = "\
fraglayout: tensor-core fragment layouts (mma.sync, mma.sp, ldmatrix/stmatrix, wgmma) from the PTX ISA

usage:
    fraglayout list                  every layout by name, with its PTX instructions
    fraglayout show NAME             one layout: its instructions, digit table and text grid
    fraglayout svg NAME [-o FILE]    one layout as an SVG picture, written to FILE
                                     (`-o -` or no `-o`: to stdout)
    fraglayout expand NAME [--gather [--packed]] [--bounds]
                                     the Rust that #[fragment_layout(NAME)] generates for
                                     the store `|row, col, value| out[row * ld + col] = value`
                                     (--gather: the load `|row, col| src[row * ld + col]`;
                                     --packed: 16-bit elements two per u32 register;
                                     --bounds: for a partial tile of `rows` x `cols`),
                                     then, as comments, what its constants fold to
    fraglayout check 'NUMERAL'       check a numeral written as in numeral!, with or without
                                     its leading `NAME:`, e.g.
                                     '16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2,
                                                           lane / 4 => 8, e / 2 => 64 }'
                                     errors (stderr) are numeral!'s own messages with a caret
                                     under the offending part; then the digit table and the
                                     text grid (stdout), collisions and gaps marked
    fraglayout json NAME             one layout as a JSON object
    fraglayout json --all            every layout, as a JSON array of objects
    fraglayout --help                this text

NAME is a catalog name as `list` prints it, e.g. SM80_16x8x16_F32_C; docs/CATALOG.md lists
them by instruction.

grid cells are T{thread}:{element}; in the picture, T is the thread and V the element.

json fields: name, instructions, operand, element_type, element_bits, arch, ptx_section,
rows, cols, threads, elements_per_thread, digits [{source, divisor, range, place}],
table [thread][element] = [row, col]. Coordinates are in the PTX orientation of the operand
(A: M x K, B: K x N, C/D: M x N; for mma.sp and wgmma.mma_async.sp, A: M x K/2 non-zeros,
metadata: 16 x 16 or, for wgmma, 64 x 16 fields);
elements are in PTX element order.

exit codes:
    0    success; for `check`, the numeral is valid
    1    unknown layout name; for `check`, the numeral is not valid; for `svg`, FILE cannot
         be written
    2    usage error
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["--help"] | ["-h"] | ["help"] => emit(HELP, ExitCode::SUCCESS),
        [_, "--help" | "-h", ..] => emit(HELP, ExitCode::SUCCESS),
        ["list"] => emit(&list(), ExitCode::SUCCESS),
        ["json", "--all"] => {
            let objects: Vec<String> = CATALOG.iter().map(json).collect();
            emit(
                &format!("[\n{}\n]\n", objects.join(",\n")),
                ExitCode::SUCCESS,
            )
        }
        ["json", name] if !name.starts_with('-') => {
            with_entry(name, |e| Ok(format!("{}\n", json(e))))
        }
        ["show", name] if !name.starts_with('-') => with_entry(name, |e| Ok(show(e))),
        ["svg", rest @ ..] => svg_command(rest),
        ["expand", rest @ ..] => expand_command(rest),
        ["check", text] => {
            let report = check::check(text);
            eprint!("{}", report.errors);
            let code = if report.valid {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            };
            emit(&report.out, code)
        }
        [] => usage("no command given"),
        ["json"] => usage("`json` needs a layout name or `--all`"),
        ["show"] => usage("`show` needs a layout name"),
        ["check"] => usage("`check` needs a numeral, in quotes: fraglayout check '16 x 8 { ... }'"),
        ["check", ..] => usage("`check` takes the numeral as one argument: put it in quotes"),
        ["list", ..] | ["json", ..] | ["show", ..] => usage("too many or unknown arguments"),
        [cmd, ..] => usage(&format!("unknown command `{cmd}`")),
    }
}

/// Writes `text` to stdout and returns `code`. A reader that stops early (`fraglayout json --all
/// | head`) ends the output quietly; any other write error is reported, exit 1.
fn emit(text: &str, code: ExitCode) -> ExitCode {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => code,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => code,
        Err(err) => {
            eprintln!("error: cannot write to stdout: {err}");
            ExitCode::from(1)
        }
    }
}

fn usage(msg: &str) -> ExitCode {
    eprintln!("error: {msg}\n\n{HELP}");
    ExitCode::from(2)
}

/// Runs `f` on the catalog entry `name` and prints what it returns; exit 1 for an unknown
/// name or when `f` fails.
fn with_entry(name: &str, f: impl FnOnce(&Entry) -> Result<String, String>) -> ExitCode {
    let Some(e) = layout_core::catalog::find(name) else {
        eprintln!("error: {}", unknown(name));
        return ExitCode::from(1);
    };
    match f(e) {
        Ok(text) => emit(&text, ExitCode::SUCCESS),
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(1)
        }
    }
}

/// `show NAME`: what the layout is for, its digits and its grid.
fn show(e: &Entry) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} operand, {} ({}-bit elements, {} per {}-bit register, {} register{} per thread), \
         {}, {}",
        e.name(),
        e.operand.name(),
        e.element_type,
        e.element_bits,
        e.elements_per_register(),
        e.register_bits(),
        e.registers(),
        if e.registers() == 1 { "" } else { "s" },
        e.arch,
        e.ptx_section
    );
    let _ = writeln!(out, "instructions:");
    for i in e.instructions {
        let _ = writeln!(out, "    {i}");
    }
    out.push('\n');
    let _ = render::digit_table(e.numeral, &mut out);
    out.push('\n');
    let _ = render::grid(e.numeral, &mut out);
    out
}

/// `svg NAME [-o FILE]`, options in any order.
fn svg_command(args: &[&str]) -> ExitCode {
    let mut name = None;
    let mut file = None;
    let mut it = args.iter();
    while let Some(&a) = it.next() {
        match a {
            "-o" | "--output" => match it.next() {
                Some(&f) if file.is_none() => file = Some(f),
                Some(_) => return usage("`-o` is given twice"),
                None => return usage("`-o` needs a file name, or `-` for stdout"),
            },
            a if a.starts_with('-') => return usage(&format!("unknown option `{a}` for `svg`")),
            a if name.is_none() => name = Some(a),
            _ => return usage("`svg` takes one layout name"),
        }
    }
    let Some(name) = name else {
        return usage("`svg` needs a layout name");
    };
    let Some(e) = layout_core::catalog::find(name) else {
        eprintln!("error: {}", unknown(name));
        return ExitCode::from(1);
    };
    let mut picture = String::new();
    let _ = render::svg(e.numeral, &mut picture);
    match file.unwrap_or("-") {
        "-" => emit(&picture, ExitCode::SUCCESS),
        path => match std::fs::write(path, picture) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("error: cannot write `{path}`: {err}");
                ExitCode::from(1)
            }
        },
    }
}

/// `expand NAME [--gather [--packed]] [--bounds]`, options in any order.
fn expand_command(args: &[&str]) -> ExitCode {
    let mut name = None;
    let mut form = expand::Form::Scatter;
    let mut opt = expand::Options::default();
    for &a in args {
        match a {
            "--gather" => form = expand::Form::Gather,
            "--scatter" => form = expand::Form::Scatter,
            "--bounds" => opt.bounds = true,
            "--packed" => opt.packed = true,
            a if a.starts_with('-') => return usage(&format!("unknown option `{a}` for `expand`")),
            a if name.is_none() => name = Some(a),
            _ => return usage("`expand` takes one layout name"),
        }
    }
    match name {
        Some(name) => with_entry(name, |e| expand::expand(e, form, opt)),
        None => usage("`expand` needs a layout name"),
    }
}

fn list() -> String {
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

/// The message for an unknown name, with the nearest names by edit distance.
///
/// Only the first 64 characters are compared and quoted (no catalog name is that
/// long), so a name of any length costs the same: a 100,000-character one is answered at once.
fn unknown(name: &str) -> String {
    const NAME_CHARS: usize = 64;
    let cut: String = name.chars().take(NAME_CHARS).collect();
    let name = if cut.len() < name.len() {
        format!("{cut}...")
    } else {
        cut
    };
    let lower = name.to_ascii_lowercase();
    let mut scored: Vec<(usize, &str)> = CATALOG
        .iter()
        .map(|e| (distance(&lower, &e.name().to_ascii_lowercase()), e.name()))
        .collect();
    scored.sort();
    let best = scored[0].0;
    let near: Vec<String> = scored
        .iter()
        .take_while(|(d, _)| *d == best)
        .take(3)
        .map(|(_, n)| format!("`{n}`"))
        .collect();
    format!(
        "unknown layout `{name}`; did you mean {}? (`fraglayout list` shows all)",
        near.join(" or ")
    )
}

/// Levenshtein distance between two strings, by characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// A JSON string literal.
fn string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json(e: &Entry) -> String {
    let n = e.numeral;
    let instructions: Vec<String> = e.instructions.iter().map(|i| string(i)).collect();
    let digits: Vec<String> = n
        .digits
        .iter()
        .map(|d| {
            let source = match d.source {
                Source::Lane => "lane",
                Source::Warp => "warp",
                Source::Element => "element",
            };
            format!(
                "{{\"source\":{},\"divisor\":{},\"range\":{},\"place\":{}}}",
                string(source),
                d.divisor,
                d.range,
                d.place
            )
        })
        .collect();
    let mut table = String::from("[");
    for t in 0..n.threads() {
        if t > 0 {
            table.push(',');
        }
        table.push('[');
        for i in 0..n.elements {
            if i > 0 {
                table.push(',');
            }
            let (r, c) = n.coords(t, i).expect("catalog layouts are bijections");
            let _ = write!(table, "[{r},{c}]");
        }
        table.push(']');
    }
    table.push(']');
    format!(
        "{{\"name\":{},\"instructions\":[{}],\"operand\":{},\"element_type\":{},\
         \"element_bits\":{},\"arch\":{},\"ptx_section\":{},\"rows\":{},\"cols\":{},\
         \"threads\":{},\"elements_per_thread\":{},\"digits\":[{}],\"table\":{}}}",
        string(e.name()),
        instructions.join(","),
        string(e.operand.name()),
        string(e.element_type),
        e.element_bits,
        string(e.arch),
        string(e.ptx_section),
        n.rows,
        n.cols,
        n.threads(),
        n.elements,
        digits.join(","),
        table
    )
}
