//! What `#[fragment_layout]` expands to after an error: the errors, and the user's item kept so
//! that the rest of the crate compiles against it without a cascade of further errors. The
//! layout argument, where it parses, is still type-checked and used.

use proc_macro2::TokenStream;
use quote::quote;

/// The layout argument of arguments that fail to parse further on, if it parses itself.
pub fn leading_numeral(args: TokenStream) -> Option<syn::Expr> {
    let parser = |input: syn::parse::ParseStream| {
        let numeral: syn::Expr = input.parse()?;
        input.parse::<TokenStream>()?;
        Ok(numeral)
    };
    syn::parse::Parser::parse2(parser, args).ok()
}

/// The error for an item that is not a function with a body, and the item unchanged.
pub fn not_a_function(numeral: Option<&syn::Expr>, item: TokenStream) -> TokenStream {
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
pub fn function(item: &syn::ItemFn, numeral: Option<&syn::Expr>, e: syn::Error) -> TokenStream {
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
