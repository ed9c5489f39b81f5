//! `--json` answers: a small JSON value and its text, and the objects several commands share
//! (a layout's shape, a shared layout, wavefronts). docs/CLI-JSON.md documents each command's
//! shape.

use clap::{Arg, ArgAction, ArgMatches};
use layout_core::shared::{Major, SharedLayout, Wavefronts};
use layout_core::Numeral;
use std::fmt::Write as _;

/// A JSON value.
pub enum J {
    Null,
    Bool(bool),
    Num(u64),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(&'static str, J)>),
    /// JSON text written elsewhere, as it is.
    Raw(String),
}

impl J {
    /// `s` as a JSON string.
    pub fn s(s: impl Into<String>) -> J {
        J::Str(s.into())
    }

    /// The value as JSON text, on one line, with a newline after it.
    pub fn text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out.push('\n');
        out
    }

    fn write(&self, out: &mut String) {
        match self {
            J::Null => out.push_str("null"),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Num(n) => out.push_str(&n.to_string()),
            J::Str(s) => out.push_str(&string(s)),
            J::Raw(s) => out.push_str(s),
            J::Arr(items) => {
                out.push('[');
                for (i, x) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    x.write(out);
                }
                out.push(']');
            }
            J::Obj(fields) => {
                out.push('{');
                for (i, (k, v)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str(&string(k));
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }
}

/// The `--json` flag.
pub fn flag() -> Arg {
    Arg::new("json")
        .long("json")
        .action(ArgAction::SetTrue)
        .help("the answer as JSON (docs/CLI-JSON.md gives its shape)")
}

/// Whether `--json` was given.
pub fn wanted(m: &ArgMatches) -> bool {
    m.get_flag("json")
}

/// `{name, rows, cols, threads, warps, elements_per_thread}`.
pub fn shape(n: &Numeral) -> J {
    J::Obj(vec![
        ("name", J::s(n.name)),
        ("rows", J::Num(n.rows.into())),
        ("cols", J::Num(n.cols.into())),
        ("threads", J::Num(n.threads().into())),
        ("warps", J::Num(n.warps.into())),
        ("elements_per_thread", J::Num(n.elements.into())),
    ])
}

/// `{description, rows, cols, elem_bytes, pad, col_major, swizzle: {bits, base, shift}, unit}`:
/// the swizzle of element offsets, `unit` saying so.
pub fn shared(l: &SharedLayout) -> J {
    let s = l.swizzle();
    J::Obj(vec![
        ("description", J::s(l.to_string())),
        ("rows", J::Num(l.rows().into())),
        ("cols", J::Num(l.cols().into())),
        ("elem_bytes", J::Num(l.elem_bytes().into())),
        ("pad", J::Num(l.pad().into())),
        ("col_major", J::Bool(l.major() == Major::Col)),
        ("atom_len", J::Num(l.atom_len().into())),
        ("atoms_along", J::Num(l.atoms_along().into())),
        ("order", J::s(l.order().name())),
        (
            "swizzle",
            J::Obj(vec![
                ("bits", J::Num(s.bits.into())),
                ("base", J::Num(s.base.into())),
                ("shift", J::Num(s.shift.into())),
                ("unit", J::s("elements")),
            ]),
        ),
    ])
}

/// `{total, ideal, worst}`.
pub fn wavefronts(w: &Wavefronts) -> J {
    J::Obj(vec![
        ("total", J::Num(w.total.into())),
        ("ideal", J::Num(w.ideal.into())),
        ("worst", J::Num(w.worst.into())),
    ])
}

/// A JSON string literal.
pub fn string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
