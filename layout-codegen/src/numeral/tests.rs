//! The pipeline's answers for the cases each step exists for: one numeral resolved and shared,
//! the element count named first, the words of layout-core, and the source vocabulary.

use super::{check_numeral, numeral, NumeralCheck};
use layout_core::{Digit, Source};
use proc_macro2::TokenStream;

fn check(text: &str) -> NumeralCheck {
    let tokens: TokenStream = text.parse().expect("tokens");
    check_numeral(tokens)
}

fn messages(text: &str) -> Vec<String> {
    check(text)
        .problems
        .into_iter()
        .map(|p| p.message)
        .collect()
}

const ACC_ROWS: &str = "e % 2 => 1, lane % 4 => 2, lane / 4 => 8, e / 2 => 64";

#[test]
fn a_wrong_element_count_is_named_first_and_alone() {
    // The example: 8 elements make `e / 2` range 4 and the digits span 256, but the
    // count is the mistake.
    let c = check(&format!("ACC: 16 x 8, elements 8 {{ {ACC_ROWS} }}"));
    assert_eq!(
        c.problems.iter().map(|p| &p.message).collect::<Vec<_>>(),
        ["32 threads x 8 elements = 256, but the 16 x 8 tile has 128 elements: use `elements 4`"]
    );
    // The numeral is what was written, `e / 2` with the range that 8 elements give it.
    let n = c.numeral.expect("every row resolved");
    assert_eq!(n.elements, 8);
    assert_eq!(n.digits[3], Digit::element(2, 4, 64));
    // Too few: `e / 2` would always be 0 and `e / 3` would not divide 2, both consequences of
    // the count, not reported; the numeral holds stand-ins and is not returned.
    let c = check("ACC: 16 x 8, elements 2 { e % 2 => 1, lane => 2, e / 2 => 64, e / 3 => 128 }");
    assert_eq!(
        c.problems.iter().map(|p| &p.message).collect::<Vec<_>>(),
        ["32 threads x 2 elements = 64, but the 16 x 8 tile has 128 elements: use `elements 4`"]
    );
    assert!(c.numeral.is_none());
    // With the count right, the same rows get their own words.
    assert_eq!(
        messages("ACC: 16 x 8 { e % 2 => 1, lane => 2, e / 4 => 64 }"),
        [
            "`e / 4` is always 0: `elements 4` keeps e below 4; use a divisor below 4, or raise \
          `elements`"
        ]
    );
}

#[test]
fn a_left_out_count_that_the_tile_does_not_give_is_reported_once() {
    assert_eq!(
        messages("T: 4 x 4 { lane => 1 }"),
        [
            "the 4 x 4 tile has 16 elements, fewer than the 32 threads: every thread holds at \
          least one element"
        ]
    );
    assert_eq!(
        messages("T: 10 x 10 { lane => 1 }"),
        ["the 10 x 10 tile has 100 elements, not a multiple of 32 threads: state `elements N`"]
    );
    // Zero counts are layout-core's words, on the number.
    assert_eq!(
        messages("T: 16 x 8, warps 0 { lane => 1 }"),
        ["0 warps: a fragment needs at least 1 warp"]
    );
    assert_eq!(
        messages("T: 16 x 8, elements 0 { lane => 1 }"),
        ["0 elements: a fragment needs at least 1 element"]
    );
}

#[test]
fn with_a_row_missing_single_digits_are_judged_and_chains_are_not() {
    // `lane / 3` cannot be resolved; `lane % 1` is wrong on its own and is reported with it;
    // the gap that the missing row leaves in the lane chain is not.
    assert_eq!(
        messages("T: 16 x 8 { e % 2 => 1, lane % 1 => 2, lane / 3 => 8, e / 2 => 64 }"),
        [
            "lane / 3 does not divide the 32 lanes evenly: state the range, `lane / 3 % R`",
            "digit `lane % 1` has range 1 and selects nothing: give it range 2 or more, or remove it",
        ]
    );
    // Without a single-digit problem, nothing beyond the row.
    assert_eq!(
        messages("T: 16 x 8 { e % 2 => 1, lane % 4 => 2, lane / 3 => 8, e / 2 => 64 }").len(),
        1
    );
}

#[test]
fn the_numeral_checked_is_the_numeral_expanded() {
    let text = format!("ACC: 16 x 8 {{ {ACC_ROWS} }}");
    let n = check(&text).numeral.expect("valid");
    let expanded = numeral(text.parse().unwrap()).to_string();
    // Each digit appears in the expansion by its source's constructor, with its numbers.
    for d in &n.digits {
        let ctor = format!(
            ":: fraglayout :: Digit :: {} ({}u32 , {}u32 , {}u32)",
            d.source.constructor(),
            d.divisor,
            d.range,
            d.place
        );
        assert!(expanded.contains(&ctor), "{ctor} in {expanded}");
    }
    assert!(
        expanded.contains("\"ACC\" , 16u32 , 8u32 , 4u32"),
        "{expanded}"
    );
    assert!(expanded.contains("with_warps (1u32)"), "{expanded}");
    assert!(expanded.contains("assert_bijection"));
}

#[test]
fn the_words_for_sources_come_from_layout_core() {
    // Every source name is read back as its source, and an unknown word lists them all.
    for s in Source::ALL {
        let text = format!("T: 32 x 4, warps 2 {{ {} => 1, lane => 2 }}", s.name());
        let c = check(&text);
        let n = c.numeral.expect("parsed");
        assert_eq!(n.digits[0].source, s, "{text}");
    }
    assert_eq!(
        messages("T: 16 x 8 { element => 1 }"),
        ["unknown source `element`: a digit reads `lane`, `warp` or `e` (the element index)"]
    );
    // The settings are the sources' nouns.
    assert_eq!(
        messages("T: 16 x 8, lanes 32 { lane => 1 }"),
        ["unknown setting `lanes`: use `elements N` or `warps N`"]
    );
}

#[test]
fn a_numeral_under_a_library_name_is_that_layout() {
    // The catalog's digits in another order, and one of them split in two: the same map.
    for rows in [
        "lane / 4 => 8, e / 2 => 64, e % 2 => 1, lane % 4 => 2",
        "e % 2 => 1, lane % 2 => 2, lane / 2 % 2 => 4, lane / 4 => 8, e / 2 => 64",
    ] {
        let c = check(&format!("SM80_16x8x16_F32_C: 16 x 8 {{ {rows} }}"));
        assert!(c.is_valid(), "{rows}: {:?}", c.problems);
    }
    // Another map of the catalog's tile: the first (thread, e) on another cell, on the name.
    let c = check(
        "SM80_16x8x16_F32_C: 16 x 8 { lane % 4 => 1, e % 2 => 4, lane / 4 => 8, e / 2 => 64 }",
    );
    let [p] = &c.problems[..] else {
        panic!("{:?}", c.problems)
    };
    assert_eq!(
        p.message,
        "`SM80_16x8x16_F32_C` is the name of `fraglayout::catalog::SM80_16x8x16_F32_C`, and \
         this numeral is another layout (lane 0, element 1 at (0, 4), not (0, 1)): the layout \
         macros read the name as the library's; give this numeral a name of its own, e.g. \
         `SM80_16x8x16_F32_C_OWN`"
    );
    assert_eq!(p.span.start().column, 0);
    assert!(c.numeral.is_some());
    // Another tile, another element count, and a conversion example's name.
    let m = messages(
        "SM80_16x8x16_F32_C: 32 x 4 { e % 2 => 1, lane % 2 => 2, lane / 2 => 4, e / 2 => 64 }",
    );
    assert!(m[0].contains("(a 32 x 4 tile, not 16 x 8)"), "{m:?}");
    let m = messages("SM80_16x8x16_F32_C: 16 x 8, warps 4, elements 1 { lane => 1, warp => 32 }");
    assert!(m[0].contains("(4 warps, not 1)"), "{m:?}");
    let m = messages(
        "SM80_16x8x16_F32_C: 16 x 8, elements 8 { e => 1, lane % 16 => 8, lane / 16 => broadcast }",
    );
    assert!(m[0].contains("(8 elements per thread, not 4)"), "{m:?}");
    assert!(check("VEC4_16x8_ROW: 16 x 8 { e => 1, lane => 4 }").is_valid());
    let m = messages("VEC4_16x8_ROW: 16 x 8 { lane => 1, e => 32 }");
    assert!(
        m[0].contains("`fraglayout::convert::examples::VEC4_16x8_ROW`"),
        "{m:?}"
    );
    // A numeral with problems of its own gets only those.
    let m = messages(
        "SM80_16x8x16_F32_C: 16 x 8 { e % 2 => 1, lane % 4 => 2, lane / 4 => 16, e / 2 => 64 }",
    );
    assert_eq!(
        m,
        ["no digit has place 8: move `lane / 4` from place 16 to place 8"]
    );
}
