//! Layout-core's check of the resolved numeral, each problem on the tokens that cause it: a
//! place error on the place, a range error on the range, an element count on `elements N`.

use super::ast::{Decl, DigitRow, Num};
use super::resolve::Resolved;
use layout_core::{LayoutError, Source};
use proc_macro2::{Span, TokenStream};

/// Pushes one `syn::Error` per problem layout-core finds, in its order and words.
///
/// With `partial` (a row could not be read or resolved, and is missing from the numeral), only
/// the problems of the tile, the counts and single digits are reported: how the digits fit
/// together cannot be judged without the missing row, and would only name its absence.
pub fn diagnose(decl: &Decl, r: &Resolved, partial: bool, errors: &mut Vec<syn::Error>) {
    let n = r.numeral.as_numeral();
    let found = n.errors();
    // A count left out is derived to fill the tile, or reported by `resolve` when none does
    // (the numeral then holds a stand-in, whose count says nothing).
    let judged = |e: &LayoutError| match e {
        LayoutError::ElementCount { .. } => decl.elements.is_some(),
        _ => !(partial && e.is_about_the_chains()),
    };
    for e in found.iter().filter(judged) {
        errors.push(syn::Error::new_spanned(
            tokens(decl, r, e),
            e.message(&n).as_str(),
        ));
    }
    // The problems dropped are of the kind of those kept: all about the chains or none.
    let shown = !(partial && found.get(0).is_some_and(|e| e.is_about_the_chains()));
    if found.dropped() > 0 && shown {
        errors.push(syn::Error::new_spanned(
            &decl.header,
            format!("and {} more problems not shown", found.dropped()),
        ));
    }
}

/// The tokens `e` is about.
fn tokens(decl: &Decl, r: &Resolved, e: LayoutError) -> TokenStream {
    let at = |i: usize| &decl.digits[r.rows[i]];
    let setting = |source: Source| match source {
        Source::Lane => None,
        Source::Warp => decl.warps,
        Source::Element => decl.elements,
    };
    let or_header = |num: Option<Num>| num.map_or_else(|| decl.header.clone(), |n| spanned(n.span));
    match e {
        LayoutError::EmptySource { source } => or_header(setting(source)),
        LayoutError::ElementCount { .. } => or_header(decl.elements),
        LayoutError::DegenerateRange { digit } => match at(digit).range {
            Some(rng) => spanned(rng.span),
            None => at(digit).expr.clone(),
        },
        LayoutError::ZeroDivisor { digit } => match at(digit).divisor {
            Some(d) => spanned(d.span),
            None => at(digit).expr.clone(),
        },
        LayoutError::ZeroPlace { digit }
        | LayoutError::PlaceMove { digit, .. }
        | LayoutError::PlaceMoves { first: digit, .. } => place(at(digit)),
        other => match other.digit() {
            Some(d) => at(d).expr.clone(),
            None => decl.header.clone(),
        },
    }
}

fn place(row: &DigitRow) -> TokenStream {
    spanned(row.place.span)
}

/// A token carrying `span`, for `new_spanned`.
fn spanned(span: Span) -> TokenStream {
    let mut lit = proc_macro2::Literal::u32_unsuffixed(0);
    lit.set_span(span);
    proc_macro2::TokenTree::Literal(lit).into()
}
