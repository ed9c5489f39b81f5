//! `#[fragment_layout]`, a pipeline of one concern a file: `args.rs` reads the attribute's
//! arguments and checks how they combine, `item.rs` parses the function (the README's shape
//! directly, any other by syn), `parse.rs` reads it into the borrowing
//! `ast.rs` form with every problem reported at once (`errors.rs` collects them, `control.rs`
//! finds a body's own control flow), `plan.rs` decides once how it is generated (shared,
//! straight, pointer or tables, and why each other was refused), and `expand.rs` writes it:
//! the checks (`checks.rs`), then the strategy's code (`smem.rs`, `straight.rs`, `pointer.rs`,
//! `tables.rs`), each from the pieces in `emit.rs` (`access.rs` finds the body's one access to
//! memory and `affine.rs` reads its index, once for every strategy, `swizzle.rs` a swizzle
//! written into it;
//! `known.rs` a catalog layout's numbers). `fallback.rs` is the expansion after an error.

mod access;
mod affine;
mod aligned;
mod args;
mod ast;
pub(crate) mod checks;
mod control;
mod emit;
pub(crate) mod errors;
mod expand;
mod fallback;
mod item;
mod known;
pub(crate) mod parse;
mod plan;
mod pointer;
mod smem;
mod straight;
mod swizzle;
mod tables;

pub use plan::Strategy;
use proc_macro2::TokenStream;

/// What [`fragment_plan`] answers: the strategy `#[fragment_layout]` takes, and each strategy
/// tried before it with why it was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FragmentPlan {
    /// The strategy taken.
    pub strategy: Strategy,
    /// The strategies refused, in the order tried, each with its reason in words.
    pub refused: Vec<(Strategy, &'static str)>,
}

/// How `#[fragment_layout(ARGS)]` on `item` is generated, as the macro decides it (`plan.rs`);
/// `None` where the invocation has an error (the macro reports it instead).
pub fn fragment_plan(args: TokenStream, item: TokenStream) -> Option<FragmentPlan> {
    let args: ast::Args = syn::parse2(args).ok()?;
    let item_fn = item::item_fn(item.clone()).ok()?;
    let f = parse::fragment(&args, &item_fn, &item).ok()?;
    let p = plan::plan(&f, f.elements());
    Some(FragmentPlan {
        strategy: p.strategy,
        refused: p.refused,
    })
}

/// The first message of the compile-time checks `#[fragment_layout(ARGS)]` on `item` makes
/// of its numeral, evaluated for `numeral`, the layout `ARGS` names (the macro reads it only
/// for a catalog layout; the compiler evaluates the checks of any other): too many thread
/// terms, a fragment length, `vector = N`, `packed` or a scatter the numeral does not take.
/// `None` where every check passes, or where the invocation has an error (the macro reports
/// it instead). The checks of `shared = LAYOUT` and of the types are not among them.
pub fn fragment_check(
    args: TokenStream,
    item: TokenStream,
    numeral: &layout_core::Numeral,
) -> Option<String> {
    let args: ast::Args = syn::parse2(args).ok()?;
    let item_fn = item::item_fn(item.clone()).ok()?;
    let f = parse::fragment(&args, &item_fn, &item).ok()?;
    checks::numeral_error(&f, numeral).map(|m| m.as_str().to_string())
}

/// Expands `#[fragment_layout(ARGS)]` on `item`.
pub fn fragment_layout(args: TokenStream, item: TokenStream) -> TokenStream {
    let args_tokens = args.clone();
    let args: syn::Result<ast::Args> = syn::parse2(args);
    let item_fn = match item::item_fn(item.clone()) {
        Ok(f) => f,
        Err(_) => {
            let numeral = match &args {
                Ok(a) => Some(a.numeral.clone()),
                Err(_) => fallback::leading_numeral(args_tokens),
            };
            return fallback::not_a_function(numeral.as_ref(), item);
        }
    };
    let args = match args {
        Ok(a) => a,
        Err(e) => {
            let numeral = fallback::leading_numeral(args_tokens);
            return fallback::function(&item_fn, numeral.as_ref(), e);
        }
    };
    match parse::fragment(&args, &item_fn, &item) {
        Ok(f) => expand::expand(&f),
        Err(e) => fallback::function(&item_fn, Some(&args.numeral), e),
    }
}
