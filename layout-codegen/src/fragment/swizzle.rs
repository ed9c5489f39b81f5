//! A swizzle the body writes into its own index, as kernels swizzle shared memory by hand:
//! the column XORed with a function of the row, `row * LD + (col ^ ((row & 7) << 3))`
//! ([`Swizzle::Col`]), or the whole offset, `(row * 64 + col) ^ ((row % 8) << 3)`
//! ([`Swizzle::Whole`], CuTe's `Swizzle<3, 3, 3>` on a 64-column tile). `S`, the value XORed
//! in, is made of `row`, integer literals, parentheses and the integer operators, so the macro
//! evaluates it.
//!
//! Such an index is not affine, but for a catalog layout it often is from each thread's corner
//! `(r0, c0)`: where every element of every thread has `S(row) = S(r0)` (its row differs from
//! the corner's only in bits `S` ignores) and the XOR moves no bit an element's column offset
//! carries into, `INDEX(r0 + dr, c0 + dc) = INDEX(r0, c0) + dr * K + dc`, the same constant
//! offsets as the unswizzled index: the thread's swizzled base once, then straight-line code.
//! [`holds`] checks that identity for every thread and element of the layout at expansion
//! time. Worked, for the `m16n8k16` accumulator and `col ^ ((row & 7) << 3)`: its elements lie
//! at rows `r0` and `r0 + 8` (the same `row & 7`) and columns `c0` and `c0 + 1` with `c0` even
//! (`(c0 + 1) ^ x = (c0 ^ x) + 1` for `x` a multiple of 8), so each thread's four elements are
//! at `b`, `b + 1`, `b + 8 * K` and `b + 8 * K + 1`.

use super::affine::{self, Affine};
use layout_core::Numeral;
use quote::ToTokens;
use syn::{BinOp, Expr, Ident};

/// Where the body XORs `S(row)` into its index.
pub enum Swizzle {
    /// `REST + row * K + (col ^ S)`.
    Col(Expr),
    /// `(REST + row * K + col) ^ S`.
    Whole(Expr),
}

impl Swizzle {
    /// `S`, the value XORed in.
    fn value(&self) -> &Expr {
        match self {
            Swizzle::Col(s) | Swizzle::Whole(s) => s,
        }
    }
}

/// `index` as the sum the analysis reads ([`affine::affine`]) and the swizzle the body XORs
/// into it, where `col` is a `+` term of the sum exactly once, as it is (`col`, `col as T`)
/// or swizzled (`col ^ S`), and in no other term; `None` otherwise. A swizzle needs `row`, the
/// closure's plain name, to read `S` by.
pub fn split<'a>(
    index: &'a Expr,
    row: Option<&Ident>,
    col: &Ident,
) -> Option<(&'a Expr, Option<Swizzle>)> {
    if let Expr::Binary(b) = affine::unparen(index) {
        if matches!(b.op, BinOp::BitXor(_)) {
            let row = row?;
            let whole = [(&*b.left, &*b.right), (&*b.right, &*b.left)]
                .into_iter()
                .find(|&(sum, s)| of_row(s, row) && matches!(col_term(sum, col, None), Some(None)));
            return whole.map(|(sum, s)| (sum, Some(Swizzle::Whole(s.clone()))));
        }
    }
    Some((index, col_term(index, col, row)?))
}

/// Whether `col` is a `+` term of `sum` exactly once and in no other term: as it is
/// (`Some(None)`), or as `col ^ S` with `S` of `row` alone (`Some(Some(Swizzle::Col(S)))`).
fn col_term(sum: &Expr, col: &Ident, row: Option<&Ident>) -> Option<Option<Swizzle>> {
    let mut terms = Vec::new();
    affine::flatten_sum(sum, &mut terms);
    let mut found = Vec::new();
    for t in terms {
        if affine::is_col(t, col) {
            found.push(None);
        } else if let Some(s) =
            affine::col_xor(t, col).filter(|s| row.is_some_and(|r| of_row(s, r)))
        {
            found.push(Some(Swizzle::Col(s.clone())));
        } else if affine::mentions(t.to_token_stream(), [col]) {
            return None;
        }
    }
    match found.len() {
        1 => found.pop(),
        _ => None,
    }
}

/// Whether `s` is made of `row`, integer literals, parentheses and the integer operators
/// alone: what [`eval`] reads (where nothing overflows).
pub fn of_row(s: &Expr, row: &Ident) -> bool {
    match s {
        Expr::Lit(l) => {
            l.attrs.is_empty()
                && matches!(&l.lit, syn::Lit::Int(i) if matches!(i.suffix(), "" | "usize"))
        }
        Expr::Path(p) => p.qself.is_none() && p.path.is_ident(row),
        Expr::Paren(p) => of_row(&p.expr, row),
        Expr::Group(g) => of_row(&g.expr, row),
        Expr::Binary(b) => {
            operator(&b.op).is_some() && of_row(&b.left, row) && of_row(&b.right, row)
        }
        _ => false,
    }
}

/// The integer operators a swizzle may use, as `u64` arithmetic that fails where `usize`
/// arithmetic would overflow or panic.
fn operator(op: &BinOp) -> Option<fn(u64, u64) -> Option<u64>> {
    Some(match op {
        BinOp::Add(_) => u64::checked_add,
        BinOp::Sub(_) => u64::checked_sub,
        BinOp::Mul(_) => u64::checked_mul,
        BinOp::Div(_) => u64::checked_div,
        BinOp::Rem(_) => u64::checked_rem,
        BinOp::BitAnd(_) => |x, y| Some(x & y),
        BinOp::BitOr(_) => |x, y| Some(x | y),
        BinOp::BitXor(_) => |x, y| Some(x ^ y),
        BinOp::Shl(_) => |x, y| (y < 32).then(|| x << y),
        BinOp::Shr(_) => |x, y| (y < 64).then(|| x >> y),
        _ => return None,
    })
}

/// The value of `e` at `row = r`, as `usize` arithmetic computes it where nothing overflows
/// `u32`; `None` for anything else (another name, a cast, a suffixed literal, an overflow, a
/// division by zero).
fn eval(e: &Expr, row: &Ident, r: u64) -> Option<u64> {
    let v = match e {
        Expr::Lit(l) if l.attrs.is_empty() => match &l.lit {
            syn::Lit::Int(i) if matches!(i.suffix(), "" | "usize") => i.base10_parse().ok()?,
            _ => return None,
        },
        Expr::Path(p) if p.qself.is_none() && p.path.is_ident(row) => r,
        Expr::Paren(p) => eval(&p.expr, row, r)?,
        Expr::Group(g) => eval(&g.expr, row, r)?,
        Expr::Binary(b) => {
            let (x, y) = (eval(&b.left, row, r)?, eval(&b.right, row, r)?);
            operator(&b.op)?(x, y)?
        }
        _ => return None,
    };
    (v <= u32::MAX as u64).then_some(v)
}

/// Whether every element of every thread of `n` (its first `elements`) is at its constant
/// offset from the thread's corner under the body's swizzle `sw` (the module docs), with `a`
/// the analysis of the sum it swizzles: `K` and `REST` must be integer literals for a
/// [`Swizzle::Whole`], whose carries they decide.
pub fn holds(sw: &Swizzle, a: &Affine, row: &Ident, n: &Numeral, elements: usize) -> bool {
    let whole = match sw {
        Swizzle::Col(_) => None,
        Swizzle::Whole(_) => {
            let k = match &a.k {
                Some((k, _)) => eval(k, row, 0),
                None => Some(1),
            };
            let rest = a
                .rest
                .iter()
                .try_fold(0u64, |sum, t| sum.checked_add(eval(t, row, 0)?));
            match (k, rest) {
                (Some(k), Some(rest)) => Some((k, rest)),
                _ => return false,
            }
        }
    };
    (0..n.threads()).all(|t| {
        let Some(points) = (0..elements)
            .map(|e| n.coords(t, e as u32).map(|(r, c)| (r as u64, c as u64)))
            .collect::<Option<Vec<_>>>()
        else {
            return false;
        };
        let r0 = points.iter().map(|p| p.0).min().unwrap_or(0);
        let c0 = points.iter().map(|p| p.1).min().unwrap_or(0);
        points
            .iter()
            .all(|&p| in_place(sw.value(), row, whole, (r0, c0), p) == Some(true))
    })
}

/// Whether the element at `(r, c)` is at its constant offset from the corner `(r0, c0)`:
/// `whole` holds `K` and `REST` for a [`Swizzle::Whole`].
fn in_place(
    s: &Expr,
    row: &Ident,
    whole: Option<(u64, u64)>,
    (r0, c0): (u64, u64),
    (r, c): (u64, u64),
) -> Option<bool> {
    let (x0, x) = (eval(s, row, r0)?, eval(s, row, r)?);
    let (dr, dc) = (r - r0, c - c0);
    Some(match whole {
        None => x == x0 && (c ^ x0) == (c0 ^ x0) + dc,
        Some((k, rest)) => {
            let at = |r: u64, c: u64| rest.checked_add(r.checked_mul(k)?)?.checked_add(c);
            let (base, here) = (at(r0, c0)?, at(r, c)?);
            (here ^ x) == (base ^ x0) + dr.checked_mul(k)? + dc
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use layout_core::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C};

    fn expr(s: &str) -> Expr {
        syn::parse_str(s).unwrap()
    }

    fn row() -> Ident {
        Ident::new("row", proc_macro2::Span::call_site())
    }

    fn affine(k: &str, rest: &[&str]) -> Affine {
        Affine {
            k_text: None,
            k: Some((expr(k), false)),
            footprint: true,
            rest: rest.iter().map(|r| expr(r)).collect(),
        }
    }

    #[test]
    fn the_value_is_usize_arithmetic_of_row_and_literals() {
        let at = |s: &str, r| eval(&expr(s), &row(), r);
        assert_eq!(at("(row & 7) << 3", 13), Some(40));
        assert_eq!(at("(row % 8) * 8 ^ 1", 9), Some(9));
        assert_eq!(at("row / 2 - 1", 1), None);
        // Read as a swizzle, but past `u32` (and a shift past the type's bits) nothing holds.
        assert!(of_row(&expr("row << 40"), &row()));
        assert_eq!(at("row << 40", 1), None);
        for no in ["LD", "row as u32", "1u8", "f(row)", "-row", "row == 1"] {
            assert!(!of_row(&expr(no), &row()), "{no}");
        }
    }

    #[test]
    fn a_swizzle_holds_where_the_elements_keep_their_offsets() {
        let (c, a) = (&SM80_16x8x16_F32_C, &SM80_16x8x16_F16_A_ROW);
        let any = affine("ld", &["o"]);
        let col = |s: &str| Swizzle::Col(expr(s));
        // Rows r0 and r0 + 8; columns c0 even and c0 + 1 (and + 8, + 9 for A).
        assert!(holds(&col("(row & 7) << 3"), &any, &row(), c, 4));
        assert!(holds(&col("(row % 8) << 1"), &any, &row(), c, 4));
        // Row bit 3 changes between an element's rows; bit 0 meets the column's + 1; A's
        // + 8 carries into the swizzled bit 3.
        assert!(!holds(&col("row & 8"), &any, &row(), c, 4));
        assert!(!holds(&col("row & 1"), &any, &row(), c, 4));
        assert!(!holds(&col("(row & 1) << 3"), &any, &row(), a, 8));
        // The whole offset: its carries need the stride and the rest as literals.
        let whole = Swizzle::Whole(expr("(row % 8) << 3"));
        assert!(holds(&whole, &affine("64", &[]), &row(), c, 4));
        assert!(!holds(&whole, &affine("ld", &[]), &row(), c, 4));
        assert!(!holds(&whole, &affine("63", &[]), &row(), c, 4));
    }
}
