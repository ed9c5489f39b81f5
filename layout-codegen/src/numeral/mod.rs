//! `numeral!`: parse, resolve, diagnose, expand; and the same up to the diagnosis for tools
//! ([`check_numeral`]).
//!
//! - `limits.rs`: bounds on nesting and on the number of problems reported;
//! - `parse.rs`: tokens to the typed declaration of `ast.rs`, every malformed row reported;
//! - `resolve.rs`: the declaration to the one [`OwnedNumeral`] it declares (defaults filled);
//! - `diagnose.rs`: layout-core's check of that numeral, each problem on its tokens;
//! - `name.rs`: a numeral under a library layout's name is that layout;
//! - `expand.rs`: the numeral as a `const`, with its compile-time assertion when it passed.

mod ast;
mod diagnose;
mod expand;
mod limits;
mod name;
mod parse;
mod resolve;
#[cfg(test)]
mod tests;

use layout_core::{Digit, Numeral};
use proc_macro2::{Span, TokenStream};

/// A parsed declaration, resolved, with every problem found.
struct Analysis {
    parsed: parse::Parsed,
    resolved: resolve::Resolved,
    /// Rows that did not parse, or parts of the numeral that are stand-ins: the numeral is not
    /// what was written.
    incomplete: bool,
    errors: Vec<syn::Error>,
}

/// The pipeline both [`numeral`] and [`check_numeral`] run: parse, resolve, and (when every row
/// was read and resolved) layout-core's check. `Err` when the declaration does not parse at all.
///
/// Time and words are bounded: nesting is limited before syn reads the tokens, and at most
/// [`limits::MAX_PROBLEMS`] problems are reported, then a count of the rest.
fn analyse(input: TokenStream) -> syn::Result<Analysis> {
    limits::check_nesting(&input)?;
    let parsed: parse::Parsed = syn::parse2(input)?;
    let decl = &parsed.decl;
    let mut errors: Vec<syn::Error> = parsed.row_errors.clone().into_iter().collect();
    let resolved = resolve::resolve(decl, &mut errors);
    // Layout-core's check always runs, so that every problem is reported at once; with a row
    // missing (malformed, or not resolved) it judges the digits only one by one.
    let partial = !errors.is_empty() || resolved.left_out;
    let incomplete = partial || resolved.guessed;
    diagnose::diagnose(decl, &resolved, partial, &mut errors);
    if errors.is_empty() && !incomplete {
        errors.extend(name::check(&decl.name, &resolved.numeral.as_numeral()));
    }
    let errors = limits::cap(errors, &decl.header);
    Ok(Analysis {
        parsed,
        resolved,
        incomplete,
        errors,
    })
}

/// Expands `numeral! { ... }` (the tokens inside the braces).
pub fn numeral(input: TokenStream) -> TokenStream {
    let a = match analyse(input) {
        Ok(a) => a,
        Err(e) => return e.to_compile_error(),
    };
    let ok = a.errors.is_empty();
    let mut out = expand::expand(&a.parsed.decl, &a.resolved, ok);
    for e in a.errors {
        out.extend(e.to_compile_error());
    }
    out
}

/// A numeral read from tokens, owning its name and digits; [`as_numeral`](Self::as_numeral)
/// lends it as layout-core's [`Numeral`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnedNumeral {
    /// The declared name.
    pub name: String,
    /// Tile rows.
    pub rows: u32,
    /// Tile columns.
    pub cols: u32,
    /// Warps (1 unless `warps W` was given).
    pub warps: u32,
    /// Elements per thread, as given or as derived from the tile size.
    pub elements: u32,
    /// The digits in the order written, with default ranges filled in.
    pub digits: Vec<Digit>,
}

impl OwnedNumeral {
    /// The numeral as layout-core sees it.
    pub fn as_numeral(&self) -> Numeral<'_> {
        Numeral::new(
            &self.name,
            self.rows,
            self.cols,
            self.elements,
            &self.digits,
        )
        .with_warps(self.warps)
    }
}

/// One problem with a declaration: the message `numeral!` gives, and where.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The message, word for word as the compiler shows it.
    pub message: String,
    /// The tokens it is about, first to last. With proc-macro2's `span-locations` feature and
    /// tokens parsed from a string, `span.start()` and `span.end()` give line and column.
    pub span: Span,
}

/// What [`check_numeral`] found.
#[derive(Clone, Debug)]
pub struct NumeralCheck {
    /// The numeral as written; `None` when the declaration did not parse or a digit row could
    /// not be read, so that what was read is not what was written.
    pub numeral: Option<OwnedNumeral>,
    /// Every problem, in the order `numeral!` reports them; empty when the numeral is a
    /// bijection onto its tile.
    pub problems: Vec<Problem>,
}

impl NumeralCheck {
    /// Whether the declaration is a valid numeral.
    pub fn is_valid(&self) -> bool {
        self.problems.is_empty() && self.numeral.is_some()
    }
}

/// Parses and checks a `numeral!` declaration (`NAME: ROWS x COLS ... { DIGITS }`) exactly as
/// the macro does, returning the numeral and the macro's messages instead of tokens.
pub fn check_numeral(input: TokenStream) -> NumeralCheck {
    let problems = |errors: Vec<syn::Error>| -> Vec<Problem> {
        errors
            .into_iter()
            .flat_map(|e| e.into_iter())
            .map(|e| Problem {
                message: e.to_string(),
                span: e.span(),
            })
            .collect()
    };
    match analyse(input) {
        Err(e) => NumeralCheck {
            numeral: None,
            problems: problems(vec![e]),
        },
        Ok(a) => NumeralCheck {
            numeral: (!a.incomplete).then_some(a.resolved.numeral),
            problems: problems(a.errors),
        },
    }
}
