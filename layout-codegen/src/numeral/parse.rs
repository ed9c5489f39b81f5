//! Parsing `numeral!`: a header, then one digit row per line. A malformed row is reported and
//! skipped, so every bad row is reported in one go.

use super::ast::{Decl, DigitRow, Num};
use layout_core::Source;
use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use syn::parse::{Parse, ParseStream};
use syn::{Attribute, Ident, LitInt, Token, Visibility};

pub const ROW_FORM: &str =
    "expected `SOURCE [/ DIVISOR] [% RANGE] => PLACE`, e.g. `lane / 4 => 8` or `(lane / 4) % 8 => 8`";

/// The declaration, plus the errors of rows that did not parse.
pub struct Parsed {
    pub decl: Decl,
    pub row_errors: Option<syn::Error>,
}

impl Parse for Parsed {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let vis: Visibility = input.parse()?;
        let header_fork = input.fork();
        let name: Ident = input.parse()?;
        input.parse::<Token![:]>()?;
        let (rows, cols) = parse_shape(input)?;
        let mut elements = None;
        let mut warps = None;
        while input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
            let key: Ident = input.parse()?;
            let value = parse_num(input)?;
            // The settings are the counts of the sources with a count to set, by their nouns.
            let word = key.to_string();
            let slot = if word == Source::Element.noun() {
                &mut elements
            } else if word == Source::Warp.noun() {
                &mut warps
            } else {
                return Err(syn::Error::new(
                    key.span(),
                    format!(
                        "unknown setting {}: use `{} N` or `{} N`",
                        shown(&word),
                        Source::Element.noun(),
                        Source::Warp.noun()
                    ),
                ));
            };
            if slot.is_some() {
                return Err(syn::Error::new(
                    key.span(),
                    format!("`{key}` is given twice"),
                ));
            }
            *slot = Some(value);
        }
        let header = tokens_between(&header_fork, input);
        let body;
        syn::braced!(body in input);
        let mut digits = Vec::new();
        let mut row_errors: Option<syn::Error> = None;
        for row in split_rows(body.parse::<TokenStream>()?) {
            match parse_row(row) {
                Ok(d) => digits.push(d),
                Err(e) => match &mut row_errors {
                    Some(all) => all.combine(e),
                    None => row_errors = Some(e),
                },
            }
        }
        if !input.is_empty() {
            return Err(input.error("unexpected tokens after the digit rows"));
        }
        Ok(Parsed {
            decl: Decl {
                attrs,
                vis,
                name,
                rows,
                cols,
                elements,
                warps,
                header,
                digits,
            },
            row_errors,
        })
    }
}

/// The tokens consumed between a fork taken earlier and the stream now.
fn tokens_between(start: ParseStream, end: ParseStream) -> TokenStream {
    let mut out = TokenStream::new();
    let _ = start.step(|cursor| {
        let mut c = *cursor;
        while c != end.cursor() {
            match c.token_tree() {
                Some((tt, next)) => {
                    out.extend(std::iter::once(tt));
                    c = next;
                }
                None => break,
            }
        }
        Ok(((), c))
    });
    out
}

/// `16 x 8` or `16x8` (which Rust lexes as the literal 16 with suffix `x8`).
fn parse_shape(input: ParseStream) -> syn::Result<(Num, Num)> {
    const SHAPE: &str = "expected the tile shape `ROWS x COLS`, e.g. `16 x 8`";
    let first = parse_literal(input).map_err(|e| syn::Error::new(e.span(), SHAPE))?;
    let first = int_literal(&first)?;
    let suffix = first.suffix();
    if let Some(rest) = suffix.strip_prefix('x') {
        let rows = num_of(first.base10_digits(), first.span())?;
        if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit() || b == b'_') {
            return Err(syn::Error::new(first.span(), SHAPE));
        }
        let cols = num_of(&rest.replace('_', ""), first.span())?;
        return Ok((rows, cols));
    }
    if !suffix.is_empty() {
        return Err(syn::Error::new(first.span(), SHAPE));
    }
    let rows = num_of(first.base10_digits(), first.span())?;
    let x: Ident = input
        .parse()
        .map_err(|e| syn::Error::new(e.span(), SHAPE))?;
    if x != "x" {
        return Err(syn::Error::new(
            x.span(),
            "expected `x` between rows and columns",
        ));
    }
    let cols = parse_num(input)?;
    Ok((rows, cols))
}

fn parse_num(input: ParseStream) -> syn::Result<Num> {
    literal_num(parse_literal(input)?)
}

/// The next token, which must be a literal.
fn parse_literal(input: ParseStream) -> syn::Result<proc_macro2::Literal> {
    input.step(|c| c.literal().ok_or_else(|| c.error("expected an integer")))
}

fn lit_num(lit: &LitInt) -> syn::Result<Num> {
    if !lit.suffix().is_empty() {
        return Err(syn::Error::new(
            lit.span(),
            "write the number without a type suffix",
        ));
    }
    num_of(lit.base10_digits(), lit.span())
}

/// A literal token that must be an integer (`syn::LitInt::from` would panic on others).
fn literal_num(l: proc_macro2::Literal) -> syn::Result<Num> {
    lit_num(&int_literal(&l)?)
}

/// The longest literal handed to syn. A number that fits in 32 bits is at most 10 digits, or
/// 34 characters as `0b...`; syn reads an integer literal in time quadratic in its length, so
/// a 100,000-digit one is refused here, in time linear in its length, before syn sees it.
const MAX_LITERAL_CHARS: usize = 48;

/// The literal as syn's integer, or why it is not one (too long to be a 32-bit number, or not
/// an integer at all).
fn int_literal(l: &proc_macro2::Literal) -> syn::Result<LitInt> {
    let text = l.to_string();
    if text.len() > MAX_LITERAL_CHARS {
        let why = if text.starts_with(|c: char| c.is_ascii_digit()) {
            format!(
                "{} ({} characters) does not fit in 32 bits: numbers here are at most {}",
                shown(&text),
                text.len(),
                u32::MAX
            )
        } else {
            format!("expected an integer, found {}", shown(&text))
        };
        return Err(syn::Error::new(l.span(), why));
    }
    match syn::Lit::new(l.clone()) {
        syn::Lit::Int(i) => Ok(i),
        other => Err(syn::Error::new(other.span(), "expected an integer")),
    }
}

fn num_of(digits: &str, span: Span) -> syn::Result<Num> {
    match digits.parse::<u32>() {
        Ok(value) => Ok(Num { value, span }),
        Err(_) => Err(syn::Error::new(
            span,
            format!(
                "{} does not fit in 32 bits: numbers here are at most {}",
                shown(digits),
                u32::MAX
            ),
        )),
    }
}

/// Text of the user's, quoted in a message: in backticks, cut to 24 characters.
pub fn shown(text: &str) -> String {
    const MAX: usize = 24;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("`{}...`", &text[..cut]),
        None => format!("`{text}`"),
    }
}

/// Splits the body at top-level commas, dropping empty rows.
fn split_rows(body: TokenStream) -> Vec<TokenStream> {
    let mut rows = vec![TokenStream::new()];
    for tt in body {
        match &tt {
            TokenTree::Punct(p) if p.as_char() == ',' => rows.push(TokenStream::new()),
            _ => rows
                .last_mut()
                .expect("one row")
                .extend(std::iter::once(tt)),
        }
    }
    rows.retain(|r| !r.is_empty());
    rows
}

fn source_of(ident: &Ident) -> syn::Result<Source> {
    let word = ident.to_string();
    Source::from_name(&word).ok_or_else(|| {
        syn::Error::new(
            ident.span(),
            format!(
                "unknown source {}: a digit reads {}",
                shown(&word),
                source_names()
            ),
        )
    })
}

/// The sources a digit may read, in words: `` `lane`, `warp` or `e` (the element index) ``.
fn source_names() -> String {
    let mut out = String::new();
    for (k, s) in Source::ALL.iter().enumerate() {
        if k > 0 {
            out.push_str(if k + 1 == Source::ALL.len() {
                " or "
            } else {
                ", "
            });
        }
        out.push_str(&format!("`{}`", s.name()));
    }
    for s in Source::ALL.iter().filter(|s| s.name() != s.singular()) {
        out.push_str(&format!(" (the {} index)", s.singular()));
    }
    out
}

/// One row: `SOURCE [/ DIVISOR] [% RANGE] => PLACE`.
///
/// Parentheses may group the left part of the expression, as PTX writes it, since `/` and `%`
/// bind equally and from the left: `(lane / 4) % 8`, `((lane / 4) % 8)`, `(e / 2) % 2` and
/// `(lane) / 4` all read as written without them. They are taken off from the front, one
/// pair at a time (at most [`MAX_NESTING`](super::limits::MAX_NESTING) deep), so the row's
/// tokens are looked at a bounded number of times.
fn parse_row(row: TokenStream) -> syn::Result<DigitRow> {
    let tokens = row.clone();
    let malformed = |why: &str| malformed_row(&tokens, why);
    let mut trees: Vec<TokenTree> = row.into_iter().collect();
    let arrow = trees
        .windows(2)
        .position(|w| matches!((&w[0], &w[1]), (TokenTree::Punct(a), TokenTree::Punct(b)) if a.as_char() == '=' && b.as_char() == '>'));
    let Some(arrow) = arrow else {
        return Err(malformed(&format!("missing `=> PLACE`; {ROW_FORM}")));
    };
    let place_trees = trees.split_off(arrow + 2);
    trees.truncate(arrow);
    let expr: TokenStream = trees.iter().cloned().collect();
    let place = parse_place(&tokens, &place_trees)?;
    let (source, divisor, range) = parse_expr(&tokens, without_parens(trees))?;
    Ok(DigitRow {
        source,
        divisor,
        range,
        place,
        expr,
    })
}

/// `malformed digit row: {why}`, spanning the whole row.
fn malformed_row(row: &TokenStream, why: &str) -> syn::Error {
    syn::Error::new_spanned(row, format!("malformed digit row: {why}"))
}

/// The row's expression with its leading parentheses taken off, one pair at a time:
/// `((lane / 4) % 8)` -> `lane / 4 % 8`.
fn without_parens(mut trees: Vec<TokenTree>) -> Vec<TokenTree> {
    while let Some(TokenTree::Group(g)) = trees.first() {
        if g.delimiter() != Delimiter::Parenthesis {
            break;
        }
        let mut inner: Vec<TokenTree> = g.stream().into_iter().collect();
        inner.extend(trees.drain(1..));
        trees = inner;
    }
    trees
}

/// The word after `=>` that declares a broadcast digit (stored as place 0).
pub const BROADCAST: &str = "broadcast";

/// The place after `=>` in `row`: one integer of 1 or more, or `broadcast` (place 0: the
/// threads the digit tells apart hold the same element).
fn parse_place(row: &TokenStream, place: &[TokenTree]) -> syn::Result<Num> {
    match place {
        [TokenTree::Ident(id)] if id == BROADCAST => Ok(Num {
            value: 0,
            span: id.span(),
        }),
        [TokenTree::Literal(l)] => match literal_num(l.clone())? {
            Num { value: 0, span } => Err(syn::Error::new(
                span,
                format!(
                    "place 0 is no place: give the digit a place of 1 or more, or write \
                     `=> {BROADCAST}` if the threads it tells apart hold the same element"
                ),
            )),
            num => Ok(num),
        },
        [] => Err(malformed_row(
            row,
            &format!("missing the place after `=>`; {ROW_FORM}"),
        )),
        _ => {
            let ts: TokenStream = place.iter().cloned().collect();
            Err(syn::Error::new_spanned(
                ts,
                format!("the place must be one integer, e.g. `=> 64`, or `=> {BROADCAST}`"),
            ))
        }
    }
}

/// `SOURCE [/ DIVISOR] [% RANGE]` (parentheses taken off) in `row`: the source, divisor and
/// range.
fn parse_expr(
    row: &TokenStream,
    expr: Vec<TokenTree>,
) -> syn::Result<(Source, Option<Num>, Option<Num>)> {
    let malformed = |why: &str| malformed_row(row, why);
    let mut it = expr.into_iter().peekable();
    let source = match it.next() {
        Some(TokenTree::Ident(id)) => source_of(&id)?,
        _ => {
            return Err(malformed(&format!(
                "a digit starts with its source; {ROW_FORM}"
            )))
        }
    };
    let mut divisor = None;
    let mut range = None;
    while let Some(tt) = it.next() {
        let op = match &tt {
            TokenTree::Punct(p) if p.as_char() == '/' && divisor.is_none() && range.is_none() => {
                '/'
            }
            TokenTree::Punct(p) if p.as_char() == '%' && range.is_none() => '%',
            TokenTree::Punct(p) if p.as_char() == '/' && range.is_some() => {
                return Err(malformed(&divide_after_remainder(
                    source,
                    divisor,
                    range,
                    it.peek(),
                )));
            }
            _ => {
                return Err(malformed(&format!(
                    "unexpected {}; {ROW_FORM}",
                    shown(&tt.to_string())
                )))
            }
        };
        let n = match it.next() {
            Some(TokenTree::Literal(l)) => literal_num(l)?,
            _ => return Err(malformed(&format!("`{op}` takes an integer; {ROW_FORM}"))),
        };
        if op == '/' {
            divisor = Some(n);
        } else {
            range = Some(n);
        }
    }
    Ok((source, divisor, range))
}

/// Why `lane % 8 / 4` is refused, and the digit it means when there is one:
/// `(lane % 8) / 4` is `lane / 4 % 2`.
fn divide_after_remainder(
    source: Source,
    divisor: Option<Num>,
    range: Option<Num>,
    next: Option<&TokenTree>,
) -> String {
    let name = source.name();
    let fix = match (divisor, range, next) {
        (None, Some(r), Some(TokenTree::Literal(l))) => match l.to_string().parse::<u32>() {
            Ok(d) if d > 0 && r.value % d == 0 => Some(format!("`{name} / {d} % {}`", r.value / d)),
            _ => None,
        },
        _ => None,
    };
    match fix {
        Some(fix) => format!("`/` after `%`: write the divisor first, {fix}"),
        None => format!("`/` after `%`: write the divisor first; {ROW_FORM}"),
    }
}
