//! Checking a `numeral!` declaration at expansion time with layout-core's own check, and
//! pointing each problem at the tokens that cause it.

use super::ast::{Decl, DigitRow};
use layout_core::{Digit, LayoutError, Numeral, Source, LANES};
use proc_macro2::TokenStream;

/// The digits as layout-core sees them, and the errors found while resolving them.
pub struct Resolved {
    pub warps: u32,
    pub elements: u32,
    pub digits: Vec<Digit>,
    /// `rows[i]`: the row digit `i` came from.
    pub rows: Vec<usize>,
    /// Whether rows were left out silently, their input's count being unknown.
    pub skipped: bool,
}

/// Fills in default ranges and the element count; reports rows that cannot be resolved.
///
/// `warps 0` and `elements 0` are reported on their number, and the digits of an input whose
/// count is unknown (0, or not derivable from the tile) are left out silently: their messages
/// would only repeat the first.
pub fn resolve(decl: &Decl, errors: &mut Vec<syn::Error>) -> Resolved {
    let warps = decl.warps.map_or(1, |w| w.value);
    // In u64: `warps 4294967295` is 137438953440 threads, not a saturated u32.
    let threads = LANES as u64 * warps as u64;
    let size = decl.rows.value as u64 * decl.cols.value as u64;
    for (num, what) in [(decl.warps, "warp"), (decl.elements, "element")] {
        if let Some(n) = num.filter(|n| n.value == 0) {
            errors.push(syn::Error::new(
                n.span,
                format!("0 {what}s: a fragment needs at least 1 {what}"),
            ));
        }
    }
    let elements = match decl.elements {
        Some(e) => Some(e.value),
        None if threads == 0 => None,
        // A tile past u32::MAX elements is layout-core's to report; its element count is
        // unknown here rather than truncated.
        None if size % threads == 0 && size >= threads => u32::try_from(size / threads).ok(),
        None => {
            errors.push(syn::Error::new_spanned(
                &decl.header,
                if size < threads {
                    format!(
                        "the {} x {} tile has {size} element{}, fewer than the {threads} threads: \
                         every thread holds at least one element",
                        decl.rows.value,
                        decl.cols.value,
                        if size == 1 { "" } else { "s" }
                    )
                } else {
                    format!(
                        "the {} x {} tile has {size} elements, not a multiple of {threads} \
                         threads: state `elements N`",
                        decl.rows.value, decl.cols.value
                    )
                },
            ));
            None
        }
    };
    let mut out = Resolved {
        warps,
        elements: elements.unwrap_or(1),
        digits: Vec::new(),
        rows: Vec::new(),
        skipped: false,
    };
    for (i, row) in decl.digits.iter().enumerate() {
        let extent = match row.source {
            Source::Lane => LANES,
            Source::Warp => warps,
            Source::Element => elements.unwrap_or(0),
        };
        if extent == 0 {
            out.skipped = true;
            continue;
        }
        let divisor = row.divisor.map_or(1, |d| d.value);
        let range = match row.range {
            Some(r) => r.value,
            None if divisor == 0 => 2,
            None if divisor >= extent => {
                // layout-core's words for a digit that is always 0, as its check would say.
                let digit = Digit::new(row.source, divisor, 1, row.place.value);
                let one = [digit];
                let n = Numeral::new("", 1, 1, out.elements, &one).with_warps(warps);
                let msg = LayoutError::AlwaysZero { digit: 0 }.message(&n);
                errors.push(syn::Error::new_spanned(&row.expr, msg.as_str()));
                continue;
            }
            None if extent % divisor == 0 => extent / divisor,
            None => {
                errors.push(syn::Error::new_spanned(
                    &row.expr,
                    format!(
                        "{} / {divisor} does not divide the {extent} {} evenly: state the range, \
                         `{} / {divisor} % R`",
                        row.source.name(),
                        row.source.noun(),
                        row.source.name()
                    ),
                ));
                continue;
            }
        };
        out.digits
            .push(Digit::new(row.source, divisor, range, row.place.value));
        out.rows.push(i);
    }
    out
}

/// layout-core's check on the resolved numeral, one `syn::Error` per problem.
pub fn check(decl: &Decl, r: &Resolved, name: &str, errors: &mut Vec<syn::Error>) {
    let n = Numeral::new(
        name,
        decl.rows.value,
        decl.cols.value,
        r.elements,
        &r.digits,
    )
    .with_warps(r.warps);
    let found = n.errors();
    for e in found.iter() {
        let msg = e.message(&n).to_string();
        let at = |i: usize| &decl.digits[r.rows[i]];
        let tokens: TokenStream = match e {
            LayoutError::DegenerateRange { digit } => {
                let row = at(digit);
                match row.range {
                    Some(rng) => spanned(rng.span),
                    None => row.expr.clone(),
                }
            }
            LayoutError::ZeroDivisor { digit } => match at(digit).divisor {
                Some(d) => spanned(d.span),
                None => at(digit).expr.clone(),
            },
            LayoutError::ZeroPlace { digit }
            | LayoutError::PlaceGap { digit, .. }
            | LayoutError::PlaceOverlap { second: digit, .. }
            | LayoutError::PlaceMove { digit, .. }
            | LayoutError::PlaceMoves { first: digit, .. } => place_tokens(at(digit)),
            LayoutError::SpanMismatch { span, size, top } => match top {
                Some(t) if span > size => place_tokens(at(t)),
                _ => decl.header.clone(),
            },
            other => match other.digit() {
                Some(d) => at(d).expr.clone(),
                None => decl.header.clone(),
            },
        };
        errors.push(syn::Error::new_spanned(tokens, msg));
    }
    if found.dropped() > 0 {
        errors.push(syn::Error::new_spanned(
            &decl.header,
            format!("and {} more problems not shown", found.dropped()),
        ));
    }
}

fn place_tokens(row: &DigitRow) -> TokenStream {
    spanned(row.place.span)
}

/// A token carrying `span`, for `new_spanned`.
fn spanned(span: proc_macro2::Span) -> TokenStream {
    let mut lit = proc_macro2::Literal::u32_unsuffixed(0);
    lit.set_span(span);
    proc_macro2::TokenTree::Literal(lit).into()
}
