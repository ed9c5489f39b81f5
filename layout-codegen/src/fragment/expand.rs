//! Expanding `#[fragment_layout]`: one block per element, unrolled, with the element's
//! coordinates as constants and the thread part computed once.

use super::ast::{ClosureParam, Fragment, Mode};
use super::pairing::{self, Pattern};
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

/// The function with the user's signature and the unrolled body.
pub fn expand(f: &Fragment) -> TokenStream {
    let numeral = &f.args.numeral;
    let thread = &f.thread;
    let len = Literal::usize_unsuffixed(f.len);
    let len_span = f.len_tokens.span();
    let len_check = match f.args.mode {
        Mode::GatherPacked => quote_spanned! {len_span=>
            const _: () = ::layout_core::expand::assert_packed_len(&__FL_NUMERAL, #len, 2);
        },
        _ => quote_spanned! {len_span=>
            const _: () = ::layout_core::expand::assert_fragment_len(&__FL_NUMERAL, #len);
        },
    };
    let elements = match f.args.mode {
        Mode::GatherPacked => 2 * f.len,
        _ => f.len,
    };
    let pattern = pairing_pattern(f, elements);
    let fragment = |guarded: bool| {
        // Pairs only on the unguarded path: a pair may straddle the edge of a partial tile.
        let pattern = if guarded { None } else { pattern.as_ref() };
        match (f.args.mode, pattern) {
            (Mode::Scatter, None) => {
                let blocks = (0..elements).map(|e| element_block(f, e, guarded));
                quote!(#(#blocks)*)
            }
            (Mode::Scatter, Some(p)) => {
                let pairs = (0..elements / 2).map(|k| {
                    let (lo, hi) = (
                        element_block(f, 2 * k, false),
                        element_block(f, 2 * k + 1, false),
                    );
                    let pair = pair_scatter(f, 2 * k, p);
                    quote!(if __FL_PAIRED { #pair } else { #lo #hi })
                });
                quote!(#(#pairs)*)
            }
            (_, None) => {
                let values: Vec<TokenStream> = (0..elements)
                    .map(|e| element_block(f, e, guarded))
                    .collect();
                assemble(f.args.mode, &values)
            }
            (_, Some(p)) => {
                let names: Vec<_> = (0..elements)
                    .map(|e| format_ident!("__fl_g{}", e))
                    .collect();
                let loads = (0..elements / 2).map(|k| {
                    let (a, b) = (&names[2 * k], &names[2 * k + 1]);
                    let (lo, hi) = (
                        element_block(f, 2 * k, false),
                        element_block(f, 2 * k + 1, false),
                    );
                    let pair = pair_gather(f, 2 * k, p);
                    quote!(let (#a, #b) = if __FL_PAIRED { #pair } else { (#lo, #hi) };)
                });
                let values: Vec<TokenStream> = names.iter().map(|n| quote!(#n)).collect();
                let array = assemble(f.args.mode, &values);
                quote!({ #(#loads)* #array })
            }
        }
    };
    let body = match &f.args.bounds {
        None => fragment(false),
        Some((rows, cols)) => {
            let (whole, partial) = (fragment(false), fragment(true));
            quote! {
                let __fl_extent = ::layout_core::bounds::Extent::clamped(
                    &__FL_NUMERAL,
                    ::layout_core::bounds::ExtentArg::saturating_u32(#rows),
                    ::layout_core::bounds::ExtentArg::saturating_u32(#cols),
                );
                if __fl_extent.is_whole(&__FL_NUMERAL) {
                    #whole
                } else {
                    #partial
                }
            }
        }
    };
    let numeral_span = numeral.span();
    let layout = quote_spanned! {numeral_span=>
        const __FL_NUMERAL: ::layout_core::Numeral<'static> = #numeral;
        const _: () = ::layout_core::assert_bijection(&__FL_NUMERAL);
        const __FL_TERMS: [::layout_core::expand::ThreadTerm; ::layout_core::expand::MAX_THREAD_TERMS] =
            __FL_NUMERAL.thread_terms();
    };
    let paired = pattern.is_some().then(|| {
        quote!(
            const __FL_PAIRED: bool = __FL_NUMERAL.adjacent_pairs();
        )
    });
    let item = &f.item;
    let (attrs, vis, sig) = (&item.attrs, &item.vis, &item.sig);
    // Small and called once per lane: inline, unless the user chose otherwise.
    let inline = (!attrs.iter().any(|a| a.path().is_ident("inline"))).then(|| quote!(#[inline]));
    quote! {
        #(#attrs)*
        #inline
        #vis #sig {
            #layout
            #paired
            #len_check
            let __fl_thread: u32 = #thread as u32;
            ::core::debug_assert!(
                __fl_thread < __FL_NUMERAL.threads(),
                "thread index is outside the layout's threads"
            );
            let (__fl_row, __fl_col) = ::layout_core::expand::thread_part(&__FL_TERMS, __fl_thread);
            #body
        }
    }
}

/// `let PAT = EXPR;` or, with a type, `let PAT: TY = EXPR as TY;` (`cast`) / `EXPR` (no cast).
fn bind(p: &ClosureParam, expr: TokenStream, cast: bool) -> TokenStream {
    let pat = &p.pat;
    match (&p.ty, cast) {
        (Some(ty), true) => quote!(let #pat: #ty = (#expr) as #ty;),
        (Some(ty), false) => quote!(let #pat: #ty = #expr;),
        (None, _) => quote!(let #pat = #expr;),
    }
}

/// The code for element `e`: its constant coordinates, the bindings, the body; when `guarded`,
/// only inside the valid extent (a gather returns the fill value outside).
fn element_block(f: &Fragment, e: usize, guarded: bool) -> TokenStream {
    let e_u32 = Literal::u32_unsuffixed(e as u32);
    let e_idx = Literal::usize_unsuffixed(e);
    let row = bind(&f.params[0], quote!(__fl_row + __FL_ELEMENT.0), true);
    let col = bind(&f.params[1], quote!(__fl_col + __FL_ELEMENT.1), true);
    let body = &f.body;
    let value = match (&f.fragment, f.params.get(2)) {
        (Some(frag), Some(p)) => bind(p, quote!(#frag[#e_idx]), false),
        _ => quote!(),
    };
    let tail = match f.args.mode {
        Mode::Scatter => quote!(#body;),
        _ => quote!(#body),
    };
    let inner = quote!(#row #col #value #tail);
    let guarded_inner = match (guarded, f.args.mode) {
        (false, _) => inner,
        (true, Mode::Scatter) => quote! {
            if __fl_extent.contains(__fl_row + __FL_ELEMENT.0, __fl_col + __FL_ELEMENT.1) {
                #inner
            }
        },
        (true, _) => {
            let fill = match &f.args.fill {
                Some(v) => quote!(#v),
                None => quote!(::core::default::Default::default()),
            };
            quote! {
                if __fl_extent.contains(__fl_row + __FL_ELEMENT.0, __fl_col + __FL_ELEMENT.1) {
                    #inner
                } else {
                    #fill
                }
            }
        }
    };
    quote! {{
        const __FL_ELEMENT: (usize, usize) = __FL_NUMERAL.element_part(#e_u32);
        #guarded_inner
    }}
}

/// The array a gather returns: the values, or the values packed two per register.
fn assemble(mode: Mode, values: &[TokenStream]) -> TokenStream {
    match mode {
        Mode::GatherPacked => {
            let regs = values.chunks(2).map(|pair| {
                let (lo, hi) = (&pair[0], &pair[1]);
                quote!(::layout_core::pack::pack_b16(#lo, #hi))
            });
            quote!([#(#regs),*])
        }
        _ => quote!([#(#values),*]),
    }
}

/// The body's pairing pattern, when pairing is allowed and the body has the shape for it.
fn pairing_pattern(f: &Fragment, elements: usize) -> Option<Pattern> {
    if f.args.unpaired || elements % 2 != 0 {
        return None;
    }
    let col = pairing::param_ident(&f.params[1].pat)?;
    match f.args.mode {
        Mode::Scatter => pairing::scatter(&f.body, col),
        _ => pairing::gather(&f.body, col),
    }
}

/// The bindings of element `e` (row, col and, for a scatter, value), allowed to go unused.
fn bindings(f: &Fragment, e: usize, element: &TokenStream) -> TokenStream {
    let row = bind(&f.params[0], quote!(__fl_row + #element.0), true);
    let col = bind(&f.params[1], quote!(__fl_col + #element.1), true);
    let e_idx = Literal::usize_unsuffixed(e);
    let value = match (&f.fragment, f.params.get(2)) {
        (Some(frag), Some(p)) => bind(p, quote!(#frag[#e_idx]), false),
        _ => quote!(),
    };
    quote! {
        #[allow(unused_variables)]
        #row
        #[allow(unused_variables)]
        #col
        #value
    }
}

/// Elements `e` and `e + 1` of a scatter in one two-element store.
fn pair_scatter(f: &Fragment, e: usize, p: &Pattern) -> TokenStream {
    let (e0, e1) = (
        Literal::u32_unsuffixed(e as u32),
        Literal::u32_unsuffixed(e as u32 + 1),
    );
    let (first, second) = (
        bindings(f, e, &quote!(__FL_ELEMENT0)),
        bindings(f, e + 1, &quote!(__FL_ELEMENT1)),
    );
    let (base, index, rhs) = (&p.base, &p.index, &p.rhs);
    let store = match &p.op {
        None => quote! {
            #base[__fl_index..__fl_index + 2].copy_from_slice(&[__fl_value0, __fl_value1]);
        },
        Some(op) => quote! {
            let __fl_pair = &mut #base[__fl_index..__fl_index + 2];
            __fl_pair[0] #op __fl_value0;
            __fl_pair[1] #op __fl_value1;
        },
    };
    quote! {{
        const __FL_ELEMENT0: (usize, usize) = __FL_NUMERAL.element_part(#e0);
        const __FL_ELEMENT1: (usize, usize) = __FL_NUMERAL.element_part(#e1);
        let (__fl_index, __fl_value0) = { #first (#index, #rhs) };
        let __fl_value1 = { #second #rhs };
        #store
    }}
}

/// Elements `e` and `e + 1` of a gather from one two-element load, as a tuple.
fn pair_gather(f: &Fragment, e: usize, p: &Pattern) -> TokenStream {
    let e0 = Literal::u32_unsuffixed(e as u32);
    let first = bindings(f, e, &quote!(__FL_ELEMENT0));
    let (base, index) = (&p.base, &p.index);
    quote! {{
        const __FL_ELEMENT0: (usize, usize) = __FL_NUMERAL.element_part(#e0);
        let __fl_index = { #first #index };
        let __fl_pair = &#base[__fl_index..__fl_index + 2];
        (__fl_pair[0], __fl_pair[1])
    }}
}
