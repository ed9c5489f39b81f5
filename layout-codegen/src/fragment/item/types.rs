//! Parameter types read directly ([`ty`]); the rest as syn reads them.

use syn::parse::discouraged::Speculative;
use syn::parse::ParseStream;
use syn::{
    bracketed, token, Expr, ExprLit, Ident, Lifetime, Lit, LitInt, Path, Token, Type, TypeArray,
    TypePath, TypePtr, TypeReference, TypeSlice,
};

/// A parameter's type, as syn parses it: a plain name (`u32`), a reference (`&mut [f32]`),
/// a raw pointer (`*mut f32`), a slice or an array of an integer literal's length (`[f32;
/// 4]`) of those built directly where the parameter ends after it (`,`, `|` or the end); any
/// other by syn.
pub(super) fn ty(input: ParseStream) -> syn::Result<Type> {
    let ahead = input.fork();
    if let Ok(t) = plain_type(&ahead) {
        if ahead.is_empty() || ahead.peek(Token![,]) || ahead.peek(Token![|]) {
            input.advance_to(&ahead);
            return Ok(t);
        }
    }
    input.parse()
}

/// [`ty`]'s types, an error for any other.
pub(super) fn plain_type(input: ParseStream) -> syn::Result<Type> {
    if input.peek(Token![&]) && !input.peek(Token![&&]) && !input.peek2(Lifetime) {
        return Ok(Type::Reference(TypeReference {
            and_token: input.parse()?,
            lifetime: None,
            mutability: input.parse()?,
            elem: Box::new(plain_type(input)?),
        }));
    }
    if input.peek(Token![*]) {
        let star_token = input.parse()?;
        let const_token: Option<Token![const]> = input.parse()?;
        let mutability = match const_token {
            Some(_) => None,
            None => Some(input.parse()?),
        };
        let elem = Box::new(plain_type(input)?);
        return Ok(Type::Ptr(TypePtr {
            star_token,
            const_token,
            mutability,
            elem,
        }));
    }
    if input.peek(token::Bracket) {
        let content;
        let bracket_token = bracketed!(content in input);
        let elem = Box::new(plain_type(&content)?);
        if content.is_empty() {
            return Ok(Type::Slice(TypeSlice {
                bracket_token,
                elem,
            }));
        }
        let semi_token = content.parse()?;
        if content.cursor().literal().is_none() {
            // (syn's `LitInt` would also take `-` and a number as one literal.)
            return Err(content.error("not an integer literal"));
        }
        let len: LitInt = content.parse()?;
        if !content.is_empty() {
            return Err(content.error("not an integer literal"));
        }
        return Ok(Type::Array(TypeArray {
            bracket_token,
            elem,
            semi_token,
            len: Expr::Lit(ExprLit {
                attrs: Vec::new(),
                lit: Lit::Int(len),
            }),
        }));
    }
    let ident: Ident = input.parse()?;
    if input.peek(Token![::])
        || input.peek(Token![<])
        || input.peek(Token![!])
        || input.peek(token::Paren)
    {
        return Err(input.error("a path, generic or macro type"));
    }
    Ok(Type::Path(TypePath {
        qself: None,
        path: Path::from(ident),
    }))
}
