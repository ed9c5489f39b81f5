//! What `#[convert_layout]` expands to after an error: the errors, and the user's function with
//! its signature intact, so that callers report nothing further. The layout arguments, where
//! they parse, are still type-checked.

use proc_macro2::TokenStream;
use quote::quote;
use syn::Expr;

/// The layout arguments, type-checked on their own: a wrong one still gets its own error, and
/// a right one is used, so an error elsewhere leaves no "unused import" behind.
fn use_layouts(layouts: &[Expr]) -> TokenStream {
    quote! { #(const _: ::fraglayout::Numeral<'static> = #layouts;)* }
}

/// The error for an item that is not a function with a body, and the item unchanged.
pub fn not_a_function(layouts: &[Expr], item: TokenStream) -> TokenStream {
    let e = syn::Error::new_spanned(
        &item,
        "#[convert_layout] goes on a function: `fn convert(lane: u32, from: &[f32; 8], shuffle: impl FnMut(f32, u32) -> f32) -> [f32; 8] {}`",
    );
    let mut out = e.to_compile_error();
    out.extend(item);
    out.extend(use_layouts(layouts));
    out
}

/// After an error: the errors, and the function with a body that type-checks.
pub fn function(item: &syn::ItemFn, layouts: &[Expr], e: syn::Error) -> TokenStream {
    let (attrs, vis, sig) = (&item.attrs, &item.vis, &item.sig);
    let err = e.to_compile_error();
    let layouts = use_layouts(layouts);
    quote! {
        #err
        #(#attrs)*
        #[allow(unused_variables)]
        #vis #sig {
            #layouts
            ::core::unreachable!("#[convert_layout] failed to expand")
        }
    }
}
