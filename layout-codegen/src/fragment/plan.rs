//! How an invocation of `#[fragment_layout]` is generated, decided once, here: a [`Plan`] names
//! its [`Strategy`] and why each strategy before it was refused. In order of preference:
//!
//! | strategy | taken for | code |
//! |---|---|---|
//! | shared | `shared = LAYOUT` | each element's offset in the shared tile, the thread's swizzled base once (`smem.rs`) |
//! | straight | a catalog layout and `BASE[INDEX]` over a slice parameter, `INDEX` affine in `row` and `col` | the thread's base index once, every element at a literal offset from it, one slice per footprint or row (`straight.rs`) |
//! | pointer | a catalog layout and `*BASE.add(INDEX)` over a raw pointer parameter | the same base, each call at its literal offset (`pointer.rs`) |
//! | tables | anything else | the layout's tables evaluated by the compiler, a block or a closure call per element (`tables.rs`) |
//!
//! Worked: `#[fragment_layout(SM80_16x8x16_F32_C)]` on `|row, col, value| d[row * ld + col] =
//! value` with `d: &mut [f32]` is straight; with `d: &mut VecDeque<f32>` it is tables, straight
//! refused because "the base is not a slice, array or `Vec` parameter" and pointer because
//! "the body is not `*BASE.add(INDEX) = VALUE` ...".

use super::ast::Fragment;
use super::known::Known;
use super::pairing::Pattern;
use super::{pointer, straight, tables};
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
    /// The body's affine pattern, where the tables strategy uses one (`shared_reach`).
    pub pattern: Option<Pattern>,
    /// The straight-line code of the straight and pointer strategies.
    pub code: Option<TokenStream>,
}

/// Decides how `f`, with `elements` elements a thread (2 per register for a packed gather), is
/// generated.
pub fn plan(f: &Fragment, elements: usize) -> Plan {
    let mut refused = Vec::new();
    if f.args.shared.is_some() {
        return Plan {
            strategy: Strategy::Shared,
            refused,
            known: Known::of(f, elements),
            pattern: None,
            code: None,
        };
    }
    refused.push((Strategy::Shared, "no `shared = LAYOUT`"));
    let known = Known::of(f, elements);
    let pattern = tables::shared_pattern(f, elements);
    let straight = match (&known, &pattern) {
        (None, _) => Err("the numeral is not a catalog layout the macro knows by name"),
        (_, None) => Err("the body is not `BASE[INDEX]` over a slice, array or `Vec` parameter with `col` a term of `INDEX`"),
        (Some(k), Some(p)) => straight::body(f, p, k, elements),
    };
    let (strategy, code) = match straight {
        Ok(code) => (Strategy::Straight, Some(code)),
        Err(why) => {
            refused.push((Strategy::Straight, why));
            let pointer = match &known {
                None => Err("the numeral is not a catalog layout the macro knows by name"),
                Some(k) => pointer::body(f, k, elements),
            };
            match pointer {
                Ok(code) => (Strategy::Pointer, Some(code)),
                Err(why) => {
                    refused.push((Strategy::Pointer, why));
                    (Strategy::Tables, None)
                }
            }
        }
    };
    Plan {
        strategy,
        refused,
        known,
        pattern,
        code,
    }
}
