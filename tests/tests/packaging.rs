//! The published crates read well on the registry: each names its docs.rs page and the
//! repository, and ships a README of its own whose links are absolute (a registry page shows
//! no other file of the package or the repository), each link into the repository naming a
//! file that is there; the API docs link the guides they name the same way.

use std::path::Path;

use super::doc_examples::rust_files;

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
    assert_eq!(guide_at("docs/KERNEL.md)."), Some("docs/KERNEL.md"));
    assert_eq!(guide_at("docs/CLI-JSON.md"), Some("docs/CLI-JSON.md"));
    assert_eq!(guide_at("docs/m16n8k16_f32_c.svg"), None);
    assert_eq!(guide_at("docs/ and"), None);
}

/// The guides the API docs of `layout-core`, `layout-macros` and `fraglayout` name (`docs/*.md`)
/// are links into the repository (docs.rs shows no file of the package): `[docs/NAME.md]`, with
/// its definition `[docs/NAME.md]: REPOSITORY/blob/main/docs/NAME.md` in the same file, for a
/// file that exists.
#[test]
fn api_docs_link_the_guides_absolutely() {
    let workspace = read("Cargo.toml");
    let repository = value(&workspace, "repository").expect("[workspace.package] repository");
    let mut named = 0;
    for folder in ["layout-core/src", "layout-macros/src", "fraglayout/src"] {
        let mut files = Vec::new();
        rust_files(&root().join(folder), &mut files);
        for path in files {
            let source = std::fs::read_to_string(&path).expect("a source file");
            for line in source.lines().filter(|l| is_doc(l)) {
                for (at, _) in line.match_indices("docs/") {
                    let Some(name) = guide_at(&line[at..]) else {
                        continue;
                    };
                    named += 1;
                    let file = path.display();
                    if line[..at].ends_with("/blob/main/") {
                        continue;
                    }
                    assert!(
                        line[..at].ends_with('[') && line[at + name.len()..].starts_with(']'),
                        "{file}: `{name}` is not a link: write [{name}] and define it"
                    );
                    let definition = format!("[{name}]: {repository}/blob/main/{name}");
                    assert!(
                        source
                            .lines()
                            .any(|l| is_doc(l) && l.trim_end().ends_with(&definition)),
                        "{file}: no `{definition}`"
                    );
                    assert!(root().join(name).is_file(), "{file}: no {name}");
                }
            }
        }
    }
    assert!(named >= 6, "{named} guides named");
}

/// `docs/NAME.md` at the start of `text`, `NAME` upper-case letters and `-`.
fn guide_at(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("docs/")?;
    let len = rest
        .find(|c: char| !(c.is_ascii_uppercase() || c == '-'))
        .filter(|&n| n > 0)?;
    rest[len..].starts_with(".md").then(|| &text[..5 + len + 3])
}

fn is_doc(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("///") || t.starts_with("//!")
}
