//! The names the macros' own code binds all begin with `__fl_` (locals) or `__FL_` (constants).
//! A user's function that names one (a parameter, a local of the body, a constant it reads) is
//! refused, on that name, so that no name of the generated code can shadow or capture one of
//! the user's.

use proc_macro2::{TokenStream, TokenTree};

/// An error on the first occurrence of each name in `item` (the function's tokens as the
/// macro received them) that begins with `__fl_` in any case: "`__fl_v` is a name
/// `#[fragment_layout]` keeps for its own code: rename it".
pub fn reserved_names(item: &TokenStream, macro_name: &str) -> Vec<syn::Error> {
    // The function printed once: where it holds no `__fl_` at all (the usual case), no
    // identifier does, and none is printed on its own.
    if !item.to_string().to_ascii_lowercase().contains("__fl_") {
        return Vec::new();
    }
    let mut seen: Vec<String> = Vec::new();
    let mut errors = Vec::new();
    visit(item.clone(), &mut |ident| {
        let name = ident.to_string();
        let bare = name.strip_prefix("r#").unwrap_or(&name);
        if bare.len() >= 5 && bare[..5].eq_ignore_ascii_case("__fl_") && !seen.contains(&name) {
            errors.push(syn::Error::new(
                ident.span(),
                format!("`{name}` is a name {macro_name} keeps for its own code: rename it"),
            ));
            seen.push(name);
        }
    });
    errors
}

fn visit(ts: TokenStream, f: &mut impl FnMut(&proc_macro2::Ident)) {
    for t in ts {
        match t {
            TokenTree::Ident(i) => f(&i),
            TokenTree::Group(g) => visit(g.stream(), f),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(src: &str) -> Vec<String> {
        reserved_names(&src.parse().unwrap(), "#[m]")
            .iter()
            .map(|e| e.to_string())
            .collect()
    }

    #[test]
    fn each_reserved_name_once_in_any_case() {
        let found = names(
            "fn f(__fl_thread: u32, d: &mut [f32]) { |row, col, __FL_AT| { let __Fl_x = __fl_thread; d[row] = __FL_AT + __fl_thread as f32; } }",
        );
        assert_eq!(
            found,
            [
                "`__fl_thread` is a name #[m] keeps for its own code: rename it",
                "`__FL_AT` is a name #[m] keeps for its own code: rename it",
                "`__Fl_x` is a name #[m] keeps for its own code: rename it",
            ]
        );
        assert!(names("fn f(lane: u32, fl_x: u32, _fl: u32) { |r, c, v| out[r] = v }").is_empty());
    }
}
