//! One differential test over every catalog layout and body form: the code
//! `#[fragment_layout]` generates (straight-line code, footprint and row-run slices, the
//! closure path, partial tiles, raw pointers and unchecked slices, vectors, swizzles written
//! into the index, padded and swizzled shared tiles, packed gathers, a typed thread index) against
//! the element path, the closure body run at each element's `Numeral::coords`, on the same
//! inputs, for every thread of the layout and one outside it (`harness.rs`).
//!
//! The catalog's layouts share numerals (`F16` and `BF16` operands share theirs, an
//! accumulator serves several instructions): the lists (`layouts.rs`) hold one layout of each
//! distinct numeral (the broadcast scale layouts in the gathers' list, as they have no
//! scatter), and `the_list_covers_every_catalog_layout` checks that every catalog layout's
//! digits are one of them, so a new layout with new digits fails here until it is listed.
//! This binary runs the `mma` list and the gathers; the other lists are binaries of their own
//! (`differential_LIST.rs`: the 1-bit operands, the `wgmma` operands and the TMEM layouts, and
//! the `wgmma` accumulators in three), each a fifth of the code to compile.

#[macro_use]
mod harness;
use harness::*;

/// The broadcast layouts (the sm_120 scale factors): the gathers only, a scatter of them being
/// refused at compile time.
macro_rules! differential_gather {
    ($($name:ident: $e:literal;)*) => {
        $(
        #[allow(non_snake_case)]
        mod $name {
            use super::*;
            use fraglayout::fragment_layout;

            const N: &Numeral = &fraglayout::catalog::$name;

            gather_forms!($name, $e);

            #[test]
            fn every_gather_is_the_element_path() {
                check_gathers!();
            }
        }
        )*
    };
}

/// The layouts of a list, as `&[&Numeral]`.
macro_rules! names {
    ($($name:ident: $e:literal, $threads:literal $(, $flag:ident $(($arg:literal))?)*;)*) => {
        &[$(&fraglayout::catalog::$name),*]
    };
    (@gathers $($name:ident: $e:literal;)*) => {
        &[$(&fraglayout::catalog::$name),*]
    };
}

macro_rules! layouts {
    (
        mma { $($mma:tt)* }
        b1_sm90_tmem { $($b1:tt)* }
        wgmma_n8_144 { $($w1:tt)* }
        wgmma_n152_208 { $($w2:tt)* }
        wgmma_n216_256 { $($w3:tt)* }
        gathers { $($gathers:tt)* }
    ) => {
        differential! { $($mma)* }
        differential_gather! { $($gathers)* }
        /// The listed layouts, one of each distinct numeral, in every binary.
        const LISTED: &[&Numeral] = names!($($mma)* $($b1)* $($w1)* $($w2)* $($w3)*);
        /// The listed broadcast layouts.
        const GATHER_ONLY: &[&Numeral] = names!(@gathers $($gathers)*);
    };
}

include!("layouts.rs");

#[test]
fn the_list_covers_every_catalog_layout() {
    for entry in fraglayout::catalog::CATALOG {
        let n = entry.numeral;
        if let Some(x1) = wider_tcgen05(n.name) {
            // `.num` above 2 scales the ranges and places of the x1 / x2 digits, listed here:
            // unrolling all 74 `tcgen05` layouts (up to 256 elements) would dwarf this binary.
            for sibling in [x1.clone(), x1.replace("1x", "2x")] {
                let m = fraglayout::catalog::find(&sibling).unwrap().numeral;
                assert!(
                    LISTED.iter().any(|l| l.digits == m.digits),
                    "{sibling} not listed"
                );
            }
            continue;
        }
        assert!(
            LISTED
                .iter()
                .chain(GATHER_ONLY)
                .any(|l| l.digits == n.digits
                    && (l.rows, l.cols, l.elements) == (n.rows, n.cols, n.elements)),
            "{}: digits of its own: add it to tests/differential/layouts.rs",
            n.name
        );
    }
}

/// For a `tcgen05` layout at `.num` above 2 (`SM100_TMEM_16dp256b8x_16b`), its x1 name
/// (`SM100_TMEM_16dp256b1x_16b`).
fn wider_tcgen05(name: &str) -> Option<String> {
    let rest = name.strip_prefix("SM100_TMEM_")?;
    let b = rest.find('b')?;
    let x = rest.find('x')?;
    let num: u32 = rest[b + 1..x].parse().ok()?;
    (num > 2).then(|| format!("SM100_TMEM_{}1{}", &rest[..=b], &rest[x..]))
}
