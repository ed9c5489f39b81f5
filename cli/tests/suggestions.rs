//! Every suggestion runs as printed: the commands and code quoted in the messages of every ui
//! case (`ui-tests/ui/fail/*.stderr`) and of the command line's errors. A `fraglayout ...`
//! command is run and must succeed; a whole Rust expression must be one that the ui pass
//! program compiles and runs (`ui-tests/ui/pass/forms/suggested.rs` holds each, verbatim).

use std::path::Path;

use crate::support::run;

/// The command line's errors: usage errors, unknown names, impossible conversions and
/// accesses, each as typed.
const CLI_ERRORS: &[&[&str]] = &[
    &["convert", "SM80_16x8x16_F32_C", "SM80_16x8x16_F16_A_ROW"],
    &["convert", "SM80_16x8x16_F16_A_ROW", "SM80_16x8x16_F32_C"],
    &["convert", "SM80_16x8x16_F32_X", "SM80_16x8x16_F16_A_ROW"],
    &[
        "convert",
        "16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2, lane / 4 => 8, e / 2 => 64 }",
        "SM80_16x8x16_F16_A_ROW",
    ],
    &["convert", "fa3"],
    &["convert", "SM80_16x8x16_F32_C[1x]", "SM80_16x8x16_F32_C"],
    &["show", "SM80_16x8x16_F32_X"],
    &["show", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f33"],
    &["json", "SM80_16x8x16_F16_A_RW"],
    &["svg", "nope"],
    &["expand", "SM80_16x8x16_F32_C", "--ld", "4"],
    &["expand", "SM80_16x8x16_F32_C", "--vector", "4"],
    &[
        "expand",
        "SM80_16x8x16_F32_C",
        "--shared",
        "--swizzle",
        "3,3,3",
    ],
    &["expand", "SM80_16x8x16_F32_C[1x2]", "--packed"],
    &["banks", "ldmatrix", "SM80_16x8x16_F16_A_ROW"],
    &["banks", "ldmatrix.x4"],
    &["banks", "frobnicate"],
    &["banks", "rows.16"],
    &[
        "banks",
        "store.8",
        "16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2, lane / 4 => 8, e / 2 => 64 }",
    ],
    &["smem", "--tile", "4x64", "--swizzle", "3,3,3"],
    &["smem", "--tile", "8x64", "--swizzle", "Swizzle<3,0,3>"],
    &["smem"],
    &[
        "check",
        "16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2, lane / 4 => 8 }",
    ],
    &["check", "16 x 8 { lane => 1 }"],
    &["show", "SM100_TMEM_ACC_E_N32"],
    &["show", "SM100_TMEM_ACC_C_N64"],
    &["json", "SM100_TMEM_ACC_D_N64/SM80_16x8x16_F16_B_COL"],
    &["show", "tcgen05.mma.ws.cta_group::2"],
    &["show", "tcgen05.mma.cta_group::1.cta_group::2", "--json"],
    &["show", "tcgen05.mma.cta_group::3.kind::f16"],
    &["svg", "SM100_TMEM_ACX_D_N64"],
    &[
        "show",
        "tcgen05.mma.cta_group::1",
        "--m",
        "256",
        "--n",
        "64",
    ],
    &["show", "tcgen05.mma.ws", "--m", "64", "--n", "32"],
    &["show", "SM80_16x8x16_F32_C", "--m", "64", "--n", "32"],
];

/// The spans between backquotes of `text`.
fn quoted(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// A command's words as a shell splits them: on spaces, single quotes grouping.
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, part) in command.split('\'').enumerate() {
        if i % 2 == 1 {
            out.push(part.to_string());
        } else {
            out.extend(part.split_whitespace().map(String::from));
        }
    }
    out
}

/// A whole Rust expression: a call through a path or a method that starts with a name and
/// ends in a call (`bounds(m, n)` is an attribute's argument, not an expression), with no
/// assignment or arm in it (`at = (ROW, COL)` is an argument's form, not an expression) and
/// nothing left for the reader to fill in (`SharedLayout::row_major(16, 8, ..)`).
fn is_expression(span: &str) -> bool {
    let first = span.chars().next().unwrap_or(' ');
    (first.is_ascii_alphabetic() || first == '_')
        && span.ends_with(')')
        && span.contains('(')
        && !span.contains('=')
        && !span.contains("..")
        && (span.contains("::") || span.contains('.'))
        && !span.starts_with("fraglayout ")
}

/// Every message the ui cases and the command line's errors print.
fn messages() -> Vec<String> {
    let fail = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui-tests/ui/fail");
    let mut out: Vec<String> = std::fs::read_dir(&fail)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "stderr"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    assert!(out.len() > 80, "the ui cases: {}", out.len());
    for args in CLI_ERRORS {
        let o = run(args);
        assert_ne!(o.status.code(), Some(0), "{args:?} is an error");
        out.push(String::from_utf8(o.stderr).unwrap());
        out.push(String::from_utf8(o.stdout).unwrap());
    }
    out
}

#[test]
fn every_suggested_command_runs() {
    let mut ran = 0;
    for text in messages() {
        for span in quoted(&text) {
            let Some(rest) = span.strip_prefix("fraglayout ") else {
                continue;
            };
            let args = words(rest);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let o = run(&args);
            assert_eq!(
                o.status.code(),
                Some(0),
                "`{span}`, suggested in:\n{text}\nfails: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            ran += 1;
        }
    }
    // The conflict searches of ui/fail/shared_conflict*.rs and matrix_rows_conflict.rs at
    // least, and the command line's own.
    assert!(ran >= 6, "{ran} commands");
}

#[test]
fn every_suggested_expression_compiles_in_the_pass_program() {
    let pass = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui-tests/ui/pass/forms/suggested.rs");
    let program: String = std::fs::read_to_string(pass)
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut found = Vec::new();
    for text in messages() {
        for span in quoted(&text) {
            if !is_expression(span) {
                continue;
            }
            // The command line writes catalog layouts by their path; the macros by the name
            // the user imported.
            let bare = span.replace("fraglayout::catalog::", "");
            assert!(
                program.contains(&flat(&bare)),
                "`{span}`, suggested in:\n{text}\nis not in ui/pass/forms/suggested.rs"
            );
            found.push(span.to_string());
        }
    }
    for needle in [
        "tiled_or_panic(1, 2).numeral()",
        "fraglayout::shared::find(",
    ] {
        assert!(
            found.iter().any(|s| s.contains(needle)),
            "{needle}: {found:?}"
        );
    }
}
