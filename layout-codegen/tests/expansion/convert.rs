//! What `#[convert_layout]` writes: for two catalog layouts, the one form the macro decides
//! (as the constants would), with no branch not taken and no plan left to evaluate; for a layout it does not know, every
//! form, its constants choosing.

use super::count;
use proc_macro2::TokenStream;

/// The expansion of `#[convert_layout(FROM => TO)]` on `[ty; len]` fragments, without
/// whitespace.
fn expand(from: &str, to: &str, ty: &str, len: usize) -> String {
    let args: TokenStream = format!("{from} => {to}").parse().expect("arguments lex");
    let item: TokenStream = format!(
        "fn convert(lane: u32, from: &[{ty}; {len}], shuffle: impl FnMut({ty}, u32) -> {ty}) \
         -> [{ty}; {len}] {{}}"
    )
    .parse()
    .expect("item lexes");
    let out = layout_codegen::convert_layout(args, item).to_string();
    assert!(!out.contains("compile_error"), "{out}");
    out.chars().filter(|c| !c.is_whitespace()).collect()
}

/// What each form of lane arithmetic writes, written out: the part each lane reads (packed
/// reads), the packs (repacking), the values split from their words (split values), the
/// registers kept in (every form of lane arithmetic but the reads).
const MARKERS: [&str; 4] = [
    "let__fl_part:u32=",
    "letmut__fl_packs=",
    "letmut__fl_parts=",
    "letmut__fl_y=",
];

#[test]
fn catalog_layouts_get_the_decided_form_alone() {
    // (from, to, type, length, what its form writes)
    let cases: [(&str, &str, &str, usize, &[&str]); 7] = [
        (
            "SM75_16x8x8_F16_B_COL",
            "SM80_16x8x8_TF32_B_COL",
            "u32",
            1,
            &["let__fl_part:u32="],
        ),
        (
            "SM70_8x8x4_F16_A_ROW",
            "SM100_TMEM_32dp32b2x_16b",
            "u32",
            2,
            &["letmut__fl_packs=", "letmut__fl_y="],
        ),
        (
            "SM70_8x8x4_F16_B_ROW",
            "SM80_16x8x16_F32_C",
            "u32",
            2,
            &["letmut__fl_y="],
        ),
        (
            "SM70_8x8x4_F16_A_COL",
            "SM100_TMEM_32dp32b2x_16b",
            "u32",
            2,
            &["letmut__fl_parts=", "letmut__fl_y="],
        ),
        (
            "SM70_8x8x4_F16_B_COL",
            "SM100_TMEM_16dp64b2x_16b",
            "u32",
            2,
            &[],
        ),
        (
            "SM70_8x8x4_F16_A_ROW",
            "SM100_TMEM_32dp32b2x_16b",
            "f32",
            4,
            &["letmut__fl_y="],
        ),
        (
            "SM70_8x8x4_F16_B_COL",
            "SM100_TMEM_16dp64b2x_16b",
            "f32",
            4,
            &[],
        ),
    ];
    for (from, to, ty, len, written) in cases {
        let code = expand(from, to, ty, len);
        let why = format!("{from} => {to} on [{ty}; {len}]: {code}");
        for m in MARKERS {
            assert_eq!(
                count(&code, m),
                usize::from(written.contains(&m)),
                "{m}: {why}"
            );
        }
        // Lane arithmetic written out: no constant for the compiler to evaluate.
        if !written.is_empty() {
            assert_eq!(count(&code, "const"), 0, "{why}");
        }
        // No branch on the packing: the macro knows whether the words hold 2 values.
        assert!(!code.contains("if__FL_K>1{const"), "{why}");
        // No plan for the compiler to evaluate: every form's numbers are literals.
        for plan in [
            "__FL_PLAN",
            "__FL_PP",
            "Plan::new",
            "__FL_FROM",
            "lane_table(",
        ] {
            assert_eq!(count(&code, plan), 0, "{plan}: {why}");
        }
        // Both paths checked to be the catalog's, by type.
        assert_eq!(
            count(&code, "PhantomData::<::fraglayout::catalog::"),
            2,
            "{why}"
        );
    }
    // The catalog's constants themselves need no check.
    let absolute = expand(
        "::fraglayout::catalog::SM70_8x8x4_F16_A_ROW",
        "::fraglayout::catalog::SM70_8x8x4_F16_A_COL",
        "u32",
        2,
    );
    assert!(!absolute.contains("PhantomData"), "{absolute}");
}

#[test]
fn rounds_past_the_plan_are_not_written() {
    // 32 values a lane, one a word: the plan's rounds and no more (each round one shuffle
    // call); the constants' path writes a block for each of the 32 registers.
    let known = expand("SM100_TMEM_16dp64b32x", "SM100_TMEM_16dp256b8x", "f32", 32);
    let plan = layout_core::convert::Plan::new(
        &layout_core::catalog::SM100_TMEM_16dp64b32x,
        &layout_core::catalog::SM100_TMEM_16dp256b8x,
    )
    .expect("convertible");
    let rounds = plan.rounds() as usize;
    assert!(rounds < 32, "{rounds}");
    assert_eq!(count(&known, "__fl_shuffle("), rounds, "{known}");
    let mine = expand("MY_FROM", "MY_TO", "f32", 32);
    assert_eq!(count(&mine, "__fl_shuffle("), 2 * 32, "{mine}");
}

#[test]
fn other_layouts_get_every_form() {
    let code = expand("MY_FROM", "MY_TO", "u32", 2);
    // The constants that choose among the packed forms, and the one-value plan's.
    for s in [
        "const__FL_WORDS",
        "const__FL_READS",
        "const__FL_PACKS",
        "const__FL_ELEMS",
        "const__FL_ARITH",
    ] {
        assert_eq!(count(&code, s), 1, "{s}: {code}");
    }
    assert!(code.contains("if__FL_K>1{const"), "{code}");
    assert!(!code.contains("PhantomData"), "{code}");
}

#[test]
fn a_path_a_macro_passes_on_is_known_too() {
    // `macro_rules! m { ($from:path) => { #[convert_layout($from => TO)] ... } }` hands the
    // attribute each path in an invisible group.
    use proc_macro2::{Delimiter, Group, TokenTree};
    let group = |path: &str| {
        let inner: TokenStream = path.parse().expect("path lexes");
        TokenTree::Group(Group::new(Delimiter::None, inner))
    };
    let mut args = TokenStream::new();
    args.extend([group("SM75_U32x1_LDSM_N")]);
    args.extend("=>".parse::<TokenStream>().expect("arrow lexes"));
    args.extend([group("::fraglayout::catalog::SM75_U16x2_LDSM_T")]);
    let item: TokenStream = "fn convert(lane: u32, from: &[u32; 1], \
        shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 1] {}"
        .parse()
        .expect("item lexes");
    let out = layout_codegen::convert_layout(args, item).to_string();
    let code: String = out.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(count(&code, "let__fl_part:u32="), 1, "{code}");
    assert_eq!(count(&code, "const"), 0, "{code}");
    // The first path checked by type, the second the catalog's constant itself.
    assert_eq!(
        count(&code, "PhantomData::<::fraglayout::catalog::"),
        1,
        "{code}"
    );
}
