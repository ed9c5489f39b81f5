//! What `#[matrix_rows]` expands to after an error: the errors, and the user's function with
//! its signature intact, so that callers report nothing further. The fragment and layout
//! arguments, where they parse, are still type-checked.

use proc_macro2::TokenStream;
use quote::quote;
use syn::Expr;

/// The arguments, type-checked on their own: a wrong one still gets its own error, and a
/// right one is used, so an error elsewhere leaves no "unused import" behind.
fn use_arguments(fragment: Option<&Expr>, layout: Option<&Expr>) -> TokenStream {
    let fragment = fragment.map(|f| quote!(const _: ::fraglayout::Numeral<'static> = #f;));
    let layout = layout.map(|l| quote!(const _: ::fraglayout::shared::SharedLayout = #l;));
    quote!(#fragment #layout)
}

/// The error for an item that is not a function, and the item unchanged.
pub fn not_a_function(
    fragment: Option<&Expr>,
    layout: Option<&Expr>,
    item: TokenStream,
) -> TokenStream {
    let e = syn::Error::new_spanned(
        &item,
        "#[matrix_rows] goes on a function with an empty body: `fn a_row(lane: u32) -> u32 {}`",
    );
    let mut out = e.to_compile_error();
    out.extend(item);
    out.extend(use_arguments(fragment, layout));
    out
}

/// After an error: the errors, and the function with a body that type-checks.
pub fn function(
    item: &syn::ItemFn,
    fragment: Option<&Expr>,
    layout: Option<&Expr>,
    e: syn::Error,
) -> TokenStream {
    let (attrs, vis, sig) = (&item.attrs, &item.vis, &item.sig);
    let err = e.to_compile_error();
    let used = use_arguments(fragment, layout);
    quote! {
        #err
        #(#attrs)*
        #[allow(unused_variables)]
        #vis #sig {
            #used
            ::core::unreachable!("#[matrix_rows] failed to expand")
        }
    }
}
