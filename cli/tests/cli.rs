//! The `fraglayout` binary: commands, exit codes, JSON that parses and matches the numerals,
//! `show`, `svg` and `check` (the macro's own messages); `expand` has `tests/expand.rs`.

use std::process::{Command, Output};

use crate::support::{ok, run, stderr, stdout};

use layout_core::catalog::CATALOG;

/// A minimal JSON value and parser, enough to check the output is well-formed.
#[derive(Debug, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Obj(kv) => {
                &kv.iter()
                    .find(|(k, _)| k == key)
                    .unwrap_or_else(|| panic!("no {key}"))
                    .1
            }
            _ => panic!("not an object"),
        }
    }
    fn num(&self) -> u32 {
        match self {
            Json::Num(n) => *n as u32,
            _ => panic!("not a number: {self:?}"),
        }
    }
    fn str(&self) -> &str {
        match self {
            Json::Str(s) => s,
            _ => panic!("not a string"),
        }
    }
    fn arr(&self) -> &[Json] {
        match self {
            Json::Arr(a) => a,
            _ => panic!("not an array"),
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn parse(text: &str) -> Json {
        let mut p = Parser {
            s: text.as_bytes(),
            i: 0,
        };
        let v = p.value();
        p.ws();
        assert_eq!(p.i, p.s.len(), "trailing text after JSON");
        v
    }
    fn ws(&mut self) {
        while self.i < self.s.len() && b" \n\r\t".contains(&self.s[self.i]) {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) {
        self.ws();
        assert_eq!(
            self.s.get(self.i),
            Some(&c),
            "expected {} at {}",
            c as char,
            self.i
        );
        self.i += 1;
    }
    fn peek(&mut self) -> u8 {
        self.ws();
        self.s[self.i]
    }
    fn value(&mut self) -> Json {
        match self.peek() {
            b'{' => {
                self.eat(b'{');
                let mut kv = Vec::new();
                if self.peek() != b'}' {
                    loop {
                        let k = self.string();
                        self.eat(b':');
                        kv.push((k, self.value()));
                        if self.peek() == b',' {
                            self.eat(b',');
                        } else {
                            break;
                        }
                    }
                }
                self.eat(b'}');
                Json::Obj(kv)
            }
            b'[' => {
                self.eat(b'[');
                let mut a = Vec::new();
                if self.peek() != b']' {
                    loop {
                        a.push(self.value());
                        if self.peek() == b',' {
                            self.eat(b',');
                        } else {
                            break;
                        }
                    }
                }
                self.eat(b']');
                Json::Arr(a)
            }
            b'"' => Json::Str(self.string()),
            b't' => self.word("true", Json::Bool(true)),
            b'f' => self.word("false", Json::Bool(false)),
            b'n' => self.word("null", Json::Null),
            _ => {
                let start = self.i;
                while self.i < self.s.len() && b"-+.eE0123456789".contains(&self.s[self.i]) {
                    self.i += 1;
                }
                let t = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                Json::Num(
                    t.parse()
                        .unwrap_or_else(|_| panic!("bad number {t:?} at {start}")),
                )
            }
        }
    }
    fn word(&mut self, w: &str, v: Json) -> Json {
        assert!(self.s[self.i..].starts_with(w.as_bytes()));
        self.i += w.len();
        v
    }
    fn string(&mut self) -> String {
        self.eat(b'"');
        let mut out = String::new();
        loop {
            let c = self.s[self.i];
            self.i += 1;
            match c {
                b'"' => return out,
                b'\\' => {
                    let e = self.s[self.i];
                    self.i += 1;
                    out.push(match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'n' => '\n',
                        b't' => '\t',
                        b'r' => '\r',
                        b'u' => {
                            let h = std::str::from_utf8(&self.s[self.i..self.i + 4]).unwrap();
                            self.i += 4;
                            char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap()
                        }
                        _ => panic!("bad escape"),
                    });
                }
                c if c < 0x20 => panic!("control character in string"),
                _ => {
                    // Copy one UTF-8 character.
                    let start = self.i - 1;
                    let len = match c {
                        0..=0x7f => 1,
                        0xc0..=0xdf => 2,
                        0xe0..=0xef => 3,
                        _ => 4,
                    };
                    self.i = start + len;
                    out.push_str(std::str::from_utf8(&self.s[start..self.i]).unwrap());
                }
            }
        }
    }
}

#[test]
fn the_parser_rejects_broken_json() {
    assert!(std::panic::catch_unwind(|| Parser::parse("{\"a\":[1,2}")).is_err());
    assert!(std::panic::catch_unwind(|| Parser::parse("\"a\nb\"")).is_err());
    assert_eq!(
        Parser::parse(" [1, \"x\\\"\"] "),
        Json::Arr(vec![Json::Num(1.0), Json::Str("x\"".into())])
    );
}

fn check_object(v: &Json) {
    let name = v.get("name").str();
    let e = layout_core::catalog::find(name).unwrap_or_else(|| panic!("{name} not in catalog"));
    let n = e.numeral;
    let instr: Vec<&str> = v.get("instructions").arr().iter().map(Json::str).collect();
    assert_eq!(instr, e.instructions, "{name}");
    assert_eq!(v.get("operand").str(), e.operand.name());
    assert_eq!(v.get("rows").num(), n.rows);
    assert_eq!(v.get("cols").num(), n.cols);
    assert_eq!(v.get("threads").num(), n.threads());
    assert_eq!(v.get("elements_per_thread").num(), n.elements);
    let digits = v.get("digits").arr();
    assert_eq!(digits.len(), n.digits.len());
    for (j, d) in digits.iter().zip(n.digits) {
        assert_eq!(
            j.get("source").str(),
            if d.source.name() == "e" {
                "element"
            } else {
                d.source.name()
            }
        );
        assert_eq!(
            (
                j.get("divisor").num(),
                j.get("range").num(),
                j.get("place").num()
            ),
            (d.divisor, d.range, d.place)
        );
        assert_eq!(j.get("broadcast"), &Json::Bool(d.is_broadcast()));
    }
    assert_eq!(v.get("copies").num() as u64, n.copies());
    let table = v.get("table").arr();
    assert_eq!(table.len() as u32, n.threads(), "{name}");
    for (t, row) in table.iter().enumerate() {
        let row = row.arr();
        assert_eq!(row.len() as u32, n.elements);
        for (i, rc) in row.iter().enumerate() {
            let rc = rc.arr();
            assert_eq!(
                Some((rc[0].num(), rc[1].num())),
                n.coords(t as u32, i as u32),
                "{name}: thread {t}, element {i}"
            );
        }
    }
}

#[test]
fn json_of_one_layout_parses_and_matches_the_numeral() {
    for name in [
        "SM80_16x8x16_F16_A_ROW",
        "SM70_8x8x4_F32_C",
        "SM90_64x24x16_F32_C",
        "SM75_U16x8_LDSM_T",
    ] {
        let o = run(&["json", name]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        check_object(&Parser::parse(&stdout(&o)));
    }
}

#[test]
fn json_all_is_one_object_a_line_for_every_layout_in_order() {
    let o = run(&["json", "--all"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.ends_with("}\n"), "each line ends with a newline");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), CATALOG.len(), "one line per catalog layout");
    for (line, e) in lines.iter().zip(CATALOG) {
        let obj = Parser::parse(line);
        assert!(matches!(obj, Json::Obj(_)), "not an object: {line:.80}");
        assert_eq!(obj.get("name").str(), e.name());
        check_object(&obj);
    }
}

#[test]
fn list_names_every_layout_and_instruction() {
    let o = run(&["list"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    for e in CATALOG {
        assert!(
            text.lines()
                .any(|l| l.starts_with(&format!("{}  (", e.name()))),
            "{}",
            e.name()
        );
        for i in e.instructions {
            assert!(text.contains(&format!("    {i}\n")), "{i}");
        }
    }
}

#[test]
fn unknown_name_exits_1_and_suggests_the_nearest() {
    let o = run(&["json", "SM80_16x8x16_F16_A_RW"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.starts_with("error: unknown layout `SM80_16x8x16_F16_A_RW`"),
        "{err}"
    );
    assert!(
        err.contains("did you mean `SM80_16x8x16_F16_A_ROW`"),
        "{err}"
    );
    assert!(stdout(&o).is_empty());
    let o = run(&["json", "sm90_64x64x16_f32_c"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("`SM90_64x64x16_F32_C`"));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["json"],
        &["frobnicate"],
        &["list", "wgmma", "extra"],
        &["json", "--bogus"],
        &["json", "a", "b"],
        &["show"],
        &["show", "a", "b"],
        &["show", "--bogus"],
        &["svg"],
        &["svg", "SM80_16x8x16_F32_C", "-o"],
        &["svg", "SM80_16x8x16_F32_C", "--bogus"],
        &["svg", "a", "b"],
        &["expand"],
        &["expand", "SM80_16x8x16_F32_C", "--bogus"],
        &["expand", "a", "b"],
        &["check"],
        &["check", "16 x 8 {", "}"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(err.starts_with("error: "), "{args:?}");
        // Lowercase, but for the placeholders it quotes (`<FILE>`).
        let first = err.lines().next().unwrap();
        let starts = first["error: ".len()..].chars().next().unwrap();
        assert!(
            !starts.is_uppercase(),
            "{args:?}: lowercase message: {first}"
        );
        assert!(
            err.contains("Usage: fraglayout") || err.contains("try '--help'"),
            "{args:?}: the usage line: {err}"
        );
        assert!(
            err.lines().count() <= 12,
            "{args:?}: short, not the whole help: {err}"
        );
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}

#[test]
fn help_documents_the_exit_codes() {
    let o = run(&["--help"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    for line in [
        "0    success",
        "1    unknown layout name",
        "2    usage error",
        "NAME:RxC",
        "'NAME[RxC]'",
    ] {
        assert!(text.contains(line), "{line}");
    }
    for cmd in [
        "list",
        "show",
        "svg",
        "expand",
        "check",
        "convert",
        "banks",
        "smem",
        "json",
        "completions",
    ] {
        assert!(text.contains(&format!("\n  {cmd} ")), "{cmd} listed");
    }
    // Each command's usage line is in its own help.
    for (cmd, usage) in [
        ("list", "Usage: fraglayout list [OPTIONS]"),
        (
            "show",
            "Usage: fraglayout show [OPTIONS] <LAYOUT|INSTRUCTION>",
        ),
        ("svg", "Usage: fraglayout svg [OPTIONS] <LAYOUT>"),
        ("expand", "Usage: fraglayout expand [OPTIONS] [LAYOUT]"),
        ("check", "Usage: fraglayout check [OPTIONS] <NUMERAL>"),
        ("json", "Usage: fraglayout json [OPTIONS] [LAYOUT]"),
    ] {
        assert!(ok(&["help", cmd]).contains(usage), "{cmd}");
    }
    assert!(ok(&["json", "--help"]).contains("--all"));
}

#[test]
fn unknown_names_exit_1_in_every_command() {
    for cmd in ["show", "svg", "expand"] {
        let o = run(&[cmd, "SM80_16x8x16_F32_X"]);
        assert_eq!(o.status.code(), Some(1), "{cmd}");
        let err = stderr(&o);
        assert!(
            err.starts_with("error: unknown layout `SM80_16x8x16_F32_X`; did you mean"),
            "{cmd}: {err}"
        );
        assert!(stdout(&o).is_empty(), "{cmd}");
    }
}

#[test]
fn show_prints_instructions_digit_table_and_grid() {
    for e in [
        "SM80_16x8x16_F32_C",
        "SM75_U32x4_LDSM_N",
        "SM90_64x16x16_F32_C",
    ] {
        let entry = layout_core::catalog::find(e).unwrap();
        let n = entry.numeral;
        let o = run(&["show", e]);
        assert_eq!(o.status.code(), Some(0), "{e}: {}", stderr(&o));
        let text = stdout(&o);
        for i in entry.instructions {
            assert!(text.contains(&format!("    {i}\n")), "{e}: {i}");
        }
        let mut table = String::new();
        layout_core::render::digit_table(n, &mut table).unwrap();
        let mut grid = String::new();
        layout_core::render::grid(n, &mut grid).unwrap();
        assert!(text.contains(&table), "{e}: digit table");
        assert!(text.ends_with(&grid), "{e}: grid");
    }
    let text = stdout(&run(&["show", "SM80_16x8x16_F32_C"]));
    assert!(text.contains("| `lane / 4` | 8     | 8     | lane, bits 2-4 |"));
    assert!(text.contains("\n  8   T0:2   T0:3   T1:2"));
}

#[test]
fn svg_writes_one_cell_per_tile_element() {
    let dir = std::env::temp_dir().join(format!("fraglayout-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for e in [
        "SM80_16x8x16_F32_C",
        "SM70_8x8x4_F16_B_ROW",
        "SM90_64x32x16_F32_C",
    ] {
        let n = layout_core::catalog::find(e).unwrap().numeral;
        let file = dir.join(format!("{e}.svg"));
        let o = run(&["svg", e, "-o", file.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{e}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
        let svg = std::fs::read_to_string(&file).unwrap();
        assert!(svg.starts_with("<?xml"), "{e}");
        assert!(svg.ends_with("</svg>\n"), "{e}");
        assert_eq!(
            svg.matches(r#"<rect class="cell""#).count() as u64,
            n.size(),
            "{e}"
        );
        // `-o -` and no `-o` write the same picture to stdout.
        assert_eq!(stdout(&run(&["svg", e, "-o", "-"])), svg, "{e}");
        assert_eq!(stdout(&run(&["svg", "-o", "-", e])), svg, "{e}");
        assert_eq!(stdout(&run(&["svg", e])), svg, "{e}");
    }
    // The committed picture is this command's output.
    let committed = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/m16n8k16_f32_c.svg"
    ))
    .unwrap();
    assert_eq!(stdout(&run(&["svg", "SM80_16x8x16_F32_C"])), committed);
    let o = run(&["svg", "SM80_16x8x16_F32_C", "-o", "/nonexistent-dir/x.svg"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("error: cannot write `/nonexistent-dir/x.svg`"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The first line of a committed trybuild `.stderr`, the macro's message.
fn macro_message(case: &str) -> String {
    let path = format!(
        "{}/../ui-tests/ui/fail/{case}.stderr",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().next().unwrap().to_string()
}

const ACC_OK: &str = "16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2, lane / 4 => 8, e / 2 => 64 }";

#[test]
fn check_accepts_a_valid_numeral() {
    for text in [ACC_OK.to_string(), format!("pub ACC: {ACC_OK}")] {
        let o = run(&["check", &text]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(stderr(&o).is_empty());
        let out = stdout(&o);
        assert!(out.contains("| `lane / 4` | 8     | 8     | lane, bits 2-4 |"));
        assert!(out.contains("\n  8   T0:2   T0:3   T1:2"), "{out}");
        assert!(!out.contains("not a bijection"));
    }
    // Multi-line, as pasted from a source file, and the default element count.
    let o = run(&[
        "check",
        "ACC: 16 x 8 {\n    e % 2    => 1,\n    lane % 4 => 2,\n    lane / 4 => 8,\n    e / 2    => 64,\n}",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("ACC: 16 x 8 tile, 32 threads x 4 elements\n"));
}

/// The sm_120 scale_vec::1X scale of B: the four lanes of a quad hold one column's scale.
const SFB: &str = "SFB: 1 x 8 { lane % 4 => broadcast, lane / 4 => 1 }";

#[test]
fn check_and_json_show_broadcast_digits() {
    let o = run(&["check", SFB]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("| `lane % 4` | 4     | broadcast | lane, bits 0-1 |"),
        "{out}"
    );
    assert!(
        out.contains("broadcast: `lane % 4`, each element held by 4 threads"),
        "{out}"
    );
    assert!(out.contains("  0    T0-3:0    T4-7:0"), "{out}");
    let o = run(&["json", SFB]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = Parser::parse(&stdout(&o));
    assert_eq!(v.get("copies").num(), 4);
    let digits = v.get("digits").arr();
    assert_eq!(digits[0].get("broadcast"), &Json::Bool(true));
    assert_eq!(digits[0].get("place").num(), 0);
    assert_eq!(digits[1].get("broadcast"), &Json::Bool(false));
    // Every thread of a quad lists the quad's column.
    let table = v.get("table").arr();
    assert_eq!(table.len(), 32);
    for (t, row) in table.iter().enumerate() {
        assert_eq!(row.arr()[0].arr()[1].num(), t as u32 / 4);
    }
    // An undeclared duplicate: the macro's message, unchanged.
    let o = run(&["check", "SFB: 1 x 8 { lane % 4 => 8, lane / 4 => 1 }"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("the 1 x 8 tile has 8 elements, fewer than the 32 threads"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn check_rejects_with_the_macros_message_and_a_caret() {
    // docs/GUIDE.md's example: `lane / 4` at 16 where 8 is right. One message, the move.
    let text = "16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2, lane / 4 => 16, e / 2 => 64 }";
    let o = run(&["check", text]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let message = macro_message("place_gap");
    assert_eq!(
        message,
        "error: no digit has place 8: move `lane / 4` from place 16 to place 8"
    );
    let at = text.find("16,").unwrap();
    let expected = format!(
        "{message}\n --> <numeral>:1:{}\n  |\n1 | {text}\n  | {}^^\n\n",
        at + 1,
        " ".repeat(at)
    );
    assert_eq!(err, expected, "one message, nothing after it");
    assert!(stdout(&o).contains("unclaimed (64 cells):"));
}

/// `check` and `numeral!` say the same for each case: `(text typed, ui-tests case)`.
#[test]
fn check_gives_the_macros_message_for_each_mistake() {
    for (text, case) in [
        (
            "16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2, lane / 4 => 16, e / 2 => 128 }",
            "place_moves",
        ),
        (
            "8 x 8 { e => 1, lane % 4 => 2, lane / 8 % 8 => 8 }",
            "source_move",
        ),
        (
            "16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2, lane / 4 => 8, e / 4 => 64 }",
            "element_divisor_reads_nothing",
        ),
        (
            "32 x 1, elements 1 { lane => 1, e => 32 }",
            "one_element_digit",
        ),
        (
            "16 x 8, warps 0 { e % 2 => 1, lane % 4 => 2, lane / 4 => 8, e / 2 => 64 }",
            "warps_zero",
        ),
        ("65536 x 65536, elements 4 { lane => 1 }", "tile_too_large"),
        ("16x { lane => 1 }", "shape_without_columns"),
        (
            "16 x 8 { e % 2 => 1, lane % 4 => 2, lane % 32 / 4 => 8, e / 2 => 64 }",
            "divide_after_remainder",
        ),
        (
            "SM80_16x8x16_F32_C: 16 x 8 { lane % 4 => 1, e % 2 => 4, lane / 4 => 8, e / 2 => 64 }",
            "numeral_catalog_name",
        ),
    ] {
        let o = run(&["check", text]);
        assert_eq!(o.status.code(), Some(1), "{text}");
        let err = stderr(&o);
        let message = macro_message(case);
        assert!(err.starts_with(&format!("{message}\n")), "{case}: {err}");
        assert_eq!(
            err.matches("error: ").count(),
            1,
            "{case}: one message\n{err}"
        );
    }
}

#[test]
fn check_accepts_parenthesised_rows_as_ptx_writes_them() {
    let plain = stdout(&run(&["check", ACC_OK]));
    for text in [
        "16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2, (lane / 4) % 8 => 8, (e / 2) % 2 => 64 }",
        "16 x 8, elements 4 { (e % 2) => 1, (lane) % 4 => 2, ((lane / 4) % 8) => 8, ((e / 2)) => 64 }",
    ] {
        let o = run(&["check", text]);
        assert_eq!(o.status.code(), Some(0), "{text}: {}", stderr(&o));
        assert_eq!(stdout(&o), plain, "{text}");
    }
    // A caret under a parenthesised row covers its parentheses.
    let text = "16 x 8 { e % 2 => 1, lane % 4 => 2, (lane / 8) % 4 => 8, e / 2 => 64 }";
    let err = stderr(&run(&["check", text]));
    let at = text.find("(lane / 8)").unwrap();
    assert!(
        err.contains(&format!("\n  | {}{}\n", " ".repeat(at), "^".repeat(14))),
        "{err}"
    );
}

/// Runs `fraglayout ARGS`, which must answer within a generous tripwire (not a speed test:
/// each input here once took seconds to minutes, or crashed).
fn run_bounded(args: &[&str]) -> Output {
    let start = std::time::Instant::now();
    let o = run(args);
    let took = start.elapsed();
    assert!(took.as_secs() < 20, "{:?} took {took:?}", &args[0]);
    o
}

#[test]
fn check_refuses_deep_nesting_without_overflowing_the_stack() {
    // 40,000 nested parentheses once overflowed the stack (exit 134).
    let text = format!("16 x 8 {{ {}{} }}", "(".repeat(40_000), ")".repeat(40_000));
    let o = run_bounded(&["check", &text]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.starts_with("error: brackets nested more than 16 deep"),
        "{}",
        &err[..err.len().min(300)]
    );
    assert!(err.len() < 1024, "{} bytes", err.len());
    // The caret is under the first parenthesis too deep: the 16th, at column 10 + 15 (the
    // braces are the first level).
    assert!(err.contains(" --> <numeral>:1:25\n"), "{err}");
    // Unclosed, they are not Rust tokens.
    let o = run_bounded(&["check", &format!("16 x 8 {{ {} }}", "(".repeat(40_000))]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("error: cannot read the text as Rust tokens"));
    assert!(stderr(&o).len() < 1024);
}

#[test]
fn check_bounds_its_messages_for_many_malformed_rows_on_one_line() {
    // 12,000 malformed rows on one 96 KB line once printed 1.7 GB: each caret reprinted it.
    let text = format!("16 x 8 {{ {} }}", vec!["lane ! 4"; 12_000].join(", "));
    assert!(text.len() > 96_000);
    let o = run_bounded(&["check", &text]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.len() <= 64 * 1024, "{} bytes", err.len());
    assert_eq!(err.matches("error: malformed digit row").count(), 24);
    assert!(
        err.contains("error: and 11976 more problems not shown\n"),
        "{err}"
    );
    // Each line shown is an excerpt of at most 120 characters, marked where cut.
    for line in err.lines().filter(|l| l.starts_with("1 | ")) {
        assert!(line.chars().count() <= "1 | ".len() + 3 + 120 + 3, "{line}");
        assert!(line.ends_with("..."), "{line}");
    }
    // The excerpt of a row far along the line starts a little before it, carets under it.
    let last = err.split("\n\n").nth(23).unwrap();
    let column = 10 + 23 * "lane ! 4, ".len();
    assert!(
        last.contains(&format!(" --> <numeral>:1:{column}\n")),
        "{last}"
    );
    assert!(last.contains("\n1 | ...lane ! 4, lane ! 4"), "{last}");
    assert!(
        last.ends_with(&format!("  | {}^^^^^^^^", " ".repeat(3 + 30))),
        "{last}"
    );
}

#[test]
fn check_refuses_a_huge_number_in_time_linear_in_its_length() {
    // A 100,000-digit place once took 15 s (1,000 digits, 5 s).
    for digits in [1_000usize, 100_000] {
        let text = format!("16 x 8 {{ lane => {} }}", "1".repeat(digits));
        let o = run_bounded(&["check", &text]);
        assert_eq!(o.status.code(), Some(1));
        let err = stderr(&o);
        assert!(
            err.starts_with(&format!(
                "error: `111111111111111111111111...` ({digits} characters) does not fit in 32 \
                 bits: numbers here are at most 4294967295\n"
            )),
            "{}",
            &err[..err.len().min(300)]
        );
        assert!(err.len() < 1024, "{} bytes", err.len());
    }
    // Eleven digits fit no u32 either; the number is quoted whole.
    let o = run(&["check", "16 x 8 { lane => 99999999999 }"]);
    assert!(stderr(&o).starts_with(
        "error: `99999999999` does not fit in 32 bits: numbers here are at most 4294967295\n"
    ));
}

#[test]
fn check_draws_no_grid_for_more_digits_than_a_numeral_holds() {
    // 1,000 digits once drew a grid for 5 s after saying a numeral holds at most 32.
    let text = format!("256 x 256 {{ {} }}", vec!["e % 2 => 1"; 1_000].join(", "));
    let o = run_bounded(&["check", &text]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.starts_with("error: 1000 digits: a numeral holds at most 32\n"),
        "{err}"
    );
    assert!(
        err.ends_with("(the numeral has 1000 digits, more than 32: there is no grid to draw)\n")
    );
    assert!(stdout(&o).is_empty());
}

#[test]
fn unknown_names_of_any_length_are_answered_at_once() {
    // A 100,000-character name once took 17 s per command (edit distance to every name).
    let name = "A".repeat(100_000);
    for cmd in ["show", "json", "svg", "expand"] {
        let o = run_bounded(&[cmd, &name]);
        assert_eq!(o.status.code(), Some(1), "{cmd}");
        let err = stderr(&o);
        assert!(err.starts_with(&format!("error: unknown layout `{}...`", "A".repeat(64))));
        assert!(err.len() < 1024, "{cmd}: {} bytes", err.len());
    }
}

#[test]
fn check_marks_collisions_in_the_grid() {
    let text = "4 x 8, elements 1 {\n  lane % 8 => 1,\n  lane / 8 => 6,\n}";
    let o = run(&["check", text]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.starts_with(
            "error: places overlap: `lane / 8` at place 6 falls inside `lane % 8` (places 1 to 7): \
             move it to place 8\n --> <numeral>:3:15\n  |\n3 |   lane / 8 => 6,\n  |               ^\n"
        ),
        "{err}"
    );
    let out = stdout(&o);
    assert!(out.contains("T6:0!T8:0"), "{out}");
    assert!(
        out.contains("collisions (6 cells):\n  (0, 6): T6:0, T8:0\n"),
        "{out}"
    );
}

#[test]
fn check_reports_every_malformed_row_as_the_macro_does() {
    let o = run(&[
        "check",
        "16 x 8 { e % 2 => 1, lane % 4 => 2, lane / 4 => 8, lame => 64 }",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let message = macro_message("unknown_source");
    assert!(err.starts_with(&message), "{err}");
    assert!(err.contains("\n  |                                                    ^^^^\n"));
    assert!(stdout(&o).is_empty());
    // Text that is not even Rust tokens.
    let o = run(&["check", "16 x 8 { e % 2 => 1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("error: cannot read the text as Rust tokens"));
}

#[test]
fn a_reader_that_stops_early_ends_the_output_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_fraglayout"))
        .args(["json", "--all"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // stdout is dropped here: the rest of the output meets a closed pipe.
    let out = child.wait_with_output().unwrap();
    assert_eq!(&first[..1], b"{");
    assert!(out.status.success(), "{:?}", out.status);
    assert_eq!(stderr(&out), "", "no panic, no error");
}

#[test]
fn help_after_a_command_prints_the_commands_help_not_an_error() {
    let global = stdout(&run(&["--help"]));
    for cmd in ["check", "show", "expand", "banks", "convert"] {
        let help = ok(&["help", cmd]);
        assert!(
            help.contains(&format!("Usage: fraglayout {cmd}")),
            "{cmd}: {help}"
        );
        assert_ne!(help, global, "{cmd}: its own help");
        for args in [[cmd, "--help"], [cmd, "-h"]] {
            assert_eq!(ok(&args), help, "{args:?}");
        }
    }
}
