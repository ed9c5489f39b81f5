//! What `#[convert_layout]` expands to after an error: the errors, and the user's function with
//! its signature intact, so that callers report nothing further. The layout arguments, where
//! they parse, are still type-checked.

use super::ast::Args;
use proc_macro2::TokenStream;
use quote::quote;

/// The layout arguments, type-checked on their own.
fn use_layouts(args: &Args) -> TokenStream {
    let (from, to) = (&args.from, &args.to);
    quote! {
        const _: ::fraglayout::Numeral<'static> = #from;
        const _: ::fraglayout::Numeral<'static> = #to;
    }
}

/// The error for an item that is not a function with a body, and the item unchanged.
pub fn not_a_function(args: Option<&Args>, item: TokenStream) -> TokenStream {
    let e = syn::Error::new_spanned(
        &item,
        "#[convert_layout] goes on a function: `fn convert(lane: u32, from: &[f32; 8], shuffle: impl FnMut(f32, u32) -> f32) -> [f32; 8] {}`",
    );
    let mut out = e.to_compile_error();
    out.extend(item);
    out.extend(args.map(use_layouts));
    out
}

/// After an error: the errors, and the function with a body that type-checks.
pub fn function(item: &syn::ItemFn, args: Option<&Args>, e: syn::Error) -> TokenStream {
    let (attrs, vis, sig) = (&item.attrs, &item.vis, &item.sig);
    let err = e.to_compile_error();
    let layouts = args.map(use_layouts);
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
