//! `fraglayout`: list the catalog's fragment layouts and dump them as JSON.
//!
//! Exit codes: 0 success, 1 unknown layout name, 2 usage error.

use std::fmt::Write as _;
use std::process::ExitCode;

use layout_core::catalog::{Entry, CATALOG};
use layout_core::Source;

const HELP: &str = "\
fraglayout: tensor-core fragment layouts (mma.sync, ldmatrix/stmatrix, wgmma) from the PTX ISA

usage:
    fraglayout list             every layout by name, with its PTX instructions
    fraglayout json NAME        one layout as a JSON object
    fraglayout json --all       every layout, as a JSON array of objects
    fraglayout --help           this text

json fields: name, instructions, operand, element_type, element_bits, arch, ptx_section,
rows, cols, threads, elements_per_thread, digits [{source, divisor, range, place}],
table [thread][element] = [row, col]. Coordinates are in the PTX orientation of the operand
(A: M x K, B: K x N, C/D: M x N); elements are in PTX element order.

exit codes:
    0    success
    1    unknown layout name
    2    usage error
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["--help"] | ["-h"] | ["help"] => {
            print!("{HELP}");
            ExitCode::SUCCESS
        }
        ["list"] => {
            print!("{}", list());
            ExitCode::SUCCESS
        }
        ["json", "--all"] => {
            let objects: Vec<String> = CATALOG.iter().map(json).collect();
            println!("[\n{}\n]", objects.join(",\n"));
            ExitCode::SUCCESS
        }
        ["json", name] if !name.starts_with('-') => match layout_core::catalog::find(name) {
            Some(e) => {
                println!("{}", json(e));
                ExitCode::SUCCESS
            }
            None => {
                eprintln!("error: {}", unknown(name));
                ExitCode::from(1)
            }
        },
        [] => usage("no command given"),
        ["json"] => usage("`json` needs a layout name or `--all`"),
        ["list", ..] | ["json", ..] => usage("too many or unknown arguments"),
        [cmd, ..] => usage(&format!("unknown command `{cmd}`")),
    }
}

fn usage(msg: &str) -> ExitCode {
    eprintln!("error: {msg}\n\n{HELP}");
    ExitCode::from(2)
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
fn unknown(name: &str) -> String {
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
