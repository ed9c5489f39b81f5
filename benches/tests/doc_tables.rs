//! The tables of docs/PERFORMANCE.md, written by the measurements that make them. Each test
//! that prints a table passes it to [`publish`]; with `FL_WRITE_DOCS=1` it also replaces the
//! page's block between `<!-- table:NAME -->` and `<!-- /table:NAME -->`, so that one command
//! rewrites every table of the page:
//!
//! ```text
//! FL_WRITE_DOCS=1 cargo test --release -p fraglayout-benches --test perf -- --include-ignored
//! ```

use std::path::PathBuf;
use std::sync::Mutex;

/// The page.
fn page() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/PERFORMANCE.md")
}

/// Prints `table` (Markdown, a line each row) and, with `FL_WRITE_DOCS=1`, writes it into the
/// page between the markers of `name`; a page without them is an error that names them.
pub fn publish(name: &str, table: &str) {
    println!("{table}");
    if std::env::var_os("FL_WRITE_DOCS").is_none_or(|v| v != "1") {
        return;
    }
    // Tests run side by side: one writer at a time.
    static PAGE: Mutex<()> = Mutex::new(());
    let _held = PAGE.lock().unwrap_or_else(|e| e.into_inner());
    let text = std::fs::read_to_string(page()).expect("docs/PERFORMANCE.md");
    let text = replace_block(&text, name, table).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(page(), text).expect("docs/PERFORMANCE.md written");
}

/// `text` with the block between the markers of `name` replaced by `table`.
fn replace_block(text: &str, name: &str, table: &str) -> Result<String, String> {
    let (open, close) = (
        format!("<!-- table:{name} -->\n"),
        format!("<!-- /table:{name} -->"),
    );
    let start = text.find(&open).map(|i| i + open.len());
    let end = text.find(&close);
    match (start, end) {
        (Some(s), Some(e)) if s <= e => Ok(format!(
            "{}{}\n{}",
            &text[..s],
            table.trim_end(),
            &text[e..]
        )),
        _ => Err(format!(
            "docs/PERFORMANCE.md has no block `{}...{close}` for this table",
            open.trim_end()
        )),
    }
}

#[test]
fn a_block_is_replaced_and_a_missing_one_named() {
    let page = "a\n<!-- table:x -->\n| old |\n<!-- /table:x -->\nb\n";
    assert_eq!(
        replace_block(page, "x", "| new |\n|---|\n").unwrap(),
        "a\n<!-- table:x -->\n| new |\n|---|\n<!-- /table:x -->\nb\n"
    );
    let e = replace_block(page, "y", "| t |").unwrap_err();
    assert!(
        e.contains("<!-- table:y -->") && e.contains("<!-- /table:y -->"),
        "{e}"
    );
}
