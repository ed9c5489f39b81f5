//! Recognising element bodies that can reach their row run through one slice.
//!
//! A scatter body `BASE[INDEX] = RHS` (or `BASE[INDEX] += RHS` and the other compound
//! assignments) and a gather body `BASE[INDEX]` qualify when `col` appears in `INDEX` exactly
//! once, as a top-level `+` term (`row * ld + col`, `col + base`, `col as usize + r * ld`):
//! then `INDEX` at column `col + k` is `INDEX` at `col` plus `k`, so every element of a row run
//! ([`layout_core::generated::ElementAt`]) is at a constant offset from the run's leftmost
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
/// compound operator (`+=`, ...; `None` for a plain `=`); `affine` when the index is affine in
/// `row` as well ([`affine`]).
pub struct Pattern {
    pub base: Expr,
    pub index: Expr,
    pub rhs: Option<Expr>,
    pub op: Option<BinOp>,
    pub affine: Option<Affine>,
}

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

/// A scatter body's pattern; `row` and `value` are the closure's names for them (`None`: not a
/// plain name, so no affine index).
pub fn scatter(
    body: &Expr,
    row: Option<&Ident>,
    col: &Ident,
    value: Option<&Ident>,
) -> Option<Pattern> {
    let (left, right, op) = match inner(body) {
        Expr::Assign(a) => (&*a.left, &*a.right, None),
        Expr::Binary(b) if is_compound_assign(&b.op) => (&*b.left, &*b.right, Some(b.op)),
        _ => return None,
    };
    let (base, index) = indexed(left, col)?;
    let affine = row.and_then(|row| {
        let mut a = affine(&index, row, col, value)?;
        let mut names = Vec::new();
        idents(base.to_token_stream(), &mut names);
        idents(index.to_token_stream(), &mut names);
        names.retain(|n| n != row && n != col && Some(n) != value);
        a.footprint &= !names.iter().any(|n| mentions(right.to_token_stream(), n));
        Some(a)
    });
    Some(Pattern {
        base,
        index,
        rhs: Some(right.clone()),
        op,
        affine,
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

pub fn gather(body: &Expr, row: Option<&Ident>, col: &Ident) -> Option<Pattern> {
    let (base, index) = indexed(inner(body), col)?;
    let affine = row.and_then(|row| affine(&index, row, col, None));
    Some(Pattern {
        base,
        index,
        rhs: None,
        op: None,
        affine,
    })
}

/// `index` as `REST + row * K + col`, if it is one (see [`Affine`]).
fn affine(index: &Expr, row: &Ident, col: &Ident, value: Option<&Ident>) -> Option<Affine> {
    let mut terms = Vec::new();
    flatten_sum(index, &mut terms);
    let free = |e: &Expr| {
        let ts = e.to_token_stream();
        pure(e)
            && !mentions(ts.clone(), row)
            && !mentions(ts.clone(), col)
            && !value.is_some_and(|v| mentions(ts, v))
    };
    let mut k = None;
    let mut rows = 0;
    for t in terms.iter().filter(|t| !is_col(t, col)) {
        if let Some(found) = row_term(t, row) {
            rows += 1;
            k = found;
        } else if !free(t) {
            return None;
        }
    }
    if rows != 1 || k.as_ref().is_some_and(|(k, _)| !free(k)) {
        return None;
    }
    let footprint = k.as_ref().is_none_or(|(k, _)| looks_constant(k));
    Some(Affine { k, footprint })
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

fn unparen(e: &Expr) -> &Expr {
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
fn idents(ts: TokenStream, out: &mut Vec<Ident>) {
    for tt in ts {
        match tt {
            TokenTree::Ident(i) => out.push(i),
            TokenTree::Group(g) => idents(g.stream(), out),
            _ => {}
        }
    }
}

/// `BASE[INDEX]` with a name or fields of a name as base and `col` as a unit term of `INDEX`.
fn indexed(e: &Expr, col: &Ident) -> Option<(Expr, Expr)> {
    let Expr::Index(ix) = e else {
        return None;
    };
    if !is_place(&ix.expr) {
        return None;
    }
    col_unit(&ix.index, col).then(|| ((*ix.expr).clone(), (*ix.index).clone()))
}

/// Whether `col` (or `col as T`) is a top-level `+` term of `index` exactly once, and in no
/// other term.
fn col_unit(index: &Expr, col: &Ident) -> bool {
    let mut terms = Vec::new();
    flatten_sum(index, &mut terms);
    let unit = terms.iter().filter(|t| is_col(t, col)).count();
    let elsewhere = terms
        .iter()
        .filter(|t| !is_col(t, col))
        .any(|t| mentions(t.to_token_stream(), col));
    unit == 1 && !elsewhere
}

/// An index outside `BASE[..]` (the argument of a raw pointer's `add`, `pointer.rs`) that is
/// affine as [`Affine`] says, with `col` a unit term as in a paired body.
pub fn affine_index(
    index: &Expr,
    row: &Ident,
    col: &Ident,
    value: Option<&Ident>,
) -> Option<Affine> {
    if !col_unit(index, col) {
        return None;
    }
    affine(index, row, col, value)
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

/// Whether `ts` has the identifier `name` anywhere, at any depth.
pub fn mentions(ts: TokenStream, name: &Ident) -> bool {
    ts.into_iter().any(|tt| match tt {
        TokenTree::Ident(i) => i == *name,
        TokenTree::Group(g) => mentions(g.stream(), name),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(name: &str) -> Ident {
        Ident::new(name, proc_macro2::Span::call_site())
    }

    fn pattern(body: &str) -> Option<Pattern> {
        let body: Expr = syn::parse_str(body).unwrap();
        scatter(&body, Some(&id("row")), &id("col"), Some(&id("v")))
    }

    fn pairs(body: &str) -> bool {
        pattern(body).is_some()
    }

    /// `None`: no affine index; `Some(footprint)`.
    fn affine_kind(body: &str) -> Option<bool> {
        pattern(body)?.affine.map(|a| a.footprint)
    }

    #[test]
    fn affine_indices_with_a_constant_stride_take_the_footprint() {
        for (body, kind) in [
            ("d[o + row * LD + col] = v", Some(true)),
            ("d[o + LD * row + col] = v", Some(true)),
            ("d[(row as usize) * 256 + col as usize + o] = v", Some(true)),
            ("d[row + col] = v", Some(true)),
            ("d[o + row * tile::LD + col] = v", Some(true)),
            // A run-time stride: runs, reached from the thread's base.
            ("d[o + row * ld + col] = v", Some(false)),
            ("self.out[row * self.ld + col] = v", Some(false)),
            // The stored value names what the index names: it might change it.
            ("d[o + row * LD + col] = v + o", Some(false)),
            ("d[row * LD + col] = v * d[row * LD + col]", Some(false)),
            // Not affine in `row`: runs only.
            ("d[row * row * LD + col] = v", None),
            ("d[row * LD + row + col] = v", None),
            ("d[row * ld() + col] = v", None),
            ("d[row * LD + base[0] + col] = v", None),
            ("d[row * LD + v as usize + col] = v", None),
            ("d[(row + 1) * LD + col] = v", None),
            ("d[o - 1 + row * LD + col] = v", None),
            ("d[o + col] = v", None),
        ] {
            assert_eq!(affine_kind(body), kind, "{body}");
        }
    }

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
