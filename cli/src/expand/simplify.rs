//! Tidying folded code for reading, without changing what it computes:
//!
//! - a `let` of a pure expression (names, literals, arithmetic) goes into its uses when it is a
//!   plain name or literal, or used once (`let (row, col) = (lane_row + 8, lane_col); out[row *
//!   ld + col]` -> `out[(lane_row + 8) * ld + lane_col]`), and goes when unused;
//! - `let x = { let i = ..; e };` becomes `let i = ..; let x = e;` when `i` is not used after;
//! - a block that is only an expression, `{ e }` in an expression, becomes `e`;
//! - `a + (b + c)` becomes `a + b + c` (the same sum; for unsigned integers it overflows
//!   exactly when the other does); `e + 0` and `e * 1` become `e`, and `e * 0` (`e` pure) `0`;
//! - `#[allow(..)]` on a `let` goes, and the expansion's hidden names lose their prefix
//!   (`__fl_i` -> `i`, `__fl_i1` -> `i1`) where the function has no such name already.
//!
//! A name is substituted only where it is in scope: up to a `let` that binds it again.

use std::collections::BTreeSet;

use syn::visit::{self, Visit};
use syn::visit_mut::{self, VisitMut};
use syn::{Block, Expr, Pat, Stmt};

use super::fold::is_name;

/// Simplifies the function's body until nothing changes (a few rounds).
pub fn simplify(item: &mut syn::ItemFn) {
    StripAllow.visit_item_fn_mut(item);
    for _ in 0..16 {
        let mut s = Simplifier { changed: false };
        s.visit_item_fn_mut(item);
        if !s.changed {
            break;
        }
    }
    // The base index reads as `base`; every other hidden name loses its prefix (`__fl_i` ->
    // `i`, `__fl_i1` -> `i1`, `__fl_run` -> `run`), each where the function has no such name.
    if !idents(item).contains("base") {
        Rename {
            old: "__fl_b",
            new: "base",
        }
        .visit_item_fn_mut(item);
    }
    let names = idents(item);
    for old in names.iter().filter(|n| n.starts_with("__fl_")) {
        let new = &old["__fl_".len()..];
        if !names.contains(new) {
            Rename { old, new }.visit_item_fn_mut(item);
        }
    }
}

/// Replaces (with `Some`) or counts the uses of a name in scope.
struct Subst<'a> {
    name: &'a str,
    with: Option<&'a Expr>,
    uses: usize,
}

impl VisitMut for Subst<'_> {
    fn visit_block_mut(&mut self, b: &mut Block) {
        walk(&mut b.stmts, self);
    }

    fn visit_expr_mut(&mut self, e: &mut Expr) {
        if is_name(e, self.name) {
            self.uses += 1;
            if let Some(w) = self.with {
                *e = w.clone();
            }
            return;
        }
        // A closure may bind the name; leave closures alone.
        if !matches!(e, Expr::Closure(_)) {
            visit_mut::visit_expr_mut(self, e);
        }
    }
}

/// Visits `stmts` in order, up to and including the first that binds the name again.
fn walk(stmts: &mut [Stmt], v: &mut Subst) {
    for s in stmts {
        v.visit_stmt_mut(s);
        if let Stmt::Local(l) = s {
            if pat_names(&l.pat).iter().any(|n| n == v.name) {
                break;
            }
        }
    }
}

/// Replaces `name` in `stmts` by `with` (or with `None` counts it); returns the uses.
pub fn substitute(stmts: &mut [Stmt], name: &str, with: Option<&Expr>) -> usize {
    let mut v = Subst {
        name,
        with,
        uses: 0,
    };
    walk(stmts, &mut v);
    v.uses
}

/// The names a pattern binds.
fn pat_names(p: &Pat) -> Vec<String> {
    match p {
        Pat::Ident(i) => {
            let mut v = vec![i.ident.to_string()];
            if let Some((_, sub)) = &i.subpat {
                v.extend(pat_names(sub));
            }
            v
        }
        Pat::Tuple(t) => t.elems.iter().flat_map(pat_names).collect(),
        Pat::TupleStruct(t) => t.elems.iter().flat_map(pat_names).collect(),
        Pat::Type(t) => pat_names(&t.pat),
        Pat::Reference(r) => pat_names(&r.pat),
        Pat::Slice(s) => s.elems.iter().flat_map(pat_names).collect(),
        Pat::Struct(s) => s.fields.iter().flat_map(|f| pat_names(&f.pat)).collect(),
        _ => Vec::new(),
    }
}

/// A name or a literal.
fn atomic(e: &Expr) -> bool {
    match e {
        Expr::Path(p) => p.qself.is_none() && p.path.get_ident().is_some(),
        Expr::Lit(_) => true,
        _ => false,
    }
}

/// Names, literals and integer arithmetic by them: nothing to read, call or borrow.
fn pure(e: &Expr) -> bool {
    use syn::BinOp::*;
    match e {
        Expr::Paren(p) => pure(&p.expr),
        Expr::Binary(b) => {
            matches!(b.op, Add(_) | Sub(_) | Mul(_) | Div(_) | Rem(_))
                && pure(&b.left)
                && pure(&b.right)
        }
        _ => atomic(e),
    }
}

/// Every identifier in `e`.
fn expr_idents(e: &Expr) -> BTreeSet<String> {
    let mut c = Collect(BTreeSet::new());
    c.visit_expr(e);
    c.0
}

/// Whether some `let` in `stmts` (at any depth) binds one of `names`.
fn rebinds(stmts: &[Stmt], names: &BTreeSet<String>) -> bool {
    struct Binds<'a>(&'a BTreeSet<String>, bool);
    impl<'ast> Visit<'ast> for Binds<'_> {
        fn visit_local(&mut self, l: &'ast syn::Local) {
            if pat_names(&l.pat).iter().any(|n| self.0.contains(n)) {
                self.1 = true;
            }
            visit::visit_local(self, l);
        }
    }
    let mut b = Binds(names, false);
    for s in stmts {
        b.visit_stmt(s);
    }
    b.1
}

/// The `(name, value)` pairs of `let NAME = V;` or `let (A, B) = (V, W);`.
fn bindings(l: &syn::Local) -> Option<Vec<(String, Expr)>> {
    let init = l.init.as_ref().filter(|i| i.diverge.is_none())?;
    let plain = |p: &Pat| match p {
        Pat::Ident(i) if i.by_ref.is_none() && i.mutability.is_none() && i.subpat.is_none() => {
            Some(i.ident.to_string())
        }
        _ => None,
    };
    if !l.attrs.is_empty() {
        return None;
    }
    match (&l.pat, &*init.expr) {
        (Pat::Tuple(p), Expr::Tuple(t)) if p.elems.len() == t.elems.len() => p
            .elems
            .iter()
            .zip(&t.elems)
            .map(|(p, e)| Some((plain(p)?, e.clone())))
            .collect(),
        (p, e) => Some(vec![(plain(p)?, e.clone())]),
    }
}

/// The `let` of the pairs, `None` when there are none.
fn rebuild(pairs: &[(String, Expr)]) -> Option<Stmt> {
    let text = match pairs {
        [] => return None,
        [(n, _)] => format!("let {n} = V0;"),
        _ => {
            let names: Vec<&str> = pairs.iter().map(|(n, _)| n.as_str()).collect();
            let values: Vec<String> = (0..pairs.len()).map(|k| format!("V{k}")).collect();
            format!("let ({}) = ({});", names.join(", "), values.join(", "))
        }
    };
    let mut s: Stmt = syn::parse_str(&text).ok()?;
    struct Fill<'a>(&'a [(String, Expr)]);
    impl VisitMut for Fill<'_> {
        fn visit_expr_mut(&mut self, e: &mut Expr) {
            for (k, (_, v)) in self.0.iter().enumerate() {
                if is_name(e, &format!("V{k}")) {
                    *e = v.clone();
                    return;
                }
            }
            visit_mut::visit_expr_mut(self, e);
        }
    }
    Fill(pairs).visit_stmt_mut(&mut s);
    Some(s)
}

/// Puts the pure bindings of the `let` at `stmts[i]` into their uses; whether it did.
fn propagate(stmts: &mut Vec<Stmt>, i: usize) -> bool {
    let Stmt::Local(l) = &stmts[i] else {
        return false;
    };
    let Some(pairs) = bindings(l) else {
        return false;
    };
    let mut kept = Vec::new();
    let mut changed = false;
    for (name, value) in pairs {
        let rest = &mut stmts[i + 1..];
        let movable = pure(&value) && !rebinds(rest, &expr_idents(&value));
        if movable && (atomic(&value) || substitute(rest, &name, None) <= 1) {
            substitute(rest, &name, Some(&value));
            changed = true;
        } else {
            kept.push((name, value));
        }
    }
    if changed {
        match rebuild(&kept) {
            Some(s) => stmts[i] = s,
            None => {
                stmts.remove(i);
            }
        }
    }
    changed
}

/// `let x = { S; e };` at `stmts[i]` -> `S; let x = e;` when no name `S` binds is used after.
fn flatten(stmts: &mut Vec<Stmt>, i: usize) -> bool {
    let Stmt::Local(l) = &stmts[i] else {
        return false;
    };
    let Some(init) = l.init.as_ref().filter(|i| i.diverge.is_none()) else {
        return false;
    };
    let Expr::Block(b) = &*init.expr else {
        return false;
    };
    if b.label.is_some() || !b.attrs.is_empty() {
        return false;
    }
    let Some((Stmt::Expr(tail, None), inner)) = b.block.stmts.split_last() else {
        return false;
    };
    let bound: BTreeSet<String> = inner
        .iter()
        .filter_map(|s| match s {
            Stmt::Local(l) => Some(pat_names(&l.pat)),
            _ => None,
        })
        .flatten()
        .collect();
    let mut after = Collect(BTreeSet::new());
    for s in &stmts[i + 1..] {
        after.visit_stmt(s);
    }
    if bound
        .iter()
        .any(|n| after.0.contains(n) || pat_names(&l.pat).contains(n))
    {
        return false;
    }
    let mut new_local = l.clone();
    if let Some(init) = &mut new_local.init {
        *init.expr = tail.clone();
    }
    let mut new: Vec<Stmt> = inner.to_vec();
    new.push(Stmt::Local(new_local));
    stmts.splice(i..=i, new);
    true
}

struct Simplifier {
    changed: bool,
}

impl VisitMut for Simplifier {
    fn visit_block_mut(&mut self, b: &mut Block) {
        visit_mut::visit_block_mut(self, b);
        let mut i = 0;
        while i < b.stmts.len() {
            if flatten(&mut b.stmts, i) || propagate(&mut b.stmts, i) {
                self.changed = true;
            } else {
                i += 1;
            }
        }
    }

    fn visit_expr_mut(&mut self, e: &mut Expr) {
        visit_mut::visit_expr_mut(self, e);
        let new = match e {
            // `{ e }` inside an expression.
            Expr::Block(b) if b.label.is_none() && b.attrs.is_empty() => match &b.block.stmts[..] {
                [Stmt::Expr(inner, None)] => Some(inner.clone()),
                _ => None,
            },
            // (x) -> x for a name or literal
            Expr::Paren(p) if atomic(&p.expr) => Some((*p.expr).clone()),
            // e + 0, 0 + e -> e; e * 0, 0 * e -> 0 (e pure); e * 1, 1 * e -> e
            Expr::Binary(b) if identity(b).is_some() => identity(b),
            // 8 * 8 -> 64, 64 + 1 -> 65
            Expr::Binary(b) if folded(b).is_some() => folded(b),
            // a + (b + c) -> (a + b) + c
            Expr::Binary(outer) if matches!(outer.op, syn::BinOp::Add(_)) => match &*outer.right {
                Expr::Binary(r) if matches!(r.op, syn::BinOp::Add(_)) => {
                    let left = super::fold::binary((*outer.left).clone(), "+", (*r.left).clone());
                    Some(super::fold::binary(left, "+", (*r.right).clone()))
                }
                _ => None,
            },
            _ => None,
        };
        if let Some(new) = new {
            *e = new;
            self.changed = true;
        }
    }

    fn visit_stmt_mut(&mut self, s: &mut Stmt) {
        let Stmt::Expr(Expr::Block(b), semi) = s else {
            return visit_mut::visit_stmt_mut(self, s);
        };
        // A block statement: its inside only (the rule for `{ e }` in an expression does not
        // hold here), then `{ if .. }` -> `if ..`, for a block-like `e` that needs no `;`.
        self.visit_block_mut(&mut b.block);
        if b.label.is_none() && b.attrs.is_empty() {
            if let [Stmt::Expr(inner @ (Expr::If(_) | Expr::Block(_)), None)] = &b.block.stmts[..] {
                *s = Stmt::Expr(inner.clone(), *semi);
                self.changed = true;
            }
        }
    }
}

/// The integer literal `e` is, if it is one.
fn int(e: &Expr) -> Option<u128> {
    match e {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => i.base10_parse().ok(),
        _ => None,
    }
}

/// A sum or product of two integer literals, as one (`None` where it would overflow `usize`
/// on a 32-bit target, which the code would not).
fn folded(b: &syn::ExprBinary) -> Option<Expr> {
    let (l, r) = (int(&b.left)?, int(&b.right)?);
    let v = match b.op {
        syn::BinOp::Add(_) => l.checked_add(r)?,
        syn::BinOp::Mul(_) => l.checked_mul(r)?,
        _ => return None,
    };
    (v <= u128::from(u32::MAX)).then(|| super::fold::parse_expr(&v.to_string()))
}

/// What `l + 0`, `0 + r`, `l * 1`, `1 * r`, and (pure operands) `l * 0`, `0 * r` are.
fn identity(b: &syn::ExprBinary) -> Option<Expr> {
    let (l, r) = (&*b.left, &*b.right);
    match (b.op, int(l), int(r)) {
        (syn::BinOp::Add(_), _, Some(0)) | (syn::BinOp::Mul(_), _, Some(1)) => Some(l.clone()),
        (syn::BinOp::Add(_), Some(0), _) | (syn::BinOp::Mul(_), Some(1), _) => Some(r.clone()),
        (syn::BinOp::Mul(_), Some(0), _) if pure(r) => Some(l.clone()),
        (syn::BinOp::Mul(_), _, Some(0)) if pure(l) => Some(r.clone()),
        _ => None,
    }
}

/// Removes `#[allow(..)]` from `let` statements.
struct StripAllow;

impl VisitMut for StripAllow {
    fn visit_local_mut(&mut self, l: &mut syn::Local) {
        l.attrs.retain(|a| !a.path().is_ident("allow"));
        visit_mut::visit_local_mut(self, l);
    }
}

/// Collects identifiers.
struct Collect(BTreeSet<String>);

impl<'ast> Visit<'ast> for Collect {
    fn visit_ident(&mut self, i: &'ast proc_macro2::Ident) {
        self.0.insert(i.to_string());
    }
}

fn idents(item: &syn::ItemFn) -> BTreeSet<String> {
    let mut c = Collect(BTreeSet::new());
    c.visit_item_fn(item);
    c.0
}

/// Renames an identifier everywhere.
pub(super) struct Rename<'a> {
    pub old: &'a str,
    pub new: &'a str,
}

impl VisitMut for Rename<'_> {
    fn visit_ident_mut(&mut self, i: &mut proc_macro2::Ident) {
        if i == self.old {
            *i = proc_macro2::Ident::new(self.new, i.span());
        }
    }
}
