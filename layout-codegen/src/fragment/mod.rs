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
    let args_tokens = args.clone();
    let args: syn::Result<ast::Args> = syn::parse2(args);
    let item_fn: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(f) => f,
        Err(_) => {
            let numeral = match &args {
                Ok(a) => Some(a.numeral.clone()),
                Err(_) => leading_numeral(args_tokens),
            };
            return not_a_function(numeral.as_ref(), item);
        }
    };
    let args = match args {
        Ok(a) => a,
        Err(e) => return fallback(&item_fn, leading_numeral(args_tokens).as_ref(), e),
    };
    match parse::parse(args, item_fn) {
        Ok(f) => expand::expand(&f),
        Err(failed) => {
            let (item_fn, args, e) = *failed;
            fallback(&item_fn, Some(&args.numeral), e)
        }
    }
}

/// The layout argument of arguments that fail to parse further on, if it parses itself.
fn leading_numeral(args: TokenStream) -> Option<syn::Expr> {
    let parser = |input: syn::parse::ParseStream| {
        let numeral: syn::Expr = input.parse()?;
        input.parse::<TokenStream>()?;
        Ok(numeral)
    };
    syn::parse::Parser::parse2(parser, args).ok()
}

/// The error for an item that is not a function with a body, and the item unchanged.
fn not_a_function(numeral: Option<&syn::Expr>, item: TokenStream) -> TokenStream {
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
            // Where a trait's items stand, only a named constant can use the layout argument.
            if let Some(n) = numeral {
                let name = quote::format_ident!("__FL_LAYOUT_OF_{}", decl.sig.ident);
                out.extend(quote! {
                    #[doc(hidden)]
                    #[allow(non_upper_case_globals)]
                    const #name: () = { let _: ::fraglayout::Numeral<'static> = #n; };
                });
            }
            return out;
        }
    }
    let e = syn::Error::new_spanned(
        &item,
        "#[fragment_layout] goes on a function: `fn store(lane: u32, frag: &[f32; 4], ...) { |row, col, value| ... }`",
    );
    let mut out = e.to_compile_error();
    out.extend(item);
    out.extend(numeral.map(use_numeral));
    out
}

/// The layout argument, type-checked on its own: a wrong argument still gets its own error, and
/// a right one is used, so an error elsewhere leaves no "unused import" behind.
fn use_numeral(numeral: &syn::Expr) -> TokenStream {
    quote!(const _: ::fraglayout::Numeral<'static> = #numeral;)
}

/// After an error: the errors, and the function with its signature intact and a body that
/// type-checks, so callers report nothing further. The layout argument is checked inside the
/// body, where a constant may stand whether the function is free, a method or a trait default.
fn fallback(item: &syn::ItemFn, numeral: Option<&syn::Expr>, e: syn::Error) -> TokenStream {
    let (attrs, vis, sig) = (&item.attrs, &item.vis, &item.sig);
    let err = e.to_compile_error();
    let numeral = numeral.map(use_numeral);
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
