//! `#[fragment_layout]`: parse, check the function's shape, expand.

mod ast;
mod expand;
mod parse;

use proc_macro2::TokenStream;
use quote::quote;

pub fn fragment_layout(args: TokenStream, item: TokenStream) -> TokenStream {
    let item_fn: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(f) => f,
        Err(_) => {
            let e = syn::Error::new_spanned(
                &item,
                "#[fragment_layout] goes on a function: `fn store(lane: u32, frag: &[f32; 4], ...) { |row, col, value| ... }`",
            );
            let mut out = e.to_compile_error();
            out.extend(item);
            return out;
        }
    };
    let args: ast::Args = match syn::parse2(args) {
        Ok(a) => a,
        Err(e) => return fallback(&item_fn, e),
    };
    match parse::parse(args, item_fn) {
        Ok(f) => expand::expand(&f),
        Err((item_fn, e)) => fallback(&item_fn, e),
    }
}

/// After an error: the errors, and the function with its signature intact and a body that
/// type-checks, so callers report nothing further.
fn fallback(item: &syn::ItemFn, e: syn::Error) -> TokenStream {
    let (attrs, vis, sig) = (&item.attrs, &item.vis, &item.sig);
    let err = e.to_compile_error();
    quote! {
        #err
        #(#attrs)*
        #[allow(unused_variables)]
        #vis #sig {
            ::core::unreachable!("#[fragment_layout] failed to expand")
        }
    }
}
