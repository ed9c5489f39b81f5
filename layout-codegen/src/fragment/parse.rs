//! Reading `#[fragment_layout]`'s arguments and the function it is on, reporting every problem
//! with the function at once.

use super::ast::{Args, ClosureParam, Fragment, Mode};
use super::control;
use layout_core::expand::MAX_UNROLLED;
use quote::ToTokens;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
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
        let mut bounds_word: Option<Ident> = None;
        let mut fill = None;
        let mut unpaired = None;
        let mut vector: Option<(usize, syn::LitInt)> = None;
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
                "unpaired" => unpaired = Some(word),
                "vector" => {
                    input.parse::<Token![=]>()?;
                    let lit: syn::LitInt = input.parse().map_err(|e| {
                        syn::Error::new(
                            e.span(),
                            "`vector` takes the elements per access as an integer: `vector = 2`",
                        )
                    })?;
                    match lit.base10_parse::<usize>() {
                        Ok(n) if n >= 1 => vector = Some((n, lit)),
                        _ => {
                            return Err(syn::Error::new(
                                lit.span(),
                                "`vector` takes the elements per access, 1 or more: `vector = 2`",
                            ))
                        }
                    }
                }
                "bounds" => {
                    bounds_word = Some(word.clone());
                    let inner;
                    let paren = syn::parenthesized!(inner in input);
                    let values = Punctuated::<Expr, Token![,]>::parse_terminated(&inner)
                        .ok()
                        .filter(|v| v.len() == 2);
                    match values {
                        Some(v) => {
                            let mut v = v.into_iter();
                            bounds = Some((v.next().unwrap(), v.next().unwrap()));
                        }
                        None => {
                            return Err(syn::Error::new(
                                paren.span.join(),
                                "`bounds` takes the valid rows and columns of the tile, two expressions of the parameters: `bounds(m, n)` or `bounds(m - i, n - j)`",
                            ))
                        }
                    }
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
                             `bounds(ROWS, COLS)`, `fill = VALUE` or `vector = N`"
                    ),
                    ))
                }
            }
        }
        if vector.is_some() {
            // A vector body receives whole accesses: a partial tile may cut one, packing
            // regroups the elements, and there is no run to turn off.
            let clash = [
                (packed.as_ref(), "`vector` and `packed` do not go together: a vector gather returns the elements unpacked, `[u16; N]` a call"),
                (bounds_word.as_ref(), "`vector` and `bounds` do not go together: a partial tile may cut an access of adjacent elements in two; use the element body for edge tiles"),
                (unpaired.as_ref(), "`unpaired` turns row runs off, and a `vector` body has none: remove `unpaired`"),
            ];
            let mut errors = clash
                .into_iter()
                .filter_map(|(w, msg)| w.map(|w| syn::Error::new(w.span(), msg)));
            if let Some(mut e) = errors.next() {
                errors.for_each(|x| e.combine(x));
                return Err(e);
            }
        }
        if let Some(word) = &packed {
            if mode != Mode::Gather {
                return Err(syn::Error::new(word.span(), "`packed` goes with `gather`"));
            }
            mode = Mode::GatherPacked;
        }
        let fill = match fill {
            Some((word, _)) if mode == Mode::Scatter => {
                return Err(syn::Error::new(
                    word.span(),
                    "`fill` is the value a gather returns where it reads nothing (outside `bounds`, or for a lane outside the layout): it goes with `gather`",
                ))
            }
            other => other.map(|(_, e)| e),
        };
        Ok(Args {
            numeral,
            mode,
            bounds,
            fill,
            unpaired: unpaired.is_some(),
            vector,
            packed,
        })
    }
}

/// An array type's length as written, its tokens, and its element type.
struct Array {
    len: usize,
    len_tokens: proc_macro2::TokenStream,
    element: Type,
}

/// `[T; N]`, `&[T; N]` or `&mut [T; N]`: the length `N`, if it is a literal, and `T`.
fn array_of(ty: &Type) -> Option<syn::Result<Array>> {
    let arr = match ty {
        Type::Array(a) => a,
        Type::Reference(r) => match &*r.elem {
            Type::Array(a) => a,
            _ => return None,
        },
        _ => return None,
    };
    // A length passed through `macro_rules!` (`[u32; $e]`) comes in an invisible group.
    let mut len = &arr.len;
    while let Expr::Group(g) = len {
        len = &g.expr;
    }
    Some(match len {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => i.base10_parse::<usize>().map(|len| Array {
            len,
            len_tokens: i.to_token_stream(),
            element: (*arr.elem).clone(),
        }),
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

/// The refusal of an array too long to unroll, before any code is generated for it.
fn too_long(a: &Array, per_register: usize) -> Option<syn::Error> {
    let elements = a.len.saturating_mul(per_register);
    (elements > MAX_UNROLLED).then(|| {
        let what = if per_register == 1 {
            format!("a fragment of {} elements", a.len)
        } else {
            format!(
                "{} registers of {per_register} elements ({elements})",
                a.len
            )
        };
        syn::Error::new_spanned(
            &a.len_tokens,
            format!(
                "{what} is more than #[fragment_layout] unrolls, {MAX_UNROLLED} elements a thread \
                 (the largest PTX fragment has 128): declare the numeral's elements per thread"
            ),
        )
    })
}

/// A `bounds` value that is a bare lowercase name but no parameter of the function: a typo
/// (a constant, in capitals, is fine).
fn unknown_bound(e: &Expr, sig: &syn::Signature) -> Option<syn::Error> {
    let Expr::Path(p) = e else { return None };
    let name = p.path.get_ident()?;
    let lower = name
        .to_string()
        .starts_with(|c: char| c.is_lowercase() || c == '_');
    let found = sig
        .inputs
        .iter()
        .filter_map(ident_of)
        .any(|(id, _)| id == *name);
    (lower && !found).then(|| {
        syn::Error::new(
            name.span(),
            format!(
                "`bounds` names `{name}`, which is not a parameter of `{}`",
                sig.ident
            ),
        )
    })
}

pub fn parse(args: Args, item: ItemFn) -> Result<Fragment, Box<(ItemFn, Args, syn::Error)>> {
    let mut errors: Vec<syn::Error> = Vec::new();
    let sig = &item.sig;
    let want = match (args.mode, args.vector.is_some()) {
        (Mode::Scatter, false) => "|row, col, value|",
        (Mode::Scatter, true) => "|row, col, values|",
        (Mode::Gather | Mode::GatherPacked, _) => "|row, col|",
    };
    // A method's receiver (`&self`, `&mut self`) comes before the lane and is passed through.
    let mut inputs = sig
        .inputs
        .iter()
        .filter(|a| !matches!(a, FnArg::Receiver(_)));
    let thread = match inputs.next().and_then(ident_of) {
        Some((id, ty)) => Some((id, ty.clone())),
        None => {
            errors.push(syn::Error::new(
                sig.paren_token.span.join(),
                "the first parameter is the lane (thread) index, e.g. `lane: u32`",
            ));
            None
        }
    };
    let mut fragment = None;
    let mut array = None;
    match args.mode {
        Mode::Scatter => {
            let second = inputs.next();
            match second.and_then(ident_of) {
                Some((id, ty)) => match array_of(ty) {
                    Some(Ok(a)) => {
                        fragment = Some(id);
                        array = Some(a);
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
            ReturnType::Type(_, ty) => match array_of(ty) {
                Some(Ok(a)) => array = Some(a),
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
    let per_register = if args.mode == Mode::GatherPacked {
        2
    } else {
        1
    };
    if let Some(e) = array.as_ref().and_then(|a| too_long(a, per_register)) {
        errors.push(e);
    }
    if let (Some(a), Some((n, lit))) = (&array, &args.vector) {
        if a.len % n != 0 {
            errors.push(syn::Error::new(
                lit.span(),
                format!(
                    "the fragment's {} elements are not a multiple of `vector = {n}`: each call of the body takes {n} of them",
                    a.len
                ),
            ));
        }
    }
    if let Some((rows, cols)) = &args.bounds {
        errors.extend(
            [rows, cols]
                .into_iter()
                .filter_map(|e| unknown_bound(e, sig)),
        );
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
        // The closure is never a value: its body runs in place for each element, so a keyword
        // that changes what the closure value is would be silently ignored.
        if let Some(m) = &c.capture {
            errors.push(syn::Error::new(
                m.span,
                "the element closure is never kept, so `move` means nothing here: remove it",
            ));
        }
        if let Some(a) = &c.asyncness {
            errors.push(syn::Error::new(
                a.span,
                "the element closure runs for each element and cannot be `async`: remove `async` (the function itself may be `async fn`)",
            ));
        }
        let names = match (args.mode, args.vector.is_some()) {
            (Mode::Scatter, false) => &["row", "col", "value"][..],
            (Mode::Scatter, true) => &["row", "col", "values"][..],
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
    let array = array.expect("checked above");
    let (thread, thread_ty) = thread.expect("checked above");
    let closure = closure.expect("checked above").clone();
    let body = (*closure.body).clone();
    Ok(Fragment {
        element_ty: array.element.clone(),
        escapes: control::escapes(&body),
        args,
        thread,
        thread_ty,
        fragment,
        len: array.len,
        len_tokens: array.len_tokens,
        params,
        body,
        closure,
        item,
    })
}
