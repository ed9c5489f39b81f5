//! Reading `#[fragment_layout]`'s arguments and the function it is on, reporting every problem
//! with the function at once.

use super::ast::{Args, ClosureParam, Fragment, Mode};
use quote::ToTokens;
use syn::parse::{Parse, ParseStream};
use syn::spanned::Spanned;
use syn::{Expr, FnArg, Ident, ItemFn, Pat, ReturnType, Stmt, Token, Type};

impl Parse for Args {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.is_empty() {
            return Err(input.error(
                "name the layout: `#[fragment_layout(NUMERAL)]` or `#[fragment_layout(NUMERAL, gather)]`",
            ));
        }
        let numeral: Expr = input.parse()?;
        let mut mode = Mode::Scatter;
        let mut packed = None;
        let mut bounds = None;
        let mut fill = None;
        let mut unpaired = false;
        while input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            let word: Ident = input.parse()?;
            match word.to_string().as_str() {
                "scatter" => mode = Mode::Scatter,
                "gather" => mode = Mode::Gather,
                "packed" => packed = Some(word),
                "unpaired" => unpaired = true,
                "bounds" => {
                    let inner;
                    syn::parenthesized!(inner in input);
                    let rows: Ident = inner.parse()?;
                    inner.parse::<Token![,]>()?;
                    let cols: Ident = inner.parse()?;
                    if !inner.is_empty() {
                        return Err(inner.error(
                            "`bounds` names two parameters: `bounds(valid_rows, valid_cols)`",
                        ));
                    }
                    bounds = Some((rows, cols));
                }
                "fill" => {
                    input.parse::<Token![=]>()?;
                    fill = Some((word, input.parse::<Expr>()?));
                }
                other => {
                    return Err(syn::Error::new(
                        word.span(),
                        format!(
                        "unknown option `{other}`: use `scatter`, `gather`, `packed`, `unpaired`, \
                             `bounds(ROWS, COLS)` or `fill = VALUE`"
                    ),
                    ))
                }
            }
        }
        if let Some(word) = packed {
            if mode != Mode::Gather {
                return Err(syn::Error::new(word.span(), "`packed` goes with `gather`"));
            }
            mode = Mode::GatherPacked;
        }
        let fill = match fill {
            Some((word, _)) if mode == Mode::Scatter || bounds.is_none() => {
                return Err(syn::Error::new(
                    word.span(),
                    "`fill` is the value a bounded gather returns outside: it goes with `gather, bounds(ROWS, COLS)`",
                ))
            }
            other => other.map(|(_, e)| e),
        };
        Ok(Args {
            numeral,
            mode,
            bounds,
            fill,
            unpaired,
        })
    }
}

/// `[T; N]`, `&[T; N]` or `&mut [T; N]`: the length `N`, if it is a literal, and its tokens.
fn array_len(ty: &Type) -> Option<syn::Result<(usize, proc_macro2::TokenStream)>> {
    let arr = match ty {
        Type::Array(a) => a,
        Type::Reference(r) => match &*r.elem {
            Type::Array(a) => a,
            _ => return None,
        },
        _ => return None,
    };
    Some(match &arr.len {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => i.base10_parse::<usize>().map(|n| (n, i.to_token_stream())),
        other => Err(syn::Error::new_spanned(
            other,
            "write the fragment length as an integer, e.g. `[f32; 4]`",
        )),
    })
}

fn ident_of(arg: &FnArg) -> Option<(Ident, &Type)> {
    match arg {
        FnArg::Typed(t) => match &*t.pat {
            Pat::Ident(p) => Some((p.ident.clone(), &t.ty)),
            _ => None,
        },
        FnArg::Receiver(_) => None,
    }
}

pub fn parse(args: Args, item: ItemFn) -> Result<Fragment, Box<(ItemFn, Args, syn::Error)>> {
    let mut errors: Vec<syn::Error> = Vec::new();
    let sig = &item.sig;
    let want = match args.mode {
        Mode::Scatter => "|row, col, value|",
        Mode::Gather | Mode::GatherPacked => "|row, col|",
    };
    // A method's receiver (`&self`, `&mut self`) comes before the lane and is passed through.
    let mut inputs = sig
        .inputs
        .iter()
        .filter(|a| !matches!(a, FnArg::Receiver(_)));
    let thread = match inputs.next().and_then(ident_of) {
        Some((id, _)) => Some(id),
        None => {
            errors.push(syn::Error::new(
                sig.paren_token.span.join(),
                "the first parameter is the lane (thread) index, e.g. `lane: u32`",
            ));
            None
        }
    };
    let mut fragment = None;
    let mut len = None;
    match args.mode {
        Mode::Scatter => {
            let second = inputs.next();
            match second.and_then(ident_of) {
                Some((id, ty)) => match array_len(ty) {
                    Some(Ok(n)) => {
                        fragment = Some(id);
                        len = Some(n);
                    }
                    Some(Err(e)) => errors.push(e),
                    None => errors.push(syn::Error::new_spanned(
                        ty,
                        "the second parameter is the fragment: an array such as `&[f32; 4]`",
                    )),
                },
                None => errors.push(syn::Error::new(
                    second.map_or(sig.paren_token.span.join(), |s| s.span()),
                    "a scatter takes the fragment after the lane, e.g. `frag: &[f32; 4]`",
                )),
            }
        }
        Mode::Gather | Mode::GatherPacked => match &sig.output {
            ReturnType::Type(_, ty) => match array_len(ty) {
                Some(Ok(n)) => len = Some(n),
                Some(Err(e)) => errors.push(e),
                None => errors.push(syn::Error::new_spanned(
                    ty,
                    "a gather returns the fragment: an array such as `[u16; 8]`",
                )),
            },
            ReturnType::Default => errors.push(syn::Error::new(
                sig.ident.span(),
                "a gather returns the fragment: add a return type such as `-> [u16; 8]`",
            )),
        },
    }
    if let Some((rows, cols)) = &args.bounds {
        for name in [rows, cols] {
            let found = sig
                .inputs
                .iter()
                .filter_map(ident_of)
                .any(|(id, _)| id == *name);
            if !found {
                errors.push(syn::Error::new(
                    name.span(),
                    format!(
                        "`bounds` names `{name}`, which is not a parameter of `{}`",
                        sig.ident
                    ),
                ));
            }
        }
    }
    let closure = match item.block.stmts.as_slice() {
        [Stmt::Expr(Expr::Closure(c), None)] => Some(c),
        _ => {
            errors.push(syn::Error::new_spanned(
                &item.block,
                format!("the body is the code for one element: a closure `{want} ...`"),
            ));
            None
        }
    };
    let mut params = Vec::new();
    if let Some(c) = closure {
        let names = match args.mode {
            Mode::Scatter => &["row", "col", "value"][..],
            _ => &["row", "col"][..],
        };
        if c.inputs.len() != names.len() {
            let missing: Vec<_> = names[c.inputs.len().min(names.len())..].to_vec();
            let msg = if missing.is_empty() {
                format!(
                    "the element closure takes {} parameters, `{want}`; remove the extra ones",
                    names.len()
                )
            } else {
                format!(
                    "the element closure takes `{want}`: `{}` is missing",
                    missing.join("`, `")
                )
            };
            errors.push(if c.inputs.is_empty() {
                syn::Error::new(c.or1_token.span, msg)
            } else {
                syn::Error::new_spanned(&c.inputs, msg)
            });
        }
        for p in &c.inputs {
            params.push(match p {
                Pat::Type(t) => ClosureParam {
                    pat: (*t.pat).clone(),
                    ty: Some((*t.ty).clone()),
                },
                other => ClosureParam {
                    pat: other.clone(),
                    ty: None,
                },
            });
        }
    }
    if let Some(e) = errors.into_iter().reduce(|mut a, b| {
        a.combine(b);
        a
    }) {
        return Err(Box::new((item, args, e)));
    }
    let (len, len_tokens) = len.expect("checked above");
    let body = (*closure.expect("checked above").body).clone();
    Ok(Fragment {
        args,
        thread: thread.expect("checked above"),
        fragment,
        len,
        len_tokens,
        params,
        body,
        item,
    })
}
