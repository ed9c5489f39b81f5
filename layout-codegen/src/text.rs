//! Tokens written back as a person wrote them, for messages.

use quote::ToTokens;

/// An expression as written, spaced as in source: `SMEM`, `tiles::SMEM`,
/// `SharedLayout::padded(16, 8, 4, 4)`.
pub fn expr_text(expr: &syn::Expr) -> String {
    expr.to_token_stream()
        .to_string()
        .replace(" :: ", "::")
        .replace(":: ", "::")
        .replace(" (", "(")
        .replace("( ", "(")
        .replace(" )", ")")
        .replace(" ,", ",")
        .replace(" .", ".")
        .replace(". ", ".")
}
