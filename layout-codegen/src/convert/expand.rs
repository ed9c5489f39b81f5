//! Expanding `#[convert_layout(FROM => TO)]`: the plan is computed once, at compile time, into
//! constants; the body is straight-line code per lane with every register index a constant.
//!
//! The shape, for `N` elements per lane (`layout_core::convert` explains the plan):
//!
//! ```text
//! const __FL_PLAN: Plan = Plan::new(&FROM, &TO)              // or a compile error saying why
//! let l = lane % 32 (ThreadIndex::warp_lane); let mut to = *from;
//! { to[e] = from[S] }                                         // per element taken in-lane (S constant)
//! { if r < ROUNDS {                                           // per round r < N, folded away
//!     let v = from[SEND];                                     // or a select where it depends on the lane
//!     let got = shuffle(v, l ^ X);                            // or a 32-entry table of source lanes
//!     to[RECV] = got;                                         // or a select where it depends on the lane
//! } }
//! to
//! ```
//!
//! A renaming (every value already in its lane, at a register that depends on the element
//! only) is `to[e] = from[S]` for every `e`: moves between registers, which the compiler
//! removes, and no round runs.
//!
//! On `u32` words, arrays of `E / 2` (`E / 4`) words for layouts of `E` elements a lane hold
//! 16-bit (8-bit) values packed two (four) to a word: the body is the packed plan's
//! straight-line code (`packed.rs`, one 32-bit shuffle a round), and the plan above is
//! `Plan::keep`.
//!
//! The tokens are the same for every pair of layouts the macro does not know: every form is
//! written, and the constants choose one. Where both layouts are catalog paths (the macro
//! reads their digits from its own copy of the catalog, `catalog_path.rs`), it decides the
//! form here as the constants would (`form.rs`, [`decide`]) and writes that form's live blocks
//! alone, up to the plan's rounds, every number a literal (the lane arithmetic written out,
//! `arith.rs`, and the packed forms' in `packed.rs`; or the plan's tables block by block,
//! `literal.rs`): the compiler type-checks no branch that is not taken and evaluates no plan.

use super::ast::Conversion;
use super::form::{decide, ConvertForm, Decision};
use super::plan_read::read;
use crate::catalog_path::CatalogPath;
use crate::fragment::checks::thread_type_check;
use proc_macro2::{Literal, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

/// The function with the user's signature and the generated body. Where both layouts are
/// catalog paths ([`known`]), the macro decides the form here, as the constants would, and
/// writes that form's live blocks alone: the compiler type-checks no branch that is not taken.
pub fn expand(c: &Conversion) -> TokenStream {
    let item = c.item;
    let (attrs, vis, sig) = (&item.attrs, &item.vis, &item.sig);
    let inline = (!attrs.iter().any(|a| a.path().is_ident("inline"))).then(|| quote!(#[inline]));
    let (lane, from, shuffle, element) = (c.lane, c.from, c.shuffle, c.element);
    let n = Literal::usize_unsuffixed(c.len);
    let source = if c.from_by_ref {
        quote!(#from)
    } else {
        quote!(&#from)
    };
    // A decided form reads its numbers as literals (`literal.rs`, `arith::literal`): no plan
    // constants, and the type checks of the paths instead.
    let (plan, guards, body) = match known(c) {
        Some((d, guards)) => (TokenStream::new(), guards, decided(c, &d)),
        None => (plan(c), TokenStream::new(), every_form(c)),
    };
    let lane_check = lane_check(c);
    quote! {
        #(#attrs)*
        #inline
        #vis #sig {
            #plan
            #guards
            #lane_check
            #[allow(unused_variables)]
            let __fl_l: usize =
                ::fraglayout::generated::ThreadIndex::warp_lane(#lane) as usize;
            let __fl_from: &[#element; #n] = #source;
            #[allow(unused_variables, unused_mut)]
            let mut __fl_shuffle = #shuffle;
            #body
        }
    }
}

/// For a lane whose type bounds its range (`Thread<N>`), the compile-time check that it names
/// each of a warp's 32 lanes ([`lane_count_error`](layout_core::generated::lane_count_error)),
/// on the type: the conversion reads `lane % 32`, so a `Thread<16>` would make lanes 16 to 31
/// act as lanes 0 to 15.
fn lane_check(c: &Conversion) -> Option<TokenStream> {
    let span = c.lane_ty.span();
    thread_type_check(
        c.lane_ty,
        &c.item.sig.generics,
        |ty_name, count| quote_spanned!(span=> ::fraglayout::generated::lane_count_error(#ty_name, #count)),
    )
}

/// The lane-arithmetic form for `rounds` rounds, reading `__FL_ARITH` and `__FL_ROUNDS`.
fn arith(rounds: usize) -> TokenStream {
    super::arith::body(
        rounds,
        quote!(__FL_ARITH),
        quote!(__FL_ROUNDS),
        quote!(::fraglayout::convert::Plan::xor_permute),
    )
}

/// The body of a form the macro decided (`d`): its live blocks alone, up to the plan's rounds,
/// every number a literal.
fn decided(c: &Conversion, d: &Decision) -> TokenStream {
    let rounds = d.rounds().min(c.len);
    match (d.form, &d.relay) {
        (ConvertForm::Relay, Some(relay)) => super::relay::body(relay, c.len)
            .unwrap_or_else(|| quote!(::core::compile_error!("the relay's code did not lex"))),
        _ if d.packed() => super::packed::body(c.len, Some(d)),
        (ConvertForm::LaneArith, _) => super::arith::written(
            d.table.as_deref().unwrap_or_default(),
            rounds,
            &quote!(::fraglayout::convert::Plan::xor_permute),
        ),
        _ => super::literal::tables(&d.plan, c.element, c.len, rounds),
    }
}

/// The body for layouts the macro does not know: every form, for as many rounds as there are
/// registers, the constants choosing one.
fn every_form(c: &Conversion) -> TokenStream {
    let (element, n) = (c.element, Literal::usize_unsuffixed(c.len));
    let arith = arith(c.len);
    let locals = (0..c.len).map(local);
    let rounds = (0..c.len).map(round);
    let lane_arith = read("__FL_PLAN", quote!(lane_arith()));
    let single = quote! {{
        const __FL_ARITH: ::core::option::Option<
            [[u8; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 4],
        > = #lane_arith;
        if __FL_ARITH.is_some() {
            #arith
        } else {
            let mut __fl_to: [#element; #n] = *__fl_from;
            #(#locals)*
            #(#rounds)*
            __fl_to
        }
    }};
    if c.words() {
        packed(c.len, single)
    } else {
        single
    }
}

/// What the macro decides for a conversion between two catalog layouts (each path's last
/// segment a catalog name), with the checks that the paths are the catalog's
/// ([`CatalogPath::guard`]); `None` for any other layout, and where the constants would fail
/// (their messages are the ones the compiler gives).
fn known(c: &Conversion) -> Option<(Decision, TokenStream)> {
    let (from, to) = (&c.args.from, &c.args.to);
    let (from_path, to_path) = (CatalogPath::of(from)?, CatalogPath::of(to)?);
    let decision = decide(from_path.numeral, to_path.numeral, c.len, c.words(), true)?;
    let (g1, g2) = (from_path.guard(from), to_path.guard(to));
    Some((decision, quote!(#g1 #g2)))
}

/// The packed plan constant (`__FL_PACKED`): its error where `__FL_K` is 1.
fn packed_plan() -> TokenStream {
    quote! {
        const __FL_PACKED: ::core::result::Result<
            ::fraglayout::convert::PackedPlan,
            ::fraglayout::convert::ConvertError,
        > = if __FL_K > 1 {
            ::fraglayout::convert::PackedPlan::new(&__FL_FROM, &__FL_TO, __FL_K)
        } else {
            ::core::result::Result::Err(::fraglayout::convert::ConvertError::NotWholeWords {
                elements: 0,
                per_word: 1,
            })
        };
    }
}

/// The body on `u32` words: the packed plan's straight-line code (`packed.rs`) where the `n`
/// words hold 2 or 4 values each, else `single`, the plan of one value a word.
fn packed(n: usize, single: TokenStream) -> TokenStream {
    let (plan, body) = (packed_plan(), super::packed::body(n, None));
    quote! {
        if __FL_K > 1 {
            #plan
            #body
        } else {
            #single
        }
    }
}

/// The plan constant, spanned on the arguments: a layout pair that cannot be converted, or a
/// signature whose length is not the layouts', fails here with the plan's message.
fn plan(c: &Conversion) -> TokenStream {
    let (from, to) = (&c.args.from, &c.args.to);
    let n = Literal::usize_unsuffixed(c.len);
    let from_consts = quote_spanned! {from.span()=>
        const __FL_FROM: ::fraglayout::Numeral<'static> = #from;
    };
    let to_consts = quote_spanned! {to.span()=>
        const __FL_TO: ::fraglayout::Numeral<'static> = #to;
    };
    let len_span = c.len_tokens.span();
    let len_check = if c.words() {
        quote_spanned! {len_span=>
            const _: () = if let ::core::option::Option::Some(__fl_m) =
                ::fraglayout::convert::PackedPlan::words_error(__FL_TO.elements, #n)
            {
                ::core::panic!("{}", __fl_m.as_str())
            };
        }
    } else {
        quote_spanned! {len_span=>
            const _: () = if let ::core::option::Option::Some(__fl_m) =
                ::fraglayout::generated::conversion_len_error(&__FL_PLAN, #n)
            {
                ::core::panic!("{}", __fl_m.as_str())
            };
        }
    };
    // Values per word: 1 unless `u32` words hold 2 or 4 of the layouts' elements each.
    let per_word = if c.words() {
        quote! {
            match ::fraglayout::convert::PackedPlan::per_word_for(__FL_TO.elements, #n) {
                ::core::option::Option::Some(__fl_k) => __fl_k,
                ::core::option::Option::None => 1,
            }
        }
    } else {
        quote!(1)
    };
    let args_span = to.span();
    // The one constant that fails, with the plan's words; the plan itself then falls back to
    // moving nothing, so the constants built on it report nothing further.
    let rounds = read("__FL_PLAN", quote!(rounds()));
    let plan = quote_spanned! {args_span=>
        const __FL_PLANNED: ::core::result::Result<
            ::fraglayout::convert::Plan,
            ::fraglayout::convert::ConvertError,
        > = ::fraglayout::convert::Plan::new(&__FL_FROM, &__FL_TO);
        const _: () = if let ::core::result::Result::Err(__fl_e) = __FL_PLANNED {
            ::core::panic!(
                "{}",
                ::fraglayout::convert::Plan::error_message(&__FL_FROM, &__FL_TO, &__fl_e).as_str()
            )
        };
        const __FL_K: u32 = #per_word;
        const __FL_PLAN: ::fraglayout::convert::Plan = match __FL_PLANNED {
            ::core::result::Result::Ok(__fl_p) if __FL_K == 1 => __fl_p,
            _ => ::fraglayout::convert::Plan::keep(#n),
        };
        // Read once: each round reads the plan only where it is live.
        const __FL_ROUNDS: u32 = #rounds;
    };
    quote! {
        #from_consts
        #to_consts
        #plan
        #len_check
    }
}

/// Destination element `e` where lanes take it from their own registers: a constant move when
/// they all take it from the same one, else a select among the registers some lane uses. Its
/// numbers are one constant (`LocalMove`), its code one call on it.
fn local(e: usize) -> TokenStream {
    let (e_lit, e32) = (
        Literal::usize_unsuffixed(e),
        Literal::u32_unsuffixed(e as u32),
    );
    quote! {{
        const __FL_M: ::fraglayout::generated::LocalMove = __FL_PLAN.local_move(#e32);
        __FL_M.keep(&mut __fl_to, __fl_from, __fl_l, #e_lit);
    }}
}

/// Round `r`, folded away when the plan has fewer rounds: every lane offers one register and
/// reads one lane through the user's shuffle, then keeps what it read where the plan says.
/// Its numbers are one constant (`RoundMove`), its code calls on it.
fn round(r: usize) -> TokenStream {
    let r32 = Literal::u32_unsuffixed(r as u32);
    quote! {{
        const __FL_ON: bool = #r32 < __FL_ROUNDS;
        if __FL_ON {
            const __FL_M: ::fraglayout::generated::RoundMove = __FL_PLAN.round_move(__FL_ON, #r32);
            let __fl_got = __fl_shuffle(__FL_M.offer(__fl_from, __fl_l), __FL_M.source(__fl_l));
            __FL_M.take(&mut __fl_to, __fl_got, __fl_l);
        }
    }}
}
