//! The `fraglayout` binary: commands, exit codes, and JSON that parses and matches the
//! numerals.

use std::process::{Command, Output};

use layout_core::catalog::CATALOG;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fraglayout"))
        .args(args)
        .output()
        .expect("run fraglayout")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

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
    }
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
fn json_all_has_every_layout_in_order() {
    let o = run(&["json", "--all"]);
    assert_eq!(o.status.code(), Some(0));
    let v = Parser::parse(&stdout(&o));
    let all = v.arr();
    assert_eq!(all.len(), CATALOG.len());
    for (obj, e) in all.iter().zip(CATALOG) {
        assert_eq!(obj.get("name").str(), e.name());
        check_object(obj);
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
        &["list", "extra"],
        &["json", "--bogus"],
        &["json", "a", "b"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).starts_with("error: "), "{args:?}");
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
        "json --all",
    ] {
        assert!(text.contains(line), "{line}");
    }
}
