//! Parsing `numeral!`: a header, then one digit row per line. A malformed row is reported and
//! skipped, so every bad row is reported in one go.

use super::ast::{Decl, DigitRow, Num};
use layout_core::Source;
use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use syn::parse::{Parse, ParseStream};
use syn::{Attribute, Ident, LitInt, Token, Visibility};

pub const ROW_FORM: &str = "expected `SOURCE [/ DIVISOR] [% RANGE] => PLACE`, e.g. `lane / 4 => 8`";

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
            match key.to_string().as_str() {
                "elements" if elements.is_none() => elements = Some(value),
                "warps" if warps.is_none() => warps = Some(value),
                "elements" | "warps" => {
                    return Err(syn::Error::new(
                        key.span(),
                        format!("`{key}` is given twice"),
                    ))
                }
                other => {
                    return Err(syn::Error::new(
                        key.span(),
                        format!("unknown setting `{other}`: use `elements N` or `warps N`"),
                    ))
                }
            }
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
    let first: LitInt = input.parse()?;
    let suffix = first.suffix();
    if let Some(rest) = suffix.strip_prefix('x') {
        let rows = num_of(first.base10_digits(), first.span())?;
        let cols = num_of(rest, first.span())?;
        return Ok((rows, cols));
    }
    if !suffix.is_empty() {
        return Err(syn::Error::new(
            first.span(),
            "expected the tile shape `ROWS x COLS`",
        ));
    }
    let rows = num_of(first.base10_digits(), first.span())?;
    let x: Ident = input
        .parse()
        .map_err(|e| syn::Error::new(e.span(), "expected the tile shape `ROWS x COLS`"))?;
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
    let lit: LitInt = input.parse()?;
    lit_num(&lit)
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
    match syn::Lit::new(l) {
        syn::Lit::Int(i) => lit_num(&i),
        other => Err(syn::Error::new(other.span(), "expected an integer")),
    }
}

fn num_of(digits: &str, span: Span) -> syn::Result<Num> {
    match digits.parse::<u32>() {
        Ok(value) => Ok(Num { value, span }),
        Err(_) => Err(syn::Error::new(
            span,
            format!("{digits} does not fit in 32 bits: a tile holds at most 2^32 elements"),
        )),
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
    match ident.to_string().as_str() {
        "lane" => Ok(Source::Lane),
        "warp" => Ok(Source::Warp),
        "e" => Ok(Source::Element),
        other => Err(syn::Error::new(
            ident.span(),
            format!(
                "unknown source `{other}`: a digit reads `lane`, `warp` or `e` (the element index)"
            ),
        )),
    }
}

/// One row. Parentheses around the source expression are allowed: `(lane / 4) => 8`.
fn parse_row(row: TokenStream) -> syn::Result<DigitRow> {
    let tokens = row.clone();
    let malformed =
        |why: &str| syn::Error::new_spanned(&tokens, format!("malformed digit row: {why}"));
    let mut trees: Vec<TokenTree> = row.into_iter().collect();
    let arrow = trees
        .windows(2)
        .position(|w| matches!((&w[0], &w[1]), (TokenTree::Punct(a), TokenTree::Punct(b)) if a.as_char() == '=' && b.as_char() == '>'));
    let Some(arrow) = arrow else {
        return Err(malformed(&format!("missing `=> PLACE`; {ROW_FORM}")));
    };
    let place_trees = trees.split_off(arrow + 2);
    trees.truncate(arrow);
    let mut expr_trees = trees;
    if let [TokenTree::Group(g)] = expr_trees.as_slice() {
        if g.delimiter() == Delimiter::Parenthesis {
            expr_trees = g.stream().into_iter().collect();
        }
    }
    let expr: TokenStream = expr_trees.iter().cloned().collect();
    let place = match place_trees.as_slice() {
        [TokenTree::Literal(l)] => literal_num(l.clone())?,
        [] => {
            return Err(malformed(&format!(
                "missing the place after `=>`; {ROW_FORM}"
            )))
        }
        _ => {
            let ts: TokenStream = place_trees.iter().cloned().collect();
            return Err(syn::Error::new_spanned(
                ts,
                "the place must be one integer, e.g. `=> 64`",
            ));
        }
    };
    let mut it = expr_trees.into_iter().peekable();
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
            _ => return Err(malformed(&format!("unexpected `{}`; {ROW_FORM}", tt))),
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
    Ok(DigitRow {
        source,
        divisor,
        range,
        place,
        expr,
    })
}
