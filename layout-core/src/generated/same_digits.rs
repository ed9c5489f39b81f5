//! Whether two numerals have the same digits: the catalog's own `same as` check, and the
//! packed layouts' comparison. (`#[fragment_layout(PATH)]` on a catalog name checks that
//! `PATH` is the catalog's layout by type, not by value: `catalog::declare`.)

use crate::Numeral;

/// Whether `n` has the digits of the catalog layout `catalog` (the names may differ). The
/// numerals are taken by value and the digits walked without a call, which the compiler
/// evaluates fastest.
///
/// ```
/// use fraglayout::catalog::{SM75_16x8x8_F32_C, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F32_C};
/// use fraglayout::generated::same_catalog_layout;
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
