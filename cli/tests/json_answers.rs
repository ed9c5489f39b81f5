//! `--json`: every command that prints a result prints one JSON value of the shape
//! docs/CLI-JSON.md gives, parsed here and held against the command's text answer or the
//! catalog.

use serde_json::Value;

use crate::support::{ok, run, stdout};
use layout_core::catalog::CATALOG;
use layout_core::convert::examples::EXAMPLES;

/// The JSON answer of `args` (with `--json`), which must exit 0.
fn json(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    let text = ok(&a);
    assert_eq!(text.lines().count(), 1, "{a:?}: one line");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{a:?}: {e}: {text}"))
}

/// The number after `label` in `text`: `rounds:      3` gives 3.
fn number_after(text: &str, label: &str) -> u64 {
    let rest = &text[text.find(label).unwrap_or_else(|| panic!("{label}")) + label.len()..];
    let digits: String = rest
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap()
}

#[test]
fn list_is_the_catalog() {
    let list = json(&["list"]);
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), CATALOG.len());
    for (j, e) in list.iter().zip(CATALOG) {
        assert_eq!(j["name"], e.name());
        assert_eq!(j["element_bits"], e.element_bits);
        assert_eq!(j["rows"], e.numeral.rows);
        assert_eq!(
            j["instructions"].as_array().unwrap().len(),
            e.instructions.len()
        );
    }
}

#[test]
fn show_is_the_json_command_and_names_an_instructions_operands() {
    assert_eq!(
        json(&["show", "SM80_16x8x16_F32_C"]),
        serde_json::from_str::<Value>(&ok(&["json", "SM80_16x8x16_F32_C"])).unwrap()
    );
    let i = json(&["show", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"]);
    assert_eq!(i["A"], "SM80_16x8x16_F16_A_ROW");
    assert_eq!(i["C"], "SM80_16x8x16_F32_C");
    assert_eq!(i["metadata"], Value::Null);
}

#[test]
fn convert_answers_the_reports_costs() {
    for args in [
        &[
            "convert",
            "SM80_16x8x16_F32_C[1x2]",
            "SM80_16x8x16_F16_A_ROW",
        ][..],
        &["convert", "SM75_U32x1_LDSM_N", "SM75_U16x2_LDSM_T"],
    ] {
        let j = json(args);
        let text = ok(args);
        assert_eq!(j["rounds"], number_after(&text, "rounds:"), "{args:?}");
        assert_eq!(
            j["lower_bound"],
            number_after(&text, "lower bound:"),
            "{args:?}"
        );
        assert_eq!(j["selects"], number_after(&text, "selects:"), "{args:?}");
        assert!(text.contains(&format!("class:       {}:", j["class"].as_str().unwrap())));
        assert_eq!(j["from"]["threads"], 32, "{args:?}");
    }
    let x = json(&["convert", "--examples"]);
    let x = x.as_array().unwrap();
    assert_eq!(x.len(), EXAMPLES.len());
    for (j, e) in x.iter().zip(EXAMPLES) {
        assert_eq!(j["name"], e.name);
        assert_eq!(j["what"], e.what);
    }
}

#[test]
fn banks_answers_the_wavefronts_and_the_search() {
    let args = [
        "banks",
        "ldmatrix.x4",
        "SM80_16x8x16_F16_A_ROW",
        "--tile",
        "64x64",
        "--find",
    ];
    let j = json(&args);
    let text = ok(&args);
    let w = &j["accesses"][0]["wavefronts"];
    assert!(
        text.contains(&format!("{} wavefronts, ideal {}", w["total"], w["ideal"])),
        "{w}"
    );
    assert_eq!(j["layout"]["swizzle"]["unit"], "elements");
    assert_eq!(j["find"]["conflict_free"], true);
    assert!(text.contains(j["find"]["rust"].as_str().unwrap()));
    assert_eq!(
        j["find"]["wavefronts"]["total"],
        j["find"]["wavefronts"]["ideal"]
    );
    // An access that cannot be made: its error, exit 1, still JSON.
    let o = run(&[
        "banks",
        "ldmatrix.x2",
        "SM80_16x8x16_F16_B_COL",
        "--tile",
        "16x64",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let j: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(j["accesses"][0]["error"]
        .as_str()
        .unwrap()
        .contains("matrix 0 row 0"));
}

#[test]
fn smem_answers_a_grid_s_box_and_descriptor() {
    let j = json(&[
        "smem",
        "--tile",
        "128x64",
        "--swizzle",
        "128B",
        "--col-major",
        "--atoms",
        "bands",
        "--operand",
        "a",
        "--mma",
        "128",
    ]);
    assert_eq!(
        (
            j["layout"]["atoms_along"].as_u64(),
            j["layout"]["order"].as_str()
        ),
        (Some(2), Some("bands"))
    );
    assert_eq!(
        (
            j["tma"]["inner"].as_u64(),
            j["tma"]["outer"].as_u64(),
            j["tma"]["copies"].as_u64()
        ),
        (Some(64), Some(8), Some(16))
    );
    let d = &j["descriptor"];
    assert_eq!(
        (d["lbo"].as_u64(), d["sbo"].as_u64(), d["k_major"].as_bool()),
        (Some(1024), Some(2048), Some(false))
    );
    assert_eq!(d["k_starts"], serde_json::json!([0, 4096, 8192, 12288]));
    assert_eq!(d["wgmma"], "0x4000008000400000");
    let plain = json(&["smem", "--tile", "64x64", "--pad", "8"]);
    assert!(plain["tma"]["error"].as_str().unwrap().contains("densely"));
    assert!(plain["descriptor"].is_null());
}

#[test]
fn smem_answers_the_drawn_cells() {
    let j = json(&["smem", "--tile", "8x64", "--swizzle", "128B"]);
    let text = ok(&["smem", "--tile", "8x64", "--swizzle", "128B"]);
    let cells = j["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 8);
    for (r, row) in cells.iter().enumerate() {
        let drawn: Vec<u64> = text
            .lines()
            .find(|l| l.starts_with(&format!("row {r}:")))
            .unwrap()
            .split(':')
            .nth(1)
            .unwrap()
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        let cells: Vec<u64> = row
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect();
        assert_eq!(cells, drawn, "row {r}");
    }
    assert_eq!(j["unit_bytes"], 16);
    assert_eq!(j["layout"]["swizzle"]["bits"], 3);
}

#[test]
fn check_and_expand_answer_in_json_too() {
    let numeral = "16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2, lane / 4 => 8, e / 2 => 64 }";
    let j = json(&["check", numeral]);
    assert_eq!(j["valid"], true);
    assert_eq!(j["layout"]["shape"]["threads"], 32);
    assert_eq!(j["layout"]["digits"].as_array().unwrap().len(), 4);
    let o = run(&["check", "16 x 8 { lane => 1 }", "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let j: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(j["valid"], false);
    assert!(j["errors"].as_str().unwrap().contains("error: "));
    let j = json(&["expand", "SM80_16x8x16_F32_C"]);
    assert_eq!(
        j["code"].as_str().unwrap(),
        ok(&["expand", "SM80_16x8x16_F32_C"])
    );
}

#[test]
fn banks_matrices_answers_each_form() {
    let j = json(&["banks", "--matrices", "SM90_64x64x16_F16_C", "--warp", "1"]);
    let forms = j["forms"].as_array().unwrap();
    assert_eq!(forms.len(), 6);
    // Warp 1 holds rows 16..32: register 0 is the block at (16, 0), row by row.
    let x4 = &forms[2];
    assert_eq!(x4["form"], ".x4");
    assert_eq!(x4["moves"], true);
    assert_eq!(x4["instructions"], 4);
    assert_eq!(x4["registers"][0]["rows"][3], serde_json::json!([19, 0]));
    assert_eq!(forms[5]["moves"], false);
    assert!(forms[5]["error"]
        .as_str()
        .unwrap()
        .starts_with("register 0, matrix row 0"));
}
