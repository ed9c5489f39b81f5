//! The one analysis of a body's index (`access.rs` finds it, in `BASE[INDEX]`,
//! `BASE.add(INDEX)` or `BASE.get_unchecked(INDEX)`): `col` a unit term of it
//! (`swizzle::split`, which also finds a swizzle the body writes into it), so that the element
//! at column `col + k` is `k` past the one at `col`, and whether it is
//! moreover affine in `row` ([`Affine`]), so that every element of a thread is at a constant
//! offset from the thread's first. Worked, for `INDEX = o + row * LD + col` and an element two
//! rows and one column from the thread's corner `(r0, c0)`: `INDEX(r0 + 2, c0 + 1) = INDEX(r0,
//! c0) + 2 * LD + 1`, the thread's base index plus a constant.

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::{BinOp, Expr, Ident, Pat};

/// An `INDEX` that is `REST + row * K + col` (in any order of terms): `K` as written (`None`
/// for a bare `row`, `K = 1`) and on which side of `row` it stands, and whether the whole
/// thread's footprint may be taken through one slice (`footprint`).
///
/// The conditions, which make `INDEX(r, c)` nondecreasing in `r` and `c` and
/// `INDEX(r, c) = INDEX(r0, c0) + (r - r0) * K + (c - c0)` exactly (wrapping or not): every
/// term is made of paths, fields, integer literals, casts, parentheses, `+` and `*` alone
/// (evaluating it again has no effect and gives the same value); `row` (or `row as T`) is in
/// exactly one term, alone or times such a `K`; neither `row`, `col` nor the value is in any
/// other term (or in `K`).
pub struct Affine {
    /// `K` and whether it is written left of `row` (`K * row`).
    pub k: Option<(Expr, bool)>,
    /// Whether generated code takes one footprint slice for all elements (where the numeral's
    /// footprint is tight): `K` looks like a constant (an integer literal, an upper-case path,
    /// or absent), so that every offset folds and the one check replaces one per row; and a
    /// scatter's stored value names nothing that `BASE` or `INDEX` names, so no element's
    /// value can change what a later element's index or base is. Otherwise each run is reached
    /// from the thread's base index (`b + dr * K + dc`), which saves a multiplication per run.
    pub footprint: bool,
    /// The other terms, `REST`.
    pub rest: Vec<Expr>,
    /// `K` as the macro's text where it is an integer literal or the name of a constant (no
    /// parameter of the function is named so, and the function has no other locals): written
    /// into each offset as it is (`8 * LD + 1`), as a skilled engineer writes it, a name of an
    /// item resolving the same from the macro's text. `None`: the offsets read `__fl_k`,
    /// bound once from `K`'s own tokens ([`Access::of`](super::access::Access::of) decides).
    pub k_text: Option<String>,
}

/// The identifier a closure parameter binds, if it is a plain name.
pub fn param_ident(p: &Pat) -> Option<&Ident> {
    match p {
        Pat::Ident(i) if i.subpat.is_none() => Some(&i.ident),
        _ => None,
    }
}

/// `index` as `REST + row * K + col`, if it is one (see [`Affine`]); a term `col ^ S` stands
/// for `col` (the swizzle, `swizzle.rs`, is checked apart).
pub fn affine(index: &Expr, row: &Ident, col: &Ident, value: Option<&Ident>) -> Option<Affine> {
    let mut terms = Vec::new();
    flatten_sum(index, &mut terms);
    let free = |e: &Expr| {
        let ts = e.to_token_stream();
        pure(e) && !mentions(ts, [row, col].into_iter().chain(value))
    };
    let mut k = None;
    let mut rows = 0;
    let mut rest = Vec::new();
    for t in terms
        .iter()
        .filter(|t| col_xor(t, col).is_none() && !is_col(t, col))
    {
        if let Some(found) = row_term(t, row) {
            rows += 1;
            k = found;
        } else if free(t) {
            rest.push((*t).clone());
        } else {
            return None;
        }
    }
    if rows != 1 || k.as_ref().is_some_and(|(k, _)| !free(k)) {
        return None;
    }
    let footprint = k.as_ref().is_none_or(|(k, _)| looks_constant(k));
    Some(Affine {
        k,
        footprint,
        rest,
        k_text: None,
    })
}

/// `S` where `t` is `col ^ S` or `S ^ col` (in parentheses or not).
pub fn col_xor<'a>(t: &'a Expr, col: &Ident) -> Option<&'a Expr> {
    match unparen(t) {
        Expr::Binary(b) if matches!(b.op, BinOp::BitXor(_)) => {
            if is_col(&b.left, col) {
                Some(&b.right)
            } else if is_col(&b.right, col) {
                Some(&b.left)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// `row` / `row as T` (`Some(None)`), or that times a factor on either side (`Some(Some((K,
/// left)))`); `None`: another term.
fn row_term(t: &Expr, row: &Ident) -> Option<Option<(Expr, bool)>> {
    let t = unparen(t);
    if is_col(t, row) {
        return Some(None);
    }
    match t {
        Expr::Binary(b) if matches!(b.op, BinOp::Mul(_)) => {
            if is_col(unparen(&b.left), row) {
                Some(Some(((*b.right).clone(), false)))
            } else if is_col(unparen(&b.right), row) {
                Some(Some(((*b.left).clone(), true)))
            } else {
                None
            }
        }
        _ => None,
    }
}

pub fn unparen(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => unparen(&p.expr),
        _ => e,
    }
}

/// Made of paths, fields, integer literals, casts, parentheses, `+` and `*` alone.
fn pure(e: &Expr) -> bool {
    match e {
        Expr::Path(p) => p.qself.is_none(),
        Expr::Field(f) => pure(&f.base),
        Expr::Lit(l) => matches!(l.lit, syn::Lit::Int(_)),
        Expr::Cast(c) => pure(&c.expr),
        Expr::Paren(p) => pure(&p.expr),
        Expr::Binary(b) => {
            matches!(b.op, BinOp::Add(_) | BinOp::Mul(_)) && pure(&b.left) && pure(&b.right)
        }
        _ => false,
    }
}

/// A value whose evaluation has no effect and cannot panic: paths, literals, casts and
/// parentheses alone (`value`, `value as f32`, `0.0`, `FILL`); no operator (it may be
/// overloaded, and may overflow), no field (it may dereference through user code), no call,
/// no block.
pub fn inert(e: &Expr) -> bool {
    match e {
        Expr::Path(p) => p.qself.is_none(),
        Expr::Lit(_) => true,
        Expr::Cast(c) => inert(&c.expr),
        Expr::Paren(p) => inert(&p.expr),
        _ => false,
    }
}

/// An integer literal or a path whose last segment is upper case (`256`, `LD`, `tile::LD`):
/// Rust's naming of constants. Only the instruction count depends on it, never the result.
fn looks_constant(k: &Expr) -> bool {
    match unparen(k) {
        Expr::Lit(l) => matches!(l.lit, syn::Lit::Int(_)),
        Expr::Path(p) => p.path.segments.last().is_some_and(|s| {
            let name = s.ident.to_string();
            name.chars().any(|c| c.is_ascii_uppercase())
                && !name.chars().any(|c| c.is_ascii_lowercase())
        }),
        Expr::Cast(c) => looks_constant(&c.expr),
        _ => false,
    }
}

/// Every identifier in `ts`.
pub fn idents(ts: TokenStream, out: &mut Vec<Ident>) {
    for tt in ts {
        match tt {
            TokenTree::Ident(i) => out.push(i),
            TokenTree::Group(g) => idents(g.stream(), out),
            _ => {}
        }
    }
}

/// Whether a base is a name or fields of a name (`out`, `self.tile`, `ctx.out.0`).
pub fn is_place(e: &Expr) -> bool {
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

/// The top-level `+` terms of `e`.
pub fn flatten_sum<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
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
pub fn is_col(e: &Expr, col: &Ident) -> bool {
    match e {
        Expr::Path(_) => path_ident(e).as_ref() == Some(col),
        Expr::Cast(c) => path_ident(&c.expr).as_ref() == Some(col),
        Expr::Paren(p) => is_col(&p.expr, col),
        _ => false,
    }
}

/// Whether `ts` has one of the identifiers `names` anywhere, at any depth (each identifier of
/// `ts` printed once: the compiler's identifiers compare only as text).
pub fn mentions<'a>(ts: TokenStream, names: impl IntoIterator<Item = &'a Ident>) -> bool {
    fn any(ts: TokenStream, names: &[String]) -> bool {
        ts.into_iter().any(|tt| match tt {
            TokenTree::Ident(i) => names.contains(&i.to_string()),
            TokenTree::Group(g) => any(g.stream(), names),
            _ => false,
        })
    }
    let names: Vec<String> = names.into_iter().map(Ident::to_string).collect();
    !names.is_empty() && any(ts, &names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_paths_literals_and_casts_are_inert() {
        let inert_str = |s: &str| inert(&syn::parse_str::<Expr>(s).unwrap());
        for ok in [
            "v",
            "(v as f32)",
            "0.0",
            "FILL",
            "tile::FILL",
            "v as u8 as f32",
        ] {
            assert!(inert_str(ok), "{ok}");
        }
        for no in [
            "v * ALPHA",
            "-v",
            "f(v)",
            "cfg.fill",
            "{ v }",
            "a[0]",
            "v.abs()",
        ] {
            assert!(!inert_str(no), "{no}");
        }
    }
}
