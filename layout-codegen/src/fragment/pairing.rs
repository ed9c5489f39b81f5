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

pub fn scatter(body: &Expr, col: &Ident) -> Option<Pattern> {
    let (left, right, op) = match body {
        Expr::Assign(a) => (&*a.left, &*a.right, None),
        Expr::Binary(b) if is_compound_assign(&b.op) => (&*b.left, &*b.right, Some(b.op)),
        _ => return None,
    };
    let (base, index) = indexed(left, col)?;
    let base_ident = path_ident(&base)?;
    if !reads_only_at(
        right.to_token_stream(),
        &base_ident,
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
    let (base, index) = indexed(body, col)?;
    path_ident(&base)?;
    Some(Pattern {
        base,
        index,
        rhs: None,
        op: None,
    })
}

/// `BASE[INDEX]` with a plain-name base and `col` as a unit term of `INDEX`.
fn indexed(e: &Expr, col: &Ident) -> Option<(Expr, Expr)> {
    let Expr::Index(ix) = e else {
        return None;
    };
    path_ident(&ix.expr)?;
    let mut terms = Vec::new();
    flatten_sum(&ix.index, &mut terms);
    let unit = terms.iter().filter(|t| is_col(t, col)).count();
    let elsewhere = terms
        .iter()
        .filter(|t| !is_col(t, col))
        .any(|t| mentions(t.to_token_stream(), col));
    (unit == 1 && !elsewhere).then(|| ((*ix.expr).clone(), (*ix.index).clone()))
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

/// Every use of `base` in `ts` is `base[INDEX]` with exactly `index`.
fn reads_only_at(ts: TokenStream, base: &Ident, index: &str) -> bool {
    let trees: Vec<TokenTree> = ts.into_iter().collect();
    for (i, tt) in trees.iter().enumerate() {
        match tt {
            TokenTree::Ident(id) if id == base => match trees.get(i + 1) {
                Some(TokenTree::Group(g))
                    if g.delimiter() == proc_macro2::Delimiter::Bracket
                        && g.stream().to_string() == index => {}
                _ => return false,
            },
            TokenTree::Group(g) if !reads_only_at(g.stream(), base, index) => return false,
            _ => {}
        }
    }
    true
}
