//! Layout-core's check of the resolved numeral, each problem on the tokens that cause it: a
//! place error on the place, a range error on the range, an element count on `elements N`.

use super::ast::{Decl, DigitRow, Num};
use super::resolve::Resolved;
use layout_core::{LayoutError, Source};
use proc_macro2::{Span, TokenStream};

/// Pushes one `syn::Error` per problem layout-core finds, in its order and words.
pub fn diagnose(decl: &Decl, r: &Resolved, errors: &mut Vec<syn::Error>) {
    let n = r.numeral.as_numeral();
    let found = n.errors();
    for e in found.iter() {
        errors.push(syn::Error::new_spanned(
            tokens(decl, r, e),
            e.message(&n).as_str(),
        ));
    }
    if found.dropped() > 0 {
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
