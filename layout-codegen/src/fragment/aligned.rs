//! `align = BYTES`: the body's raw pointer at column 0 of every row is a multiple of `BYTES`,
//! so each group of `BYTES / size_of::<T>()` adjacent elements whose first column is a
//! multiple of the group's width moves as one access of `AlignBYTES<[T; N]>`
//! (`layout_core::generated::Align8`), which the backend issues as one vector access
//! (`STG.E.64` for two `f32`) where nothing else tells it that a pair's address is aligned.
//! [`Groups::of`] decides it (the plan's data), [`Groups::body`] writes the body's access for
//! a group, [`Groups::asserts`] the debug build's checks of the declaration. Worked for
//! `SM80_16x8x16_F32_C`, `align = 8` and `|row, col, value| unsafe { *d.add(row * ld + col) =
//! alpha * value }` with `d: *mut f32`:
//!
//! ```text
//! let __fl_b = ((__fl_thread / 4) as usize) * ld + ((__fl_thread % 4) as usize * 2);
//! debug_assert!(d.wrapping_add(__fl_b) as usize % 8 == 0, ..);   // the declaration, checked
//! debug_assert!(__fl_k % 2 == 0, ..);                              // in debug builds only
//! unsafe { (*d.add(__fl_b).cast::<Align8<[f32; 2]>>()).0 = [alpha * __fl_f[0], alpha * __fl_f[1]] };
//! unsafe { (*d.add(__fl_b + 8 * __fl_k).cast::<Align8<[f32; 2]>>()).0 = [alpha * __fl_f[2], alpha * __fl_f[3]] };
//! ```
//!
//! Why it is the same program: the groups are those `vector = N` takes
//! ([`vector_error`] passes: `N` adjacent columns of one
//! row starting at a column that is a multiple of `N`, for every thread), so each group's
//! address is the declared-aligned row start plus a multiple of `BYTES`; the group's access
//! covers exactly the `N` elements the body's `N` calls reach, and the stored value has no
//! effect and cannot panic ([`Access::stored`](super::access::Access::stored)), so computing
//! the `N` values before the one store is the same.

use super::access::{Access, Via};
use super::affine;
use super::ast::{Fragment, Mode};
use super::known::Known;
use super::straight::lex;
use layout_core::generated::vector_error;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, ToTokens};
use syn::Expr;

/// The plan's grouping for `align = BYTES`: the bytes, the elements a group (`width`, 2 or
/// more), and the pointer's element type.
pub struct Groups {
    pub bytes: usize,
    pub width: usize,
    pub elem: syn::Type,
    /// `BYTES`' literal, where the debug assertions point.
    span: Span,
}

/// The size in bytes of a primitive type named `ty`, where it is one whose size is the same on
/// every target (not `usize` or `isize`).
fn primitive_size(ty: &syn::Type) -> Option<usize> {
    let syn::Type::Path(p) = ty else { return None };
    let name = p
        .path
        .get_ident()
        .filter(|_| p.qself.is_none())?
        .to_string();
    Some(match name.as_str() {
        "u8" | "i8" | "bool" => 1,
        "u16" | "i16" | "f16" => 2,
        "u32" | "i32" | "f32" | "char" => 4,
        "u64" | "i64" | "f64" => 8,
        "u128" | "i128" | "f128" => 16,
        _ => return None,
    })
}

/// The element type of a raw pointer type `*mut T` or `*const T`, under parentheses.
fn pointee(ty: &syn::Type) -> Option<&syn::Type> {
    match ty {
        syn::Type::Ptr(p) => Some(&p.elem),
        syn::Type::Paren(p) => pointee(&p.elem),
        syn::Type::Group(g) => pointee(&g.elem),
        _ => None,
    }
}

impl Groups {
    /// The grouping `align = BYTES` asks of `f`, or the error saying why it cannot be: the
    /// body must move one element through a raw pointer parameter of a primitive type
    /// (`*d.add(INDEX) = VALUE`, `.write(VALUE)`, `*d.add(INDEX)`, `.read()`), the layout a
    /// catalog one whose elements are adjacent in aligned groups of `BYTES / size_of::<T>()`,
    /// and a literal stride a multiple of the group. `Ok(None)` without `align`.
    pub fn of(
        f: &Fragment,
        known: Option<&Known>,
        access: Option<&Access>,
    ) -> Result<Option<Groups>, syn::Error> {
        let Some((bytes, lit)) = &f.args.align else {
            return Ok(None);
        };
        let bytes = *bytes;
        let err = |msg: String| syn::Error::new(lit.span(), msg);
        if f.args.shared.is_some() {
            return Groups::shared(f, known, (bytes, lit)).map(Some);
        }
        let shape = "`align` groups the elements of a body that moves one element through a raw pointer parameter: `*d.add(INDEX) = VALUE`, `d.add(INDEX).write(VALUE)`, `*d.add(INDEX)` or `d.add(INDEX).read()`";
        let a = access.filter(|a| a.via == Via::Add && a.op.is_none());
        let (Some(a), Some(k)) = (a, known) else {
            return Err(err(format!(
                "{shape}, with a catalog layout the macro knows by name"
            )));
        };
        let elem = match &a.base {
            Expr::Path(p) => p.path.get_ident().and_then(|b| f.parameter_type(b)),
            _ => None,
        }
        .and_then(pointee)
        .filter(|_| plain_pointer(f.body, f.args.mode == Mode::Scatter))
        .ok_or_else(|| err(format!("{shape}, with no cast")))?;
        let (size, width) = width(elem, bytes, Some(k), &err)?;
        let ty = elem.to_token_stream().to_string();
        if let Some(stride) = literal_stride(a) {
            if stride % width != 0 {
                return Err(err(format!("`align = {bytes}` needs every row start {bytes}-byte aligned, and the row stride of {stride} `{ty}` is {} bytes, not a multiple of {bytes}", stride * size)));
            }
        }
        if f.args.mode == Mode::Scatter && !in_place(f, a) {
            return Err(err("`align` takes the value untyped (`|row, col, value|`), stored without reading `row` or `col`".to_string()));
        }
        Ok(Some(Groups {
            bytes,
            width,
            elem: elem.clone(),
            span: lit.span(),
        }))
    }

    /// [`Groups::of`] a `shared = LAYOUT` body, `*BASE.add(OFFSET) = VALUE` (or the other
    /// forms) with `OFFSET` the offset parameter itself: the groups must be adjacent in the
    /// layout too, which the generated code checks at compile time ([`Groups::shared_check`]).
    fn shared(
        f: &Fragment,
        known: Option<&Known>,
        (bytes, lit): (usize, &syn::LitInt),
    ) -> Result<Groups, syn::Error> {
        let err = |msg: String| syn::Error::new(lit.span(), msg);
        let scatter = f.args.mode == Mode::Scatter;
        let offset = affine::param_ident(f.params[0].pat);
        let shape = "`align` with `shared` groups the elements of a body that moves one element through a raw pointer parameter at the offset: `*smem.add(offset) = value`, `smem.add(offset).write(value)`, `*smem.add(offset)` or `smem.add(offset).read()`";
        let mut body = f.body.clone();
        let located = super::access::locate(&mut body, scatter)
            .filter(|l| l.via == Via::Add && l.op.is_none() && !f.escapes)
            .filter(|l| {
                offset.is_some_and(|o| matches!(&*l.index, Expr::Path(p) if p.path.is_ident(o)))
            })
            .map(|l| (l.base.clone(), l.rhs.cloned()));
        let (base, rhs) = located.ok_or_else(|| err(shape.to_string()))?;
        let elem = match &base {
            Expr::Path(p) => p.path.get_ident().and_then(|b| f.parameter_type(b)),
            _ => None,
        }
        .and_then(pointee)
        .filter(|_| plain_pointer(f.body, scatter))
        .ok_or_else(|| err(format!("{shape}, with no cast")))?;
        let (_, width) = width(elem, bytes, known, &err)?;
        let value_ok = match (scatter, f.params.get(1)) {
            (true, Some(p)) => {
                p.ty.is_none()
                    && !rhs.is_some_and(|r| affine::mentions(r.to_token_stream(), offset))
            }
            _ => true,
        };
        if !value_ok {
            return Err(err("`align` takes the value untyped (`|offset, value|`), stored without reading `offset`".to_string()));
        }
        Ok(Groups {
            bytes,
            width,
            elem: elem.clone(),
            span: lit.span(),
        })
    }

    /// With `shared`, the compile-time check that each group is adjacent and aligned in the
    /// shared tile for every thread (`shared_vector_error_with`, `vector = N`'s check), and
    /// that the numeral's groups are (`vector_error`), as an error on `BYTES`.
    pub fn shared_check(&self, layout: &str) -> TokenStream {
        let (bytes, width) = (self.bytes, self.width);
        let w = proc_macro2::Literal::usize_unsuffixed(width);
        let w32 = proc_macro2::Literal::u32_unsuffixed(width as u32);
        let numeral = format!(
            "`align = {bytes}` groups {width} elements an access, and the numeral does not keep a thread's elements adjacent and aligned in groups of {width}: remove `align`"
        );
        let tile = format!(
            "`align = {bytes}` groups {width} elements an access, and `{layout}` does not keep every thread's groups adjacent and aligned (its swizzle or padding splits them): remove `align`, or swizzle whole groups"
        );
        quote::quote_spanned! {self.span=>
            const _: () = if ::fraglayout::generated::vector_error(&__FL_NUMERAL, #w).is_some() {
                ::core::panic!(#numeral)
            } else if ::fraglayout::generated::shared_vector_error_with(
                &__FL_NUMERAL, &__FL_SHARED, #w32, "", __FL_SHARED_AT, &__FL_THREADS,
            ).is_some() {
                ::core::panic!(#tile)
            };
        }
    }

    /// With `shared`, the debug build's check that the body's pointer is `BYTES`-aligned
    /// (every group's offset being a multiple of the group, [`Groups::shared_check`]).
    pub fn shared_assert(&self, f: &Fragment) -> Option<TokenStream> {
        let mut body = f.body.clone();
        let base = super::access::locate(&mut body, f.args.mode == Mode::Scatter)?
            .base
            .clone();
        let b = proc_macro2::Literal::usize_unsuffixed(self.bytes);
        let text = format!(
            "`align = {}`: the shared tile's pointer is at {{:#x}}, not a multiple of {} bytes",
            self.bytes, self.bytes
        );
        let span = self.span;
        Some(quote::quote_spanned! {span=>
            ::core::debug_assert!(#base as usize % #b == 0, #text, #base as usize);
        })
    }

    /// The elements a group.
    pub fn width(&self) -> usize {
        self.width
    }

    /// A shared group's access: the body's with each read of the value one element's,
    /// `[V(frag[e]), V(frag[e + 1])]`, and its index the offset as written.
    pub fn shared_access(&self, f: &Fragment, values: &[TokenStream]) -> Option<TokenStream> {
        let scatter = f.args.mode == Mode::Scatter;
        let body = self.body(f.body, scatter)?;
        let offset = affine::param_ident(f.params[0].pat)?;
        let mut rhs = None;
        if scatter {
            let value = affine::param_ident(f.params.get(1)?.pat)?;
            let mut b = f.body.clone();
            let located = super::access::locate(&mut b, true)?;
            let r = located.rhs?.clone();
            let each = values.iter().map(|v| {
                let mut r = r.clone();
                let mut put = Put(value, v);
                syn::visit_mut::VisitMut::visit_expr_mut(&mut put, &mut r);
                r.to_token_stream()
            });
            rhs = Some(quote!([#(#each),*]));
        }
        let text = body.to_token_stream();
        Some(fill(text, &offset.to_token_stream(), rhs.as_ref()))
    }

    /// The error for groups the plan does not take: `strategy` generates the body, the
    /// pointer strategy having been refused for `why`.
    pub fn unused(&self, strategy: &str, why: &str) -> syn::Error {
        syn::Error::new(
            self.span,
            format!("`align = {}` groups the accesses of the pointer strategy, and this body takes the {strategy} strategy: {why}", self.bytes),
        )
    }

    /// The aligned type of a group, `::fraglayout::generated::AlignB<[T; N]>`, and its
    /// constructor's path.
    fn ty(&self) -> (TokenStream, TokenStream) {
        let name = format_ident!("Align{}", self.bytes);
        let (elem, n) = (
            &self.elem,
            proc_macro2::Literal::usize_unsuffixed(self.width),
        );
        let path = quote!(::fraglayout::generated::#name);
        (quote!(#path<[#elem; #n]>), path)
    }

    /// The body's access for a group, with the holes of `pointer.rs`'s template: `*PTR = VALUE`
    /// as `(*PTR.cast::<G>()).0 = __fl_value`, `PTR.write(VALUE)` as
    /// `PTR.cast::<G>().write(G(__fl_value))`, a gather's `*PTR` as `(*PTR.cast::<G>()).0` and
    /// `PTR.read()` as `PTR.cast::<G>().read().0`; `PTR`'s index the hole `__fl_index`. `None`
    /// where the body is not one [`Groups::of`] takes.
    pub fn body(&self, body: &Expr, scatter: bool) -> Option<Expr> {
        let mut body = body.clone();
        let (g, make) = self.ty();
        let e = descend(&mut body)?;
        let rewritten: Expr = match &*e {
            Expr::Assign(a) if scatter => {
                let ptr = deref_pointer(&a.left)?;
                syn::parse_quote!((*#ptr.cast::<#g>()).0 = __fl_value)
            }
            Expr::MethodCall(m) if scatter && m.method == "write" => {
                let ptr = add_call(&m.receiver)?;
                syn::parse_quote!(#ptr.cast::<#g>().write(#make(__fl_value)))
            }
            Expr::MethodCall(m) if !scatter && m.method == "read" => {
                let ptr = add_call(&m.receiver)?;
                syn::parse_quote!(#ptr.cast::<#g>().read().0)
            }
            e if !scatter => {
                let ptr = deref_pointer(e)?;
                syn::parse_quote!((*#ptr.cast::<#g>()).0)
            }
            _ => return None,
        };
        *e = rewritten;
        Some(body)
    }

    /// The debug build's checks of the declaration, after the thread's base index `__fl_b`:
    /// the thread's first element is `BYTES`-aligned, and a stride the macro does not know is
    /// a multiple of the group. Nothing in a release build.
    pub fn asserts(&self, base: &Expr, stride: Option<TokenStream>) -> TokenStream {
        let (bytes, width) = (self.bytes, self.width);
        let (b, w) = (
            proc_macro2::Literal::usize_unsuffixed(bytes),
            proc_macro2::Literal::usize_unsuffixed(width),
        );
        let at = format!(
            "`align = {bytes}`: the thread's first element is at {{:#x}}, not a multiple of {bytes} bytes"
        );
        let stride = stride.map(|k| {
            let text = format!(
                "`align = {bytes}`: the row stride, {{}} elements, is not a multiple of {width}, so a row start is not {bytes}-byte aligned"
            );
            quote!(::core::debug_assert!((#k) % #w == 0, #text, #k);)
        });
        let span = self.span;
        let base = quote::quote_spanned!(span=> #base);
        quote! {
            ::core::debug_assert!(
                #base.wrapping_add(__fl_b) as usize % #b == 0, #at, #base.wrapping_add(__fl_b) as usize
            );
            #stride
        }
    }
}

/// The stride `K` where it is an integer literal, or 1 for a bare `row` (`row + col`).
fn literal_stride(a: &Access) -> Option<usize> {
    match &a.affine.as_ref()?.k {
        None => Some(1),
        Some((
            Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(i),
                ..
            }),
            _,
        )) => i.base10_parse().ok(),
        Some(_) => None,
    }
}

/// Whether a scatter's value is an untyped name and the stored value reads neither `row` nor
/// `col`: each element's value is then put in where the body reads it.
fn in_place(f: &Fragment, a: &Access) -> bool {
    let untyped = f.params.get(2).is_some_and(|p| p.ty.is_none());
    let coords = f.params[..2]
        .iter()
        .filter_map(|q| affine::param_ident(q.pat));
    untyped
        && !a
            .rhs
            .as_ref()
            .is_some_and(|rhs| affine::mentions(rhs.to_token_stream(), coords))
}

/// Whether the body's access is one [`Groups::body`] rewrites: the pointer `BASE.add(INDEX)`
/// with no cast.
fn plain_pointer(body: &Expr, scatter: bool) -> bool {
    Groups {
        bytes: 2,
        width: 2,
        elem: syn::parse_quote!(u8),
        span: Span::call_site(),
    }
    .body(body, scatter)
    .is_some()
}

/// The one expression inside the body's blocks, `unsafe` blocks and parentheses.
fn descend(e: &mut Expr) -> Option<&mut Expr> {
    let wrapped = match &*e {
        Expr::Block(b) => b.attrs.is_empty() && b.label.is_none(),
        Expr::Unsafe(u) => u.attrs.is_empty(),
        Expr::Paren(p) => p.attrs.is_empty(),
        _ => false,
    };
    if !wrapped {
        return Some(e);
    }
    match e {
        Expr::Block(b) => one_stmt(&mut b.block),
        Expr::Unsafe(u) => one_stmt(&mut u.block),
        Expr::Paren(p) => descend(&mut p.expr),
        _ => None,
    }
}

/// The one expression of a block.
fn one_stmt(b: &mut syn::Block) -> Option<&mut Expr> {
    match &mut b.stmts[..] {
        [syn::Stmt::Expr(e, _)] => descend(e),
        _ => None,
    }
}

/// `PTR` of `*PTR` (under parentheses), `PTR` being [`add_call`].
fn deref_pointer(e: &Expr) -> Option<TokenStream> {
    match affine::unparen(e) {
        Expr::Unary(u) if u.attrs.is_empty() && matches!(u.op, syn::UnOp::Deref(_)) => {
            add_call(&u.expr)
        }
        _ => None,
    }
}

/// `BASE.add(__fl_index)` for `BASE.add(INDEX)` under parentheses, `BASE` a name.
fn add_call(e: &Expr) -> Option<TokenStream> {
    match affine::unparen(e) {
        Expr::MethodCall(m)
            if m.attrs.is_empty()
                && m.turbofish.is_none()
                && m.method == "add"
                && m.args.len() == 1 =>
        {
            let base = match &*m.receiver {
                Expr::Path(p) if p.qself.is_none() && p.path.get_ident().is_some() => p,
                _ => return None,
            };
            lex("__fl_index").map(|hole| quote!(#base.add(#hole)))
        }
        _ => None,
    }
}

/// The bytes of `elem` and the elements of an `align = bytes` group, refused where the size is
/// unknown, a group holds one element, or (for a catalog layout, `known`) the numeral's
/// elements are not adjacent and aligned in groups that wide.
fn width(
    elem: &syn::Type,
    bytes: usize,
    known: Option<&Known>,
    err: &dyn Fn(String) -> syn::Error,
) -> Result<(usize, usize), syn::Error> {
    let ty = elem.to_token_stream().to_string();
    let size = primitive_size(elem).ok_or_else(|| {
        err(format!("`align` needs the size of the pointer's element type `{ty}`: a primitive of fixed size (`f32`, `u16`, `f64`, ...)"))
    })?;
    let width = bytes / size;
    if width < 2 {
        return Err(err(format!("`align = {bytes}` holds {} `{ty}` of {size} bytes: an access of adjacent elements needs `align = {}` or more", width, 2 * size)));
    }
    let Some(k) = known else {
        return Ok((size, width));
    };
    let n = k.numeral();
    let widest = (0..)
        .map(|p| 1usize << p)
        .take_while(|&w| w <= n.elements as usize && vector_error(n, w).is_none())
        .last()
        .unwrap_or(1);
    if width > widest {
        let fix = match widest {
            1 => "remove `align`".to_string(),
            w => format!("use `align = {}`", w * size),
        };
        return Err(err(format!("`align = {bytes}` groups {width} `{ty}` an access, and numeral `{}` keeps a thread's elements adjacent and aligned in groups of {widest} at most: {fix}", n.name)));
    }
    Ok((size, width))
}

/// Each read of the value (a path that is its name) replaced by an element's tokens.
struct Put<'a>(&'a syn::Ident, &'a TokenStream);

impl syn::visit_mut::VisitMut for Put<'_> {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        let read = matches!(&*e, Expr::Path(p) if p.qself.is_none() && p.path.is_ident(self.0));
        if read {
            *e = Expr::Verbatim(self.1.clone());
        } else {
            syn::visit_mut::visit_expr_mut(self, e);
        }
    }
}

/// `tokens` with the holes `__fl_index` and `__fl_value` filled.
fn fill(tokens: TokenStream, index: &TokenStream, value: Option<&TokenStream>) -> TokenStream {
    use proc_macro2::{Group, TokenTree};
    tokens
        .into_iter()
        .flat_map(|t| -> Vec<TokenTree> {
            match t {
                TokenTree::Ident(i) if i == "__fl_index" => index.clone().into_iter().collect(),
                TokenTree::Ident(i) if i == "__fl_value" => {
                    value.cloned().unwrap_or_default().into_iter().collect()
                }
                TokenTree::Group(g) => {
                    let mut n = Group::new(g.delimiter(), fill(g.stream(), index, value));
                    n.set_span(g.span());
                    vec![TokenTree::Group(n)]
                }
                t => vec![t],
            }
        })
        .collect()
}
