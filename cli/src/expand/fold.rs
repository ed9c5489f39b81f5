//! Folding the expansion's constants into its body: the function `#[fragment_layout]` really
//! generated, with every constant it computes from the numeral replaced by its value (the
//! same const fns evaluated here), and the support calls that then see only constants
//! inlined. What is left is the code the optimizer works on.
//!
//! First the element closure is put back at each call (`inline`), so that each element has
//! a block of its own. What changes then, each a rewrite of one shape of the generated code
//! (anything else stays):
//!
//! ```text
//! const __FL_* = ...;                                   (removed: their values go in below)
//! if let Some(__fl_thread) = <T as ThreadIndex>::below(lane, __FL_NUMERAL.threads())
//!                                                       -> if lane < 32   (__fl_thread -> lane)
//! let __fl_at = ThreadPart::<__FL_WRAP>::new(&__FL_TERMS, __fl_thread);
//!                                                       -> let (lane_row, lane_col) = (lane as usize / 4, (lane as usize % 4) * 2);
//! __fl_at.at(__FL_AT[3].at)                             -> (lane_row + 8, lane_col + 1)
//! __FL_AT[3].span, __FL_AT[3].offset                    -> 2, 1
//! __fl_at.at(__FL_AT[3].low)                            -> (lane_row, lane_col)
//! __fl_at.at(__FL_REACH.at(3)), __fl_at.at(__FL_REACH.low(3))   (the same, from `reaches()`)
//! let __fl_r = __FL_REACH.reach(3);                     (removed, and in its block:)
//! __fl_r.start.0, __fl_r.extent.1, __fl_r.place.1       -> 8, 2, 1
//! let __fl_s = &mut out[..];                            -> let __fl_run = .. (run_reach)
//!                                                          let __fl_foot = .. (foot_reach)
//! let (__fl_rows, __fl_cols) = (saturating_usize(rows), saturating_usize(cols));
//!                                                       (removed, and after it:)
//! __fl_rows, __fl_cols                                  -> rows, cols
//! __FL_NUMERAL.rows as usize, __FL_NUMERAL.cols as usize -> 16, 8
//! if __FL_WRAP == 0 { X } else { Y }                    -> X
//! (shared = LAYOUT:)
//! let __fl_lane: usize = __fl_at.row * __FL_STEPS.0 + __fl_at.col * __FL_STEPS.1;
//!                                                       -> let lane_offset: usize = lane_row * 8 + lane_col;
//! __FL_AT[3].at.0 * __FL_STEPS.0                        -> 8 * 8 (64, once tidied)
//! __FL_SWIZZLE.apply(lin as u32) as usize               -> lin ^ ((lin >> 3) & 2)   (Swizzle<1, 1, 3>)
//! __FL_LANE_MASK                                        -> 62 (shared_lane_mask)
//! match __FL_OFFSETS[3] { Add(__fl_k) => .., Xor(__fl_k) => .., Swizzle => X }
//!                                                       -> lane_base + 65, lane_base ^ 65, or X
//! ```
//!
//! `rows` is exact for the `usize` counts `expand` declares: saturating a `usize` to `usize`
//! changes nothing. Only numerals without a band ([`thread_wrap`] 0, every catalog layout)
//! fold this way: with a band, `at` carries a column into the row.
//!
//! [`thread_wrap`]: layout_core::Numeral::thread_wrap

use layout_core::generated::{ElementAt, Reach, SharedOffset};
use layout_core::shared::Swizzle;
use syn::visit_mut::{self, VisitMut};
use syn::{Expr, ItemFn, Stmt};

/// The values of the generated constants for one function.
pub struct Constants<'a> {
    /// Whether the macro's plan is straight-line code (`straight` or `pointer`: the thread
    /// index bound once as `__fl_t`), as `layout_codegen::fragment_plan` says.
    pub straight: bool,
    /// The lane parameter's name, `lane` or `thread`.
    pub thread: &'a str,
    /// `__FL_NUMERAL.threads()`.
    pub threads: u32,
    /// The thread part's row and column, as Rust expressions of `thread` (from `__FL_TERMS`).
    pub part: (String, String),
    /// `__FL_AT`, and the numbers of `__FL_REACH`: its `at`, `low` and `foot_reach` (when
    /// `foot`) or `run_reach`.
    pub table: &'a [ElementAt],
    /// Whether `__FL_REACH` holds the footprint's reaches (`reaches(true)` of a tight numeral).
    pub foot: bool,
    /// The tile's rows and columns.
    pub tile: (u32, u32),
    /// With `shared = LAYOUT`: `__FL_STEPS` and `__FL_SWIZZLE`.
    pub shared: Option<Shared>,
}

/// The constants of a `shared = LAYOUT` expansion.
pub struct Shared {
    /// `__FL_STEPS`: the offset's steps for a row and for a column.
    pub steps: (usize, usize),
    /// `__FL_SWIZZLE`: the layout's swizzle of element offsets.
    pub swizzle: Swizzle,
    /// `__FL_LANE_MASK`: the bits of every thread's unswizzled offset.
    pub lane_mask: usize,
    /// `__FL_OFFSETS`: how each element's offset follows from the thread's.
    pub offsets: Vec<SharedOffset>,
}

/// The names the folded code gives the thread part and the clamped extent.
pub fn part_names(thread: &str) -> (String, String) {
    (format!("{thread}_row"), format!("{thread}_col"))
}

/// `item` with the constants of `k` folded in.
pub fn fold(item: &mut ItemFn, k: &Constants) {
    super::inline::inline(item);
    NoBand.visit_item_fn_mut(item);
    // The thread's part of a shared offset, named for what it is.
    let offset = format!("{}_offset", k.thread);
    super::simplify::Rename {
        old: "__fl_lane",
        new: &offset,
    }
    .visit_item_fn_mut(item);
    let base = format!("{}_base", k.thread);
    super::simplify::Rename {
        old: "__fl_base",
        new: &base,
    }
    .visit_item_fn_mut(item);
    item.block
        .stmts
        .retain(|s| !matches!(s, Stmt::Item(syn::Item::Const(_))));
    if k.straight {
        super::straight::prepare(item, k);
    }
    let (row, col) = part_names(k.thread);
    Folder {
        k,
        row,
        col,
        reach: None,
    }
    .visit_item_fn_mut(item);
}

struct Folder<'a> {
    k: &'a Constants<'a>,
    row: String,
    col: String,
    /// The value of `__fl_r` in the block being folded, if it declares one.
    reach: Option<Reach>,
}

/// `let __fl_r = __FL_REACH.reach(i);` as the entry's reach and whether it is the footprint's.
fn reach_const(s: &Stmt, k: &Constants) -> Option<(Reach, bool)> {
    let Stmt::Local(l) = s else { return None };
    let syn::Pat::Ident(p) = &l.pat else {
        return None;
    };
    if p.ident != "__fl_r" {
        return None;
    }
    let (i, member) = table_field(&l.init.as_ref()?.expr)?;
    let x = k.table.get(i)?;
    match (member.as_str(), k.foot) {
        ("reach", false) => Some((x.run_reach, false)),
        ("reach", true) => Some((x.foot_reach, true)),
        _ => None,
    }
}

/// `__fl_r.field.k` as `(field, k)`.
fn reach_field(e: &Expr) -> Option<(String, u32)> {
    let Expr::Field(outer) = e else { return None };
    let (Expr::Field(inner), syn::Member::Unnamed(k)) = (&*outer.base, &outer.member) else {
        return None;
    };
    let syn::Member::Named(field) = &inner.member else {
        return None;
    };
    is_name(&inner.base, "__fl_r").then(|| (field.to_string(), k.index))
}

/// The pair `field` of `r`, `start`, `extent` or `place`.
fn reach_pair(r: &Reach, field: &str) -> Option<(usize, usize)> {
    match field {
        "start" => Some(r.start),
        "extent" => Some(r.extent),
        "place" => Some(r.place),
        _ => None,
    }
}

pub(super) fn parse_expr(s: &str) -> Expr {
    // Only ever called on text built here from numbers and names.
    syn::parse_str(s).unwrap_or_else(|_| Expr::Verbatim(s.parse().unwrap_or_default()))
}

/// Whether `e` is the plain name `name`.
pub(super) fn is_name(e: &Expr, name: &str) -> bool {
    matches!(e, Expr::Path(p) if p.qself.is_none() && p.path.is_ident(name))
}

/// The last `n` segments of a path expression's path, `["ThreadPart", "new"]`.
fn tail(e: &Expr, n: usize) -> Vec<String> {
    match e {
        Expr::Path(p) => {
            let s: Vec<String> = p
                .path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect();
            s[s.len().saturating_sub(n)..].to_vec()
        }
        _ => Vec::new(),
    }
}

/// An integer literal's value.
fn literal(e: &Expr) -> Option<usize> {
    match e {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => i.base10_parse().ok(),
        _ => None,
    }
}

/// `__FL_AT[i].member` as `(i, member)`; `__FL_REACH.method(i)` (`at`, `low`, `reach`) as `(i,
/// method)`.
fn table_field(e: &Expr) -> Option<(usize, String)> {
    match e {
        Expr::MethodCall(m) if is_name(&m.receiver, "__FL_REACH") && m.args.len() == 1 => {
            return Some((literal(&m.args[0])?, m.method.to_string()));
        }
        _ => {}
    }
    let Expr::Field(f) = e else { return None };
    let Expr::Index(ix) = &*f.base else {
        return None;
    };
    if !is_name(&ix.expr, "__FL_AT") {
        return None;
    }
    let syn::Member::Named(m) = &f.member else {
        return None;
    };
    Some((literal(&ix.index)?, m.to_string()))
}

/// `l op r`.
pub(super) fn binary(l: Expr, op: &str, r: Expr) -> Expr {
    Expr::Binary(syn::ExprBinary {
        attrs: Vec::new(),
        left: Box::new(l),
        op: syn::parse_str(op).unwrap_or(syn::BinOp::Add(Default::default())),
        right: Box::new(r),
    })
}

/// `base + k`, or `base` for 0.
fn plus(base: &str, k: usize) -> String {
    if k == 0 {
        base.to_string()
    } else {
        format!("{base} + {k}")
    }
}

impl Folder<'_> {
    /// The value of `__FL_AT[i].member`, or the coordinates `__fl_at.at(__FL_AT[i].member)`
    /// gives when `coords`.
    fn table(&self, i: usize, member: &str, coords: bool) -> Option<Expr> {
        let x = self.k.table.get(i)?;
        let text = match (member, coords) {
            (_, true) => {
                let (r, c) = self.pair(i, member)?;
                format!("({}, {})", plus(&self.row, r), plus(&self.col, c))
            }
            ("span", false) => x.span.to_string(),
            ("offset", false) => x.offset.to_string(),
            _ => return None,
        };
        Some(parse_expr(&text))
    }

    /// The pair `__FL_AT[i].member` is, `at`, `low` or `run`.
    fn pair(&self, i: usize, member: &str) -> Option<(usize, usize)> {
        let x = self.k.table.get(i)?;
        Some(match member {
            "at" => x.at,
            "low" => x.low,
            "run" => x.run,
            _ => return None,
        })
    }

    /// `__FL_SWIZZLE.apply(x as u32)` (with `x` a name) as the swizzle computes it on `x`:
    /// `x` itself for none, else `x ^ ((x >> shift) & mask)` with the swizzle's numbers.
    fn swizzled(&self, e: &Expr) -> Option<Expr> {
        let Expr::MethodCall(m) = e else { return None };
        if !is_name(&m.receiver, "__FL_SWIZZLE") || m.method != "apply" || m.args.len() != 1 {
            return None;
        }
        let Expr::Cast(arg) = &m.args[0] else {
            return None;
        };
        let Expr::Path(x) = &*arg.expr else {
            return None;
        };
        let x = x.path.get_ident()?.to_string();
        let s = self.k.shared.as_ref()?.swizzle;
        Some(parse_expr(&if s.bits == 0 {
            x
        } else {
            format!("{x} ^ (({x} >> {}) & {})", s.shift, s.target_mask())
        }))
    }

    /// `match __FL_OFFSETS[i] { Add(__fl_k) => .., Xor(__fl_k) => .., Swizzle => X }` as the
    /// arm element `i` takes: `{thread}_base + k`, `{thread}_base ^ k`, or `X`.
    fn offset_arm(&self, m: &syn::ExprMatch) -> Option<Expr> {
        let Expr::Index(ix) = &*m.expr else {
            return None;
        };
        if !is_name(&ix.expr, "__FL_OFFSETS") {
            return None;
        }
        let i = literal(&ix.index)?;
        let base = format!("{}_base", self.k.thread);
        match self.k.shared.as_ref()?.offsets.get(i)? {
            SharedOffset::Add(k) => Some(parse_expr(&plus(&base, *k))),
            SharedOffset::Xor(k) => Some(parse_expr(&format!("{base} ^ {k}"))),
            SharedOffset::Swizzle => m.arms.last().map(|a| (*a.body).clone()),
        }
    }

    /// The replacement of a `let` of the thread part or the extent.
    fn local(&self, init: &Expr) -> Option<Stmt> {
        let Expr::Call(call) = init else { return None };
        let k = self.k;
        let text = match tail(&call.func, 2)
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()[..]
        {
            ["ThreadPart", "new"] => format!(
                "let ({}, {}) = ({}, {});",
                self.row, self.col, k.part.0, k.part.1
            ),
            _ => return None,
        };
        syn::parse_str(&text).ok()
    }
}

/// In `let (__fl_rows, __fl_cols) = (saturating_usize(ROWS), saturating_usize(COLS));`, the
/// counts `ROWS` and `COLS`.
fn extent_counts(s: &Stmt) -> Option<(Expr, Expr)> {
    let Stmt::Local(l) = s else { return None };
    let syn::Pat::Tuple(p) = &l.pat else {
        return None;
    };
    match p.elems.first() {
        Some(syn::Pat::Ident(i)) if i.ident == "__fl_rows" => {}
        _ => return None,
    }
    let Expr::Tuple(t) = &*l.init.as_ref()?.expr else {
        return None;
    };
    let count = |e: Option<&Expr>| match e {
        Some(Expr::Call(c)) if tail(&c.func, 1) == ["saturating_usize"] && c.args.len() == 1 => {
            Some(c.args[0].clone())
        }
        _ => None,
    };
    Some((count(t.elems.first())?, count(t.elems.iter().nth(1))?))
}

impl VisitMut for Folder<'_> {
    fn visit_block_mut(&mut self, b: &mut syn::Block) {
        // The extent's counts, as `expand` declares them (`usize`), in place of the names.
        if let Some(i) = b.stmts.iter().position(|s| extent_counts(s).is_some()) {
            if let Some((rows, cols)) = extent_counts(&b.stmts[i]) {
                b.stmts.remove(i);
                let rest = &mut b.stmts[i..];
                super::simplify::substitute(rest, "__fl_rows", Some(&rows));
                super::simplify::substitute(rest, "__fl_cols", Some(&cols));
            }
        }
        // A block declaring `__fl_r`: its value for the block, the declaration gone, and the
        // slice named for what it is.
        let found = b.stmts.iter().find_map(|s| reach_const(s, self.k));
        let outer = self.reach;
        if let Some((reach, foot)) = found {
            b.stmts.retain(|s| reach_const(s, self.k).is_none());
            self.reach = Some(reach);
            let name = if foot { "__fl_foot" } else { "__fl_run" };
            let mut rename = super::simplify::Rename {
                old: "__fl_s",
                new: name,
            };
            for s in &mut b.stmts {
                rename.visit_stmt_mut(s);
            }
        }
        visit_mut::visit_block_mut(self, b);
        self.reach = outer;
    }

    fn visit_stmt_mut(&mut self, s: &mut Stmt) {
        if let Stmt::Local(l) = s {
            if let Some(new) = l.init.as_ref().and_then(|i| self.local(&i.expr)) {
                *s = new;
                return;
            }
        }
        visit_mut::visit_stmt_mut(self, s);
    }

    fn visit_expr_mut(&mut self, e: &mut Expr) {
        visit_mut::visit_expr_mut(self, e);
        let of_reach = reach_field(e).is_some();
        let new = match e {
            Expr::If(i) => {
                // if let Some(__fl_thread) = <T as ThreadIndex>::below(lane, N.threads())
                let Expr::Let(l) = &*i.cond else { return };
                let (syn::Pat::TupleStruct(p), Expr::Call(c)) = (&*l.pat, &*l.expr) else {
                    return;
                };
                let (Some(syn::Pat::Ident(bound)), true) =
                    (p.elems.first(), tail(&c.func, 1) == ["below"])
                else {
                    return;
                };
                let Some(thread) = c.args.first().cloned() else {
                    return;
                };
                let name = bound.ident.to_string();
                super::simplify::substitute(&mut i.then_branch.stmts, &name, Some(&thread));
                *i.cond = binary(thread, "<", parse_expr(&self.k.threads.to_string()));
                return;
            }
            Expr::MethodCall(m) if is_name(&m.receiver, "__fl_at") && m.method == "at" => {
                let Some((i, member)) = m.args.first().and_then(table_field) else {
                    return;
                };
                self.table(i, &member, true)
            }
            // match __FL_OFFSETS[i] { .. }: the arm the element's offset takes.
            Expr::Match(m) => self.offset_arm(m),
            // __FL_LANE_MASK: its number.
            Expr::Path(_) if is_name(e, "__FL_LANE_MASK") => {
                let mask = self.k.shared.as_ref().map(|s| s.lane_mask);
                mask.map(|m| parse_expr(&m.to_string()))
            }
            // __FL_SWIZZLE.apply(x as u32) as usize: the swizzle's arithmetic.
            Expr::Cast(c) if self.swizzled(&c.expr).is_some() => self.swizzled(&c.expr),
            // __FL_NUMERAL.rows as usize, __FL_NUMERAL.cols as usize: the tile's size.
            Expr::Cast(c) => match &*c.expr {
                Expr::Field(f) if is_name(&f.base, "__FL_NUMERAL") => match &f.member {
                    syn::Member::Named(m) if m == "rows" => {
                        Some(parse_expr(&self.k.tile.0.to_string()))
                    }
                    syn::Member::Named(m) if m == "cols" => {
                        Some(parse_expr(&self.k.tile.1.to_string()))
                    }
                    _ => None,
                },
                _ => None,
            },
            // __fl_at.row, __fl_at.col: the thread part.
            Expr::Field(f) if is_name(&f.base, "__fl_at") => match &f.member {
                syn::Member::Named(m) if m == "row" => Some(parse_expr(&self.row)),
                syn::Member::Named(m) if m == "col" => Some(parse_expr(&self.col)),
                _ => None,
            },
            // __FL_STEPS.0, __FL_AT[3].at.1: numbers.
            Expr::Field(syn::ExprField {
                base,
                member: syn::Member::Unnamed(n),
                ..
            }) if !of_reach => {
                let pair = if is_name(base, "__FL_STEPS") {
                    self.k.shared.as_ref().map(|s| s.steps)
                } else {
                    table_field(base).and_then(|(i, m)| self.pair(i, &m))
                };
                pair.and_then(|(a, b)| match n.index {
                    0 => Some(parse_expr(&a.to_string())),
                    1 => Some(parse_expr(&b.to_string())),
                    _ => None,
                })
            }
            Expr::Field(_) => match (reach_field(e), &self.reach) {
                (Some((field, k)), Some(r)) => reach_pair(r, &field).and_then(|(a, b)| {
                    let v = match k {
                        0 => a,
                        1 => b,
                        _ => return None,
                    };
                    Some(parse_expr(&v.to_string()))
                }),
                _ => table_field(e).and_then(|(i, m)| self.table(i, &m, false)),
            },
            _ => None,
        };
        if let Some(new) = new {
            *e = new;
        }
    }
}

/// `if __FL_WRAP == 0 { X } else { Y }` -> `X`: `fold` runs only where `__FL_WRAP` is 0.
struct NoBand;

impl VisitMut for NoBand {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        visit_mut::visit_expr_mut(self, e);
        let Expr::If(i) = e else { return };
        let Expr::Binary(test) = &*i.cond else { return };
        let zero = matches!(&*test.right, Expr::Lit(l) if matches!(&l.lit, syn::Lit::Int(n) if n.base10_digits() == "0"));
        if is_name(&test.left, "__FL_WRAP") && matches!(test.op, syn::BinOp::Eq(_)) && zero {
            *e = Expr::Block(syn::ExprBlock {
                attrs: Vec::new(),
                label: None,
                block: i.then_branch.clone(),
            });
        }
    }
}
