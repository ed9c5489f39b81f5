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
    &["show", "SM80_16x8x16_F32_C:1x"],
    &["list", "wgmm"],
    &["list", "mma.m16n8k15", "--json"],
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
        // A shape with placeholders (`d.add(INDEX).write(VALUE)`), not code to paste.
        && !["INDEX", "VALUE"].iter().any(|p| span.contains(p))
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

/// The `fraglayout banks` command quoted in `message`, run as printed: its output says the
/// layout `s` and the wavefronts the message counts (`N wavefronts, ideal I`), as the one
/// access's or the total of its warps' accesses.
fn reproduces(message: &str, s: &layout_core::shared::SharedLayout) -> String {
    let command = quoted(message)
        .into_iter()
        .find_map(|q| q.strip_prefix("fraglayout "))
        .unwrap_or_else(|| panic!("no command in {message}"));
    let counted = message
        .split(" is not conflict-free: ")
        .nth(1)
        .and_then(|rest| rest.split(" (").next())
        .unwrap_or_else(|| panic!("no count in {message}"));
    let args = words(command);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = run(&args);
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(o.status.code(), Some(0), "`{command}`: {out}");
    assert!(out.contains(&format!(" on {s}:\n")), "`{command}`: {out}");
    let first = out.lines().nth(1).unwrap_or("");
    let total = out.lines().find(|l| l.starts_with("all accesses: "));
    let said = total.map_or(first, |t| t.trim_start_matches("all accesses: "));
    assert!(
        said.starts_with(counted),
        "`{command}` counts {said}, the message {counted}:\n{message}"
    );
    command.to_string()
}

#[test]
fn a_suggested_search_counts_what_the_message_counts() {
    use layout_core::catalog::{
        SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C, SM90_64x16x16_F16_C, SM90_64x16x16_F32_C,
    };
    use layout_core::generated::shared_conflict_message_at;
    use layout_core::shared::{
        AtomOrder, FragmentAt, MatrixVariant, SharedLayout, Swizzle, SwizzleMode, ThreadRows,
    };
    let elements = |n, s: &SharedLayout, width, place| {
        let m = shared_conflict_message_at(n, s, width, false, "SMEM", place);
        m.unwrap_or_else(|| panic!("{s}: conflict-free"))
            .as_str()
            .to_string()
    };
    // The fragment's tile at (0, 4) of a swizzled tile: 2-way there, 4-way at the corner.
    let swizzled = SharedLayout::row_major(32, 64, 4).with_swizzle(Swizzle::new(1, 2, 4));
    let at = elements(&SM80_16x8x16_F32_C, &swizzled, 2, (0, 4));
    assert!(
        at.contains(": 8 wavefronts, ideal 4 (2-way conflict)"),
        "{at}"
    );
    let corner = elements(&SM80_16x8x16_F32_C, &swizzled, 2, (0, 0));
    assert!(
        corner.contains(": 16 wavefronts, ideal 4 (4-way conflict)"),
        "{corner}"
    );
    assert!(reproduces(&at, &swizzled).contains(" --at 0,4 "), "{at}");
    // Four warps: the message sums their accesses, the command with `--warp all`.
    let plain = SharedLayout::row_major(64, 16, 4);
    let warps = elements(&SM90_64x16x16_F32_C, &plain, 2, (0, 0));
    assert!(warps.contains(": 64 wavefronts, ideal 32"), "{warps}");
    assert!(
        reproduces(&warps, &plain).contains(" --warp all "),
        "{warps}"
    );
    // Grids of atoms in bands, the interleaved core matrices, a column-major tile.
    for (s, width, option) in [
        (
            SharedLayout::hopper(16, 64, 4, SwizzleMode::B32).with_order(AtomOrder::Bands),
            1,
            " --swizzle 32B --atoms bands ",
        ),
        (
            SharedLayout::core_matrices(16, 64, 4),
            2,
            " --swizzle interleave ",
        ),
        (
            SharedLayout::row_major(16, 16, 4).col_major(),
            1,
            " --col-major ",
        ),
    ] {
        let m = elements(&SM80_16x8x16_F32_C, &s, width, (0, 0));
        assert!(reproduces(&m, &s).contains(option), "{m}");
    }
    // ldmatrix / stmatrix (`#[matrix_rows]`): placed, and by four warps.
    for (variant, n, s, at, option) in [
        (
            MatrixVariant::X4,
            &SM80_16x8x16_F16_A_ROW,
            SharedLayout::row_major(64, 64, 2),
            FragmentAt::new(16, 32),
            " --at 16,32 ",
        ),
        (
            MatrixVariant::X4,
            &SM90_64x16x16_F16_C,
            SharedLayout::row_major(64, 16, 2),
            FragmentAt::ORIGIN,
            " --warp all ",
        ),
    ] {
        let rows = ThreadRows::whole(variant, n, &s, at).unwrap();
        let m = rows.conflict_message(false, n, &s, at, "SMEM").unwrap();
        assert!(
            reproduces(m.as_str(), &s).contains(option),
            "{}",
            m.as_str()
        );
    }
    // Some registers (`first = 2` of an ldmatrix.x2): the search is over all of them, and
    // the message says so; the command counts both instructions.
    let s = SharedLayout::row_major(64, 64, 2);
    let half = |first| {
        ThreadRows::new(
            MatrixVariant::X2,
            &SM80_16x8x16_F16_A_ROW,
            &s,
            FragmentAt::ORIGIN,
            first,
        )
        .unwrap()
    };
    let m = half(2)
        .conflict_message(
            false,
            &SM80_16x8x16_F16_A_ROW,
            &s,
            FragmentAt::ORIGIN,
            "SMEM",
        )
        .unwrap();
    let m = m.as_str();
    assert!(
        m.ends_with("` searches for all 4 registers (2 instructions, these among them)"),
        "{m}"
    );
    let both = half(0)
        .wavefronts()
        .unwrap()
        .plus(half(2).wavefronts().unwrap());
    let command = quoted(m)
        .into_iter()
        .find_map(|q| q.strip_prefix("fraglayout "))
        .unwrap();
    let out = String::from_utf8(
        run(&words(command)
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>())
        .stdout,
    )
    .unwrap();
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .starts_with(&format!("{} wavefronts, ideal {}", both.total, both.ideal)),
        "{out}"
    );
    // A grid the command's options cannot build (atoms of 16 elements, no Hopper mode): the
    // search on the user's constants instead.
    let own = SharedLayout::row_major(16, 64, 2).with_atoms(16, AtomOrder::Slabs);
    let m = elements(&SM80_16x8x16_F32_C, &own, 1, (0, 0));
    assert!(!m.contains("`fraglayout banks"), "{m}");
    assert!(m.contains("`fraglayout::shared::find(&SMEM, "), "{m}");
}

#[test]
fn smem_says_its_fixes_in_its_options() {
    // No swizzle mode, or a mode with padding: no descriptor, no TMA box, and the fix in the
    // command's options, which then give both.
    for (args, fixed) in [
        (
            &["smem", "--tile", "64x64", "--operand", "a"][..],
            &[
                "smem",
                "--tile",
                "64x64",
                "--operand",
                "a",
                "--swizzle",
                "128B",
            ][..],
        ),
        (
            &[
                "smem",
                "--tile",
                "64x64",
                "--swizzle",
                "128B",
                "--pad",
                "8",
                "--operand",
                "a",
            ],
            &[
                "smem",
                "--tile",
                "64x64",
                "--swizzle",
                "128B",
                "--operand",
                "a",
            ],
        ),
    ] {
        for json in [false, true] {
            let mut args = args.to_vec();
            args.extend(json.then_some("--json"));
            let o = run(&args);
            let out = String::from_utf8(o.stdout).unwrap();
            assert_eq!(o.status.code(), Some(0), "{args:?}");
            assert!(!out.contains("SharedLayout::"), "{args:?}: {out}");
            assert!(
                out.contains(
                    "give a swizzle mode, `--swizzle 128B` (or 64B, 32B; interleave for no \
                     swizzle), without `--pad`"
                ),
                "{args:?}: {out}"
            );
        }
        let o = run(fixed);
        let out = String::from_utf8(o.stdout).unwrap();
        assert!(out.contains("\nTMA: box {64, 64}"), "{fixed:?}: {out}");
        assert!(
            out.contains("\ndescriptor (A, M = 64): K-major, 128-byte swizzle"),
            "{fixed:?}: {out}"
        );
    }
}

/// The names an unknown-layout message suggests, in order.
fn suggested_names(err: &str) -> Vec<String> {
    let rest = err
        .split_once("; did you mean ")
        .unwrap_or_else(|| panic!("no suggestion: {err}"))
        .1;
    let list = rest.split_once('?').expect("a question").0;
    list.split(" or ")
        .map(|n| n.trim_matches('`').to_string())
        .collect()
}

#[test]
fn a_name_of_another_arch_or_majorness_gets_the_catalogs_name() {
    // The name as typed (`@` where it goes in the command), and the catalog's names for it.
    let cases: &[(&[&str], &str, &[&str])] = &[
        (
            &["show", "@"],
            "SM80_16x8x8_F16_A",
            &["SM75_16x8x8_F16_A_ROW"],
        ),
        (
            &["json", "@"],
            "SM80_16x8x8_F16_B",
            &["SM75_16x8x8_F16_B_COL"],
        ),
        (&["show", "@"], "SM80_16x8x8_F32_C", &["SM75_16x8x8_F32_C"]),
        (
            &["show", "@"],
            "SM75_16x8x16_F32_C",
            &["SM80_16x8x16_F32_C"],
        ),
        (
            &["show", "@"],
            "SM90_16x8x16_F16_A_ROW",
            &["SM80_16x8x16_F16_A_ROW"],
        ),
        (
            &["show", "@"],
            "SM80_16x8x16_F16_A_COL",
            &["SM80_16x8x16_F16_A_ROW"],
        ),
        (&["show", "@"], "SM80_16x8x8_F64_C", &["SM90_16x8x8_F64_C"]),
        (
            &["show", "@"],
            "SM90A_64x64x16_F32_C",
            &["SM90_64x64x16_F32_C"],
        ),
        (
            &["show", "@"],
            "SM80_8x8x4_F16_A",
            &["SM70_8x8x4_F16_A_COL", "SM70_8x8x4_F16_A_ROW"],
        ),
        (
            &["json", "@"],
            "sm80_16x8x32_e4m3_a",
            &["SM89_16x8x32_E4M3_A_ROW", "SM120_16x8x32_E4M3_A_ROW"],
        ),
        (
            &["convert", "@:1x2", "SM80_16x8x16_F16_A_ROW"],
            "SM80_16x8x8_F32_C",
            &["SM75_16x8x8_F32_C"],
        ),
        (
            &["banks", "ldmatrix.x4", "@", "--tile", "64x64"],
            "SM75_16x8x16_F16_A_ROW",
            &["SM80_16x8x16_F16_A_ROW"],
        ),
    ];
    for &(args, typed, want) in cases {
        let with =
            |name: &str| -> Vec<String> { args.iter().map(|a| a.replace('@', name)).collect() };
        let typed_args = with(typed);
        let o = run(&typed_args.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(o.status.code(), Some(1), "{typed_args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(
            err.starts_with(&format!("error: unknown layout `{typed}`")),
            "{err}"
        );
        assert_eq!(suggested_names(&err), want, "{typed_args:?}: {err}");
        for name in want {
            let fixed = with(name);
            let o = run(&fixed.iter().map(String::as_str).collect::<Vec<_>>());
            assert_eq!(
                o.status.code(),
                Some(0),
                "{fixed:?}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
    }
}
