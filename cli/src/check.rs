//! `fraglayout check`: a numeral typed on the command line, checked by the same code as
//! `numeral!`, its errors shown under the text with carets.

use std::fmt::Write as _;

use layout_codegen::{check_numeral, Problem};
use proc_macro2::{Ident, Punct, Spacing, Span, TokenStream, TokenTree};

/// The name given to a numeral typed without one.
const DEFAULT_NAME: &str = "numeral";

/// What `check` prints: the report for stderr (errors with carets), the rendering for stdout,
/// and whether the numeral is valid.
pub struct Report {
    pub errors: String,
    pub out: String,
    pub valid: bool,
}

/// Checks `text`, a `numeral!` declaration with or without its leading `NAME:`.
pub fn check(text: &str) -> Report {
    let mut errors = String::new();
    let tokens: TokenStream = match text.parse() {
        Ok(t) => t,
        Err(e) => {
            let msg = "cannot read the text as Rust tokens: check its brackets and that it has \
                       no stray characters (`//` starts a comment)";
            caret(&mut errors, text, msg, e.span());
            return Report {
                errors,
                out: String::new(),
                valid: false,
            };
        }
    };
    let result = check_numeral(named(tokens));
    for Problem { message, span } in &result.problems {
        caret(&mut errors, text, message, *span);
    }
    let mut out = String::new();
    match &result.numeral {
        Some(n) => {
            let n = n.as_numeral();
            if result.problems.is_empty() {
                let _ = layout_core::render::digit_table(&n, &mut out);
                out.push('\n');
            }
            let _ = layout_core::render::grid(&n, &mut out);
        }
        None => {
            let _ = writeln!(
                errors,
                "(the numeral could not be read, so there is no grid to draw)"
            );
        }
    }
    Report {
        errors,
        valid: result.is_valid(),
        out,
    }
}

/// The declaration with a name: as typed when it starts with one (`NAME:` or `pub NAME:`),
/// otherwise `numeral:` in front, spanned on the first token so that errors about the header
/// point into the text.
fn named(tokens: TokenStream) -> TokenStream {
    let mut it = tokens.clone().into_iter();
    let first = it.next();
    let starts_with_shape = matches!(first, Some(TokenTree::Literal(_)));
    if !starts_with_shape {
        return tokens;
    }
    let span = first.map_or_else(Span::call_site, |t| t.span());
    let mut colon = Punct::new(':', Spacing::Alone);
    colon.set_span(span);
    let mut out: TokenStream = [
        TokenTree::Ident(Ident::new(DEFAULT_NAME, span)),
        TokenTree::Punct(colon),
    ]
    .into_iter()
    .collect();
    out.extend(tokens);
    out
}

/// `error: MESSAGE` and, where the span lies in `text`, the line with carets under it.
fn caret(w: &mut String, text: &str, message: &str, span: Span) {
    let _ = writeln!(w, "error: {message}");
    let (start, end) = (span.start(), span.end());
    let lines: Vec<&str> = text.lines().collect();
    let Some(line) = start.line.checked_sub(1).and_then(|i| lines.get(i)) else {
        w.push('\n');
        return;
    };
    let chars = line.chars().count();
    let from = start.column.min(chars);
    let to = if end.line == start.line {
        end.column.min(chars)
    } else {
        chars
    };
    let number = start.line.to_string();
    let pad = " ".repeat(number.len());
    let _ = writeln!(w, "{pad}--> <numeral>:{}:{}", start.line, start.column + 1);
    let _ = writeln!(w, "{pad} |");
    let _ = writeln!(w, "{number} | {line}");
    // Tabs stay tabs, so the carets line up under them.
    let lead: String = line
        .chars()
        .take(from)
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    let _ = writeln!(
        w,
        "{pad} | {lead}{}",
        "^".repeat(to.saturating_sub(from).max(1))
    );
    w.push('\n');
}
