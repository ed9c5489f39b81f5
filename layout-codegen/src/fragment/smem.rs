//! `#[fragment_layout(NUMERAL, shared = LAYOUT [, at = (ROW, COL)] [, conflict_free])]`: the
//! body takes each element's offset in a shared tile, `|offset, value| smem[offset] = value`
//! (scatter) or `|offset| smem[offset]` (gather), `offset` being `LAYOUT.offset(ROW + row,
//! COL + col)` in elements (`at` defaults to `(0, 0)` and the tiles must then be equal).
//!
//! ```text
//! const __FL_SHARED: SharedLayout = LAYOUT;                  // checked: sound, the numeral's
//! const __FL_THREADS = SharedThreads::of(..);              // tile, the element size, vector;
//! const __FL_SMEM: SharedPlan = SharedPlan::of(..);        // every thread's part, once
//! const __FL_OFFSETS = shared_offsets_with(..);            // each element's way: Add(K),
//!                                                          // Xor(K) or Swizzle
//! const _ = conflict_free: the bank model's count, an error naming the colliding lanes
//! let __fl_smem = __FL_SMEM.thread(__fl_at);    // the thread's offset, masked, and swizzled
//! { let value = frag[e]; let offset = __fl_smem.offset(__FL_OFFSETS[e], __FL_AT[e].at); BODY; }
//! ```
//!
//! A padded or plain layout is affine in `(row, col)`, so the thread part is computed once and
//! each element adds its constant. A swizzle is linear in the offset's bits: where no thread's
//! part shares a bit with an element's constant `K` (decided at compile time over every
//! thread, `shared_offsets`), the element's offset is the thread's swizzled offset `^
//! SWIZZLE(K)`, a `+` where no thread's swizzled offset shares a bit with that either
//! (CUTLASS's swizzled stores from one base), and otherwise the bits of `K` a thread's
//! swizzled offset may have XORed and the others added; elsewhere, and with a band, the
//! element pays its own shift, `and` and `xor`. `SharedBase::offset` (layout-core) does each,
//! `#[inline(always)]`: the element's way a constant, one arm is left after inlining, and the
//! compiler type-checks one call an element rather than the three arms. The mask keeps every
//! thread's offset as it is and lets the optimizer bound the offsets when the thread's type
//! carries its range unchecked (`Lane`).

use super::aligned::Groups;
use super::ast::{Fragment, Mode};
use super::emit::{assemble, failing, flatten, generics, names_any, ty_text, type_check};
use proc_macro2::{Literal, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

/// The layout constants, spanned on the `shared` argument.
pub fn consts(f: &Fragment) -> TokenStream {
    let Some(layout) = &f.args.shared else {
        return quote!();
    };
    let place = match &f.args.shared_at {
        Some((row, col)) => quote_spanned!(row.span()=> ((#row) as usize, (#col) as usize)),
        None => quote!((0, 0)),
    };
    quote_spanned! {layout.span()=>
        const __FL_SHARED: ::fraglayout::shared::SharedLayout = #layout;
        // `at`'s values may already be `usize`.
        #[allow(clippy::unnecessary_cast)]
        const __FL_SHARED_AT: (usize, usize) = #place;
        // Every thread's part, once for the constants and checks below.
        const __FL_THREADS: ::fraglayout::generated::SharedThreads =
            ::fraglayout::generated::SharedThreads::of(&__FL_NUMERAL, &__FL_SHARED, __FL_SHARED_AT);
        const __FL_SMEM: ::fraglayout::generated::SharedPlan = ::fraglayout::generated::SharedPlan::of(
            &__FL_NUMERAL, &__FL_SHARED, __FL_SHARED_AT, &__FL_THREADS,
        );
        const __FL_OFFSETS: [::fraglayout::generated::SharedOffset; __FL_AT.len()] =
            ::fraglayout::generated::shared_offsets_with(
                &__FL_NUMERAL, &__FL_SHARED, __FL_AT, __FL_SHARED_AT, &__FL_THREADS,
            );
    }
}

/// The compile-time checks, each on the tokens at fault: the layout is sound and over the
/// numeral's tile and its element size is the fragment's (on the layout), `vector = N`'s
/// elements are adjacent there (on `N`), a typed `offset` holds the span (on the type), and
/// with `conflict_free` the access is conflict-free (on the word). A check runs only once the
/// ones before it passed, so one mistake gives one message.
pub fn checks(f: &Fragment) -> TokenStream {
    let Some(layout) = &f.args.shared else {
        return quote!();
    };
    let generic = generics(f);
    let name = crate::text::expr_text(layout);
    let span = layout.span();
    let (tile_span, placed) = match &f.args.shared_at {
        Some((row, _)) => (
            row.span(),
            quote!(::core::option::Option::Some(__FL_SHARED_AT)),
        ),
        None => (span, quote!(::core::option::Option::None)),
    };
    let tile = quote_spanned! {tile_span=>
        ::fraglayout::generated::shared_tile_error_at(&__FL_NUMERAL, &__FL_SHARED, #name, #placed)
    };
    let tile_check = failing(tile.clone(), tile_span);
    let ty = f.element_ty;
    let ty_name = ty_text(ty);
    let element = quote_spanned! {span=>
        ::fraglayout::generated::shared_element_error(
            &__FL_SHARED, ::core::mem::size_of::<#ty>(), #ty_name, #name,
        )
    };
    let element_check = failing(element, span);
    let generic_ty = names_any(ty.to_token_stream(), &generic);
    let element_check = if generic_ty {
        quote_spanned!(span=> const { if #tile.is_none() { #element_check } };)
    } else {
        quote_spanned!(span=> const _: () = if #tile.is_none() { #element_check };)
    };
    let vector_check = f.args.vector.as_ref().map(|(n, lit)| {
        let n = Literal::u32_unsuffixed(*n as u32);
        let error = quote_spanned! {lit.span()=>
            ::fraglayout::generated::shared_vector_error_with(
                &__FL_NUMERAL, &__FL_SHARED, #n, #name, __FL_SHARED_AT, &__FL_THREADS,
            )
        };
        let check = failing(error, lit.span());
        quote_spanned!(lit.span()=> const _: () = if #tile.is_none() { #check };)
    });
    let offset_check = f.params.first().and_then(|p| {
        let ty = p.ty?;
        let (param, ty_name) = (p.pat.to_token_stream().to_string(), ty_text(ty));
        let error = quote_spanned! {ty.span()=>
            ::fraglayout::generated::shared_offset_error(
                &__FL_SHARED, #param, #ty_name,
                <#ty as ::fraglayout::generated::Coordinate>::MAX,
            )
        };
        let check = failing(error, ty.span());
        Some(type_check(check, ty, &generic))
    });
    let conflict_check = conflict_check(f, &name, &tile);
    quote! {
        const _: () = #tile_check;
        #element_check
        #vector_check
        #offset_check
        #conflict_check
    }
}

/// With `conflict_free`, the bank check (on the word), once the tile and any vector passed.
fn conflict_check(f: &Fragment, name: &str, tile: &TokenStream) -> Option<TokenStream> {
    let word = f.args.conflict_free.as_ref()?;
    let width = Literal::u32_unsuffixed(f.args.width() as u32);
    let gather = f.args.mode != Mode::Scatter;
    let vector_ok = match &f.args.vector {
        Some((n, _)) => {
            let n = Literal::u32_unsuffixed(*n as u32);
            quote! {
                && ::fraglayout::generated::vector_error(&__FL_NUMERAL, #n as usize).is_none()
                && ::fraglayout::generated::shared_vector_error_with(
                    &__FL_NUMERAL, &__FL_SHARED, #n, #name, __FL_SHARED_AT, &__FL_THREADS,
                ).is_none()
            }
        }
        None => quote!(),
    };
    let error = quote_spanned! {word.span()=>
        ::fraglayout::generated::shared_conflict_message_with(
            &__FL_NUMERAL, &__FL_SHARED, #width, #gather, #name, __FL_SHARED_AT, &__FL_THREADS,
        )
    };
    let check = failing(error, word.span());
    Some(quote_spanned!(word.span()=> const _: () = if #tile.is_none() #vector_ok { #check };))
}

/// The elements of a thread inside the layout: the thread's unswizzled and swizzled offsets
/// once, then one block per body call (every element, or every `N`-th with `vector = N`).
pub fn body(f: &Fragment, elements: usize, groups: Option<&Groups>) -> TokenStream {
    let width = groups.map_or(f.args.width(), Groups::width);
    let firsts = (0..elements).step_by(width);
    let blocks: Vec<TokenStream> = firsts
        .map(|e| match groups {
            Some(g) => group(f, g, e),
            None => element(f, e),
        })
        .collect();
    let calls = match f.args.mode {
        Mode::Scatter => quote!(#(#blocks)*),
        _ if width > 1 => flatten(f, &blocks, width),
        _ => assemble(f, &blocks),
    };
    let calls = match groups.and_then(|g| g.shared_assert(f)) {
        Some(check) => quote!(#check #calls),
        None => calls,
    };
    quote! {
        // The thread's unswizzled and swizzled offsets, once.
        #[allow(unused_variables)]
        let __fl_smem = __FL_SMEM.thread(__fl_at);
        #calls
    }
}

/// Element `e`'s offset: one call, `SharedBase::offset`, with the element's constant way of
/// reaching it from the thread's offsets (`SharedOffset`) and its part of the tile.
fn offset(e: &Literal) -> TokenStream {
    quote!(__fl_smem.offset(__FL_OFFSETS[#e], __FL_AT[#e].at))
}

/// `align = BYTES`'s group starting at element `first` (`aligned.rs`): the offset bound as
/// the body binds it, then one access of the group's elements.
fn group(f: &Fragment, g: &Groups, first: usize) -> TokenStream {
    let e = Literal::usize_unsuffixed(first);
    let offset = offset(&e);
    let param = &f.params[0];
    let (pat, typed) = (&param.pat, param.ty.map(|t| quote!(: #t)));
    let offset = match param.ty {
        None => offset,
        Some(ty) => quote_spanned! {ty.span()=>
            <#ty as ::fraglayout::generated::Coordinate>::from_index(#offset)
        },
    };
    let values: Vec<TokenStream> = match f.fragment {
        Some(frag) => (first..first + g.width())
            .map(|i| {
                let i = Literal::usize_unsuffixed(i);
                quote!(#frag[#i])
            })
            .collect(),
        None => Vec::new(),
    };
    let access = g
        .shared_access(f, &values)
        .unwrap_or_else(|| quote!(::core::compile_error!("`align`: the body's access")));
    match f.args.mode {
        Mode::Scatter => quote!({ let #pat #typed = #offset; #access; }),
        _ => quote!({ let #pat #typed = #offset; #access }),
    }
}

/// The call starting at element `e`: its offset ([`offset`]), then the body with `offset`
/// (and `value`) bound.
fn element(f: &Fragment, first: usize) -> TokenStream {
    let e = Literal::usize_unsuffixed(first);
    let offset = offset(&e);
    let param = &f.params[0];
    let offset = match param.ty {
        None => offset,
        Some(ty) => quote_spanned! {ty.span()=>
            <#ty as ::fraglayout::generated::Coordinate>::from_index(#offset)
        },
    };
    let value = f.fragment.map(|frag| match f.args.vector {
        None => quote!(#frag[#e]),
        Some((n, _)) => {
            let idx = (first..first + n).map(Literal::usize_unsuffixed);
            quote!([#(#frag[#idx]),*])
        }
    });
    let tail = |t: TokenStream| match f.args.mode {
        Mode::Scatter => quote!(#t;),
        _ => t,
    };
    if f.escapes {
        // A body with control flow of its own runs as the closure written, typed.
        let inputs = f.params.iter().enumerate().map(|(k, p)| {
            let pat = &p.pat;
            match (&p.ty, k) {
                (Some(ty), _) => quote!(#pat: #ty),
                (None, 0) => quote!(#pat: usize),
                (None, _) => {
                    let ty = f.element_ty;
                    match f.args.vector {
                        Some((n, _)) => {
                            let n = Literal::usize_unsuffixed(n);
                            quote!(#pat: [#ty; #n])
                        }
                        None => quote!(#pat: #ty),
                    }
                }
            }
        });
        let (output, body) = (&f.closure.output, &f.closure.body);
        let args = std::iter::once(offset).chain(value);
        let call = tail(quote!((|#(#inputs),*| #output #body)(#(#args),*)));
        return quote!({ #call });
    }
    // The value is read before `offset` is bound, as a closure reads its arguments.
    let value = f.params.get(1).zip(value).map(|(p, v)| {
        let pat = &p.pat;
        match &p.ty {
            Some(ty) => quote!(let #pat: #ty = #v;),
            None => quote!(let #pat = #v;),
        }
    });
    let pat = &param.pat;
    let typed = param.ty.map(|t| quote!(: #t));
    let body = tail(f.body.to_token_stream());
    quote!({ #value let #pat #typed = #offset; #body })
}
