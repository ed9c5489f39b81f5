//! Bounds on what one declaration costs, so that any input gets its answer at once and in
//! few words: nesting deep enough to exhaust the stack is refused before syn reads it (syn
//! builds its token buffer recursively), and a declaration with many problems reports the first
//! [`MAX_PROBLEMS`] and a count of the rest.
//!
//! Every walk here is iterative and linear in the number of tokens.

use proc_macro2::{TokenStream, TokenTree};

/// The deepest bracket nesting a declaration may have. A numeral needs three levels (the digit
/// rows' braces, a parenthesised expression, one inside it); the rest is headroom.
pub const MAX_NESTING: usize = 16;

/// The most problems one declaration reports; the rest are counted in one more message.
pub const MAX_PROBLEMS: usize = 24;

/// An error at the first bracket opened more than [`MAX_NESTING`] deep.
///
/// `16 x 8 { ((((...)))) => 1 }` with 40,000 parentheses is refused at the sixteenth, after
/// looking at sixteen tokens, not forty thousand.
pub fn check_nesting(tokens: &TokenStream) -> syn::Result<()> {
    let mut stack = vec![tokens.clone().into_iter()];
    while let Some(top) = stack.last_mut() {
        match top.next() {
            Some(TokenTree::Group(g)) => {
                if stack.len() > MAX_NESTING {
                    return Err(syn::Error::new(
                        g.span_open(),
                        format!(
                            "brackets nested more than {MAX_NESTING} deep: a digit row needs at \
                             most two pairs of parentheses"
                        ),
                    ));
                }
                stack.push(g.stream().into_iter());
            }
            Some(_) => {}
            None => {
                stack.pop();
            }
        }
    }
    Ok(())
}

/// Each problem as its own error (a combined `syn::Error` counts once per message), the first
/// [`MAX_PROBLEMS`] kept and the rest counted in one more, on the tokens `summary`.
pub fn cap(errors: Vec<syn::Error>, summary: &TokenStream) -> Vec<syn::Error> {
    let mut out: Vec<syn::Error> = Vec::new();
    let mut more = 0usize;
    for e in errors.into_iter().flat_map(|e| e.into_iter()) {
        if out.len() < MAX_PROBLEMS {
            out.push(e);
        } else {
            more += 1;
        }
    }
    if more > 0 {
        out.push(syn::Error::new_spanned(
            summary,
            format!(
                "and {more} more problem{} not shown",
                if more == 1 { "" } else { "s" }
            ),
        ));
    }
    out
}
