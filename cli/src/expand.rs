//! `fraglayout expand`: the code `#[fragment_layout]` generates for a synthetic epilogue on a
//! catalog layout, pretty-printed, with what its constants fold to.

use std::fmt::Write as _;

use std::process::ExitCode;

use layout_core::catalog::Entry;
use layout_core::expand::{ElementAt, ThreadTerm};
use proc_macro2::TokenStream;

use crate::{usage, with_entry};

/// Scatter (`|row, col, value|`) or gather (`|row, col|`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Scatter,
    Gather,
}

/// Options of `expand` beyond the form: `--bounds` (a partial-tile epilogue) and `--packed`
/// (a gather of 16-bit elements packed two per `u32`).
#[derive(Clone, Copy, Default)]
pub struct Options {
    pub bounds: bool,
    pub packed: bool,
}

/// The synthetic function and the attribute's arguments.
fn source(e: &Entry, form: Form, opt: Options) -> Result<(String, String), String> {
    let n = e.numeral;
    let t = thread_name(e);
    let len = n.elements;
    let (bounds_arg, bounds_params) = if opt.bounds {
        (", bounds(rows, cols)", ", rows: usize, cols: usize")
    } else {
        ("", "")
    };
    if opt.packed && (e.element_bits != 16 || len % 2 != 0) {
        return Err(format!(
            "`--packed` packs 16-bit elements two per register; {} has {} {}-bit elements",
            e.name(),
            len,
            e.element_bits
        ));
    }
    Ok(match (form, opt.packed) {
        (Form::Scatter, _) => (
            format!("layout_core::catalog::{}{bounds_arg}", e.name()),
            format!(
                "fn store({t}: u32, frag: &[f32; {len}], out: &mut [f32], ld: usize{bounds_params}) {{ \
                 |row, col, value| out[row * ld + col] = value }}"
            ),
        ),
        (Form::Gather, false) => (
            format!("layout_core::catalog::{}, gather{bounds_arg}", e.name()),
            format!(
                "fn load({t}: u32, src: &[f32], ld: usize{bounds_params}) -> [f32; {len}] {{ \
                 |row, col| src[row * ld + col] }}"
            ),
        ),
        (Form::Gather, true) => (
            format!("layout_core::catalog::{}, gather, packed{bounds_arg}", e.name()),
            format!(
                "fn load({t}: u32, src: &[u16], ld: usize{bounds_params}) -> [u32; {}] {{ \
                 |row, col| src[row * ld + col] }}",
                len / 2
            ),
        ),
    })
}

/// `lane` for a warp, `thread` for a warpgroup.
fn thread_name(e: &Entry) -> &'static str {
    if e.numeral.warps == 1 {
        "lane"
    } else {
        "thread"
    }
}

/// The expansion, pretty-printed, followed by comments on what its constants fold to.
pub fn expand(e: &Entry, form: Form, opt: Options) -> Result<String, String> {
    let (args, item) = source(e, form, opt)?;
    let parse = |s: &str| -> Result<TokenStream, String> {
        s.parse()
            .map_err(|err| format!("internal error: synthetic code does not lex: {err}"))
    };
    let tokens = layout_codegen::fragment_layout(parse(&args)?, parse(&item)?);
    let file: syn::File = syn::parse2(tokens)
        .map_err(|err| format!("internal error: the expansion does not parse: {err}"))?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// #[fragment_layout({args})]\n// {item}\n//\n// expands to:\n"
    );
    out.push_str(&prettyplease::unparse(&file));
    out.push('\n');
    folded(e, form, &mut out);
    Ok(out)
}

/// `t / d % m * k`, parenthesised for reading; `None` for a term that adds nothing there.
fn term(t: &str, term: &ThreadTerm, mul: u32) -> Option<String> {
    if mul == 0 {
        return None;
    }
    let mut v = if term.divisor == 1 {
        t.to_string()
    } else {
        format!("{t} / {}", term.divisor)
    };
    if term.modulus != 0 {
        v = if term.divisor == 1 {
            format!("{t} % {}", term.modulus)
        } else {
            format!("({v}) % {}", term.modulus)
        };
    }
    Some(match (mul, v == t) {
        (1, _) => v,
        (_, true) => format!("{v} * {mul}"),
        (_, false) => format!("({v}) * {mul}"),
    })
}

/// A sum of terms, `0` when empty.
fn sum(parts: &[String]) -> String {
    if parts.is_empty() {
        "0".into()
    } else {
        parts.join(" + ")
    }
}

/// `BASE + K`, or `BASE` when `K` is 0.
fn plus(base: &str, k: usize) -> String {
    if k == 0 {
        base.to_string()
    } else {
        format!("{base} + {k}")
    }
}

/// The index `row * ld + col` for an element at `(row + r, col + c)`.
fn index(r: usize, c: usize) -> String {
    let row = if r == 0 {
        "row".to_string()
    } else {
        format!("(row + {r})")
    };
    format!("{row} * ld + {}", plus("col", c))
}

/// Comments: the thread terms, the element table (each element's constant part and row run),
/// and the code the optimiser is left with.
fn folded(e: &Entry, form: Form, out: &mut String) {
    let n = e.numeral;
    let t = thread_name(e);
    let terms: Vec<ThreadTerm> = n
        .thread_terms()
        .into_iter()
        .filter(|x| x.row_mul != 0 || x.col_mul != 0)
        .collect();
    let rows: Vec<String> = terms.iter().filter_map(|x| term(t, x, x.row_mul)).collect();
    let cols: Vec<String> = terms.iter().filter_map(|x| term(t, x, x.col_mul)).collect();
    let line = |out: &mut String, s: &str| {
        out.push_str("//");
        if !s.is_empty() {
            out.push(' ');
            out.push_str(s);
        }
        out.push('\n');
    };
    line(
        out,
        &format!(
            "What the constants fold to, on {} ({} x {} tile, {} threads x {} elements):",
            n.name,
            n.rows,
            n.cols,
            n.threads(),
            n.elements
        ),
    );
    line(out, "");
    line(
        out,
        "__FL_TERMS = thread_terms(), each ((t / divisor) % modulus) * (row_mul, col_mul):",
    );
    for x in &terms {
        let modulus = if x.modulus == 0 {
            "none (top digit)".to_string()
        } else {
            x.modulus.to_string()
        };
        line(
            out,
            &format!(
                "  divisor {}, modulus {modulus}, row_mul {}, col_mul {}",
                x.divisor, x.row_mul, x.col_mul
            ),
        );
    }
    line(out, "so thread_part(&__FL_TERMS, __fl_thread) is");
    line(out, &format!("  __fl_row = {}", sum(&rows)));
    line(out, &format!("  __fl_col = {}", sum(&cols)));
    line(out, "");
    line(
        out,
        "__FL_AT = element_table(), one constant per function: each element's part (row, col),",
    );
    line(
        out,
        "the leftmost element of its row run, and its offset in the run's span:",
    );
    let table: Vec<ElementAt> = (0..n.elements).map(|i| element_at(n, i)).collect();
    for (i, x) in table.iter().enumerate() {
        line(
            out,
            &format!(
                "  element {i}: ({}, {}), run ({}, {}) offset {} of {}",
                x.at.0, x.at.1, x.run.0, x.run.1, x.offset, x.span
            ),
        );
    }
    line(out, "");
    line(
        out,
        "A body BASE[INDEX] with `col` a unit term of INDEX reaches each element through its run:",
    );
    line(
        out,
        "one slice a row (its bounds checked once), each element at a constant offset in it.",
    );
    line(out, "");
    line(out, "Effective code:");
    line(out, &format!("  let row = {};", sum(&rows)));
    line(out, &format!("  let col = {};", sum(&cols)));
    let mut runs: Vec<(usize, usize, usize)> = Vec::new();
    for x in &table {
        if !runs.contains(&(x.run.0, x.run.1, x.span)) {
            runs.push((x.run.0, x.run.1, x.span));
        }
    }
    for (k, &(r, c, span)) in runs.iter().enumerate() {
        let idx = index(r, c);
        let (borrow, base) = match form {
            Form::Scatter => ("&mut ", "out"),
            Form::Gather => ("&", "src"),
        };
        line(
            out,
            &format!("  let run{k} = {borrow}{base}[{idx}..][..{span}];"),
        );
    }
    for (i, x) in table.iter().enumerate() {
        let k = runs
            .iter()
            .position(|&(r, c, span)| (r, c, span) == (x.run.0, x.run.1, x.span))
            .unwrap_or(0);
        match form {
            Form::Scatter => line(out, &format!("  run{k}[{}] = frag[{i}];", x.offset)),
            Form::Gather => line(out, &format!("  let v{i} = run{k}[{}];", x.offset)),
        }
    }
    if form == Form::Gather {
        let vs: Vec<String> = (0..n.elements).map(|i| format!("v{i}")).collect();
        line(out, &format!("  [{}]", vs.join(", ")));
    }
}

/// `expand NAME [--gather [--packed]] [--bounds]`, options in any order.
pub fn command(args: &[&str]) -> ExitCode {
    let mut name = None;
    let mut form = Form::Scatter;
    let mut opt = Options::default();
    for &a in args {
        match a {
            "--gather" => form = Form::Gather,
            "--scatter" => form = Form::Scatter,
            "--bounds" => opt.bounds = true,
            "--packed" => opt.packed = true,
            a if a.starts_with('-') => return usage(&format!("unknown option `{a}` for `expand`")),
            a if name.is_none() => name = Some(a),
            _ => return usage("`expand` takes one layout name"),
        }
    }
    if opt.packed && form != Form::Gather {
        return usage("`--packed` goes with `--gather`: `expand NAME --gather --packed`");
    }
    match name {
        Some(name) => with_entry(name, |e| expand(e, form, opt)),
        None => usage("`expand` needs a layout name"),
    }
}

/// Element `i`'s entry of the numeral's element table (what generated code's `__FL_AT[i]` is).
fn element_at(n: &layout_core::Numeral, i: u32) -> ElementAt {
    // The table is a const generic array; the largest catalog fragment has 128 elements.
    let table: [ElementAt; layout_core::expand::MAX_UNROLLED] = n.element_table();
    table[i as usize]
}
