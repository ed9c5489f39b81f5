//! The tables of covered PTX instructions in `docs/CATALOG.md`, generated from the catalog.

use layout_core::catalog::{Operand, CATALOG};
use layout_core::forms::NoForm;

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
            if arch_order(e.arch) > arch_order(rows[i].1) {
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

/// `text` with everything between the markers replaced by the generated tables; `None` when
/// the markers are missing.
pub fn regenerate(text: &str) -> Option<String> {
    let text = replace_between(text, SUMMARY_BEGIN, SUMMARY_END, &summary())?;
    let text = replace_between(&text, BEGIN, END, &table())?;
    replace_between(&text, FORMS_BEGIN, FORMS_END, &forms())
}

/// The marker lines around the table of each layout's CuTe and linear forms.
pub const FORMS_BEGIN: &str = "<!-- forms:begin -->";
/// See [`FORMS_BEGIN`].
pub const FORMS_END: &str = "<!-- forms:end -->";

/// One row per catalog layout: its tile, its CuTe TV layout (a B operand's also over `(N, K)`,
/// as CuTe's MMA traits index B), and whether it has a linear layout, or why not.
pub fn forms() -> String {
    let mut out = String::from(
        "| layout | tile | CuTe TV layout, `(thread, value) -> row + col * rows` | linear layout |\n\
         |---|---|---|---|\n",
    );
    for e in CATALOG {
        let n = e.numeral;
        let mut cute = match n.cute() {
            Ok(c) => format!("`{c}`"),
            Err(why) => format!("none: {}", why.message(n).as_str()),
        };
        if let (Operand::B, Ok(t)) = (e.operand, n.cute_transposed()) {
            cute.push_str(&format!("; over (N, K): `{t}`"));
        }
        let linear = match n.linear() {
            Ok(_) => "yes".to_string(),
            Err(NoForm::NotPowerOfTwo { digit }) => {
                format!("none: a range of {}", n.digits[digit].range)
            }
            Err(why) => format!("none: {}", why.message(n).as_str()),
        };
        out.push_str(&format!(
            "| `{}` | {} x {} | {cute} | {linear} |\n",
            e.name(),
            n.rows,
            n.cols
        ));
    }
    out
}

/// The marker lines around the summary of covered instructions.
pub const SUMMARY_BEGIN: &str = "<!-- instructions:begin -->";
/// See [`SUMMARY_BEGIN`].
pub const SUMMARY_END: &str = "<!-- instructions:end -->";

fn replace_between(text: &str, begin: &str, end: &str, table: &str) -> Option<String> {
    let b = text.find(begin)? + begin.len();
    let e = text[b..].find(end)? + b;
    Some(format!("{}\n{}{}", &text[..b], table, &text[e..]))
}

/// An arch's place in time: `sm_89` before `sm_90` before `sm_90a` before `sm_120a` (plain
/// string order would put `sm_120a` first).
pub fn arch_order(arch: &str) -> (u32, &str) {
    let digits = arch.trim_start_matches("sm_");
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    (digits[..end].parse().unwrap_or(0), &digits[end..])
}

/// An instruction split into its family (opcode, shape, and `.row`/`.col` layouts and a
/// `.kind::*` qualifier: everything up to the shape and the layout and kind words after it) and
/// the rest (types, `.x4`, `.trans`, ...).
pub fn split_family(instr: &str) -> (String, String) {
    let parts: Vec<&str> = instr.split('.').collect();
    // `m16n8k16`, or a `tcgen05.ld` / `.st` shape such as `16x256b`.
    let shape = parts
        .iter()
        .position(|p| {
            (p.starts_with('m') && p[1..].starts_with(|c: char| c.is_ascii_digit()))
                || (p.starts_with(|c: char| c.is_ascii_digit()) && p.contains('x'))
        })
        .unwrap_or(parts.len() - 1);
    let mut end = shape + 1;
    while end < parts.len()
        && (matches!(parts[end], "row" | "col") || parts[end].starts_with("kind::"))
    {
        end += 1;
    }
    (parts[..end].join("."), parts[end..].join("."))
}

/// A `wgmma` family with a concrete width, `...m64n{N}k{K}`, as `(...m64nNk{K}, N)`.
pub fn generic_width(family: &str) -> Option<(String, u32)> {
    let (head, shape) = family.rsplit_once(".m64n")?;
    let (n, k) = shape.split_once('k')?;
    let n: u32 = n.parse().ok()?;
    Some((format!("{head}.m64nNk{k}"), n))
}

/// A `tcgen05.ld` / `.st` rest with its `.num` first, `x8.pack::16b.b32`, as
/// `(pack::16b.b32, 8)`.
pub fn tcgen05_num(rest: &str) -> Option<(String, u32)> {
    let (num, tail) = rest.strip_prefix('x')?.split_once('.')?;
    Some((tail.to_string(), num.parse().ok()?))
}

/// One row of the summary of covered instructions.
struct Family {
    name: String,
    archs: Vec<&'static str>,
    variants: Vec<String>,
    widths: Vec<u32>,
    nums: Vec<u32>,
}

/// `8, 16, ..., 256` as `8..=256 step 8`; otherwise listed.
fn widths_text(ns: &[u32]) -> String {
    let contiguous = ns.windows(2).all(|w| w[1] == w[0] + 8) && ns.first() == Some(&8);
    match (ns.first(), ns.last()) {
        (Some(a), Some(b)) if contiguous && ns.len() > 2 => format!("N = {a}..={b} step 8"),
        _ => format!(
            "N = {}",
            ns.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// The summary of covered instructions: one row per instruction family with every variant the
/// catalog covers, so that each covered instruction is `family.variant` of some row (for
/// `wgmma`, with the row's `N` put in).
pub fn summary() -> String {
    let mut rows: Vec<Family> = Vec::new();
    for e in CATALOG {
        for &instr in e.instructions {
            let (family, rest) = split_family(instr);
            let (name, width) = match generic_width(&family) {
                Some((generic, n)) => (generic, Some(n)),
                None => (family, None),
            };
            let i = match rows.iter().position(|r| r.name == name) {
                Some(i) => i,
                None => {
                    rows.push(Family {
                        name,
                        archs: Vec::new(),
                        variants: Vec::new(),
                        widths: Vec::new(),
                        nums: Vec::new(),
                    });
                    rows.len() - 1
                }
            };
            let row = &mut rows[i];
            let rest = match tcgen05_num(&rest).filter(|_| row.name.starts_with("tcgen05.")) {
                Some((tail, num)) => {
                    if !row.nums.contains(&num) {
                        row.nums.push(num);
                    }
                    tail
                }
                None => rest,
            };
            if !row.archs.contains(&e.arch) {
                row.archs.push(e.arch);
            }
            if !row.variants.contains(&rest) {
                row.variants.push(rest);
            }
            if let Some(n) = width.filter(|n| !row.widths.contains(n)) {
                row.widths.push(n);
            }
        }
    }
    let mut out = String::from("| instruction | arch | variants |\n|---|---|---|\n");
    for mut row in rows {
        row.archs.sort_by_key(|a| arch_order(a));
        row.widths.sort();
        let mut v: Vec<String> = row
            .variants
            .iter()
            .map(|v| {
                if v.is_empty() {
                    "(none)".to_string()
                } else {
                    format!("`.{v}`")
                }
            })
            .collect();
        if !row.widths.is_empty() {
            v.push(format!("({})", widths_text(&row.widths)));
        }
        if !row.nums.is_empty() {
            row.nums.sort();
            let nums: Vec<String> = row.nums.iter().map(|n| format!("`.x{n}`")).collect();
            v.push(format!("(each after one of {})", nums.join(" ")));
        }
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            row.name,
            row.archs.join(", "),
            v.join(" ")
        ));
    }
    out
}
