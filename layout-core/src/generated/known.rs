//! The one compile-time check of a function whose numeral the macro looked up in the catalog.
//!
//! When `#[fragment_layout(PATH)]`'s last segment names a catalog layout
//! (`fraglayout::catalog::SM80_16x8x16_F32_C`, or a user's `use` of it), the macro reads the
//! digits from its own copy of the catalog and writes the function's tables as literals,
//! instead of having every function evaluate them from the constant. The generated code
//! then checks that `PATH` really is that layout:
//! `const _: () = if let Some(m) = catalog_layout_error(&PATH, &catalog::NAME, "PATH") { panic!(..) };`,
//! one comparison of a few numbers per digit; not where `PATH` is `::fraglayout::catalog::NAME`,
//! the catalog's constant itself.

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
