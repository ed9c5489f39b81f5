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
//! let __fl_b = ((__fl_thread / 4) as usize) * ld + ((__fl_thread % 4) as usize * 2);
//!                                                            // INDEX at the thread's corner
//! let __fl_k: usize = ld;                                    // the stride, once
//! let __fl_f = acc;                                          // the fragment, under the macro's name
//! unsafe { *(d.add(__fl_b) as *mut [f32; 2]) = [__fl_f[0], __fl_f[1]] };
//! unsafe { *(d.add(__fl_b + 8 * __fl_k) as *mut [f32; 2]) = [__fl_f[2], __fl_f[3]] };
//! ```
//!
//! The body stays the user's tokens (its `unsafe`, its cast, its operator) but for `INDEX`,
//! which becomes the thread's base index plus the call's literal offset (`rows * K + cols`
//! from the thread's corner, [`offset`]'s arithmetic): the same number `INDEX` computes at
//! that call's `row` and `col`, so `add` receives what it received before and the body's
//! safety contract is unchanged. The numbers are the ones `straight.rs` writes for a slice.
//! An untyped value the body reads is read in place ([`calls`]); else each call is a block
//! binding it first, `{ let values = [acc[0], acc[1]]; BODY; }`.
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
//! With `bounds(ROWS, COLS)`: a whole tile takes the calls above, a partial one the thread's
//! corner test and each element inside the extent at its offset, tested on the sides it lies
//! beyond the corner on (`straight::from_corner`; with `align`, [`pairs`]). For `nvptx64`
//! (`cfg!(target_arch)`, which folds; and in a test build, so that host tests run the GPU's
//! shape) the base (widened), the stride and the fragment come once,
//! before the whole-tile test, the base with wrapping `+` and `*` ([`wrapping`]; a thread
//! whose corner lies outside the extent computes it too, and stores nothing): one address for
//! both branches, as CUDA forms it. A debug build computes the base again with the body's
//! operators in each branch where the corner is inside, so that it panics on an overflow
//! exactly where the closure's `INDEX` would; a release build's wrapping base is the value the
//! operators give. Elsewhere each branch forms its own base where its corner is inside: on
//! x86-64 the base live across the test costs a register (a push, a pop: 28 instructions a
//! whole tile's call against 23, docs/PERFORMANCE.md's `scatter4_ptr_bounds`).
//!
//! Not taken (the element-by-element path stays): a band, `unpaired`, a body with control
//! flow of its own, a packed gather, `shared = LAYOUT`, a value pattern other than a name, any
//! other body shape, and a stride that is not one name or number.

use super::access::{self, Access, Via};
use super::affine;
use super::aligned::Groups;
use super::ast::{Fragment, Mode};
use super::emit::{assemble, bounded, flatten, value_binding};
use super::known::{Known, MOST};
use super::straight::{
    element_coordinates, from_corner, head, lex, offset, offset_suffix, partial, plus, single,
    Code, Digits, Table,
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
    groups: Option<&Groups>,
) -> Result<TokenStream, &'static str> {
    if k.numeral().thread_wrap() != 0 || elements == 0 || elements > MOST {
        return Err("a band, no elements, or more than the macro writes out");
    }
    if !matches!(f.args.mode, Mode::Scatter | Mode::Gather) {
        return Err("a packed gather");
    }
    a.offsets_hold(f, k.numeral(), elements)?;
    a.stored(f)?;
    generate(f, a, k, elements, groups).ok_or(
        "the base is not a raw pointer (`add`) or slice (`get_unchecked`) parameter, or `INDEX` \
         is not affine in `row` and `col` with a stride of one name or number and no field",
    )
}

/// The straight-line calls of a body [`body`] takes, if it has that shape; with `bounds`, a
/// whole tile's, and a partial tile's from the thread's corner (`straight::from_corner`, each
/// element inside the extent at its offset) or element by element. The thread part's digits
/// are [widened](Digits) from the `u32` thread: the backend then forms the corner's address
/// as one wide multiply-add, the column its addend (`IMAD.WIDE.U32` on sm_90, one SASS
/// instruction less than from a `usize` thread, as nvcc makes of the CUDA).
fn generate(
    f: &Fragment,
    a: &Access,
    k: &Known,
    elements: usize,
    groups: Option<&Groups>,
) -> Option<TokenStream> {
    let needs_coords = shape(f, a)?;
    let (n, affine) = (k.numeral(), a.affine.as_ref()?);
    let table = Table::of(n, false, elements);
    let (each, in_place) = match groups {
        Some(g) => (
            grouped_calls(f, a, &table, g)?,
            f.args.mode == Mode::Scatter,
        ),
        None => calls(f, affine, &table, elements, needs_coords)?,
    };
    let width = groups.map_or(f.args.width(), |g| g.width);
    // The fragment under the macro's name where the calls read it in place.
    let fragment = match in_place {
        true => {
            let frag = f.fragment?;
            quote!(let __fl_f = #frag;)
        }
        false => TokenStream::new(),
    };
    let all = match (f.args.mode, &f.args.vector) {
        (Mode::Scatter, _) => quote!(#(#each)*),
        _ if width > 1 => flatten(f, &each, width),
        _ => assemble(f, &each),
    };
    let head = |digits, named| head(f, n, (table.low, digits), named, &a.index, affine);
    if f.args.bounds.is_none() {
        let mut out = head(Digits::Widened, needs_coords)?;
        out.extend(groups.map(|g| g.asserts(&a.base, stride(affine))));
        out.extend([fragment, all]);
        return Some(out.into_iter().collect());
    }
    // `bounds` (never with `vector`). The partial tile: a scatter's groups whole where their
    // last element is inside, else (and a gather's) element by element, each where inside.
    let scalar = match groups {
        Some(_) => calls(f, affine, &table, elements, needs_coords)?.0,
        None => each.clone(),
    };
    let inside = |head: TokenStream| match (groups, f.args.mode) {
        (Some(g), Mode::Scatter) => pairs(&table, g.width, (&each, &scalar), &head),
        _ => from_corner(f, &table, elements, head, |e| {
            scalar.get(e).cloned().map(Code::Tokens)
        })
        .or_else(|| partial(f, &table, elements)),
    };
    let thread = head(Digits::FromUsize, true)?.remove(0);
    let asserts = groups.map(|g| g.asserts(&a.base, stride(affine)));
    // For `nvptx64`, the thread's base (widened), the stride and the fragment once, before
    // the whole-tile test: the base wrapping, since a thread whose corner lies outside the
    // tile stores nothing and the closure computes no index there. A debug build computes
    // it again with the body's own operators in each branch where the corner is inside, so
    // that it panics on an overflow exactly where the closure's index would. Elsewhere each
    // branch forms its own base where its corner is inside, which keeps a register free.
    // A test build (`cfg(test)`) takes the `nvptx64` shape, so that the host's tests run the
    // code the GPU runs; the other shape is what a library built for the host runs.
    let mut once = head(Digits::Widened, needs_coords)?;
    let checked = once.get(1)?.clone();
    once[1] = wrapping(&checked)?;
    once.push(fragment.clone());
    let checks = quote!(#[cfg(debug_assertions)] #checked #asserts);
    let (once, partial_once) = (once.into_iter(), inside(checks.clone())?);
    let whole = quote!(#checks #all);
    let gpu = bounded(
        f,
        Some((n.rows, n.cols)),
        whole,
        quote!(#thread #partial_once),
    );
    let mut named = head(Digits::FromUsize, true)?;
    named.remove(0);
    named.extend([fragment.clone(), asserts.to_token_stream()]);
    let partial = inside(named.into_iter().collect())?;
    let mut whole = head(Digits::Widened, needs_coords)?;
    whole.extend([fragment, asserts.to_token_stream(), all]);
    let whole: TokenStream = whole.into_iter().collect();
    let other = bounded(f, Some((n.rows, n.cols)), whole, quote!(#thread #partial));
    Some(quote! {
        if ::core::cfg!(any(target_arch = "nvptx64", test)) { #(#once)* #gpu } else { #other }
    })
}

/// A scatter's partial tile with `align` (`from_corner`'s shape, which the groups' table
/// has): under the corner's test, each group of `width` adjacent elements of one row, where
/// its first element is inside, moves whole where its last is too, else its elements inside
/// one by one, in the closure's order. `calls` are the groups' and the elements' code.
fn pairs(
    table: &Table,
    width: usize,
    (grouped, scalar): (&[TokenStream], &[TokenStream]),
    head: &TokenStream,
) -> Option<TokenStream> {
    let (corner, at) = (table.at[0], table.at.get(..scalar.len())?);
    if corner != table.low || at.iter().any(|&(r, c)| r < corner.0 || c < corner.1) {
        return None;
    }
    let col = |e: usize| {
        let c = at[e].1;
        (c > corner.1).then(|| format!("{} < __fl_cols", plus("__fl_col", c)))
    };
    let guarded = |test: Option<String>, code: TokenStream| -> Option<TokenStream> {
        Some(match test {
            None => code,
            Some(test) => {
                let test = lex(&test)?;
                quote!(if #test { #code })
            }
        })
    };
    let each = (0..scalar.len()).step_by(width).map(|e| {
        let last = e + width - 1;
        let apart = (e + 1..last)
            .map(|i| guarded(col(i), scalar.get(i)?.clone()))
            .collect::<Option<Vec<_>>>()?;
        let (whole, first, last) = (grouped.get(e / width)?, scalar.get(e)?, lex(&col(last)?)?);
        let group = quote!(if #last { #whole } else { #first #(#apart)* });
        let r = at[e].0;
        let first = (r > corner.0).then(|| format!("{} < __fl_rows", plus("__fl_row", r)));
        let test = [first, col(e)].into_iter().flatten().collect::<Vec<_>>();
        guarded((!test.is_empty()).then(|| test.join(" && ")), group)
    });
    let each = each.collect::<Option<Vec<_>>>()?;
    let guard = lex(&format!(
        "{} < __fl_rows && {} < __fl_cols",
        plus("__fl_row", corner.0),
        plus("__fl_col", corner.1)
    ))?;
    Some(quote!(if #guard { #head #(#each)* }))
}

/// `let __fl_b = INDEX;` with every `+` and `*` of `INDEX` wrapping
/// (`::fraglayout::generated::Wrapping::add(a, b)`, which cannot panic); `/` and `%` there
/// are by nonzero literals, the rest casts, names, fields and literals.
fn wrapping(stmt: &TokenStream) -> Option<TokenStream> {
    struct Wrap;
    impl syn::visit_mut::VisitMut for Wrap {
        fn visit_expr_mut(&mut self, e: &mut Expr) {
            syn::visit_mut::visit_expr_mut(self, e);
            if let Expr::Binary(b) = e {
                let op = match b.op {
                    syn::BinOp::Add(_) => quote!(add),
                    syn::BinOp::Mul(_) => quote!(mul),
                    _ => return,
                };
                let (l, r) = (&b.left, &b.right);
                *e = Expr::Verbatim(quote!(::fraglayout::generated::Wrapping::#op(#l, #r)));
            }
        }
    }
    let mut stmt: syn::Stmt = syn::parse2(stmt.clone()).ok()?;
    syn::visit_mut::VisitMut::visit_stmt_mut(&mut Wrap, &mut stmt);
    Some(stmt.to_token_stream())
}

/// The stride as the debug build's check of `align` reads it: `__fl_k` or a constant's
/// name, `None` for a literal (the macro checks it) or no stride.
fn stride(affine: &affine::Affine) -> Option<TokenStream> {
    match (&affine.k, &affine.k_text) {
        (None, _) => None,
        (Some(_), None) => Some(quote!(__fl_k)),
        (Some((Expr::Lit(_), _)), Some(_)) => None,
        (Some((k, _)), Some(_)) => Some(k.to_token_stream()),
    }
}

/// The calls of `align = BYTES` (`aligned.rs`): a group's access at its offset from the
/// thread's corner, a scatter's values put in where the body reads the value, a gather's
/// group the `[T; N]` it reads.
fn grouped_calls(f: &Fragment, a: &Access, table: &Table, g: &Groups) -> Option<Vec<TokenStream>> {
    let (low_row, low_col) = table.low;
    let affine = a.affine.as_ref()?;
    let scatter = f.args.mode == Mode::Scatter;
    let (body, _) = Template::cut(g.body(f.body, scatter)?.to_token_stream());
    let body = Template(body);
    let value = match (scatter, f.params.get(2)) {
        (true, Some(p)) => {
            let (rhs, _) = Template::value(a.rhs.as_ref()?, affine::param_ident(p.pat)?);
            Some(rhs)
        }
        _ => None,
    };
    (0..table.at.len())
        .step_by(g.width)
        .map(|e| {
            let (r, c) = table.at[e];
            let at = (r.checked_sub(low_row)?, c.checked_sub(low_col)?);
            let index = lex(&format!("__fl_b{}", offset_suffix(&offset(affine, at))))?;
            Some(match &value {
                Some(rhs) => {
                    let each = (e..e + g.width)
                        .map(|i| {
                            Some(rhs.with(&[TokenStream::new(), lex(&format!("__fl_f[{i}]"))?]))
                        })
                        .collect::<Option<Vec<_>>>()?;
                    let call = body.with(&[index, quote!([#(#each),*])]);
                    quote!(#call;)
                }
                None => body.with(&[index]),
            })
        })
        .collect()
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
/// the coordinates bound, then the body), a gather's value. A scatter's untyped value that
/// the body reads, with no coordinates bound, is put in where the body reads it (`*p =
/// [__fl_f[0], __fl_f[1]]`), as a skilled engineer writes the store: the stored value has no
/// effect and cannot panic ([`Access::stored`]), so reading the fragment there is the same
/// program.
fn calls(
    f: &Fragment,
    affine: &affine::Affine,
    table: &Table,
    elements: usize,
    needs_coords: bool,
) -> Option<(Vec<TokenStream>, bool)> {
    let (low_row, low_col) = table.low;
    let value = match (&f.args.mode, f.params.get(2)) {
        (Mode::Scatter, Some(p)) if p.ty.is_none() && !needs_coords => affine::param_ident(p.pat),
        _ => None,
    };
    let (body, in_place) = Template::of(f.body, f.args.mode, value)?;
    let calls = (0..elements)
        .step_by(f.args.width())
        .map(|e| {
            let (r, c) = table.at[e];
            let at = (r.checked_sub(low_row)?, c.checked_sub(low_col)?);
            let coords = match needs_coords {
                true => Some(element_coordinates(f, (r, c))?),
                false => None,
            };
            let index = lex(&format!("__fl_b{}", offset_suffix(&offset(affine, at))))?;
            Some(match f.args.mode {
                Mode::Scatter if in_place => {
                    let call = body.with(&[index, lex(&fragment_text(f, e))?]);
                    quote!(#call;)
                }
                Mode::Scatter => {
                    let (value, call) = (value_binding(f, e), body.with(&[index]));
                    quote!({ #value #coords #call; })
                }
                _ => {
                    let call = body.with(&[index]);
                    quote!({ #coords #call })
                }
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some((calls, in_place))
}

/// Element `e`'s value as the macro's text, from the fragment under its name `__fl_f`:
/// `__fl_f[e]`, or `[__fl_f[e], __fl_f[e + 1]]` with `vector = 2`.
fn fragment_text(f: &Fragment, e: usize) -> String {
    match f.args.vector {
        None => format!("__fl_f[{e}]"),
        Some((n, _)) => {
            let each: Vec<String> = (e..e + n).map(|i| format!("__fl_f[{i}]")).collect();
            format!("[{}]", each.join(", "))
        }
    }
}

/// The body's tokens printed once, with holes each call fills: `__fl_index` for its `INDEX`,
/// and `__fl_value` for the value where the body reads it (the macro's own names: a user's
/// tokens never hold them, `reserved.rs`). A call rebuilds only the groups around a hole;
/// printing the body from its tree again for each call was most of the macro's work for a
/// vector body.
struct Template(Vec<Piece>);

/// A token of the body, a hole (its number), or a group holding a hole.
enum Piece {
    Tree(TokenTree),
    Hole(usize),
    Group(Delimiter, Span, Vec<Piece>),
}

/// The holes' names, in the order [`Template::with`] takes their tokens.
const HOLES: [&str; 2] = ["__fl_index", "__fl_value"];

impl Template {
    /// The body with its index (where [`access::locate`] finds it) a hole, and where `value`
    /// is given, each read of it too; and whether it is read.
    fn of(body: &Expr, mode: Mode, value: Option<&syn::Ident>) -> Option<(Template, bool)> {
        let mut body = body.clone();
        let hole = Expr::Verbatim(quote!(__fl_index));
        *access::locate(&mut body, mode == Mode::Scatter)?.index = hole;
        let mut reads = Reads(value, 0);
        if value.is_some() {
            syn::visit_mut::visit_expr_mut(&mut reads, &mut body);
        }
        let (pieces, _) = Template::cut(body.to_token_stream());
        Some((Template(pieces), reads.1 > 0))
    }

    /// A stored value with each read of `value` the hole `__fl_value`, and whether it is read.
    fn value(rhs: &Expr, value: &syn::Ident) -> (Template, bool) {
        let mut rhs = rhs.clone();
        let mut reads = Reads(Some(value), 0);
        syn::visit_mut::VisitMut::visit_expr_mut(&mut reads, &mut rhs);
        let (pieces, _) = Template::cut(rhs.to_token_stream());
        (Template(pieces), reads.1 > 0)
    }

    /// `tokens` as pieces, and whether they hold a hole.
    fn cut(tokens: TokenStream) -> (Vec<Piece>, bool) {
        let mut holes = false;
        let pieces = tokens
            .into_iter()
            .map(|tree| match tree {
                TokenTree::Ident(i) => match HOLES.iter().position(|h| i == h) {
                    Some(k) => {
                        holes = true;
                        Piece::Hole(k)
                    }
                    None => Piece::Tree(TokenTree::Ident(i)),
                },
                TokenTree::Group(g) => match Template::cut(g.stream()) {
                    (inner, true) => {
                        holes = true;
                        Piece::Group(g.delimiter(), g.span(), inner)
                    }
                    _ => Piece::Tree(TokenTree::Group(g)),
                },
                tree => Piece::Tree(tree),
            })
            .collect();
        (pieces, holes)
    }

    /// The body with the holes filled, `fill[k]` for hole `k`.
    fn with(&self, fill: &[TokenStream]) -> TokenStream {
        fn build(pieces: &[Piece], fill: &[TokenStream]) -> TokenStream {
            let mut trees: Vec<TokenTree> = Vec::with_capacity(pieces.len());
            for piece in pieces {
                match piece {
                    Piece::Tree(t) => trees.push(t.clone()),
                    Piece::Hole(k) => trees.extend(fill.get(*k).cloned().unwrap_or_default()),
                    Piece::Group(delimiter, span, inner) => {
                        let mut group = Group::new(*delimiter, build(inner, fill));
                        group.set_span(*span);
                        trees.push(TokenTree::Group(group));
                    }
                }
            }
            trees.into_iter().collect()
        }
        build(&self.0, fill)
    }
}

/// Each read of the value (a path that is its name) made the hole `__fl_value`, counted.
struct Reads<'a>(Option<&'a syn::Ident>, usize);

impl syn::visit_mut::VisitMut for Reads<'_> {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        let read = matches!((&*e, self.0), (Expr::Path(p), Some(v)) if p.qself.is_none() && p.path.is_ident(v));
        if read {
            *e = Expr::Verbatim(quote!(__fl_value));
            self.1 += 1;
        } else {
            syn::visit_mut::visit_expr_mut(self, e);
        }
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
