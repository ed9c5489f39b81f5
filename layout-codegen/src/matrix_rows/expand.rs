//! Expanding `#[matrix_rows(INSTRUCTION, FRAGMENT, LAYOUT)]`: the addresses are derived at
//! compile time (`layout_core::shared::ThreadRows`) into a `RowCode`, and the body evaluates
//! it with every number a constant:
//!
//! ```text
//! const __FL_ROWS = ThreadRows::whole(V, &FRAGMENT, &LAYOUT, at)   // or ::new(.., first)
//! const _ = a compile error with the error's words, on the argument at fault
//! const __FL_CODE: RowCode = __FL_ROWS.code()                      // RowCode::ZERO after an error
//! const _ = conflict_free: a compile error naming the wavefronts and the colliding lanes
//! const _ = the largest address fits the return type
//! let t = lane as u32;
//! table:      TABLE[t & (threads - 1)]                              // only where no sum or XOR fits
//! otherwise:  base (+ or ^) ((t >> s0) & m0) * d0 (+ or ^) ...      // one term per run of lane bits
//! ```
//!
//! The term slots past the code's terms, and the branch not taken, fold away; no division,
//! no loop, and (outside the table) no memory access. The body is `const`-evaluable, so the
//! function may be a `const fn`.

use super::ast::{integer_name, Rows};
use layout_core::shared::MAX_ROW_TERMS;
use proc_macro2::{Literal, Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

/// The function with the user's signature and the generated body.
pub fn expand(r: &Rows) -> TokenStream {
    let item = r.item;
    let (attrs, vis, sig) = (&item.attrs, &item.vis, &item.sig);
    let inline = (!attrs.iter().any(|a| a.path().is_ident("inline"))).then(|| quote!(#[inline]));
    let consts = constants(r);
    let checks = checks(r);
    let thread = r.thread;
    let t = match integer_name(r.thread_ty).as_deref() {
        Some("u32") => quote!(#thread),
        _ => quote!(#thread as u32),
    };
    let terms = (0..MAX_ROW_TERMS as u32).map(term);
    let ret = r.ret;
    let result = match integer_name(ret).as_deref() {
        Some("u32") => quote!(__fl_a),
        _ => quote!(__fl_a as #ret),
    };
    quote! {
        #(#attrs)*
        #inline
        #vis #sig {
            #consts
            #checks
            let __fl_t: u32 = #t;
            let __fl_a: u32 = if __FL_CODE.is_table() {
                const __FL_TABLE: [u32; __FL_CODE.threads() as usize] = __FL_CODE.table();
                __FL_TABLE[(__fl_t & (__FL_CODE.threads() - 1)) as usize]
            } else {
                let mut __fl_a: u32 = __FL_CODE.base();
                #(#terms)*
                __fl_a
            };
            #result
        }
    }
}

/// The fragment, the layout, the place, and the derived rows and code.
fn constants(r: &Rows) -> TokenStream {
    let a = r.args;
    let (fragment, layout) = (&a.fragment, &a.layout);
    let fragment_const = quote_spanned! {fragment.span()=>
        const __FL_FRAGMENT: ::fraglayout::Numeral<'static> = #fragment;
    };
    let layout_const = quote_spanned! {layout.span()=>
        const __FL_LAYOUT: ::fraglayout::shared::SharedLayout = #layout;
    };
    let at = match &a.at {
        Some((_, row, col)) => quote_spanned! {row.span()=>
            const __FL_AT: ::fraglayout::shared::FragmentAt =
                ::fraglayout::shared::FragmentAt::new(#row, #col);
        },
        None => quote! {
            const __FL_AT: ::fraglayout::shared::FragmentAt = ::fraglayout::shared::FragmentAt::ORIGIN;
        },
    };
    let (num, trans) = (
        Literal::u32_unsuffixed(a.instruction.num),
        a.instruction.trans,
    );
    let rows = match &a.first {
        Some((_, first)) => quote_spanned! {first.span()=>
            const __FL_ROWS: ::core::result::Result<
                ::fraglayout::shared::ThreadRows,
                ::fraglayout::shared::RowsError,
            > = ::fraglayout::shared::ThreadRows::new(
                __FL_VARIANT, &__FL_FRAGMENT, &__FL_LAYOUT, __FL_AT, #first,
            );
        },
        None => quote! {
            const __FL_ROWS: ::core::result::Result<
                ::fraglayout::shared::ThreadRows,
                ::fraglayout::shared::RowsError,
            > = ::fraglayout::shared::ThreadRows::whole(
                __FL_VARIANT, &__FL_FRAGMENT, &__FL_LAYOUT, __FL_AT,
            );
        },
    };
    quote! {
        #fragment_const
        #layout_const
        #at
        const __FL_VARIANT: ::fraglayout::shared::MatrixVariant =
            ::fraglayout::shared::MatrixVariant::new(#num, #trans);
        #rows
        const __FL_CODE: ::fraglayout::shared::RowCode = match &__FL_ROWS {
            ::core::result::Result::Ok(__fl_rows) => __fl_rows.code(),
            ::core::result::Result::Err(_) => ::fraglayout::shared::RowCode::ZERO,
        };
    }
}

/// The compile-time checks: the access can be made (its error on the argument at fault), it
/// is conflict-free when asked, and the addresses fit the return type.
fn checks(r: &Rows) -> TokenStream {
    let a = r.args;
    let store = a.instruction.store;
    let name = crate::text::expr_text(&a.layout);
    let first_span = a
        .first
        .as_ref()
        .map_or(a.instruction.span, |(_, e)| e.span());
    let blame = [
        ("Instruction", a.instruction.span),
        ("Fragment", a.fragment.span()),
        ("Layout", a.layout.span()),
        ("Place", a.place_span()),
        ("First", first_span),
    ];
    let errors = blame.iter().map(|(culprit, span)| {
        let culprit = syn::Ident::new(culprit, Span::call_site());
        quote_spanned! {*span=>
            const _: () = if let ::core::result::Result::Err(__fl_e) = &__FL_ROWS {
                if ::core::matches!(__fl_e.culprit(), ::fraglayout::shared::Culprit::#culprit) {
                    ::core::panic!(
                        "{}",
                        ::fraglayout::shared::ThreadRows::error_message(
                            #store, __FL_VARIANT, &__FL_FRAGMENT, #name, __fl_e,
                        )
                        .as_str()
                    )
                }
            };
        }
    });
    let conflict = a.conflict_free.as_ref().map(|_| {
        quote_spanned! {a.layout.span()=>
            const _: () = if let ::core::result::Result::Ok(__fl_rows) = &__FL_ROWS {
                if let ::core::option::Option::Some(__fl_m) =
                    __fl_rows.conflict_message(#store, &__FL_FRAGMENT, &__FL_LAYOUT, __FL_AT, #name)
                {
                    ::core::panic!("{}", __fl_m.as_str())
                }
            };
        }
    });
    let ret = r.ret;
    let ret_name = integer_name(ret).unwrap_or_default();
    let fits = quote_spanned! {ret.span()=>
        const _: () = if let ::core::result::Result::Ok(__fl_rows) = &__FL_ROWS {
            if let ::core::option::Option::Some(__fl_m) =
                __fl_rows.address_type_message(<#ret>::MAX as u128, #ret_name)
            {
                ::core::panic!("{}", __fl_m.as_str())
            }
        };
    };
    quote! {
        #(#errors)*
        #conflict
        #fits
    }
}

/// Term slot `k`: folded away past the code's terms.
fn term(k: u32) -> TokenStream {
    let k = Literal::u32_unsuffixed(k);
    quote! {
        if #k < __FL_CODE.terms() {
            const __FL_TERM: ::fraglayout::shared::Term = __FL_CODE.term(#k);
            let __fl_v: u32 = ((__fl_t >> __FL_TERM.shift) & __FL_TERM.mask).wrapping_mul(__FL_TERM.mul);
            __fl_a = if __FL_CODE.is_xor() {
                __fl_a ^ __fl_v
            } else {
                __fl_a.wrapping_add(__fl_v)
            };
        }
    }
}
