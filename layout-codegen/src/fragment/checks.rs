//! The compile-time checks of an expansion, each a message on the tokens at fault: the thread
//! terms, the fragment length, `vector = N`, `packed`'s element width, a thread index whose
//! type names too few threads, typed coordinates.

use super::ast::{Fragment, Mode};
use super::emit::{failing, generic_names, generics, ty_text, type_check};
use layout_core::generated::{
    fragment_len_error, packed_len_error, packed_width_error, scatter_broadcast_error, vector_error,
};
use layout_core::{Message, Numeral};
use proc_macro2::{Literal, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

/// The compile-time checks, each a message on the tokens at fault: the thread terms (on the
/// numeral), the fragment length, `vector = N`, `packed`'s element width, typed coordinates.
/// With a `known` catalog layout the macro made all but the last itself
/// ([`Known::of`](super::known::Known::of)).
pub(super) fn checks(f: &Fragment, known: bool) -> TokenStream {
    let coordinate_checks = coordinate_checks(f);
    if known {
        return coordinate_checks;
    }
    let numeral_span = f.args.numeral.span();
    // A scatter from a broadcast numeral would write each element again (a catalog layout
    // that broadcasts is never `known` to a scatter, so it is checked here too).
    let scatter_check = (f.args.mode == Mode::Scatter).then(|| {
        let error = quote_spanned!(numeral_span=>
            ::fraglayout::generated::scatter_broadcast_error(&__FL_NUMERAL));
        let check = failing(error, numeral_span);
        quote_spanned!(numeral_span=> const _: () = #check;)
    });
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
        #scatter_check
        #coordinate_checks
    }
}

/// The first message of the checks [`checks`] writes of the numeral, evaluated here for `n`,
/// the numeral `f`'s argument names, in the generated code's order: the thread terms, the
/// fragment's length, `vector = N`, `packed`'s element width, a scatter of a broadcast
/// numeral. What a catalog layout must pass to be [known](super::known::Known::of), and what `fraglayout
/// expand` reports ([`fragment_check`](crate::fragment_check)).
pub(super) fn numeral_error(f: &Fragment, n: &Numeral) -> Option<Message> {
    let len_error = || match f.args.mode {
        Mode::GatherPacked => packed_len_error(n, f.len, 2),
        _ => fragment_len_error(n, f.len),
    };
    n.thread_terms_error()
        .or_else(len_error)
        .or_else(|| vector_error(n, f.args.vector.as_ref()?.0))
        .or_else(|| packed_width_error(n).filter(|_| f.args.packed.is_some()))
        .or_else(|| scatter_broadcast_error(n).filter(|_| f.args.mode == Mode::Scatter))
}

/// For a thread parameter of type `ty` whose type may bound its range (anything but a
/// primitive integer), the compile-time check `error(TYPE_TEXT, COUNT)`, an `Option<Message>`
/// of the type as written and `<ty as ThreadIndex>::COUNT` (spanned on the type, as `error`'s
/// tokens should be), failing on the type: a constant item, or an inline `const` block where
/// the type names a type or const parameter of `generics` (the function's), `Self`, or has a
/// generic argument other than a literal (`Thread<N>`, where `N` may be the `impl`'s). The
/// compiler evaluates such a block for each instantiation it builds (`cargo build`; `cargo
/// check` builds none). Both macros' thread checks are made here.
pub(crate) fn thread_type_check(
    ty: &syn::Type,
    generics: &syn::Generics,
    error: impl FnOnce(&str, TokenStream) -> TokenStream,
) -> Option<TokenStream> {
    const INTEGERS: [&str; 12] = [
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
    ];
    if let syn::Type::Path(p) = ty {
        if p.qself.is_none() && INTEGERS.iter().any(|i| p.path.is_ident(i)) {
            return None;
        }
    }
    let count = quote_spanned!(ty.span()=> <#ty as ::fraglayout::generated::ThreadIndex>::COUNT);
    let check = failing(error(&ty_text(ty), count), ty.span());
    if names_an_argument(ty) {
        return Some(quote_spanned!(ty.span()=> const { #check };));
    }
    Some(type_check(check, ty, &generic_names(generics)))
}

/// Whether a generic argument in `ty`'s path is anything but a literal (`Thread<N>`,
/// `Thread<{ 2 * K }>`): it may name a const parameter of the function's `impl`, which the
/// macro does not see and a nested item cannot name.
fn names_an_argument(ty: &syn::Type) -> bool {
    let syn::Type::Path(p) = ty else {
        return false;
    };
    p.qself.is_some()
        || p.path.segments.iter().any(|s| match &s.arguments {
            syn::PathArguments::None => false,
            syn::PathArguments::AngleBracketed(a) => a
                .args
                .iter()
                .any(|g| !matches!(g, syn::GenericArgument::Const(syn::Expr::Lit(_)))),
            syn::PathArguments::Parenthesized(_) => true,
        })
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
