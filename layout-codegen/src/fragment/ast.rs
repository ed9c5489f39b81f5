//! The typed form of a `#[fragment_layout(...)]` function.

use syn::{Expr, ExprClosure, Ident, ItemFn, LitInt, Pat, Type};

/// Scatter a fragment out, or gather one in.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// `|row, col, value| ...` runs once per element of a fragment parameter.
    Scatter,
    /// `|row, col| ...` reads one element; the function returns the fragment.
    Gather,
    /// As `Gather`, returning 16-bit elements packed two per `u32` register.
    GatherPacked,
}

/// The attribute's arguments:
/// `NUMERAL [, scatter | gather [, packed]] [, bounds(ROWS, COLS)] [, fill = VALUE] [, unpaired]
/// [, vector = N] [, align = BYTES] [, shared = LAYOUT [, conflict_free]]`.
pub struct Args {
    pub numeral: Expr,
    pub mode: Mode,
    /// The valid rows and columns of a partial tile: expressions of the parameters.
    pub bounds: Option<(Expr, Expr)>,
    /// What a gather returns where it reads nothing: outside the valid part of a partial tile,
    /// and for a thread outside the layout (`Default::default()` when not given).
    pub fill: Option<Expr>,
    /// `unpaired`: never merge neighbouring elements into one access.
    pub unpaired: bool,
    /// `vector = N`: the body takes `N` adjacent elements at once (`values: [T; N]`, or a
    /// gather body returning `[T; N]`); the width and its literal, for errors.
    pub vector: Option<(usize, LitInt)>,
    /// `align = BYTES`: the body's raw pointer, at column 0 of every row, is a multiple of
    /// `BYTES`; adjacent elements then move as one aligned access. The bytes and the literal.
    pub align: Option<(usize, LitInt)>,
    /// The `packed` word, for the element width check's span.
    pub packed: Option<Ident>,
    /// `shared = LAYOUT`: the body takes each element's offset in this shared tile.
    pub shared: Option<Expr>,
    /// `at = (ROW, COL)` (with `shared`): where the numeral's tile starts in the shared tile.
    pub shared_at: Option<(Expr, Expr)>,
    /// `conflict_free` (with `shared`): a conflicting access is a compile error.
    pub conflict_free: Option<Ident>,
}

impl Args {
    /// Elements per body call: the vector width, or 1.
    pub fn width(&self) -> usize {
        self.vector.as_ref().map_or(1, |v| v.0)
    }
}

/// One parameter of the element closure: a pattern and an optional type.
pub struct ClosureParam<'a> {
    pub pat: &'a Pat,
    pub ty: Option<&'a Type>,
}

impl<'a> ClosureParam<'a> {
    /// `row` or `row: usize`.
    pub fn of(p: &'a Pat) -> Self {
        match p {
            Pat::Type(t) => ClosureParam {
                pat: &t.pat,
                ty: Some(&t.ty),
            },
            other => ClosureParam {
                pat: other,
                ty: None,
            },
        }
    }
}

/// A function ready to expand: its parts, borrowed from the attribute's arguments and the
/// user's function.
pub struct Fragment<'a> {
    pub args: &'a Args,
    /// The user's function; its signature is kept as written.
    pub item: &'a ItemFn,
    /// The thread (lane) parameter's name and type.
    pub thread: &'a Ident,
    pub thread_ty: &'a Type,
    /// Scatter: the fragment parameter's name.
    pub fragment: Option<&'a Ident>,
    /// The array length, and its literal as written, for errors.
    pub len: usize,
    pub len_tokens: &'a LitInt,
    /// The element type of the fragment: a scatter's parameter, a gather's return value.
    pub element_ty: &'a Type,
    /// `row`, `col`, and for a scatter `value` (`values` with `vector = N`).
    pub params: Vec<ClosureParam<'a>>,
    /// The closure body: the code for one element.
    pub body: &'a Expr,
    /// The element closure as written.
    pub closure: &'a ExprClosure,
    /// Whether the body has `return`, `?`, `break`, `continue` or `.await` of its own, which
    /// would act on the function if the body were inlined: each element then runs the closure.
    pub escapes: bool,
}

impl Fragment<'_> {
    /// The elements a thread holds: the array's length, twice it for a packed gather.
    pub fn elements(&self) -> usize {
        match self.args.mode {
            Mode::GatherPacked => 2 * self.len,
            _ => self.len,
        }
    }

    /// Whether `base` is a parameter of the function whose type indexes as the language's own
    /// slices do: `[T]`, `[T; N]` or `Vec<T>`, behind any references. Only such a base is
    /// reached through a slice of a row run or of the footprint (`BASE[i..i + n]`); any other
    /// (a `VecDeque`, a type of the user's with only `IndexMut<usize>`, one that counts its
    /// calls, a field of unknown type) is indexed element by element, exactly as the closure
    /// indexes it.
    pub fn slice_base(&self, base: &Expr) -> bool {
        let Expr::Path(path) = base else {
            return false;
        };
        path.qself.is_none()
            && path
                .path
                .get_ident()
                .and_then(|name| self.parameter_type(name))
                .is_some_and(slice_like)
    }

    /// The type of the function's parameter `name`, where a parameter is that plain name.
    pub fn parameter_type(&self, name: &Ident) -> Option<&Type> {
        self.item.sig.inputs.iter().find_map(|arg| match arg {
            syn::FnArg::Typed(t) => {
                matches!(&*t.pat, Pat::Ident(p) if p.ident == *name && p.subpat.is_none())
                    .then_some(&*t.ty)
            }
            syn::FnArg::Receiver(_) => None,
        })
    }
}

/// `[T]`, `[T; N]` or `Vec<T>`, behind any references, parentheses or groups.
fn slice_like(ty: &Type) -> bool {
    match ty {
        Type::Slice(_) | Type::Array(_) => true,
        Type::Reference(r) => slice_like(&r.elem),
        Type::Paren(p) => slice_like(&p.elem),
        Type::Group(g) => slice_like(&g.elem),
        Type::Path(p) => {
            let last = p.path.segments.last();
            p.qself.is_none()
                && last.is_some_and(|s| {
                    s.ident == "Vec"
                        && matches!(&s.arguments, syn::PathArguments::AngleBracketed(a) if a.args.len() == 1)
                })
        }
        _ => false,
    }
}
