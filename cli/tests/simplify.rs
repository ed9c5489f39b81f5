//! The tidying of `fraglayout expand`'s effective code (`fraglayout_cli::simplify`):
//! names go into their uses only where they are in scope.

use fraglayout_cli::simplify;

/// `body` simplified, squeezed of whitespace.
fn simplified(body: &str) -> String {
    let mut f: syn::ItemFn = syn::parse_str(&format!("fn f(a: usize, b: usize) {body}")).unwrap();
    simplify(&mut f);
    let text = prettyplease::unparse(&syn::File {
        shebang: None,
        attrs: Vec::new(),
        items: vec![syn::Item::Fn(f)],
    });
    text.split_whitespace().collect()
}

#[test]
fn names_go_into_their_uses_only_in_scope() {
    // `x` is rebound: the second use keeps the second value.
    assert_eq!(
        simplified("{ let x = a; g(x); let x = b + 1; h(x); }"),
        "fnf(a:usize,b:usize){g(a);h(b+1);}"
    );
    // Used twice and not a plain name: stays; used once: goes in, sums flattened.
    assert_eq!(
        simplified("{ let i = a * 2; let j = b + 1; g(i, i, a + j); }"),
        "fnf(a:usize,b:usize){leti=a*2;g(i,i,a+b+1);}"
    );
    // A read is not pure: stays where it is; + 0 and * 1 go.
    assert_eq!(
        simplified("{ let v = s[0]; let k = (a + 0) * 1; g(v, k); }"),
        "fnf(a:usize,b:usize){letv=s[0];g(v,a);}"
    );
    // A binding a later `let` would capture is not moved past it.
    assert_eq!(
        simplified("{ let x = a + 1; let a = s[0]; g(x, a); }"),
        "fnf(a:usize,b:usize){letx=a+1;leta=s[0];g(x,a);}"
    );
}
