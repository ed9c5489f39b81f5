//! The packed model in `fraglayout convert`: values two (16-bit) or four (8-bit) to a 32-bit
//! word, a shuffle carrying a word (`layout_core::convert::PackedPlan`).

use std::fmt::Write as _;

use layout_core::convert::{PackedPlan, Relay};
use layout_core::Numeral;

/// The width of the values packed: `--bits`, else the narrowest of the catalog layouts named
/// in `args` (`NAME`, `NAME:RxC` or `NAME[RxC]`) that is below 32 bits, else 16.
///
/// `SM80_16x8x16_F32_C SM80_16x8x16_F16_B_COL` gives 16: the f32 accumulator is packed as the
/// f16 values it becomes.
pub fn packed_bits(args: &[&str]) -> u32 {
    args.iter()
        .filter_map(|a| layout_core::catalog::find(crate::layout::base_name(a)))
        .map(|e| e.element_bits)
        .filter(|&b| b == 8 || b == 16)
        .min()
        .unwrap_or(16)
}

/// Values per 32-bit word for `bits`-bit values, and their name: `2, "two"`.
pub fn per_word(bits: u32) -> (u32, &'static str) {
    if bits == 8 {
        (4, "four")
    } else {
        (2, "two")
    }
}

/// The packed plan of `bits`-bit values, or the reason there is none, in words.
pub fn plan(from: &Numeral, to: &Numeral, bits: u32) -> Result<Box<PackedPlan>, String> {
    PackedPlan::new(from, to, per_word(bits).0)
        .map(Box::new)
        .map_err(|e| e.message().as_str().to_string())
}

/// The packed section of the report: the rounds against both bounds, the permutes, and the
/// rounds as a lane table. `single` is the rounds with one value per shuffle.
pub fn section(from: &Numeral, to: &Numeral, bits: u32, single: u32) -> String {
    let (k, words) = per_word(bits);
    let other = if bits == 8 { 16 } else { 8 };
    let mut out = format!(
        "\npacked: {bits}-bit values {words} to a 32-bit word, element {k}r + j in part j of \
         register r;\na shuffle carries a word (`--bits {other}` for {}):\n",
        if other == 8 {
            "8-bit values"
        } else {
            "16-bit values"
        }
    );
    let p = match plan(from, to, bits) {
        Ok(p) => p,
        Err(e) => {
            let _ = writeln!(out, "none: {e}");
            return out;
        }
    };
    costs((from, to, bits), &p, single, &mut out);
    if p.rounds() > 0 {
        out.push_str(
            "\npacked rounds, one 32-bit shuffle each. Each lane's cell L>D.D: the lane reads \
             lane L and keeps\nthe word's parts as its elements D (- for a part it does not \
             keep; a lane reading itself keeps\nnothing):\n",
        );
        table(&p, &mut out);
    }
    out
}

/// The packed plan's costs, a line each: its rounds (`single`: with one value a shuffle), its
/// lower bound and the bound for words read by several lanes, its byte permutes; for 16-bit
/// values, the relay's shuffles where the pair has one (`layout_core::convert::Relay`).
pub fn costs(
    (from, to, bits): (&Numeral, &Numeral, u32),
    p: &PackedPlan,
    single: u32,
    out: &mut String,
) {
    let _ = writeln!(
        out,
        "packed rounds:      {} (one value a shuffle: {single})",
        p.rounds()
    );
    let _ = writeln!(
        out,
        "packed lower bound: {} (the plan meets it; {} with words read by several lanes)",
        p.lower_bound(),
        p.any_bound()
    );
    let _ = writeln!(
        out,
        "permutes:           {} (byte permutes, prmt, the busiest lane spends)",
        p.permutes()
    );
    if let Some(r) = Relay::new(from, to).filter(|r| bits == 16 && r.steps() > 0) {
        let taken = match r.rounds() < p.rounds() {
            true => {
                "fewer than the packed rounds: `#[convert_layout]` takes it for the library's\n\
                     \x20                   layouts"
            }
            false => "not fewer than the packed rounds",
        };
        let _ = writeln!(
            out,
            "relay:              {} ({} swaps of a lane bit with an in-lane bit, {} shuffle{} a \
             swap;\n                    {taken})",
            r.rounds(),
            r.steps(),
            r.rounds_per_step(),
            if r.rounds_per_step() == 1 { "" } else { "s" }
        );
        let _ = writeln!(out, "{}", relay_steps(&r, from.elements));
    }
}

/// The relay's swaps in words, then its in-lane order where it moves anything:
/// `relay swaps:        lane bit 0 with the half (lane ^ 1), lane bit 1 with word bit 0 (lane ^ 2)`.
fn relay_steps(r: &Relay, elements: u32) -> String {
    let swaps: Vec<String> = (0..r.steps())
        .filter_map(|k| r.step(k))
        .map(|(i, j)| {
            let with = match j {
                0 => "the half".to_string(),
                j => format!("word bit {}", j - 1),
            };
            format!("lane bit {i} with {with} (lane ^ {})", 1u32 << i)
        })
        .collect();
    let mut text = format!("relay swaps:        {}", swaps.join(", "));
    let order: Vec<u32> = (0..elements).filter_map(|e| r.source_index(e)).collect();
    if order.iter().zip(0..).any(|(&s, e)| s != e) {
        let order: Vec<String> = order.iter().map(u32::to_string).collect();
        let _ = write!(
            text,
            "\nthen in each lane: element e from index [{}][e]",
            order.join(" ")
        );
    }
    text
}

/// One row per round: per lane, the lane read and the destination elements of its parts.
fn table(p: &PackedPlan, out: &mut String) {
    let cell = |r: u32, l: u32| -> String {
        let src = p.src_lane(r, l);
        let parts: Vec<String> = (0..p.per_word())
            .map(|j| p.recv(r, l, j).map_or("-".into(), |d| d.to_string()))
            .collect();
        format!("{src}>{}", parts.join("."))
    };
    let cells: Vec<Vec<String>> = (0..p.rounds())
        .map(|r| (0..32).map(|l| cell(r, l)).collect())
        .collect();
    let width = cells.iter().flatten().map(String::len).max().unwrap_or(1);
    let _ = write!(out, "round |");
    for l in 0..32 {
        let _ = write!(out, " {l:>width$}");
    }
    out.push('\n');
    for (r, row) in cells.iter().enumerate() {
        let _ = write!(out, "{r:>5} |");
        for c in row {
            let _ = write!(out, " {c:>width$}");
        }
        out.push('\n');
    }
}
