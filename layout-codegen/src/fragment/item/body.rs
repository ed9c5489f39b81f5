//! The element closure's body, read directly where it is the README's access of one element,
//!
//! ```text
//! out[row * LD + col] = alpha * value      a store (`=`, or `+=` and the other compound operators)
//! a[row * ld + col]                        a load
//! ```
//!
//! `BASE[INDEX]`, then nothing or an assignment of a value, where `BASE` is a name and `INDEX`
//! and the value are arithmetic: names, literals, parentheses and casts to a [plain
//! type](super::types::plain_type), joined by `+ - * / % & | ^ << >>` with Rust's precedence,
//! each left to right; or the same through a raw pointer in `unsafe` (`deref.rs`). The tree is
//! the one syn builds of the same tokens (`tests` compares them, node by node); any other body
//! is syn's (a call, a comparison, a unary operator, more than one statement).

use super::types::plain_type;
use proc_macro2::{Delimiter, Spacing};
use syn::parse::ParseStream;
use syn::{
    bracketed, parenthesized, token, BinOp, Expr, ExprAssign, ExprBinary, ExprCast, ExprIndex,
    ExprLit, ExprParen, ExprPath, Ident, Lit, LitBool, Path, Token,
};

/// `BASE[INDEX]`, and `= VALUE` or `OP= VALUE` where one follows ([`stored`]).
pub(super) fn access(input: ParseStream) -> syn::Result<Expr> {
    let base: Ident = input.parse()?;
    let content;
    let bracket_token = bracketed!(content in input);
    let index = arithmetic(&content, 0)?;
    if !content.is_empty() {
        return Err(content.error("more than an index"));
    }
    let left = Expr::Index(ExprIndex {
        attrs: Vec::new(),
        expr: Box::new(path(base)),
        bracket_token,
        index: Box::new(index),
    });
    stored(left, input)
}

/// The place `left` alone where the statement ends (nothing or `;` next), else with the
/// `= VALUE` or `OP= VALUE` that follows it.
pub(super) fn stored(left: Expr, input: ParseStream) -> syn::Result<Expr> {
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

/// `+=` and the other compound assignments of [`OPERATORS`].
fn compound(input: ParseStream) -> syn::Result<BinOp> {
    Ok(match () {
        _ if input.peek(Token![+=]) => BinOp::AddAssign(input.parse()?),
        _ if input.peek(Token![-=]) => BinOp::SubAssign(input.parse()?),
        _ if input.peek(Token![*=]) => BinOp::MulAssign(input.parse()?),
        _ if input.peek(Token![/=]) => BinOp::DivAssign(input.parse()?),
        _ if input.peek(Token![%=]) => BinOp::RemAssign(input.parse()?),
        _ if input.peek(Token![&=]) => BinOp::BitAndAssign(input.parse()?),
        _ if input.peek(Token![|=]) => BinOp::BitOrAssign(input.parse()?),
        _ if input.peek(Token![^=]) => BinOp::BitXorAssign(input.parse()?),
        _ if input.peek(Token![<<=]) => BinOp::ShlAssign(input.parse()?),
        _ if input.peek(Token![>>=]) => BinOp::ShrAssign(input.parse()?),
        _ => return Err(input.error("not an assignment")),
    })
}

/// The binary operators read, each with its precedence (higher binds tighter), as Rust's.
const OPERATORS: [(&str, u8); 10] = [
    ("|", 1),
    ("^", 2),
    ("&", 3),
    ("<<", 4),
    (">>", 4),
    ("+", 5),
    ("-", 5),
    ("*", 6),
    ("/", 6),
    ("%", 6),
];

/// Operands joined by operators of precedence at least `least`, each left to right.
pub(super) fn arithmetic(input: ParseStream, least: u8) -> syn::Result<Expr> {
    let mut left = cast(input)?;
    while let Some(precedence) = operator(input) {
        if precedence < least {
            break;
        }
        let op = binary(input)?;
        let right = arithmetic(input, precedence + 1)?;
        left = Expr::Binary(ExprBinary {
            attrs: Vec::new(),
            left: Box::new(left),
            op,
            right: Box::new(right),
        });
    }
    Ok(left)
}

/// The precedence of the operator next in `input`, if it is one of [`OPERATORS`] (and not a
/// compound assignment, `&&`, `||`, `->` or a comparison), read from its characters.
fn operator(input: ParseStream) -> Option<u8> {
    let mut chars = Vec::with_capacity(3);
    let mut cursor = input.cursor();
    while let Some((p, rest)) = cursor.punct() {
        chars.push(p.as_char());
        if p.spacing() == Spacing::Alone || chars.len() == 3 {
            break;
        }
        cursor = rest;
    }
    let spelled = match chars.as_slice() {
        ['<', '<', '='] | ['>', '>', '='] => return None,
        ['<', '<', ..] => "<<",
        ['>', '>', ..] => ">>",
        [_, '=', ..] | ['&', '&', ..] | ['|', '|', ..] | ['-', '>', ..] | ['<' | '>', ..] => {
            return None
        }
        [c, ..] => {
            return OPERATORS
                .iter()
                .find(|(s, _)| s.starts_with(*c))
                .map(|&(_, p)| p)
        }
        [] => return None,
    };
    OPERATORS
        .iter()
        .find(|(s, _)| *s == spelled)
        .map(|&(_, p)| p)
}

/// The operator [`operator`] found, parsed.
fn binary(input: ParseStream) -> syn::Result<BinOp> {
    Ok(match () {
        _ if input.peek(Token![<<]) => BinOp::Shl(input.parse()?),
        _ if input.peek(Token![>>]) => BinOp::Shr(input.parse()?),
        _ if input.peek(Token![|]) => BinOp::BitOr(input.parse()?),
        _ if input.peek(Token![^]) => BinOp::BitXor(input.parse()?),
        _ if input.peek(Token![&]) => BinOp::BitAnd(input.parse()?),
        _ if input.peek(Token![+]) => BinOp::Add(input.parse()?),
        _ if input.peek(Token![-]) => BinOp::Sub(input.parse()?),
        _ if input.peek(Token![*]) => BinOp::Mul(input.parse()?),
        _ if input.peek(Token![/]) => BinOp::Div(input.parse()?),
        _ => BinOp::Rem(input.parse()?),
    })
}

/// An operand and the casts after it (`row as u32 as f32`).
fn cast(input: ParseStream) -> syn::Result<Expr> {
    let mut e = operand(input)?;
    while input.peek(Token![as]) {
        let as_token = input.parse()?;
        let ty = plain_type(input)?;
        if input.peek(Token![<]) {
            return Err(input.error("`<` after a cast"));
        }
        e = Expr::Cast(ExprCast {
            attrs: Vec::new(),
            expr: Box::new(e),
            as_token,
            ty: Box::new(ty),
        });
    }
    Ok(e)
}

/// A name, a literal, or an arithmetic in parentheses; followed by what can follow an
/// operand here (an operator, `as`, the end; no call, index, field, method or path).
fn operand(input: ParseStream) -> syn::Result<Expr> {
    let e = if input.peek(token::Paren) {
        let content;
        let paren_token = parenthesized!(content in input);
        let inner = arithmetic(&content, 0)?;
        if !content.is_empty() {
            return Err(content.error("a tuple"));
        }
        Expr::Paren(ExprParen {
            attrs: Vec::new(),
            paren_token,
            expr: Box::new(inner),
        })
    } else if input.peek(Ident) {
        path(input.parse()?)
    } else if input.cursor().literal().is_some() || input.peek(LitBool) {
        // A literal token (syn's `Lit` would also take `-` and a number as one literal,
        // where its expression parser reads a negation).
        Expr::Lit(ExprLit {
            attrs: Vec::new(),
            lit: input.parse::<Lit>()?,
        })
    } else {
        return Err(input.error("not a name, literal or parentheses"));
    };
    let next = input.cursor();
    let group = next.any_group().is_some_and(|g| g.1 != Delimiter::None);
    let trailer = next.punct().is_some_and(|(p, _)| {
        matches!(p.as_char(), '.' | '?' | '!')
            || p.as_char() == ':' && p.spacing() == Spacing::Joint
    });
    match group || trailer {
        true => Err(input.error("a call, index, field or path")),
        false => Ok(e),
    }
}

/// The expression of a plain name.
pub(super) fn path(ident: Ident) -> Expr {
    Expr::Path(ExprPath {
        attrs: Vec::new(),
        qself: None,
        path: Path::from(ident),
    })
}

#[cfg(test)]
mod tests {
    use super::super::tree;
    use super::access;

    #[test]
    fn the_readme_bodies_are_read_to_syns_tree() {
        tree::read_as_syn(
            access,
            &[
                "out[row * LD + col] = value",
                "out[row * ld + col] = alpha * value",
                "out[row * ld + col] += value",
                "a[row * LD + col]",
                "d[(row + 1) * K - col / 2 % 3] = value as f32 * 2.0",
                "d[row << 4 | col ^ 3 & 1 >> 2] <<= x as u32 as u64",
                "d[LD * row + col] = row as f32",
                "out[row] = true",
            ],
        );
    }

    #[test]
    fn other_bodies_are_left_to_syn() {
        tree::left_to_syn(
            access,
            &[
                "unsafe { *d.add(row * ld + col) = value }",
                "out[row * ld + col] = f(value)",
                "out[idx(row, col)] = value",
                "out[row][col] = value",
                "out[row * ld + col] = -value",
                "out[row * ld + col] = value * -1.0",
                "out[row * ld + col - 1] = -2",
                "out[row * ld + col] = value.max(0.0)",
                "out[row * ld + col] = (value, 1)",
                "out[row * ld + col] = value == 1.0",
                "out[row * ld + col] = value < 1.0",
                "out[row * ld + col] = row as u32 << 2",
                "out[row * ld + col] = value && true",
                "out[row * ld + col] = S { x }",
                "out[m::K * row + col] = value",
                "self.out[row] = value",
                "out[row] = value;",
            ],
        );
    }

    /// Random arithmetic over the operators, casts, parentheses, names and literals: the fast
    /// path reads each to syn's tree, node by node.
    #[test]
    fn random_arithmetic_is_read_to_syns_tree() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let ops = ["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"];
        for _ in 0..500 {
            let mut text = String::from("d[");
            for i in 0..1 + next(6) {
                if i > 0 {
                    text.push_str(&format!(" {} ", ops[next(ops.len())]));
                }
                match next(4) {
                    0 => text.push_str(&format!("(a {} b)", ops[next(ops.len())])),
                    1 => text.push_str("c as usize"),
                    2 => text.push('7'),
                    _ => text.push_str("row"),
                }
            }
            text.push_str(["] = v", "] += v * 2", "]"][next(3)]);
            let (fast, syn) = tree::both(access, &text);
            // `<` after a cast is left to syn (`c as usize << 2`), all else read.
            let cast_shift = text.contains("usize <<");
            assert_eq!(fast.is_some(), !cast_shift, "{text}");
            if fast.is_some() {
                assert_eq!(fast, syn, "{text}");
            }
        }
    }
}
