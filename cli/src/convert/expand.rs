//! `fraglayout expand --convert FROM TO [--packed]`: the code `#[convert_layout(FROM => TO)]`
//! generates for a conversion of `u32` registers, one value a register (with `--packed`, the
//! values packed two or four to a register): the macro's own expansion
//! ([`layout_codegen::convert_layout`]) pretty-printed, after the form its constants take
//! ([`layout_codegen::convert_form`]), then the plan's numbers by layout-core's functions
//! (the class, the rounds against their lower bound, the selects, and the packed plan's for
//! values packed into words), which describe the plan, not the generated code.

use std::fmt::Write as _;
use std::process::ExitCode;

use layout_core::convert::Plan;
use proc_macro2::TokenStream;

use super::costs;
use super::packed::{self, packed_bits};
use crate::emit;
use crate::layout::{resolve, Layout};

/// `expand --convert FROM TO [--packed]`.
pub fn command(from: &str, to: &str, packed: bool) -> ExitCode {
    let (f, t) = match (resolve(from, "from"), resolve(to, "to")) {
        (Ok(f), Ok(t)) => (f, t),
        (f, t) => {
            eprint!(
                "{}{}",
                f.err().unwrap_or_default(),
                t.err().unwrap_or_default()
            );
            return ExitCode::from(1);
        }
    };
    let plan = match Plan::new(&f.numeral(), &t.numeral()) {
        Ok(p) => Box::new(p),
        Err(e) => {
            eprintln!("error: {}", e.message().as_str());
            return ExitCode::from(1);
        }
    };
    let bits = packed_bits(&[from, to]);
    match expand(&f, &t, &plan, bits, packed) {
        Ok(text) => emit(&text, ExitCode::SUCCESS),
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(1)
        }
    }
}

/// The invocation, the macro's form, its expansion, then the plan's numbers ([`numbers`]), as
/// text; with `packed`, on `u32` words holding `bits`-bit values.
fn expand(f: &Layout, t: &Layout, plan: &Plan, bits: u32, packed: bool) -> Result<String, String> {
    let (k, words) = packed::per_word(bits);
    let n = match packed {
        false => plan.elements(),
        true if plan.elements() % k == 0 => plan.elements() / k,
        true => {
            return Err(format!(
                "`--packed`: {} values a lane do not fill {words}-value words; leave out \
                 `--packed`",
                plan.elements()
            ))
        }
    };
    let args = format!("{} => {}", f.rust(), t.rust());
    let item = format!(
        "fn convert(lane: u32, from: &[u32; {n}], shuffle: impl FnMut(u32, u32) -> u32) \
         -> [u32; {n}] {{}}"
    );
    let parse = |s: &str| -> Result<TokenStream, String> {
        s.parse()
            .map_err(|err| format!("internal error: synthetic code does not lex: {err}"))
    };
    let (from, to) = (f.numeral(), t.numeral());
    let form = layout_codegen::convert_form(parse(&args)?, parse(&item)?, &from, &to)
        .ok_or("internal error: the macro's code for these layouts does not compile")?;
    let tokens = layout_codegen::convert_layout(parse(&args)?, parse(&item)?);
    let file: syn::File = syn::parse2(tokens)
        .map_err(|err| format!("internal error: the expansion does not parse: {err}"))?;
    let mut out = String::new();
    let _ = writeln!(out, "// #[convert_layout({args})]\n// {item}\n//");
    let _ = writeln!(out, "// The macro's form: {}", form.name());
    for line in wrapped(&format!("({}).", form.words()), 90) {
        let _ = writeln!(out, "// {line}");
    }
    let _ = writeln!(out, "//\n// expands to:\n");
    out.push_str(&prettyplease::unparse(&file));
    out.push('\n');
    out.push_str(&numbers(&from, &to, plan, bits));
    Ok(out)
}

/// The plan's numbers, as comments: its class and costs ([`costs`]), then those of the packed
/// plan of `bits`-bit values (`#[convert_layout]` on `u32` words that hold them), or why there
/// is none.
fn numbers(
    from: &layout_core::Numeral,
    to: &layout_core::Numeral,
    plan: &Plan,
    bits: u32,
) -> String {
    let mut text = String::new();
    costs(plan, &mut text);
    let (k, words) = packed::per_word(bits);
    let _ = write!(text, "\npacked: {bits}-bit values {words} to a 32-bit word");
    match packed::plan(from, to, bits) {
        Ok(p) => {
            let words = plan.elements() / k;
            let _ = writeln!(text, ", `[u32; {words}]`, a shuffle carrying a word:");
            packed::costs((from, to, bits), &p, plan.rounds(), &mut text);
        }
        Err(e) => {
            let _ = writeln!(text, ": none: {e}");
        }
    }
    let mut out = format!(
        "// The plan's numbers, from layout-core, on {} => {}\n// (they describe the plan, not \
         the generated code):\n//\n",
        from.name, to.name
    );
    for line in text.lines() {
        out.push_str(if line.is_empty() { "//" } else { "// " });
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// `text` in lines of at most `width` characters, broken between words.
fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(l) if l.len() + 1 + word.len() <= width => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}
