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

use super::body::{arithmetic, compound, path};
use super::types::plain_type;
use syn::parse::ParseStream;
use syn::punctuated::Punctuated;
use syn::{
    braced, parenthesized, token, Block, Expr, ExprAssign, ExprBinary, ExprCast, ExprMethodCall,
    ExprParen, ExprUnary, ExprUnsafe, Ident, Stmt, Token, UnOp,
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

/// `*PLACE`, and `= VALUE` or `OP= VALUE` where one follows.
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
    if input.is_empty() || input.peek(Token![;]) {
        return Ok(left);
    }
    if input.peek(Token![=]) && !input.peek(Token![==]) && !input.peek(Token![=>]) {
        return Ok(Expr::Assign(ExprAssign {
            attrs: Vec::new(),
            left: Box::new(left),
            eq_token: input.parse()?,
            right: Box::new(arithmetic(input, 0)?),
        }));
    }
    Ok(Expr::Binary(ExprBinary {
        attrs: Vec::new(),
        left: Box::new(left),
        op: compound(input)?,
        right: Box::new(arithmetic(input, 0)?),
    }))
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
    use super::unsafe_access;
    use quote::ToTokens;
    use syn::parse::Parser;
    use syn::{Expr, Stmt};

    /// `e` node by node: each kind the fast path builds with its parts in parentheses, any
    /// other kind as `other`.
    fn nodes(e: &Expr) -> String {
        let t = |e: &dyn ToTokens| e.to_token_stream().to_string();
        match e {
            Expr::Unsafe(u) if u.attrs.is_empty() => {
                let stmts: Vec<String> = u
                    .block
                    .stmts
                    .iter()
                    .map(|s| match s {
                        Stmt::Expr(e, semi) => {
                            format!("{}{}", nodes(e), if semi.is_some() { ";" } else { "" })
                        }
                        other => format!("other({})", t(other)),
                    })
                    .collect();
                format!("unsafe({})", stmts.join(" "))
            }
            Expr::Unary(u) if u.attrs.is_empty() => {
                format!("unary({}, {})", t(&u.op), nodes(&u.expr))
            }
            Expr::MethodCall(m) if m.attrs.is_empty() && m.turbofish.is_none() => {
                let args: Vec<String> = m.args.iter().map(nodes).collect();
                let comma = if m.args.trailing_punct() { "," } else { "" };
                format!(
                    "call({}, {}, {}{comma})",
                    nodes(&m.receiver),
                    m.method,
                    args.join(", ")
                )
            }
            Expr::Assign(a) => format!("assign({}, {})", nodes(&a.left), nodes(&a.right)),
            Expr::Binary(b) => format!(
                "binary({}, {}, {})",
                t(&b.op),
                nodes(&b.left),
                nodes(&b.right)
            ),
            Expr::Cast(c) => format!("cast({}, {})", nodes(&c.expr), t(&c.ty)),
            Expr::Paren(p) => format!("paren({})", nodes(&p.expr)),
            Expr::Path(p) if p.attrs.is_empty() && p.qself.is_none() => format!("path({})", t(p)),
            Expr::Lit(l) if l.attrs.is_empty() => format!("lit({})", t(l)),
            other => format!("other({})", t(other)),
        }
    }

    /// The fast path's tree, or `None` where it leaves `text` to syn; and syn's.
    fn both(text: &str) -> (Option<String>, Option<String>) {
        let tokens: proc_macro2::TokenStream = text.parse().unwrap();
        let fast = unsafe_access.parse2(tokens.clone()).ok().map(|e| nodes(&e));
        let syn = syn::parse2::<Expr>(tokens).ok().map(|e| nodes(&e));
        (fast, syn)
    }

    #[test]
    fn the_readme_pointer_bodies_are_read_to_syns_tree() {
        for text in [
            "unsafe { *(d.add(row * ld + col) as *mut [f32; 2]) = values }",
            "unsafe { *(d.add(row * LD + col) as *mut [f32; 2]) = values; }",
            "unsafe { *(d.add(row * ld + col) as *const [f32; 2]) }",
            "unsafe { *d.add(row * 16 + col) = v }",
            "unsafe { *d.add(col + row * ld) = col as u32 }",
            "unsafe { *d.get_unchecked_mut(row * ld + col) += alpha * value }",
            "unsafe { *a.get_unchecked(row * ld + col) }",
        ] {
            let (fast, syn) = both(text);
            assert!(fast.is_some(), "{text}");
            assert_eq!(fast, syn, "{text}");
        }
    }

    #[test]
    fn other_pointer_bodies_are_left_to_syn() {
        for text in [
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
        ] {
            assert_eq!(both(text).0, None, "{text}");
        }
    }
}
