//! How an invocation of `#[fragment_layout]` is generated, decided once, here: a [`Plan`] names
//! its [`Strategy`] and why each strategy before it was refused. The body's one access to
//! memory is found and its index analysed once (`access.rs`, `affine.rs`), for every strategy.
//! In order of preference:
//!
//! | strategy | taken for | code |
//! |---|---|---|
//! | shared | `shared = LAYOUT` | each element's offset in the shared tile, the thread's swizzled base once (`smem.rs`) |
//! | straight | a catalog layout and `BASE[INDEX]` over a slice parameter, `INDEX` affine in `row` and `col` (or swizzled where `swizzle.rs` proves the offsets) | the thread's base index once, every element at a literal offset from it, one slice per footprint or row (`straight.rs`) |
//! | pointer | a catalog layout and `*BASE.add(INDEX)` (or `.write(VALUE)`, `.read()`) over a raw pointer parameter, or `*BASE.get_unchecked(_mut)(INDEX)` over a slice parameter, `INDEX` affine | the same base, each call the body at its literal offset (`pointer.rs`) |
//! | tables | anything else | the layout's tables evaluated by the compiler, a block or a closure call per element (`tables.rs`) |
//!
//! Worked: `#[fragment_layout(SM80_16x8x16_F32_C)]` on `|row, col, value| d[row * ld + col] =
//! value` with `d: &mut [f32]` is straight; with `d: &mut VecDeque<f32>` it is tables, straight
//! refused because "the base is not a slice, array or `Vec` parameter" and pointer because
//! "the body is not `*BASE.add(INDEX) = VALUE` ...".

use super::access::{Access, Via};
use super::aligned::Groups;
use super::ast::Fragment;
use super::known::Known;
use super::{pointer, straight};
use proc_macro2::TokenStream;

/// A way of generating the elements' code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// `shared = LAYOUT`: offsets in a shared tile.
    Shared,
    /// Straight-line code over a slice, no tables.
    Straight,
    /// Straight-line code through a raw pointer.
    Pointer,
    /// The layout's tables, for any numeral and body.
    Tables,
}

impl Strategy {
    /// Its name in words: `shared`, `straight`, `pointer`, `tables`.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Shared => "shared",
            Strategy::Straight => "straight",
            Strategy::Pointer => "pointer",
            Strategy::Tables => "tables",
        }
    }
}

/// The decision for one invocation.
pub struct Plan {
    /// The strategy taken.
    pub strategy: Strategy,
    /// Each strategy tried before it, and why it was refused.
    pub refused: Vec<(Strategy, &'static str)>,
    /// The catalog layout the numeral names, where the macro knows it.
    pub known: Option<Known>,
    /// The body's one access to memory, where it has one (`access.rs`): read once, for every
    /// strategy.
    pub access: Option<Access>,
    /// The straight-line code of the straight and pointer strategies.
    pub code: Option<TokenStream>,
    /// `align = BYTES`'s groups (`aligned.rs`), or why the invocation cannot take them: an
    /// error the expansion reports.
    pub groups: Result<Option<Groups>, syn::Error>,
}

/// Decides how `f`, with `elements` elements a thread (2 per register for a packed gather), is
/// generated.
pub fn plan(f: &Fragment, elements: usize) -> Plan {
    let mut refused = Vec::new();
    let known = Known::of(f, elements);
    if f.args.shared.is_some() {
        let groups = Groups::of(f, known.as_ref(), None);
        return Plan {
            strategy: Strategy::Shared,
            refused,
            known,
            access: None,
            code: None,
            groups,
        };
    }
    refused.push((Strategy::Shared, "no `shared = LAYOUT`"));
    let access = Access::of(f);
    let mut groups = Groups::of(f, known.as_ref(), access.as_ref());
    let mut code = None;
    for strategy in [Strategy::Straight, Strategy::Pointer] {
        let tried = match (&known, &access) {
            (None, _) => Err("the numeral is not a catalog layout the macro knows by name"),
            (Some(k), Some(a)) => match (strategy, a.via) {
                (Strategy::Straight, Via::Index) => straight::body(f, a, k, elements),
                (Strategy::Pointer, Via::Add | Via::Unchecked) => pointer::body(
                    f,
                    a,
                    k,
                    elements,
                    groups.as_ref().ok().and_then(Option::as_ref),
                ),
                _ => Err(not_taken(strategy)),
            },
            (Some(_), None) if f.args.unpaired || f.escapes => {
                Err("`unpaired`, or a body with control flow of its own")
            }
            (Some(_), None) => Err(not_taken(strategy)),
        };
        match tried {
            Ok(c) => {
                code = Some((strategy, c));
                break;
            }
            Err(why) => refused.push((strategy, why)),
        }
    }
    let (strategy, code) = match code {
        Some((s, c)) => (s, Some(c)),
        None => (Strategy::Tables, None),
    };
    // Groups are the pointer strategy's: any other leaves `align` unused, which is an error.
    if let (Ok(Some(g)), true) = (&groups, strategy != Strategy::Pointer) {
        let why = refused.last().map_or("", |(_, why)| why);
        groups = Err(g.unused(strategy.name(), why));
    }
    Plan {
        strategy,
        refused,
        known,
        access,
        code,
        groups,
    }
}

/// Why `strategy` does not take a body whose access is not its own.
fn not_taken(strategy: Strategy) -> &'static str {
    match strategy {
        Strategy::Straight => "the body is not `BASE[INDEX]` over a slice, array or `Vec` parameter with `col` a term of `INDEX`",
        _ => "the body is not `*BASE.add(INDEX)`, `BASE.add(INDEX).write(VALUE)`, `.read()` or `*BASE.get_unchecked(_mut)(INDEX)` with `col` a term of `INDEX`",
    }
}
