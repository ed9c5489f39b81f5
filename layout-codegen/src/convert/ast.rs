//! The typed form of a `#[convert_layout(FROM => TO)]` function.

use syn::parse::{Parse, ParseStream};
use syn::{Expr, Ident, ItemFn, LitInt, Token, Type};

/// The attribute's arguments: `FROM => TO`, two numeral expressions (paths to constants).
pub struct Args {
    pub from: Expr,
    pub to: Expr,
}

impl Parse for Args {
    fn parse(input: ParseStream) -> syn::Result<Args> {
        let usage = "#[convert_layout] takes the layout the warp holds now and the one it needs: `#[convert_layout(FROM => TO)]`";
        if input.is_empty() {
            return Err(input.error(usage));
        }
        let from: Expr = input.parse()?;
        if input.peek(Token![,]) {
            return Err(input.error(
                "write the two layouts with an arrow, not a comma: `#[convert_layout(FROM => TO)]`",
            ));
        }
        if !input.peek(Token![=>]) {
            return Err(input.error(usage));
        }
        input.parse::<Token![=>]>()?;
        if input.is_empty() {
            return Err(input.error(usage));
        }
        let to: Expr = input.parse()?;
        if !input.is_empty() {
            return Err(input.error(
                "unexpected tokens after the destination layout: `#[convert_layout(FROM => TO)]` takes nothing more",
            ));
        }
        Ok(Args { from, to })
    }
}

/// The layout expressions in arguments that do not parse as `FROM => TO`: every expression
/// between separators, so that the fallback still uses (and type-checks) them.
pub fn layouts_in(args: proc_macro2::TokenStream) -> Vec<Expr> {
    let parser = |input: ParseStream| {
        let mut found = Vec::new();
        while !input.is_empty() {
            match input.parse::<Expr>() {
                Ok(e) => found.push(e),
                Err(_) => {
                    input.parse::<proc_macro2::TokenTree>()?;
                    continue;
                }
            }
            while input.peek(Token![,]) || input.peek(Token![=>]) || input.peek(Token![=]) {
                input.parse::<proc_macro2::TokenTree>()?;
            }
        }
        Ok(found)
    };
    syn::parse::Parser::parse2(parser, args).unwrap_or_default()
}

/// A function ready to expand, borrowing the arguments and the user's function.
pub struct Conversion<'a> {
    pub args: &'a Args,
    pub item: &'a ItemFn,
    /// The lane parameter's name and type.
    pub lane: &'a Ident,
    pub lane_ty: &'a Type,
    /// The source fragment parameter's name, and whether it is passed by reference.
    pub from: &'a Ident,
    pub from_by_ref: bool,
    /// The shuffle parameter's name.
    pub shuffle: &'a Ident,
    /// Elements per lane (the arrays' length) and its literal in the source array, for errors.
    pub len: usize,
    pub len_tokens: &'a LitInt,
    /// The element type.
    pub element: &'a Type,
}

impl Conversion<'_> {
    /// Whether the fragment is `u32` words, which may hold packed values.
    pub fn words(&self) -> bool {
        quote::ToTokens::to_token_stream(self.element).to_string() == "u32"
    }
}
