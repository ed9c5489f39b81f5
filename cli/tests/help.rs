//! Every help page fits the terminal: no line over 100 columns, or `$COLUMNS` when narrower,
//! and nothing lost to the wrapping; no help page or document shows a tile of tiles as an
//! unquoted `NAME[RxC]`, which the shell expands.

use std::path::Path;
use std::process::Command;

use crate::support::{ok, stdout};

/// Every way to ask for help: the top level's and each command's, as `--help`, `-h` and
/// `help COMMAND`.
fn help_requests() -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = vec![
        vec!["--help".into()],
        vec!["-h".into()],
        vec!["help".into()],
    ];
    let commands: Vec<String> = fraglayout_cli::cli()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    assert!(commands.len() >= 11, "{commands:?}");
    for c in commands {
        out.push(vec![c.clone(), "--help".into()]);
        out.push(vec![c.clone(), "-h".into()]);
        out.push(vec!["help".into(), c]);
    }
    out
}

/// The help page `args` print with `COLUMNS` set to `columns` (unset for `None`).
fn page(args: &[String], columns: Option<&str>) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fraglayout"));
    cmd.args(args).env_remove("COLUMNS");
    if let Some(c) = columns {
        cmd.env("COLUMNS", c);
    }
    let o = cmd.output().expect("run fraglayout");
    assert_eq!(o.status.code(), Some(0), "{args:?}");
    let text = stdout(&o);
    assert!(text.contains("Usage: fraglayout"), "{args:?}: {text}");
    text
}

/// The lines of `text` wider than `width` that are more than one word after their indent.
fn too_wide(text: &str, width: usize) -> Vec<&str> {
    text.lines()
        .filter(|l| l.chars().count() > width && l.split_whitespace().nth(1).is_some())
        .collect()
}

#[test]
fn every_help_page_fits_100_columns() {
    for args in help_requests() {
        let text = page(&args, None);
        let wide: Vec<&str> = text.lines().filter(|l| l.chars().count() > 100).collect();
        assert!(wide.is_empty(), "{args:?}: {wide:#?}");
    }
    // What `support::run` runs is the same page.
    assert_eq!(
        ok(&["help", "smem"]),
        page(&["help".into(), "smem".into()], None)
    );
}

#[test]
fn a_narrower_columns_gets_narrower_help_with_the_same_words() {
    let words = |t: &str| t.split_whitespace().map(String::from).collect::<Vec<_>>();
    for args in help_requests() {
        let full = page(&args, None);
        for columns in ["72", "50"] {
            let width: usize = columns.parse().unwrap();
            let narrow = page(&args, Some(columns));
            assert_eq!(
                too_wide(&narrow, width),
                Vec::<&str>::new(),
                "{args:?} at {columns}"
            );
            assert_eq!(words(&narrow), words(&full), "{args:?} at {columns}");
        }
    }
    // The width of an option's help is where its text starts, continued beneath it.
    let smem = page(&["smem".into(), "--help".into()], Some("72"));
    let swizzle: Vec<&str> = smem
        .lines()
        .skip_while(|l| !l.contains("--swizzle <S>"))
        .take(3)
        .collect();
    let column = swizzle[0].find("128B").unwrap();
    assert!(column > 20, "{swizzle:#?}");
    for l in &swizzle[1..] {
        assert_eq!(l.len() - l.trim_start().len(), column, "{swizzle:#?}");
    }
}

/// The tiles of tiles `text` shows as `NAME[RxC]` (a name, then brackets around two numbers
/// or letters apart by `x`) in a word that does not start with a quote.
fn unquoted_tiles(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| w.trim_start_matches(['(', '`']))
        .filter(|w| !w.starts_with(['\'', '"']))
        .filter(|w| {
            w.match_indices('[').any(|(i, _)| {
                let named = w[..i]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
                let inside = w[i + 1..].split(']').next().unwrap_or("");
                named
                    && w[i + 1..].contains(']')
                    && inside.contains(['x', 'X'])
                    && inside.chars().all(|c| c.is_ascii_alphanumeric())
            })
        })
        .map(String::from)
        .collect()
}

#[test]
fn no_help_page_shows_a_tile_of_tiles_unquoted() {
    assert_eq!(
        unquoted_tiles("NAME[RxC] 'NAME[RxC]' (SM80_C[1x2]: ldmatrix.x4[.trans] [thread][element]"),
        ["NAME[RxC]", "SM80_C[1x2]:"]
    );
    let mut colon = 0;
    for args in help_requests() {
        let text = page(&args, None);
        assert_eq!(unquoted_tiles(&text), Vec::<String>::new(), "{args:?}");
        colon += usize::from(text.contains("NAME:RxC"));
    }
    assert!(colon >= 10, "the help pages that show NAME:RxC: {colon}");
}

#[test]
fn no_document_shows_a_tile_of_tiles_unquoted_as_an_argument() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = vec![root.join("README.md"), root.join("cli/README.md")];
    files.extend(
        std::fs::read_dir(root.join("docs"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "md")),
    );
    let mut commands = 0;
    for file in files {
        // The commands of code blocks, a line each, and of `inline code` in the prose.
        let (mut prose, mut fenced, mut in_fence) = (String::new(), Vec::new(), false);
        for line in std::fs::read_to_string(&file).unwrap().lines() {
            if line.trim_start().starts_with("```") {
                in_fence = !in_fence;
            } else if in_fence {
                fenced.push(line.trim_start().trim_start_matches("$ ").to_string());
            } else {
                prose.push_str(line);
                prose.push('\n');
            }
        }
        let spans = prose.split('`').skip(1).step_by(2).map(String::from);
        for span in fenced.into_iter().chain(spans) {
            // A command, or a layout argument alone (`NAME[RxC]`).
            if span.starts_with("fraglayout ") || unquoted_tiles(&span) == [span.as_str()] {
                commands += 1;
                assert_eq!(
                    unquoted_tiles(&span),
                    Vec::<String>::new(),
                    "{}: {span}",
                    file.display()
                );
            }
        }
    }
    assert!(commands > 20, "{commands} commands in the docs");
}
