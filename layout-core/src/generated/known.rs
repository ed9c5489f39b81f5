//! The one compile-time check of a function whose numeral the macro looked up in the catalog.
//!
//! When `#[fragment_layout(PATH)]`'s last segment names a catalog layout
//! (`fraglayout::catalog::SM80_16x8x16_F32_C`, or a user's `use` of it), the macro reads the
//! digits from its own copy of the catalog and writes the function's tables as literals,
//! instead of having every function evaluate them from the constant. The generated code
//! then checks that `PATH` really is that layout:
//! `const _: () = if !same_catalog_layout(PATH, catalog::NAME) { panic!("MESSAGE") };`, one
//! comparison of a few numbers per digit, with the message of [`catalog_layout_error`] written
//! by the macro; not where `PATH` is `::fraglayout::catalog::NAME`, the catalog's constant
//! itself.

use crate::catalog::same_layout;
use crate::message::Message;
use crate::Numeral;

/// Why `n` (written `written` in the user's code) cannot take the code of the catalog layout
/// `catalog` whose name its path ends with, if it cannot: its tile, threads, elements or
/// digits differ from the catalog's (the names may differ).
///
/// ```
/// use layout_core::catalog::{SM75_16x8x8_F32_C, SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C};
/// use layout_core::generated::catalog_layout_error;
/// // The same layout under another name passes.
/// assert!(catalog_layout_error(&SM75_16x8x8_F32_C, &SM80_16x8x16_F32_C, "C").is_none());
/// let m = catalog_layout_error(&SM80_16x8x16_F16_A_ROW, &SM80_16x8x16_F32_C, "my::SM80_16x8x16_F32_C");
/// assert_eq!(
///     m.unwrap().as_str(),
///     "`my::SM80_16x8x16_F32_C` is named like the catalog layout `SM80_16x8x16_F32_C` \
///      but its digits differ: rename the constant, or use the catalog's"
/// );
/// ```
pub const fn catalog_layout_error(
    n: &Numeral,
    catalog: &Numeral,
    written: &str,
) -> Option<Message> {
    if same_layout(n, catalog) {
        return None;
    }
    let mut m = Message::new();
    m.push("`");
    m.push(written);
    m.push("` is named like the catalog layout `");
    m.push(catalog.name);
    m.push("` but its digits differ: rename the constant, or use the catalog's");
    Some(m)
}

/// Whether `n` has the digits of the catalog layout `catalog` (the names may differ): what
/// the guard of a function on a catalog layout evaluates (the macro writes the message of
/// [`catalog_layout_error`] itself). The numerals are taken by value and the digits walked
/// without a call: the compiler evaluates this once per generated function, and a reference
/// to the constant (`&PATH`) and a call per digit cost it about as much again as the rest.
///
/// ```
/// use layout_core::catalog::{SM75_16x8x8_F32_C, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F32_C};
/// use layout_core::generated::same_catalog_layout;
/// assert!(same_catalog_layout(SM75_16x8x8_F32_C, SM80_16x8x16_F32_C));
/// assert!(!same_catalog_layout(SM80_16x8x16_F16_B_COL, SM80_16x8x16_F32_C));
/// ```
pub const fn same_catalog_layout(n: Numeral, catalog: Numeral) -> bool {
    if n.rows != catalog.rows
        || n.cols != catalog.cols
        || n.warps != catalog.warps
        || n.elements != catalog.elements
        || n.digits.len() != catalog.digits.len()
    {
        return false;
    }
    let (mut a, mut b) = (n.digits, catalog.digits);
    while let ([x, ra @ ..], [y, rb @ ..]) = (a, b) {
        if x.source as u8 != y.source as u8
            || x.divisor != y.divisor
            || x.range != y.range
            || x.place != y.place
        {
            return false;
        }
        (a, b) = (ra, rb);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::same_catalog_layout;
    use crate::catalog::{same_layout, CATALOG};

    /// The guard's comparison is the catalog's `same_layout` for every pair of catalog layouts.
    #[test]
    fn same_catalog_layout_is_same_layout() {
        for a in CATALOG {
            for b in CATALOG {
                let (x, y) = (*a.numeral, *b.numeral);
                assert_eq!(
                    same_catalog_layout(x, y),
                    same_layout(&x, &y),
                    "{} {}",
                    a.name(),
                    b.name()
                );
            }
        }
    }
}
