//! `fraglayout check`: a numeral typed on the command line, checked by the same code as
//! `numeral!`, its errors shown under the text with carets.

use std::fmt::Write as _;

use layout_codegen::{check_numeral, OwnedNumeral, Problem};
use layout_core::MAX_DIGITS;
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

/// The most bytes of error text `check` prints; problems past it are counted, not shown.
/// `numeral!` already reports at most a few dozen problems, each with one excerpt of its line,
/// so this is a backstop that a long message cannot pass either.
pub const MAX_ERROR_BYTES: usize = 64 * 1024;

/// Checks `text`, a `numeral!` declaration with or without its leading `NAME:`.
///
/// Linear in the length of `text`: its lines are found once, each problem shows an excerpt of
/// at most [`EXCERPT`] characters of its line, and the grid is drawn only for a numeral that
/// layout-core can hold (at most [`MAX_DIGITS`] digits; the renderer bounds the rest).
pub fn check(text: &str) -> Report {
    let (mut errors, result) = examine(text, "numeral");
    let Some(result) = result else {
        return Report {
            errors,
            out: String::new(),
            valid: false,
        };
    };
    let mut out = String::new();
    match &result.numeral {
        Some(n) if n.digits.len() > MAX_DIGITS => {
            let _ = writeln!(
                errors,
                "(the numeral has {} digits, more than {MAX_DIGITS}: there is no grid to draw)",
                n.digits.len()
            );
        }
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

/// Reads and checks `text` as [`check`] does: the error report (every problem with carets under
/// `<label>:LINE:COL`, at most [`MAX_ERROR_BYTES`]), and what `numeral!`'s check found, `None` when the text is not
/// Rust tokens.
fn examine(text: &str, label: &str) -> (String, Option<layout_codegen::NumeralCheck>) {
    let mut errors = String::new();
    let lines: Vec<&str> = text.lines().collect();
    let tokens: TokenStream = match text.parse() {
        Ok(t) => t,
        Err(e) => {
            let msg = "cannot read the text as Rust tokens: check its brackets and that it has \
                       no stray characters (`//` starts a comment)";
            caret(&mut errors, &lines, label, msg, e.span());
            return (errors, None);
        }
    };
    let result = check_numeral(named(tokens));
    for (k, Problem { message, span }) in result.problems.iter().enumerate() {
        if errors.len() >= MAX_ERROR_BYTES {
            let more = result.problems.len() - k;
            let _ = writeln!(
                errors,
                "error: and {more} more problem{} not shown ({} KiB of messages shown)",
                if more == 1 { "" } else { "s" },
                MAX_ERROR_BYTES / 1024
            );
            break;
        }
        caret(&mut errors, &lines, label, message, *span);
    }
    (errors, Some(result))
}

/// A numeral typed on the command line (`fraglayout convert`), read and checked as [`check`]
/// does: the numeral when it is valid, else the error report with carets, located as
/// `<label>:LINE:COL`.
pub fn read(text: &str, label: &str) -> Result<OwnedNumeral, String> {
    match examine(text, label) {
        (errors, Some(result)) if result.is_valid() => match result.numeral {
            Some(n) if n.digits.len() <= MAX_DIGITS => Ok(n),
            _ => Err(errors),
        },
        (errors, _) => Err(errors),
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

/// The most characters of a line shown under an error; a longer line is cut to an excerpt
/// around the tokens, marked `...` where cut.
pub const EXCERPT: usize = 120;

/// Characters shown before the tokens in an excerpt of a long line.
const LEAD: usize = 30;

/// `error: MESSAGE` and, where the span lies in the text, its line (or an excerpt of it) with
/// carets under the tokens.
fn caret(w: &mut String, lines: &[&str], label: &str, message: &str, span: Span) {
    let _ = writeln!(w, "error: {message}");
    let (start, end) = (span.start(), span.end());
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
    }
    .max(from);
    // The shown part of the line, [lo, hi), at most EXCERPT characters, holding `from`.
    let (lo, hi) = if chars <= EXCERPT {
        (0, chars)
    } else {
        let lo = from.saturating_sub(LEAD);
        (lo, (lo + EXCERPT).min(chars))
    };
    let head = if lo > 0 { "..." } else { "" };
    let tail = if hi < chars { "..." } else { "" };
    let shown: String = line.chars().skip(lo).take(hi - lo).collect();
    let number = start.line.to_string();
    let pad = " ".repeat(number.len());
    let _ = writeln!(w, "{pad}--> <{label}>:{}:{}", start.line, start.column + 1);
    let _ = writeln!(w, "{pad} |");
    let _ = writeln!(w, "{number} | {head}{shown}{tail}");
    // Tabs stay tabs, so the carets line up under them.
    let lead: String = " ".repeat(head.len())
        + &shown
            .chars()
            .take(from - lo)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect::<String>();
    let carets = to.min(hi).saturating_sub(from).max(1);
    let _ = writeln!(w, "{pad} | {lead}{}", "^".repeat(carets));
    w.push('\n');
}
