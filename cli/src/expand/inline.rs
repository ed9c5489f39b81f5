//! Before folding: the expansion's element closure put back at each of its calls, so that each
//! element reads as the code the optimizer makes of it once it has inlined the closure.
//!
//! `#[fragment_layout]` writes the code of one element once, as a closure over the element's
//! number, and calls it per element (docs/PERFORMANCE.md, compile time). Here:
//!
//! ```text
//! let __fl_base = BASE;                                 (removed: put in at its uses)
//! let mut __fl_put = |__fl_e: usize| BODY;             (removed, and each call:)
//! __fl_put(3);                                          -> { BODY }
//! __fl_get(3)                                           -> { BODY }             (a gather)
//! BODY: let value: f32 = frag[__fl_e];                  -> let value = frag[3];
//!       __fl_e                                          -> 3
//!       __fl_base                                       -> BASE
//! ```
//!
//! The value's type is dropped from its `let`: `expand` writes the closure's `value` untyped,
//! so it has the fragment's element type, which `frag[3]` has anyway. The band's test in the
//! body (`if __FL_WRAP == 0`) is `fold`'s, as everywhere else in the function.
//!
//! A catalog layout named as itself is straight-line code in every form (`straight.rs`; the
//! every-form test in `tests/expand.rs` fails on a closure). The closure is what the macro
//! writes for a layout it does not know by name, a constant or `numeral!` of the user's:
//! `expand --own` shows that path, and `tests/expand.rs` runs its folded code for one layout
//! of each element width and thread count in every form (`tests/effective.rs`).

use syn::visit_mut::{self, VisitMut};
use syn::{Block, Expr, Pat, Stmt};

use super::fold::is_name;
use super::simplify::substitute;

/// The element closures of `item` put in at their calls.
pub fn inline(item: &mut syn::ItemFn) {
    Inliner::default().visit_item_fn_mut(item);
}

/// A closure to put in: its name and its body.
#[derive(Clone)]
struct Closure {
    name: String,
    body: Expr,
}

#[derive(Default)]
struct Inliner {
    closures: Vec<Closure>,
    base: Option<Expr>,
}

/// The name a `let` binds, when it binds one name.
fn let_name(s: &Stmt) -> Option<(String, &Expr)> {
    let Stmt::Local(l) = s else { return None };
    let Pat::Ident(p) = &l.pat else { return None };
    Some((p.ident.to_string(), &l.init.as_ref()?.expr))
}

/// `let value: T = frag[__fl_e];` without its type.
fn untyped(s: &mut Stmt) {
    if let Stmt::Local(l) = s {
        if let (Pat::Type(t), Some(init)) = (&l.pat, &l.init) {
            if matches!(&*init.expr, Expr::Index(ix) if is_name(&ix.index, "__fl_e")) {
                l.pat = (*t.pat).clone();
            }
        }
    }
}

impl Inliner {
    /// `BODY` for element `e`: `__fl_e`, `__fl_base` and the band test replaced.
    fn body(&self, c: &Closure, e: &Expr) -> Vec<Stmt> {
        let mut stmts = match &c.body {
            Expr::Block(b) => b.block.stmts.clone(),
            other => vec![Stmt::Expr(other.clone(), None)],
        };
        if let Some(first) = stmts.first_mut() {
            untyped(first);
        }
        substitute(&mut stmts, "__fl_e", Some(e));
        if let Some(base) = &self.base {
            substitute(&mut stmts, "__fl_base", Some(base));
        }
        stmts
    }

    /// The block a call of a closure becomes, if `e` is one.
    fn call(&self, e: &Expr) -> Option<Expr> {
        let Expr::Call(call) = e else { return None };
        let c = self
            .closures
            .iter()
            .find(|c| is_name(&call.func, &c.name))?;
        let stmts = self.body(c, call.args.first()?);
        Some(syn::parse_quote!({ #(#stmts)* }))
    }
}

impl VisitMut for Inliner {
    fn visit_block_mut(&mut self, b: &mut Block) {
        let outer = (self.closures.len(), self.base.clone());
        b.stmts.retain(|s| match let_name(s) {
            Some((name, Expr::Closure(c))) if name == "__fl_put" || name == "__fl_get" => {
                self.closures.push(Closure {
                    name,
                    body: (*c.body).clone(),
                });
                false
            }
            Some((name, init)) if name == "__fl_base" => {
                self.base = Some(init.clone());
                false
            }
            _ => true,
        });
        // A call as a statement, `__fl_put(3, frag[3]);`, becomes a block statement.
        for s in &mut b.stmts {
            if let Stmt::Expr(e, semi @ Some(_)) = s {
                if let Some(new) = self.call(e) {
                    (*e, *semi) = (new, None);
                }
            }
        }
        visit_mut::visit_block_mut(self, b);
        self.closures.truncate(outer.0);
        self.base = outer.1;
    }

    fn visit_expr_mut(&mut self, e: &mut Expr) {
        if let Some(new) = self.call(e) {
            *e = new;
        }
        visit_mut::visit_expr_mut(self, e);
    }
}
