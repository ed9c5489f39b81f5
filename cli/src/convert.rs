//! `fraglayout convert FROM TO [--svg FILE]`: how a warp moves a tile from one layout to
//! another (the class, the rounds against their lower bound, the selects, the rounds as a lane
//! table and the in-lane moves; then the same with values packed two or four to a 32-bit
//! shuffle, `--bits 16|8`); `fraglayout convert EXAMPLE` for one of the conversions kernel
//! authors meet, and `fraglayout convert --examples` for their table. `expand.rs` is
//! `fraglayout expand --convert FROM TO`; `crate::layout` reads the layouts.

pub mod expand;
mod packed;

use std::fmt::Write as _;
use std::process::ExitCode;

use layout_core::convert::examples::{Example, EXAMPLES};
use layout_core::convert::{Class, ConvertError, Plan};
use layout_core::{render, Numeral};

use clap::{Arg, ArgAction, ArgGroup, ArgMatches, Command};

use crate::json_out::{self, J};
use crate::layout::resolve;
use crate::{emit, usage};
use packed::packed_bits;

/// The command's arguments and help.
pub fn cli() -> Command {
    Command::new("convert")
        .about("how a warp moves a tile from layout FROM to layout TO (#[convert_layout])")
        .after_help(crate::wrapped(
            "The class (identity, renaming, in-thread, lane exchange), the shuffle rounds \
             against their lower bound, the selects, the rounds as a lane table and the in-lane \
             moves; then the same with values packed two (or four) to a 32-bit shuffle.\n\n\
             `convert EXAMPLE` is one of the conversions kernel authors meet by its name \
             (e.g. fa2); `convert --examples` lists them with their costs.",
        ))
        .args([
            crate::layout_arg("layouts", "FROM [TO]")
                .num_args(1..=2)
                .help("two layouts, FROM and TO, or one example's name"),
            crate::file_arg(
                "svg",
                "draw the destination tile, each cell coloured by the round its value arrives in, \
                 to FILE (`-`: stdout, instead of the report)",
            ),
            Arg::new("bits")
                .long("bits")
                .value_name("BITS")
                .value_parser(["16", "8"])
                .help("the packed values' width: 16 (two to a 32-bit word) or 8 (four)"),
            Arg::new("examples")
                .long("examples")
                .action(ArgAction::SetTrue)
                .conflicts_with_all(["layouts", "svg", "bits"])
                .help("the example conversions: rounds, lower bound and selects of each"),
            json_out::flag().conflicts_with("svg"),
        ])
        .group(
            ArgGroup::new("what")
                .args(["layouts", "examples"])
                .required(true),
        )
}

/// `convert FROM TO`, `convert EXAMPLE` or `convert --examples`.
pub fn run(m: &ArgMatches) -> ExitCode {
    let json = json_out::wanted(m);
    if m.get_flag("examples") {
        if json {
            return emit(&examples_json().text(), ExitCode::SUCCESS);
        }
        return emit(&examples_table(), ExitCode::SUCCESS);
    }
    let answer = match (json, m.get_one::<String>("svg")) {
        (true, _) => Answer::Json,
        (false, Some(path)) => Answer::Svg(path),
        (false, None) => Answer::Report,
    };
    let bits = m.get_one::<String>("bits").and_then(|b| b.parse().ok());
    let layouts: Vec<&str> = m
        .get_many::<String>("layouts")
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
    match layouts.as_slice() {
        [from, to] => convert(from, to, answer, bits),
        [name] => match EXAMPLES.iter().find(|x| x.name == *name) {
            Some(x) => convert(x.from.name, x.to.name, answer, bits),
            None => {
                let names: Vec<&str> = EXAMPLES.iter().map(|x| x.name).collect();
                eprintln!(
                    "error: no example conversion `{}`: the examples are {} (`fraglayout convert \
                     --examples`); or give two layouts, FROM and TO",
                    crate::suggest::shortened(name),
                    names.join(", ")
                );
                ExitCode::from(1)
            }
        },
        _ => usage("convert", "`convert` needs two layouts, FROM and TO"),
    }
}

/// Resolves both layouts (reporting both when both are bad), plans, and prints.
fn convert(from: &str, to: &str, answer: Answer, bits: Option<u32>) -> ExitCode {
    let (f, t) = (resolve(from, "from"), resolve(to, "to"));
    let (f, t) = match (f, t) {
        (Ok(f), Ok(t)) => (f, t),
        (f, t) => {
            eprint!(
                "{}{}",
                f.err().unwrap_or_default(),
                t.err().unwrap_or_default()
            );
            return ExitCode::from(1);
        }
    };
    let (from_arg, to_arg) = (from, to);
    let bits = bits.unwrap_or_else(|| packed_bits(&[from_arg, to_arg]));
    let (from, to) = (f.numeral(), t.numeral());
    let plan = match Plan::new(&from, &to) {
        Ok(p) => Box::new(p),
        Err(e) => {
            // The fix on the Rust that builds each layout: its path, or the numeral written out.
            let (fx, tx) = (f.rust(), t.rust());
            eprintln!("error: {}", e.message_naming(&fx, &tx).as_str());
            if let Some(hint) = tiling_hint(&e, from_arg, to_arg) {
                eprintln!("{hint}");
            }
            return ExitCode::from(1);
        }
    };
    match answer {
        Answer::Json => emit(
            &plan_json(&from, &to, &plan, bits).text(),
            ExitCode::SUCCESS,
        ),
        Answer::Svg("-") => {
            let mut picture = String::new();
            let _ = render::conversion_svg(&from, &to, &plan, &mut picture);
            emit(&picture, ExitCode::SUCCESS)
        }
        Answer::Svg(path) => {
            let mut picture = String::new();
            let _ = render::conversion_svg(&from, &to, &plan, &mut picture);
            if let Err(err) = std::fs::write(path, picture) {
                eprintln!("error: cannot write `{path}`: {err}");
                return ExitCode::from(1);
            }
            emit(&full_report(&from, &to, &plan, bits), ExitCode::SUCCESS)
        }
        Answer::Report => emit(&full_report(&from, &to, &plan, bits), ExitCode::SUCCESS),
    }
}

/// What `convert FROM TO` prints: the report, the JSON answer, or the picture to a file (`-`:
/// to stdout, in place of the report).
#[derive(Clone, Copy)]
enum Answer<'a> {
    Report,
    Json,
    Svg(&'a str),
}

/// `convert FROM TO --json`: the layouts' shapes, the class and costs, and the packed plan's
/// costs for `bits`-bit values (or why there is none).
fn plan_json(from: &Numeral, to: &Numeral, plan: &Plan, bits: u32) -> J {
    let packed = match packed::plan(from, to, bits) {
        Ok(p) => J::Obj(vec![
            ("bits", J::Num(bits.into())),
            ("rounds", J::Num(p.rounds().into())),
            ("lower_bound", J::Num(p.lower_bound().into())),
            ("permutes", J::Num(p.permutes().into())),
        ]),
        Err(e) => J::Obj(vec![("bits", J::Num(bits.into())), ("error", J::s(e))]),
    };
    J::Obj(vec![
        ("from", json_out::shape(from)),
        ("to", json_out::shape(to)),
        ("class", J::s(plan.class().name())),
        ("rounds", J::Num(plan.rounds().into())),
        ("lower_bound", J::Num(plan.lower_bound().into())),
        ("selects", J::Num(plan.selects().into())),
        ("packed", packed),
    ])
}

/// `convert --examples --json`: each example's row of the table, numbers as numbers (null
/// where there is no plan), and what it is.
fn examples_json() -> J {
    let num = |s: &str| s.parse::<u64>().map_or(J::Null, J::Num);
    J::Arr(
        EXAMPLES
            .iter()
            .map(|x| {
                let [name, from, to, class, rounds, bound, selects, p_rounds, p_bound, permutes] =
                    example_row(x);
                J::Obj(vec![
                    ("name", J::s(name)),
                    ("from", J::s(from)),
                    ("to", J::s(to)),
                    ("class", J::s(class)),
                    ("rounds", num(&rounds)),
                    ("lower_bound", num(&bound)),
                    ("selects", num(&selects)),
                    ("packed_rounds", num(&p_rounds)),
                    ("packed_lower_bound", num(&p_bound)),
                    ("permutes", num(&permutes)),
                    ("what", J::s(x.what)),
                ])
            })
            .collect(),
    )
}

/// For tiles where one is a grid of copies of the other and the smaller is given by name, the
/// command line's way to tile it: `(on the command line: SM80_16x8x16_F32_C:1x2)`.
fn tiling_hint(e: &ConvertError, from: &str, to: &str) -> Option<String> {
    let ConvertError::TilesDiffer { from: f, to: t } = *e else {
        return None;
    };
    let copies = |small: (u32, u32), big: (u32, u32)| {
        (small.0 > 0 && small.1 > 0 && big.0 % small.0 == 0 && big.1 % small.1 == 0)
            .then(|| (big.0 / small.0, big.1 / small.1))
    };
    let named =
        |arg: &str| matches!(crate::layout::split_tiling(arg), Ok(None)) && !arg.contains('{');
    let (arg, (r, c)) = match (copies(f, t), copies(t, f)) {
        (Some(k), _) if named(from) => (from, k),
        (_, Some(k)) if named(to) => (to, k),
        _ => return None,
    };
    Some(format!("(on the command line: {arg}:{r}x{c})"))
}

/// `16 x 8 tile, 32 threads x 4 elements`.
fn shape(n: &Numeral) -> String {
    let warps = if n.warps == 1 {
        String::new()
    } else {
        format!(" ({} warps)", n.warps)
    };
    format!(
        "{} x {} tile, {} threads{warps} x {} element{}",
        n.rows,
        n.cols,
        n.threads(),
        n.elements,
        plural(n.elements)
    )
}

/// What a class of conversion costs, in words.
pub fn class_words(c: Class) -> &'static str {
    match c {
        Class::Identity => "every value is already where `to` wants it: no instruction",
        Class::Renaming => {
            "every value is already in its lane, in a register that depends on the element \
             only: the registers are renamed, no instruction"
        }
        Class::InThread => {
            "every value is already in its lane, in a register that depends on the lane: \
             selects, no shuffle"
        }
        Class::LaneExchange => "values cross lanes within each warp: shuffle rounds",
    }
}

/// The report: the layouts, the class, the costs, the rounds and the in-lane moves.
pub fn report(from: &Numeral, to: &Numeral, plan: &Plan) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "from: {}: {}", from.name, shape(from));
    let _ = writeln!(out, "to:   {}: {}", to.name, shape(to));
    if plan.warps() > 1 {
        let _ = writeln!(
            out,
            "(each of the {} warps converts the same way; lanes are 0 to 31 within a warp)",
            plan.warps()
        );
    }
    out.push('\n');
    costs(plan, &mut out);
    if plan.rounds() == 0 {
        out.push_str("\nrounds: none, no value crosses a lane\n");
    } else {
        out.push_str(
            "\nrounds, one shuffle each. Each lane's cell L:S>D: the lane reads lane L, offers its \
             from[S]\nand keeps what it reads in to[D] (>- for nothing); :S and >D are left out \
             where `offers` and\n`keeps in` name one register for every lane:\n",
        );
        let _ = render::rounds(plan, &mut out);
    }
    out.push_str(
        "\nin-lane moves, to[e] = from[s] in each lane before the rounds (in a lane table where s \
         depends\non the lane; - where the value arrives in a round):\n",
    );
    let _ = render::in_lane(plan, &mut out);
    out
}

/// The plan's class and costs, a line each: the class in words, the rounds, the lower bound
/// and how far the rounds are above it, the selects.
pub fn costs(plan: &Plan, out: &mut String) {
    let _ = writeln!(
        out,
        "class:       {}: {}",
        plan.class().name(),
        class_words(plan.class())
    );
    let _ = writeln!(out, "rounds:      {}", plan.rounds());
    let distance = plan.rounds() - plan.lower_bound();
    let _ = writeln!(
        out,
        "lower bound: {} ({})",
        plan.lower_bound(),
        if distance == 0 {
            "the plan meets it".to_string()
        } else {
            format!("{distance} round{} above it", plural(distance))
        }
    );
    let _ = writeln!(
        out,
        "selects:     {} (register choices that depend on the lane)",
        plan.selects()
    );
}

/// [`report`], then the packed model of `bits`-bit values.
pub fn full_report(from: &Numeral, to: &Numeral, plan: &Plan, bits: u32) -> String {
    let mut out = report(from, to, plan);
    out.push_str(&packed::section(from, to, bits, plan.rounds()));
    out
}

/// `s` after a count other than 1.
fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The table of [`EXAMPLES`], then what each is.
fn examples_table() -> String {
    let header = [
        "name",
        "from",
        "to",
        "class",
        "rounds",
        "lower bound",
        "selects",
        "packed rounds",
        "packed bound",
        "permutes",
    ];
    let rows: Vec<[String; 10]> = EXAMPLES.iter().map(example_row).collect();
    let mut out = aligned(&header, &rows);
    out.push('\n');
    for x in EXAMPLES {
        let _ = writeln!(out, "{}: {}", x.name, x.what);
    }
    out.push_str(
        "\npacked: 16-bit values two to a 32-bit word, a shuffle carrying a word (- where the \
         elements\nper lane are odd); the bound is met by every plan, permutes are byte permutes \
         per lane.\n`fraglayout convert FROM TO` shows one: its rounds as a lane table, in both \
         models.\n",
    );
    out
}

/// One example's row of [`examples_table`]: its name and layouts, its plan's class and costs
/// (the reason in the class, `-` for the costs, where there is no plan), and the packed plan's
/// for 16-bit values (`-` where there is none).
fn example_row(x: &Example) -> [String; 10] {
    let [p_rounds, p_bound, permutes] = match packed::plan(&x.from, &x.to, 16) {
        Ok(p) => [p.rounds(), p.lower_bound(), p.permutes()].map(|n| n.to_string()),
        Err(_) => ["-", "-", "-"].map(String::from),
    };
    let cells = match Plan::new(&x.from, &x.to) {
        Ok(p) => [
            p.class().name().to_string(),
            p.rounds().to_string(),
            p.lower_bound().to_string(),
            p.selects().to_string(),
        ],
        Err(e) => [
            format!("none: {}", e.message().as_str()),
            "-".into(),
            "-".into(),
            "-".into(),
        ],
    };
    let [class, rounds, bound, selects] = cells;
    [
        x.name.to_string(),
        x.from.name.to_string(),
        x.to.name.to_string(),
        class,
        rounds,
        bound,
        selects,
        p_rounds,
        p_bound,
        permutes,
    ]
}

/// `header` and `rows` as lines of columns, each as wide as its widest cell and two spaces
/// apart; the last column unpadded.
fn aligned(header: &[&str; 10], rows: &[[String; 10]]) -> String {
    let mut widths = header.map(str::len);
    for r in rows {
        for (w, c) in widths.iter_mut().zip(r) {
            *w = (*w).max(c.len());
        }
    }
    let line = |cells: &[&str]| -> String {
        let mut s = String::new();
        for (i, (c, w)) in cells.iter().zip(widths).enumerate() {
            if i + 1 == cells.len() {
                s.push_str(c);
            } else {
                let _ = write!(s, "{c:w$}  ");
            }
        }
        s.push('\n');
        s
    };
    let mut out = line(header);
    for r in rows {
        out.push_str(&line(&r.each_ref().map(String::as_str)));
    }
    out
}
