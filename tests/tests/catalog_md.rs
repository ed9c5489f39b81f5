//! `docs/CATALOG.md` lists every instruction the catalog covers; this keeps it in sync.

use fraglayout_tests::catalog_md::{regenerate, table};
use layout_core::catalog::CATALOG;

#[test]
fn catalog_md_is_in_sync() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/CATALOG.md");
    let text = std::fs::read_to_string(path).expect("docs/CATALOG.md exists");
    let fresh = regenerate(&text).expect("docs/CATALOG.md has the catalog:begin/end markers");
    if std::env::var_os("UPDATE_CATALOG").is_some() {
        std::fs::write(path, &fresh).expect("write docs/CATALOG.md");
        return;
    }
    assert!(
        text == fresh,
        "docs/CATALOG.md is out of date with the catalog; regenerate it with\n    \
         UPDATE_CATALOG=1 cargo test -p fraglayout-tests --test catalog_md"
    );
}

#[test]
fn table_mentions_every_layout_and_instruction() {
    let t = table();
    for e in CATALOG {
        assert!(
            t.contains(&format!("`{}`", e.name())),
            "{} missing",
            e.name()
        );
        for i in e.instructions {
            assert!(t.contains(&format!("| `{i}` |")), "{i} missing");
        }
    }
}
