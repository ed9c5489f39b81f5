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

/// CUTLASS's scale-factor byte, `tile_atom_to_shape_SFA/SFB` over its 512-byte atom:
/// `512 ((s / 4) + ceil(KB / 4) (m / 128)) + 16 (m % 32) + 4 (m / 32 % 4) + s % 4`.
fn cutlass_sf_byte(kblocks: u64, m: u64, s: u64) -> u64 {
    512 * (s / 4 + kblocks.div_ceil(4) * (m / 128)) + 16 * (m % 32) + 4 * (m / 32 % 4) + s % 4
}

#[test]
fn scales_answers_where_each_scale_factor_lies() {
    let j = json(&[
        "scales",
        "--rows",
        "384",
        "--kblocks",
        "12",
        "--at",
        "0,4",
        "--at",
        "300,11",
        "--at",
        "37,3",
    ]);
    assert_eq!(
        (&j["rows"], &j["kblocks"], &j["atoms_mn"], &j["atoms_k"]),
        (&384.into(), &12.into(), &3.into(), &3.into())
    );
    assert_eq!(j["span_bytes"], 9 * 512);
    assert_eq!(j["order"], "k-first");
    let at = j["at"].as_array().unwrap();
    assert_eq!(at.len(), 3);
    for (p, (m, s)) in at.iter().zip([(0u64, 4u64), (300, 11), (37, 3)]) {
        let byte = cutlass_sf_byte(12, m, s);
        assert_eq!((&p["row"], &p["kblock"]), (&m.into(), &s.into()));
        assert_eq!(p["byte"], byte, "({m}, {s})");
        assert_eq!(p["atom"], byte / 512);
        // The 16-byte atom row is the TMEM lane of every quarter; its word the column.
        assert_eq!(
            (&p["atom_row"], &p["word"]),
            (&(m % 32).into(), &(m / 32 % 4).into())
        );
        assert_eq!(
            (&p["byte_in_word"], &p["bank"]),
            (&(s % 4).into(), &(byte / 4 % 32).into())
        );
        let lanes: Vec<u64> = (0..4).map(|q| m % 32 + 32 * q).collect();
        assert_eq!(p["tmem_lanes"], serde_json::json!(lanes));
        assert_eq!(p["tmem_column"], m / 32 % 4);
    }
    // DeepGEMM's transposer: a wavefront a load, four for the 512-byte store, 4-way scalar.
    let t = &j["transposer"];
    assert_eq!(
        (&t["reads"]["total"], &t["reads"]["worst"]),
        (&4.into(), &1.into())
    );
    assert_eq!(
        (&t["write"]["total"], &t["write"]["ideal"]),
        (&4.into(), &4.into())
    );
    assert_eq!(t["scalar_writes"]["worst"], 4);
    // A scale factor outside the tile: the text answer's error, no JSON.
    let o = run(&[
        "scales",
        "--rows",
        "128",
        "--kblocks",
        "4",
        "--at",
        "128,0",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty());
}

/// CuTe's `tmem_sf_frg`: scale factor `(m, s)` of 4x1 in lanes `m % 32 + 32 r`, column `m /
/// 32`; of 2x2 in lanes `m % 32 + 64 (m / (MN / 2)) + 32 r` (`r` < 2), column `(m / 32) %
/// (MN / 64)`; byte `s` of the column. The `(lane, element)` pairs holding it.
fn cute_tmem_sf(two_by_two: bool, mn: u64, m: u64, s: u64) -> Vec<(u64, u64)> {
    if two_by_two {
        let column = (m / 32) % (mn / 64);
        (0..2)
            .map(|r| (m % 32 + 64 * (m / (mn / 2)) + 32 * r, 4 * column + s))
            .collect()
    } else {
        (0..4)
            .map(|r| (m % 32 + 32 * r, 4 * (m / 32) + s))
            .collect()
    }
}

#[test]
fn tmem_scale_factors_have_names_and_json() {
    for (name, two_by_two, mn) in [
        ("SM100_TMEM_SF_4x1_MN128", false, 128u64),
        ("SM100_TMEM_SF_4x1_MN64", false, 64),
        ("SM100_TMEM_SF_2x2_MN256", true, 256),
        ("SM100_TMEM_SF_2x2_MN128", true, 128),
    ] {
        let j: Value = serde_json::from_str(&ok(&["json", name])).unwrap();
        assert_eq!(j, json(&["show", name]), "{name}");
        let columns = mn / if two_by_two { 64 } else { 32 };
        assert_eq!(
            (&j["name"], &j["rows"], &j["cols"], &j["threads"]),
            (&name.into(), &mn.into(), &4.into(), &128.into())
        );
        assert_eq!(j["elements_per_thread"], 4 * columns);
        assert_eq!(j["copies"], if two_by_two { 2 } else { 4 });
        let table = j["table"].as_array().unwrap();
        let mut held = 0;
        for (lane, row) in table.iter().enumerate() {
            for (e, cell) in row.as_array().unwrap().iter().enumerate() {
                let (m, s) = (cell[0].as_u64().unwrap(), cell[1].as_u64().unwrap());
                let want = cute_tmem_sf(two_by_two, mn, m, s);
                assert!(
                    want.contains(&(lane as u64, e as u64)),
                    "{name}: lane {lane} e {e}"
                );
                held += 1;
            }
        }
        assert_eq!(held, mn * 4 * j["copies"].as_u64().unwrap());
        let text = ok(&["show", name]);
        let cute = if two_by_two { "2by2" } else { "4by1" };
        assert!(
            text.contains(&format!("ScaleFactorDuplicated{cute}")),
            "{text}"
        );
    }
    assert!(ok(&["list"]).contains("SM100_TMEM_SF_4x1_MN{MN}, SM100_TMEM_SF_2x2_MN{MN}"));
    for (bad, says) in [
        (
            "SM100_TMEM_SF_2x2_MN96",
            "use a multiple of 64 from 64 to 256",
        ),
        (
            "SM100_TMEM_SF_4x1_MN288",
            "use a multiple of 32 from 32 to 256",
        ),
        ("SM100_TMEM_SF_3x1_MN128", "e.g. SM100_TMEM_SF_4x1_MN128"),
        (
            "SM100_TMEM_SF_4x1_MN",
            "write the rows after _MN as a number",
        ),
        (
            "SM100_TMEM_SF_4x1_MN128/SM100_TMEM_32dp32b16x",
            "name them alone",
        ),
    ] {
        let o = run(&["json", bad]);
        assert_eq!(o.status.code(), Some(1), "{bad}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{bad}: {err}");
    }
}

#[test]
fn a_block_scale_layout_s_json_has_its_selectors() {
    // PTX ISA Tables 35-37: thread-id-a 0..2 picks lanes by `(lane / 2) % 2`, thread-id-b
    // 0..4 by `lane % 4`; byte-id 0..4 for 1X, 0 or 2 for 2X, 0 for 4X.
    for (name, side, vec, divisor, range, bytes) in [
        ("SM120_16x8x32_SFA_1X", "a", "1X", 2, 2, vec![0, 1, 2, 3]),
        ("SM120_16x8x32_SFB_1X", "b", "1X", 1, 4, vec![0, 1, 2, 3]),
        ("SM120_16x8x64_SFA_2X", "a", "2X", 2, 2, vec![0, 2]),
        ("SM120_16x8x64_SFB_2X", "b", "2X", 1, 4, vec![0, 2]),
        ("SM120_16x8x64_SFA_4X", "a", "4X", 2, 2, vec![0]),
        ("SM120_16x8x64_SFB_4X", "b", "4X", 1, 4, vec![0]),
    ] {
        let j: Value = serde_json::from_str(&ok(&["json", name])).unwrap();
        let sel = &j["selectors"];
        assert_eq!(sel["scale_vec"], vec, "{name}");
        let t = &sel["thread_id"];
        assert_eq!(t["operand"], format!("thread-id-{side}"));
        let threads: Vec<u64> = (0..range).collect();
        assert_eq!(t["values"], serde_json::json!(threads), "{name}");
        assert_eq!(
            (&t["lane_divisor"], &t["lane_range"]),
            (&divisor.into(), &range.into())
        );
        assert_eq!(sel["byte_id"]["operand"], format!("byte-id-{side}"));
        assert_eq!(sel["byte_id"]["values"], serde_json::json!(bytes), "{name}");
        assert_eq!(j, json(&["show", name]));
    }
    let c: Value = serde_json::from_str(&ok(&["json", "SM80_16x8x16_F32_C"])).unwrap();
    assert!(c["selectors"].is_null());
}
