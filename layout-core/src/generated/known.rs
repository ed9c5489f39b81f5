//! The one compile-time check of a function whose numeral the macro looked up in the catalog.
//!
//! When `#[fragment_layout(PATH)]`'s last segment names a catalog layout
//! (`fraglayout::catalog::SM80_16x8x16_F32_C`, or a user's `use` of it), the macro reads the
//! digits from its own copy of the catalog and writes the function's tables as literals,
//! instead of having every function evaluate them from the constant. The generated code
//! then checks that `PATH` really is that layout:
//! `const _: () = if !same_catalog_layout(PATH, catalog::NAME) { panic!("MESSAGE") };`, one
//! comparison of a few numbers per digit, with the message of [`named_like_catalog`] written
//! by the macro; not where `PATH` is `::fraglayout::catalog::NAME`, the catalog's constant
//! itself.

use crate::message::Message;
use crate::Numeral;

/// The message of a path `written` whose last segment names the catalog layout `catalog` but
/// whose digits differ: the macro writes it into the guard's `panic!` (the guard compares with
/// [`same_catalog_layout`]).
///
/// ```
/// use layout_core::generated::named_like_catalog;
/// assert_eq!(
///     named_like_catalog("my::SM80_16x8x16_F32_C", "SM80_16x8x16_F32_C").as_str(),
///     "`my::SM80_16x8x16_F32_C` is named like the catalog layout `SM80_16x8x16_F32_C` \
///      but its digits differ: rename the constant, or use the catalog's"
/// );
/// ```
pub const fn named_like_catalog(written: &str, catalog: &str) -> Message {
    let mut m = Message::new();
    m.push("`");
    m.push(written);
    m.push("` is named like the catalog layout `");
    m.push(catalog);
    m.push("` but its digits differ: rename the constant, or use the catalog's");
    m
}

/// Whether `n` has the digits of the catalog layout `catalog` (the names may differ): what
/// the guard of a function on a catalog layout evaluates (the macro writes the message of
/// [`named_like_catalog`] itself), and the catalog's own `same as` check. The numerals are taken by value and the digits walked
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
    use crate::catalog::CATALOG;
    use crate::Numeral;

    /// The comparison is equality of everything but the name, for every pair of catalog
    /// layouts (the catalog has layouts that share digits under other names, and layouts that
    /// differ in each part).
    #[test]
    fn same_catalog_layout_is_equality_but_for_the_name() {
        let (mut same, mut differ) = (0, 0);
        for a in CATALOG {
            for b in CATALOG {
                let (x, y) = (*a.numeral, *b.numeral);
                let equal = Numeral { name: y.name, ..x } == y;
                assert_eq!(
                    same_catalog_layout(x, y),
                    equal,
                    "{} {}",
                    a.name(),
                    b.name()
                );
                if equal {
                    same += 1
                } else {
                    differ += 1
                }
            }
        }
        assert!(same > CATALOG.len() && differ > 0);
    }
}
