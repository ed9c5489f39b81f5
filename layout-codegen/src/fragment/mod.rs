//! `#[fragment_layout]`, a pipeline of one concern a file: `args.rs` reads the attribute's
//! arguments and checks how they combine, `parse.rs` reads the function into the borrowing
//! `ast.rs` form with every problem reported at once (`errors.rs` collects them, `control.rs`
//! finds a body's own control flow), `expand.rs` (with `pairing.rs`) generates the code
//! (`known.rs`: a catalog layout's tables written out; `straight.rs`: its affine bodies as
//! straight-line code, `pointer.rs` those through a raw pointer; `smem.rs`: `shared = LAYOUT`), and `fallback.rs` is the expansion after
//! an error.

mod args;
mod ast;
mod control;
pub(crate) mod errors;
mod expand;
mod fallback;
mod known;
mod pairing;
pub(crate) mod parse;
mod pointer;
mod smem;
mod straight;

use proc_macro2::TokenStream;
pub use straight::footprint_slice;

/// Expands `#[fragment_layout(ARGS)]` on `item`.
pub fn fragment_layout(args: TokenStream, item: TokenStream) -> TokenStream {
    let args_tokens = args.clone();
    let args: syn::Result<ast::Args> = syn::parse2(args);
    let item_fn: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(f) => f,
        Err(_) => {
            let numeral = match &args {
                Ok(a) => Some(a.numeral.clone()),
                Err(_) => fallback::leading_numeral(args_tokens),
            };
            return fallback::not_a_function(numeral.as_ref(), item);
        }
    };
    let args = match args {
        Ok(a) => a,
        Err(e) => {
            let numeral = fallback::leading_numeral(args_tokens);
            return fallback::function(&item_fn, numeral.as_ref(), e);
        }
    };
    match parse::fragment(&args, &item_fn) {
        Ok(f) => expand::expand(&f),
        Err(e) => fallback::function(&item_fn, Some(&args.numeral), e),
    }
}
