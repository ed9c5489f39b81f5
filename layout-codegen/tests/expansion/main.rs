//! What `#[fragment_layout]` (and `#[convert_layout]`: `convert`) writes for a catalog layout, read as text: the straight-line
//! expansion of slice bodies (`straight`) and of raw-pointer bodies (`pointer`), and which
//! bodies keep the general paths. One test binary, each file a module.

mod aligned;
mod convert;
mod plan;
mod pointer;
mod shared;
mod straight;
mod threads;

use proc_macro2::TokenStream;

/// The expansion of `#[fragment_layout(args)] item`, without whitespace.
pub fn expand(args: &str, item: &str) -> String {
    let args: TokenStream = args.parse().expect("arguments lex");
    let item: TokenStream = item.parse().expect("item lexes");
    let out = layout_codegen::fragment_layout(args, item).to_string();
    assert!(!out.contains("compile_error"), "{out}");
    out.chars().filter(|c| !c.is_whitespace()).collect()
}

pub fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}
