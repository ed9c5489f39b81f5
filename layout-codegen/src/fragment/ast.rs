//! The typed form of a `#[fragment_layout(...)]` function.

use proc_macro2::TokenStream;
use syn::{Expr, ExprClosure, ItemFn, Pat, Type};

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
/// [, vector = N]`.
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
    pub vector: Option<(usize, syn::LitInt)>,
    /// The `packed` word, for the element width check's span.
    pub packed: Option<syn::Ident>,
}

impl Args {
    /// Elements per body call: the vector width, or 1.
    pub fn width(&self) -> usize {
        self.vector.as_ref().map_or(1, |v| v.0)
    }
}

/// One parameter of the element closure: a pattern and an optional type.
pub struct ClosureParam {
    pub pat: Pat,
    pub ty: Option<Type>,
}

/// A function ready to expand.
pub struct Fragment {
    pub args: Args,
    /// The user's function; its signature is kept as written.
    pub item: ItemFn,
    /// The thread (lane) parameter's name and type.
    pub thread: syn::Ident,
    pub thread_ty: Type,
    /// Scatter: the fragment parameter's name.
    pub fragment: Option<syn::Ident>,
    /// The array length as written, and the tokens of the array type for errors.
    pub len: usize,
    pub len_tokens: TokenStream,
    /// The element type of the fragment: a scatter's parameter, a gather's return value.
    pub element_ty: Type,
    /// `row`, `col`, and for a scatter `value` (`values` with `vector = N`).
    pub params: Vec<ClosureParam>,
    /// The closure body: the code for one element.
    pub body: Expr,
    /// The element closure as written.
    pub closure: ExprClosure,
    /// Whether the body has `return`, `?`, `break`, `continue` or `.await` of its own, which
    /// would act on the function if the body were inlined: each element then runs the closure.
    pub escapes: bool,
}
