//! Straight-line code for a catalog layout the macro [knows](Known) and a body whose
//! [`access`] goes through a raw pointer parameter (`BASE.add(INDEX)`, deref'd,
//! `write` or `read`), or through a slice, array or `Vec` parameter unchecked
//! (`*BASE.get_unchecked(INDEX)`, `*BASE.get_unchecked_mut(INDEX)`: the same contract, the
//! caller's promise that every index is in bounds), with `INDEX` affine in `row`
//! ([`affine::Affine`]), as GPU kernels write their stores. Worked for `SM80_16x8x16_F32_C`,
//! `vector = 2` and `|row, col, values| unsafe { *(d.add(row * ld + col) as *mut [f32; 2]) =
//! values }`:
//!
//! ```text
//! let __fl_t = __fl_thread as usize;
//! let __fl_b = { let (row, col) = (__fl_t / 4, __fl_t % 4 * 2); row * ld + col };
//! let __fl_k: usize = ld;                                    // the stride, once
//! { let values = [acc[0], acc[1]]; unsafe { *(d.add(__fl_b) as *mut [f32; 2]) = values } }
//! { let values = [acc[2], acc[3]]; unsafe { *(d.add(__fl_b + 8 * __fl_k) as *mut [f32; 2]) = values } }
//! ```
//!
//! The body stays the user's tokens (its `unsafe`, its cast, its operator) but for `INDEX`,
//! which becomes the thread's base index plus the call's literal offset (`rows * K + cols`
//! from the thread's corner, [`offset`]'s arithmetic): the same number `INDEX` computes at
//! that call's `row` and `col`, so `add` receives what it received before and the body's
//! safety contract is unchanged. The numbers are the ones `straight.rs` writes for a slice.
//!
//! Why it is the same program: `INDEX` is `REST + row * K + col` made of names, integer
//! literals, casts, `+` and `*` (no field, no call), so evaluating it at the corner once,
//! first, has no effect; and every term is non-negative and nondecreasing in `row` and `col`,
//! so the base (at the corner, which no call's coordinates are below) overflows only where
//! every call's `INDEX` would, and `base + offset` overflows exactly where `INDEX` does. The
//! rest of the body can change nothing `INDEX` reads: a scatter's stored value has no effect
//! and cannot panic ([`Access::stored`]: a name, a literal, a cast, or float arithmetic on
//! `value`, as `alpha * value`), stored with `=`, a compound operator (`+=`) or `write`; a
//! gather only reads. `BASE` is a parameter of the function whose type is a raw pointer (so
//! `add` is the pointer's own, taking a `usize`), or for `get_unchecked(_mut)` a slice, array
//! or `Vec` (the slice's own method), named by no closure parameter and not the fragment.
//! The closure's `row` and `col` are bound per call where the stored value reads them, as
//! the closure binds them.
//!
//! With `bounds(ROWS, COLS)`, as `straight.rs` writes it: a whole tile takes the code above
//! (its thread part widened), a partial one the thread's corner test and each element inside
//! the extent at its offset, tested on the sides it lies beyond the corner on
//! (`straight::from_corner`).
//!
//! Not taken (the element-by-element path stays): a band, `unpaired`, a body with control
//! flow of its own, a packed gather, `shared = LAYOUT`, a value pattern other than a name, any
//! other body shape, and a stride that is not one name or number.

use super::access::{self, Access, Via};
use super::affine;
use super::ast::{Fragment, Mode};
use super::emit::{assemble, bounded, flatten, value_binding};
use super::known::{Known, MOST};
use super::straight::{
    element_coordinates, from_corner, head, lex, offset, offset_suffix, partial, single, Code,
    Digits, Table,
};
use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};
use quote::{quote, ToTokens};
use syn::Expr;

/// The calls of `f` for the known layout `k` as straight-line code, its access `a` through a
/// raw pointer or unchecked, to run where the thread index `__fl_thread` (a `u32` below the
/// thread count) is in scope: a scatter's stores, or the array a gather returns; else why not
/// (the module docs give the shape).
pub fn body(
    f: &Fragment,
    a: &Access,
    k: &Known,
    elements: usize,
) -> Result<TokenStream, &'static str> {
    if k.numeral().thread_wrap() != 0 || elements == 0 || elements > MOST {
        return Err("a band, no elements, or more than the macro writes out");
    }
    if !matches!(f.args.mode, Mode::Scatter | Mode::Gather) {
        return Err("a packed gather");
    }
    a.offsets_hold(f, k.numeral(), elements)?;
    a.stored(f)?;
    generate(f, a, k, elements).ok_or(
        "the base is not a raw pointer (`add`) or slice (`get_unchecked`) parameter, or `INDEX` \
         is not affine in `row` and `col` with a stride of one name or number and no field",
    )
}

/// The straight-line calls of a body [`body`] takes, if it has that shape; with `bounds`, a
/// whole tile's, and a partial tile's from the thread's corner (`straight::from_corner`, each
/// element inside the extent at its offset) or element by element.
fn generate(f: &Fragment, a: &Access, k: &Known, elements: usize) -> Option<TokenStream> {
    let needs_coords = shape(f, a)?;
    let (n, affine) = (k.numeral(), a.affine.as_ref()?);
    let table = Table::of(n, false, elements);
    let calls = calls(f, affine, &table, elements, needs_coords)?;
    let all = match (f.args.mode, &f.args.vector) {
        (Mode::Scatter, _) => quote!(#(#calls)*),
        (_, Some(_)) => flatten(f, &calls),
        (_, None) => assemble(f, &calls),
    };
    let head = |digits, named| head(f, n, (table.low, digits), named, &a.index, affine);
    if f.args.bounds.is_none() {
        let mut out = head(Digits::FromUsize, needs_coords)?;
        out.push(all);
        return Some(out.into_iter().collect());
    }
    // `bounds` (never with `vector`: one call an element). The whole tile's thread part
    // widened, as `straight.rs` writes it.
    let mut whole = head(Digits::Widened, needs_coords)?;
    whole.push(all);
    let mut named = head(Digits::FromUsize, true)?;
    let thread = named.remove(0);
    let base: TokenStream = named.into_iter().collect();
    let partial = match from_corner(f, &table, elements, base, |e| {
        calls.get(e).cloned().map(Code::Tokens)
    }) {
        Some(code) => code,
        None => partial(f, &table, elements)?,
    };
    let whole: TokenStream = whole.into_iter().collect();
    Some(bounded(
        f,
        Some((n.rows, n.cols)),
        whole,
        quote!(#thread #partial),
    ))
}

/// Whether the body is one [`body`] takes (a base of its own, a stride of one name or number,
/// no field in `INDEX`), and then whether it reads `row` or `col` outside `INDEX` (they are
/// then bound per call).
fn shape(f: &Fragment, a: &Access) -> Option<bool> {
    let row = affine::param_ident(f.params[0].pat)?;
    let col = affine::param_ident(f.params[1].pat)?;
    let value = match f.params.get(2) {
        Some(p) => Some(affine::param_ident(p.pat)?),
        None => None,
    };
    let base = match &a.base {
        Expr::Path(p) => p.path.get_ident()?,
        _ => return None,
    };
    let binders = [Some(row), Some(col), value, f.fragment];
    // `add` is a raw pointer's own; `get_unchecked(_mut)` a slice's, array's or `Vec`'s.
    let own = match a.via {
        Via::Add => pointer_parameter(f, base),
        Via::Unchecked => f.slice_base(&a.base),
        Via::Index => false,
    };
    if binders.iter().flatten().any(|&name| name == base) || !own {
        return None;
    }
    let affine = a.affine.as_ref()?;
    if !affine.k.as_ref().is_none_or(|(k, _)| single(k)) || has_field(a.index.to_token_stream()) {
        return None;
    }
    Some(a.rhs.as_ref().is_some_and(|rhs| {
        let ts = rhs.to_token_stream();
        affine::mentions(ts, [row, col])
    }))
}

/// Each call's code at its offset from the thread's corner: a scatter's block (the value and
/// the coordinates bound, then the body), a gather's value.
fn calls(
    f: &Fragment,
    affine: &affine::Affine,
    table: &Table,
    elements: usize,
    needs_coords: bool,
) -> Option<Vec<TokenStream>> {
    let (low_row, low_col) = table.low;
    let body = Template::of(f.body, f.args.mode)?;
    (0..elements)
        .step_by(f.args.width())
        .map(|e| {
            let (r, c) = table.at[e];
            let at = (r.checked_sub(low_row)?, c.checked_sub(low_col)?);
            let coords = match needs_coords {
                true => Some(element_coordinates(f, (r, c))?),
                false => None,
            };
            let index = lex(&format!("__fl_b{}", offset_suffix(&offset(affine, at))))?;
            let call = body.with(index);
            Some(match f.args.mode {
                Mode::Scatter => {
                    let value = value_binding(f, e);
                    quote!({ #value #coords #call; })
                }
                _ => quote!({ #coords #call }),
            })
        })
        .collect()
}

/// The body's tokens with its `INDEX` cut out, printed once: each call puts its own index in
/// (`__fl_b + 8 * __fl_k + 1`, the same number `INDEX` computes at that call's `row` and
/// `col`), rebuilding only the groups around it; printing the body from its tree again for
/// each call was most of the macro's work for a vector body.
struct Template {
    before: Vec<TokenTree>,
    /// The group holding the index (its delimiter, span and contents), or `None` where the
    /// index is at this level, between `before` and `after`.
    around: Option<(Delimiter, Span, Box<Template>)>,
    after: Vec<TokenTree>,
}

impl Template {
    /// The body with its index (where [`access::locate`] finds it) cut out.
    fn of(body: &Expr, mode: Mode) -> Option<Template> {
        let mut body = body.clone();
        let hole = Expr::Verbatim(quote!(__fl_index));
        *access::locate(&mut body, mode == Mode::Scatter)?.index = hole;
        Template::cut(body.to_token_stream())
    }

    /// `tokens` cut at the identifier `__fl_index` (the macro's own name: a user's tokens
    /// never hold it, `reserved.rs`), at any depth.
    fn cut(tokens: TokenStream) -> Option<Template> {
        let mut trees = tokens.into_iter();
        let mut before = Vec::new();
        for tree in trees.by_ref() {
            let around = match &tree {
                TokenTree::Ident(i) if i == "__fl_index" => None,
                TokenTree::Group(g) => match Template::cut(g.stream()) {
                    Some(inner) => Some((g.delimiter(), g.span(), Box::new(inner))),
                    None => {
                        before.push(tree);
                        continue;
                    }
                },
                _ => {
                    before.push(tree);
                    continue;
                }
            };
            let after = trees.collect();
            return Some(Template {
                before,
                around,
                after,
            });
        }
        None
    }

    /// The body with `index` put in.
    fn with(&self, index: TokenStream) -> TokenStream {
        let middle = match &self.around {
            None => index,
            Some((delimiter, span, inner)) => {
                let mut group = Group::new(*delimiter, inner.with(index));
                group.set_span(*span);
                TokenTree::Group(group).into()
            }
        };
        let mut out: TokenStream = self.before.iter().cloned().collect();
        out.extend(middle);
        out.extend(self.after.iter().cloned());
        out
    }
}

/// Whether `name` is a parameter of the function whose type is a raw pointer (`*mut T`,
/// `*const T`, in parentheses or not): its `add` is the pointer's own.
fn pointer_parameter(f: &Fragment, name: &syn::Ident) -> bool {
    fn raw(ty: &syn::Type) -> bool {
        match ty {
            syn::Type::Ptr(_) => true,
            syn::Type::Paren(p) => raw(&p.elem),
            syn::Type::Group(g) => raw(&g.elem),
            _ => false,
        }
    }
    f.parameter_type(name).is_some_and(raw)
}

/// Whether `ts` has a `.` (a field, which may go through a user's `Deref`) at any depth.
fn has_field(ts: TokenStream) -> bool {
    ts.into_iter().any(|tt| match tt {
        TokenTree::Punct(p) => p.as_char() == '.',
        TokenTree::Group(g) => has_field(g.stream()),
        TokenTree::Literal(l) => l.to_string().contains('.'),
        _ => false,
    })
}
