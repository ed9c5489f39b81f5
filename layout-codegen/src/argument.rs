//! An expression a macro takes as an argument (a layout, a bound, a fill value), read the
//! cheap way where it is a plain path: `SM80_16x8x16_F32_C`, `rows`, `::fraglayout::catalog::X`.
//! The full expression parser tries every form of expression on each token (in a proc macro
//! built without optimization, about 0.1 million instructions for a one-word argument); a
//! path followed by `,` or the end of the arguments is read as a path and gives the same
//! `Expr::Path` the full parser gives. Anything else goes to the full parser.

use syn::parse::ParseStream;
use syn::{Expr, ExprPath, Path, Token};

/// The next argument: a plain path up to a `,` or the end, else any expression.
pub(crate) fn argument(input: ParseStream) -> syn::Result<Expr> {
    let fork = input.fork();
    if let Ok(path) = fork.call(Path::parse_mod_style) {
        if fork.is_empty() || fork.peek(Token![,]) {
            input.call(Path::parse_mod_style)?;
            return Ok(Expr::Path(ExprPath {
                attrs: Vec::new(),
                qself: None,
                path,
            }));
        }
    }
    input.parse()
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;
    use syn::parse::{Parse, Parser};
    use syn::punctuated::Punctuated;

    /// The arguments of `text`, each read by `parser`: its kind of expression and its tokens.
    fn read(text: &str, parser: fn(ParseStream) -> syn::Result<Expr>) -> Option<Vec<String>> {
        let list = |input: ParseStream| {
            Punctuated::<Expr, Token![,]>::parse_terminated_with(input, parser)
        };
        let args = list.parse_str(text).ok()?;
        let shown = |e: &Expr| format!("{:?} {}", std::mem::discriminant(e), e.to_token_stream());
        Some(args.iter().map(shown).collect())
    }

    /// Every argument reads as the full parser reads it.
    #[test]
    fn arguments_read_as_the_expression_parser_reads_them() {
        for text in [
            "SM80_16x8x16_F32_C",
            "::fraglayout::catalog::SM80_16x8x16_F32_C",
            "tiles::SMEM, gather",
            "rows, cols",
            "a < b, c",
            "Vec::<u8>::new()",
            "x.0",
            "-1",
            "N * 2, 4",
            "self::X",
            "a::",
        ] {
            assert_eq!(read(text, argument), read(text, Expr::parse), "{text}");
        }
    }
}
