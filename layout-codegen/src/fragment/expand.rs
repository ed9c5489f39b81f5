//! Expanding `#[fragment_layout]`: unrolled, with the element's coordinates as constants and
//! the thread part computed once, only for a thread of the layout.
//!
//! The shape, for a scatter (`generated` in `layout_core` explains the arithmetic):
//!
//! ```text
//! const __FL_NUMERAL ... __FL_TERMS ... __FL_WRAP ... __FL_AT ...   // the layout, checked
//! if let Some(__fl_thread) = <LaneType as ThreadIndex>::below(lane, __FL_NUMERAL.threads()) {
//!     let __fl_at = ThreadPart::<__FL_WRAP>::new(&__FL_TERMS, __fl_thread);
//!     // a body `BASE[INDEX] = RHS` affine in `row` (`shared_reach`): the element code once,
//!     let mut __fl_put = |__fl_e: usize| { let value = frag[__fl_e]; .. __FL_AT[__fl_e] .. };
//!     __fl_put(0); ...                                       // one call per element
//!     // any other body: one block per element
//!     { let value = frag[0]; let (row, col) = __fl_at.at(__FL_AT[0].at); BODY; } ...
//! }                                                     // a gather: else, the fill values
//! ```
//!
//! For a catalog layout and an affine body over a slice parameter, the elements are
//! straight-line code instead, with no tables and no `ThreadPart` (`straight.rs`); so are
//! those whose body reaches its element through a raw pointer parameter (`pointer.rs`).

use super::ast::{ClosureParam, Fragment, Mode};
use super::known::Known;
use super::pairing::{self, Pattern};
use super::pointer;
use super::smem;
use super::straight;
use proc_macro2::{Literal, TokenStream, TokenTree};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

/// The function with the user's signature and the unrolled body: the layout's constants, the
/// compile-time checks, then the elements for a thread inside the layout (and the fill values
/// a gather returns for one outside it).
pub fn expand(f: &Fragment) -> TokenStream {
    let elements = match f.args.mode {
        Mode::GatherPacked => 2 * f.len,
        _ => f.len,
    };
    // `shared = LAYOUT` (smem.rs): offsets element by element, no run or reach.
    let smem = f.args.shared.is_some();
    let shared = shared_pattern(f, elements).filter(|_| !smem);
    let known = Known::of(f, elements);
    // A known layout and an affine body: straight-line code, no tables (straight.rs).
    let straight = known
        .as_ref()
        .zip(shared.as_ref())
        .and_then(|(k, p)| straight::body(f, p, k, elements))
        // Or a body through a raw pointer, `BASE.add(INDEX)` (pointer.rs).
        .or_else(|| {
            let k = known.as_ref().filter(|_| !smem)?;
            pointer::body(f, k, elements)
        });
    let mut layout = match (&known, &straight) {
        // The typed coordinates' checks read the numeral (`bounds` has the tile as literals).
        (Some(k), Some(_)) => k.consts(f, f.params.iter().take(2).any(|p| p.ty.is_some())),
        _ => layout_consts(f, elements, shared.as_ref(), known.as_ref()),
    };
    layout.extend(smem::consts(f));
    let mut checks = checks(f, known.is_some());
    checks.extend(thread_count_check(f, known.as_ref()));
    checks.extend(smem::checks(f));
    let thread_part = straight.is_none().then(|| {
        quote! {
            let __fl_at =
                ::fraglayout::generated::ThreadPart::<__FL_WRAP>::new(&__FL_TERMS, __fl_thread);
        }
    });
    let body = match straight {
        Some(code) => code,
        None if smem => smem::body(f, elements),
        None => body(f, elements, shared.as_ref()),
    };
    let below = below(f, known.as_ref());
    let outside = outside(f);
    let item = &f.item;
    let (attrs, vis, sig) = (&item.attrs, &item.vis, &item.sig);
    // Small and called once per lane: inline, unless the user chose otherwise.
    let inline = (!attrs.iter().any(|a| a.path().is_ident("inline"))).then(|| quote!(#[inline]));
    quote! {
        #(#attrs)*
        #inline
        #vis #sig {
            #layout
            #checks
            if let ::core::option::Option::Some(__fl_thread) = #below {
                #thread_part
                #body
            } #outside
        }
    }
}

/// The layout's constants: the numeral (checked to be a bijection), its thread terms, its band
/// and its table of element positions, spanned on the numeral argument: the element table
/// `__FL_AT` for code that reaches elements one by one, the reaches `__FL_REACH` for the
/// closure of [`shared_reach`] (both with `bounds`, whose partial tiles go element by element).
/// For a catalog layout the macro [knows](Known), the thread terms, the band and the reaches
/// are literals and the one check is that the path is that layout.
fn layout_consts(
    f: &Fragment,
    elements: usize,
    shared: Option<&Pattern>,
    known: Option<&Known>,
) -> TokenStream {
    let numeral = &f.args.numeral;
    let elements_lit = Literal::usize_unsuffixed(elements);
    let table = (shared.is_none() || f.args.bounds.is_some()).then(|| {
        quote_spanned! {numeral.span()=>
            const __FL_AT: &[::fraglayout::generated::ElementAt; #elements_lit] =
                &__FL_NUMERAL.element_table();
        }
    });
    let reaches = shared.and_then(|p| p.affine.as_ref()).map(|a| {
        let footprint = a.footprint;
        if let Some(k) = known {
            return k.reaches(elements, footprint);
        }
        quote_spanned! {numeral.span()=>
            const __FL_REACH: &::fraglayout::generated::Reaches<#elements_lit> =
                &__FL_NUMERAL.reaches(#footprint);
        }
    });
    if let Some(k) = known {
        let (numeral_and_guard, thread) = (k.consts(f, true), k.thread_consts());
        return quote_spanned! {numeral.span()=>
            #numeral_and_guard
            #thread
            #table
            #reaches
        };
    }
    quote_spanned! {numeral.span()=>
        const __FL_NUMERAL: ::fraglayout::Numeral<'static> = #numeral;
        const _: () = ::fraglayout::assert_bijection(&__FL_NUMERAL);
        const __FL_TERMS: [::fraglayout::generated::ThreadTerm; __FL_NUMERAL.thread_term_count()] =
            __FL_NUMERAL.thread_terms_array();
        const __FL_WRAP: usize = __FL_NUMERAL.thread_wrap();
        #table
        #reaches
    }
}

/// The compile-time checks, each a message on the tokens at fault: the thread terms (on the
/// numeral), the fragment length, `vector = N`, `packed`'s element width, typed coordinates.
/// With a `known` catalog layout the macro made all but the last itself ([`Known::of`]).
fn checks(f: &Fragment, known: bool) -> TokenStream {
    let coordinate_checks = coordinate_checks(f);
    if known {
        return coordinate_checks;
    }
    let numeral_span = f.args.numeral.span();
    let terms_check = failing(
        quote_spanned!(numeral_span=> __FL_NUMERAL.thread_terms_error()),
        numeral_span,
    );
    let len = Literal::usize_unsuffixed(f.len);
    let len_span = f.len_tokens.span();
    let len_error = match f.args.mode {
        Mode::GatherPacked => quote_spanned! {len_span=>
            ::fraglayout::generated::packed_len_error(&__FL_NUMERAL, #len, 2)
        },
        _ => quote_spanned! {len_span=>
            ::fraglayout::generated::fragment_len_error(&__FL_NUMERAL, #len)
        },
    };
    let len_check = failing(len_error, len_span);
    let len_check = quote_spanned!(len_span=> const _: () = #len_check;);
    let vector_check = f.args.vector.as_ref().map(|(n, lit)| {
        let n = Literal::usize_unsuffixed(*n);
        let error =
            quote_spanned!(lit.span()=> ::fraglayout::generated::vector_error(&__FL_NUMERAL, #n));
        let check = failing(error, lit.span());
        quote_spanned!(lit.span()=> const _: () = #check;)
    });
    let width_check = f.args.packed.as_ref().map(|word| {
        let error =
            quote_spanned!(word.span()=> ::fraglayout::generated::packed_width_error(&__FL_NUMERAL));
        let check = failing(error, word.span());
        quote_spanned!(word.span()=> const _: () = #check;)
    });
    quote! {
        const _: () = #terms_check;
        #len_check
        #vector_check
        #width_check
        #coordinate_checks
    }
}

/// The elements of a thread inside the layout: one block per body call (every element, or
/// every `N`-th with `vector = N`), through row runs or the footprint where the body allows;
/// with `bounds`, a whole tile takes that path and a partial one checks each element.
fn body(f: &Fragment, elements: usize, shared: Option<&Pattern>) -> TokenStream {
    let pattern = run_pattern(f);
    let width = f.args.width();
    let firsts = || (0..elements).step_by(width);
    let fragment = |guarded: bool| {
        // Runs only on the unguarded path: a run may straddle the edge of a partial tile.
        let pattern = if guarded { None } else { pattern.as_ref() };
        if let Some(p) = shared.filter(|_| !guarded) {
            return shared_reach(f, p, elements);
        }
        let block = |e: usize| match pattern {
            Some(p) => run_block(f, e, p),
            None => element_block(f, e, guarded),
        };
        match f.args.mode {
            Mode::Scatter => {
                let blocks = firsts().map(block);
                quote!(#(#blocks)*)
            }
            _ => {
                let values: Vec<TokenStream> = firsts().map(block).collect();
                match &f.args.vector {
                    Some(_) => flatten(f, &values),
                    None => assemble(f, &values),
                }
            }
        }
    };
    match &f.args.bounds {
        None => fragment(false),
        Some(_) => bounded(f, None, fragment(false), fragment(true)),
    }
}

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
fn extent(f: &Fragment, count: &syn::Expr) -> TokenStream {
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

/// The lane converted without loss; a value outside the layout's threads (or one no `u32`
/// holds) runs no element.
fn below(f: &Fragment, known: Option<&Known>) -> TokenStream {
    let (thread, lane_ty) = (&f.thread, &f.thread_ty);
    let threads = known.map_or_else(|| quote!(__FL_NUMERAL.threads()), Known::threads);
    quote_spanned! {lane_ty.span()=>
        <#lane_ty as ::fraglayout::generated::ThreadIndex>::below(#thread, #threads)
    }
}

/// For a thread parameter whose type may bound its range (anything but a primitive integer:
/// `Lane`, `Thread<N>`), a compile-time check, spanned on the type, that the range reaches
/// every thread of the layout ([`ThreadIndex::COUNT`](layout_core::generated::ThreadIndex)).
fn thread_count_check(f: &Fragment, known: Option<&Known>) -> Option<TokenStream> {
    const INTEGERS: [&str; 12] = [
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
    ];
    let ty = f.thread_ty;
    if let syn::Type::Path(p) = ty {
        if p.qself.is_none() && INTEGERS.iter().any(|i| p.path.is_ident(i)) {
            return None;
        }
    }
    let (name, threads) = match known {
        Some(k) => {
            let name = k.numeral().name;
            (quote!(#name), k.threads())
        }
        None => (quote!(__FL_NUMERAL.name), quote!(__FL_NUMERAL.threads())),
    };
    let ty_name = ty_text(ty);
    let error = quote_spanned! {ty.span()=>
        ::fraglayout::generated::thread_count_error(
            #name,
            #threads,
            #ty_name,
            <#ty as ::fraglayout::generated::ThreadIndex>::COUNT,
        )
    };
    Some(type_check(failing(error, ty.span()), ty, &generics(f)))
}

/// What a thread outside the layout gets: a scatter writes nothing, a gather returns its fill
/// values (`fill = VALUE`, else the element type's `Default`).
fn outside(f: &Fragment) -> TokenStream {
    let len = Literal::usize_unsuffixed(f.len);
    match (f.args.mode, &f.args.fill) {
        (Mode::Scatter, _) => quote!(),
        (Mode::Gather, Some(v)) => quote!(else { ::core::array::from_fn(|_| #v) }),
        (Mode::Gather, None) => {
            let ty = &f.element_ty;
            quote_spanned!(ty.span()=> else { ::fraglayout::generated::fill_array::<#ty, #len>() })
        }
        (Mode::GatherPacked, _) => {
            let fill = fill_value(f);
            quote!(else { [::fraglayout::pack::pack_b16(#fill, #fill); #len] })
        }
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

/// For each typed `row` / `col` parameter, a compile-time check that its integer type holds
/// the tile's last row / column, spanned on the type. A constant item where it can be one; an
/// inline `const` block where the type names a generic parameter of the function.
fn coordinate_checks(f: &Fragment) -> TokenStream {
    if f.args.shared.is_some() {
        // The closure takes `offset`, checked against the layout's span (smem.rs).
        return quote!();
    }
    let generics = generics(f);
    let checks = f.params.iter().take(2).enumerate().filter_map(|(k, p)| {
        let ty = p.ty.as_ref()?;
        let col = k == 1;
        let (param, ty_name) = (p.pat.to_token_stream().to_string(), ty_text(ty));
        let error = quote_spanned! {ty.span()=>
            ::fraglayout::generated::coordinate_error(
                &__FL_NUMERAL,
                #col,
                #param,
                #ty_name,
                <#ty as ::fraglayout::generated::Coordinate>::MAX,
                <#ty as ::fraglayout::generated::Coordinate>::SIGNED,
            )
        };
        let check = failing(error, ty.span());
        Some(type_check(check, ty, &generics))
    });
    quote!(#(#checks)*)
}

/// The names of the function's type parameters.
pub(super) fn generics(f: &Fragment) -> Vec<String> {
    f.item
        .sig
        .generics
        .params
        .iter()
        .filter_map(|p| match p {
            syn::GenericParam::Type(t) => Some(t.ident.to_string()),
            _ => None,
        })
        .collect()
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
fn run_element(f: &Fragment, e: usize, at: Option<&TokenStream>) -> TokenStream {
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

/// The code for element `e`: its constant element part, then its code; when `guarded`, only
/// inside the valid extent (a gather returns the fill value outside).
fn element_block(f: &Fragment, e: usize, guarded: bool) -> TokenStream {
    let e_idx = Literal::usize_unsuffixed(e);
    let at = quote!(__fl_at.at(__FL_AT[#e_idx].at));
    if guarded {
        return guarded_element(f, e, at);
    }
    let code = run_element(f, e, Some(&at));
    quote!({ #code })
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

/// The array a `vector = N` gather returns: the calls' arrays, typed `[T; N]` each (a body
/// returning anything else is an error on it), laid end to end at literal indices.
pub(super) fn flatten(f: &Fragment, calls: &[TokenStream]) -> TokenStream {
    let (ty, n) = (&f.element_ty, f.args.width());
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

/// The body's run pattern, when it may use one (see [`pairing`]): not `unpaired`, no control
/// flow of its own, the shape `BASE[INDEX] (op)= RHS` / `BASE[INDEX]`, and a base that indexes
/// as a slice does ([`Fragment::slice_base`]).
fn run_pattern(f: &Fragment) -> Option<Pattern> {
    if f.args.shared.is_some() || f.args.unpaired || f.escapes || f.args.vector.is_some() {
        return None;
    }
    let col = pairing::param_ident(f.params[1].pat)?;
    let row = pairing::param_ident(f.params[0].pat);
    let pattern = match f.args.mode {
        Mode::Scatter => {
            // A value pattern other than a name could bind any name: no affine index then.
            let value = f.params.get(2).map(|p| pairing::param_ident(p.pat));
            let row = row.filter(|_| value.is_none_or(|v| v.is_some()));
            pairing::scatter(f.body, row, col, value.flatten())
        }
        _ => pairing::gather(f.body, row, col),
    };
    pattern.filter(|p| f.slice_base(&p.base))
}

/// Element `e` through its row run: the element's own bindings for the stored value (a
/// scatter), then `INDEX` at the run's leftmost element, the run as one slice, and the element
/// at its constant offset in it. The elements of a run make the same slice, so the optimizer
/// keeps one bounds check for all of them; order per element is the body's own (value, then
/// index, then access).
fn run_block(f: &Fragment, e: usize, p: &Pattern) -> TokenStream {
    let e_idx = Literal::usize_unsuffixed(e);
    let (base, index) = (&p.base, &p.index);
    let run_coords = coordinate_bindings(f, Some(&quote!(__fl_at.at(__FL_AT[#e_idx].run))));
    let run = |borrow: TokenStream| {
        quote! {{
            #(#[allow(unused_variables)] #run_coords)*
            let __fl_i = #index;
            #borrow #base[__fl_i..__fl_i + __FL_AT[#e_idx].span]
        }}
    };
    match (&p.rhs, f.args.mode) {
        (Some(rhs), Mode::Scatter) => scatter_element(f, e, p, rhs, |op| {
            let run = run(quote!(&mut));
            quote! {
                let __fl_run = #run;
                __fl_run[__FL_AT[#e_idx].offset] #op __fl_v;
            }
        }),
        _ => {
            let run = run(quote!(&));
            quote!((#run)[__FL_AT[#e_idx].offset])
        }
    }
}

/// Element `e` of a paired scatter body: its value and coordinates bound as the closure binds
/// them, the stored value `__fl_v = RHS` computed, then `store(OP)`, which stores `__fl_v`
/// with the body's operator (`=`, `+=`, ...).
fn scatter_element(
    f: &Fragment,
    e: usize,
    p: &Pattern,
    rhs: &syn::Expr,
    store: impl FnOnce(TokenStream) -> TokenStream,
) -> TokenStream {
    let e_idx = Literal::usize_unsuffixed(e);
    let value = value_binding(f, e);
    let coords = coordinate_bindings(f, Some(&quote!(__fl_at.at(__FL_AT[#e_idx].at))));
    let op = match &p.op {
        Some(op) => quote!(#op),
        None => quote!(=),
    };
    let store = store(op);
    quote! {{
        #value
        #(#[allow(unused_variables)] #coords)*
        let __fl_v = #rhs;
        #store
    }}
}

/// `n * K`, on the side the body writes it (`K` absent: `n`).
fn times(a: &pairing::Affine, n: TokenStream) -> TokenStream {
    match &a.k {
        None => n,
        Some((k, false)) => quote!(#n * #k),
        Some((k, true)) => quote!(#k * #n),
    }
}

/// The body's pattern when its elements go through one closure ([`shared_reach`]): an index
/// affine in `row`, and elements to reach.
fn shared_pattern(f: &Fragment, elements: usize) -> Option<Pattern> {
    let scatter_ready = f.params.len() > 2 && f.fragment.is_some();
    run_pattern(f).filter(|p| {
        p.affine.is_some() && elements > 0 && (f.args.mode != Mode::Scatter || scatter_ready)
    })
}

/// The elements of a body whose index is affine in `row` ([`pairing::Affine`]), through one
/// closure called once per element: `__fl_put(e);` for a scatter, `__fl_get(e)` for a gather.
/// The closure's body is the code of element `e` with `e` a parameter and its entry of the
/// table read as `__FL_AT[e]`: the value (`FRAG[e]`) and `row` and `col` bound, the stored
/// value computed, the thread's base index `b = INDEX` at the footprint's corner, the
/// element's slice from `b` (its [`Reach`](layout_core::generated::Reach): the footprint or
/// its row run), and the access, in that order. Nothing runs between two calls, so the closure
/// holding its captures across them changes nothing. The compiler checks the element code
/// once per function instead of once per element, and a call is cheap to check (issue 17:
/// docs/PERFORMANCE.md, compile time); the optimizer inlines the closure at each call, where
/// `e` is a constant, and folds each reach.
///
/// `b` is the same for every element of a numeral without a band: it is evaluated once, before
/// the closure, where that is unobservable: in a gather (`INDEX` is pure, so evaluating it
/// once, first, gives the same value and the same panics as at each element) and in a scatter
/// whose stored value is [`inert`](pairing::inert) (it cannot have an effect or panic, so
/// `INDEX` may come first). The optimizer then reaches each row run as `b + dr * K + dc`, one
/// `lea` for the second row of a run-time stride, as hand-written code does; with `b` inside
/// the closure it may fold `(row + dr) * K` instead, an `or` and an `imul` more. `None` for
/// other bodies, and with no elements.
fn shared_reach(f: &Fragment, p: &Pattern, elements: usize) -> TokenStream {
    let Some(a) = &p.affine else {
        return quote!();
    };
    let (base, index) = (&p.base, &p.index);
    let (start, extent, place) = (
        times(a, quote!(__fl_r.start.0)),
        times(a, quote!(__fl_r.extent.0)),
        times(a, quote!(__fl_r.place.0)),
    );
    // The base index at element `e`'s corner: the thread's (no band), or its own part (a band).
    let base_index = |e: TokenStream| {
        let low = coordinate_bindings(f, Some(&quote!(__fl_at.at(__FL_REACH.low(#e)))));
        quote!({ #(#[allow(unused_variables)] #low)* #index })
    };
    let own = base_index(quote!(__fl_e));
    let (before, inside) = if p.rhs.as_ref().is_none_or(pairing::inert) {
        // With a band (`__FL_WRAP` not 0) each element is its own corner, carried into the
        // next row or not by the thread: no shared base then (the constant test folds away).
        let shared = base_index(quote!(0));
        (
            Some(quote!(let __fl_base = #shared;)),
            quote!(let __fl_b = if __FL_WRAP == 0 { __fl_base } else #own;),
        )
    } else {
        (None, quote!(let __fl_b = #own;))
    };
    let slice = |borrow: TokenStream| {
        quote! {
            let __fl_r = __FL_REACH.reach(__fl_e);
            #inside
            let __fl_i = __fl_b + #start + __fl_r.start.1;
            let __fl_s = #borrow #base[__fl_i..__fl_i + #extent + __fl_r.extent.1];
        }
    };
    let numbers = (0..elements).map(Literal::usize_unsuffixed);
    match (&p.rhs, f.args.mode) {
        (Some(rhs), Mode::Scatter) => {
            let (Some(value), Some(frag)) = (f.params.get(2), f.fragment) else {
                return quote!();
            };
            let (pat, ty) = (&value.pat, value.ty.unwrap_or(f.element_ty));
            let coords = coordinate_bindings(f, Some(&quote!(__fl_at.at(__FL_REACH.at(__fl_e)))));
            let op = match &p.op {
                Some(op) => quote!(#op),
                None => quote!(=),
            };
            let slice = slice(quote!(&mut));
            quote! {
                #before
                let mut __fl_put = |__fl_e: usize| {
                    let #pat: #ty = #frag[__fl_e];
                    #(#[allow(unused_variables)] #coords)*
                    let __fl_v = #rhs;
                    #slice
                    __fl_s[#place + __fl_r.place.1] #op __fl_v;
                };
                #(__fl_put(#numbers);)*
            }
        }
        _ => {
            let slice = slice(quote!(&));
            let values: Vec<TokenStream> = numbers.map(|e| quote!(__fl_get(#e))).collect();
            let array = assemble(f, &values);
            quote! {
                #before
                let __fl_get = |__fl_e: usize| {
                    #slice
                    __fl_s[#place + __fl_r.place.1]
                };
                #array
            }
        }
    }
}
