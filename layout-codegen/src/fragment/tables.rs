//! The tables strategy: the code for any numeral and body, from the layout's tables
//! (`__FL_AT`, `__FL_REACH`, `ThreadPart`) that the compiler evaluates; a catalog layout's
//! tables written as literals (`known.rs`). Worked for a scatter:
//!
//! ```text
//! const __FL_NUMERAL ... __FL_TERMS ... __FL_WRAP ... __FL_AT ...   // the layout, checked
//! let __fl_at = ThreadPart::<__FL_WRAP>::new(&__FL_TERMS, __fl_thread);
//! // a body `BASE[INDEX] = RHS` affine in `row` (`shared_reach`): the element code once,
//! let mut __fl_put = |__fl_e: usize| { let value = frag[__fl_e]; .. __FL_AT[__fl_e] .. };
//! __fl_put(0); ...                                       // one call per element
//! // any other body: one block per element
//! { let value = frag[0]; let (row, col) = __fl_at.at(__FL_AT[0].at); BODY; } ...
//! ```

use super::access::{Access, Via};
use super::affine;
use super::ast::{Fragment, Mode};
use super::emit::{
    assemble, bounded, coordinate_bindings, flatten, guarded_element, run_element, value_binding,
};
use super::known::Known;
use proc_macro2::{Literal, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

/// The layout's constants: the numeral (checked to be a bijection), its thread terms, its band
/// and its table of element positions, spanned on the numeral argument: the element table
/// `__FL_AT` for code that reaches elements one by one, the reaches `__FL_REACH` for the
/// closure of [`shared_reach`] (both with `bounds`, whose partial tiles go element by element).
/// For a catalog layout the macro [knows](Known), the thread terms, the band and the reaches
/// are literals and the one check is that the path is that layout.
pub(super) fn layout_consts(
    f: &Fragment,
    elements: usize,
    shared: Option<&Access>,
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

/// The elements of a thread inside the layout: one block per body call (every element, or
/// every `N`-th with `vector = N`), through row runs or the footprint where the body allows;
/// with `bounds`, a whole tile takes that path and a partial one checks each element.
pub(super) fn body(f: &Fragment, elements: usize, access: Option<&Access>) -> TokenStream {
    let pattern = access.filter(|a| runs(f, a));
    let shared = shared_pattern(f, elements, access);
    let width = f.args.width();
    let firsts = || (0..elements).step_by(width);
    let fragment = |guarded: bool| {
        // Runs only on the unguarded path: a run may straddle the edge of a partial tile.
        let pattern = if guarded { None } else { pattern };
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
                    Some(_) => flatten(f, &values, f.args.width()),
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

/// Whether the body's access may go by row runs (see [`access`](super::access)):
/// `BASE[INDEX]` over a base that indexes as a slice does ([`Fragment::slice_base`]), no
/// swizzle in the index (a row run's columns may land anywhere), no `vector = N`.
fn runs(f: &Fragment, a: &Access) -> bool {
    a.via == Via::Index && a.swizzle.is_none() && f.args.vector.is_none() && f.slice_base(&a.base)
}

/// Element `e` through its row run: the element's own bindings for the stored value (a
/// scatter), then `INDEX` at the run's leftmost element, the run as one slice, and the element
/// at its constant offset in it. The elements of a run make the same slice, so the optimizer
/// keeps one bounds check for all of them; order per element is the body's own (value, then
/// index, then access).
fn run_block(f: &Fragment, e: usize, p: &Access) -> TokenStream {
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
    p: &Access,
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
fn times(a: &affine::Affine, n: TokenStream) -> TokenStream {
    match &a.k {
        None => n,
        Some((k, false)) => quote!(#n * #k),
        Some((k, true)) => quote!(#k * #n),
    }
}

/// The body's access when its elements go through one closure ([`shared_reach`]): by row
/// runs, an index affine in `row`, and elements to reach.
pub(super) fn shared_pattern<'a>(
    f: &Fragment,
    elements: usize,
    access: Option<&'a Access>,
) -> Option<&'a Access> {
    let scatter_ready = f.params.len() > 2 && f.fragment.is_some();
    access.filter(|p| {
        runs(f, p)
            && p.affine.is_some()
            && elements > 0
            && (f.args.mode != Mode::Scatter || scatter_ready)
    })
}

/// The elements of a body whose index is affine in `row` ([`affine::Affine`]), through one
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
/// whose stored value is [`inert`](affine::inert) (it cannot have an effect or panic, so
/// `INDEX` may come first). The optimizer then reaches each row run as `b + dr * K + dc`, one
/// `lea` for the second row of a run-time stride, as hand-written code does; with `b` inside
/// the closure it may fold `(row + dr) * K` instead, an `or` and an `imul` more. `None` for
/// other bodies, and with no elements.
pub(super) fn shared_reach(f: &Fragment, p: &Access, elements: usize) -> TokenStream {
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
    let (before, inside) = if p.rhs.as_ref().is_none_or(affine::inert) {
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
