//! The generated parts of `docs/CONVERSIONS.md`: FlashAttention-2's two layouts digit by digit
//! and lane by lane, and the table of `layout_core::convert::examples::EXAMPLES` with each
//! plan's class, rounds, lower bound and selects.

use layout_core::catalog::SM80_16x8x16_F16_A_ROW;
use layout_core::convert::examples::{SM80_16x8x16_F32_C_1x2, EXAMPLES};
use layout_core::convert::Plan;
use layout_core::{Message, Numeral};

/// A generated block: its name in the markers `<!-- NAME:begin -->` / `<!-- NAME:end -->`, and
/// the function writing it.
pub type Block = (&'static str, fn() -> String);

/// The page's generated blocks.
pub const BLOCKS: [Block; 3] = [
    ("fa2-digits", fa2_digits),
    ("fa2-lanes", fa2_lanes),
    ("examples", examples),
];

/// The two FA2 layouts' digits side by side, sorted by place.
pub fn fa2_digits() -> String {
    let (acc, a) = (&SM80_16x8x16_F32_C_1x2, &SM80_16x8x16_F16_A_ROW);
    let mut out = format!(
        "| place | `{}`: digit | range | `{}`: digit | range |\n|---|---|---|---|---|\n",
        acc.name, a.name
    );
    let sorted = |n: &Numeral| {
        let mut d = n.digits.to_vec();
        d.sort_by_key(|d| d.place);
        d
    };
    let expr = |n: &Numeral, d: &layout_core::Digit| {
        let mut m = Message::new();
        m.push_digit(d, n.extent(d.source));
        m.as_str().to_string()
    };
    let (da, db) = (sorted(acc), sorted(a));
    assert_eq!(da.len(), db.len(), "the FA2 layouts have as many digits");
    for (x, y) in da.iter().zip(&db) {
        let place = if x.place == y.place {
            x.place.to_string()
        } else {
            format!("{} / {}", x.place, y.place)
        };
        out.push_str(&format!(
            "| {place} | `{}` | {} | `{}` | {} |\n",
            expr(acc, x),
            x.range,
            expr(a, y),
            y.range
        ));
    }
    out
}

/// The lanes shown lane by lane.
const LANES_SHOWN: [u32; 4] = [0, 1, 5, 31];

/// Each shown lane's elements as `(row, col)` in both FA2 layouts, one row per lane and layout.
pub fn fa2_lanes() -> String {
    let (acc, a) = (&SM80_16x8x16_F32_C_1x2, &SM80_16x8x16_F16_A_ROW);
    let n = acc.elements;
    let mut out = String::from("| lane | layout |");
    for e in 0..n {
        out.push_str(&format!(" e{e} |"));
    }
    out.push_str("\n|---|---|");
    out.push_str(&"---|".repeat(n as usize));
    out.push('\n');
    for lane in LANES_SHOWN {
        for (label, layout) in [("accumulators", acc), ("A operand", a)] {
            out.push_str(&format!("| {lane} | {label} |"));
            for e in 0..n {
                let (r, c) = layout.coords(lane, e).expect("in range");
                out.push_str(&format!(" ({r}, {c}) |"));
            }
            out.push('\n');
        }
    }
    out
}

/// The table of the examples: what each is, its layouts, and its plan's numbers.
pub fn examples() -> String {
    let mut out = String::from(
        "| example | the situation | from | to | class | rounds | lower bound | selects |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    for x in EXAMPLES {
        let p = Plan::new(&x.from, &x.to).expect("every example converts");
        out.push_str(&format!(
            "| `{}` | {} | `{}` | `{}` | {} | {} | {} | {} |\n",
            x.name,
            x.what,
            x.from.name,
            x.to.name,
            p.class().name(),
            p.rounds(),
            p.lower_bound(),
            p.selects()
        ));
    }
    out
}

/// `text` with every block between its markers regenerated; `Err` names a block whose
/// markers are missing.
pub fn regenerate(text: &str) -> Result<String, String> {
    let mut text = text.to_string();
    for (name, block) in BLOCKS {
        let (begin, end) = (
            format!("<!-- {name}:begin -->"),
            format!("<!-- {name}:end -->"),
        );
        let b = text
            .find(&begin)
            .ok_or_else(|| format!("no {begin} marker"))?
            + begin.len();
        let e = text[b..]
            .find(&end)
            .ok_or_else(|| format!("no {end} marker"))?
            + b;
        text = format!("{}\n{}{}", &text[..b], block(), &text[e..]);
    }
    Ok(text)
}
