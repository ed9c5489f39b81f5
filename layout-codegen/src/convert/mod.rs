//! `#[convert_layout(FROM => TO)]`, a pipeline of one concern a file: `ast.rs` is the typed form,
//! `parse.rs` reads the arguments and the function (every problem at once), `expand.rs`
//! generates the per-lane code from the plan `layout_core::convert::Plan` computes at compile
//! time (`arith.rs`: its lane-arithmetic form, where the plan has one; `packed.rs`: the packed
//! plan's, on `u32` words of 16-bit or 8-bit values; `literal.rs`: the forms of the plan's
//! tables with every number decided by the macro; `relay.rs`: a relay's swaps), and `fallback.rs` is the expansion after
//! an error. `form.rs` answers which of the expansion's forms the compiler's evaluation of its
//! constants takes for a pair of layouts ([`convert_form`]), for tools, and for `expand.rs`,
//! which writes that form alone where both layouts are the catalog's.

mod arith;
mod ast;
mod expand;
mod fallback;
mod form;
mod literal;
mod packed;
mod parse;
mod plan_read;
mod relay;

pub use form::{convert_form, ConvertForm};
use proc_macro2::TokenStream;

/// Expands `#[convert_layout(FROM => TO)]` on `item`.
pub fn convert_layout(args: TokenStream, item: TokenStream) -> TokenStream {
    let layouts = ast::layouts_in(args.clone());
    let args: syn::Result<ast::Args> = syn::parse2(args);
    let item_fn: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(f) => f,
        Err(_) => return fallback::not_a_function(&layouts, item),
    };
    let args = match args {
        Ok(a) => a,
        Err(e) => return fallback::function(&item_fn, &layouts, e),
    };
    match parse::conversion(&args, &item_fn, &item) {
        Ok(c) => expand::expand(&c),
        Err(e) => fallback::function(&item_fn, &[args.from, args.to], e),
    }
}
