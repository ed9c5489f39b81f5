//! A numeral the macro knows: a path whose last segment names a catalog layout
//! (`fraglayout::catalog::SM90_64xNx16_F32_C_N64`, or `N64` after a `use`). The macro reads its
//! digits from its own copy of the catalog, so it writes the function's tables as literals,
//! computed here by the very functions the generated code would call
//! ([`Numeral::reaches`], [`Numeral::thread_terms`], [`Numeral::thread_wrap`]), and evaluates
//! the compile-time checks of the fragment's length, `vector = N` and `packed` here too. The
//! generated code keeps one check that the path really is that layout, by type
//! ([`CatalogPath::guard`]): a user's own constant under a catalog name fails to compile instead of
//! getting the catalog's code; a path `::fraglayout::catalog::NAME` is the catalog's constant
//! itself, which needs no check ([`Known::consts`]). Every other numeral, and a catalog layout
//! one of whose checks fails (so that its message is the one it always was), takes the
//! const-evaluated path. An affine body over a slice takes no tables at all: `straight.rs`.
//!
//! Why: each function evaluating its tables from the constant was about half of the compile
//! time of a crate of epilogues (issue 17; docs/PERFORMANCE.md, compile time).

use super::ast::Fragment;
use super::checks::numeral_error;
use crate::catalog_path::CatalogPath;
use layout_core::generated::Reaches;
use layout_core::Numeral;
use proc_macro2::{Literal, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

/// The most elements whose tables the macro writes out: the largest catalog fragment (the
/// packed `tcgen05.ld` x128 layouts).
pub(super) const MOST: usize = 256;

/// The catalog layout the numeral names, when every check the generated code would make of it
/// passes.
pub struct Known {
    path: CatalogPath,
}

impl Known {
    /// The catalog layout `f`'s numeral names, if its checks pass for `f` (`elements`: the
    /// element count the expansion reaches).
    pub fn of(f: &Fragment, elements: usize) -> Option<Known> {
        let path = CatalogPath::of(&f.args.numeral)?;
        let numeral = path.numeral;
        let checks_pass = numeral.errors().is_empty()
            && numeral_error(f, numeral).is_none()
            && elements <= MOST
            && elements == numeral.elements as usize;
        checks_pass.then_some(Known { path })
    }

    /// The catalog's numeral.
    pub fn numeral(&self) -> &'static Numeral<'static> {
        self.path.numeral
    }

    /// `__FL_NUMERAL` where the code needs it (the path as written, spanned on it), and the
    /// [guard](CatalogPath::guard) where the path may not be the catalog's constant. A path that is
    /// `::fraglayout::catalog::NAME` is the catalog's constant by the rule every generated
    /// line relies on (`::fraglayout` is the facade crate), so comparing it with itself is
    /// left out.
    pub fn consts(&self, f: &Fragment, numeral_needed: bool) -> TokenStream {
        let numeral = &f.args.numeral;
        let constant = numeral_needed.then(|| {
            quote_spanned! {numeral.span()=>
                const __FL_NUMERAL: ::fraglayout::Numeral<'static> = #numeral;
            }
        });
        let guard = self.path.guard(numeral);
        quote!(#constant #guard)
    }

    /// The thread count, a `u32` literal.
    pub fn threads(&self) -> TokenStream {
        let n = Literal::u32_suffixed(self.path.numeral.threads());
        quote!(#n)
    }

    /// `__FL_TERMS` and `__FL_WRAP` as literals: the values of
    /// `__FL_NUMERAL.thread_terms_array()` and `__FL_NUMERAL.thread_wrap()`.
    pub fn thread_consts(&self) -> TokenStream {
        let n = self.path.numeral;
        let count = n.thread_term_count();
        let terms = n.thread_terms();
        let terms = terms[..count].iter().map(|t| {
            let [d, m, r, c, o] = [t.divisor, t.modulus, t.row_mul, t.col_mul, t.offset_mul]
                .map(Literal::u32_unsuffixed);
            quote! {
                ::fraglayout::generated::ThreadTerm {
                    divisor: #d, modulus: #m, row_mul: #r, col_mul: #c, offset_mul: #o,
                }
            }
        });
        let (count, wrap) = (
            Literal::usize_unsuffixed(count),
            Literal::usize_unsuffixed(n.thread_wrap()),
        );
        quote! {
            const __FL_TERMS: [::fraglayout::generated::ThreadTerm; #count] = [#(#terms),*];
            const __FL_WRAP: usize = #wrap;
        }
    }

    /// `__FL_REACH` as a literal: the value of `&__FL_NUMERAL.reaches(footprint)` for the
    /// first `elements` elements, each array `[v; N]` where its entries are all one.
    pub fn reaches(&self, elements: usize, footprint: bool) -> TokenStream {
        let r: Reaches<MOST> = self.path.numeral.reaches(footprint);
        let array = |a: &[usize; MOST]| {
            let a = &a[..elements];
            if a.iter().all(|&v| v == a[0]) {
                let (v, n) = (
                    Literal::usize_unsuffixed(a[0]),
                    Literal::usize_unsuffixed(elements),
                );
                quote!([#v; #n])
            } else {
                let vs = a.iter().map(|&v| Literal::usize_unsuffixed(v));
                quote!([#(#vs),*])
            }
        };
        let fields = [
            ("low_row", &r.low_row),
            ("low_col", &r.low_col),
            ("at_row", &r.at_row),
            ("at_col", &r.at_col),
            ("start_row", &r.start_row),
            ("start_col", &r.start_col),
            ("extent_row", &r.extent_row),
            ("extent_col", &r.extent_col),
            ("place_row", &r.place_row),
            ("place_col", &r.place_col),
        ]
        .map(|(name, a)| {
            let (name, a) = (
                syn::Ident::new(name, proc_macro2::Span::call_site()),
                array(a),
            );
            quote!(#name: #a)
        });
        let n = Literal::usize_unsuffixed(elements);
        quote! {
            const __FL_REACH: &::fraglayout::generated::Reaches<#n> =
                &::fraglayout::generated::Reaches { #(#fields),* };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::MOST;
    use layout_core::catalog::CATALOG;
    use layout_core::generated::Reaches;

    /// The literals the macro writes are the first `elements` entries of `Reaches<MOST>`: they
    /// are the entries of `Reaches<N>` with `N` the numeral's elements, the table the generated
    /// code would evaluate, for every catalog layout of these sizes (both paths).
    #[test]
    fn the_written_reaches_are_the_evaluated_ones() {
        fn check<const N: usize>() -> usize {
            let mut checked = 0;
            for entry in CATALOG.iter().filter(|e| e.numeral.elements as usize == N) {
                for footprint in [false, true] {
                    let (exact, wide): (Reaches<N>, Reaches<MOST>) = (
                        entry.numeral.reaches(footprint),
                        entry.numeral.reaches(footprint),
                    );
                    for e in 0..N {
                        let got = (wide.at(e), wide.low(e), wide.reach(e));
                        let want = (exact.at(e), exact.low(e), exact.reach(e));
                        assert_eq!(got, want, "{} {e}", entry.name());
                    }
                }
                checked += 1;
            }
            checked
        }
        let checked = check::<1>()
            + check::<2>()
            + check::<4>()
            + check::<8>()
            + check::<16>()
            + check::<32>()
            + check::<64>()
            + check::<128>();
        assert!(checked > 100, "{checked} layouts");
    }
}
