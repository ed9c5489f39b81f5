//! Expanding `#[fragment_layout]`: one block per element, unrolled, with the element's
//! coordinates as constants and the thread part computed once.

use super::ast::{ClosureParam, Fragment, Mode};
use proc_macro2::{Literal, TokenStream};
use quote::{quote, quote_spanned};
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
    let fragment = |guarded: bool| {
        let blocks: Vec<TokenStream> = (0..elements)
            .map(|e| element_block(f, e, guarded))
            .collect();
        match f.args.mode {
            Mode::Scatter => quote!(#(#blocks)*),
            Mode::Gather => quote!([#(#blocks),*]),
            Mode::GatherPacked => {
                let regs = blocks.chunks(2).map(|pair| {
                    let (lo, hi) = (&pair[0], &pair[1]);
                    quote!(::layout_core::pack::pack_b16(#lo, #hi))
                });
                quote!([#(#regs),*])
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
    let item = &f.item;
    let (attrs, vis, sig) = (&item.attrs, &item.vis, &item.sig);
    quote! {
        #(#attrs)*
        #[inline]
        #vis #sig {
            #layout
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
