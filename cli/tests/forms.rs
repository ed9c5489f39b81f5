//! `show --cute`, `show --linear` and the `cute` / `linear` fields of `json`: the forms as
//! CUTLASS prints them, the linear bases evaluated over GF(2) against the JSON's own table, and
//! a plain answer (exit 0) where a layout has no such form.

use serde_json::Value;

use crate::support::{ok, run, stderr};

#[test]
fn show_cute_prints_cutlass_layouts() {
    // CUTLASS's SM80_16x8_Row, the m16n8 accumulator's CLayout.
    let text = ok(&["show", "SM80_16x8x16_F32_C", "--cute"]);
    assert_eq!(
        text.lines().nth(1),
        Some("    ((4,8),(2,2)):((32,1),(16,8))"),
        "{text}"
    );
    assert!(!text.contains("DistributedLinearLayout"), "{text}");
    // A B operand also over (N, K), CuTe's BLayout of SM80_16x8x16_F16F16F16F16_TN.
    let text = ok(&["show", "SM80_16x8x16_F16_B_COL", "--cute"]);
    assert!(
        text.contains("\n    ((4,8),(2,2)):((16,1),(8,64))\n"),
        "{text}"
    );
}

#[test]
fn show_linear_prints_gluon_and_says_why_not() {
    let text = ok(&["show", "SM80_16x8x16_F32_C", "--linear"]);
    assert!(
        text.contains(
            "DistributedLinearLayout(reg_bases=[[0, 1], [8, 0]], lane_bases=[[0, 2], [0, 4], \
             [1, 0], [2, 0], [4, 0]], warp_bases=[], block_bases=[], shape=[16, 8])"
        ),
        "{text}"
    );
    // N = 24: three 8-column blocks, a CuTe layout but no linear one; still exit 0.
    let text = ok(&["show", "SM90_64x24x16_F32_C", "--linear", "--cute"]);
    assert!(
        text.contains("((4,8,4),(2,2,3)):((128,1,16),(64,8,512))"),
        "{text}"
    );
    assert!(
        text.contains(
            "has no linear layout: digit `e / 4` (range 3, place 8) is not a power of two"
        ),
        "{text}"
    );
}

#[test]
fn forms_take_a_layout_not_an_instruction_or_json() {
    let o = run(&[
        "show",
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
        "--cute",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("take a layout, not an instruction"),
        "{}",
        stderr(&o)
    );
    let o = run(&["show", "SM80_16x8x16_F32_C", "--linear", "--json"]);
    assert_eq!(o.status.code(), Some(2));
}

/// `(row, col)` as the XOR of the bases of `input`'s set bits.
fn xor(bases: &Value, input: u64, out: &mut (u64, u64)) {
    for (bit, b) in bases.as_array().unwrap().iter().enumerate() {
        if input >> bit & 1 == 1 {
            *out = (
                out.0 ^ b[0].as_u64().unwrap(),
                out.1 ^ b[1].as_u64().unwrap(),
            );
        }
    }
}

#[test]
fn json_linear_bases_give_the_table_and_nulls_say_why() {
    // `json --all`: one layout a line.
    let all: Vec<Value> = ok(&["json", "--all"])
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let mut without = Vec::new();
    for l in &all {
        let name = l["name"].as_str().unwrap();
        assert!(l["cute"].is_string() && l["cute_why"].is_null(), "{name}");
        let linear = &l["linear"];
        if linear.is_null() {
            let why = l["linear_why"].as_str().unwrap();
            assert!(why.contains("is not a power of two"), "{name}: {why}");
            without.push(name);
            continue;
        }
        assert!(l["linear_why"].is_null(), "{name}");
        assert_eq!(
            linear["shape"],
            serde_json::json!([l["rows"], l["cols"]]),
            "{name}"
        );
        for (t, row) in l["table"].as_array().unwrap().iter().enumerate() {
            for (e, cell) in row.as_array().unwrap().iter().enumerate() {
                let mut got = (0, 0);
                xor(&linear["register"], e as u64, &mut got);
                xor(&linear["lane"], t as u64 % 32, &mut got);
                xor(&linear["warp"], t as u64 / 32, &mut got);
                let want = (cell[0].as_u64().unwrap(), cell[1].as_u64().unwrap());
                assert_eq!(got, want, "{name}: thread {t}, element {e}");
            }
        }
    }
    // Exactly the wgmma accumulators and sparse ones whose N is no power of two.
    assert!(without.contains(&"SM90_64x24x16_F32_C"), "{without:?}");
    assert!(!without.contains(&"SM90_64x32x16_F32_C"), "{without:?}");
}

#[test]
fn json_of_a_layout_outside_the_catalog_has_the_forms() {
    // The tcgen05.mma accumulator in TMEM: 4 warps, so two warp bases.
    let l: Value = serde_json::from_str(&ok(&["json", "SM100_TMEM_ACC_D_N64"])).unwrap();
    assert_eq!(l["cute"], "((32,4),64):((1,32),128)");
    assert_eq!(l["linear"]["warp"], serde_json::json!([[32, 0], [64, 0]]));
    assert!(l["cute_why"].is_null() && l["linear_why"].is_null());
}
