//! For the tests: a fast reader's tree against syn's, node by node.

use quote::ToTokens;
use syn::parse::{ParseStream, Parser};
use syn::{Expr, Stmt};

/// `e` node by node: each kind the fast readers build with its parts in parentheses, any
/// other kind as `other` (printing alone would not tell two trees of the same tokens apart).
pub(super) fn nodes(e: &Expr) -> String {
    let t = |e: &dyn ToTokens| e.to_token_stream().to_string();
    match e {
        Expr::Unsafe(u) if u.attrs.is_empty() => {
            let stmts: Vec<String> = u
                .block
                .stmts
                .iter()
                .map(|s| match s {
                    Stmt::Expr(e, semi) => {
                        format!("{}{}", nodes(e), if semi.is_some() { ";" } else { "" })
                    }
                    other => format!("other({})", t(other)),
                })
                .collect();
            format!("unsafe({})", stmts.join(" "))
        }
        Expr::Unary(u) if u.attrs.is_empty() => format!("unary({}, {})", t(&u.op), nodes(&u.expr)),
        Expr::MethodCall(m) if m.attrs.is_empty() && m.turbofish.is_none() => {
            let args: Vec<String> = m.args.iter().map(nodes).collect();
            let comma = if m.args.trailing_punct() { "," } else { "" };
            let receiver = nodes(&m.receiver);
            format!("call({receiver}, {}, {}{comma})", m.method, args.join(", "))
        }
        Expr::Assign(a) => format!("assign({}, {})", nodes(&a.left), nodes(&a.right)),
        Expr::Binary(b) => {
            let (op, left, right) = (t(&b.op), nodes(&b.left), nodes(&b.right));
            format!("binary({op}, {left}, {right})")
        }
        Expr::Index(i) => format!("index({}, {})", nodes(&i.expr), nodes(&i.index)),
        Expr::Cast(c) => format!("cast({}, {})", nodes(&c.expr), t(&c.ty)),
        Expr::Paren(p) => format!("paren({})", nodes(&p.expr)),
        Expr::Path(p) if p.attrs.is_empty() && p.qself.is_none() => format!("path({})", t(p)),
        Expr::Lit(l) if l.attrs.is_empty() => format!("lit({})", t(l)),
        other => format!("other({})", t(other)),
    }
}

/// `read`'s tree of all of `text`, or `None` where it leaves `text` to syn; and syn's.
pub(super) fn both(
    read: fn(ParseStream) -> syn::Result<Expr>,
    text: &str,
) -> (Option<String>, Option<String>) {
    let tokens: proc_macro2::TokenStream = text.parse().unwrap();
    let all = |input: ParseStream| {
        let e = read(input)?;
        match input.is_empty() {
            true => Ok(e),
            false => Err(input.error("more after the body")),
        }
    };
    let fast = all.parse2(tokens.clone()).ok().map(|e| nodes(&e));
    let syn = syn::parse2::<Expr>(tokens).ok().map(|e| nodes(&e));
    (fast, syn)
}

/// Each of `texts` read by `read` to syn's tree, node by node.
pub(super) fn read_as_syn(read: fn(ParseStream) -> syn::Result<Expr>, texts: &[&str]) {
    for text in texts {
        let (fast, syn) = both(read, text);
        assert!(fast.is_some(), "{text}");
        assert_eq!(fast, syn, "{text}");
    }
}

/// Each of `texts` left to syn by `read`.
pub(super) fn left_to_syn(read: fn(ParseStream) -> syn::Result<Expr>, texts: &[&str]) {
    for text in texts {
        assert_eq!(both(read, text).0, None, "{text}");
    }
}
