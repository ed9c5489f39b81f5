//! The typed form of a `#[matrix_rows(INSTRUCTION, FRAGMENT, LAYOUT, options)]` function.

use proc_macro2::Span;
use syn::{Expr, Ident, ItemFn, Type};

/// The instruction form: `ldmatrix.x4.trans` is `store: false, num: 4, trans: true`.
pub struct Instruction {
    pub store: bool,
    pub num: u32,
    pub trans: bool,
    /// The instruction's first word, for errors about its form.
    pub span: Span,
}

/// The attribute's arguments.
pub struct Args {
    pub instruction: Instruction,
    /// The register fragment: a constant expression of type `Numeral`.
    pub fragment: Expr,
    /// The shared tile: a constant expression of type `shared::SharedLayout`.
    pub layout: Expr,
    /// `at = (ROW, COL)`: where the fragment's tile starts in the shared tile.
    pub at: Option<(Ident, Expr, Expr)>,
    /// `first = N`: the first register moved; without it the whole fragment.
    pub first: Option<(Ident, Expr)>,
    /// `conflict_free`: a conflicting access is a compile error.
    pub conflict_free: Option<Ident>,
}

/// A function ready to expand, borrowing the arguments and the user's function.
pub struct Rows<'a> {
    pub args: &'a Args,
    pub item: &'a ItemFn,
    /// The thread index parameter and its (primitive integer) type.
    pub thread: &'a Ident,
    pub thread_ty: &'a Type,
    /// The returned (primitive integer) type.
    pub ret: &'a Type,
}

/// The primitive integer types, which the thread index and the address may have.
pub const INTEGERS: [&str; 12] = [
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
];

/// `ty`'s name when it is a primitive integer type written as one word (`u32`).
pub fn integer_name(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(p) if p.qself.is_none() => {
            let id = p.path.get_ident()?.to_string();
            INTEGERS.contains(&id.as_str()).then_some(id)
        }
        Type::Group(g) => integer_name(&g.elem),
        Type::Paren(p) => integer_name(&p.elem),
        _ => None,
    }
}
