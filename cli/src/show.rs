//! `fraglayout show NAME | INSTRUCTION`: one layout (its instructions, digit table and text
//! grid), or the layouts of one PTX instruction.

use std::fmt::Write as _;

use layout_core::catalog::{Entry, Instruction};
use layout_core::render;

/// `show NAME`: what the layout is for, its digits and its grid.
pub fn show(e: &Entry) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} operand, {} ({}-bit elements, {} per {}-bit register, {} register{} per thread), \
         {}, {}",
        e.name(),
        e.operand.name(),
        e.element_type,
        e.element_bits,
        e.elements_per_register(),
        e.register_bits(),
        e.registers(),
        if e.registers() == 1 { "" } else { "s" },
        e.arch,
        e.ptx_section
    );
    let _ = writeln!(out, "instructions:");
    for i in e.instructions {
        let _ = writeln!(out, "    {i}");
    }
    out.push('\n');
    let _ = render::digit_table(e.numeral, &mut out);
    out.push('\n');
    let _ = render::grid(e.numeral, &mut out);
    out
}

/// `show INSTRUCTION`: each operand's layout in one line, then its digit table. The grids are
/// one `show NAME` away (a `wgmma` accumulator's is 64 rows wide).
pub fn instruction(ptx: &str, found: &Instruction) -> String {
    let mut out = format!("{ptx}\n\n");
    let operands = [
        ("A", found.a),
        ("B", found.b),
        ("C", found.c),
        ("D", found.d()),
        ("metadata", found.metadata),
        ("matrices", found.matrices),
        ("tmem", found.tmem),
    ];
    for (label, entry) in operands {
        let Some(e) = entry else {
            if label == "B" && found.c.is_some() {
                out.push_str("B: from shared memory, through a descriptor (no register layout)\n");
            }
            continue;
        };
        let _ = writeln!(
            out,
            "{label}: {} ({} x {}, {} {} element{} in {} {}-bit register{} per thread)",
            e.name(),
            e.numeral.rows,
            e.numeral.cols,
            e.numeral.elements,
            e.element_type,
            plural(e.numeral.elements),
            e.registers(),
            e.register_bits(),
            plural(e.registers()),
        );
    }
    for (label, entry) in operands {
        match entry {
            Some(e) if label != "D" => {
                let _ = writeln!(out, "\n{label}: {}", e.name());
                let _ = render::digit_table(e.numeral, &mut out);
            }
            _ => {}
        }
    }
    out.push_str("\n`fraglayout show NAME` draws a layout's grid.\n");
    out
}

fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
