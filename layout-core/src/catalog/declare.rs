//! `layouts!`: the catalog's declarations, one per layout, in `numeral!`'s words.
//!
//! ```ignore
//! layouts! {
//!     entries ENTRIES { arch: "sm_80", ptx_section: M16N8K16_FLOAT }
//!
//!     /// C/D of `m16n8k16` with f32 accumulators.
//!     ///
//!     /// PTX: `row = groupID + 8 * (i / 2)`, `col = 2 * threadID_in_group + (i % 2)`.
//!     pub SM80_16x8x16_F32_C: 16 x 8 {
//!         e % 2        => 1  "col bit 0",
//!         lane % 4     => 2  "col bits 1-2",
//!         lane / 4 % 8 => 8  "row 0..8",
//!         e / 2 % 2    => 64 "row + 8 (c2, c3)",
//!     }
//!     entry { operand: C, element_type: "f32", element_bits: 32, instructions: &[F16_F32] }
//!
//!     /// C/D of `m16n8k16` with f16 accumulators: the layout of [`SM80_16x8x16_F32_C`].
//!     pub SM80_16x8x16_F16_C = SM80_16x8x16_F32_C;
//!     entry { operand: C, element_type: "f16", element_bits: 16, instructions: &[F16_F16] }
//! }
//! ```
//!
//! - The header `NAME: ROWS x COLS [, elements E] [, warps W]` and the digit rows
//!   `SOURCE [/ DIVISOR] % RANGE => PLACE ["meaning"]` are `numeral!`'s syntax, with every range
//!   written out (the rustdoc table shows it; the checks below prove it matches the inputs).
//!   `elements` defaults, as in `numeral!`, to the tile size over the threads.
//! - It declares `pub const NAME: Numeral` named `"NAME"`, appends to the doc comment the digit
//!   table (digit, range, place, meaning: the optional string after the place), and checks the
//!   numeral at compile time: [`assert_bijection`](crate::assert_bijection) and
//!   [`thread_terms`](crate::Numeral::thread_terms).
//! - `, same as OTHER` after the header also checks at compile time that the digits are
//!   exactly `OTHER`'s: for a layout whose table reads differently from `OTHER`'s (a metadata
//!   layout that is an A layout) while the numeral is the same.
//! - `pub NAME = OTHER;` declares `NAME` as the layout `OTHER` (a constant, or any constant
//!   expression such as `wgmma_accumulator(64)`) under its own name, checked the same way.
//! - Each declaration also declares a hidden empty struct of the same name (`pub struct NAME
//!   {}`, in the type namespace only): a `use` of the layout imports both, and
//!   `#[fragment_layout(NAME)]` checks at no compile-time cost that the type `NAME` in scope is
//!   the catalog's, which the macro's literal copy of the digits relies on.
//! - `entry { FIELD: VALUE, ... }` after each declaration is its catalog
//!   [`Entry`](super::Entry) but for `numeral`: the fields by name, in any order, with the
//!   [`Operand`](super::Operand) variants in scope (`operand: A`). The header
//!   `entries LIST { FIELD: VALUE, ... }` gives the fields the entries share, and
//!   `entries { FIELD: VALUE, ... }` between declarations gives new shared fields for the
//!   entries after it. A field missing from both, or given in both, is a compile error (the
//!   struct literal names every field). The entries, in declaration
//!   order, make `const LIST: &[Entry]`.

use crate::Numeral;

/// Declares catalog layouts and their entries (see the module docs).
macro_rules! layouts {
    (entries $list:ident { $($shared:tt)* } $($rest:tt)*) => {
        $crate::catalog::declare::layouts!(@item [$list] [$($shared)*] [] $($rest)*);
    };

    // A layout with its digits.
    (@item [$list:ident] [$($shared:tt)*] [$($done:tt)*]
        $(#[$attr:meta])*
        $vis:vis $name:ident : $rows:literal x $cols:literal
            $(, elements $elements:literal)? $(, warps $warps:literal)? $(, same as $same:ident)? {
            $($source:ident $(/ $divisor:literal)? % $range:literal => $place:literal
                $($meaning:literal)?),+ $(,)?
        }
        entry { $($field:ident : $value:expr),* $(,)? }
        $($rest:tt)*
    ) => {
        $(#[$attr])*
        ///
        /// | digit | range | place | meaning |
        /// |-------|-------|-------|---------|
        $(
            #[doc = concat!(
                "| `", stringify!($source $(/ $divisor)? % $range), "` | ", stringify!($range),
                " | ", stringify!($place), " | ", $($meaning,)? " |"
            )]
        )+
        $vis const $name: $crate::Numeral = {
            const WARPS: u32 = $crate::catalog::declare::layouts!(@or 1 $(, $warps)?);
            $crate::Numeral::new(
                stringify!($name),
                $rows,
                $cols,
                $crate::catalog::declare::layouts!(
                    @or $rows * $cols / ($crate::LANES * WARPS) $(, $elements)?
                ),
                &[$(
                    $crate::Digit::new(
                        $crate::catalog::declare::layouts!(@source $source),
                        $crate::catalog::declare::layouts!(@or 1 $(, $divisor)?),
                        $range,
                        $place,
                    ),
                )+],
            )
            .with_warps(WARPS)
        };
        $crate::catalog::declare::layouts!(@marker $vis $name);
        $crate::catalog::checked!($name);
        $(
            const _: () = assert!(
                $crate::catalog::declare::same_layout(&$name, &$same),
                concat!(stringify!($name), " is not the layout of ", stringify!($same)),
            );
        )?
        $crate::catalog::declare::layouts!(
            @item [$list] [$($shared)*]
            [$($done)* ($name, [$($field: $value,)* $($shared)*])]
            $($rest)*
        );
    };

    // An alias: another layout's digits under this name.
    (@item [$list:ident] [$($shared:tt)*] [$($done:tt)*]
        $(#[$attr:meta])*
        $vis:vis $name:ident = $target:expr;
        entry { $($field:ident : $value:expr),* $(,)? }
        $($rest:tt)*
    ) => {
        $(#[$attr])*
        $vis const $name: $crate::Numeral = $target.renamed(stringify!($name));
        $crate::catalog::declare::layouts!(@marker $vis $name);
        $crate::catalog::checked!($name);
        $crate::catalog::declare::layouts!(
            @item [$list] [$($shared)*]
            [$($done)* ($name, [$($field: $value,)* $($shared)*])]
            $($rest)*
        );
    };

    // New shared fields for the entries that follow.
    (@item [$list:ident] [$($old:tt)*] [$($done:tt)*] entries { $($shared:tt)* } $($rest:tt)*) => {
        $crate::catalog::declare::layouts!(@item [$list] [$($shared)*] [$($done)*] $($rest)*);
    };

    // Every declaration read: the entry list.
    (@item [$list:ident] [$($shared:tt)*] [$(($name:ident, [$($fields:tt)*]))*]) => {
        pub(super) const $list: &[$crate::catalog::Entry] = {
            #[allow(unused_imports)]
            use $crate::catalog::Operand::*;
            &[$($crate::catalog::Entry { numeral: &$name, $($fields)* },)*]
        };
    };

    // The name in the type namespace too: `#[fragment_layout(NAME)]` checks that `NAME` is
    // the catalog's by this type (see the module docs).
    (@marker $vis:vis $name:ident) => {
        #[doc(hidden)]
        #[allow(non_camel_case_types)]
        $vis struct $name {}
    };

    (@source lane) => { $crate::Source::Lane };
    (@source warp) => { $crate::Source::Warp };
    (@source e) => { $crate::Source::Element };
    (@or $default:expr) => { $default };
    (@or $default:expr, $given:expr) => { $given };
}
pub(crate) use layouts;

/// Whether `a` and `b` are one layout: the same tile, threads, elements and digits, in order
/// (the names may differ). `layouts!` checks `same as` declarations with it.
pub(crate) const fn same_layout(a: &Numeral, b: &Numeral) -> bool {
    crate::generated::same_catalog_layout(*a, *b)
}

#[cfg(test)]
mod tests {
    use super::same_layout;
    use crate::catalog::{
        SM75_16x8x8_F32_C, SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N, SM80_16x8x16_F32_C,
        SM90_64xNx16_F16_A_RS,
    };

    #[test]
    fn same_layout_ignores_the_name_and_nothing_else() {
        assert!(same_layout(&SM75_16x8x8_F32_C, &SM80_16x8x16_F32_C));
        // The same tile with other places, the same digits over 4 warps, another tile: not one
        // layout.
        assert!(!same_layout(&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T));
        let wider = SM80_16x8x16_F32_C.with_warps(4);
        assert!(!same_layout(&wider, &SM80_16x8x16_F32_C));
        assert!(!same_layout(&SM90_64xNx16_F16_A_RS, &SM80_16x8x16_F32_C));
    }
}
