//! `fraglayout show NAME | INSTRUCTION`: one layout (its instructions, digit table and text
//! grid), or the layouts of one PTX instruction.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::{Arg, ArgMatches, Command};
use layout_core::catalog::{Entry, Instruction, Operand};
use layout_core::{render, Numeral};

use crate::json_out::{self, J};
use crate::{emit, suggest, with_layout};

/// The command's arguments and help.
pub fn cli() -> Command {
    Command::new("show")
        .about(
            "one layout: its instructions, digit table and text grid; or an instruction's layouts",
        )
        .after_help(crate::wrapped(
            "INSTRUCTION is spelled as `list` prints it (wgmma with its N put in), e.g.\n    \
             fraglayout show mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32\n\
             A tcgen05.mma spelling (fraglayout show tcgen05.mma.cta_group::1) lists the \
             accumulator layouts it writes in tensor memory, by M, with the names that show \
             them; with --m and --n it shows the one of that M and N.\n\
             grid cells are T{thread}:{element}.",
        ))
        .args([
            crate::layout_arg("layout", "LAYOUT|INSTRUCTION").required(true),
            json_out::flag(),
        ])
        .args(crate::forms::flags())
        .args([
            Arg::new("m")
                .long("m")
                .value_name("M")
                .value_parser(clap::value_parser!(u32))
                .requires("n")
                .help("with a tcgen05.mma spelling: the MMA's M (with --n, shows its D in TMEM)"),
            Arg::new("n")
                .long("n")
                .value_name("N")
                .value_parser(clap::value_parser!(u32))
                .requires("m")
                .help("with a tcgen05.mma spelling: the MMA's N"),
        ])
}

/// `show LAYOUT | INSTRUCTION`, and `show tcgen05.mma... --m M --n N`.
pub fn run(m: &ArgMatches) -> ExitCode {
    let text = m.get_one::<String>("layout").expect("required");
    let json = json_out::wanted(m);
    let forms = crate::forms::wanted(m);
    if let (Some(&mma_m), Some(&n)) = (m.get_one::<u32>("m"), m.get_one::<u32>("n")) {
        return match crate::tmem::name_for(text, mma_m, n) {
            Ok(name) => layout(&name, json, forms),
            Err(msg) if !crate::tmem::is_mma(text) => crate::usage("show", &msg),
            Err(msg) => {
                eprintln!("error: {msg}");
                ExitCode::from(1)
            }
        };
    }
    if text.contains('.') && !text.contains(['{', '[']) {
        if forms != (false, false) {
            return crate::usage(
                "show",
                "--cute and --linear take a layout, not an instruction: \
                 `fraglayout show INSTRUCTION` names its layouts",
            );
        }
        return match layout_core::catalog::instruction(text) {
            Some(found) if json => emit(&instruction_json(text, &found).text(), ExitCode::SUCCESS),
            Some(found) => emit(&instruction(text, &found), ExitCode::SUCCESS),
            None if crate::tmem::is_mma(text) => {
                let answer = if json {
                    crate::tmem::instruction_json(text).map(|j| j.map(|j| j.text()))
                } else {
                    crate::tmem::instruction(text)
                };
                match answer.expect("a tcgen05.mma spelling") {
                    Ok(t) => emit(&t, ExitCode::SUCCESS),
                    Err(msg) => {
                        eprintln!("error: {msg}");
                        ExitCode::from(1)
                    }
                }
            }
            None => {
                eprintln!("error: {}", suggest::unknown_instruction(text));
                ExitCode::from(1)
            }
        };
    }
    layout(text, json, forms)
}

/// `show LAYOUT`: a catalog layout, or any other; with `--cute` / `--linear` (`forms`), only
/// those forms.
fn layout(text: &str, json: bool, forms: (bool, bool)) -> ExitCode {
    with_layout(text, |l| {
        if forms != (false, false) {
            let b = l.entry().is_some_and(|e| e.operand == Operand::B);
            return Ok(crate::forms::text(&l.numeral(), forms, b));
        }
        Ok(match (l.entry(), json) {
            (Some(e), true) => format!("{}\n", crate::json::json(e)),
            (None, true) => format!("{}\n", crate::json::numeral(&l.numeral())?),
            (Some(e), false) => show(e),
            (None, false) => match l.tmem_what() {
                Some(what) => format!(
                    "{}: {what}; {} (ISA + CuTe cross-checked, not silicon-verified)\n{}",
                    l.numeral().name,
                    crate::tmem::roles(l.numeral().name),
                    numeral(&l.numeral())
                ),
                None => numeral(&l.numeral()),
            },
        })
    })
}

/// `show INSTRUCTION --json`: `{instruction, A, B, C, D, metadata, matrices}`, each operand's
/// layout name or null.
fn instruction_json(ptx: &str, found: &Instruction) -> J {
    let name = |e: Option<&Entry>| e.map_or(J::Null, |e| J::s(e.name()));
    J::Obj(vec![
        ("instruction", J::s(ptx)),
        ("A", name(found.a)),
        ("B", name(found.b)),
        ("C", name(found.c)),
        ("D", name(found.d())),
        ("metadata", name(found.metadata)),
        ("matrices", name(found.matrices)),
    ])
}

/// `show LAYOUT` for a layout outside the catalog: its shape, digits and grid.
fn numeral(n: &Numeral) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} x {} tile, {} threads x {} element{}\n",
        n.name,
        n.rows,
        n.cols,
        n.threads(),
        n.elements,
        plural(n.elements)
    );
    let _ = render::digit_table(n, &mut out);
    out.push('\n');
    let _ = render::grid(n, &mut out);
    out
}

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
    if let Some((side, vec)) = layout_core::catalog::scale_of(e.name()) {
        let _ = writeln!(
            out,
            "{}",
            layout_core::catalog::selectors_message(side, vec).as_str()
        );
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
        ("scale A", found.scale_a),
        ("scale B", found.scale_b),
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
