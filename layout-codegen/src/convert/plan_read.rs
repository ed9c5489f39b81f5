//! A plan constant read in another constant's initializer.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// `PLAN.CALL` on a copy of the plan constant `plan` (`__FL_PLAN`, `__FL_PP`):
/// `{ let __fl_v = __FL_PP; __fl_v.rounds() }`. A constant whose initializer borrows another
/// (`__FL_PP.rounds()` borrows `__FL_PP`) has the compiler copy the whole value into a
/// constant of its own and validate it, 16 KB for a `Plan` and 40 KB for a `PackedPlan`; a
/// local copy costs a move.
pub(super) fn read(plan: &str, call: TokenStream) -> TokenStream {
    let plan = format_ident!("{plan}");
    quote!({
        let __fl_v = #plan;
        __fl_v.#call
    })
}
