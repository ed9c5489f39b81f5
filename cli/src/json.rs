//! `fraglayout json LAYOUT | --all`: layouts as JSON objects, written by hand (the output is
//! small and flat; a serializer would be a dependency for one command).

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::{Arg, ArgAction, ArgMatches, Command};
use layout_core::catalog::{scale_of, Entry, CATALOG};
use layout_core::Numeral;

use crate::json_out::{string, J};
use crate::{emit, with_layout};

/// The most cells of a table `json` writes: 32 elements of each of 32 768 threads, a
/// 2 MB answer at most (the catalog's largest is 128 x 64 of 16-bit elements).
pub const MAX_CELLS: u64 = 1 << 20;

/// The command's arguments and help.
pub fn cli() -> Command {
    Command::new("json")
        .about("one layout, or every catalog layout, as JSON")
        .after_help(crate::wrapped(
            "fields: name, instructions, operand, element_type, element_bits, arch, ptx_section, \
             rows, cols, threads, elements_per_thread, copies (threads holding each element), \
             selectors (of a block-scale layout, else null), digits [{source, divisor, range, \
             place, broadcast}], cute (CuTe TV layout) and linear ({register, lane, warp, shape, \
             gluon}), each null where the layout has none, with cute_why / linear_why saying \
             why, table [thread][element] = [row, col]. A layout outside the \
             catalog has no instructions, operand, element_type, element_bits, arch, \
             ptx_section or selectors. Coordinates \
             are in the PTX orientation of the operand (A: M x K, B: K x N, C/D: M x N; for \
             mma.sp and wgmma.mma_async.sp, A: M x K/2 non-zeros, metadata: 16 x 16 or, for \
             wgmma, 64 x 16 fields; tmem: TMEM lane x 32-bit column); elements are in PTX \
             element order.",
        ))
        .args([
            crate::layout_arg("layout", "LAYOUT")
                .required_unless_present("all")
                .conflicts_with("all"),
            Arg::new("all")
                .long("all")
                .action(ArgAction::SetTrue)
                .help("every catalog layout, one JSON object a line (JSON Lines)"),
        ])
}

/// `json LAYOUT`, or `json --all`: one layout a line.
pub fn run(m: &ArgMatches) -> ExitCode {
    match m.get_one::<String>("layout") {
        Some(text) => with_layout(text, |l| match l.entry() {
            Some(e) => Ok(format!("{}\n", json(e))),
            None => numeral(&l.numeral()).map(|j| format!("{j}\n")),
        }),
        None => {
            let lines: String = CATALOG.iter().map(|e| json(e) + "\n").collect();
            emit(&lines, ExitCode::SUCCESS)
        }
    }
}

/// A layout outside the catalog as JSON: the fields that are the numeral's; an error for a
/// table of more than [`MAX_CELLS`] cells or a numeral that is no bijection.
pub fn numeral(n: &Numeral) -> Result<String, String> {
    let cells = u64::from(n.threads()) * u64::from(n.elements);
    if cells > MAX_CELLS {
        return Err(format!(
            "{}'s table has {cells} cells ({} threads x {} elements), more than the {MAX_CELLS} \
             `json` writes; `fraglayout show` describes it by its digits",
            n.name,
            n.threads(),
            n.elements
        ));
    }
    Ok(format!(
        "{{\"name\":{},\"rows\":{},\"cols\":{},\"threads\":{},\"elements_per_thread\":{},\
         \"copies\":{},\"digits\":[{}],{},\"table\":{}}}",
        string(n.name),
        n.rows,
        n.cols,
        n.threads(),
        n.elements,
        n.copies(),
        digits(n),
        crate::forms::json_members(n),
        table(n)?
    ))
}

/// The digits as JSON objects, comma-separated.
pub fn digits(n: &Numeral) -> String {
    let digits: Vec<String> = n
        .digits
        .iter()
        .map(|d| {
            format!(
                "{{\"source\":{},\"divisor\":{},\"range\":{},\"place\":{},\"broadcast\":{}}}",
                string(d.source.singular()),
                d.divisor,
                d.range,
                d.place,
                d.is_broadcast()
            )
        })
        .collect();
    digits.join(",")
}

/// `[[[row, col], ...], ...]`, thread by thread; an error at the first cell off the tile.
fn table(n: &Numeral) -> Result<String, String> {
    let mut table = String::from("[");
    for t in 0..n.threads() {
        if t > 0 {
            table.push(',');
        }
        table.push('[');
        for i in 0..n.elements {
            if i > 0 {
                table.push(',');
            }
            let (r, c) = n
                .coords(t, i)
                .ok_or_else(|| format!("{}: thread {t} element {i} is off the tile", n.name))?;
            let _ = write!(table, "[{r},{c}]");
        }
        table.push(']');
    }
    table.push(']');
    Ok(table)
}

/// The selectors of a block-scale layout (`null` for any other): `{scale_vec, thread_id:
/// {operand, values, lane_divisor, lane_range}, byte_id: {operand, values}}`; the thread-id
/// picks the lanes whose `lane / lane_divisor % lane_range` equals it, the byte-id the byte
/// of element 0.
fn selectors(e: &Entry) -> J {
    let Some((side, vec)) = scale_of(e.name()) else {
        return J::Null;
    };
    let lanes = e.numeral.digits.iter().find(|d| d.is_broadcast());
    let num = |x: Option<u32>| x.map_or(J::Null, |x| J::Num(x.into()));
    J::Obj(vec![
        ("scale_vec", J::s(vec.ptx())),
        (
            "thread_id",
            J::Obj(vec![
                ("operand", J::s(format!("thread-id-{}", side.suffix()))),
                (
                    "values",
                    J::Arr((0..side.thread_ids()).map(|t| J::Num(t.into())).collect()),
                ),
                ("lane_divisor", num(lanes.map(|d| d.divisor))),
                ("lane_range", num(lanes.map(|d| d.range))),
            ]),
        ),
        (
            "byte_id",
            J::Obj(vec![
                ("operand", J::s(format!("byte-id-{}", side.suffix()))),
                (
                    "values",
                    J::Arr(vec.byte_ids().iter().map(|&b| J::Num(b.into())).collect()),
                ),
            ]),
        ),
    ])
}

/// A catalog layout as JSON.
pub fn json(e: &Entry) -> String {
    let n = e.numeral;
    let instructions: Vec<String> = e.instructions.iter().map(|i| string(i)).collect();
    format!(
        "{{\"name\":{},\"instructions\":[{}],\"operand\":{},\"element_type\":{},\
         \"element_bits\":{},\"arch\":{},\"ptx_section\":{},\"rows\":{},\"cols\":{},\
         \"threads\":{},\"elements_per_thread\":{},\"copies\":{},\"selectors\":{},\
         \"digits\":[{}],{},\"table\":{}}}",
        string(e.name()),
        instructions.join(","),
        string(e.operand.name()),
        string(e.element_type),
        e.element_bits,
        string(e.arch),
        string(e.ptx_section),
        n.rows,
        n.cols,
        n.threads(),
        n.elements,
        n.copies(),
        selectors(e).text().trim_end(),
        digits(n),
        crate::forms::json_members(n),
        table(n).expect("catalog layouts are bijections")
    )
}
