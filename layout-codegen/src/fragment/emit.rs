//! The pieces every strategy of `#[fragment_layout]` writes: an element's value and
//! coordinates bound as the closure binds them, its code (or a call of the closure where the
//! body has control flow of its own), the array a gather returns, the branch of a partial tile,
//! and the compile-time checks' shape (`failing`, `type_check`).

use super::ast::{ClosureParam, Fragment, Mode};
use proc_macro2::{Literal, TokenStream, TokenTree};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

/// With `bounds(ROWS, COLS)`: the counts as `usize` (`ROWS` and `COLS` evaluated once, first,
/// through `ExtentArg::saturating_usize`: a `usize` count is taken as it is, a negative one is
/// 0), then `whole` where they cover the tile and `partial` (each element
/// [guarded](guarded_element)) where they do not; the value of the `if` is a gather's array.
/// An element is inside where its coordinates are below the counts: the same elements as
/// inside [`Extent::clamped`](layout_core::bounds::Extent::clamped) of the counts (a tile
/// coordinate is below the tile's size), with no clamping to compute. `tile`: the tile's rows
/// and columns where the macro knows them (a catalog layout), written as literals; else read
/// from `__FL_NUMERAL`.
pub(super) fn bounded(
    f: &Fragment,
    tile: Option<(u32, u32)>,
    whole: TokenStream,
    partial: TokenStream,
) -> TokenStream {
    let Some((rows, cols)) = &f.args.bounds else {
        return whole;
    };
    let (rows, cols) = (extent(f, rows), extent(f, cols));
    let (tile_rows, tile_cols) = match tile {
        Some((r, c)) => {
            let (r, c) = (
                Literal::usize_unsuffixed(r as usize),
                Literal::usize_unsuffixed(c as usize),
            );
            (quote!(#r), quote!(#c))
        }
        None => (
            quote!(__FL_NUMERAL.rows as usize),
            quote!(__FL_NUMERAL.cols as usize),
        ),
    };
    quote! {
        let (__fl_rows, __fl_cols) = (#rows, #cols);
        if __fl_rows >= #tile_rows && __fl_cols >= #tile_cols {
            #whole
        } else {
            #partial
        }
    }
}

/// A count of `bounds` as `usize`: `ExtentArg::saturating_usize(COUNT)`, or the count itself
/// where it is a parameter of the function declared `usize` (for which that call is the
/// identity), which spares the compiler a trait call per count.
pub(super) fn extent(f: &Fragment, count: &syn::Expr) -> TokenStream {
    let usize_param = match count {
        syn::Expr::Path(p) if p.qself.is_none() && p.attrs.is_empty() => {
            p.path.get_ident().is_some_and(|name| {
                f.item.sig.inputs.iter().any(|arg| match arg {
                    syn::FnArg::Typed(t) => {
                        matches!(&*t.pat, syn::Pat::Ident(i) if i.ident == *name && i.subpat.is_none() && i.by_ref.is_none())
                            && matches!(&*t.ty, syn::Type::Path(ty) if ty.qself.is_none() && ty.path.is_ident("usize"))
                    }
                    syn::FnArg::Receiver(_) => false,
                })
            })
        }
        _ => false,
    };
    if usize_param {
        quote!(#count)
    } else {
        quote!(::fraglayout::bounds::ExtentArg::saturating_usize(#count))
    }
}

/// `if let Some(m) = ERROR { panic!(..) }` for a compile-time check: the compiler shows the
/// message on `span` alone, with no notes from inside `layout_core`.
pub(super) fn failing(error: TokenStream, span: proc_macro2::Span) -> TokenStream {
    quote_spanned! {span=>
        if let ::core::option::Option::Some(__fl_m) = #error {
            ::core::panic!("{}", __fl_m.as_str())
        }
    }
}

/// The names of the function's type and const parameters, and `Self`: what a nested item
/// (a `const _`) cannot name.
pub(super) fn generics(f: &Fragment) -> Vec<String> {
    generic_names(&f.item.sig.generics)
}

/// The names of `generics`' type and const parameters, and `Self`.
pub(super) fn generic_names(generics: &syn::Generics) -> Vec<String> {
    let params = generics.params.iter().filter_map(|p| match p {
        syn::GenericParam::Type(t) => Some(t.ident.to_string()),
        syn::GenericParam::Const(c) => Some(c.ident.to_string()),
        syn::GenericParam::Lifetime(_) => None,
    });
    params.chain(["Self".to_string()]).collect()
}

/// A compile-time `check` about the type `ty`, spanned on it: a constant item where it can be
/// one; an inline `const` block where the type names a generic parameter of the function.
pub(super) fn type_check(check: TokenStream, ty: &syn::Type, generics: &[String]) -> TokenStream {
    if names_any(ty.to_token_stream(), generics) {
        quote_spanned!(ty.span()=> const { #check };)
    } else {
        quote_spanned!(ty.span()=> const _: () = #check;)
    }
}

/// A type as the user wrote it, spaced as in source (`u8`, `Idx<u32>`).
pub(super) fn ty_text(ty: &syn::Type) -> String {
    ty.to_token_stream()
        .to_string()
        .replace(" < ", "<")
        .replace(" >", ">")
        .replace(" :: ", "::")
}

pub(super) fn names_any(ts: TokenStream, names: &[String]) -> bool {
    ts.into_iter().any(|t| match t {
        TokenTree::Ident(i) => names.iter().any(|n| i == n),
        TokenTree::Group(g) => names_any(g.stream(), names),
        _ => false,
    })
}

/// One element's value where a gather reads nothing: `fill = VALUE`, or the element type's
/// default (through `Fill`, whose error names the fix), or 0 for a packed 16-bit element.
pub(super) fn fill_value(f: &Fragment) -> TokenStream {
    let ty = &f.element_ty;
    match (&f.args.fill, f.args.mode) {
        (Some(v), _) => quote!(#v),
        (None, Mode::GatherPacked) => quote!(0),
        (None, _) => quote_spanned! {ty.span()=>
            <#ty as ::fraglayout::generated::Fill>::fill()
        },
    }
}

/// A coordinate `index` (a `usize`) as closure parameter `p`: itself, or converted to the
/// parameter's type (the compile-time check makes that lossless).
fn coordinate(p: &ClosureParam, index: TokenStream) -> TokenStream {
    match &p.ty {
        None => index,
        Some(ty) => quote_spanned! {ty.span()=>
            <#ty as ::fraglayout::generated::Coordinate>::from_index(#index)
        },
    }
}

/// What a scatter's body receives for the call starting at element `e`: `FRAG[e]`, or with
/// `vector = N` the array `[FRAG[e], ..., FRAG[e + N - 1]]`; `None` for a gather.
fn fragment_value(f: &Fragment, e: usize) -> Option<TokenStream> {
    let frag = f.fragment.as_ref()?;
    Some(match f.args.vector {
        None => {
            let e_idx = Literal::usize_unsuffixed(e);
            quote!(#frag[#e_idx])
        }
        Some((n, _)) => {
            let idx = (e..e + n).map(Literal::usize_unsuffixed);
            quote!([#(#frag[#idx]),*])
        }
    })
}

/// `let VALUE_PAT = FRAG[e];` for a scatter (the array of `vector = N` elements from `e`);
/// nothing for a gather. Bound before the coordinates, so a fragment parameter named `row` or
/// `col` is read before the closure's `row` and `col` shadow it, as in a real closure.
pub(super) fn value_binding(f: &Fragment, e: usize) -> TokenStream {
    match (fragment_value(f, e), f.params.get(2)) {
        (Some(value), Some(p)) => {
            let pat = &p.pat;
            match &p.ty {
                Some(ty) => quote!(let #pat: #ty = #value;),
                None => quote!(let #pat = #value;),
            }
        }
        _ => quote!(),
    }
}

/// The closure's `row` and `col` bound from `at`, an expression giving `(row, col)` as
/// `usize`; `None`: from `__fl_r` and `__fl_c` in scope. One statement each.
pub(super) fn coordinate_bindings(f: &Fragment, at: Option<&TokenStream>) -> Vec<TokenStream> {
    let (row, col) = (&f.params[0], &f.params[1]);
    let (r, c) = (&row.pat, &col.pat);
    match (at, &row.ty, &col.ty) {
        (Some(at), None, None) => vec![quote!(let (#r, #c) = #at;)],
        _ => {
            let fetch = at.map(|at| quote!(let (__fl_r, __fl_c) = #at;));
            let (rv, cv) = (
                coordinate(row, quote!(__fl_r)),
                coordinate(col, quote!(__fl_c)),
            );
            let (rt, ct) = (
                row.ty.as_ref().map(|t| quote!(: #t)),
                col.ty.as_ref().map(|t| quote!(: #t)),
            );
            fetch
                .into_iter()
                .chain([quote!(let #r #rt = #rv;), quote!(let #c #ct = #cv;)])
                .collect()
        }
    }
}

/// The code of element `e` once its coordinates are known (from `at`, or from `__fl_r` and
/// `__fl_c`): the bindings and the body, or, for a body with control flow of its own, a call
/// of the closure as written.
pub(super) fn run_element(f: &Fragment, e: usize, at: Option<&TokenStream>) -> TokenStream {
    let tail = |t: TokenStream| match f.args.mode {
        Mode::Scatter => quote!(#t;),
        _ => t,
    };
    if f.escapes {
        let fetch = at.map(|at| quote!(let (__fl_r, __fl_c) = #at;));
        let mut call_args = vec![
            coordinate(&f.params[0], quote!(__fl_r)),
            coordinate(&f.params[1], quote!(__fl_c)),
        ];
        call_args.extend(fragment_value(f, e));
        // The parameters typed where the user left them untyped (the body is checked before
        // the call's arguments could tell their types).
        let inputs = f.params.iter().enumerate().map(|(k, p)| {
            let pat = &p.pat;
            match (&p.ty, k) {
                (Some(ty), _) => quote!(#pat: #ty),
                (None, 2) => {
                    let ty = &f.element_ty;
                    match f.args.vector {
                        Some((n, _)) => {
                            let n = Literal::usize_unsuffixed(n);
                            quote!(#pat: [#ty; #n])
                        }
                        None => quote!(#pat: #ty),
                    }
                }
                (None, _) => quote!(#pat: usize),
            }
        });
        let (output, body) = (&f.closure.output, &f.closure.body);
        let call = tail(quote!((|#(#inputs),*| #output #body)(#(#call_args),*)));
        return quote!(#fetch #call);
    }
    let value = value_binding(f, e);
    let coords = coordinate_bindings(f, at);
    let body = tail(f.body.to_token_stream());
    quote!(#value #(#coords)* #body)
}

/// Element `e` of a partial tile, at `at` (an expression giving its `(row, col)` as `usize`):
/// its code where it is below the counts `__fl_rows` and `__fl_cols` ([`bounded`]); outside,
/// nothing for a scatter and the fill value for a gather.
pub(super) fn guarded_element(f: &Fragment, e: usize, at: TokenStream) -> TokenStream {
    let run = run_element(f, e, None);
    let otherwise = match f.args.mode {
        Mode::Scatter => quote!(),
        _ => {
            let fill = fill_value(f);
            quote!(else { #fill })
        }
    };
    quote! {{
        let (__fl_r, __fl_c) = #at;
        if __fl_r < __fl_rows && __fl_c < __fl_cols { #run } #otherwise
    }}
}

/// The array a gather returns: the values, or the values packed two per register, each
/// through `b16`, whose bound is an error on the body for a value that is not 16 bits wide.
pub(super) fn assemble(f: &Fragment, values: &[TokenStream]) -> TokenStream {
    match f.args.mode {
        Mode::GatherPacked => {
            let span = f.body.span();
            // The value bound to a name spanned on the body (its binding and its use alike, so
            // they resolve under any hygiene), where the error for a wide value then points.
            let b16 = |v: &TokenStream| quote_spanned!(span=> { let __fl_e = #v; ::fraglayout::generated::b16(__fl_e) });
            let regs = values.chunks(2).map(|pair| {
                let (lo, hi) = (b16(&pair[0]), b16(&pair[1]));
                quote!(::fraglayout::pack::pack_b16(#lo, #hi))
            });
            quote!([#(#regs),*])
        }
        _ => quote!([#(#values),*]),
    }
}

/// The array a `vector = N` gather (or one of `align`'s groups of `n`) returns: the calls'
/// arrays, typed `[T; n]` each (a body returning anything else is an error on it), laid end
/// to end at literal indices.
pub(super) fn flatten(f: &Fragment, calls: &[TokenStream], n: usize) -> TokenStream {
    let ty = &f.element_ty;
    let (n_lit, g_lit) = (
        Literal::usize_unsuffixed(n),
        Literal::usize_unsuffixed(calls.len()),
    );
    let each = (0..calls.len()).flat_map(|g| {
        let g = Literal::usize_unsuffixed(g);
        (0..n).map(move |j| {
            let j = Literal::usize_unsuffixed(j);
            quote!(__fl_v[#g][#j])
        })
    });
    quote! {{
        let __fl_v: [[#ty; #n_lit]; #g_lit] = [#(#calls),*];
        [#(#each),*]
    }}
}
