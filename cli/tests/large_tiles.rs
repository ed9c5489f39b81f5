//! `fraglayout check` on numerals with large tiles, warps or element counts, end to end: the
//! answer is bounded (at most 64 KiB on stdout) and is the renderer's own grid of the numeral
//! `check_numeral` reads. Issue 11's three inputs took 50 s, 109 s and 245 s; they take
//! milliseconds now, and the time is only a tripwire here (seconds), never a tight assert.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// The most `check` may write to stdout for these inputs.
const LIMIT: usize = 64 * 1024;
/// A tripwire for one run of the binary (start-up included).
const TRIPWIRE: Duration = Duration::from_secs(30);

fn check(text: &str) -> Output {
    let start = Instant::now();
    let o = Command::new(env!("CARGO_BIN_EXE_fraglayout"))
        .args(["check", text])
        .output()
        .expect("running fraglayout");
    let took = start.elapsed();
    assert!(took < TRIPWIRE, "{text}: {took:?}");
    o
}

/// What `check` prints for a numeral that parses: its digit table when valid, then its grid.
fn rendering(text: &str) -> String {
    let tokens: proc_macro2::TokenStream = text.parse().unwrap();
    let result = layout_codegen::check_numeral(tokens);
    let owned = result.numeral.as_ref().expect("the numeral parses");
    let n = owned.as_numeral();
    let mut out = String::new();
    if result.is_valid() {
        layout_core::render::digit_table(&n, &mut out).unwrap();
        out.push('\n');
    }
    layout_core::render::grid(&n, &mut out).unwrap();
    out
}

#[test]
fn the_issue_inputs_answer_bounded_and_at_once() {
    for (text, error) in [
        (
            "16 x 4096 { lane => 1 }",
            "element digits cover 1 of 2048 elements",
        ),
        (
            "64 x 1024, warps 2048 { lane => 1 }",
            "warp digits cover 1 of 2048 warps",
        ),
        (
            "N: 16 x 3232 { e % 8 => 1, lane / 4 => 32, e / 8 % 2 => 256 }",
            "element digits cover 16 of 1616 elements",
        ),
    ] {
        let o = check(text);
        let out = String::from_utf8(o.stdout).unwrap();
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(o.status.code(), Some(1), "{text}: {err}");
        assert!(err.contains(error), "{text}: {err}");
        assert!(out.len() <= LIMIT, "{text}: {} bytes", out.len());
        assert!(out.contains(" not drawn: "), "{text}");
        // The numeral's name is the one given, or `numeral`: with it, the same grid.
        let named = if text.starts_with('N') {
            text.to_string()
        } else {
            format!("numeral: {text}")
        };
        assert_eq!(out, rendering(&named), "{text}");
    }
}

#[test]
fn a_large_valid_numeral_answers_bounded() {
    // 256 x 256, 2048 elements per lane: valid, drawn in its first 64 columns.
    let text = "big: 256 x 256, elements 2048 { e % 256 => 1, lane => 256, e / 256 => 8192 }";
    let o = check(text);
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(out.len() <= LIMIT, "{} bytes", out.len());
    assert!(out.contains("\n(rows 64 to 255 and cols 64 to 255 not drawn: "));
    assert_eq!(out, rendering(text));
}
