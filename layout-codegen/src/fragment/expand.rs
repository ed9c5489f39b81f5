//! Expanding `#[fragment_layout]`: the function with the user's signature, the layout's
//! constants and compile-time checks (`checks.rs`), then the elements' code for a thread of the
//! layout, from the strategy the plan chose (`plan.rs`: shared, straight, pointer or tables),
//! and for a gather the fill values a thread outside it gets:
//!
//! ```text
//! const __FL_NUMERAL ...                        // the layout and its checks
//! if let Some(__fl_thread) = <LaneType as ThreadIndex>::below(lane, THREADS) {
//!                                               // a `u32` lane: `if __fl_thread < THREADS`
//!     ELEMENTS                                  // the strategy's code
//! } else { FILL }                               // a gather
//! ```

use super::ast::{Fragment, Mode};
use super::checks;
use super::emit::fill_value;
use super::known::Known;
use super::plan::{self, Plan, Strategy};
use super::smem;
use super::tables;
use proc_macro2::{Literal, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

/// The function with the user's signature and the unrolled body: the layout's constants, the
/// compile-time checks, then the elements for a thread inside the layout (and the fill values
/// a gather returns for one outside it).
pub fn expand(f: &Fragment) -> TokenStream {
    let elements = f.elements();
    let Plan {
        strategy,
        known,
        access,
        code,
        groups,
        ..
    } = plan::plan(f, elements);
    let groups = match groups {
        Ok(g) => g,
        Err(e) => return super::fallback::function(f.item, Some(&f.args.numeral), e),
    };
    let shared = tables::shared_pattern(f, elements, access.as_ref());
    let mut layout = match (&known, strategy) {
        (Some(k), Strategy::Straight | Strategy::Pointer) => {
            // The typed coordinates' checks read the numeral (`bounds` has the tile as literals).
            k.consts(f, f.params.iter().take(2).any(|p| p.ty.is_some()))
        }
        _ => tables::layout_consts(f, elements, shared, known.as_ref()),
    };
    layout.extend(smem::consts(f));
    let mut checks = checks::checks(f, known.is_some());
    checks.extend(thread_count_check(f, known.as_ref()));
    checks.extend(smem::checks(f));
    if let (Some(g), Some(layout)) = (&groups, &f.args.shared) {
        checks.extend(g.shared_check(&crate::text::expr_text(layout)));
    }
    let thread_part = code.is_none().then(|| {
        quote! {
            let __fl_at =
                ::fraglayout::generated::ThreadPart::<__FL_WRAP>::new(&__FL_TERMS, __fl_thread);
        }
    });
    let body = match (strategy, code) {
        (_, Some(code)) => code,
        (Strategy::Shared, None) => smem::body(f, elements, groups.as_ref()),
        _ => tables::body(f, elements, access.as_ref()),
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
            #below {
                #thread_part
                #body
            } #outside
        }
    }
}

/// The test that the lane is one of the layout's threads, binding it as `__fl_thread`, a
/// `u32`: `if let Some(__fl_thread) = ThreadIndex::below(lane, THREADS)` (the lane converted
/// without loss; a value outside the layout's threads, or one no `u32` holds, runs no
/// element); for a lane declared `u32`, the comparison itself, which is what `below` does for
/// a `u32` and spares the compiler resolving the trait call.
pub(super) fn below(f: &Fragment, known: Option<&Known>) -> TokenStream {
    let (thread, lane_ty) = (&f.thread, &f.thread_ty);
    let threads = known.map_or_else(|| quote!(__FL_NUMERAL.threads()), Known::threads);
    let plain_u32 =
        matches!(lane_ty, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("u32"));
    if plain_u32 {
        return quote_spanned! {lane_ty.span()=>
            let __fl_thread: ::core::primitive::u32 = #thread;
            if __fl_thread < #threads
        };
    }
    quote_spanned! {lane_ty.span()=>
        if let ::core::option::Option::Some(__fl_thread) =
            <#lane_ty as ::fraglayout::generated::ThreadIndex>::below(#thread, #threads)
    }
}

/// What a thread outside the layout gets: a scatter writes nothing, a gather returns its fill
/// values (`fill = VALUE`, else the element type's `Default`).
pub(super) fn outside(f: &Fragment) -> TokenStream {
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

/// For a thread parameter whose type may bound its range (anything but a primitive integer:
/// `Lane`, `Thread<N>`), a compile-time check, spanned on the type, that the range reaches
/// every thread of the layout ([`ThreadIndex::COUNT`](layout_core::generated::ThreadIndex)).
fn thread_count_check(f: &Fragment, known: Option<&Known>) -> Option<TokenStream> {
    let (name, threads) = match known {
        Some(k) => {
            let name = k.numeral().name;
            (quote!(#name), k.threads())
        }
        None => (quote!(__FL_NUMERAL.name), quote!(__FL_NUMERAL.threads())),
    };
    let span = f.thread_ty.span();
    checks::thread_type_check(f.thread_ty, &f.item.sig.generics, |ty_name, count| {
        quote_spanned! {span=>
            ::fraglayout::generated::thread_count_error(#name, #threads, #ty_name, #count)
        }
    })
}
