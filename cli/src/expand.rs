//! `fraglayout expand`: the code `#[fragment_layout]` generates for a synthetic epilogue on a
//! catalog layout, pretty-printed, then the values of its constants and the function again
//! with them folded in ([`fold`], tidied by [`simplify`]): derived from the expansion itself,
//! so it shows what each form (scatter, gather, packed, bounds) really runs. The element type
//! comes from the catalog entry ([`scalar`]).

mod fold;
mod scalar;
mod simplify;

use std::fmt::Write as _;
use std::process::ExitCode;

use layout_core::catalog::Entry;
use layout_core::expand::{ElementAt, ThreadTerm, MAX_UNROLLED};
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

/// The synthetic function and the attribute's arguments, with the element type `ty`.
fn source(e: &Entry, form: Form, opt: Options, ty: &str) -> Result<(String, String), String> {
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
    let layout = format!("fraglayout::catalog::{}", e.name());
    Ok(match (form, opt.packed) {
        (Form::Scatter, _) => (
            format!("{layout}{bounds_arg}"),
            format!(
                "fn store({t}: u32, frag: &[{ty}; {len}], out: &mut [{ty}], ld: usize{bounds_params}) {{ \
                 |row, col, value| out[row * ld + col] = value }}"
            ),
        ),
        (Form::Gather, false) => (
            format!("{layout}, gather{bounds_arg}"),
            format!(
                "fn load({t}: u32, src: &[{ty}], ld: usize{bounds_params}) -> [{ty}; {len}] {{ \
                 |row, col| src[row * ld + col] }}"
            ),
        ),
        (Form::Gather, true) => (
            format!("{layout}, gather, packed{bounds_arg}"),
            format!(
                "fn load({t}: u32, src: &[{ty}], ld: usize{bounds_params}) -> [u32; {}] {{ \
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

/// The expansion, pretty-printed, followed by comments: the element type, the constants'
/// values, and the function with them folded in.
pub fn expand(e: &Entry, form: Form, opt: Options) -> Result<String, String> {
    let scalar = scalar::scalar(e);
    let (args, item) = source(e, form, opt, scalar.ty)?;
    let parse = |s: &str| -> Result<TokenStream, String> {
        s.parse()
            .map_err(|err| format!("internal error: synthetic code does not lex: {err}"))
    };
    let tokens = layout_codegen::fragment_layout(parse(&args)?, parse(&item)?);
    let file: syn::File = syn::parse2(tokens)
        .map_err(|err| format!("internal error: the expansion does not parse: {err}"))?;
    let mut out = String::new();
    let _ = writeln!(out, "// #[fragment_layout({args})]\n// {item}\n//");
    let _ = writeln!(out, "// {}: {}.", e.name(), scalar.note);
    let _ = writeln!(out, "//\n// expands to:\n");
    out.push_str(&prettyplease::unparse(&file));
    out.push('\n');
    folded(e, &file, &mut out);
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

/// Appends `s` as a comment line.
fn line(out: &mut String, s: &str) {
    out.push_str("//");
    if !s.is_empty() {
        out.push(' ');
        out.push_str(s);
    }
    out.push('\n');
}

/// Comments: the constants the expansion computes, evaluated by the same const fns, and the
/// expansion's function with them folded in.
fn folded(e: &Entry, file: &syn::File, out: &mut String) {
    let n = e.numeral;
    let t = thread_name(e);
    let all = n.thread_terms();
    let terms = &all[..n.thread_term_count()];
    // The thread part as the folded code computes it, in `usize` (`ThreadTerm::apply`).
    let wide = format!("{t} as usize");
    let rows: Vec<String> = terms
        .iter()
        .filter_map(|x| term(&wide, x, x.row_mul))
        .collect();
    let cols: Vec<String> = terms
        .iter()
        .filter_map(|x| term(&wide, x, x.col_mul))
        .collect();
    line(
        out,
        &format!(
            "The constants, evaluated, on {} ({} x {} tile, {} threads x {} elements):",
            n.name,
            n.rows,
            n.cols,
            n.threads(),
            n.elements
        ),
    );
    line(out, "");
    line(out, &format!("__FL_NUMERAL.threads() = {}", n.threads()));
    line(
        out,
        &format!("__FL_WRAP = thread_wrap() = {}", n.thread_wrap()),
    );
    line(
        out,
        &format!(
            "__FL_TERMS = thread_terms_array(), {} terms, each (({t} / divisor) % modulus) * (row_mul, col_mul):",
            terms.len()
        ),
    );
    for x in terms {
        let modulus = if x.modulus == 0 {
            "none (top digit)".to_string()
        } else {
            x.modulus.to_string()
        };
        let band = if x.offset_mul != 0 {
            format!(", band offset_mul {}", x.offset_mul)
        } else {
            String::new()
        };
        line(
            out,
            &format!(
                "  divisor {}, modulus {modulus}, row_mul {}, col_mul {}{band}",
                x.divisor, x.row_mul, x.col_mul
            ),
        );
    }
    line(
        out,
        "__FL_AT = element_table(): each element's part `at`, the part of its row run's leftmost",
    );
    line(
        out,
        "element `run`, its offset in the run, and the run's span:",
    );
    let table: [ElementAt; MAX_UNROLLED] = n.element_table();
    let table = &table[..(n.elements as usize).min(MAX_UNROLLED)];
    for (i, x) in table.iter().enumerate() {
        line(
            out,
            &format!(
                "  element {i}: at ({}, {}), run ({}, {}), offset {}, span {}",
                x.at.0, x.at.1, x.run.0, x.run.1, x.offset, x.span
            ),
        );
    }
    line(out, "");
    let Some(mut item) = file.items.iter().find_map(|i| match i {
        syn::Item::Fn(f) => Some(f.clone()),
        _ => None,
    }) else {
        line(out, "(the expansion has no function to fold)");
        return;
    };
    if n.thread_wrap() != 0 {
        line(
            out,
            "A thread digit straddles rows (__FL_WRAP is not 0): each element carries its column into",
        );
        line(out, "the row at run time, so the code is not folded here.");
        return;
    }
    let k = fold::Constants {
        thread: t,
        threads: n.threads(),
        part: (sum(&rows), sum(&cols)),
        table,
        tile: (n.rows, n.cols),
    };
    fold::fold(&mut item, &k);
    simplify::simplify(&mut item);
    line(
        out,
        "Effective code: the function above with the constants put in, the support calls that see",
    );
    line(
        out,
        "only constants inlined, and bindings used once substituted (the optimizer then keeps one",
    );
    line(out, "bounds check for the identical slices of a row run):");
    line(out, "");
    let text = prettyplease::unparse(&syn::File {
        shebang: None,
        attrs: Vec::new(),
        items: vec![syn::Item::Fn(item)],
    });
    for l in text.lines() {
        line(out, l);
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
