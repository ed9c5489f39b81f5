//! Before folding: the straight-line expansion (`layout-codegen`'s `fragment/straight.rs`, a
//! catalog layout with an affine body over a slice) put in the names the folded code uses.
//! That expansion holds no constants to fold: the macro wrote every number in. What changes:
//!
//! ```text
//! let __fl_t = __fl_thread as usize;                    (removed)
//! let (__fl_row, __fl_col) = (__fl_t / 4, __fl_t % 4 * 2);
//!                                                       -> let (lane_row, lane_col) = (lane as usize / 4, (lane as usize % 4) * 2);
//! __fl_row, __fl_col                                    -> lane_row, lane_col
//! let __fl_b = { let (row, col) = (__fl_t / 4 + 1, __fl_t % 4 * 2); INDEX };
//!                                                       -> let (lane_row, lane_col) = (..);   (the same, before it)
//!                                                          let __fl_b = { let (row, col) = (lane_row + 1, lane_col); INDEX };
//!                                                          (where the thread part is not named: the corner is `low`)
//! let __fl_k: usize = ld;                               -> let __fl_k = ld;   (then put in its uses)
//! __fl_s, __fl_s0, __fl_s1                              -> run, run0, run1    (foot, foot0 for the footprint)
//! ```
//!
//! The thread part is written as `fold` writes `ThreadPart::new`'s, so both expansions fold to
//! the same first line.

use syn::visit_mut::{self, VisitMut};
use syn::{Block, Expr, Pat, Stmt};

use super::fold::{part_names, Constants};

/// `item`'s straight-line code with the folded code's names (see the module docs).
pub fn prepare(item: &mut syn::ItemFn, k: &Constants) {
    let (row, col) = part_names(k.thread);
    let slice = if k.foot { "foot" } else { "run" };
    Prepare {
        row: &row,
        col: &col,
        part: &k.part,
        low: k.table.first().map_or((0, 0), |x| x.low),
        slice,
        named: false,
    }
    .visit_item_fn_mut(item);
}

struct Prepare<'a> {
    /// Whether a block around the one being visited names the thread part (`bounds`: the
    /// whole tile's base is in a block of its own).
    named: bool,
    row: &'a str,
    col: &'a str,
    part: &'a (String, String),
    /// The thread's corner in the element parts.
    low: (usize, usize),
    slice: &'a str,
}

impl Prepare<'_> {
    /// `let (lane_row, lane_col) = (..);`, the thread part as `fold` writes it.
    fn part(&self) -> Option<Stmt> {
        let text = format!(
            "let ({}, {}) = ({}, {});",
            self.row, self.col, self.part.0, self.part.1
        );
        syn::parse_str(&text).ok()
    }

    /// In `let __fl_b = { let (row, col) = (A, B); .. };` (the corner from the thread index
    /// itself), `(A, B)` as `(lane_row + r, lane_col + c)`; whether it was one.
    fn corner(&self, s: &mut Stmt) -> bool {
        let Stmt::Local(l) = s else { return false };
        let Some(init) = &mut l.init else {
            return false;
        };
        let Expr::Block(b) = &mut *init.expr else {
            return false;
        };
        let Some(Stmt::Local(first)) = b.block.stmts.first_mut() else {
            return false;
        };
        let Some(Expr::Tuple(_)) = first.init.as_ref().map(|i| &*i.expr) else {
            return false;
        };
        let plus = |name: &str, k: usize| match k {
            0 => name.to_string(),
            k => format!("{name} + {k}"),
        };
        let text = format!(
            "({}, {})",
            plus(self.row, self.low.0),
            plus(self.col, self.low.1)
        );
        match (syn::parse_str(&text), &mut first.init) {
            (Ok(corner), Some(i)) => {
                *i.expr = corner;
                true
            }
            _ => false,
        }
    }
}

/// The name a `let` binds, when it binds one name (typed or not).
fn bound(s: &Stmt) -> Option<String> {
    let Stmt::Local(l) = s else { return None };
    match &l.pat {
        Pat::Ident(p) => Some(p.ident.to_string()),
        Pat::Type(t) => match &*t.pat {
            Pat::Ident(p) => Some(p.ident.to_string()),
            _ => None,
        },
        Pat::Tuple(t) => match t.elems.first() {
            Some(Pat::Ident(p)) => Some(p.ident.to_string()),
            _ => None,
        },
        _ => None,
    }
}

impl VisitMut for Prepare<'_> {
    fn visit_block_mut(&mut self, b: &mut Block) {
        b.stmts.retain(|s| bound(s).as_deref() != Some("__fl_t"));
        let named = self.named
            || b.stmts
                .iter()
                .any(|s| bound(s).as_deref() == Some("__fl_row"));
        let mut i = 0;
        while i < b.stmts.len() {
            let s = &mut b.stmts[i];
            match bound(s).as_deref() {
                Some("__fl_row") => {
                    if let Some(new) = self.part() {
                        *s = new;
                    }
                }
                Some("__fl_b") if !named && self.corner(s) => {
                    if let Some(part) = self.part() {
                        b.stmts.insert(i, part);
                        i += 1;
                    }
                }
                Some("__fl_k") => {
                    if let Stmt::Local(l) = s {
                        if let Pat::Type(t) = &l.pat {
                            l.pat = (*t.pat).clone();
                        }
                    }
                }
                _ => {}
            }
            i += 1;
        }
        let outer = std::mem::replace(&mut self.named, named);
        visit_mut::visit_block_mut(self, b);
        self.named = outer;
    }

    fn visit_ident_mut(&mut self, i: &mut proc_macro2::Ident) {
        let name = i.to_string();
        let new = match name.as_str() {
            "__fl_row" => self.row.to_string(),
            "__fl_col" => self.col.to_string(),
            _ => match name.strip_prefix("__fl_s") {
                Some(n) if n.chars().all(|c| c.is_ascii_digit()) => format!("{}{n}", self.slice),
                _ => return,
            },
        };
        *i = proc_macro2::Ident::new(&new, i.span());
    }
}
