//! Compile cost of `#[convert_layout]` in the compiler's instructions: the seven conversions of
//! the "One call" table (`fraglayout_benches::calls_convert`) as the macro generates them,
//! against their skilled hand-written twins (the same file's functions, copied as they are),
//! each crate built once a mode with `rustc` under callgrind as `compile_instructions` builds
//! the epilogue crates, the empty crate's count taken off. Run it with
//!
//! ```text
//! cargo test --release -p fraglayout-benches --test perf -- compile_conversions:: --ignored --nocapture
//! ```

#![cfg(all(target_os = "linux", target_pointer_width = "64"))]

use super::compile_instructions::table_against_twin;
use super::compile_time::make_crate;
use std::path::PathBuf;

/// The most the generated crate's count may be, over the twin's, in any mode: a tripwire above
/// the measured ratios (docs/PERFORMANCE.md, "Conversions"; 1.9 at most). The plans evaluated
/// by the compiler, as every conversion was before the macro knew the library's layouts,
/// measured 217 in `check`.
const CEILING: f64 = 3.0;

/// The conversions: `(name, from, to, words a lane)`, as `calls_convert.rs` declares them.
const CONVERSIONS: [(&str, &str, &str, usize); 7] = [
    ("acc_vec4", "SM80_16x8x16_F32_C", "VEC4_16x8_ROW", 4),
    ("acc2_vec8", "SM80_16x8x16_F32_C_1x2", "VEC8_16x16_ROW", 8),
    ("f16_acc_vec4", "SM80_16x8x16_F16_C", "VEC4_16x8_ROW", 2),
    ("transpose8x8", "SM75_U32x1_LDSM_N", "SM75_U16x2_LDSM_T", 1),
    (
        "f16_acc_to_b",
        "SM80_16x8x16_F16_C",
        "SM80_16x8x16_F16_B_COL",
        2,
    ),
    ("ldsm_x4_trans", "SM75_U32x4_LDSM_N", "SM75_U16x8_LDSM_T", 4),
    (
        "quad_transpose",
        "SM70_8x8x4_F16_A_ROW",
        "SM70_8x8x4_F16_A_COL",
        2,
    ),
];

/// Each conversion called once with a shuffle the compiler cannot see through, so that each is
/// compiled to machine code: `fn call_NAME(lane, from) -> [u32; N]` over `f(lane, from, shuffle)`
/// for the function `f` that `function` names.
fn calls(function: impl Fn(&str) -> String) -> String {
    CONVERSIONS
        .iter()
        .map(|(name, _, _, n)| {
            format!(
                "pub fn call_{name}(lane: u32, from: &[u32; {n}]) -> [u32; {n}] {{\n    \
                 {}(lane, from, |v, l| core::hint::black_box(v ^ l))\n}}\n",
                function(name)
            )
        })
        .collect()
}

/// The generated crate: the README's spelling, names imported.
fn generated() -> String {
    let mut s = String::from(
        "use fraglayout::catalog::*;\nuse fraglayout::convert::examples::*;\nuse fraglayout::convert_layout;\n\n",
    );
    for (name, from, to, n) in CONVERSIONS {
        s += &format!(
            "#[convert_layout({from} => {to})]\n\
             pub fn {name}(lane: u32, from: &[u32; {n}], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; {n}] {{}}\n\n"
        );
    }
    s + &calls(|name| name.to_string())
}

/// The twin crate: the skilled section of `calls_convert.rs` as it is.
fn twin() -> String {
    let file = include_str!("../src/calls_convert.rs");
    let start = file
        .find("// Skilled, hand-written.")
        .expect("the skilled section");
    let end = file[start..]
        .find("// ----")
        .map(|e| start + e)
        .expect("the section after it");
    file[start..end].to_string() + &calls(|name| format!("{name}_skilled::<true>"))
}

#[test]
#[ignore = "builds three crates under callgrind in three modes (minutes): see the module docs"]
fn the_conversions_compile_within_a_ceiling_of_their_twins() {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("conversions");
    std::fs::create_dir_all(&tmp).unwrap();
    let crates = [
        ("empty", String::new()),
        ("twin", twin()),
        ("generated", generated()),
    ]
    .map(|(name, source)| (make_crate(&tmp, &format!("conv_{name}"), false), source));
    let (table, over) = table_against_twin(&tmp, &crates, CEILING);
    crate::doc_tables::publish("compile-conversions", &table);
    assert!(
        over.is_empty(),
        "the generated conversions take more than {CEILING} times the compiler instructions of their twins: {}",
        over.join(", ")
    );
}
