//! Expanding a resolved `numeral!` into a `const` of `layout_core::Numeral` and a compile-time
//! assertion; or, after an error, into the same `const` without the assertion, so that code
//! using it reports no further errors.

use super::ast::Decl;
use super::resolve::Resolved;
use layout_core::Numeral;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

pub fn expand(decl: &Decl, r: &Resolved, checked: bool) -> TokenStream {
    let Decl {
        attrs, vis, name, ..
    } = decl;
    let n = r.numeral.as_numeral();
    let (name_str, rows, cols, warps, elements) = (n.name, n.rows, n.cols, n.warps, n.elements);
    let digits = n.digits.iter().map(|d| {
        let ctor = format_ident!("{}", d.source.constructor());
        let (div, range, place) = (d.divisor, d.range, d.place);
        quote!(::fraglayout::Digit::#ctor(#div, #range, #place))
    });
    let table = digit_table_doc(&n);
    let assertion = checked.then(|| quote!(const _: () = ::fraglayout::assert_bijection(&#name);));
    quote! {
        #(#attrs)*
        #[doc = #table]
        #vis const #name: ::fraglayout::Numeral<'static> = ::fraglayout::Numeral::new(
            #name_str, #rows, #cols, #elements, &[#(#digits),*],
        ).with_warps(#warps);
        #assertion
    }
}

/// The digit table appended to the constant's docs.
fn digit_table_doc(n: &Numeral) -> String {
    let mut s = format!(
        "\n\n{} x {} tile, {} threads, {} elements per thread.\n\n\
         | digit | range | place |\n|---|---|---|\n",
        n.rows,
        n.cols,
        n.threads(),
        n.elements
    );
    let mut sorted: Vec<_> = n.digits.to_vec();
    // Broadcast digits (place 0) last.
    sorted.sort_by_key(|d| d.place.wrapping_sub(1));
    for d in &sorted {
        let mut m = layout_core::Message::new();
        m.push_digit(d, n.extent(d.source));
        let place = match d.place {
            0 => super::parse::BROADCAST.to_string(),
            p => p.to_string(),
        };
        s.push_str(&format!("| `{m}` | {} | {place} |\n", d.range));
    }
    s
}
