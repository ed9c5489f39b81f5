//! No two source files of a crate import each other: for every pair of module files, at most
//! one names items the other defines (`use crate::a::b`, `use super::x`, `x::f()` for a child
//! module `x`, in `use` or in code). An item counts for the file that defines it, and a
//! re-export (`pub use child::Item;`) imports nothing: a parent that re-exports its children
//! and a child that names a sibling's item through the parent are not a circle. Test modules
//! (`#[cfg(test)] mod tests`) and comments are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crates' source folders, from the workspace root.
const CRATES: [&str; 9] = [
    "layout-core/src",
    "layout-codegen/src",
    "layout-macros/src",
    "fraglayout/src",
    "cli/src",
    "benches/src",
    "tests/src",
    "tests/hwcheck/src",
    "tests/fuzz/src",
];

/// A module path (`["render", "svg"]`; the crate root is empty) and its source text.
type Files = BTreeMap<Vec<String>, String>;

/// Every `.rs` file below `dir`, by module path, its test modules and comments left out.
fn read_crate(dir: &Path) -> Files {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut paths = Vec::new();
    walk(dir, &mut paths);
    paths
        .into_iter()
        .map(|p| {
            let rel = p.strip_prefix(dir).unwrap().with_extension("");
            let mut module: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(
                module.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                module.pop();
            }
            let text = std::fs::read_to_string(&p).expect("a source file");
            (module, strip(&text))
        })
        .collect()
}

/// `text` up to its test module, each line's `//` comment left out.
fn strip(text: &str) -> String {
    let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
    code.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The identifiers of a path written `a::b::c` starting at byte `at` of `text`.
fn path_at(text: &str, at: usize) -> Vec<String> {
    let rest = &text[at..];
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(rest.len());
    rest[..end]
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// Whether `text` has the identifier `word` starting at byte `at`, not inside a longer one.
fn word_at(text: &str, at: usize, word: &str) -> bool {
    let before = text[..at].chars().next_back();
    text[at..].starts_with(word)
        && !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
}

/// The paths file `module` names, each from the crate root: `crate::`, `super::` and `self::`
/// paths anywhere, and paths through a child module (`use child::..`, `child::f()`), with the
/// names inside one level of braces (`use super::{a, b::c}`).
fn named_paths(module: &[String], text: &str, files: &Files) -> Vec<Vec<String>> {
    let children: BTreeSet<String> = files
        .keys()
        .filter(|k| k.len() == module.len() + 1 && k.starts_with(module))
        .map(|k| format!("{}::", k[module.len()]))
        .collect();
    let mut out = Vec::new();
    for (at, _) in text.char_indices() {
        let starts = ["crate::", "super::", "self::"]
            .iter()
            .any(|w| word_at(text, at, w))
            || children.iter().any(|c| word_at(text, at, c));
        if !starts || in_reexport(text, at) {
            continue;
        }
        let mut path = path_at(text, at);
        let base: Vec<String> = match path[0].as_str() {
            "crate" => {
                path.remove(0);
                Vec::new()
            }
            "super" | "self" => {
                let mut base = module.to_vec();
                while matches!(path.first().map(String::as_str), Some("super" | "self")) {
                    if path.remove(0) == "super" {
                        base.pop();
                    }
                }
                base
            }
            _ => module.to_vec(),
        };
        let full: Vec<String> = base.into_iter().chain(path).collect();
        // `use super::{a, b::c}`: each name in the braces after the path.
        let after = &text[at..];
        let braced = after
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .filter(|&i| after[i..].starts_with('{') && after[..i].ends_with("::"))
            .and_then(|i| after[i + 1..].find('}').map(|j| &after[i + 1..i + 1 + j]));
        match braced {
            Some(names) => {
                for name in names.split(',') {
                    let name: Vec<String> = path_at(name.trim(), 0);
                    if !name.is_empty() && name[0] != "self" {
                        out.push(full.iter().cloned().chain(name).collect());
                    }
                }
                out.push(full);
            }
            None => out.push(full),
        }
    }
    out
}

/// Whether byte `at` of `text` lies in a re-export, `pub use ..;` or `pub(crate) use ..;`.
fn in_reexport(text: &str, at: usize) -> bool {
    let start = text[..at].rfind([';', '{', '}']).map_or(0, |i| i + 1);
    let stmt = text[start..at].trim_start();
    let stmt = stmt.strip_prefix("pub").map(|r| match r.strip_prefix('(') {
        Some(inner) => inner.split_once(')').map_or("", |(_, rest)| rest),
        None => r,
    });
    stmt.is_some_and(|r| r.trim_start().starts_with("use "))
}

/// Whether `text` defines an item `name` itself (`fn name`, `struct name`, `const name`, ...,
/// `macro_rules! name`), as opposed to re-exporting it.
fn defines(text: &str, name: &str) -> bool {
    const KINDS: [&str; 10] = [
        "fn ",
        "struct ",
        "enum ",
        "const ",
        "static ",
        "type ",
        "trait ",
        "union ",
        "mod ",
        "macro_rules! ",
    ];
    KINDS.iter().any(|kind| {
        let pat = format!("{kind}{name}");
        text.match_indices(&pat).any(|(at, _)| {
            let after = text[at + pat.len()..].chars().next();
            word_at(text, at, kind.trim_end_matches(' '))
                && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    })
}

/// The files each file names items of: an item counts for the file that defines it, so a
/// name a file only re-exports (`pub use child::Item`, `pub use child::*`) does not count for
/// it.
fn edges(files: &Files) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    files
        .iter()
        .map(|(module, text)| {
            let mut to = BTreeSet::new();
            for path in named_paths(module, text, files) {
                let Some(k) = (0..=path.len())
                    .rev()
                    .find(|&k| files.contains_key(&path[..k]))
                else {
                    continue;
                };
                let target = path[..k].to_vec();
                let defined = path.get(k).is_some_and(|i| defines(&files[&target], i));
                if target != *module && defined {
                    to.insert(target);
                }
            }
            (module.clone(), to)
        })
        .collect()
}

/// The pairs of files that name each other's items.
fn circles(files: &Files) -> Vec<(String, String)> {
    let e = edges(files);
    let name = |m: &Vec<String>| {
        if m.is_empty() {
            "<root>".to_string()
        } else {
            m.join("::")
        }
    };
    let mut out = Vec::new();
    for (a, to) in &e {
        for b in to {
            if a < b && e.get(b).is_some_and(|back| back.contains(a)) {
                out.push((name(a), name(b)));
            }
        }
    }
    out
}

#[test]
fn no_two_files_of_a_crate_import_each_other() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    let mut read = 0;
    for dir in CRATES {
        let files = read_crate(&root.join(dir));
        read += files.len();
        for (a, b) in circles(&files) {
            found.push(format!("{dir}: {a} <-> {b}"));
        }
    }
    assert!(read > 100, "{read} files read");
    assert!(
        found.is_empty(),
        "files importing each other:\n{}",
        found.join("\n")
    );
}

/// The check sees a circle where there is one, through `use`, braces and a child's path, and
/// none where a parent only re-exports its child.
#[test]
fn a_circle_is_found_and_a_reexport_is_not_one() {
    let files = |pairs: &[(&str, &str)]| -> Files {
        pairs
            .iter()
            .map(|(m, t)| {
                let module = m.split("::").filter(|s| !s.is_empty()).map(str::to_string);
                (module.collect(), strip(t))
            })
            .collect()
    };
    let circle = files(&[
        ("", "mod a;\nmod b;\n"),
        ("a", "use super::b::{helper, Other};\npub fn shared() {}\n"),
        (
            "b",
            "pub fn helper() { crate::a::shared() }\npub struct Other;\n",
        ),
    ]);
    assert_eq!(circles(&circle), [("a".to_string(), "b".to_string())]);
    let child = files(&[
        ("", "mod a;\npub fn top() {}\nfn f() { a::inner() }\n"),
        ("a", "pub fn inner() { super::top() }\n"),
    ]);
    assert_eq!(circles(&child), [("<root>".to_string(), "a".to_string())]);
    let reexport = files(&[
        ("", "mod a;\nmod b;\npub use a::Thing;\n"),
        ("a", "pub struct Thing;\n"),
        ("b", "use crate::Thing;\n"),
    ]);
    assert!(circles(&reexport).is_empty());
}
