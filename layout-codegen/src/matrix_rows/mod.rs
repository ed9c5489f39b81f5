//! `#[matrix_rows(INSTRUCTION, FRAGMENT, LAYOUT)]`, a pipeline of one concern a file: `ast.rs`
//! is the typed form, `args.rs` reads the arguments (each on its own, every problem at once),
//! `parse.rs` reads the function, `expand.rs` generates the address code from the
//! `layout_core::shared::RowCode` computed at compile time, and `fallback.rs` is the expansion
//! after an error.

mod args;
mod ast;
mod expand;
mod fallback;
mod parse;

use proc_macro2::TokenStream;

/// Expands `#[matrix_rows(ARGS)]` on `item`.
pub fn matrix_rows(args: TokenStream, item: TokenStream) -> TokenStream {
    let (fragment, layout) = ast::Args::layouts_in(args.clone());
    let parsed = args::args(args);
    let item_fn: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(f) => f,
        Err(_) => return fallback::not_a_function(fragment.as_ref(), layout.as_ref(), item),
    };
    let args = match parsed {
        Ok(a) => a,
        Err(e) => return fallback::function(&item_fn, fragment.as_ref(), layout.as_ref(), e),
    };
    match parse::rows(&args, &item_fn, &item) {
        Ok(r) => expand::expand(&r),
        Err(e) => fallback::function(&item_fn, Some(&args.fragment), Some(&args.layout), e),
    }
}
