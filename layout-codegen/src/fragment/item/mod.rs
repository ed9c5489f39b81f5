//! The user's function as syn's [`ItemFn`], the shape the README writes read directly:
//!
//! ```text
//! #[inline] pub fn store(lane: u32, frag: &[f32; 4], out: &mut [f32]) {
//!     |row, col, value| out[row * LD + col] = value
//! }
//! ```
//!
//! that is outer attributes, a visibility, `fn NAME` or `unsafe fn NAME`, parameters each
//! `NAME: TYPE` or `mut NAME: TYPE`, a return type, and a body of one element closure whose
//! parameters are names (`row` or `row: usize`), with no semicolon after it. Attributes, the
//! visibility and the return type are syn's own parsers; plain types (`types.rs`) and a body
//! that is one access of arithmetic (`body.rs`; through a raw pointer in `unsafe`,
//! `deref.rs`) are built here, any other type or body by syn's parser for it. What is skipped
//! is syn's speculation (on what a parameter might be, on qualifiers this shape has none of,
//! on every kind of expression at each operand), which runs unoptimized in a proc macro and
//! was 70 % of the cost of parsing a function. The result is the `ItemFn` syn builds
//! from the same tokens (each file's `tests` compare them); any other function is parsed by
//! syn as a whole.

mod body;
mod deref;
#[cfg(test)]
mod tree;
mod types;

use proc_macro2::TokenStream;
use syn::parse::discouraged::Speculative;
use syn::parse::{ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::{
    braced, parenthesized, Attribute, Block, Expr, ExprClosure, FnArg, Generics, Ident, ItemFn,
    Pat, PatIdent, PatType, ReturnType, Signature, Stmt, Token, Visibility,
};

/// `item` parsed as syn parses an [`ItemFn`] (the same tree, the same errors).
pub fn item_fn(item: TokenStream) -> syn::Result<ItemFn> {
    match readme_shape.parse2(item.clone()) {
        Ok(f) => Ok(f),
        Err(_) => syn::parse2(item),
    }
}

/// The function, where it has the module docs' shape; an error (and syn decides) where not.
fn readme_shape(input: ParseStream) -> syn::Result<ItemFn> {
    let attrs = input.call(Attribute::parse_outer)?;
    let vis: Visibility = input.parse()?;
    let unsafety: Option<Token![unsafe]> = input.parse()?;
    let fn_token: Token![fn] = input.parse()?;
    let ident: Ident = input.parse()?;
    let params;
    let paren_token = parenthesized!(params in input);
    let inputs = parameters(&params)?;
    let output: ReturnType = input.parse()?;
    let body;
    let brace_token = braced!(body in input);
    let closure = element_closure(&body)?;
    Ok(ItemFn {
        attrs,
        vis,
        sig: Signature {
            constness: None,
            asyncness: None,
            unsafety,
            abi: None,
            fn_token,
            ident,
            generics: Generics::default(),
            paren_token,
            inputs,
            variadic: None,
            output,
        },
        block: Box::new(Block {
            brace_token,
            stmts: vec![Stmt::Expr(Expr::Closure(closure), None)],
        }),
    })
}

/// `NAME: TYPE` or `mut NAME: TYPE`, separated by commas, a trailing one allowed.
fn parameters(input: ParseStream) -> syn::Result<Punctuated<FnArg, Token![,]>> {
    let mut inputs = Punctuated::new();
    while !input.is_empty() {
        let mutability: Option<Token![mut]> = input.parse()?;
        let ident: Ident = input.parse()?;
        let colon_token: Token![:] = input.parse()?;
        let ty = types::ty(input)?;
        inputs.push_value(FnArg::Typed(PatType {
            attrs: Vec::new(),
            pat: Box::new(name(mutability, ident)),
            colon_token,
            ty: Box::new(ty),
        }));
        if input.is_empty() {
            break;
        }
        inputs.push_punct(input.parse()?);
    }
    Ok(inputs)
}

/// `|NAME [: TYPE], ..| EXPR`, all of `input`.
fn element_closure(input: ParseStream) -> syn::Result<ExprClosure> {
    let or1_token: Token![|] = input.parse()?;
    let mut inputs = Punctuated::new();
    while !input.peek(Token![|]) {
        let pat = name(None, input.parse()?);
        inputs.push_value(match input.peek(Token![:]) {
            true => Pat::Type(PatType {
                attrs: Vec::new(),
                pat: Box::new(pat),
                colon_token: input.parse()?,
                ty: Box::new(types::ty(input)?),
            }),
            false => pat,
        });
        if input.peek(Token![|]) {
            break;
        }
        inputs.push_punct(input.parse()?);
    }
    let or2_token: Token![|] = input.parse()?;
    if input.peek(Token![->]) {
        return Err(input.error("a closure with a return type"));
    }
    let body = closure_body(input)?;
    Ok(ExprClosure {
        attrs: Vec::new(),
        lifetimes: None,
        constness: None,
        movability: None,
        asyncness: None,
        capture: None,
        or1_token,
        inputs,
        or2_token,
        output: ReturnType::Default,
        body: Box::new(body),
    })
}

/// The closure's body, all of `input`, as syn parses an [`Expr`]: an arithmetic access
/// ([`body`](mod@body)) or one through a raw pointer in `unsafe` ([`deref`](mod@deref)) read
/// directly, any other by syn.
fn closure_body(input: ParseStream) -> syn::Result<Expr> {
    let read: fn(ParseStream) -> syn::Result<Expr> = match input.peek(Token![unsafe]) {
        true => deref::unsafe_access,
        false => body::access,
    };
    let ahead = input.fork();
    if let Ok(e) = read(&ahead) {
        if ahead.is_empty() {
            input.advance_to(&ahead);
            return Ok(e);
        }
    }
    input.parse()
}

/// The pattern `[mut] NAME`, as syn makes it of a plain name.
fn name(mutability: Option<Token![mut]>, ident: Ident) -> Pat {
    Pat::Ident(PatIdent {
        attrs: Vec::new(),
        by_ref: None,
        mutability,
        ident,
        subpat: None,
    })
}

#[cfg(test)]
mod tests {
    use super::readme_shape;
    use quote::ToTokens;
    use syn::parse::Parser;

    /// Functions of the README's shape: read directly, to the tree syn builds.
    const SHAPED: &[&str] = &[
        "fn f(t: u32, frag: &[f32; 4], out: &mut [f32]) { |row, col, value| out[row * LD + col] = value }",
        "#[inline] pub(crate) fn f(mut t: u32, a: &[u16],) -> [u16; 8] { |row, col| a[row * ld + col] }",
        "/// doc\npub fn f(t: u32, d: *mut f32) { |r: usize, c, values: [f32; 2]| unsafe { *(d.add(r * LD + c) as *mut [f32; 2]) = values } }",
        "fn f(t: Lane, frag: &[f32; 4], out: &mut Vec<f32>, alpha: f32) { |row, col, value,| out[row * LD + col] += alpha * value }",
        "fn f() { |row, col| { let x = row; x + col } }",
        "fn f(t: u32) { || 0 }",
        "pub unsafe fn f(t: u32, d: *mut f32) { |row, col, v| unsafe { *d.add(row * 8 + col) = v } }",
        "fn f(a: Vec<f32>, b: fraglayout::Lane, c: [f32; N], d: [f32; 2 * 2], e: &&u32) { |r| 0 }",
        "fn f(a: (u32, u32), b: *const [u16; 8], c: &'static [f32], d: [f32; 4usize]) { |r| 0 }",
        "fn f(a: &dyn Fn(u32), b: impl Copy, c: Box<[f32]>, d: *mut *const u8) { |r: [u8; 2]| 0 }",
        "fn f(a: [f32; -4], b: [f32; { 4 }]) { |r| 0 }",
    ];

    /// Functions of other shapes: left to syn, which parses them all the same.
    const OTHER: &[&str] = &[
        "const fn f(t: u32) { |row, col| 0 }",
        "unsafe extern \"C\" fn f(t: u32) { |row, col| 0 }",
        "async unsafe fn f(t: u32) { |row, col| 0 }",
        "fn f<T>(t: u32) { |row, col| 0 }",
        "fn f(t: u32) where u32: Copy { |row, col| 0 }",
        "fn f(self, t: u32) { |row, col| 0 }",
        "fn f(&self, t: u32) { |row, col| 0 }",
        "fn f((a, b): (u32, u32)) { |row, col| 0 }",
        "fn f(#[allow(unused)] t: u32) { |row, col| 0 }",
        "fn f(_: u32) { |row, col| 0 }",
        "fn f(ref t: u32) { |row, col| 0 }",
        "fn f(t: u32) { #![allow(unused)] |row, col| 0 }",
        "fn f(t: u32) { |row, col| 0; }",
        "fn f(t: u32) { |row, col| 0; 1 }",
        "fn f(t: u32) { move |row, col| 0 }",
        "fn f(t: u32) { |row, col| -> u32 { 0 } }",
        "fn f(t: u32) { |(row, col), value| 0 }",
        "fn f(t: u32) { |row, _, value| 0 }",
        "fn f(t: u32) { |mut row, col| 0 }",
        "fn f(t: u32) { |Foo(row), col| 0 }",
        "fn f(t: u32) { let x = 1; }",
        "fn f(t: u32) {}",
    ];

    fn parsed(text: &str) -> (Option<String>, String) {
        let tokens: proc_macro2::TokenStream = text.parse().unwrap();
        let fast = readme_shape.parse2(tokens.clone()).ok();
        let syn: syn::ItemFn = syn::parse2(tokens).unwrap();
        let print = |f: &syn::ItemFn| f.to_token_stream().to_string();
        (fast.as_ref().map(print), print(&syn))
    }

    #[test]
    fn the_readme_shape_is_read_to_syns_tree() {
        for text in SHAPED {
            let (fast, syn) = parsed(text);
            assert_eq!(fast.as_deref(), Some(syn.as_str()), "{text}");
        }
    }

    #[test]
    fn other_shapes_are_left_to_syn() {
        for text in OTHER {
            assert_eq!(parsed(text).0, None, "{text}");
        }
    }

    /// Each closure and function parameter of the shape is the name syn reads it as: a
    /// `Pat::Ident` with no `ref` or subpattern (printing alone would not tell a path pattern).
    #[test]
    fn the_parameters_are_syns_names() {
        for text in SHAPED {
            let f: syn::ItemFn = syn::parse2(text.parse().unwrap()).unwrap();
            let syn::Stmt::Expr(syn::Expr::Closure(c), None) = &f.block.stmts[0] else {
                panic!("{text}: not one closure");
            };
            let typed = f.sig.inputs.iter().map(|a| match a {
                syn::FnArg::Typed(t) => &*t.pat,
                syn::FnArg::Receiver(_) => panic!("{text}: a receiver"),
            });
            let closure = c.inputs.iter().map(|p| match p {
                syn::Pat::Type(t) => &*t.pat,
                p => p,
            });
            for pat in typed.chain(closure) {
                assert!(
                    matches!(pat, syn::Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none()),
                    "{text}"
                );
            }
        }
    }
}
