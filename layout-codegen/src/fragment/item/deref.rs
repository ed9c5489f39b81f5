//! The element closure's body read directly where it is the README's access through a raw
//! pointer or an unchecked slice method, in an `unsafe` block of its own:
//!
//! ```text
//! unsafe { *(d.add(row * ld + col) as *mut [f32; 2]) = values }   a store (`=`, `+=`, ..)
//! unsafe { *d.get_unchecked_mut(row * ld + col) = value }
//! unsafe { *(d.add(row * ld + col) as *const [f32; 2]) }          a load
//! ```
//!
//! `unsafe { *PLACE }` or `unsafe { *PLACE = VALUE }` (a `;` after it or not), where `PLACE` is
//! `NAME.METHOD(INDEX)` or that cast to a [plain type](super::types::plain_type) in
//! parentheses, and `INDEX` and `VALUE` are the [arithmetic](super::body) of a plain access.
//! The tree is the one syn builds of the same tokens (`tests` compares them, node by node);
//! any other body is syn's.

use super::body::{arithmetic, path, stored};
use super::types::plain_type;
use syn::parse::ParseStream;
use syn::punctuated::Punctuated;
use syn::{
    braced, parenthesized, token, Block, Expr, ExprCast, ExprMethodCall, ExprParen, ExprUnary,
    ExprUnsafe, Ident, Stmt, Token, UnOp,
};

/// `unsafe { *PLACE [= VALUE] [;] }`.
pub(super) fn unsafe_access(input: ParseStream) -> syn::Result<Expr> {
    let unsafe_token: Token![unsafe] = input.parse()?;
    let content;
    let brace_token = braced!(content in input);
    let e = deref(&content)?;
    let semi: Option<Token![;]> = content.parse()?;
    if !content.is_empty() {
        return Err(content.error("more than one statement"));
    }
    Ok(Expr::Unsafe(ExprUnsafe {
        attrs: Vec::new(),
        unsafe_token,
        block: Block {
            brace_token,
            stmts: vec![Stmt::Expr(e, semi)],
        },
    }))
}

/// `*PLACE`, and `= VALUE` or `OP= VALUE` where one follows ([`stored`]).
fn deref(input: ParseStream) -> syn::Result<Expr> {
    let star: Token![*] = input.parse()?;
    let place = match input.peek(token::Paren) {
        true => cast_place(input)?,
        false => method(input)?,
    };
    let left = Expr::Unary(ExprUnary {
        attrs: Vec::new(),
        op: UnOp::Deref(star),
        expr: Box::new(place),
    });
    stored(left, input)
}

/// `(NAME.METHOD(INDEX) as TYPE)`, with nothing after the parentheses but what ends a place.
fn cast_place(input: ParseStream) -> syn::Result<Expr> {
    let content;
    let paren_token = parenthesized!(content in input);
    let expr = method(&content)?;
    let as_token = content.parse()?;
    let ty = plain_type(&content)?;
    if !content.is_empty() {
        return Err(content.error("more than a cast"));
    }
    ends_place(input)?;
    Ok(Expr::Paren(ExprParen {
        attrs: Vec::new(),
        paren_token,
        expr: Box::new(Expr::Cast(ExprCast {
            attrs: Vec::new(),
            expr: Box::new(expr),
            as_token,
            ty: Box::new(ty),
        })),
    }))
}

/// `NAME.METHOD(INDEX)`, with nothing after it but what ends a place (inside a cast, `as`).
fn method(input: ParseStream) -> syn::Result<Expr> {
    let receiver: Ident = input.parse()?;
    let dot_token = input.parse()?;
    let method: Ident = input.parse()?;
    let content;
    let paren_token = parenthesized!(content in input);
    let index = arithmetic(&content, 0)?;
    if !content.is_empty() {
        return Err(content.error("more than one argument"));
    }
    ends_place(input)?;
    Ok(Expr::MethodCall(ExprMethodCall {
        attrs: Vec::new(),
        receiver: Box::new(path(receiver)),
        dot_token,
        method,
        turbofish: None,
        paren_token,
        args: Punctuated::from_iter([index]),
    }))
}

/// An error where a call, index, field, method or `?` follows a place.
fn ends_place(input: ParseStream) -> syn::Result<()> {
    let trailer = input.peek(token::Paren)
        || input.peek(token::Bracket)
        || input.peek(Token![.])
        || input.peek(Token![?]);
    match trailer {
        true => Err(input.error("more after the place")),
        false => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tree;
    use super::unsafe_access;

    #[test]
    fn the_readme_pointer_bodies_are_read_to_syns_tree() {
        tree::read_as_syn(
            unsafe_access,
            &[
                "unsafe { *(d.add(row * ld + col) as *mut [f32; 2]) = values }",
                "unsafe { *(d.add(row * LD + col) as *mut [f32; 2]) = values; }",
                "unsafe { *(d.add(row * ld + col) as *const [f32; 2]) }",
                "unsafe { *d.add(row * 16 + col) = v }",
                "unsafe { *d.add(col + row * ld) = col as u32 }",
                "unsafe { *d.get_unchecked_mut(row * ld + col) += alpha * value }",
                "unsafe { *a.get_unchecked(row * ld + col) }",
            ],
        );
    }

    #[test]
    fn other_pointer_bodies_are_left_to_syn() {
        tree::left_to_syn(
            unsafe_access,
            &[
                "unsafe { d.add(row * ld + col).write(value) }",
                "unsafe { *d.add(row * ld + col).add(1) = value }",
                "unsafe { *(d.add(row * ld + col) as *mut f32).add(1) = value }",
                "unsafe { *d.add(row * ld + col, 1) = value }",
                "unsafe { *d.add(row * ld + col,) = value }",
                "unsafe { *d.add::<u8>(row) = value }",
                "unsafe { *d.add(row) = value; *d = 1 }",
                "unsafe { *d.add(row) = f(value) }",
                "unsafe { *d.add(row) = -value }",
                "unsafe { let p = d.add(row); *p = value }",
                "{ *d.add(row) = value }",
                "unsafe { *self.d.add(row) = value }",
            ],
        );
    }
}
