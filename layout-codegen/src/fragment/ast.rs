//! The typed form of a `#[fragment_layout(...)]` function.

use proc_macro2::TokenStream;
use syn::{Expr, ItemFn, Pat, Type};

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
/// `NUMERAL [, scatter | gather [, packed]] [, bounds(ROWS, COLS) [, fill = VALUE]]`.
pub struct Args {
    pub numeral: Expr,
    pub mode: Mode,
    /// The parameters holding the valid rows and columns of a partial tile.
    pub bounds: Option<(syn::Ident, syn::Ident)>,
    /// What a bounded gather returns outside the valid part (zero by default).
    pub fill: Option<Expr>,
    /// `unpaired`: never merge neighbouring elements into one access.
    pub unpaired: bool,
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
    /// The thread (lane) parameter's name.
    pub thread: syn::Ident,
    /// Scatter: the fragment parameter's name.
    pub fragment: Option<syn::Ident>,
    /// The array length as written, and the tokens of the array type for errors.
    pub len: usize,
    pub len_tokens: TokenStream,
    /// `row`, `col`, and for a scatter `value`.
    pub params: Vec<ClosureParam>,
    /// The closure body: the code for one element.
    pub body: Expr,
}
