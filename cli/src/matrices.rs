//! `fraglayout banks --matrices LAYOUT [--col-major] [--warp W]`: which `ldmatrix` /
//! `stmatrix` forms move a fragment at all, by dividing it on the left by each form's tile
//! (`shared::divide_matrices`): the registers and where their matrix rows start, or why not.

use std::process::ExitCode;

use layout_core::shared::{divide_matrices, Major, MatrixDivision, MatrixVariant};
use layout_core::Numeral;

use crate::json_out::J;
use crate::layout::resolve;

/// `.x4.trans`.
fn form(v: MatrixVariant) -> String {
    format!(".x{}{}", v.num, if v.trans { ".trans" } else { "" })
}

/// Register `j`'s matrix: `(8, 0)` for an 8x8 block, else its rows' starts.
fn matrix(d: &MatrixDivision, j: u32) -> String {
    match d.block(j) {
        Some((r, c)) => format!("({r}, {c})"),
        None => {
            let rows: Vec<String> = (0..8)
                .filter_map(|r| d.row_start(j, r))
                .map(|(r, c)| format!("({r}, {c})"))
                .collect();
            format!("rows at {}", rows.join(" "))
        }
    }
}

/// `moves it in 1 instruction: registers 0 (0, 0), 1 (8, 0), ...`.
fn moves(d: &MatrixDivision) -> String {
    let regs: Vec<String> = (0..d.registers())
        .map(|j| format!("{j} {}", matrix(d, j)))
        .collect();
    format!(
        "moves it in {} instruction{}; register (matrix at row, col): {}",
        d.instructions(),
        if d.instructions() == 1 { "" } else { "s" },
        regs.join(", ")
    )
}

/// The answer for `name` (a layout as `banks` reads it); the exit code is 1 when no form
/// moves it or the layout is unknown.
pub fn run(name: &str, major: Major, warp: u32, json: bool) -> (String, ExitCode) {
    let layout = match resolve(name, "layout") {
        Ok(l) => l,
        Err(msg) => {
            eprint!("{msg}");
            return (String::new(), ExitCode::from(1));
        }
    };
    if let Some(bits) = layout
        .base_entry()
        .map(|e| e.element_bits)
        .filter(|&b| b != 16)
    {
        eprintln!(
            "error: {name} holds {bits}-bit elements; ldmatrix and stmatrix move 16-bit ones: \
             give a layout of 16-bit elements"
        );
        return (String::new(), ExitCode::from(1));
    }
    let n: &Numeral = layout.leak();
    let answers: Vec<_> = MatrixVariant::ALL
        .iter()
        .map(|&v| (v, divide_matrices(n, v, major, warp)))
        .collect();
    let any = answers.iter().any(|(_, d)| d.is_ok());
    let code = ExitCode::from(u8::from(!any));
    if json {
        return (answer_json(n, major, warp, &answers).text(), code);
    }
    let lines = match major {
        Major::Row => "rows of a row-major tile",
        Major::Col => "columns of a column-major tile",
    };
    let mut out = format!(
        "ldmatrix / stmatrix of {} (warp {warp}), each matrix row 8 neighbouring elements along \
         the {lines}, the fragment at a multiple of 8:\n",
        n.name
    );
    for (v, d) in &answers {
        let said = match d {
            Ok(d) => moves(d),
            Err(e) => format!("does not: {e}"),
        };
        out.push_str(&format!("{:<10} {said}\n", form(*v)));
    }
    (out, code)
}

/// `{"layout", "major", "warp", "forms": [{"form", "moves", "instructions", "registers":
/// [{"register", "rows": [[row, col] x 8]}], "error"}]}`.
fn answer_json(
    n: &Numeral,
    major: Major,
    warp: u32,
    answers: &[(
        MatrixVariant,
        Result<MatrixDivision, layout_core::shared::DivideError>,
    )],
) -> J {
    let forms = answers
        .iter()
        .map(|(v, d)| {
            let (instructions, registers, error) = match d {
                Ok(d) => (
                    J::Num(d.instructions().into()),
                    J::Arr(
                        (0..d.registers())
                            .map(|j| {
                                let rows = (0..8)
                                    .filter_map(|r| d.row_start(j, r))
                                    .map(|(r, c)| J::Arr(vec![J::Num(r.into()), J::Num(c.into())]))
                                    .collect();
                                J::Obj(vec![("register", J::Num(j.into())), ("rows", J::Arr(rows))])
                            })
                            .collect(),
                    ),
                    J::Null,
                ),
                Err(e) => (J::Null, J::Null, J::s(e.to_string())),
            };
            J::Obj(vec![
                ("form", J::s(form(*v))),
                ("moves", J::Bool(d.is_ok())),
                ("instructions", instructions),
                ("registers", registers),
                ("error", error),
            ])
        })
        .collect();
    J::Obj(vec![
        ("layout", J::s(n.name)),
        (
            "major",
            J::s(match major {
                Major::Row => "row",
                Major::Col => "col",
            }),
        ),
        ("warp", J::Num(warp.into())),
        ("forms", J::Arr(forms)),
    ])
}
