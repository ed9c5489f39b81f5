//! A layout argument that names a catalog layout: a path whose last segment is a catalog name
//! (`::fraglayout::catalog::SM80_16x8x16_F32_C`, or `SM80_16x8x16_F32_C` after a `use`), or the
//! name of one of the conversions' extra layouts (`convert::examples::MARKED`, such as
//! `VEC4_16x8_ROW`), declared the same way. A macro that knows the layout reads its digits from
//! its own copy of the library and decides at expansion time what the compiler would otherwise
//! decide by evaluating constants; the generated code keeps one check that the path really is
//! that layout, by type ([`CatalogPath::guard`]).

use layout_core::{catalog, Numeral};
use proc_macro2::TokenStream;
use quote::quote_spanned;
use syn::spanned::Spanned;

/// The catalog layout a path names.
pub(crate) struct CatalogPath {
    pub numeral: &'static Numeral<'static>,
    /// Whether the path is `::fraglayout::catalog::NAME` (`::fraglayout::convert::examples::NAME`):
    /// the library's constant itself.
    pub absolute: bool,
    /// The module of `::fraglayout` that declares it: `["catalog"]`, or `["convert",
    /// "examples"]` for the conversions' extra layouts (`convert::examples::MARKED`).
    module: &'static [&'static str],
}

const CATALOG: &[&str] = &["catalog"];
const EXAMPLES: &[&str] = &["convert", "examples"];

/// The library's layout named `name`, and the module of `::fraglayout` that declares it: a
/// catalog layout, or one of the conversions' extra layouts.
pub(crate) fn library_layout(
    name: &str,
) -> Option<(&'static Numeral<'static>, &'static [&'static str])> {
    match catalog::find(name) {
        Some(entry) => Some((entry.numeral, CATALOG)),
        None => {
            use layout_core::convert::examples::{numeral, MARKED};
            MARKED.contains(&name).then_some(())?;
            Some((numeral(name)?, EXAMPLES))
        }
    }
}

impl CatalogPath {
    /// The catalog layout `expr` names, if it is a plain path whose last segment is a catalog
    /// name (as written, or as a `macro_rules!` macro passes a `$layout:path` on: in an
    /// invisible group).
    pub fn of(expr: &syn::Expr) -> Option<CatalogPath> {
        let p = match expr {
            syn::Expr::Path(p) => p,
            syn::Expr::Group(g) if g.attrs.is_empty() => return CatalogPath::of(&g.expr),
            _ => return None,
        };
        let last = p.path.segments.last()?;
        if p.qself.is_some() || !last.arguments.is_none() {
            return None;
        }
        let name = last.ident.to_string();
        let (numeral, module) = library_layout(&name)?;
        let segments: Vec<String> = p
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        let absolute = p.path.leading_colon.is_some()
            && segments.len() == module.len() + 2
            && segments[0] == "fraglayout"
            && segments[1..=module.len()] == *module;
        Some(CatalogPath {
            numeral,
            absolute,
            module,
        })
    }

    /// The one check generated code keeps, spanned on `expr` (the path this was read from);
    /// nothing for `::fraglayout::catalog::NAME`, the catalog's constant by the rule every
    /// generated line relies on (`::fraglayout` is the facade crate). The path is read in the
    /// type namespace, where the catalog declares a hidden empty struct of each layout's name
    /// beside its constant (`catalog::declare`): `let _: PhantomData<PATH> =
    /// PhantomData::<::fraglayout::catalog::NAME>;`. Type checking it costs the compiler next
    /// to nothing, where evaluating the two constants and comparing their digits cost about
    /// 1.5 million of its instructions a function (docs/PERFORMANCE.md, compile time). A
    /// constant of the user's under a catalog name (and no `use` of the catalog's) fails to
    /// compile here: no type of that name is in scope. Not caught here: such a constant beside
    /// a glob import of the catalog, whose struct then answers for the name (a value check
    /// would need a `const` body a function); `numeral!` refuses a catalog name for another
    /// layout (`numeral/name.rs`), which leaves constants built by hand.
    pub fn guard(&self, expr: &syn::Expr) -> Option<TokenStream> {
        if self.absolute {
            return None;
        }
        let span = expr.span();
        let name = syn::Ident::new(self.numeral.name, span);
        let module = self.module.iter().map(|m| syn::Ident::new(m, span));
        Some(quote_spanned! {span=>
            let _: ::core::marker::PhantomData<#expr> =
                ::core::marker::PhantomData::<::fraglayout #(::#module)* ::#name>;
        })
    }
}
