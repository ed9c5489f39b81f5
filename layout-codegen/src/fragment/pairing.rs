//! Recognising element bodies whose two neighbouring elements can move in one access.
//!
//! When the numeral puts elements `2k` and `2k + 1` side by side in a row
//! ([`layout_core::Numeral::adjacent_pairs`]), a scatter body `BASE[INDEX] = RHS` writes both
//! with one two-element slice store (`BASE[INDEX] += RHS` and the other compound assignments
//! update both through one two-element slice), and a gather body `BASE[INDEX]` reads both with one slice
//! load: one bounds check instead of two, and one wide memory access. This is sound only when
//! the index of element `2k + 1` is the index of `2k` plus one, which holds when `col` appears
//! in `INDEX` exactly once, as a top-level `+` term (`row * ld + col`, `col + base`,
//! `col as usize + r * ld`); and, for a scatter, when `RHS` reads `BASE` only at the same
//! `INDEX` (so storing the pair after computing both values changes nothing).
//!
//! `BASE` is a name (`out`) or fields of a name (`self.tile`, `ctx.out.0`). For fields, `RHS`
//! may name the root only as `BASE[INDEX]` or through a different field that it does not call
//! (`self.alpha * value`); a method call on the root (`self.norm()`) or any other use of
//! `BASE` (`self.tile.len()`) keeps the elements apart, since it could read the tile.

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::{BinOp, Expr, Ident, Pat};

/// A body that can be paired: the base, the index, and for a scatter the stored value and the
/// compound operator (`+=`, ...; `None` for a plain `=`).
pub struct Pattern {
    pub base: Expr,
    pub index: Expr,
    pub rhs: Option<Expr>,
    pub op: Option<BinOp>,
}

/// The identifier a closure parameter binds, if it is a plain name.
pub fn param_ident(p: &Pat) -> Option<&Ident> {
    match p {
        Pat::Ident(i) if i.subpat.is_none() => Some(&i.ident),
        _ => None,
    }
}

/// The expression of a body, seen through braces around a single expression (`{ e }`,
/// `{ e; }`).
fn inner(body: &Expr) -> &Expr {
    match body {
        Expr::Block(b) if b.attrs.is_empty() && b.label.is_none() => match &b.block.stmts[..] {
            [syn::Stmt::Expr(e, _)] => inner(e),
            _ => body,
        },
        _ => body,
    }
}

pub fn scatter(body: &Expr, col: &Ident) -> Option<Pattern> {
    let (left, right, op) = match inner(body) {
        Expr::Assign(a) => (&*a.left, &*a.right, None),
        Expr::Binary(b) if is_compound_assign(&b.op) => (&*b.left, &*b.right, Some(b.op)),
        _ => return None,
    };
    let (base, index) = indexed(left, col)?;
    let path = base_path(&base)?;
    if !reads_only_at(
        right.to_token_stream(),
        &path,
        &index.to_token_stream().to_string(),
    ) {
        return None;
    }
    Some(Pattern {
        base,
        index,
        rhs: Some(right.clone()),
        op,
    })
}

fn is_compound_assign(op: &BinOp) -> bool {
    matches!(
        op,
        BinOp::AddAssign(_)
            | BinOp::SubAssign(_)
            | BinOp::MulAssign(_)
            | BinOp::DivAssign(_)
            | BinOp::RemAssign(_)
            | BinOp::BitXorAssign(_)
            | BinOp::BitAndAssign(_)
            | BinOp::BitOrAssign(_)
            | BinOp::ShlAssign(_)
            | BinOp::ShrAssign(_)
    )
}

pub fn gather(body: &Expr, col: &Ident) -> Option<Pattern> {
    let (base, index) = indexed(inner(body), col)?;
    Some(Pattern {
        base,
        index,
        rhs: None,
        op: None,
    })
}

/// `BASE[INDEX]` with a name or fields of a name as base and `col` as a unit term of `INDEX`.
fn indexed(e: &Expr, col: &Ident) -> Option<(Expr, Expr)> {
    let Expr::Index(ix) = e else {
        return None;
    };
    base_path(&ix.expr)?;
    let mut terms = Vec::new();
    flatten_sum(&ix.index, &mut terms);
    let unit = terms.iter().filter(|t| is_col(t, col)).count();
    let elsewhere = terms
        .iter()
        .filter(|t| !is_col(t, col))
        .any(|t| mentions(t.to_token_stream(), col));
    (unit == 1 && !elsewhere).then(|| ((*ix.expr).clone(), (*ix.index).clone()))
}

/// A base that is a name or fields of a name: the root and the field names in order.
struct BasePath {
    root: Ident,
    fields: Vec<String>,
}

fn base_path(e: &Expr) -> Option<BasePath> {
    match e {
        Expr::Field(f) if f.attrs.is_empty() => {
            let mut p = base_path(&f.base)?;
            p.fields.push(f.member.to_token_stream().to_string());
            Some(p)
        }
        _ => path_ident(e).map(|root| BasePath {
            root,
            fields: Vec::new(),
        }),
    }
}

fn path_ident(e: &Expr) -> Option<Ident> {
    match e {
        Expr::Path(p) if p.qself.is_none() => p.path.get_ident().cloned(),
        _ => None,
    }
}

fn flatten_sum<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match e {
        Expr::Binary(b) if matches!(b.op, BinOp::Add(_)) => {
            flatten_sum(&b.left, out);
            flatten_sum(&b.right, out);
        }
        Expr::Paren(p) => flatten_sum(&p.expr, out),
        other => out.push(other),
    }
}

/// `col` or `col as T`.
fn is_col(e: &Expr, col: &Ident) -> bool {
    match e {
        Expr::Path(_) => path_ident(e).as_ref() == Some(col),
        Expr::Cast(c) => path_ident(&c.expr).as_ref() == Some(col),
        Expr::Paren(p) => is_col(&p.expr, col),
        _ => false,
    }
}

fn mentions(ts: TokenStream, name: &Ident) -> bool {
    ts.into_iter().any(|tt| match tt {
        TokenTree::Ident(i) => i == *name,
        TokenTree::Group(g) => mentions(g.stream(), name),
        _ => false,
    })
}

/// Every use of the base's root in `ts` is `BASE[INDEX]` with exactly `index`, or (for a
/// field base) a different field of the root, not called.
fn reads_only_at(ts: TokenStream, base: &BasePath, index: &str) -> bool {
    let trees: Vec<TokenTree> = ts.into_iter().collect();
    for (i, tt) in trees.iter().enumerate() {
        match tt {
            TokenTree::Ident(id)
                if *id == base.root && !use_is_harmless(&trees[i + 1..], base, index) =>
            {
                return false
            }
            TokenTree::Group(g) if !reads_only_at(g.stream(), base, index) => return false,
            _ => {}
        }
    }
    true
}

/// Whether `rest`, the tokens after a use of the root, read `BASE[INDEX]` or another field.
fn use_is_harmless(rest: &[TokenTree], base: &BasePath, index: &str) -> bool {
    let is_dot =
        |t: Option<&TokenTree>| matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == '.');
    let name = |t: Option<&TokenTree>| match t {
        Some(TokenTree::Ident(i)) => Some(i.to_string()),
        Some(TokenTree::Literal(l)) => Some(l.to_string()),
        _ => None,
    };
    let mut at = 0;
    for (k, field) in base.fields.iter().enumerate() {
        let member = is_dot(rest.get(at))
            .then(|| name(rest.get(at + 1)))
            .flatten();
        match member {
            Some(m) if m == *field => at += 2,
            // Another field of the root, read but not called (a call could read the tile).
            Some(_) if k == 0 => {
                return !matches!(
                    rest.get(at + 2),
                    Some(TokenTree::Group(g)) if g.delimiter() == proc_macro2::Delimiter::Parenthesis
                ) && !matches!(rest.get(at + 2), Some(TokenTree::Punct(p)) if p.as_char() == ':');
            }
            _ => return false,
        }
    }
    matches!(
        rest.get(at),
        Some(TokenTree::Group(g))
            if g.delimiter() == proc_macro2::Delimiter::Bracket && g.stream().to_string() == index
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(body: &str) -> bool {
        let body: Expr = syn::parse_str(body).unwrap();
        let col = Ident::new("col", proc_macro2::Span::call_site());
        scatter(&body, &col).is_some()
    }

    #[test]
    fn field_bases_pair_unless_the_value_could_read_the_tile() {
        for ok in [
            "out[row * ld + col] = v",
            "self.out[row * self.ld + col] = v",
            "ctx.tile.0[col + base] = v * ctx.alpha",
            "{ self.out[row * ld + col] += self.scale.get() * v; }",
            "self.out[row * ld + col] = v + self.out[row * ld + col]",
        ] {
            assert!(pairs(ok), "{ok}");
        }
        for no in [
            // A method of the root could read the tile.
            "self.out[row * ld + col] = v + self.norm()",
            "self.out[row * ld + col] = v + self.out.len() as f32",
            // The tile read at another index, or handed away whole.
            "self.out[row * ld + col] = self.out[row * ld + col + 1]",
            "self.out[row * ld + col] = f(&self)",
            "out[row * ld + col] = g(&out)",
            // Not a place made of names and fields.
            "self.tiles()[row * ld + col] = v",
            "out[col * ld + row] = v",
        ] {
            assert!(!pairs(no), "{no}");
        }
    }
}
