//! Reading the function under `#[fragment_layout]` into a [`Fragment`] that borrows it. Each
//! check looks at one part of the function and pushes what is wrong with it into one error
//! list, so every problem with the function is reported at once.

use super::ast::{Args, ClosureParam, Fragment, Mode};
use super::control;
use super::errors::Errors;
use layout_core::generated::MAX_UNROLLED;
use syn::spanned::Spanned;
use syn::{
    Expr, ExprClosure, FnArg, Ident, ItemFn, LitInt, Pat, ReturnType, Signature, Stmt, Type,
};

/// The parts of `item` that the expansion reads, or every problem found with them; `raw` is
/// `item`'s tokens as the macro received them.
pub fn fragment<'a>(
    args: &'a Args,
    item: &'a ItemFn,
    raw: &proc_macro2::TokenStream,
) -> syn::Result<Fragment<'a>> {
    let mut errors = Errors::default();
    let sig = &item.sig;
    // A method's receiver (`&self`, `&mut self`) comes before the lane and is passed through.
    let mut inputs = sig
        .inputs
        .iter()
        .filter(|a| !matches!(a, FnArg::Receiver(_)));
    let thread = thread(sig, inputs.next(), &mut errors);
    let (fragment, array) = match args.mode {
        Mode::Scatter => scattered_array(sig, inputs.next(), &mut errors),
        Mode::Gather | Mode::GatherPacked => (None, gathered_array(sig, &mut errors)),
    };
    if let Some(a) = &array {
        check_length(args, a, &mut errors);
    }
    check_bounds(args, sig, &mut errors);
    errors.extend(crate::reserved::reserved_names(raw, "#[fragment_layout]"));
    let closure = closure(args, item, &mut errors);
    errors.finish()?;
    // A check that finds no part pushes an error, so with none pushed every part is here.
    let (Some((thread, thread_ty)), Some(array), Some(closure)) = (thread, array, closure) else {
        unreachable!("#[fragment_layout]: a part is missing and no check reported it")
    };
    Ok(Fragment {
        args,
        item,
        thread,
        thread_ty,
        fragment,
        len: array.len,
        len_tokens: array.len_tokens,
        element_ty: array.element,
        params: closure.inputs.iter().map(ClosureParam::of).collect(),
        body: &closure.body,
        closure,
        escapes: control::escapes(&closure.body),
    })
}

/// `sig`'s parameters after any receiver; unless there are `want`, an error at its parentheses
/// that says what it `takes`, how many it has and the `shape`: `a row-address function takes 1
/// parameter, the lane, not 2: `fn a_row(lane: u32) -> u32 {}``.
pub(crate) fn parameters<'a>(
    sig: &'a Signature,
    want: usize,
    takes: &str,
    shape: &str,
    errors: &mut Errors,
) -> Vec<&'a FnArg> {
    let inputs: Vec<&FnArg> = sig
        .inputs
        .iter()
        .filter(|a| !matches!(a, FnArg::Receiver(_)))
        .collect();
    if inputs.len() != want {
        errors.push(syn::Error::new(
            sig.paren_token.span.join(),
            format!("{takes}, not {}: `{shape}`", inputs.len()),
        ));
    }
    inputs
}

/// An array type's length, its literal, and its element type.
pub(crate) struct Array<'a> {
    pub(crate) len: usize,
    pub(crate) len_tokens: &'a LitInt,
    pub(crate) element: &'a Type,
}

/// `[T; N]`, `&[T; N]` or `&mut [T; N]`: the length `N`, if it is a literal, and `T`.
pub(crate) fn array_of(ty: &Type) -> Option<syn::Result<Array<'_>>> {
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
            len_tokens: i,
            element: &arr.elem,
        }),
        other => Err(syn::Error::new_spanned(
            other,
            "write the fragment length as an integer, e.g. `[f32; 4]`",
        )),
    })
}

/// The fragment array `ty`, or an error: `not_array` where `ty` is no array at all.
fn array_or<'a>(ty: &'a Type, not_array: &str, errors: &mut Errors) -> Option<Array<'a>> {
    match array_of(ty) {
        Some(Ok(a)) => Some(a),
        Some(Err(e)) => {
            errors.push(e);
            None
        }
        None => {
            errors.push(syn::Error::new_spanned(ty, not_array));
            None
        }
    }
}

pub(crate) fn ident_of(arg: &FnArg) -> Option<(&Ident, &Type)> {
    match arg {
        FnArg::Typed(t) => match &*t.pat {
            Pat::Ident(p) => Some((&p.ident, &t.ty)),
            _ => None,
        },
        FnArg::Receiver(_) => None,
    }
}

/// The lane: the first parameter after any receiver, a name with a type.
fn thread<'a>(
    sig: &Signature,
    first: Option<&'a FnArg>,
    errors: &mut Errors,
) -> Option<(&'a Ident, &'a Type)> {
    let thread = first.and_then(ident_of);
    if thread.is_none() {
        errors.push(syn::Error::new(
            sig.paren_token.span.join(),
            "the first parameter is the lane (thread) index, e.g. `lane: u32`",
        ));
    }
    thread
}

/// A scatter's fragment: the parameter after the lane, its name and its array.
fn scattered_array<'a>(
    sig: &Signature,
    second: Option<&'a FnArg>,
    errors: &mut Errors,
) -> (Option<&'a Ident>, Option<Array<'a>>) {
    let Some((id, ty)) = second.and_then(ident_of) else {
        errors.push(syn::Error::new(
            second.map_or(sig.paren_token.span.join(), |s| s.span()),
            "a scatter takes the fragment after the lane, e.g. `frag: &[f32; 4]`",
        ));
        return (None, None);
    };
    let not_array = "the second parameter is the fragment: an array such as `&[f32; 4]`";
    match array_or(ty, not_array, errors) {
        Some(a) => (Some(id), Some(a)),
        None => (None, None),
    }
}

/// A gather's fragment: the array it returns.
fn gathered_array<'a>(sig: &'a Signature, errors: &mut Errors) -> Option<Array<'a>> {
    match &sig.output {
        ReturnType::Type(_, ty) => array_or(
            ty,
            "a gather returns the fragment: an array such as `[u16; 8]`",
            errors,
        ),
        ReturnType::Default => {
            errors.push(syn::Error::new(
                sig.ident.span(),
                "a gather returns the fragment: add a return type such as `-> [u16; 8]`",
            ));
            None
        }
    }
}

/// The array's length: short enough to unroll, and whole accesses of `vector = N`.
fn check_length(args: &Args, a: &Array, errors: &mut Errors) {
    let per_register = if args.mode == Mode::GatherPacked {
        2
    } else {
        1
    };
    errors.extend(too_long(a, per_register));
    if let Some((n, lit)) = &args.vector {
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
            a.len_tokens,
            format!(
                "{what} is more than #[fragment_layout] unrolls, {MAX_UNROLLED} elements a thread \
                 (the largest PTX fragment has 128): declare the numeral's elements per thread"
            ),
        )
    })
}

/// The names in `bounds(ROWS, COLS)`.
fn check_bounds(args: &Args, sig: &Signature, errors: &mut Errors) {
    if let Some((rows, cols)) = &args.bounds {
        errors.extend(
            [rows, cols]
                .into_iter()
                .filter_map(|e| unknown_bound(e, sig)),
        );
    }
}

/// A `bounds` value that is a bare lowercase name but no parameter of the function: a typo
/// (a constant, in capitals, is fine).
fn unknown_bound(e: &Expr, sig: &Signature) -> Option<syn::Error> {
    let Expr::Path(p) = e else { return None };
    let name = p.path.get_ident()?;
    let lower = name
        .to_string()
        .starts_with(|c: char| c.is_lowercase() || c == '_');
    let found = sig
        .inputs
        .iter()
        .filter_map(ident_of)
        .any(|(id, _)| id == name);
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

/// The element closure's parameters: `row, col, value` (`values` with `vector = N`) for a
/// scatter, `row, col` for a gather; with `shared = LAYOUT`, `offset` in place of `row, col`.
fn closure_names(args: &Args) -> &'static [&'static str] {
    if args.shared.is_some() {
        return match (args.mode, args.vector.is_some()) {
            (Mode::Scatter, false) => &["offset", "value"],
            (Mode::Scatter, true) => &["offset", "values"],
            (Mode::Gather | Mode::GatherPacked, _) => &["offset"],
        };
    }
    match (args.mode, args.vector.is_some()) {
        (Mode::Scatter, false) => &["row", "col", "value"],
        (Mode::Scatter, true) => &["row", "col", "values"],
        (Mode::Gather | Mode::GatherPacked, _) => &["row", "col"],
    }
}

/// The body: exactly one closure, the code for one element.
fn closure<'a>(args: &Args, item: &'a ItemFn, errors: &mut Errors) -> Option<&'a ExprClosure> {
    let names = closure_names(args);
    // `|row, col, value|`
    let want = format!("|{}|", names.join(", "));
    let [Stmt::Expr(Expr::Closure(c), None)] = item.block.stmts.as_slice() else {
        errors.push(syn::Error::new_spanned(
            &item.block,
            format!("the body is the code for one element: a closure `{want} ...`"),
        ));
        return None;
    };
    check_closure(c, names, &want, errors);
    Some(c)
}

/// The closure is never a value: its body runs in place for each element, so a keyword that
/// changes what the closure value is would be silently ignored; and it takes `names`.
fn check_closure(c: &ExprClosure, names: &[&str], want: &str, errors: &mut Errors) {
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
    if c.inputs.len() == names.len() {
        return;
    }
    let missing = &names[c.inputs.len().min(names.len())..];
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

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    fn read(args: &str, item: &str, check: impl FnOnce(syn::Result<Fragment>)) {
        let args: Args = syn::parse_str(args).unwrap();
        let raw: proc_macro2::TokenStream = item.parse().unwrap();
        let item: ItemFn = syn::parse2(raw.clone()).unwrap();
        check(fragment(&args, &item, &raw));
    }

    #[test]
    fn a_function_is_read_into_its_parts() {
        let item = "fn store(&self, lane: u16, frag: &mut [f32; 8], ld: usize) \
                    { |row, col: usize, value| { if ld == 0 { return; } out[row] = value; } }";
        read("L", item, |f| {
            let f = f.unwrap();
            assert_eq!((f.thread.to_string(), f.len), ("lane".into(), 8));
            assert_eq!(f.thread_ty.to_token_stream().to_string(), "u16");
            assert_eq!(f.element_ty.to_token_stream().to_string(), "f32");
            assert_eq!(f.fragment.map(|i| i.to_string()).as_deref(), Some("frag"));
            let typed: Vec<bool> = f.params.iter().map(|p| p.ty.is_some()).collect();
            assert_eq!(typed, [false, true, false]);
            assert!(f.escapes);
        });
    }

    #[test]
    fn every_problem_with_the_function_is_reported_in_order() {
        read(
            "L, gather, vector = 4",
            "fn load((a, b): (u32, u32)) -> [u16; 6] { move |row| 0 }",
            |f| {
                let all: Vec<String> = f
                    .err()
                    .unwrap()
                    .into_iter()
                    .map(|e| e.to_string())
                    .collect();
                assert_eq!(all.len(), 4, "{all:?}");
                assert!(all[0].starts_with("the first parameter is the lane"));
                assert!(all[1]
                    .starts_with("the fragment's 6 elements are not a multiple of `vector = 4`"));
                assert!(all[2].starts_with("the element closure is never kept"));
                assert_eq!(
                    all[3],
                    "the element closure takes `|row, col|`: `col` is missing"
                );
            },
        );
    }
}
