//! `fraglayout expand`: the code `#[fragment_layout]` generates for a synthetic epilogue on a
//! catalog layout, pretty-printed, with what its constants fold to.

use std::fmt::Write as _;

use std::process::ExitCode;

use layout_core::catalog::Entry;
use layout_core::expand::ThreadTerm;
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

/// Comments: the thread terms, each element's constant part, the pairing, and the code the
/// optimiser is left with.
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
    let paired = n.adjacent_pairs();
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
        "__FL_NUMERAL.element_part(e), one constant (row, col) per element:",
    );
    for i in 0..n.elements {
        let (r, c) = n.element_part(i);
        line(out, &format!("  element {i}: ({r}, {c})"));
    }
    line(out, "");
    if n.elements % 2 == 0 {
        line(
            out,
            &format!(
                "__FL_NUMERAL.adjacent_pairs() = {paired}: {}",
                if paired {
                    "elements 2k and 2k + 1 are neighbours in a row,\n//   \
                     so each pair moves in one two-element access (the `if __FL_PAIRED` branch)"
                } else {
                    "elements 2k and 2k + 1 are not neighbours in a row,\n//   \
                     so each element moves on its own (the `else` branch)"
                }
            ),
        );
    } else {
        line(
            out,
            "an odd number of elements: no pairing, each element moves on its own",
        );
    }
    line(out, "");
    line(out, "Effective code:");
    line(out, &format!("  let row = {};", sum(&rows)));
    line(out, &format!("  let col = {};", sum(&cols)));
    let mut i = 0;
    while i < n.elements {
        let (r, c) = n.element_part(i);
        if paired {
            let idx = index(r, c);
            match form {
                Form::Scatter => line(
                    out,
                    &format!(
                        "  out[{idx}..][..2].copy_from_slice(&[frag[{i}], frag[{}]]);",
                        i + 1
                    ),
                ),
                Form::Gather => line(
                    out,
                    &format!(
                        "  let (v{i}, v{}) = (src[{idx}], src[{idx} + 1]);  // one 2-element load",
                        i + 1
                    ),
                ),
            }
            i += 2;
        } else {
            let idx = index(r, c);
            match form {
                Form::Scatter => line(out, &format!("  out[{idx}] = frag[{i}];")),
                Form::Gather => line(out, &format!("  let v{i} = src[{idx}];")),
            }
            i += 1;
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
