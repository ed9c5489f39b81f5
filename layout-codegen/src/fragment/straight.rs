//! Straight-line code for a catalog layout the macro [knows](Known) and a body whose index is
//! affine in `row` ([`affine::Affine`]) over a slice parameter: every element's reach is known
//! at expansion time, so the code is written as a skilled engineer writes it by hand, with no
//! closure, no table and no thread-part type. Worked for `SM90_64x16x16_F32_C` and
//! `out[row * LD + col] = value` (`__fl_thread`: the thread index, checked below 128):
//!
//! ```text
//! let __fl_t = __fl_thread as usize;
//! let __fl_b = (__fl_t / 4 % 8 + __fl_t / 32 * 16) * LD + (__fl_t % 4 * 2); // INDEX at the corner
//! let __fl_f = frag;                                        // the fragment, under the macro's name
//! let __fl_s = &mut out[__fl_b..__fl_b + 8 * LD + 10];      // the footprint: one reach
//! __fl_s[0] = __fl_f[0];
//! __fl_s[1] = __fl_f[1];
//! __fl_s[8 * LD] = __fl_f[2];
//! ...
//! __fl_s[8 * LD + 9] = __fl_f[7];
//! ```
//!
//! A run-time stride `ld` (a parameter) is bound once, `let __fl_k: usize = ld;`, and the
//! offsets read `__fl_k` (a constant's name or a literal is written into them as it is,
//! [`Affine::k_text`]); each row run is then a reach of its own, taken once: `let __fl_i1 =
//! __fl_b + 8 * __fl_k; let __fl_s = &mut out[__fl_i1..__fl_i1 + 10];` then its stores. The
//! numbers are [`Numeral::reaches`]' and [`Numeral::thread_terms`]', the values the closure
//! path (`expand.rs`, `shared_reach`) reads from `__FL_REACH` and `__FL_TERMS`, and each offset
//! is that path's arithmetic with them put in (`8 * __fl_k` where it computes
//! `__fl_r.place.0 * ld`), terms that are 0 left out: the code computes the same numbers,
//! overflows where that path would, and the optimizer ends with the same machine code.
//! Type-checking a call of the element closure cost more than the whole element written out
//! (issue 17; docs/PERFORMANCE.md, compile time).
//!
//! Semantics: the thread's base index is evaluated once, first, as the closure
//! path does for the bodies taken here (a gather, and a scatter whose stored value is
//! [`inert`](affine::inert)); the reaches are taken in order of first use, each once, and a
//! scatter stores each reach's elements (in element order) after its slice, as a skilled
//! engineer writes row by row; so an index past the end of the buffer panics exactly when the
//! closure path would panic at some element, and which stores happen before it is not part of
//! the contract (docs/GUIDE.md, "Panics"). Where two elements share a cell (a row stride below the
//! tile's width) the later reach's store lands last. The closure path
//! slices once per element: the same for a slice or an array, whose indexing is the
//! language's, so the base must be a parameter of such a type. The stored value is the
//! fragment's element itself where the body stores its untyped `value` (`__fl_s[1] =
//! __fl_f[1];`); any other stored value gets the bindings it names (`value`, then `row` and
//! `col`, as the closure binds them) in a block of its own.
//!
//! With `bounds(ROWS, COLS)` the counts are taken once (`__fl_rows`, `__fl_cols`: `usize`,
//! saturating) and compared with the tile's as they are, as a skilled engineer writes it (`if
//! __fl_rows >= 16 && __fl_cols >= 8`), which takes the code above for a whole tile, its
//! thread digits [widened](Digits) (`(__fl_thread % 4) as usize * 2`). A partial tile names
//! the thread part (`let (__fl_row, __fl_col) = (..);`) and ([`from_base`]) takes the
//! same base and stride where the thread's corner is inside the extent, and each element
//! inside it at its constant offset from the base, tested only on the sides it moves away from
//! the corner (a gather's element outside is the fill value); a scatter of another stored value
//! goes element by element as the closure path does, each element at `(__fl_row + r, __fl_col
//! + c)` with its numbers written in.
//!
//! Not taken (the closure path stays; a body through a raw pointer: `pointer.rs`):
//! `vector = N`, a numeral with a band (`thread_wrap` not 0; no catalog layout has one), a
//! scatter whose stored value is not inert (it may change what the index reads, so the base is
//! evaluated per element after it), a base that is not a slice or array parameter (a type of
//! the user's may count its `index_mut` calls, `tests/tests/pairing.rs` does), a base naming a
//! closure parameter or the fragment, and a stride that is not one name or number (a field
//! may go through a user's `Deref`; `a * b` is evaluated differently once bound).

extern crate proc_macro;

use super::access::{self, Access};
use super::affine::{self, Affine};
use super::ast::{Fragment, Mode};
use super::emit::{
    assemble, bounded as bounded_code, coordinate_bindings, fill_value, guarded_element,
};
use super::known::{Known, MOST};
use layout_core::generated::{Reach, Reaches, ThreadTerm};
use layout_core::Numeral;
use proc_macro2::{TokenStream, TokenTree};
use quote::{quote, ToTokens};

/// The straight-line elements of `f` (the body's pattern `p`, the known layout `k`), to run
/// where the thread index `__fl_thread` (a `u32` below the thread count) is in scope: a
/// scatter's stores, or the array a gather returns. `None` where the closure path stays (see
/// the module docs).
///
/// The code made only of the macro's own names and numbers is written as text and lexed once
/// (a proc macro builds tokens one by one through the compiler, which cost more than the
/// compiler then spends on the code); the user's tokens (the base, the index, the stride, a
/// stored value other than `value`) keep their spans.
pub fn body(
    f: &Fragment,
    p: &Access,
    k: &Known,
    elements: usize,
) -> Result<TokenStream, &'static str> {
    let stored = refusal(f, p, k, elements)?;
    generate(f, p, k, elements, stored).ok_or("the macro's own text did not lex")
}

/// Why straight-line code is not taken for `f` (see the module docs); else the stored value
/// of a scatter (`None` for a gather).
fn refusal<'p>(
    f: &Fragment,
    p: &'p Access,
    k: &Known,
    elements: usize,
) -> Result<Option<&'p syn::Expr>, &'static str> {
    let a = p
        .affine
        .as_ref()
        .ok_or("the index is not affine in `row` and `col`")?;
    let n = k.numeral();
    if f.args.vector.is_some() {
        return Err("`vector = N` bodies go through a raw pointer");
    }
    p.offsets_hold(f, n, elements)?;
    if n.thread_wrap() != 0 {
        return Err("a thread digit straddles rows (a band)");
    }
    if elements == 0 || elements > MOST {
        return Err("no elements, or more than the macro writes out");
    }
    if !a.k.as_ref().is_none_or(|(k, _)| single(k)) {
        return Err("the row stride is not one name or number");
    }
    // The base is evaluated outside the bindings: it must not name what they bind.
    let names = f
        .params
        .iter()
        .map(|q| affine::param_ident(q.pat))
        .collect::<Option<Vec<_>>>()
        .ok_or("a closure parameter is a pattern, not a name")?;
    let base = p.base.to_token_stream();
    if affine::mentions(base, names.iter().copied().chain(f.fragment)) {
        return Err("the base names a closure parameter or the fragment");
    }
    if !f.slice_base(&p.base) {
        return Err("the base is not a slice, array or `Vec` parameter");
    }
    p.stored(f)
}

/// The straight-line code of a body [`refusal`] takes.
fn generate(
    f: &Fragment,
    p: &Access,
    k: &Known,
    elements: usize,
    stored: Option<&syn::Expr>,
) -> Option<TokenStream> {
    let a = p.affine.as_ref()?;
    let n = k.numeral();
    let reaches = Table::of(n, footprint_slice(a.footprint, elements), elements);
    // A partial tile reads each element's coordinates from the named thread part.
    let bounded = f.args.bounds.is_some();
    let named = stored.is_some_and(|rhs| coordinates_read(f, rhs));
    let code = match stored {
        Some(rhs) => scatter(f, p, a, &reaches, elements, rhs)?,
        None => gather(f, p, a, &reaches, elements)?,
    };
    if !bounded {
        let mut out = head(f, n, (reaches.low, Digits::FromUsize), named, &p.index, a)?;
        out.extend(code);
        return Some(out.into_iter().collect());
    }
    // `bounds`: the extent first; a whole tile takes the base, the stride and the elements as
    // above (its thread part widened: see `Digits`), a partial one the thread part named,
    // then each element inside the extent from the same base (or, where that does not apply,
    // each element at its coordinates).
    let whole = head(f, n, (reaches.low, Digits::Widened), named, &p.index, a)?;
    let mut out = head(f, n, (reaches.low, Digits::FromUsize), true, &p.index, a)?;
    let thread = out.remove(0);
    let based = match stored {
        Some(rhs) if !is_plain(f, rhs) => None,
        _ => from_base(f, p, a, &reaches, elements, &out),
    };
    let whole: TokenStream = whole.into_iter().chain(code).collect();
    let partial = match based {
        Some(code) => code,
        None => partial(f, &reaches, elements)?,
    };
    Some(bounded_code(
        f,
        Some((n.rows, n.cols)),
        whole,
        quote!(#thread #partial),
    ))
}

/// Whether the straight-line elements of a body go through one footprint slice (where the
/// layout's footprint is tight): with a constant stride (`constant`: every offset folds), and
/// with a run-time one for at most [`FOOTPRINT_MOST`] elements, where one slice and the
/// elements' own checks cost less than a slice per row. Measured per call (callgrind,
/// docs/PERFORMANCE.md "One call"): the `m16n8k16` C scatter and gather with a run-time `ld`,
/// 20 instructions through the footprint against 28 through its two rows; the A gather (8
/// elements) 42 against 33, the `wgmma m64n256` scatter 409 against 157.
pub(super) fn footprint_slice(constant: bool, elements: usize) -> bool {
    constant || elements <= FOOTPRINT_MOST
}

/// The most elements a run-time stride takes through one footprint slice
/// ([`footprint_slice`]).
const FOOTPRINT_MOST: usize = 4;

/// Whether a scatter stores the fragment's element as it is (its untyped `value`).
fn is_plain(f: &Fragment, rhs: &syn::Expr) -> bool {
    let value = f.params.get(2);
    value.is_some_and(|v| {
        v.ty.is_none() && affine::param_ident(v.pat).is_some_and(|name| is_name(rhs, name))
    })
}

/// A partial tile's elements as a skilled engineer writes them: where element 0 (the thread's
/// corner, `(__fl_row, __fl_col)`) is inside the extent, the base and the stride of the whole
/// tile's code (`head`) and the buffer once as a slice under the macro's name, then each
/// element inside the extent at its constant offset from the base, `__fl_d[__fl_b + 8 *
/// __fl_k + 1]`; where it is not, no element is (every other lies right of or below it), and
/// a scatter stores nothing, a gather returns its fill values:
///
/// ```text
/// if __fl_row < __fl_rows && __fl_col < __fl_cols {
///     let __fl_b = __fl_row * ld + __fl_col;
///     let __fl_k: usize = ld;
///     let __fl_d = &mut out[..];
///     let __fl_f = frag;
///     __fl_d[__fl_b] = __fl_f[0];
///     if __fl_col + 1 < __fl_cols { __fl_d[__fl_b + 1] = __fl_f[1]; }
///     if __fl_row + 8 < __fl_rows { __fl_d[__fl_b + 8 * __fl_k] = __fl_f[2]; }
///     if __fl_row + 8 < __fl_rows && __fl_col + 1 < __fl_cols { __fl_d[__fl_b + 8 * __fl_k + 1] = __fl_f[3]; }
/// }
/// ```
///
/// The same numbers as each element's `INDEX(row, col)` (by [`Affine`], `INDEX(r0, c0) +
/// (r - r0) * K + (c - c0)` exactly), the same accesses in the same order: the base is element
/// 0's index, which the element-by-element code computes first too, and every element's own
/// index is at least it, so an index that overflows does so at the same element. `BASE[..]`
/// is the whole of a slice, array or `Vec` parameter, taken without a check, so each
/// element's index is checked against the same length as `BASE[i]` checks it; the elements
/// are then the macro's own text, lexed once. Only a scatter of the plain `value` and a
/// gather; `None` for a layout whose element 0 is not its corner (no catalog layout), and for
/// a packed gather with a fill value of the user's.
fn from_base(
    f: &Fragment,
    p: &Access,
    a: &Affine,
    reaches: &Table,
    elements: usize,
    head: &[TokenStream],
) -> Option<TokenStream> {
    let mut head: TokenStream = head.iter().cloned().collect();
    let base = &p.base;
    let op = match &p.op {
        Some(op) => op.to_token_stream().to_string(),
        None => "=".to_string(),
    };
    if f.args.mode == Mode::Scatter {
        let frag = f.fragment?;
        head.extend(quote!(let __fl_d = &mut #base[..]; let __fl_f = #frag;));
    } else {
        head.extend(quote!(let __fl_d = &#base[..];));
    }
    let corner = reaches.at[0];
    from_corner(f, reaches, elements, head, |e| {
        let (r, c) = reaches.at[e];
        let off = offset(a, (r - corner.0, c - corner.1));
        let index = format!("__fl_b{}", offset_suffix(&off));
        Some(Code::Text(match f.args.mode {
            Mode::Scatter => format!("__fl_d[{index}] {op} __fl_f[{e}];"),
            _ => format!("__fl_d[{index}]"),
        }))
    })
}

/// ` + OFFSET`, or nothing for the offset `0`.
pub(super) fn offset_suffix(offset: &str) -> String {
    match offset {
        "0" => String::new(),
        o => format!(" + {o}"),
    }
}

/// An element's code for [`from_corner`]: the macro's own text (lexed with its neighbours'),
/// or tokens that keep the user's spans.
pub(super) enum Code {
    Text(String),
    Tokens(TokenStream),
}

impl Code {
    /// The code as tokens.
    fn tokens(self) -> Option<TokenStream> {
        match self {
            Code::Text(t) => lex(&t),
            Code::Tokens(t) => Some(t),
        }
    }
}

/// A partial tile's elements from the thread's corner, `(__fl_row, __fl_col)` plus element
/// 0's part, shared with `pointer.rs`: where the corner is inside the extent, `head` (the base
/// and the stride) and each element inside it, `element(e)` (a scatter's statement, a
/// gather's value), tested only on the sides it lies beyond the corner on; where it is not, no
/// element is (every other lies right of or below it), and a gather returns its fill values.
/// A scatter's run of text elements is lexed at once. `None` for a layout whose element 0 is
/// not its corner (no catalog layout), and for a packed gather with a fill value of the
/// user's.
pub(super) fn from_corner(
    f: &Fragment,
    table: &Table,
    elements: usize,
    head: TokenStream,
    element: impl Fn(usize) -> Option<Code>,
) -> Option<TokenStream> {
    let corner = table.at[0];
    let at = &table.at[..elements];
    if corner != table.low || at.iter().any(|&(r, c)| r < corner.0 || c < corner.1) {
        return None;
    }
    let guard = lex(&format!(
        "{} < __fl_rows && {} < __fl_cols",
        plus("__fl_row", corner.0),
        plus("__fl_col", corner.1)
    ))?;
    // `__fl_row + 8 < __fl_rows && __fl_col + 1 < __fl_cols`: the sides element `e` lies
    // beyond the corner on; empty for the corner itself.
    let inside = |e: usize| {
        let (r, c) = at[e];
        let mut tests = Vec::new();
        if r > corner.0 {
            tests.push(format!("{} < __fl_rows", plus("__fl_row", r)));
        }
        if c > corner.1 {
            tests.push(format!("{} < __fl_cols", plus("__fl_col", c)));
        }
        tests.join(" && ")
    };
    if f.args.mode == Mode::Scatter {
        let mut text = String::new();
        let mut each = Vec::new();
        for e in 0..elements {
            let test = inside(e);
            match element(e)? {
                Code::Text(code) if test.is_empty() => text.push_str(&code),
                Code::Text(code) => text.push_str(&format!("if {test} {{ {code} }}")),
                Code::Tokens(code) => {
                    each.push(lex(&std::mem::take(&mut text))?);
                    each.push(match test.is_empty() {
                        true => code,
                        false => {
                            let test = lex(&test)?;
                            quote!(if #test { #code })
                        }
                    });
                }
            }
        }
        each.push(lex(&text)?);
        return Some(quote!(if #guard { #head #(#each)* }));
    }
    let fill = fill_value(f);
    let each = (0..elements).map(|e| {
        let (code, test) = (element(e)?.tokens()?, inside(e));
        Some(match test.is_empty() {
            true => code,
            false => {
                let test = lex(&test)?;
                quote!(if #test { #code } else { #fill })
            }
        })
    });
    let each = each.collect::<Option<Vec<_>>>()?;
    let read = assemble(f, &each);
    let outside = match (f.args.mode, &f.args.fill) {
        // Registers of two zeros: zeros (a fill value of the user's alone would have no type
        // here to pack by; the element-by-element code takes it).
        (Mode::GatherPacked, None) => {
            let len = proc_macro2::Literal::usize_unsuffixed(f.len);
            quote!([0; #len])
        }
        (Mode::GatherPacked, Some(_)) => return None,
        _ => assemble(f, &vec![fill; elements]),
    };
    Some(quote!(if #guard { #head #read } else { #outside }))
}

/// The elements of a partial tile, as the closure path's (`expand.rs`, each element
/// [guarded](guarded_element)), at the coordinates `(__fl_row + r, __fl_col + c)` from the
/// thread part the head named: a scatter's blocks, or a gather's array.
pub(super) fn partial(f: &Fragment, reaches: &Table, elements: usize) -> Option<TokenStream> {
    let blocks = (0..elements)
        .map(|e| {
            let (r, c) = reaches.at[e];
            let at = lex(&format!(
                "({}, {})",
                plus("__fl_row", r),
                plus("__fl_col", c)
            ))?;
            Some(guarded_element(f, e, at))
        })
        .collect::<Option<Vec<_>>>()?;
    Some(match f.args.mode {
        Mode::Scatter => quote!(#(#blocks)*),
        _ => assemble(f, &blocks),
    })
}

/// A scatter's stores in element order, the reach's slice taken again where it changes.
fn scatter(
    f: &Fragment,
    p: &Access,
    a: &Affine,
    reaches: &Table,
    elements: usize,
    rhs: &syn::Expr,
) -> Option<Vec<TokenStream>> {
    let frag = f.fragment?;
    let value = f.params.get(2)?;
    let value_name = affine::param_ident(value.pat)?;
    let op = match &p.op {
        Some(op) => op.to_token_stream().to_string(),
        None => "=".to_string(),
    };
    // `value` itself, untyped: the element is stored as it is read.
    let plain = is_plain(f, rhs);
    let (rhs_tokens, value_text) = (rhs.to_token_stream(), value_name.to_string());
    let needs_value = affine::mentions(rhs_tokens.clone(), [value_name]);
    let needs_coords = coordinates_read(f, rhs);
    // Float arithmetic on `value` (`alpha * value`): `value` read in place, `__fl_f[e]`.
    let pure = !plain && needs_value && !needs_coords && access::float_pure(f, rhs);
    let mut out = Vec::new();
    if plain || pure {
        // The fragment's reference (or array) under the macro's own name, so that the stores
        // are text: a copy of `&[T; N]`; a move of an array or `&mut`, which nothing reads
        // after (the base does not name the fragment).
        out.push(quote!(let __fl_f = #frag;));
    } else if !needs_value {
        // A body that ignores its value: bound once all the same, so that the compiler warns
        // of the unused name as it would in the closure (the read is dead code).
        let (pat, ty) = (&value.pat, value.ty.unwrap_or(f.element_ty));
        out.push(quote!(let #pat: #ty = #frag[0];));
    }
    // Grouped by reach, in order of first use: each reach's slice taken once.
    let ks = reach_numbers(reaches, elements);
    let mut order: Vec<usize> = (0..elements).collect();
    order.sort_by_key(|&e| ks[e]);
    // Stores written as text since the last slice.
    let mut stores = String::new();
    for (i, &e) in order.iter().enumerate() {
        let (k, r) = (ks[e], reaches.reach[e]);
        if i == 0 || ks[order[i - 1]] != k {
            out.push(lex(&std::mem::take(&mut stores))?);
            out.push(slice(p, a, k, &r, "__fl_s", quote!(&mut))?);
        }
        let place = offset(a, r.place);
        if plain {
            stores.push_str(&format!("__fl_s[{place}] {op} __fl_f[{e}];"));
            continue;
        }
        if pure {
            // The macro's text up to the stored value, lexed with the stores before it.
            stores.push_str(&format!("__fl_s[{place}] {op}"));
            out.push(lex(&std::mem::take(&mut stores))?);
            let value = lex(&format!("__fl_f[{e}]"))?;
            out.push(substitute(rhs_tokens.clone(), &[&value_text], &[value]).0);
            stores.push(';');
            continue;
        }
        out.push(lex(&std::mem::take(&mut stores))?);
        let binds = (needs_value, needs_coords);
        out.push(bound_store(f, e, reaches.at[e], binds, (&place, &op), rhs)?);
    }
    out.push(lex(&stores)?);
    Some(out)
}

/// Each element's reach number, the reaches numbered in order of first use.
fn reach_numbers(reaches: &Table, elements: usize) -> Vec<usize> {
    let mut taken: Vec<Reach> = Vec::new();
    (0..elements)
        .map(|e| {
            let r = reaches.reach[e];
            taken
                .iter()
                .position(|t| same_reach(t, &r))
                .unwrap_or_else(|| {
                    taken.push(r);
                    taken.len() - 1
                })
        })
        .collect()
}

/// The store of element `e` (at `at` in the tile) of a stored value `rhs` other than `value`
/// itself: `__fl_s[PLACE] OP RHS;`, in a block with `value` (`binds.0`) and `row` and `col`
/// (`binds.1`) bound as the closure binds them where `rhs` reads them.
fn bound_store(
    f: &Fragment,
    e: usize,
    at: (usize, usize),
    binds: (bool, bool),
    (place, op): (&str, &str),
    rhs: &syn::Expr,
) -> Option<TokenStream> {
    let (frag, value) = (f.fragment?, f.params.get(2)?);
    let value_binding = binds.0.then(|| {
        let (pat, ty) = (&value.pat, value.ty.unwrap_or(f.element_ty));
        let e = proc_macro2::Literal::usize_unsuffixed(e);
        quote!(let #pat: #ty = #frag[#e];)
    });
    let coords = match binds.1 {
        true => Some(element_coordinates(f, at)?),
        false => None,
    };
    let (place, op) = (lex(place)?, lex(op)?);
    Some(match (&value_binding, &coords) {
        // A literal or a constant: nothing to bind.
        (None, None) => quote!(__fl_s[#place] #op #rhs;),
        _ => quote!({ #value_binding #coords __fl_s[#place] #op #rhs; }),
    })
}

/// A gather's array: each distinct reach's slice taken once, in order of first use, then
/// every element read at its place.
fn gather(
    f: &Fragment,
    p: &Access,
    a: &Affine,
    reaches: &Table,
    elements: usize,
) -> Option<Vec<TokenStream>> {
    let mut out = Vec::new();
    let ks = reach_numbers(reaches, elements);
    let mut values = Vec::with_capacity(elements);
    for (e, &k) in ks.iter().enumerate() {
        let r = reaches.reach[e];
        if !ks[..e].contains(&k) {
            out.push(slice(p, a, k, &r, &format!("__fl_s{k}"), quote!(&))?);
        }
        values.push(format!("__fl_s{k}[{}]", offset(a, r.place)));
    }
    let array = match f.args.mode {
        Mode::GatherPacked => {
            let values = values.iter().map(|v| lex(v)).collect::<Option<Vec<_>>>()?;
            assemble(f, &values)
        }
        _ => lex(&format!("[{}]", values.join(", ")))?,
    };
    out.push(array);
    Some(out)
}

/// The numbers of [`Numeral::reaches`] for the elements reached: each element's part and
/// reach, and the thread's corner (the same for every element without a band).
pub(super) struct Table {
    pub(super) at: Vec<(usize, usize)>,
    reach: Vec<Reach>,
    pub(super) low: (usize, usize),
}

impl Table {
    /// `reaches(footprint)` of `n`'s first `elements` (at most [`MOST`]), evaluated at the
    /// least power of two that holds them: the entries of any `Reaches<N>` with `N` at least
    /// `elements` are the same (`known.rs` tests the widest against the exact).
    pub(super) fn of(n: &Numeral, footprint: bool, elements: usize) -> Table {
        fn sized<const N: usize>(n: &Numeral, footprint: bool, elements: usize) -> Table {
            let r: Reaches<N> = n.reaches(footprint);
            Table {
                at: (0..elements).map(|e| r.at(e)).collect(),
                reach: (0..elements).map(|e| r.reach(e)).collect(),
                low: r.low(0),
            }
        }
        match elements {
            0..=8 => sized::<8>(n, footprint, elements),
            9..=32 => sized::<32>(n, footprint, elements),
            33..=128 => sized::<128>(n, footprint, elements),
            _ => sized::<MOST>(n, footprint, elements),
        }
    }
}

/// `let NAME = BORROW BASE[i..i + EXTENT];` for reach number `k`: `i` is the base index where
/// the reach starts at 0, else `__fl_iK`, the base index plus the start, bound here.
fn slice(
    p: &Access,
    a: &Affine,
    k: usize,
    reach: &Reach,
    name: &str,
    borrow: TokenStream,
) -> Option<TokenStream> {
    let base = &p.base;
    let mut head = String::new();
    let start = match offset(a, reach.start).as_str() {
        "0" => "__fl_b".to_string(),
        start => {
            head.push_str(&format!("let __fl_i{k} = __fl_b + {start};"));
            format!("__fl_i{k}")
        }
    };
    let end = format!("{start} + {}", offset(a, reach.extent));
    let (head, name, range) = (lex(&head)?, lex(name)?, lex(&format!("{start}..{end}"))?);
    Some(quote!(#head let #name = #borrow #base[#range];))
}

/// `rows * K + cols` with `K` the stride bound once as `__fl_k` (`8 * __fl_k + 1`), on the side
/// the body writes it, terms that are 0 left out (`0` for none). With `K` absent (`row +
/// col`), the one number `rows + cols`.
pub(super) fn offset(a: &Affine, (rows, cols): (usize, usize)) -> String {
    let row = match &a.k {
        None => return (rows + cols).to_string(),
        Some(_) if rows == 0 => None,
        Some((_, false)) => Some(format!("{rows} * {}", k_name(a))),
        Some((_, true)) => Some(format!("{} * {rows}", k_name(a))),
    };
    match (row, cols) {
        (None, c) => c.to_string(),
        (Some(r), 0) => r,
        (Some(r), c) => format!("{r} + {c}"),
    }
}

/// The stride as the offsets write it: [`Affine::k_text`], or `__fl_k`.
fn k_name(a: &Affine) -> &str {
    a.k_text.as_deref().unwrap_or("__fl_k")
}

/// `name + k`, or `name` for 0.
pub(super) fn plus(name: &str, k: usize) -> String {
    if k == 0 {
        name.to_string()
    } else {
        format!("{name} + {k}")
    }
}

/// How [`thread_part`] writes a digit: from `__fl_t`, the thread as `usize` (`__fl_t % 4 *
/// 2`), or `Widened` from the `u32` thread, the digit widened before its place multiplies it
/// (`(__fl_thread % 4) as usize * 2`).
///
/// The two are the same numbers. `bounds` writes a whole tile's thread part widened and a
/// partial tile's from `__fl_t`: where both branches write it alike, LLVM hoists it above the
/// extent test as `(t << 1) & 6`, which the whole tile's address then adds as it is (`add`,
/// `and`, `add`); widened, the whole tile's `t & 3` folds into its address (`and`, `lea`), as
/// in a skilled engineer's code, one instruction less (docs/PERFORMANCE.md, `scatter4_bounds`).
/// The raw-pointer path (`pointer.rs`) writes a whole tile widened too: on `nvptx64` the
/// `u32` digits let the backend form the address as one wide multiply-add.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Digits {
    FromUsize,
    Widened,
}

/// The thread part's row and column as sums of `__fl_t / D % M * K` (`/ 1`, `% 0` and `* 1`
/// left out; `0` for a side with no term), written as `digits` says: for the `m64nN`
/// accumulators, `("__fl_t / 4 % 8 + __fl_t / 32 * 16", "__fl_t % 4 * 2")`, what
/// [`ThreadTerm::apply`] adds up.
pub(super) fn thread_part(terms: &[ThreadTerm], digits: Digits) -> (String, String) {
    let side = |mul: fn(&ThreadTerm) -> u32| {
        let parts: Vec<String> = terms
            .iter()
            .filter(|t| mul(t) != 0)
            .map(|t| {
                let mut x = match digits {
                    Digits::FromUsize => "__fl_t",
                    Digits::Widened => "(__fl_thread",
                }
                .to_string();
                if t.divisor != 1 {
                    x.push_str(&format!(" / {}", t.divisor));
                }
                if t.modulus != 0 {
                    x.push_str(&format!(" % {}", t.modulus));
                }
                if digits == Digits::Widened {
                    x.push_str(") as usize");
                }
                match mul(t) {
                    1 => x,
                    k => format!("{x} * {k}"),
                }
            })
            .collect();
        if parts.is_empty() {
            "0".to_string()
        } else {
            parts.join(" + ")
        }
    };
    (side(|t| t.row_mul), side(|t| t.col_mul))
}

/// The macro's own code, lexed; `None` if it does not lex (it always does: names, numbers
/// and punctuation written here). Inside a proc macro, by the compiler's lexer directly:
/// `proc_macro2` first lexes the text again with its own lexer, to turn a compiler error on
/// text it did not write into an `Err`, which cost as much as the rest of the expansion.
pub(super) fn lex(text: &str) -> Option<TokenStream> {
    if text.is_empty() {
        return Some(TokenStream::new());
    }
    if proc_macro::is_available() {
        let tokens: proc_macro::TokenStream = text.parse().ok()?;
        return Some(tokens.into());
    }
    text.parse().ok()
}

/// Whether the stride `K` is one value: a name, a literal, a cast or parentheses of one; so
/// that binding it once (`__fl_k`) computes each offset exactly as the closure path does. A
/// product or sum (`a * b`), and a field (which may go through a user's `Deref`), keep the
/// closure path.
pub(super) fn single(k: &syn::Expr) -> bool {
    match k {
        syn::Expr::Path(_) | syn::Expr::Lit(_) => true,
        syn::Expr::Cast(c) => single(&c.expr),
        syn::Expr::Paren(p) => single(&p.expr),
        _ => false,
    }
}

/// Whether a stored value reads the closure's `row` or `col`.
fn coordinates_read(f: &Fragment, rhs: &syn::Expr) -> bool {
    let names = f.params[..2]
        .iter()
        .filter_map(|q| affine::param_ident(q.pat));
    affine::mentions(rhs.to_token_stream(), names)
}

/// The code before the elements, shared with the raw-pointer path (`pointer.rs`): the thread
/// part (from the thread index as `usize`, or [widened](Digits)), the base index `__fl_b` at
/// the corner `low` ([`base_index`]), and the stride `__fl_k` once. The
/// thread part is named (`__fl_row`, `__fl_col`) where `named` (a stored value reads `row` or
/// `col`, which are then bound per element from it); else it goes into the corner alone.
/// `None` if the macro's own text does not lex (it always does).
pub(super) fn head(
    f: &Fragment,
    n: &Numeral,
    (low, digits): ((usize, usize), Digits),
    named: bool,
    index: &syn::Expr,
    a: &Affine,
) -> Option<Vec<TokenStream>> {
    let (row, col) = thread_part(&n.thread_terms()[..n.thread_term_count()], digits);
    let mut text = match digits {
        Digits::FromUsize => "let __fl_t = __fl_thread as usize;".to_string(),
        Digits::Widened => String::new(),
    };
    let (row, col) = match named {
        true => {
            text.push_str(&format!("let (__fl_row, __fl_col) = ({row}, {col});"));
            ("__fl_row".to_string(), "__fl_col".to_string())
        }
        false => (row, col),
    };
    let (row, col) = (plus(&row, low.0), plus(&col, low.1));
    // Pieces joined once at the end: extending a stream by another moves it token by token.
    let mut out = vec![lex(&text)?];
    out.push(base_index(f, (&row, &col), index)?);
    // `K` once, as `usize` (what the closure path's `start.0 * K` makes of it): its tokens are
    // the user's, and the elements' offsets are text.
    if let (Some((stride, _)), None) = (&a.k, &a.k_text) {
        out.push(quote!(let __fl_k: usize = #stride;));
    }
    Some(out)
}

/// `let __fl_b = INDEX;` at the thread's corner `(row, col)` (text): `INDEX` with the
/// closure's `row` and `col` put in where both are untyped names, `(__fl_t / 4) * ld +
/// (__fl_t % 4 * 2)`, as a skilled engineer writes the base (the index is arithmetic of
/// names, literals and casts, [`Affine`], so each name there is the closure's binding); else
/// bound as the closure binds them, `{ let (row, col) = (..); INDEX }`.
fn base_index(f: &Fragment, (row, col): (&str, &str), index: &syn::Expr) -> Option<TokenStream> {
    if let Some(index) = corner_put_in(f, (row, col), index) {
        return Some(quote!(let __fl_b = #index;));
    }
    let corner = lex(&format!("({row}, {col})"))?;
    let corner = coordinate_bindings(f, Some(&corner));
    Some(quote!(let __fl_b = { #(#corner)* #index };))
}

/// `index` with the corner's `row` and `col` (text) put in for the closure's, where both are
/// untyped names that `index`, not a bare name, reads (else the binding stays, and the
/// compiler warns of an unused one as it would in the closure).
fn corner_put_in(f: &Fragment, (row, col): (&str, &str), index: &syn::Expr) -> Option<TokenStream> {
    let r = affine::param_ident(f.params[0].pat)?.to_string();
    let c = affine::param_ident(f.params[1].pat)?.to_string();
    let untyped = f.params[0].ty.is_none() && f.params[1].ty.is_none();
    if !untyped || matches!(index, syn::Expr::Path(_)) {
        return None;
    }
    let put = |text: &str| match text.contains(' ') {
        true => lex(&format!("({text})")),
        false => lex(text),
    };
    let with = [put(row)?, put(col)?];
    let (index, seen) = substitute(index.to_token_stream(), &[&r, &c], &with);
    (seen == [true, true]).then_some(index)
}

/// `row` and `col` bound for an element at `(r, c)` from the thread part the head named
/// (`__fl_row + r`, `__fl_col + c`), as the closure binds them.
pub(super) fn element_coordinates(f: &Fragment, (r, c): (usize, usize)) -> Option<TokenStream> {
    let at = lex(&format!(
        "({}, {})",
        plus("__fl_row", r),
        plus("__fl_col", c)
    ))?;
    let coords = coordinate_bindings(f, Some(&at));
    Some(quote!(#(#[allow(unused_variables)] #coords)*))
}

/// Whether two reaches are one slice (their places differ).
fn same_reach(a: &Reach, b: &Reach) -> bool {
    (a.start, a.extent) == (b.start, b.extent)
}

/// `ts` with every identifier `names[i]` replaced by `with[i]` (in any group), and whether
/// each name was there.
fn substitute(ts: TokenStream, names: &[&str], with: &[TokenStream]) -> (TokenStream, Vec<bool>) {
    fn walk(
        ts: TokenStream,
        names: &[&str],
        with: &[TokenStream],
        seen: &mut [bool],
    ) -> TokenStream {
        let mut trees: Vec<TokenTree> = Vec::new();
        for tt in ts {
            match tt {
                TokenTree::Ident(i) => {
                    let text = i.to_string();
                    match names.iter().position(|n| *n == text) {
                        Some(k) => {
                            seen[k] = true;
                            trees.extend(with[k].clone());
                        }
                        None => trees.push(TokenTree::Ident(i)),
                    }
                }
                TokenTree::Group(g) => {
                    let inner = walk(g.stream(), names, with, seen);
                    let mut group = proc_macro2::Group::new(g.delimiter(), inner);
                    group.set_span(g.span());
                    trees.push(TokenTree::Group(group));
                }
                tt => trees.push(tt),
            }
        }
        trees.into_iter().collect()
    }
    let mut seen = vec![false; names.len()];
    let out = walk(ts, names, with, &mut seen);
    (out, seen)
}

/// Whether `e` is the plain name `name`.
fn is_name(e: &syn::Expr, name: &syn::Ident) -> bool {
    matches!(e, syn::Expr::Path(p) if p.qself.is_none() && p.path.is_ident(name))
}

#[cfg(test)]
mod tests {
    use super::{Table, MOST};
    use layout_core::catalog::CATALOG;
    use layout_core::generated::Reaches;

    /// The table at the least power of two is the widest one's first entries, for every
    /// catalog layout and both paths.
    #[test]
    fn the_sized_tables_are_the_widest() {
        for entry in CATALOG {
            let (n, elements) = (entry.numeral, entry.numeral.elements as usize);
            for footprint in [false, true] {
                let (t, wide): (Table, Reaches<MOST>) =
                    (Table::of(n, footprint, elements), n.reaches(footprint));
                assert_eq!(t.low, wide.low(0), "{}", entry.name());
                for e in 0..elements {
                    let want = (wide.at(e), wide.reach(e), wide.low(e));
                    assert_eq!((t.at[e], t.reach[e], t.low), want, "{} {e}", entry.name());
                }
            }
        }
    }
}
