//! The README and the `fraglayout` crate page tell a user the same dependency line, and it is
//! true of this repository: the path names the folder of the `fraglayout` package, and the
//! version the one the workspace builds.

/// The first ```` ```toml ```` block of `text` (with a doc comment's `//! ` taken off each line).
fn toml_block(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .map(|l| {
            l.strip_prefix("//!")
                .map_or(l, |r| r.strip_prefix(' ').unwrap_or(r))
        })
        .collect();
    let start = lines
        .iter()
        .position(|l| *l == "```toml")
        .expect("a ```toml block")
        + 1;
    let len = lines[start..]
        .iter()
        .position(|l| *l == "```")
        .expect("the block ends");
    lines[start..start + len].join("\n")
}

/// The quoted value after `key = ` on the line of `block` that sets `fraglayout`.
fn quoted_after<'a>(block: &'a str, line_start: &str, key: &str) -> &'a str {
    let line = block
        .lines()
        .find(|l| l.starts_with(line_start))
        .unwrap_or_else(|| panic!("a line starting `{line_start}` in\n{block}"));
    let rest = &line[line
        .find(key)
        .unwrap_or_else(|| panic!("`{key}` in {line}"))
        + key.len()..];
    rest.split('"').nth(1).expect("a quoted value")
}

#[test]
fn readme_and_crate_page_give_the_same_true_dependency_line() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let readme = toml_block(include_str!("../../README.md"));
    let crate_page = toml_block(include_str!("../../fraglayout/src/lib.rs"));
    assert_eq!(
        readme, crate_page,
        "README.md and fraglayout/src/lib.rs differ"
    );

    // `path = "../CLONE/fraglayout"`, from a crate beside the clone: the clone's folder
    // `fraglayout/` holds the package `fraglayout`.
    let path = quoted_after(&readme, "fraglayout = {", "path = ");
    let folder = path.rsplit('/').next().expect("a folder");
    let manifest = std::fs::read_to_string(format!("{root}/{folder}/Cargo.toml"))
        .unwrap_or_else(|e| panic!("{path}: no {folder}/Cargo.toml in the repository: {e}"));
    assert!(
        manifest.contains("\nname = \"fraglayout\"\n"),
        "{folder}/Cargo.toml"
    );

    // `fraglayout = "MAJOR.MINOR"`, which the workspace's version matches.
    let version = quoted_after(&readme, "# fraglayout = ", "fraglayout = ");
    let workspace = std::fs::read_to_string(format!("{root}/Cargo.toml")).expect("Cargo.toml");
    let ours = quoted_after(&workspace, "version = ", "version = ");
    assert!(
        ours.starts_with(&format!("{version}.")),
        "the README says {version}, the workspace is {ours}"
    );
}
