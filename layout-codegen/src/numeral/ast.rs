//! The typed form of a `numeral!` declaration.

use layout_core::Source;
use proc_macro2::{Span, TokenStream};
use syn::{Attribute, Ident, Visibility};

/// A number written in the declaration, with where it was written.
#[derive(Clone, Copy)]
pub struct Num {
    pub value: u32,
    pub span: Span,
}

/// `pub NAME: ROWS x COLS, elements E, warps W { rows... }`
pub struct Decl {
    pub attrs: Vec<Attribute>,
    pub vis: Visibility,
    pub name: Ident,
    pub rows: Num,
    pub cols: Num,
    /// `elements N`; when left out, the tile size divided by the threads.
    pub elements: Option<Num>,
    pub warps: Option<Num>,
    /// The tokens of the header, for errors about the whole tile.
    pub header: TokenStream,
    pub digits: Vec<DigitRow>,
}

/// `SOURCE [/ DIVISOR] [% RANGE] => PLACE`, or `=> broadcast`
pub struct DigitRow {
    pub source: Source,
    pub divisor: Option<Num>,
    pub range: Option<Num>,
    /// The place; 0 for `broadcast` (with the word's span).
    pub place: Num,
    /// The tokens before `=>`, for errors about what the digit reads.
    pub expr: TokenStream,
}
