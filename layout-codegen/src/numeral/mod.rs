//! `numeral!`: parse, check, expand.

mod ast;
mod check;
mod expand;
mod parse;

use proc_macro2::TokenStream;

/// Expands `numeral! { ... }` (the tokens inside the braces).
pub fn numeral(input: TokenStream) -> TokenStream {
    let parsed: parse::Parsed = match syn::parse2(input) {
        Ok(p) => p,
        Err(e) => return e.to_compile_error(),
    };
    let decl = &parsed.decl;
    let mut errors: Vec<syn::Error> = parsed.row_errors.clone().into_iter().collect();
    let resolved = check::resolve(decl, &mut errors);
    if errors.is_empty() {
        check::check(decl, &resolved, &decl.name.to_string(), &mut errors);
    }
    let ok = errors.is_empty();
    let mut out = expand::expand(decl, &resolved, ok);
    for e in errors {
        out.extend(e.to_compile_error());
    }
    out
}
