//! `#[fragment_layout]`: parse, check the function's shape, expand.

mod ast;
mod control;
mod expand;
mod pairing;
mod parse;

use proc_macro2::TokenStream;
use quote::quote;

/// Expands `#[fragment_layout(ARGS)]` on `item`.
pub fn fragment_layout(args: TokenStream, item: TokenStream) -> TokenStream {
    let args: syn::Result<ast::Args> = syn::parse2(args);
    let item_fn: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(f) => f,
        Err(_) => return not_a_function(args, item),
    };
    let args = match args {
        Ok(a) => a,
        Err(e) => return fallback(&item_fn, None, e),
    };
    match parse::parse(args, item_fn) {
        Ok(f) => expand::expand(&f),
        Err(failed) => {
            let (item_fn, args, e) = *failed;
            fallback(&item_fn, Some(&args), e)
        }
    }
}

/// The error for an item that is not a function with a body, and the item unchanged.
fn not_a_function(args: syn::Result<ast::Args>, item: TokenStream) -> TokenStream {
    // A method declared in a trait, `fn store(&self, lane: u32, ...);`: it has no body to
    // expand, and it stands among trait items, where nothing else may be added.
    if let Ok(decl) = syn::parse2::<syn::TraitItemFn>(item.clone()) {
        if decl.default.is_none() {
            let e = syn::Error::new_spanned(
                &decl.sig,
                "#[fragment_layout] expands a function's body, and this declaration has none: put the attribute on the method where it is defined (in the `impl`, or as the trait's default body)",
            );
            let mut out = e.to_compile_error();
            out.extend(item);
            return out;
        }
    }
    let e = syn::Error::new_spanned(
        &item,
        "#[fragment_layout] goes on a function: `fn store(lane: u32, frag: &[f32; 4], ...) { |row, col, value| ... }`",
    );
    let mut out = e.to_compile_error();
    out.extend(item);
    if let Ok(a) = &args {
        out.extend(use_numeral(a));
    }
    out
}

/// The layout argument, type-checked on its own: a wrong argument still gets its own error, and
/// a right one is used, so an error elsewhere leaves no "unused import" behind.
fn use_numeral(args: &ast::Args) -> TokenStream {
    let numeral = &args.numeral;
    quote!(const _: ::layout_core::Numeral<'static> = #numeral;)
}

/// After an error: the errors, and the function with its signature intact and a body that
/// type-checks, so callers report nothing further. The layout argument is checked inside the
/// body, where a constant may stand whether the function is free, a method or a trait default.
fn fallback(item: &syn::ItemFn, args: Option<&ast::Args>, e: syn::Error) -> TokenStream {
    let (attrs, vis, sig) = (&item.attrs, &item.vis, &item.sig);
    let err = e.to_compile_error();
    let numeral = args.map(use_numeral);
    quote! {
        #err
        #(#attrs)*
        #[allow(unused_variables)]
        #vis #sig {
            #numeral
            ::core::unreachable!("#[fragment_layout] failed to expand")
        }
    }
}
