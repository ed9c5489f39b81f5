//! The published crates read well on the registry: each names its docs.rs page and the
//! repository, and ships a README of its own whose links are absolute (a registry page shows
//! no other file of the package or the repository), each link into the repository naming a
//! file that is there.

use std::path::Path;

/// The published crates: (folder, package name).
const CRATES: [(&str, &str); 5] = [
    ("layout-core", "layout-core"),
    ("layout-codegen", "layout-codegen"),
    ("layout-macros", "layout-macros"),
    ("fraglayout", "fraglayout"),
    ("cli", "fraglayout-cli"),
];

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The quoted value of the line `key = "..."` of `toml`.
fn value<'a>(toml: &'a str, key: &str) -> Option<&'a str> {
    let line = toml
        .lines()
        .find(|l| l.starts_with(&format!("{key} = \"")))?;
    line.split('"').nth(1)
}

/// The destinations of the Markdown links `[text](destination)` of `text`.
fn links(text: &str) -> Vec<&str> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .collect()
}

#[test]
fn each_crate_names_its_docs_and_repository_and_ships_a_readme() {
    let workspace = read("Cargo.toml");
    let repository = value(&workspace, "repository").expect("[workspace.package] repository");
    assert!(
        repository.starts_with("https://github.com/"),
        "{repository}"
    );
    for (folder, name) in CRATES {
        let manifest = read(&format!("{folder}/Cargo.toml"));
        assert_eq!(value(&manifest, "name"), Some(name), "{folder}/Cargo.toml");
        assert_eq!(
            value(&manifest, "documentation"),
            Some(format!("https://docs.rs/{name}").as_str()),
            "{folder}/Cargo.toml"
        );
        assert!(
            manifest.contains("\nrepository.workspace = true\n"),
            "{folder}/Cargo.toml: repository.workspace = true"
        );
        // In the package's own folder: it ships with the package.
        assert_eq!(
            value(&manifest, "readme"),
            Some("README.md"),
            "{folder}/Cargo.toml"
        );
        assert!(
            root().join(folder).join("README.md").is_file(),
            "{folder}/README.md"
        );
    }
}

#[test]
fn crate_readmes_link_absolutely_to_files_that_exist() {
    let workspace = read("Cargo.toml");
    let repository = value(&workspace, "repository").expect("[workspace.package] repository");
    let files = format!("{repository}/blob/main/");
    let mut into_repository = 0;
    for (folder, _) in CRATES {
        let readme = read(&format!("{folder}/README.md"));
        for link in links(&readme) {
            assert!(
                link.starts_with("https://"),
                "{folder}/README.md: `{link}` is relative: the registry page has no such file"
            );
            if let Some(path) = link.strip_prefix(&files) {
                let path = path.split('#').next().expect("a path");
                assert!(
                    root().join(path).is_file(),
                    "{folder}/README.md: {link}: no {path} in the repository"
                );
                into_repository += 1;
            } else {
                assert!(
                    link.starts_with("https://docs.rs/")
                        || link.starts_with("https://crates.io/crates/"),
                    "{folder}/README.md: {link}: not the repository, docs.rs or crates.io"
                );
            }
        }
    }
    assert!(
        into_repository >= 10,
        "{into_repository} links into the repository"
    );
}

/// The registry page's dependency line is the published version, as the README's comment
/// says it will be.
#[test]
fn the_facade_readme_depends_on_the_published_version() {
    let readme = read("fraglayout/README.md");
    let line = readme
        .lines()
        .find(|l| l.starts_with("fraglayout = "))
        .expect("a dependency line");
    let version = line.split('"').nth(1).expect("a version");
    let workspace = read("Cargo.toml");
    let ours = value(&workspace, "version").expect("the workspace's version");
    assert!(
        ours.starts_with(&format!("{version}.")),
        "fraglayout/README.md says {version}, the workspace is {ours}"
    );
}

#[test]
fn the_link_scan_finds_destinations() {
    assert_eq!(
        links("see [a](https://x/a.md) and [`b`](b.md#c)."),
        ["https://x/a.md", "b.md#c"]
    );
    assert_eq!(value("a = 1\nname = \"x\"\n", "name"), Some("x"));
}
