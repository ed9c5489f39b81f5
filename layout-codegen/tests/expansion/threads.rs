//! Where the thread index's count is checked: a `Thread<N>` naming fewer threads than the
//! layout has (`#[fragment_layout]`), or fewer than a warp's lanes (`#[convert_layout]`), fails
//! in a constant item on the type; where the type names a generic parameter (the function's,
//! or one of its `impl` that the macro cannot see) the check is an inline `const` block in the
//! body instead, which a nested item could not name.

use crate::expand;
use proc_macro2::TokenStream;

/// `#[fragment_layout]` on a scatter of the `m16n8k16` accumulator, the thread of type `ty`, the
/// function with `generics` (`<const N: u32>`) and `receiver` (`&self, `).
fn store(ty: &str, generics: &str, receiver: &str) -> String {
    expand(
        "SM80_16x8x16_F32_C",
        &format!(
            "fn store{generics}({receiver}t: {ty}, acc: &[f32; 4], d: &mut [f32]) \
             {{ |row, col, value| d[row * 8 + col] = value }}"
        ),
    )
}

/// `#[convert_layout]` between two catalog layouts (`known`) or from a constant of one's own,
/// the lane of type `ty`, without whitespace.
fn convert(ty: &str, generics: &str, known: bool) -> String {
    let from = if known { "SM75_U32x1_LDSM_N" } else { "MINE" };
    let args: TokenStream = format!("{from} => SM75_U16x2_LDSM_T").parse().unwrap();
    let item: TokenStream = format!(
        "fn tr{generics}(lane: {ty}, from: [u16; 2], shuffle: impl FnMut(u16, u32) -> u16) \
         -> [u16; 2] {{}}"
    )
    .parse()
    .unwrap();
    let out = layout_codegen::convert_layout(args, item).to_string();
    assert!(!out.contains("compile_error"), "{out}");
    out.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The check of `call` (`thread_count_error(` or `lane_count_error(`) on `ty` (no whitespace):
/// `Some(true)` in an inline `const` block, `Some(false)` in a constant item, `None` if absent.
fn check_in_block(code: &str, call: &str, ty: &str) -> Option<bool> {
    let count = format!("<{ty}as::fraglayout::generated::ThreadIndex>::COUNT");
    let at = code.find(&format!("::fraglayout::generated::{call}"))?;
    assert!(code[at..].contains(&count), "{code}");
    let head = &code[..at];
    let item = head.rfind("const_:()=");
    let block = head.rfind("const{");
    Some(block > item)
}

#[test]
fn a_literal_count_is_checked_in_a_constant_item() {
    let call = "thread_count_error(";
    assert_eq!(
        check_in_block(&store("Thread<16>", "", ""), call, "Thread<16>"),
        Some(false)
    );
    assert_eq!(
        check_in_block(&store("Lane", "", ""), call, "Lane"),
        Some(false)
    );
    // An integer names no count: nothing to check.
    assert_eq!(check_in_block(&store("u32", "", ""), call, "u32"), None);
}

#[test]
fn a_generic_count_is_checked_in_the_body() {
    let call = "thread_count_error(";
    // The function's own const parameter, and one of its `impl`'s (not in its signature).
    let generic = store("Thread<N>", "<const N: u32>", "");
    assert_eq!(check_in_block(&generic, call, "Thread<N>"), Some(true));
    let of_impl = store("Thread<N>", "", "&self, ");
    assert_eq!(check_in_block(&of_impl, call, "Thread<N>"), Some(true));
    // A type parameter as the thread type, and `Self`'s.
    let ty = store("L", "<L: ::fraglayout::generated::ThreadIndex>", "");
    assert_eq!(check_in_block(&ty, call, "L"), Some(true));
    let own = store("Self::Index", "", "&self, ");
    assert_eq!(check_in_block(&own, call, "Self::Index"), Some(true));
}

#[test]
fn a_conversion_checks_its_lane_type_as_a_fragment_does() {
    let call = "lane_count_error(";
    for known in [true, false] {
        let code = convert("Thread<16>", "", known);
        assert_eq!(
            check_in_block(&code, call, "Thread<16>"),
            Some(false),
            "{code}"
        );
        assert!(code.contains("lane_count_error(\"Thread<16>\""), "{code}");
        let code = convert("Thread<N>", "<const N: u32>", known);
        assert_eq!(
            check_in_block(&code, call, "Thread<N>"),
            Some(true),
            "{code}"
        );
        assert_eq!(
            check_in_block(&convert("u32", "", known), call, "u32"),
            None
        );
    }
}
