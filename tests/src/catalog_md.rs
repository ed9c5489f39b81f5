//! The table of covered PTX instructions in `docs/CATALOG.md`, generated from the catalog.

use layout_core::catalog::{Operand, CATALOG};

/// The marker lines around the generated table.
pub const BEGIN: &str = "<!-- catalog:begin -->";
/// See [`BEGIN`].
pub const END: &str = "<!-- catalog:end -->";

/// An instruction, its arch, and its layouts by operand.
type Row = (&'static str, &'static str, Vec<(Operand, &'static str)>);

/// One row per PTX instruction (in catalog order of first mention): the latest `arch` among its
/// layouts and its layouts by operand.
pub fn table() -> String {
    let mut rows: Vec<Row> = Vec::new();
    for e in CATALOG {
        for &instr in e.instructions {
            let i = match rows.iter().position(|r| r.0 == instr) {
                Some(i) => i,
                None => {
                    rows.push((instr, e.arch, Vec::new()));
                    rows.len() - 1
                }
            };
            if e.arch > rows[i].1 {
                rows[i].1 = e.arch;
            }
            rows[i].2.push((e.operand, e.name()));
        }
    }
    let mut out = String::new();
    out.push_str("| PTX instruction | arch | layouts |\n|---|---|---|\n");
    for (instr, arch, layouts) in rows {
        let cells: Vec<String> = layouts
            .iter()
            .map(|(op, name)| format!("{}: `{}`", op.name(), name))
            .collect();
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            instr,
            arch,
            cells.join(", ")
        ));
    }
    out
}

/// `text` with everything between the markers replaced by the generated table; `None` when
/// the markers are missing.
pub fn regenerate(text: &str) -> Option<String> {
    let b = text.find(BEGIN)? + BEGIN.len();
    let e = text[b..].find(END)? + b;
    Some(format!("{}\n{}{}", &text[..b], table(), &text[e..]))
}
