//! A layout in its neighbours' notations (`show --cute`, `show --linear`, and the `cute` /
//! `linear` fields of `json`): `layout_core::forms`, in words and as JSON.

use clap::{Arg, ArgAction, ArgMatches};
use layout_core::Numeral;

use crate::json_out::J;

/// The `--cute` and `--linear` flags of `show`.
pub fn flags() -> [Arg; 2] {
    [
        Arg::new("cute")
            .long("cute")
            .action(ArgAction::SetTrue)
            .conflicts_with("json")
            .help("only the layout as a CuTe TV layout, or why it has none"),
        Arg::new("linear")
            .long("linear")
            .action(ArgAction::SetTrue)
            .conflicts_with("json")
            .help("only the layout as a Triton / Gluon linear layout, or why it has none"),
    ]
}

/// Which forms `show` was asked for: `(cute, linear)`.
pub fn wanted(m: &ArgMatches) -> (bool, bool) {
    (m.get_flag("cute"), m.get_flag("linear"))
}

/// The forms asked for, a paragraph each: the form, or why there is none. A B operand
/// (`b_operand`) also gets the form over `(N, K)`, as CuTe's MMA traits index B.
pub fn text(n: &Numeral, (cute, linear): (bool, bool), b_operand: bool) -> String {
    let mut out = Vec::new();
    if cute {
        let mut para = match n.cute() {
            Ok(c) => format!(
                "{} as a CuTe TV layout, (thread, value) -> row + col * {} of the {} x {} tile:\n    \
                 {c}\n",
                n.name, n.rows, n.rows, n.cols
            ),
            Err(why) => format!("{} has no CuTe TV layout: {}\n", n.name, why.message(n).as_str()),
        };
        if let (true, Ok(t)) = (b_operand, n.cute_transposed()) {
            para.push_str(&format!(
                "over (N, K), as CuTe's MMA traits index B, (thread, value) -> n + k * {}:\n    \
                 {t}\n",
                n.cols
            ));
        }
        out.push(para);
    }
    if linear {
        out.push(match n.linear() {
            Ok(l) => format!(
                "{} as a Triton linear layout, bases [row, col] (Gluon's \
                 ttgl.DistributedLinearLayout):\n    {l}\n",
                n.name
            ),
            Err(why) => format!(
                "{} has no linear layout: {}\n",
                n.name,
                why.message(n).as_str()
            ),
        });
    }
    out.join("\n")
}

/// The JSON fields `cute`, `cute_why`, `linear`, `linear_why`: each form or `null`, and why
/// not or `null`.
pub fn json_fields(n: &Numeral) -> Vec<(&'static str, J)> {
    let why = |w: layout_core::forms::NoForm| J::s(w.message(n).as_str());
    let (cute, cute_why) = match n.cute() {
        Ok(c) => (J::s(c.to_string()), J::Null),
        Err(w) => (J::Null, why(w)),
    };
    let (linear, linear_why) = match n.linear() {
        Ok(l) => {
            let bases = |b: &layout_core::forms::Bases| {
                J::Arr(
                    b.bases()
                        .iter()
                        .map(|&(r, c)| J::Arr(vec![J::Num(r.into()), J::Num(c.into())]))
                        .collect(),
                )
            };
            let obj = J::Obj(vec![
                ("register", bases(&l.register)),
                ("lane", bases(&l.lane)),
                ("warp", bases(&l.warp)),
                (
                    "shape",
                    J::Arr(vec![J::Num(l.shape[0].into()), J::Num(l.shape[1].into())]),
                ),
                ("gluon", J::s(l.to_string())),
            ]);
            (obj, J::Null)
        }
        Err(w) => (J::Null, why(w)),
    };
    vec![
        ("cute", cute),
        ("cute_why", cute_why),
        ("linear", linear),
        ("linear_why", linear_why),
    ]
}

/// [`json_fields`] as the text of object members, `"cute":...,"linear_why":...`.
pub fn json_members(n: &Numeral) -> String {
    let text = J::Obj(json_fields(n)).text();
    let inner = text.trim_end();
    inner[1..inner.len() - 1].to_string()
}
