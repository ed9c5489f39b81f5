//! `fraglayout expand`'s effective code, run: a small interpreter of the Rust it prints
//! (`usize` arithmetic and bit operations, `let`s, blocks, `if`, slices of the buffer, stores
//! and reads, `copy_from_slice`, a raw pointer's `add` and vector casts, the packing calls), so
//! that where the printed code says each thread stores or loads each element is held against
//! the numeral's own coordinates ([`Numeral::coords`]), or a shared tile's offset for them
//! ([`SharedLayout::offset`]), whichever path the macro took to write it. Anything outside that
//! subset is an error, never skipped.
//!
//! A scatter's result is its stores, `(index into the buffer, what)`; a gather's is the array
//! it returns. A matrix's buffer is as short as the tile allows, `(rows - 1) * ld + cols`, and
//! a shared tile's its span, so a slice the code takes past the tile fails, as does a vector
//! past it or not aligned to its width.
//!
//! [`Numeral::coords`]: layout_core::Numeral::coords

use layout_core::shared::SharedLayout;
use layout_core::Numeral;

/// What a store writes, or an element of the array a gather returns.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// `frag[e]`.
    Frag(u64),
    /// The buffer's element at this index.
    Src(u64),
    /// `<T as Fill>::fill()` or `fill_array()`'s element: the value of an element outside.
    Fill,
    /// An integer constant (the `0` a packed gather takes outside the tile).
    Const(u64),
    /// `pack_b16(low, high)`.
    Pair(Box<Item>, Box<Item>),
}

#[derive(Clone, Debug)]
enum Value {
    Int(u64),
    Bool(bool),
    Tuple(Vec<Value>),
    /// A part of the buffer: its start in it, its length.
    Slice(u64, u64),
    /// The fragment array `frag`.
    Frag,
    /// A raw pointer into the buffer (`d`, `d.add(i)`): the index it points at.
    Ptr(u64),
    /// A pointer cast to `*mut [T; N]` or `*const [T; N]`: the index, and `N`.
    VectorPtr(u64, u64),
    Item(Item),
    Array(Vec<Value>),
    Unit,
}

/// The parameters of one call: the thread, the stride (`ld`, or the constant `LD`), the
/// partial tile's `rows` and `cols`, and the buffer's length.
#[derive(Clone, Copy, Debug)]
pub struct Call {
    pub thread: u64,
    pub ld: u64,
    pub rows: u64,
    pub cols: u64,
    pub len: u64,
    /// The fragment's length.
    pub elements: u64,
}

/// What one call did: its stores in order, and the array it returned (a gather).
#[derive(Debug, Default)]
pub struct Outcome {
    pub stores: Vec<(u64, Item)>,
    pub returned: Option<Vec<Item>>,
}

struct Machine<'a> {
    env: Vec<(&'a syn::Ident, Value)>,
    ld: u64,
    /// The buffer's length, for what a raw pointer reaches.
    len: u64,
    out: Outcome,
    elements: u64,
}

type R<T> = Result<T, String>;

fn show(e: &impl quote::ToTokens) -> String {
    e.to_token_stream().to_string()
}

/// Runs `f` (the effective code's function) for `call`.
pub fn run(f: &syn::ItemFn, call: Call) -> R<Outcome> {
    let mut m = Machine {
        env: Vec::new(),
        ld: call.ld,
        len: call.len,
        out: Outcome::default(),
        elements: call.elements,
    };
    for (i, p) in f.sig.inputs.iter().enumerate() {
        let syn::FnArg::Typed(p) = p else {
            return Err("a `self` parameter".into());
        };
        let syn::Pat::Ident(name) = &*p.pat else {
            return Err(format!("parameter `{}`", show(&p.pat)));
        };
        let v = match (i, name.ident.to_string().as_str()) {
            (0, _) => Value::Int(call.thread),
            (_, "frag") => Value::Frag,
            (_, "out" | "src" | "smem") => Value::Slice(0, call.len),
            (_, "d") => Value::Ptr(0),
            (_, "ld") => Value::Int(call.ld),
            (_, "rows") => Value::Int(call.rows),
            (_, "cols") => Value::Int(call.cols),
            _ => return Err(format!("unknown parameter `{}`", name.ident)),
        };
        m.env.push((&name.ident, v));
    }
    match m.block(&f.block)? {
        Value::Unit => {}
        Value::Array(a) => {
            m.out.returned = Some(a.into_iter().map(item).collect::<R<_>>()?);
        }
        other => return Err(format!("the function returns {other:?}")),
    }
    Ok(m.out)
}

/// `v` as an element: an integer is a constant.
fn item(v: Value) -> R<Item> {
    match v {
        Value::Item(i) => Ok(i),
        Value::Int(n) => Ok(Item::Const(n)),
        v => Err(format!("{v:?} is not an element")),
    }
}

impl<'a> Machine<'a> {
    fn block(&mut self, b: &'a syn::Block) -> R<Value> {
        let scope = self.env.len();
        let mut last = Value::Unit;
        for s in &b.stmts {
            last = Value::Unit;
            match s {
                syn::Stmt::Local(l) => {
                    let init = l.init.as_ref().ok_or("a `let` without a value")?;
                    if init.diverge.is_some() {
                        return Err("`let ... else`".into());
                    }
                    let v = self.expr(&init.expr)?;
                    self.bind(&l.pat, v)?;
                }
                syn::Stmt::Expr(e, semi) => {
                    let v = self.expr(e)?;
                    if semi.is_none() {
                        last = v;
                    }
                }
                other => return Err(format!("statement `{}`", show(other))),
            }
        }
        self.env.truncate(scope);
        Ok(last)
    }

    fn bind(&mut self, pat: &'a syn::Pat, v: Value) -> R<()> {
        match (pat, v) {
            (syn::Pat::Ident(p), v) if p.by_ref.is_none() && p.subpat.is_none() => {
                self.env.push((&p.ident, v));
                Ok(())
            }
            (syn::Pat::Type(t), v) => self.bind(&t.pat, v),
            (syn::Pat::Tuple(t), Value::Tuple(vs)) if t.elems.len() == vs.len() => {
                for (p, v) in t.elems.iter().zip(vs) {
                    self.bind(p, v)?;
                }
                Ok(())
            }
            (p, v) => Err(format!("pattern `{}` for {v:?}", show(p))),
        }
    }

    /// The value bound to `name`, innermost first; `LD` unbound is the constant stride.
    fn lookup(&self, name: &syn::Ident) -> R<Value> {
        match self.env.iter().rev().find(|(n, _)| *n == name) {
            Some((_, v)) => Ok(v.clone()),
            None if name == "LD" => Ok(Value::Int(self.ld)),
            None => Err(format!("`{name}` is not bound")),
        }
    }

    fn int(&mut self, e: &'a syn::Expr) -> R<u64> {
        match self.expr(e)? {
            Value::Int(n) => Ok(n),
            v => Err(format!("`{}` is {v:?}, not a number", show(e))),
        }
    }

    fn item(&mut self, e: &'a syn::Expr) -> R<Item> {
        item(self.expr(e)?).map_err(|m| format!("`{}`: {m}", show(e)))
    }

    /// The buffer indices `*p` reaches, `p` a vector pointer: in the buffer and aligned to the
    /// vector.
    fn vector(&mut self, e: &'a syn::Expr) -> R<std::ops::Range<u64>> {
        let syn::Expr::Unary(u) = e else {
            return Err(format!("`{}` is no dereference", show(e)));
        };
        match self.expr(&u.expr)? {
            Value::VectorPtr(at, n) if at % n != 0 => Err(format!(
                "`{}`: index {at} is not aligned to the vector of {n}",
                show(e)
            )),
            Value::VectorPtr(at, n) if at + n > self.len => Err(format!(
                "`{}`: {at}..{} of a buffer of {}",
                show(e),
                at + n,
                self.len
            )),
            Value::VectorPtr(at, n) => Ok(at..at + n),
            v => Err(format!("`{}` dereferences {v:?}", show(e))),
        }
    }

    /// A slice of the buffer, the start of the part `base[..]` indexes and its length.
    fn slice(&mut self, e: &'a syn::Expr) -> R<(u64, u64)> {
        match self.expr(e)? {
            Value::Slice(start, len) => Ok((start, len)),
            v => Err(format!("`{}` is {v:?}, not a slice", show(e))),
        }
    }

    /// The part `base[from..to]` of a slice, as its start in the buffer and its length,
    /// checked to lie in the slice.
    fn range(&mut self, e: &'a syn::Expr) -> R<(u64, u64)> {
        let syn::Expr::Index(ix) = e else {
            return Err(format!("`{}` is no part of a slice", show(e)));
        };
        let syn::Expr::Range(range) = &*ix.index else {
            return Err(format!("`{}` is no part of a slice", show(e)));
        };
        let (start, len) = self.slice(&ix.expr)?;
        let (Some(from), Some(to), syn::RangeLimits::HalfOpen(_)) =
            (&range.start, &range.end, &range.limits)
        else {
            return Err(format!("range `{}`", show(range)));
        };
        let (from, to) = (self.int(from)?, self.int(to)?);
        if from > to || to > len {
            return Err(format!("`{}`: {from}..{to} of a slice of {len}", show(e)));
        }
        Ok((start + from, to - from))
    }

    /// The buffer index `base[index]` reaches, checked against the slice's length.
    fn place(&mut self, base: &'a syn::Expr, index: &'a syn::Expr) -> R<u64> {
        let (start, len) = self.slice(base)?;
        let i = self.int(index)?;
        if i >= len {
            return Err(format!(
                "`{}[{}]`: index {i} of a slice of {len}",
                show(base),
                show(index)
            ));
        }
        Ok(start + i)
    }

    fn expr(&mut self, e: &'a syn::Expr) -> R<Value> {
        use syn::Expr as E;
        Ok(match e {
            E::Lit(l) => match &l.lit {
                syn::Lit::Int(i) => Value::Int(i.base10_parse().map_err(|x| x.to_string())?),
                _ => return Err(format!("literal `{}`", show(l))),
            },
            E::Path(p) if p.qself.is_none() && p.path.get_ident().is_some() => {
                self.lookup(p.path.get_ident().unwrap())?
            }
            E::Paren(p) => self.expr(&p.expr)?,
            E::Group(g) => self.expr(&g.expr)?,
            E::Cast(c) => match (self.expr(&c.expr)?, &*c.ty) {
                (Value::Int(n), _) => Value::Int(n),
                (Value::Ptr(at), syn::Type::Ptr(p)) => match &*p.elem {
                    syn::Type::Array(a) => Value::VectorPtr(at, self.int(&a.len)?),
                    _ => return Err(format!("cast `{}`", show(c))),
                },
                (v, _) => return Err(format!("cast `{}` of {v:?}", show(c))),
            },
            E::Unsafe(u) => self.block(&u.block)?,
            // `smem[a..b].copy_from_slice(&values)`: a store of each value.
            E::MethodCall(m) if m.method == "copy_from_slice" && m.args.len() == 1 => {
                let (start, len) = self.range(&m.receiver)?;
                let Value::Array(values) = self.expr(&m.args[0])? else {
                    return Err(format!("`{}` copies no array", show(m)));
                };
                if values.len() as u64 != len {
                    return Err(format!("`{}`: {} values into {len}", show(m), values.len()));
                }
                for (i, v) in (start..start + len).zip(values) {
                    self.out.stores.push((i, item(v)?));
                }
                Value::Unit
            }
            E::MethodCall(m) if m.method == "add" && m.args.len() == 1 => {
                match self.expr(&m.receiver)? {
                    Value::Ptr(at) => Value::Ptr(at + self.int(&m.args[0])?),
                    v => return Err(format!("`{}` on {v:?}", show(m))),
                }
            }
            E::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => {
                Value::Array(self.vector(e)?.map(|i| Value::Item(Item::Src(i))).collect())
            }
            E::Block(b) if b.label.is_none() => self.block(&b.block)?,
            E::Tuple(t) => Value::Tuple(
                t.elems
                    .iter()
                    .map(|x| self.expr(x))
                    .collect::<R<Vec<_>>>()?,
            ),
            E::Array(a) => Value::Array(a.elems.iter().map(|x| self.expr(x)).collect::<R<_>>()?),
            E::Repeat(a) => {
                let x = self.expr(&a.expr)?;
                Value::Array(vec![x; self.int(&a.len)? as usize])
            }
            E::If(i) => {
                let cond = match self.expr(&i.cond)? {
                    Value::Bool(b) => b,
                    v => return Err(format!("condition `{}` is {v:?}", show(&i.cond))),
                };
                match (cond, &i.else_branch) {
                    (true, _) => self.block(&i.then_branch)?,
                    (false, Some((_, other))) => self.expr(other)?,
                    (false, None) => Value::Unit,
                }
            }
            E::Binary(b) => self.binary(b)?,
            // `&values`: the array itself.
            E::Reference(r) if !matches!(&*r.expr, E::Index(_)) => self.expr(&r.expr)?,
            E::Reference(r) => {
                let (start, len) = self.range(&r.expr)?;
                Value::Slice(start, len)
            }
            E::Index(ix) => match self.expr(&ix.expr)? {
                Value::Frag => {
                    let i = self.int(&ix.index)?;
                    if i >= self.elements {
                        return Err(format!("`frag[{i}]` of {} elements", self.elements));
                    }
                    Value::Item(Item::Frag(i))
                }
                Value::Slice(..) => Value::Item(Item::Src(self.place(&ix.expr, &ix.index)?)),
                Value::Array(a) => {
                    let i = self.int(&ix.index)?;
                    a.get(i as usize)
                        .cloned()
                        .ok_or_else(|| format!("`{}`: index {i} of {}", show(ix), a.len()))?
                }
                v => return Err(format!("`{}` indexes {v:?}", show(ix))),
            },
            E::Assign(a) => {
                match &*a.left {
                    E::Index(ix) => {
                        let at = self.place(&ix.expr, &ix.index)?;
                        let what = self.item(&a.right)?;
                        self.out.stores.push((at, what));
                    }
                    // `*(p as *mut [T; N]) = values`: N stores.
                    left @ E::Unary(_) => {
                        let at = self.vector(left)?;
                        let Value::Array(values) = self.expr(&a.right)? else {
                            return Err(format!("`{}` stores no array", show(a)));
                        };
                        if values.len() as u64 != at.end - at.start {
                            return Err(format!("`{}` stores {} values", show(a), values.len()));
                        }
                        for (i, v) in at.zip(values) {
                            self.out.stores.push((i, item(v)?));
                        }
                    }
                    _ => return Err(format!("assignment `{}`", show(a))),
                }
                Value::Unit
            }
            E::Call(c) => self.call(c)?,
            other => return Err(format!("expression `{}`", show(other))),
        })
    }

    fn binary(&mut self, b: &'a syn::ExprBinary) -> R<Value> {
        use syn::BinOp as B;
        if matches!(b.op, B::And(_) | B::Or(_)) {
            let mut side = |e: &'a syn::Expr| match self.expr(e)? {
                Value::Bool(x) => Ok(x),
                v => Err(format!("`{}` is {v:?}, not a condition", show(e))),
            };
            let left = side(&b.left)?;
            return Ok(Value::Bool(match b.op {
                B::And(_) => left && side(&b.right)?,
                _ => left || side(&b.right)?,
            }));
        }
        let (x, y) = (self.int(&b.left)?, self.int(&b.right)?);
        let overflow = || format!("`{}` overflows at {x} and {y}", show(b));
        Ok(match b.op {
            B::Add(_) => Value::Int(x.checked_add(y).ok_or_else(overflow)?),
            B::Sub(_) => Value::Int(x.checked_sub(y).ok_or_else(overflow)?),
            B::Mul(_) => Value::Int(x.checked_mul(y).ok_or_else(overflow)?),
            B::Div(_) => Value::Int(x.checked_div(y).ok_or_else(overflow)?),
            B::Rem(_) => Value::Int(x.checked_rem(y).ok_or_else(overflow)?),
            B::BitXor(_) => Value::Int(x ^ y),
            B::BitAnd(_) => Value::Int(x & y),
            B::BitOr(_) => Value::Int(x | y),
            B::Shr(_) => Value::Int(x.checked_shr(y as u32).ok_or_else(overflow)?),
            B::Shl(_) => Value::Int(x.checked_shl(y as u32).ok_or_else(overflow)?),
            B::Lt(_) => Value::Bool(x < y),
            B::Le(_) => Value::Bool(x <= y),
            B::Gt(_) => Value::Bool(x > y),
            B::Ge(_) => Value::Bool(x >= y),
            B::Eq(_) => Value::Bool(x == y),
            B::Ne(_) => Value::Bool(x != y),
            _ => return Err(format!("operator in `{}`", show(b))),
        })
    }

    /// `pack_b16(a, b)`, `b16(x)`, `fill_array::<T, N>()` and `<T as Fill>::fill()`.
    fn call(&mut self, c: &'a syn::ExprCall) -> R<Value> {
        let syn::Expr::Path(p) = &*c.func else {
            return Err(format!("call `{}`", show(c)));
        };
        let last = p.path.segments.last().ok_or("an empty path")?;
        let args: Vec<&syn::Expr> = c.args.iter().collect();
        Ok(match (last.ident.to_string().as_str(), &args[..]) {
            ("pack_b16", [low, high]) => Value::Item(Item::Pair(
                Box::new(self.item(low)?),
                Box::new(self.item(high)?),
            )),
            ("b16", [x]) => Value::Item(self.item(x)?),
            ("fill", []) if p.qself.is_some() => Value::Item(Item::Fill),
            ("fill_array", []) => {
                let syn::PathArguments::AngleBracketed(g) = &last.arguments else {
                    return Err(format!("`{}` without its length", show(c)));
                };
                let Some(syn::GenericArgument::Const(n)) = g.args.iter().nth(1) else {
                    return Err(format!("`{}` without its length", show(c)));
                };
                let n = self.int(n)?;
                Value::Array(vec![Value::Item(Item::Fill); n as usize])
            }
            _ => return Err(format!("call `{}`", show(c))),
        })
    }
}

/// Where the code reaches its elements: a matrix of row stride `ld` (a partial tile too,
/// where `bounds`), or a shared tile, each element at its offset.
#[derive(Clone, Copy, Debug)]
pub enum Target {
    Matrix { ld: u64, bounds: bool },
    Shared(SharedLayout),
}

/// The problems of `f`, the effective code of `numeral`'s scatter or gather (`packed`: two
/// 16-bit elements a `u32`), run for the threads (a warpgroup's sampled) and one past them:
/// on the whole tile with the stride `ld`, and where `bounds`, on partial tiles too, down to
/// an empty one.
pub fn check(
    f: &syn::ItemFn,
    numeral: &Numeral,
    gather: bool,
    packed: bool,
    target: Target,
) -> Vec<String> {
    let (tr, tc) = (numeral.rows as u64, numeral.cols as u64);
    let mut tiles = vec![(tr, tc)];
    if let Target::Matrix { bounds: true, .. } = target {
        tiles.extend([(tr / 2 + 1, tc.saturating_sub(1).max(1)), (1, 1), (0, 0)]);
    }
    let ld = match target {
        Target::Matrix { ld, .. } => ld,
        Target::Shared(_) => 0,
    };
    let mut bad = Vec::new();
    for (rows, cols) in tiles {
        let len = match target {
            Target::Shared(l) => l.span(),
            _ if rows == 0 || cols == 0 => 0,
            _ => (rows - 1) * ld + cols,
        };
        // A warp's every lane; of a warpgroup every fifth thread (each residue of 4 and 8, in
        // each warp) and its last; and the first thread past them.
        let step = if numeral.threads() > 32 { 5 } else { 1 };
        let threads = (0..numeral.threads())
            .step_by(step)
            .chain([numeral.threads() - 1, numeral.threads()]);
        for thread in threads {
            let call = Call {
                thread: thread as u64,
                ld,
                rows,
                cols,
                len,
                elements: if packed {
                    numeral.elements as u64 / 2
                } else {
                    numeral.elements as u64
                },
            };
            let at = format!("thread {thread}, tile {rows} x {cols}, ld {ld}");
            let got = match run(f, call) {
                Ok(o) => o,
                Err(m) => {
                    bad.push(format!("{at}: {m}"));
                    continue;
                }
            };
            // Where element `e` of `thread` lies in the buffer, if it lies in the part.
            let place = |e: u32| {
                let (r, c) = numeral.coords(thread, e)?;
                match target {
                    Target::Shared(l) => l.offset(r, c).map(u64::from),
                    Target::Matrix { .. } => {
                        let (r, c) = (r as u64, c as u64);
                        (r < rows && c < cols).then_some(r * ld + c)
                    }
                }
            };
            let elements = if thread < numeral.threads() {
                numeral.elements
            } else {
                0
            };
            if !gather {
                let mut want: Vec<(u64, Item)> = (0..elements)
                    .filter_map(|e| Some((place(e)?, Item::Frag(e as u64))))
                    .collect();
                let mut stores = got.stores;
                want.sort_by_key(|s| s.0);
                stores.sort_by_key(|s| s.0);
                if stores != want {
                    bad.push(format!("{at}: stores {stores:?}, the layout says {want:?}"));
                }
                continue;
            }
            let Some(returned) = got.returned else {
                bad.push(format!("{at}: the gather returns no array"));
                continue;
            };
            // Element `e` as the gather should return it: a read where it lies, else a fill.
            let fits = |e: u32, got: &Item| match (e < elements).then(|| place(e)).flatten() {
                Some(i) => *got == Item::Src(i),
                None => filled(got),
            };
            let ok = if thread == numeral.threads() {
                returned.len() as u64 == call.elements && returned.iter().all(filled)
            } else if packed {
                returned.len() * 2 == numeral.elements as usize
                    && returned.iter().enumerate().all(|(j, x)| match x {
                        Item::Pair(lo, hi) => fits(2 * j as u32, lo) && fits(2 * j as u32 + 1, hi),
                        // A register both of whose halves lie outside: one fill for both.
                        x => fits(2 * j as u32, x) && fits(2 * j as u32 + 1, x),
                    })
            } else {
                returned.len() == numeral.elements as usize
                    && returned.iter().enumerate().all(|(e, x)| fits(e as u32, x))
            };
            if !ok {
                bad.push(format!("{at}: returns {returned:?}"));
            }
        }
    }
    bad
}

/// A value that reads nothing: a fill, a constant, or a pair of them.
fn filled(x: &Item) -> bool {
    match x {
        Item::Fill | Item::Const(_) => true,
        Item::Pair(lo, hi) => filled(lo) && filled(hi),
        Item::Frag(_) | Item::Src(_) => false,
    }
}
