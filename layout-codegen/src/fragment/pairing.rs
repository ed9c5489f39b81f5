//! Recognising element bodies that can reach their row run through one slice.
//!
//! A scatter body `BASE[INDEX] = RHS` (or `BASE[INDEX] += RHS` and the other compound
//! assignments) and a gather body `BASE[INDEX]` qualify when `col` appears in `INDEX` exactly
//! once, as a top-level `+` term (`row * ld + col`, `col + base`, `col as usize + r * ld`):
//! then `INDEX` at column `col + k` is `INDEX` at `col` plus `k`, so every element of a row run
//! ([`layout_core::expand::ElementAt`]) is at a constant offset from the run's leftmost
//! element, and generated code reaches it as `BASE[i..i + span][offset]` with `i` the `INDEX`
//! of the run's leftmost element. `BASE` is a name (`out`) or fields of a name (`self.tile`,
//! `ctx.out.0`), a place that can be sliced.
//!
//! Each element still runs in the body's own order (its `RHS`, then its `INDEX`, then the
//! access), with its own `row`, `col` and `value`; so `RHS` may read anything, even `BASE`, and
//! `INDEX` may use `value`. What changes: `INDEX` is evaluated at the run's leftmost column,
//! and an index past the end of `BASE` panics at the first element of its run rather than at
//! the element itself.

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
    if !is_place(&ix.expr) {
        return None;
    }
    let mut terms = Vec::new();
    flatten_sum(&ix.index, &mut terms);
    let unit = terms.iter().filter(|t| is_col(t, col)).count();
    let elsewhere = terms
        .iter()
        .filter(|t| !is_col(t, col))
        .any(|t| mentions(t.to_token_stream(), col));
    (unit == 1 && !elsewhere).then(|| ((*ix.expr).clone(), (*ix.index).clone()))
}

/// Whether a base is a name or fields of a name (`out`, `self.tile`, `ctx.out.0`).
fn is_place(e: &Expr) -> bool {
    match e {
        Expr::Field(f) if f.attrs.is_empty() => is_place(&f.base),
        _ => path_ident(e).is_some(),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(body: &str) -> bool {
        let body: Expr = syn::parse_str(body).unwrap();
        let col = Ident::new("col", proc_macro2::Span::call_site());
        scatter(&body, &col).is_some()
    }

    #[test]
    fn places_of_names_and_fields_with_col_as_a_unit_term_make_runs() {
        for ok in [
            "out[row * ld + col] = v",
            "self.out[row * self.ld + col] = v",
            "ctx.tile.0[col + base] = v * ctx.alpha",
            "{ self.out[row * ld + col] += self.scale.get() * v; }",
            "self.out[row * ld + col] = v + self.out[row * ld + col]",
            // The value is evaluated per element before the run is taken: any read is fine.
            "self.out[row * ld + col] = v + self.norm()",
            "out[row * ld + col] = g(&out)",
            "out[value as usize + col] = 1.0",
        ] {
            assert!(pairs(ok), "{ok}");
        }
        for no in [
            // Not a place made of names and fields.
            "self.tiles()[row * ld + col] = v",
            // `col` not a unit term, or also elsewhere.
            "out[col * ld + row] = v",
            "out[row * ld + col + col] = v",
            "out[row * ld + 2 * col] = v",
            "out[(row + col) * ld + col] = v",
            // Not an indexed store.
            "{ out[row * ld + col] = v; count += 1; }",
        ] {
            assert!(!pairs(no), "{no}");
        }
    }
}
