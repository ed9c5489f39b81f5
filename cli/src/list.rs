//! `fraglayout list [PATTERN]`: the catalog layouts by name, with their PTX instructions; with
//! a pattern, those whose name, arch or instructions it names.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::{Arg, ArgMatches, Command};
use layout_core::catalog::{Entry, CATALOG};

use crate::emit;
use crate::json_out::{self, J};
use crate::suggest;

/// The arch of the `tcgen05.mma` name forms `list` ends with.
const FORMS_ARCH: &str = "sm_100a";

/// The command's arguments and help.
pub fn cli() -> Command {
    Command::new("list")
        .about("every layout by name, with its PTX instructions; or those PATTERN names")
        .after_help(crate::wrapped(
            "PATTERN, case ignored, keeps the layouts whose name contains it \
             (list f16_a_row), whose arch it is (list sm_90 or list SM90: sm_90 and sm_90a; \
             list sm_90a: sm_90a only), or one of whose instructions it spells, as `list` \
             prints them, with parts left out and the opcode first (list wgmma, list \
             mma.m16n8k16, list tcgen05.ld, list ldmatrix.x4; a part alone, as in list \
             m16n8k16, may be any part). The tcgen05.mma name forms at the end are layouts of \
             sm_100a and of the tcgen05 instructions their line names. No layout matching is \
             an error, exit 1, with the nearest patterns that match; --json lists the catalog \
             layouts PATTERN keeps.",
        ))
        .args([
            Arg::new("pattern")
                .value_name("PATTERN")
                .help("keep the layouts whose name, arch or instructions PATTERN names"),
            json_out::flag(),
        ])
}

/// `list [PATTERN] [--json]`.
pub fn run(m: &ArgMatches) -> ExitCode {
    let pattern = m.get_one::<String>("pattern").map(|p| Pattern::new(p));
    let keep = |e: &Entry| pattern.as_ref().is_none_or(|p| p.entry(e));
    let entries: Vec<&Entry> = CATALOG.iter().filter(|e| keep(e)).collect();
    let form_lines = format!("{}{}", crate::tmem::list(), crate::tmem_sf::list());
    let forms: Vec<&str> = form_lines
        .lines()
        .filter(|l| pattern.as_ref().is_none_or(|p| p.form(l)))
        .collect();
    if let (Some(p), true) = (&pattern, entries.is_empty() && forms.is_empty()) {
        eprintln!("error: {}", p.unmatched());
        return ExitCode::from(1);
    }
    if json_out::wanted(m) {
        return emit(&json(&entries).text(), ExitCode::SUCCESS);
    }
    let mut out = list(&entries);
    if !forms.is_empty() {
        let gap = if out.is_empty() { "" } else { "\n" };
        let _ = writeln!(out, "{gap}{}", crate::tmem::FORMS_HEADING);
        for l in forms {
            let _ = writeln!(out, "{l}");
        }
    }
    emit(&out, ExitCode::SUCCESS)
}

/// What `list PATTERN` matches, case ignored.
struct Pattern {
    /// The pattern as typed, for the messages.
    text: String,
    /// The pattern in lower case.
    lower: String,
    /// The arch it names, as [`arch_key`] writes it.
    arch: Option<String>,
    /// Whether its first dot-separated part is an opcode ([`is_opcode`]).
    opcode_first: bool,
}

impl Pattern {
    fn new(text: &str) -> Pattern {
        Pattern {
            text: text.to_string(),
            lower: text.to_ascii_lowercase(),
            arch: arch_key(text),
            opcode_first: is_opcode(text.split('.').next().unwrap_or_default()),
        }
    }

    /// Whether the pattern names the catalog layout `e`: its name, arch or an instruction.
    fn entry(&self, e: &Entry) -> bool {
        e.name().to_ascii_lowercase().contains(&self.lower)
            || self.is_arch(e.arch)
            || e.instructions.iter().any(|i| self.instruction(i))
    }

    /// Whether the pattern names `arch`: `sm_90` (or `SM90`) names `sm_90` and `sm_90a`,
    /// `sm_90a` only itself.
    fn is_arch(&self, arch: &str) -> bool {
        match (&self.arch, arch_key(arch)) {
            (Some(p), Some(a)) => a == *p || a.strip_suffix('a') == Some(p.as_str()),
            _ => false,
        }
    }

    /// Whether the pattern spells `ptx` with parts left out: its dot-separated parts appear
    /// in order among the instruction's, the first at the instruction's opcode when it is an
    /// opcode at all (`mma` is not `tcgen05.mma`), anywhere when not (`m16n8k16`).
    fn instruction(&self, ptx: &str) -> bool {
        let ptx = ptx.to_ascii_lowercase();
        let mut parts = ptx.split('.');
        let mut wanted = self.lower.split('.');
        if self.opcode_first && parts.next() != wanted.next() {
            return false;
        }
        // Each wanted part, at the first of the instruction's parts still left that is it.
        wanted.all(|w| parts.any(|p| p == w))
    }

    /// Whether the pattern keeps a line of the `tcgen05.mma` name forms: as a layout whose
    /// names are the line's before its description, whose arch is [`FORMS_ARCH`] and whose
    /// instructions are the `tcgen05.*` words of the line.
    fn form(&self, line: &str) -> bool {
        let (names, what) = line.split_once("  (").unwrap_or((line, ""));
        names.to_ascii_lowercase().contains(&self.lower)
            || self.is_arch(FORMS_ARCH)
            || what
                .split(|c: char| c.is_whitespace() || c == ',' || c == ';' || c == ')')
                .filter(|w| w.starts_with("tcgen05."))
                .any(|w| self.instruction(w))
    }

    /// The message for a pattern no layout matches, with the nearest patterns that do.
    fn unmatched(&self) -> String {
        let mut candidates: Vec<String> = Vec::new();
        for e in CATALOG {
            candidates.push(e.name().to_string());
            candidates.push(e.arch.to_string());
            for i in e.instructions {
                let mut parts = i.split('.');
                let opcode = parts.next().unwrap_or_default();
                candidates.push(opcode.to_string());
                candidates.extend(parts.map(|p| format!("{opcode}.{p}")));
            }
        }
        candidates.sort();
        candidates.dedup();
        let near = suggest::nearest_words(&self.text, candidates.iter().map(String::as_str), 3);
        let commands: Vec<String> = near
            .iter()
            .map(|n| format!("`fraglayout list {n}`"))
            .collect();
        format!(
            "no layout's name, arch or instruction matches `{}`; did you mean {}? \
             (`fraglayout list` lists every layout)",
            suggest::shortened(&self.text),
            commands.join(" or ")
        )
    }
}

/// Whether `part` is the opcode of a catalog instruction (`mma`, `wgmma`, `tcgen05`), case
/// ignored.
fn is_opcode(part: &str) -> bool {
    CATALOG.iter().flat_map(|e| e.instructions).any(|i| {
        i.split('.')
            .next()
            .is_some_and(|o| o.eq_ignore_ascii_case(part))
    })
}

/// An arch written `sm_90a`, `SM90A` or `sm90` as `sm90a` / `sm90`; `None` for other text.
fn arch_key(text: &str) -> Option<String> {
    let key: String = text.to_ascii_lowercase().replace('_', "");
    let digits = key.strip_prefix("sm")?;
    let digits = digits.strip_suffix('a').unwrap_or(digits);
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(key)
}

/// The layouts as a JSON array: each layout's name, operand, element type and bits, shape,
/// arch and instructions.
fn json(entries: &[&Entry]) -> J {
    J::Arr(
        entries
            .iter()
            .map(|e| {
                let n = e.numeral;
                J::Obj(vec![
                    ("name", J::s(e.name())),
                    ("operand", J::s(e.operand.name())),
                    ("element_type", J::s(e.element_type)),
                    ("element_bits", J::Num(e.element_bits.into())),
                    ("rows", J::Num(n.rows.into())),
                    ("cols", J::Num(n.cols.into())),
                    ("threads", J::Num(n.threads().into())),
                    ("elements_per_thread", J::Num(n.elements.into())),
                    ("arch", J::s(e.arch)),
                    (
                        "instructions",
                        J::Arr(e.instructions.iter().map(|i| J::s(*i)).collect()),
                    ),
                ])
            })
            .collect(),
    )
}

/// One paragraph per layout: name, operand, type, shape, threads x elements, arch; then its
/// instructions, indented.
fn list(entries: &[&Entry]) -> String {
    let mut out = String::new();
    for e in entries {
        let n = e.numeral;
        let _ = writeln!(
            out,
            "{}  ({} {}, {} x {}, {} threads x {} elements, {})",
            e.name(),
            e.operand.name(),
            e.element_type,
            n.rows,
            n.cols,
            n.threads(),
            n.elements,
            e.arch
        );
        for i in e.instructions {
            let _ = writeln!(out, "    {i}");
        }
    }
    out
}
