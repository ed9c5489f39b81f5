//! The docs a user reads compile as written in a crate that depends on `fraglayout`: the doc
//! comments of the crates whose docs `fraglayout` shows (`layout-core`, `layout-macros`, the
//! facade itself) name their items through `fraglayout`, never `layout_core`, which such a
//! crate cannot name (E0433). In a code block nothing names `layout_core`; in the text, a path
//! `layout_core::...` appears only as a link's destination (`[Numeral](layout_core::Numeral)`),
//! which the reader never sees. The doc tests run the examples themselves: `layout-core` and
//! `layout-macros` take `fraglayout` as a dev-dependency.

use std::path::{Path, PathBuf};

/// The crates whose docs `fraglayout` shows, from the workspace root.
const CRATES: [&str; 3] = ["layout-core/src", "layout-macros/src", "fraglayout/src"];

/// Every `.rs` file below `dir`.
pub(crate) fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The text of a doc comment line (`///` or `//!`, one space taken off), or `None`.
fn doc_text(line: &str) -> Option<&str> {
    let t = line.trim_start();
    let rest = t.strip_prefix("///").or_else(|| t.strip_prefix("//!"))?;
    Some(rest.strip_prefix(' ').unwrap_or(rest))
}

/// `text` with each link destination `](...)` taken out.
fn without_destinations(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        out.push_str(&rest[..at + 1]);
        rest = &rest[at + 2..];
        rest = rest.find(')').map_or("", |end| &rest[end + 1..]);
    }
    out + rest
}

/// Where the doc comments of `source` name `layout_core` where a reader sees it: `(line
/// number, line)`.
fn findings(source: &str) -> Vec<(usize, String)> {
    let mut in_block = false;
    let mut out = Vec::new();
    for (i, line) in source.lines().enumerate() {
        let Some(text) = doc_text(line) else {
            in_block = false;
            continue;
        };
        if text.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        let bad = if in_block {
            text.contains("layout_core")
        } else {
            without_destinations(text).contains("layout_core::")
        };
        if bad {
            out.push((i + 1, line.trim().to_string()));
        }
    }
    out
}

#[test]
fn doc_comments_name_the_facade() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in CRATES {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 20, "{} source files", files.len());
    let mut bad = Vec::new();
    for path in &files {
        let source = std::fs::read_to_string(path).expect("a source file");
        for (line, text) in findings(&source) {
            bad.push(format!("{}:{line}: {text}", path.display()));
        }
    }
    assert!(
        bad.is_empty(),
        "doc comments that a crate depending on `fraglayout` cannot paste (write `fraglayout::`):\n{}",
        bad.join("\n")
    );
}

/// The scan finds what it should, and passes what it should.
#[test]
fn the_scan_tells_code_from_link_destinations() {
    let block = "/// ```\n/// use layout_core::Numeral;\n/// ```\n";
    assert_eq!(findings(block).len(), 1);
    assert_eq!(findings("//! let n = layout_core::LANES;")[..].len(), 1);
    assert_eq!(findings("/// see `layout_core::Numeral`.").len(), 1);
    assert!(findings("/// a [`Numeral`](layout_core::Numeral), checked").is_empty());
    assert!(findings("/// ```\n/// use fraglayout::Numeral;\n/// ```\n").is_empty());
    // Code, not docs.
    assert!(findings("use layout_core::Numeral;").is_empty());
}
