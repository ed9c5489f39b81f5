//! `#[matrix_rows(...)]`'s arguments: `INSTRUCTION, FRAGMENT, LAYOUT` then options in any
//! order, `at = (ROW, COL)`, `first = N`, `conflict_free`.
//!
//! The arguments are split at their top-level commas and each piece is read on its own, so
//! every problem is reported at once: `ldmatrix.x3, FRAG, SMEM, at = 5, colour` is told that
//! `.x3` is no count, that `at` takes a row and a column, and that `colour` is no option.
//! A piece `NAME = VALUE` or the bare word `conflict_free` is an option; the others are the
//! three positional arguments, in order.

use super::ast::{Args, Instruction};
use crate::fragment::errors::Errors;
use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use std::iter::Peekable;
use syn::spanned::Spanned;
use syn::{Expr, Ident};

/// The usage, for messages.
pub const USAGE: &str = "#[matrix_rows(ldmatrix.x4, FRAGMENT, LAYOUT)]";

/// Reads the arguments, or every problem with them.
pub fn args(tokens: TokenStream) -> syn::Result<Args> {
    let mut errors = Errors::default();
    let mut parts = Parts::default();
    for piece in split(tokens) {
        match option_word(&piece) {
            Some((word, value)) => parts.option(word, value, &mut errors),
            None => parts.positional(piece, &mut errors),
        }
    }
    if let Some(what) = parts.missing(&errors) {
        errors.push(syn::Error::new(
            Span::call_site(),
            format!("{what}: `{USAGE}`"),
        ));
    }
    errors.finish()?;
    Ok(parts.into_args())
}

/// The arguments read so far; each is `None` until it is given and reads.
#[derive(Default)]
struct Parts {
    instruction: Option<Instruction>,
    fragment: Option<Expr>,
    layout: Option<Expr>,
    /// The positional arguments given, read or not.
    positional: usize,
    at: Option<(Ident, Expr, Expr)>,
    first: Option<(Ident, Expr)>,
    conflict_free: Option<Ident>,
}

impl Parts {
    /// Reads the next positional argument, or pushes its problem.
    fn positional(&mut self, piece: TokenStream, errors: &mut Errors) {
        self.positional += 1;
        match self.positional {
            1 => self.instruction = record(instruction(piece), errors),
            2 => self.fragment = record(expression(piece, "fragment"), errors),
            3 => self.layout = record(expression(piece, "shared layout"), errors),
            _ => errors.push(extra(&piece)),
        }
    }

    /// Reads option `word` with its `value`, or pushes its problem.
    fn option(&mut self, word: Ident, value: Option<TokenStream>, errors: &mut Errors) {
        match word.to_string().as_str() {
            "conflict_free" if value.is_none() => {
                once(&self.conflict_free, &word, errors);
                self.conflict_free = Some(word);
            }
            "conflict_free" => errors.push(syn::Error::new(
                word.span(),
                "`conflict_free` takes no value: write `conflict_free`",
            )),
            "at" => match value.map(place) {
                Some(Ok((row, col))) => {
                    once(&self.at, &word, errors);
                    self.at = Some((word, row, col));
                }
                other => {
                    let span = match other {
                        Some(Err(span)) => span,
                        _ => word.span(),
                    };
                    errors.push(syn::Error::new(
                        span,
                        "`at` takes the tile row and column where the fragment's tile starts: `at = (16, 32)`",
                    ))
                }
            },
            "first" => match value.map(syn::parse2::<Expr>) {
                Some(Ok(e)) => {
                    once(&self.first, &word, errors);
                    self.first = Some((word, e));
                }
                _ => errors.push(syn::Error::new(
                    word.span(),
                    "`first` takes the first register the instruction moves: `first = 2`",
                )),
            },
            other => errors.push(unknown(&word, other)),
        }
    }

    /// What to name when positional arguments are missing and nothing else is wrong.
    fn missing(&self, errors: &Errors) -> Option<&'static str> {
        match (&self.instruction, &self.fragment, &self.layout) {
            (_, _, Some(_)) => None,
            (None, None, None) if errors.is_empty() => {
                Some("name the instruction, the fragment and the shared layout")
            }
            (_, None, None) if errors.is_empty() => {
                Some("name the fragment and the shared layout after the instruction")
            }
            (_, _, None) if errors.is_empty() => Some("name the shared layout after the fragment"),
            _ => None,
        }
    }

    /// The arguments, once every one has read.
    fn into_args(self) -> Args {
        let (Some(instruction), Some(fragment), Some(layout)) =
            (self.instruction, self.fragment, self.layout)
        else {
            unreachable!("#[matrix_rows]: an argument is missing and no check reported it")
        };
        Args {
            instruction,
            fragment,
            layout,
            at: self.at,
            first: self.first,
            conflict_free: self.conflict_free,
        }
    }
}

/// The error for an option that does not exist.
fn unknown(word: &Ident, text: &str) -> syn::Error {
    syn::Error::new(
        word.span(),
        format!("unknown option `{text}`: use `at = (ROW, COL)`, `first = N` or `conflict_free`"),
    )
}

/// The error for a fourth positional argument: an unknown option when it is one word.
fn extra(piece: &TokenStream) -> syn::Error {
    let mut it = piece.clone().into_iter();
    if let (Some(TokenTree::Ident(word)), None) = (it.next(), it.next()) {
        return unknown(&word, &word.to_string());
    }
    syn::Error::new(
        start(piece),
        format!("unexpected argument after the layout: options are `at = (ROW, COL)`, `first = N` and `conflict_free`; the form is `{USAGE}`"),
    )
}

/// The result's value, or its error pushed.
fn record<T>(r: syn::Result<T>, errors: &mut Errors) -> Option<T> {
    r.map_err(|e| errors.push(e)).ok()
}

/// An error when an option is given a second time.
fn once<T>(seen: &Option<T>, word: &Ident, errors: &mut Errors) {
    if seen.is_some() {
        errors.push(syn::Error::new(
            word.span(),
            format!("`{word}` is given twice: keep one"),
        ));
    }
}

/// The arguments split at their top-level commas (commas inside brackets belong to a group
/// token); an empty piece (a trailing comma) is dropped.
fn split(tokens: TokenStream) -> Vec<TokenStream> {
    let mut pieces = vec![TokenStream::new()];
    for tt in tokens {
        match &tt {
            TokenTree::Punct(p) if p.as_char() == ',' => pieces.push(TokenStream::new()),
            _ => pieces.last_mut().expect("one piece").extend([tt]),
        }
    }
    pieces.retain(|p| !p.is_empty());
    pieces
}

/// The first token's span.
fn start(piece: &TokenStream) -> Span {
    piece
        .clone()
        .into_iter()
        .next()
        .map_or_else(Span::call_site, |t| t.span())
}

/// `NAME = VALUE` (name and value) or the bare word `conflict_free` (name, no value); `None`
/// for a positional argument.
fn option_word(piece: &TokenStream) -> Option<(Ident, Option<TokenStream>)> {
    let mut it = piece.clone().into_iter();
    let word = match it.next()? {
        TokenTree::Ident(id) => id,
        _ => return None,
    };
    match it.next() {
        None if word == "conflict_free" => Some((word, None)),
        Some(TokenTree::Punct(p)) if p.as_char() == '=' => {
            // `==` is a comparison, not an option.
            let rest: TokenStream = it.collect();
            match rest.clone().into_iter().next() {
                Some(TokenTree::Punct(q)) if q.as_char() == '=' => None,
                _ => Some((word, Some(rest))),
            }
        }
        _ => None,
    }
}

/// `(ROW, COL)`: two expressions in parentheses, or the span to blame.
fn place(value: TokenStream) -> Result<(Expr, Expr), Span> {
    let span = start(&value);
    let mut it = value.into_iter();
    let (Some(TokenTree::Group(g)), None) = (it.next(), it.next()) else {
        return Err(span);
    };
    if g.delimiter() != Delimiter::Parenthesis {
        return Err(g.span());
    }
    let parts = split(g.stream());
    match <[TokenStream; 2]>::try_from(parts) {
        Ok([row, col]) => match (syn::parse2(row), syn::parse2(col)) {
            (Ok(r), Ok(c)) => Ok((r, c)),
            _ => Err(g.span()),
        },
        Err(_) => Err(g.span()),
    }
}

/// A positional argument that must be one expression.
fn expression(piece: TokenStream, what: &str) -> syn::Result<Expr> {
    let span = start(&piece);
    syn::parse2::<Expr>(piece).map_err(|_| {
        syn::Error::new(
            span,
            format!("the {what} is a constant expression, such as a path to a constant: `{USAGE}`"),
        )
    })
}

/// `ldmatrix.x4`, `ldmatrix.x2.trans`, `stmatrix.x4`, or the full PTX spelling
/// `ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16`: every problem with its words.
pub fn instruction(piece: TokenStream) -> syn::Result<Instruction> {
    let mut errors = Errors::default();
    let mut it = piece.into_iter().peekable();
    let (store, span) = opcode(it.next())?;
    let mut qualifiers = Qualifiers::default();
    while let Some(tt) = it.next() {
        let Some(word) = dotted(tt, &mut it, &mut errors) else {
            break;
        };
        qualifiers.read(word, &mut it, &mut errors);
    }
    if qualifiers.num.is_none() && errors.is_empty() {
        errors.push(syn::Error::new(
            span,
            "name how many matrices the instruction moves: `.x1`, `.x2` or `.x4`, as in `ldmatrix.x4`",
        ));
    }
    errors.finish()?;
    let (num, _) = qualifiers.num.expect("checked above");
    Ok(Instruction {
        store,
        num,
        trans: qualifiers.trans.is_some(),
        span,
    })
}

/// The instruction's first word: whether it stores (`stmatrix`, not `ldmatrix`) and its span.
fn opcode(head: Option<TokenTree>) -> syn::Result<(bool, Span)> {
    match &head {
        Some(TokenTree::Ident(id)) if id == "ldmatrix" => Ok((false, id.span())),
        Some(TokenTree::Ident(id)) if id == "stmatrix" => Ok((true, id.span())),
        other => {
            let span = other.as_ref().map_or_else(Span::call_site, |t| t.span());
            Err(syn::Error::new(
                span,
                format!("the first argument is the instruction: `ldmatrix.x4`, `ldmatrix.x2.trans` or `stmatrix.x4`; the form is `{USAGE}`"),
            ))
        }
    }
}

/// The qualifier after the dot `tt` (its word taken from `it`), or `None` with the error
/// pushed when `tt` is no dot or no word follows.
fn dotted(
    tt: TokenTree,
    it: &mut impl Iterator<Item = TokenTree>,
    errors: &mut Errors,
) -> Option<Ident> {
    let dot = matches!(&tt, TokenTree::Punct(p) if p.as_char() == '.');
    match (dot, it.next()) {
        (true, Some(TokenTree::Ident(w))) => Some(w),
        (_, next) => {
            let at = if dot {
                next.map_or(tt.span(), |t| t.span())
            } else {
                tt.span()
            };
            errors.push(syn::Error::new(
                at,
                "write the instruction's qualifiers after dots: `ldmatrix.x4.trans`",
            ));
            None
        }
    }
}

/// The qualifiers read so far that say what the instruction moves, each with its span.
#[derive(Default)]
struct Qualifiers {
    /// `.x1`, `.x2` or `.x4`: the matrix count.
    num: Option<(u32, Span)>,
    trans: Option<Span>,
}

impl Qualifiers {
    /// Reads qualifier `word` (and the `::cta` of `.shared::cta` from `it`), or pushes its
    /// problem.
    fn read<I: Iterator<Item = TokenTree>>(
        &mut self,
        word: Ident,
        it: &mut Peekable<I>,
        errors: &mut Errors,
    ) {
        let text = word.to_string();
        match text.as_str() {
            "sync" | "aligned" | "m8n8" | "b16" => {}
            "shared" => {
                // `.shared::cta`
                if matches!(it.peek(), Some(TokenTree::Punct(p)) if p.as_char() == ':') {
                    let _ = (it.next(), it.next(), it.next());
                }
            }
            "trans" => {
                if self.trans.is_some() {
                    errors.push(syn::Error::new(word.span(), "`.trans` is written twice: keep one"));
                }
                self.trans = Some(word.span());
            }
            "x1" | "x2" | "x4" => {
                if self.num.is_some() {
                    errors.push(syn::Error::new(
                        word.span(),
                        "the matrix count is written twice: keep one of `.x1`, `.x2`, `.x4`",
                    ));
                }
                self.num = Some((text[1..].parse().expect("a count"), word.span()));
            }
            w if w.starts_with('x') && w[1..].parse::<u64>().is_ok() => errors.push(syn::Error::new(
                word.span(),
                format!("ldmatrix and stmatrix move 1, 2 or 4 matrices, not {}: use .x1, .x2 or .x4", &w[1..]),
            )),
            w if w.starts_with('m') || w.starts_with('b') => errors.push(syn::Error::new(
                word.span(),
                format!("`.{w}`: row addresses are derived for `.m8n8` matrices of `.b16` elements only"),
            )),
            w => errors.push(syn::Error::new(
                word.span(),
                format!("unknown qualifier `.{w}`: write the matrix count and `.trans` if any, `ldmatrix.x4` or `ldmatrix.x2.trans`"),
            )),
        }
    }
}

impl Args {
    /// The expressions of arguments that may not all read (for the fallback to type-check):
    /// the fragment and the layout when they parse.
    pub fn layouts_in(tokens: TokenStream) -> (Option<Expr>, Option<Expr>) {
        let positional: Vec<TokenStream> = split(tokens)
            .into_iter()
            .filter(|p| option_word(p).is_none())
            .collect();
        let parse = |k: usize| {
            positional
                .get(k)
                .and_then(|p| syn::parse2::<Expr>(p.clone()).ok())
        };
        (parse(1), parse(2))
    }

    /// The span errors about the fragment's place point at: `at`'s value, else the layout.
    pub fn place_span(&self) -> Span {
        match &self.at {
            Some((_, row, _)) => row.span(),
            None => self.layout.span(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(tokens: &str) -> Vec<String> {
        match args(tokens.parse().unwrap()) {
            Ok(_) => Vec::new(),
            Err(e) => e.into_iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let all = messages("ldmatrix.x3, FRAG, SMEM, at = 5, colour");
        assert_eq!(all.len(), 3, "{all:?}");
        assert_eq!(
            all[0],
            "ldmatrix and stmatrix move 1, 2 or 4 matrices, not 3: use .x1, .x2 or .x4"
        );
        assert!(
            all[1].starts_with("`at` takes the tile row and column"),
            "{all:?}"
        );
        assert!(all[2].starts_with("unknown option `colour`"), "{all:?}");
        assert!(
            messages("ldmatrix.x4.trans, FRAG, SMEM, at = (16, 8), first = 2, conflict_free")
                .is_empty()
        );
        assert!(messages("stmatrix.sync.aligned.m8n8.x2.shared::cta.b16, F, S").is_empty());
    }

    #[test]
    fn the_instruction_says_what_is_missing() {
        assert_eq!(
            messages("ldmatrix, F, S"),
            ["name how many matrices the instruction moves: `.x1`, `.x2` or `.x4`, as in `ldmatrix.x4`"]
        );
        assert!(messages("ldmatrix.m16n16.x1, F, S")[0].starts_with("`.m16n16`: row addresses"));
        assert_eq!(
            messages("ldmatrix.x4"),
            ["name the fragment and the shared layout after the instruction: `#[matrix_rows(ldmatrix.x4, FRAGMENT, LAYOUT)]`"]
        );
        assert_eq!(
            messages("ldmatrix.x4, A, S, at = (0, 0), at = (8, 0)"),
            ["`at` is given twice: keep one"]
        );
        assert!(messages("ldmatrix.x4, A, S, T")[0].starts_with("unknown option `T`"));
        assert!(messages("ldmatrix.x4, A, S, T + 1")[0].starts_with("unexpected argument"));
        assert!(
            messages("lmatrix.x4, A, S")[0].starts_with("the first argument is the instruction")
        );
    }
}
