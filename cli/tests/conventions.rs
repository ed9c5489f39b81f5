//! The command line's conventions (clap): each command's help, `help COMMAND`, suggestions
//! for misspelt options, `--opt=value`, a short usage on a usage error, completion scripts,
//! option-like words refused as file names, a layout named the same way in every command, and
//! CuTe's byte-offset swizzles.

use crate::support::{ok, run, stderr, stdout};

#[test]
fn help_show_is_the_show_commands_help() {
    let o = run(&["help", "show"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let help = stdout(&o);
    assert!(help.starts_with("one layout:"), "{help}");
    assert!(help.contains("Usage: fraglayout show [OPTIONS] <LAYOUT|INSTRUCTION>"));
    assert!(!help.contains("exit codes"), "not the global help");
}

#[test]
fn a_usage_error_is_short_and_names_the_option() {
    let o = run(&["json", "SM80_16x8x16_F32_C", "--pretty"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.starts_with("error: unexpected argument '--pretty' found"),
        "{err}"
    );
    assert!(err.contains("Usage: fraglayout json"), "{err}");
    assert!(err.lines().count() < 10, "short: {err}");
    assert!(stdout(&o).is_empty());
}

#[test]
fn a_misspelt_option_gets_the_nearest() {
    for (args, meant) in [
        (&["smem", "--tlie", "8x64"][..], "--tile"),
        (&["banks", "rows.16", "--tile", "8x8", "--fnid"], "--find"),
        (&["expand", "SM80_16x8x16_F32_C", "--gahter"], "--gather"),
        (&["convert", "fa2", "--examles"], "--examples"),
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&o).contains(&format!("a similar argument exists: '{meant}'")),
            "{args:?}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn options_take_their_value_after_an_equals_sign() {
    assert_eq!(
        ok(&["smem", "--tile=8x64", "--swizzle=128B"]),
        ok(&["smem", "--tile", "8x64", "--swizzle", "128B"])
    );
    assert_eq!(
        ok(&["banks", "rows.16", "--tile=8x64", "--max-pad=2", "--find"]),
        ok(&[
            "banks",
            "rows.16",
            "--tile",
            "8x64",
            "--max-pad",
            "2",
            "--find"
        ])
    );
}

#[test]
fn a_file_option_refuses_a_word_that_is_an_option() {
    let dir = std::env::temp_dir().join(format!("fraglayout-opt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for args in [
        &["smem", "--tile", "8x64", "--svg", "--col-major"][..],
        &["banks", "rows.16", "--tile", "8x64", "--svg", "--find"],
        &["svg", "SM80_16x8x16_F32_C", "-o", "--bogus"],
        &["convert", "fa2", "--svg", "--bits"],
    ] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_fraglayout"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            0,
            "{args:?}: no file written"
        );
    }
    // `-` is stdout, not an option.
    assert!(ok(&["smem", "--tile", "8x64", "--svg", "-"]).contains("<svg"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn completions_are_scripts_for_each_shell() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef fraglayout"),
        ("fish", "complete -c fraglayout"),
    ] {
        let script = ok(&["completions", shell]);
        assert!(script.contains(marker), "{shell}");
        for word in ["banks", "max-pad", "swizzle", "convert", "examples"] {
            assert!(script.contains(word), "{shell}: {word}");
        }
    }
    let o = run(&["completions", "tcsh"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("[possible values: bash"),
        "{}",
        stderr(&o)
    );
}

/// A layout of two accumulators side by side, named four ways.
const TILED: &str = "SM80_16x8x16_F32_C[1x2]";

#[test]
fn the_colon_spelling_of_a_tile_of_tiles_prints_what_the_bracket_one_does() {
    let tiled_a = "SM80_16x8x16_F16_A_ROW[2x1]";
    let cases: &[&[&str]] = &[
        &["show", TILED],
        &["show", TILED, "--json"],
        &["json", TILED],
        &["svg", TILED],
        &["expand", TILED],
        &["expand", TILED, "--gather", "--bounds"],
        &["banks", "store.8", TILED],
        &["banks", "ldmatrix.x4", tiled_a, "--tile", "64x64", "--json"],
        &["banks", "--matrices", tiled_a],
        &["convert", TILED, "SM80_16x8x16_F16_A_ROW"],
        &["convert", TILED, "SM80_16x8x16_F16_A_ROW", "--json"],
        &[
            "expand",
            "--convert",
            TILED,
            "SM80_16x8x16_F16_A_ROW",
            "--packed",
        ],
    ];
    for args in cases {
        let colon: Vec<String> = args
            .iter()
            .map(|a| a.replace("[1x2]", ":1x2").replace("[2x1]", ":2x1"))
            .collect();
        assert_ne!(colon, *args, "{args:?} has a tile of tiles");
        let colon: Vec<&str> = colon.iter().map(String::as_str).collect();
        let bracket = ok(args);
        assert!(bracket.len() > 100, "{args:?}: {bracket}");
        assert_eq!(ok(&colon), bracket, "{colon:?}");
    }
    // The spelling's errors, and a `::` (a tcgen05.mma spelling) is no tiling.
    for bad in [
        "SM80_16x8x16_F32_C:1x",
        "SM80_16x8x16_F32_C:0x2",
        "SM80_16x8x16_F32_C:",
    ] {
        let o = run(&["show", bad]);
        assert_eq!(o.status.code(), Some(1), "{bad}");
        assert!(
            stderr(&o).contains("write a tile of tiles as NAME:RxC"),
            "{bad}: {}",
            stderr(&o)
        );
    }
    let o = run(&["json", "tcgen05.mma.cta_group::1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with("error: unknown layout"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_tile_of_tiles_is_a_layout_in_every_command() {
    let show = ok(&["show", TILED]);
    assert!(
        show.starts_with("SM80_16x8x16_F32_C[1x2]: 16 x 16 tile, 32 threads x 8 elements"),
        "{show}"
    );
    let svg = ok(&["svg", TILED]);
    assert!(
        svg.contains("<title>SM80_16x8x16_F32_C[1x2]: 16 x 16 tile"),
        "{}",
        &svg[..200]
    );
    let json: serde_json::Value = serde_json::from_str(&ok(&["json", TILED])).unwrap();
    assert_eq!(json["rows"], 16);
    assert_eq!(json["cols"], 16);
    assert_eq!(json["table"].as_array().unwrap().len(), 32);
    assert_eq!(json["table"][0].as_array().unwrap().len(), 8);
    let banks = ok(&["banks", "store.8", TILED]);
    assert!(
        banks.starts_with("store.8 of SM80_16x8x16_F32_C[1x2] at (0, 0) on 16 x 16 of 4-byte"),
        "{banks}"
    );
}

#[test]
fn a_numeral_and_an_example_are_layouts_in_every_command() {
    let numeral = "16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2, lane / 4 => 8, e / 2 => 64 }";
    let shown = ok(&["show", numeral]);
    assert!(
        shown.starts_with("numeral: 16 x 8 tile, 32 threads x 4 elements"),
        "{shown}"
    );
    // The same cells as the catalog's accumulator, which it writes out.
    let a: serde_json::Value = serde_json::from_str(&ok(&["json", numeral])).unwrap();
    let b: serde_json::Value = serde_json::from_str(&ok(&["json", "SM80_16x8x16_F32_C"])).unwrap();
    assert_eq!(a["table"], b["table"]);
    // A numeral's elements have no size: `--elem` gives it.
    let o = run(&["banks", "store.8", numeral]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--elem"), "{}", stderr(&o));
    assert!(ok(&["banks", "store.8", numeral, "--elem", "4"]).contains("wavefronts"));
    let example = layout_core::convert::examples::EXAMPLES[0].from.name;
    assert!(ok(&["show", example]).starts_with(&format!("{example}: ")));
    // And a bad one says so, exit 1.
    let o = run(&["show", "16 x 8 { lane => 1 }"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("error:"));
}

#[test]
fn cute_byte_swizzles_are_the_element_swizzles_they_mean() {
    // Swizzle<3,4,3> of byte offsets on 2-byte elements is Swizzle<3,3,3> of element offsets.
    let bytes = ok(&["smem", "--tile", "8x64", "--swizzle", "Swizzle<3,4,3>"]);
    let elements = ok(&["smem", "--tile", "8x64", "--swizzle", "3,3,3"]);
    assert_eq!(bytes, elements);
    assert!(
        elements.contains(
            "swizzles here are of element offsets: Swizzle<3, 3, 3> of 2-byte \
                           elements is CuTe's Swizzle<3, 4, 3> of byte offsets"
        ),
        "{elements}"
    );
    let four = ok(&[
        "smem",
        "--tile",
        "8x32",
        "--elem",
        "4",
        "--swizzle",
        "Swizzle<3,4,3>",
    ]);
    assert!(
        four.contains("Swizzle<3, 2, 3> of 4-byte elements"),
        "{four}"
    );
    // A byte swizzle that would split an element is refused with the least base.
    let o = run(&["smem", "--tile", "8x64", "--swizzle", "Swizzle<3,0,3>"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("its base must be at least 1"),
        "{}",
        stderr(&o)
    );
    // The help says so, whatever line it wraps at.
    let help = ok(&["help", "smem"])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(help.contains("Swizzle<B,M,S> (CuTe's spelling, of byte offsets)"));
}

#[test]
fn expand_takes_a_layout_outside_the_catalog_through_a_constant() {
    let tiled = ok(&["expand", TILED]);
    let mut lines = tiled.lines();
    assert_eq!(
        lines.next().unwrap(),
        "// const LAYOUT: fraglayout::Numeral<'static> = \
         fraglayout::catalog::SM80_16x8x16_F32_C.tiled_or_panic(1, 2).numeral();"
    );
    assert_eq!(lines.next().unwrap(), "// #[fragment_layout(LAYOUT)]");
    // The accumulator's f32 elements, eight of them.
    assert!(tiled.contains("frag: &[f32; 8]"), "{tiled}");
    let numeral = "16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2, lane / 4 => 8, e / 2 => 64 }";
    let written = ok(&["expand", numeral, "--gather"]);
    assert!(
        written.starts_with(
            "// const LAYOUT: fraglayout::Numeral<'static> = fraglayout::Numeral::new(\"numeral\", \
             16, 8, 4, &[fraglayout::Digit::element(1, 2, 1)"
        ),
        "{written}"
    );
    assert!(written.contains("-> [u32; 4]"), "32-bit words: {written}");
}
