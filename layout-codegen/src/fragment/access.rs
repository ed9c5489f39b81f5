//! The body's one access to memory, found once for every strategy (`plan.rs`), and its index
//! read once ([`affine`]). A scatter body is `PLACE = VALUE` (or `+=` and the
//! other compound assignments) or `PTR.write(VALUE)`; a gather body is `PLACE` or `PTR.read()`;
//! either inside any `{ .. }` or `unsafe { .. }` holding that one expression. `PLACE` is
//!
//! | [`Via`] | `PLACE` | `BASE` |
//! |---|---|---|
//! | `Index` | `BASE[INDEX]` | a name or fields of a name (`out`, `self.tile`) |
//! | `Add` | `*PTR`, `PTR` being `BASE.add(INDEX)` under parentheses and casts to raw pointer types | a name |
//! | `Unchecked` | `*BASE.get_unchecked(INDEX)`, `*BASE.get_unchecked_mut(INDEX)`, as `PTR` | a name |
//!
//! with `col` a unit term of `INDEX` (`row * ld + col`, `col as usize + o`): the element at
//! column `col + k` is `k` past the element at `col`; or with a swizzle of the row XORed into
//! the column or the whole index (`swizzle.rs`: `row * ld + (col ^ ((row & 7) << 3))`), which
//! keeps those offsets for the layouts `swizzle::holds` proves it of. Where `INDEX` is
//! moreover affine in `row` ([`Affine`]), every element of a thread is at a constant offset
//! from the thread's first,
//! which each strategy turns into code of its own: `straight.rs` one slice for the footprint
//! (`Index` over a slice parameter), `pointer.rs` the body at each offset (`Add`,
//! `Unchecked`), `tables.rs` row runs. Which stored value each allows is theirs to say.
//!
//! | body | via | affine |
//! |---|---|---|
//! | `out[row * LD + col] = value` | `Index` | `K = LD` |
//! | `unsafe { *d.add(row * ld + col) += alpha * value }` | `Add` | `K = ld` |
//! | `unsafe { (d.add(o + row * 64 + col) as *mut [f32; 2]).write(values) }` | `Add` | `K = 64` |
//! | `smem[row * 64 + (col ^ ((row & 7) << 3))]` | `Index`, swizzled | `K = 64` |
//! | `*s.get_unchecked(row + col * LD)` | none: `col` is not a unit term | |

use super::affine::{self, Affine};
use super::ast::{Fragment, Mode};
use super::swizzle::{self, Swizzle};
use quote::ToTokens;
use syn::{BinOp, Expr, Ident};

/// How the body reaches its element (the module docs' table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// `BASE[INDEX]`.
    Index,
    /// `BASE.add(INDEX)`, a raw pointer's.
    Add,
    /// `BASE.get_unchecked(INDEX)` or `BASE.get_unchecked_mut(INDEX)`, a slice's.
    Unchecked,
}

/// The body's access: how it reaches its element, the base, the index, and for a scatter the
/// stored value and the compound operator (`None` for a plain `=` or `write`); `affine` where
/// the index is affine in `row` as well.
pub struct Access {
    pub via: Via,
    pub base: Expr,
    pub index: Expr,
    pub rhs: Option<Expr>,
    pub op: Option<BinOp>,
    pub affine: Option<Affine>,
    /// The swizzle the body XORs into its index (`swizzle.rs`): the elements are at constant
    /// offsets from the thread's first only where [`swizzle::holds`] says so for the layout.
    pub swizzle: Option<Swizzle>,
}

/// The access found in a body, borrowed from it: the index mutable, so that a strategy can
/// put its own in place ([`locate`]).
pub struct Located<'a> {
    pub via: Via,
    pub base: &'a Expr,
    pub index: &'a mut Expr,
    pub rhs: Option<&'a Expr>,
    pub op: Option<BinOp>,
}

impl Access {
    /// Whether every element of a thread of `n` (its first `elements`) is at its constant
    /// offset from the thread's first: always without a swizzle; with one, where
    /// [`swizzle::holds`] shows it for every thread, `row` and `col` `usize` (the arithmetic it
    /// evaluates).
    pub fn offsets_hold(
        &self,
        f: &Fragment,
        n: &layout_core::Numeral,
        elements: usize,
    ) -> Result<(), &'static str> {
        let Some(sw) = &self.swizzle else {
            return Ok(());
        };
        let usize = |ty: &syn::Type| matches!(ty, syn::Type::Path(p) if p.path.is_ident("usize"));
        let untyped = f.params[..2].iter().all(|p| p.ty.is_none_or(usize));
        let row = affine::param_ident(f.params[0].pat).filter(|_| untyped);
        let proven = match (row, &self.affine) {
            (Some(row), Some(a)) => swizzle::holds(sw, a, row, n, elements),
            _ => false,
        };
        match proven {
            true => Ok(()),
            false => Err("the index's swizzle moves some element off its constant offset from the thread's first"),
        }
    }

    /// A scatter's stored value where it has no effect and cannot panic, so that the thread's
    /// base index may be evaluated before it: [`inert`](affine::inert) (a name, a literal, a
    /// cast) or [float arithmetic](float_pure) on `value`; `Ok(None)` for a gather.
    pub fn stored(&self, f: &Fragment) -> Result<Option<&Expr>, &'static str> {
        match (&self.rhs, f.args.mode) {
            (Some(rhs), Mode::Scatter) if affine::inert(rhs) || float_pure(f, rhs) => Ok(Some(rhs)),
            (None, Mode::Gather | Mode::GatherPacked) => Ok(None),
            _ => Err("the stored value may have an effect or panic"),
        }
    }

    /// The access of `f`'s body, where it has one the strategies can use: no `shared =
    /// LAYOUT` (its body takes an offset), not `unpaired`, no control flow of its own.
    pub fn of(f: &Fragment) -> Option<Access> {
        if f.args.shared.is_some() || f.args.unpaired || f.escapes {
            return None;
        }
        let col = affine::param_ident(f.params[1].pat)?;
        let row = affine::param_ident(f.params[0].pat);
        let scatter = f.args.mode == Mode::Scatter;
        // A value pattern other than a name could bind any name: no affine index then.
        let value = f
            .params
            .get(2)
            .filter(|_| scatter)
            .map(|p| affine::param_ident(p.pat));
        let row = row.filter(|_| value.is_none_or(|v| v.is_some()));
        let mut access = analyse(f.body, scatter, row, col, value.flatten())?;
        if let Some(a) = access.affine.as_mut() {
            a.k_text = a.k.as_ref().and_then(|(k, _)| constant_text(f, k));
        }
        Some(access)
    }
}

/// A stride `K` that is an integer literal, or one name that no parameter of the function
/// has (so a constant's: the function's body is its closure, with no locals of its own), as
/// text.
fn constant_text(f: &Fragment, k: &Expr) -> Option<String> {
    match k {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => Some(i.to_string()),
        Expr::Path(p) if p.qself.is_none() => {
            let name = p.path.get_ident()?;
            let parameter = f.parameter_type(name).is_some();
            let closure = f
                .params
                .iter()
                .any(|q| affine::param_ident(q.pat) == Some(name));
            (!parameter && !closure).then(|| name.to_string())
        }
        _ => None,
    }
}

/// [`Access::of`] a body with the closure's names: `row` and `value` (`None`: not a plain
/// name, so no affine index), `col`.
pub fn analyse(
    body: &Expr,
    scatter: bool,
    row: Option<&Ident>,
    col: &Ident,
    value: Option<&Ident>,
) -> Option<Access> {
    let mut body = body.clone();
    let l = locate(&mut body, scatter)?;
    let (sum, swizzle) = swizzle::split(l.index, row, col)?;
    let affine = row.and_then(|row| {
        let mut a = affine::affine(sum, row, col, value)?;
        // The stored value names what the base or index names: it might change them.
        if let Some(rhs) = l.rhs {
            let mut names = Vec::new();
            affine::idents(l.base.to_token_stream(), &mut names);
            affine::idents(l.index.to_token_stream(), &mut names);
            names.retain(|n| n != row && n != col && Some(n) != value);
            a.footprint &= !affine::mentions(rhs.to_token_stream(), &names);
        }
        Some(a)
    });
    Some(Access {
        via: l.via,
        base: l.base.clone(),
        index: l.index.clone(),
        rhs: l.rhs.cloned(),
        op: l.op,
        affine,
        swizzle,
    })
}

/// The body's access, in the body itself (the module docs give the shapes): a scatter's where
/// `scatter`, else a gather's.
pub fn locate(body: &mut Expr, scatter: bool) -> Option<Located<'_>> {
    match body {
        Expr::Block(b) => match b.attrs.is_empty() && b.label.is_none() {
            true => one(&mut b.block, scatter),
            false => None,
        },
        Expr::Unsafe(u) => match u.attrs.is_empty() {
            true => one(&mut u.block, scatter),
            false => None,
        },
        Expr::Paren(p) => match p.attrs.is_empty() {
            true => locate(&mut p.expr, scatter),
            false => None,
        },
        Expr::Assign(a) => match scatter && a.attrs.is_empty() {
            true => {
                let l = place(&mut a.left)?;
                Some(Located {
                    rhs: Some(&*a.right),
                    ..l
                })
            }
            false => None,
        },
        Expr::Binary(b) => match scatter && b.attrs.is_empty() && is_compound_assign(&b.op) {
            true => {
                let l = place(&mut b.left)?;
                Some(Located {
                    rhs: Some(&*b.right),
                    op: Some(b.op),
                    ..l
                })
            }
            false => None,
        },
        Expr::MethodCall(m) => method(m, scatter),
        e => match scatter {
            true => None,
            false => place(e),
        },
    }
}

/// `PTR.write(VALUE)` in a scatter, `PTR.read()` in a gather, `PTR` a raw pointer's `add`.
fn method(m: &mut syn::ExprMethodCall, scatter: bool) -> Option<Located<'_>> {
    if !m.attrs.is_empty() || m.turbofish.is_some() {
        return None;
    }
    let own = match scatter {
        true => m.method == "write" && m.args.len() == 1,
        false => m.method == "read" && m.args.is_empty(),
    };
    if !own {
        return None;
    }
    let l = pointer(&mut m.receiver).filter(|l| l.via == Via::Add)?;
    Some(Located {
        rhs: m.args.first(),
        ..l
    })
}

/// The one expression of a block (`{ e }` or `{ e; }`).
fn one(block: &mut syn::Block, scatter: bool) -> Option<Located<'_>> {
    match &mut block.stmts[..] {
        [syn::Stmt::Expr(e, _)] => locate(e, scatter),
        _ => None,
    }
}

/// `BASE[INDEX]` with a place as base, or `*PTR`, in parentheses or not.
fn place(e: &mut Expr) -> Option<Located<'_>> {
    match e {
        Expr::Paren(p) if p.attrs.is_empty() => place(&mut p.expr),
        Expr::Index(ix) if ix.attrs.is_empty() && affine::is_place(&ix.expr) => Some(Located {
            via: Via::Index,
            base: &ix.expr,
            index: &mut ix.index,
            rhs: None,
            op: None,
        }),
        Expr::Unary(u) if u.attrs.is_empty() && matches!(u.op, syn::UnOp::Deref(_)) => {
            pointer(&mut u.expr)
        }
        _ => None,
    }
}

/// `BASE.add(INDEX)`, `BASE.get_unchecked(INDEX)` or `BASE.get_unchecked_mut(INDEX)` with a
/// plain name as base, under parentheses and casts to raw pointer types.
fn pointer(e: &mut Expr) -> Option<Located<'_>> {
    match e {
        Expr::Paren(p) if p.attrs.is_empty() => pointer(&mut p.expr),
        Expr::Cast(c) if c.attrs.is_empty() && matches!(&*c.ty, syn::Type::Ptr(_)) => {
            pointer(&mut c.expr)
        }
        Expr::MethodCall(m) if m.attrs.is_empty() && m.turbofish.is_none() && m.args.len() == 1 => {
            let via = if m.method == "add" {
                Via::Add
            } else if m.method == "get_unchecked" || m.method == "get_unchecked_mut" {
                Via::Unchecked
            } else {
                return None;
            };
            let name = matches!(&*m.receiver, Expr::Path(p)
                if p.qself.is_none() && p.attrs.is_empty() && p.path.get_ident().is_some());
            let index = m.args.first_mut()?;
            name.then_some(Located {
                via,
                base: &m.receiver,
                index,
                rhs: None,
                op: None,
            })
        }
        _ => None,
    }
}

/// Whether a scatter's stored value is float arithmetic on the untyped `value` of a float
/// fragment (`f32`, `f64`): float literals, `value`, and parameters of the function declared
/// `f32` or `f64` (by name, not shadowed by the closure's), under `+`, `-`, `*`, `/`, unary
/// `-` and parentheses (`alpha * value`, `value * 0.5 + beta`). The language's own float
/// operations: no effect, no panic, nothing the base or the index could read, so evaluating
/// the thread's base first, as for an [`inert`](affine::inert) value, changes nothing, and
/// `value` may be read in place as the fragment's element.
pub fn float_pure(f: &Fragment, rhs: &syn::Expr) -> bool {
    let float = |ty: &syn::Type| {
        matches!(ty, syn::Type::Path(p) if p.qself.is_none()
            && (p.path.is_ident("f32") || p.path.is_ident("f64")))
    };
    let Some(value) = f.params.get(2).filter(|v| v.ty.is_none()) else {
        return false;
    };
    let Some(value) = affine::param_ident(value.pat) else {
        return false;
    };
    if !float(f.element_ty) {
        return false;
    }
    let closure: Vec<&syn::Ident> = f
        .params
        .iter()
        .filter_map(|q| affine::param_ident(q.pat))
        .collect();
    let float_param = |name: &syn::Ident| {
        !closure.contains(&name)
            && f.item.sig.inputs.iter().any(|arg| match arg {
                syn::FnArg::Typed(t) => {
                    matches!(&*t.pat, syn::Pat::Ident(i) if i.ident == *name
                        && i.subpat.is_none() && i.by_ref.is_none())
                        && float(&t.ty)
                }
                syn::FnArg::Receiver(_) => false,
            })
    };
    fn walk(e: &syn::Expr, ok: &dyn Fn(&syn::Ident) -> bool) -> bool {
        use syn::{BinOp, Expr, Lit, UnOp};
        match e {
            Expr::Lit(l) => l.attrs.is_empty() && matches!(l.lit, Lit::Float(_)),
            Expr::Path(p) => {
                p.qself.is_none() && p.attrs.is_empty() && p.path.get_ident().is_some_and(ok)
            }
            Expr::Paren(p) => p.attrs.is_empty() && walk(&p.expr, ok),
            Expr::Unary(u) => {
                u.attrs.is_empty() && matches!(u.op, UnOp::Neg(_)) && walk(&u.expr, ok)
            }
            Expr::Binary(b) => {
                b.attrs.is_empty()
                    && matches!(
                        b.op,
                        BinOp::Add(_) | BinOp::Sub(_) | BinOp::Mul(_) | BinOp::Div(_)
                    )
                    && walk(&b.left, ok)
                    && walk(&b.right, ok)
            }
            _ => false,
        }
    }
    walk(rhs, &|name| *name == *value || float_param(name))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn id(name: &str) -> Ident {
        Ident::new(name, proc_macro2::Span::call_site())
    }

    fn access(body: &str, scatter: bool) -> Option<Access> {
        let body: Expr = syn::parse_str(body).unwrap();
        let value = scatter.then(|| id("v"));
        analyse(&body, scatter, Some(&id("row")), &id("col"), value.as_ref())
    }

    /// `None`: no affine index; `Some(footprint)`.
    fn affine_kind(body: &str) -> Option<bool> {
        access(body, true)?.affine.map(|a| a.footprint)
    }

    #[test]
    fn affine_indices_with_a_constant_stride_take_the_footprint() {
        for (body, kind) in [
            ("d[o + row * LD + col] = v", Some(true)),
            ("d[o + LD * row + col] = v", Some(true)),
            ("d[(row as usize) * 256 + col as usize + o] = v", Some(true)),
            ("d[row + col] = v", Some(true)),
            ("d[o + row * tile::LD + col] = v", Some(true)),
            ("unsafe { *d.add(o + row * LD + col) += v }", Some(true)),
            // A run-time stride: runs, reached from the thread's base.
            ("d[o + row * ld + col] = v", Some(false)),
            ("self.out[row * self.ld + col] = v", Some(false)),
            // The stored value names what the index names: it might change it.
            ("d[o + row * LD + col] = v + o", Some(false)),
            ("d[row * LD + col] = v * d[row * LD + col]", Some(false)),
            ("unsafe { *d.add(row * LD + col) = v * *d }", Some(false)),
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
    fn each_way_of_reaching_memory_is_found_with_its_index_and_stored_value() {
        use Via::*;
        for (body, scatter, via, index, rhs) in [
            (
                "out[row * ld + col] = v",
                true,
                Index,
                "row * ld + col",
                Some("v"),
            ),
            (
                "{ out[row * ld + col] += v; }",
                true,
                Index,
                "row * ld + col",
                Some("v"),
            ),
            (
                "unsafe { *d.add(row * LD + col) = alpha * v }",
                true,
                Add,
                "row * LD + col",
                Some("alpha * v"),
            ),
            (
                "unsafe { *(d.add(row * 8 + col) as *mut [f32; 2]) = v }",
                true,
                Add,
                "row * 8 + col",
                Some("v"),
            ),
            (
                "unsafe { d.add(col + row * LD).write(v) }",
                true,
                Add,
                "col + row * LD",
                Some("v"),
            ),
            (
                "unsafe { *d.get_unchecked_mut(row * LD + col) -= v }",
                true,
                Unchecked,
                "row * LD + col",
                Some("v"),
            ),
            ("a[row * LD + col]", false, Index, "row * LD + col", None),
            (
                "unsafe { d.add(row * LD + col).read() }",
                false,
                Add,
                "row * LD + col",
                None,
            ),
            (
                "unsafe { *a.get_unchecked(row * LD + col) }",
                false,
                Unchecked,
                "row * LD + col",
                None,
            ),
        ] {
            let a = access(body, scatter).unwrap_or_else(|| panic!("{body}"));
            let text = |e: &Expr| e.to_token_stream().to_string().replace(' ', "");
            assert_eq!(a.via, via, "{body}");
            assert_eq!(text(&a.index), index.replace(' ', ""), "{body}");
            assert_eq!(
                a.rhs.as_ref().map(text),
                rhs.map(|r| r.replace(' ', "")),
                "{body}"
            );
        }
    }

    #[test]
    fn places_of_names_and_fields_with_col_as_a_unit_term_are_accesses() {
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
            assert!(access(ok, true).is_some(), "{ok}");
        }
        for no in [
            // Not a place made of names and fields.
            "self.tiles()[row * ld + col] = v",
            // `col` not a unit term, or also elsewhere.
            "out[col * ld + row] = v",
            "out[row * ld + col + col] = v",
            "out[row * ld + 2 * col] = v",
            "out[(row + col) * ld + col] = v",
            // Not one access.
            "{ out[row * ld + col] = v; count += 1; }",
            // A pointer that is not a plain name's, a method of another name, a read in a
            // scatter, a write in a gather, `write` on an unchecked reference.
            "unsafe { *self.d.add(row * ld + col) = v }",
            "unsafe { *d.offset(row * ld + col) = v }",
            "unsafe { d.add(row * ld + col).read() }",
            "unsafe { d.get_unchecked_mut(row * ld + col).write(v) }",
        ] {
            assert!(access(no, true).is_none(), "{no}");
        }
        assert!(access("unsafe { d.add(row * ld + col).write(v) }", false).is_none());
    }
}
