//! A numeral named like one of the library's layouts must be that layout: the layout macros
//! read a catalog name as the catalog's layout (`catalog_path.rs`), so a numeral of one's own
//! under that name would either fail to compile where it is used, with the compiler's words, or,
//! beside `use fraglayout::catalog::*`, be silently replaced by the catalog's.
//!
//! "That layout" is the same map: the same tile, warps and element count, and every
//! `(thread, e)` on the same cell. Digits in another order, or split otherwise, are the same
//! layout and pass.

use crate::catalog_path::library_layout;
use layout_core::Numeral;
use syn::Ident;

/// The error for a numeral `n`, declared as `name`, that has a library layout's name and is
/// another layout; `n` is a valid numeral (checked before).
pub fn check(name: &Ident, n: &Numeral) -> Option<syn::Error> {
    let (library, module) = library_layout(&name.to_string())?;
    let how = difference(n, library)?;
    let module = module.join("::");
    Some(syn::Error::new(
        name.span(),
        format!(
            "`{name}` is the name of `fraglayout::{module}::{name}`, and this numeral is \
             another layout ({how}): the layout macros read the name as the library's; give \
             this numeral a name of its own, e.g. `{name}_OWN`"
        ),
    ))
}

/// How `n` differs from `library`, first in the tile, then the warps, the element count, and
/// the first `(thread, e)` on another cell; `None` when they are one layout.
fn difference(n: &Numeral, library: &Numeral) -> Option<String> {
    if (n.rows, n.cols) != (library.rows, library.cols) {
        return Some(format!(
            "a {} x {} tile, not {} x {}",
            n.rows, n.cols, library.rows, library.cols
        ));
    }
    if n.warps != library.warps {
        return Some(format!("{} warps, not {}", n.warps, library.warps));
    }
    if n.elements != library.elements {
        return Some(format!(
            "{} elements per thread, not {}",
            n.elements, library.elements
        ));
    }
    let who = if n.warps == 1 { "lane" } else { "thread" };
    // Both numerals are valid: every `(thread, e)` has a cell in each.
    (0..n.threads()).find_map(|t| {
        (0..n.elements).find_map(|e| match (n.coords(t, e), library.coords(t, e)) {
            (Some(here), Some(there)) if here != there => {
                Some(format!("{who} {t}, element {e} at {here:?}, not {there:?}"))
            }
            _ => None,
        })
    })
}
