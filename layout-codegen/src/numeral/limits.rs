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

#[cfg(test)]
mod tests {
    use super::*;

    /// The messages of `numeral!`'s expansion, in order.
    fn messages(text: &str) -> Vec<String> {
        let tokens: TokenStream = text.parse().expect("tokens");
        super::super::check_numeral(tokens)
            .problems
            .into_iter()
            .map(|p| p.message)
            .collect()
    }

    #[test]
    fn deep_nesting_is_one_error_not_a_stack_overflow() {
        // Test threads have small stacks: syn's recursive token buffer would overflow here.
        let deep = format!(
            "N: 16 x 8 {{ {}lane{} => 1 }}",
            "(".repeat(40_000),
            ")".repeat(40_000)
        );
        let m = messages(&deep);
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(m[0].starts_with("brackets nested more than 16 deep"));
        // The macro itself says the same, as a compile error.
        let out = super::super::numeral(deep.parse().unwrap()).to_string();
        assert!(out.contains("brackets nested more than 16 deep"));
        // Sixteen levels are fine: the braces and fifteen pairs around a row.
        let ok = format!(
            "N: 32 x 1 {{ {}lane{} => 1 }}",
            "(".repeat(15),
            ")".repeat(15)
        );
        assert_eq!(messages(&ok), Vec::<String>::new());
    }

    #[test]
    fn many_problems_are_capped_with_a_count() {
        let rows = vec!["lane ! 4"; 1000].join(", ");
        let m = messages(&format!("N: 16 x 8 {{ {rows} }}"));
        assert_eq!(m.len(), MAX_PROBLEMS + 1);
        assert!(m[..MAX_PROBLEMS]
            .iter()
            .all(|m| m.starts_with("malformed digit row")));
        assert_eq!(m[MAX_PROBLEMS], "and 976 more problems not shown");
        // Exactly MAX_PROBLEMS: no count.
        let rows = vec!["lane ! 4"; MAX_PROBLEMS].join(", ");
        assert_eq!(
            messages(&format!("N: 16 x 8 {{ {rows} }}")).len(),
            MAX_PROBLEMS
        );
    }

    #[test]
    fn a_huge_number_is_refused_before_syn_reads_it() {
        for text in [
            format!("N: 16 x 8 {{ lane => {} }}", "7".repeat(100_000)),
            format!("N: {} x 8 {{ lane => 1 }}", "7".repeat(100_000)),
            format!(
                "N: 16 x 8, elements {} {{ lane => 1 }}",
                "7".repeat(100_000)
            ),
            format!("N: 16 x 8 {{ lane / {} => 1 }}", "7".repeat(100_000)),
        ] {
            let m = messages(&text);
            assert_eq!(m.len(), 1, "{m:?}");
            assert_eq!(
                m[0],
                "`777777777777777777777777...` (100000 characters) does not fit in 32 bits: \
                 numbers here are at most 4294967295"
            );
        }
    }
}
