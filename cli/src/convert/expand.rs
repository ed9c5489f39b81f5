//! `fraglayout expand --convert FROM TO`: the code `#[convert_layout(FROM => TO)]` generates
//! for a conversion of `u32` registers, pretty-printed, then the same function with the plan's
//! constants folded in: what each lane really runs.

use std::fmt::Write as _;
use std::process::ExitCode;

use layout_core::convert::Plan;
use layout_core::generated::{local_mask, local_single, local_table, recv_table, send_table};
use layout_core::generated::{src_table, NONE};

/// [`Plan::lane_arith`]'s form.
type LaneArith = [[u8; layout_core::convert::MAX_PLAN_ELEMENTS]; 4];
use layout_core::Numeral;
use proc_macro2::TokenStream;

use super::{plural, resolve, Layout};
use crate::{emit, usage};

/// `expand --convert FROM TO`.
pub fn command(args: &[&str]) -> ExitCode {
    let [from, to] = args else {
        return usage("`expand --convert` needs two layouts, FROM and TO");
    };
    let (f, t) = match (resolve(from, "from"), resolve(to, "to")) {
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
    let plan = match Plan::new(&f.numeral(), &t.numeral()) {
        Ok(p) => Box::new(p),
        Err(e) => {
            eprintln!("error: {}", e.message().as_str());
            return ExitCode::from(1);
        }
    };
    match expand(&f, &t, &plan) {
        Ok(text) => emit(&text, ExitCode::SUCCESS),
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(1)
        }
    }
}

/// A layout as a Rust expression: its path, or for a numeral written out, the `Numeral::new`
/// call that builds it.
fn expression(l: &Layout) -> String {
    if let Some(e) = l.expression() {
        return e;
    }
    let n = l.numeral();
    let digits: Vec<String> = n
        .digits
        .iter()
        .map(|d| {
            format!(
                "fraglayout::Digit::{}({}, {}, {})",
                d.source.constructor(),
                d.divisor,
                d.range,
                d.place
            )
        })
        .collect();
    let warps = if n.warps == 1 {
        String::new()
    } else {
        format!(".with_warps({})", n.warps)
    };
    format!(
        "fraglayout::Numeral::new({:?}, {}, {}, {}, &[{}]){warps}",
        n.name,
        n.rows,
        n.cols,
        n.elements,
        digits.join(", ")
    )
}

/// The expansion, then the folded function, as text.
fn expand(f: &Layout, t: &Layout, plan: &Plan) -> Result<String, String> {
    let n = plan.elements();
    let args = format!("{} => {}", expression(f), expression(t));
    let item = format!(
        "fn convert(lane: u32, from: &[u32; {n}], shuffle: impl FnMut(u32, u32) -> u32) \
         -> [u32; {n}] {{}}"
    );
    let parse = |s: &str| -> Result<TokenStream, String> {
        s.parse()
            .map_err(|err| format!("internal error: synthetic code does not lex: {err}"))
    };
    let tokens = layout_codegen::convert_layout(parse(&args)?, parse(&item)?);
    let file: syn::File = syn::parse2(tokens)
        .map_err(|err| format!("internal error: the expansion does not parse: {err}"))?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// #[convert_layout({args})]\n// {item}\n//\n// expands to:\n"
    );
    out.push_str(&prettyplease::unparse(&file));
    out.push('\n');
    folded(&f.numeral(), &t.numeral(), plan, &mut out);
    Ok(out)
}

/// `[a, b, ...]`.
fn list(table: &[u8; 32]) -> String {
    let cells: Vec<String> = table.iter().map(u8::to_string).collect();
    format!("[{}]", cells.join(", "))
}

/// `from[0], from[2]`: the registers in `mask`.
fn registers(name: &str, mask: u128) -> String {
    let regs: Vec<String> = (0..128)
        .filter(|i| mask >> i & 1 == 1)
        .map(|i| format!("{name}[{i}]"))
        .collect();
    regs.join(", ")
}

/// The lane read as the generated code computes it: shifts and masks of `l`.
fn lane_read(a: &LaneArith) -> String {
    let shifts = Plan::lane_shifts(a, 0);
    let terms: Vec<String> = (0..9)
        .filter(|&k| shifts[k] != 0)
        .map(|k| match k {
            4 => format!("l & {}", shifts[k]),
            k if k > 4 => format!("(l << {} & {})", k - 4, shifts[k]),
            k => format!("(l & {}) >> {}", shifts[k] << (4 - k), 4 - k),
        })
        .collect();
    if terms.is_empty() {
        "0".to_string()
    } else {
        terms.join(" ^ ")
    }
}

/// `if l & B != 0 { regs = [regs[j ^ x], ...]; }` for each lane bit `B` that permutes `regs`,
/// the xors in `a[0][at..at + 5]`.
fn permutes(a: &LaneArith, at: usize, regs: &str, n: u32, body: &mut Vec<String>) {
    for bit in 0..5 {
        let x = a[0][at + bit] as u32;
        if x == 0 {
            continue;
        }
        let cells: Vec<String> = (0..n).map(|j| format!("{regs}[{}]", j ^ x)).collect();
        body.push(format!(
            "if l & {} != 0 {{ {regs} = [{}]; }}",
            1 << bit,
            cells.join(", ")
        ));
    }
}

/// The lane-arithmetic form's body (`Plan::lane_arith`): the lane read once, the offered
/// registers permuted, one shuffle a round at constant registers, the kept ones permuted.
fn arith_body(a: &LaneArith, plan: &Plan) -> Vec<String> {
    let n = plan.elements();
    let mut body = vec![format!("let src = {};", lane_read(a))];
    body.push("let mut g = *from;".to_string());
    permutes(a, 5, "g", n, &mut body);
    body.push("let mut to = *from;".to_string());
    let rounds = plan.rounds() as usize;
    let (src_at, send_at, recv_at) = (&a[1][..rounds], &a[2][..rounds], &a[3][..rounds]);
    for (r, ((x, s), d)) in src_at.iter().zip(send_at).zip(recv_at).enumerate() {
        let x = match x {
            0 => String::new(),
            x => format!(" ^ {x}"),
        };
        body.push(format!("to[{d}] = shuffle(g[{s}], src{x}); // round {r}"));
    }
    permutes(a, 10, "to", n, &mut body);
    body
}

/// The function with the plan's constants folded in, as comments: in-lane moves, then each
/// round's offer, shuffle and keep, with a lane table where a choice depends on the lane; or
/// the lane arithmetic, where the plan has it.
fn folded(from: &Numeral, to: &Numeral, plan: &Plan, out: &mut String) {
    if let Some(a) = plan.lane_arith() {
        header(from, to, plan, out);
        let _ = writeln!(out, "//     let l = lane & 31;");
        for line in arith_body(&a, plan) {
            let _ = writeln!(out, "//     {line}");
        }
        let _ = writeln!(out, "//     to\n// }}");
        return;
    }
    let mut f = Folded::default();
    f.in_lane(plan);
    for r in 0..plan.rounds() {
        f.round(plan, r);
    }
    header(from, to, plan, out);
    f.write(out);
}

/// The folded function's lines, gathered before they are written: the lane tables, the body,
/// and whether the body reads the lane.
#[derive(Default)]
struct Folded {
    /// `const` lane tables, one a line.
    tables: Vec<String>,
    /// The statements, one a line.
    body: Vec<String>,
    /// Whether the body reads `l`.
    uses_lane: bool,
}

impl Folded {
    /// The in-lane moves: `to[e] = from[s]`, or through a lane table where `s` depends on the
    /// lane; nothing where the value is already in place or arrives in a round.
    fn in_lane(&mut self, plan: &Plan) {
        for e in 0..plan.elements() {
            match local_single(plan, e) {
                Some(s) if s == e => {}
                Some(s) => self.body.push(format!("to[{e}] = from[{s}];")),
                None if local_mask(plan, e) != 0 => {
                    self.uses_lane = true;
                    let mask = local_mask(plan, e);
                    self.tables.push(format!(
                        "const LOCAL_{e}: [u8; 32] = {};",
                        list(&local_table(plan, e))
                    ));
                    self.body.push(format!(
                        "to[{e}] = from[LOCAL_{e}[l]]; // a select among {}",
                        registers("from", mask)
                    ));
                }
                None => {}
            }
        }
    }

    /// Round `r`: its offer, its shuffle, and where it keeps what it reads.
    fn round(&mut self, plan: &Plan, r: u32) {
        self.body.push(format!("// round {r}"));
        let value = self.offer(plan, r);
        let src = self.source_lane(plan, r);
        let shuffle = format!("let got{r} = shuffle({value}, {src});");
        self.body.push(shuffle);
        self.keep(plan, r);
    }

    /// The value round `r` offers: `from[s]`, or `v{r}` chosen through a lane table.
    fn offer(&mut self, plan: &Plan, r: u32) -> String {
        match plan.send_uniform(r) {
            Some(s) => format!("from[{s}]"),
            None => {
                self.tables.push(format!(
                    "const SEND_{r}: [u8; 32] = {};",
                    list(&send_table(plan, r))
                ));
                self.body.push(format!(
                    "let v{r} = from[SEND_{r}[l]]; // a select among {}",
                    registers("from", plan.send_mask(r))
                ));
                format!("v{r}")
            }
        }
    }

    /// The lane round `r` reads, which depends on the lane: as an xor or a table.
    fn source_lane(&mut self, plan: &Plan, r: u32) -> String {
        self.uses_lane = true;
        match plan.src_xor(r) {
            Some(x) => format!("l as u32 ^ {x}"),
            None => {
                self.tables.push(format!(
                    "const SRC_{r}: [u8; 32] = {};",
                    list(&src_table(plan, r))
                ));
                format!("SRC_{r}[l] as u32")
            }
        }
    }

    /// Where round `r` keeps what it reads: one register, or one through a lane table.
    fn keep(&mut self, plan: &Plan, r: u32) {
        match plan.recv_uniform(r) {
            Some(d) => self.body.push(format!("to[{d}] = got{r};")),
            None => {
                let table = recv_table(plan, r);
                self.tables.push(format!(
                    "const RECV_{r}: [u8; 32] = {}; // {NONE}: none",
                    list(&table)
                ));
                self.body.push(format!(
                    "to[RECV_{r}[l]] = got{r}; // a select among {}, nothing where {NONE}",
                    registers("to", plan.recv_mask(r))
                ));
            }
        }
    }

    /// The tables and the body, as comments, and the closing brace.
    fn write(&self, out: &mut String) {
        for t in &self.tables {
            let _ = writeln!(out, "//     {t}");
        }
        if self.body.is_empty() {
            let _ = writeln!(
                out,
                "//     *from // every value is already in place: no instruction"
            );
        } else {
            if self.uses_lane {
                let _ = writeln!(out, "//     let l = (lane & 31) as usize;");
            }
            let _ = writeln!(out, "//     let mut to = *from;");
            for line in &self.body {
                let _ = writeln!(out, "//     {line}");
            }
            let _ = writeln!(out, "//     to");
        }
        let _ = writeln!(out, "// }}");
    }
}

/// The folded function's title and signature.
fn header(from: &Numeral, to: &Numeral, plan: &Plan, out: &mut String) {
    let n = plan.elements();
    let _ = writeln!(
        out,
        "\n// With the plan's constants folded in ({} => {}: {}, {} round{}, lower bound {}, {} \
         select{}):\n//",
        from.name,
        to.name,
        plan.class().name(),
        plan.rounds(),
        plural(plan.rounds()),
        plan.lower_bound(),
        plan.selects(),
        plural(plan.selects()),
    );
    let _ = writeln!(
        out,
        "// fn convert(lane: u32, from: &[u32; {n}], mut shuffle: impl FnMut(u32, u32) -> u32) \
         -> [u32; {n}] {{"
    );
}
