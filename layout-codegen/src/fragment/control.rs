//! Whether an element body has control flow of its own: `return`, `?`, `.await`, or a `break`
//! / `continue` that leaves the body. Inlined in place, such a body would act on the whole
//! function (`return` would leave it at the first element); generated code then runs each
//! element through the closure as written, so it behaves exactly as the closure it looks like.
//!
//! What a nested closure, `async` block or item does stays inside it and is not counted; a
//! `break` or `continue` inside a loop of the body is the loop's. Macro arguments are opaque, so
//! any `return`, `break`, `continue`, `await` or `?` token in them counts.

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::{self, Visit};
use syn::{Expr, Label, Lifetime};

/// Whether `body` has control flow that would leave an inlined copy of it.
pub fn escapes(body: &Expr) -> bool {
    let mut v = Escapes::default();
    v.visit_expr(body);
    v.found
}

#[derive(Default)]
struct Escapes {
    /// Enclosing loops inside the body.
    loops: usize,
    /// Labels of the enclosing loops and blocks inside the body.
    labels: Vec<String>,
    found: bool,
}

impl Escapes {
    /// Whether a `break` / `continue` with `label` targets something inside the body.
    fn stays(&self, label: Option<&Lifetime>) -> bool {
        match label {
            Some(l) => self.labels.iter().any(|x| l.ident == x),
            None => self.loops > 0,
        }
    }

    fn in_loop(&mut self, label: Option<&Label>, f: impl FnOnce(&mut Self)) {
        self.loops += 1;
        self.labeled(label, f);
        self.loops -= 1;
    }

    fn labeled(&mut self, label: Option<&Label>, f: impl FnOnce(&mut Self)) {
        if let Some(l) = label {
            self.labels.push(l.name.ident.to_string());
        }
        f(self);
        if label.is_some() {
            self.labels.pop();
        }
    }
}

impl<'a> Visit<'a> for Escapes {
    fn visit_expr_closure(&mut self, _: &'a syn::ExprClosure) {}
    fn visit_expr_async(&mut self, _: &'a syn::ExprAsync) {}
    fn visit_item(&mut self, _: &'a syn::Item) {}

    fn visit_expr_return(&mut self, _: &'a syn::ExprReturn) {
        self.found = true;
    }
    fn visit_expr_try(&mut self, _: &'a syn::ExprTry) {
        self.found = true;
    }
    fn visit_expr_await(&mut self, _: &'a syn::ExprAwait) {
        self.found = true;
    }
    fn visit_expr_break(&mut self, e: &'a syn::ExprBreak) {
        if !self.stays(e.label.as_ref()) {
            self.found = true;
        }
        visit::visit_expr_break(self, e);
    }
    fn visit_expr_continue(&mut self, e: &'a syn::ExprContinue) {
        if !self.stays(e.label.as_ref()) {
            self.found = true;
        }
    }

    fn visit_expr_loop(&mut self, e: &'a syn::ExprLoop) {
        self.in_loop(e.label.as_ref(), |v| v.visit_block(&e.body));
    }
    fn visit_expr_while(&mut self, e: &'a syn::ExprWhile) {
        self.in_loop(e.label.as_ref(), |v| {
            v.visit_expr(&e.cond);
            v.visit_block(&e.body);
        });
    }
    fn visit_expr_for_loop(&mut self, e: &'a syn::ExprForLoop) {
        // The iterated expression is outside the loop.
        self.visit_expr(&e.expr);
        self.in_loop(e.label.as_ref(), |v| v.visit_block(&e.body));
    }
    fn visit_expr_block(&mut self, e: &'a syn::ExprBlock) {
        self.labeled(e.label.as_ref(), |v| v.visit_block(&e.block));
    }

    fn visit_macro(&mut self, m: &'a syn::Macro) {
        if any_escape_token(m.tokens.clone()) {
            self.found = true;
        }
    }
}

fn any_escape_token(ts: TokenStream) -> bool {
    ts.into_iter().any(|t| match t {
        TokenTree::Ident(i) => ["return", "break", "continue", "await"]
            .iter()
            .any(|k| i == k),
        TokenTree::Punct(p) => p.as_char() == '?',
        TokenTree::Group(g) => any_escape_token(g.stream()),
        TokenTree::Literal(_) => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn esc(body: &str) -> bool {
        escapes(&syn::parse_str(body).unwrap())
    }

    #[test]
    fn control_flow_that_would_leave_the_body_is_found() {
        for yes in [
            "{ if value == 0.0 { return; } out[row] = value; }",
            "out[row] = f(value)?",
            "{ let x = value.await; out[row] = x; }",
            "{ if value == 0 { break; } }",
            "{ for i in 0..2 { if i == 1 { break 'outer; } } }",
            "{ loop { continue; } ; continue; }",
            "{ assert!(value > 0); my_macro!(return 3) }",
            "{ let Some(v) = value else { return }; out[row] = v; }",
        ] {
            assert!(esc(yes), "{yes}");
        }
        for no in [
            "out[row * ld + col] = value",
            "{ for i in 0..4 { if i == col { break; } out[i] += value; } }",
            "{ 'a: { if value == 0 { break 'a; } out[row] = value; } }",
            "{ 'l: loop { loop { break 'l; } } }",
            "{ let f = |x: u32| -> Option<u32> { Some(x.checked_add(1)?) }; out[row] = f(value); }",
            "{ fn helper() -> u32 { return 3; } out[row] = helper(); }",
            "{ let fut = async { value.await }; drop(fut); }",
            "{ while let Some(x) = it.next() { if x { continue; } } }",
            "{ println!(\"{value:?}\"); }",
        ] {
            assert!(!esc(no), "{no}");
        }
    }
}
