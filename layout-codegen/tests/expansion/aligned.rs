//! `align = BYTES` (`src/fragment/aligned.rs`): a scalar body through a raw pointer moves each
//! group of adjacent elements as one access of an aligned type, the declaration checked in
//! debug builds; and every declaration that cannot hold is refused with its numbers. That the
//! groups land where the numeral puts them is `tests/tests/pointer.rs` of the workspace.

use crate::{count, expand};
use proc_macro2::TokenStream;

const MMA: &str = "::fraglayout::catalog::SM80_16x8x16_F32_C";
const STORE: &str =
    "unsafe fn store(lane: u32, acc: &[f32; 4], d: *mut f32, ld: usize, alpha: f32) { \
     |row, col, value| unsafe { *d.add(row * ld + col) = alpha * value } }";
const GROUP: &str = ".cast::<::fraglayout::generated::Align8<[f32;2]>>()";

/// The error messages of `#[fragment_layout(args)] item` (none where it expands).
fn errors(args: &str, item: &str) -> Vec<String> {
    let args: TokenStream = args.parse().expect("arguments lex");
    let item: TokenStream = item.parse().expect("item lexes");
    let out = layout_codegen::fragment_layout(args, item).to_string();
    out.split("compile_error !")
        .skip(1)
        .map(|s| s.split('"').nth(1).unwrap_or_default().to_string())
        .collect()
}

#[test]
fn a_scalar_store_moves_each_aligned_pair_as_one_access() {
    let code = expand(&format!("{MMA}, align = 8"), STORE);
    // Two accesses, each a pair: the rows at 0 and 8 from the thread's corner.
    assert_eq!(count(&code, "d.add("), 2, "{code}");
    for (index, values) in [
        ("__fl_b", "[alpha*__fl_f[0],alpha*__fl_f[1]]"),
        ("__fl_b+8*__fl_k", "[alpha*__fl_f[2],alpha*__fl_f[3]]"),
    ] {
        let call = format!("unsafe{{(*d.add({index}){GROUP}).0={values}}};");
        assert_eq!(count(&code, &call), 1, "{call}: {code}");
    }
    // The declaration, checked in debug builds: the thread's first element and the stride.
    assert_eq!(
        count(&code, "debug_assert!(d.wrapping_add(__fl_b)asusize%8==0"),
        1,
        "{code}"
    );
    assert_eq!(count(&code, "debug_assert!((__fl_k)%2==0"), 1, "{code}");
    // Without `align`, four element stores and no check.
    let plain = expand(MMA, STORE);
    assert_eq!(count(&plain, "d.add("), 4, "{plain}");
    assert_eq!(count(&plain, "debug_assert"), 0, "{plain}");
}

#[test]
fn write_read_and_a_gather_s_deref_take_the_group_s_type() {
    let write = expand(
        &format!("{MMA}, align = 8"),
        "unsafe fn store(lane: u32, acc: &[f32; 4], d: *mut f32) { \
         |row, col, value| unsafe { d.add(row * 16 + col).write(value) } }",
    );
    let call = format!(
        "d.add(__fl_b+8*16){GROUP}.write(::fraglayout::generated::Align8([__fl_f[2],__fl_f[3]]))"
    );
    assert_eq!(count(&write, &call), 1, "{write}");
    // A literal stride is checked by the macro, not in the code.
    assert_eq!(count(&write, "debug_assert!"), 1, "{write}");
    for (body, access) in [
        (
            "*d.add(row * ld + col)",
            format!("(*d.add(__fl_b+8*__fl_k){GROUP}).0"),
        ),
        (
            "d.add(row * ld + col).read()",
            format!("d.add(__fl_b+8*__fl_k){GROUP}.read().0"),
        ),
    ] {
        let code = expand(
            &format!("{MMA}, gather, align = 8"),
            &format!("unsafe fn load(lane: u32, d: *const f32, ld: usize) -> [f32; 4] {{ |row, col| unsafe {{ {body} }} }}"),
        );
        assert_eq!(count(&code, &access), 1, "{code}");
        assert_eq!(count(&code, "d.add("), 2, "{code}");
        // The pairs laid end to end into the array the gather returns.
        assert_eq!(count(&code, "let__fl_v:[[f32;2];2]="), 1, "{code}");
    }
}

#[test]
fn a_wgmma_accumulator_s_128_elements_take_64_pairs() {
    let code = expand(
        "::fraglayout::catalog::SM90_64x256x16_F32_C, align = 8",
        "unsafe fn store(t: u32, acc: &[f32; 128], d: *mut f32, ld: usize) { \
         |row, col, value| unsafe { *d.add(row * ld + col) = value } }",
    );
    assert_eq!(count(&code, GROUP), 64, "{code}");
}

#[test]
fn a_declaration_that_cannot_hold_is_refused_with_its_numbers() {
    let cases = [
        // Wider than the layout's groups of adjacent, aligned elements.
        (format!("{MMA}, align = 16"), STORE.to_string(), "`align = 16` groups 4 `f32` an access, and numeral `SM80_16x8x16_F32_C` keeps a thread's elements adjacent and aligned in groups of 2 at most: use `align = 8`"),
        // No pair at all in the B operand's elements.
        ("::fraglayout::catalog::SM80_16x8x16_F16_B_COL, gather, align = 4".to_string(),
         "unsafe fn load(lane: u32, d: *const u16, ld: usize) -> [u16; 4] { |row, col| unsafe { *d.add(row * ld + col) } }".to_string(),
         "`align = 4` groups 2 `u16` an access, and numeral `SM80_16x8x16_F16_B_COL` keeps a thread's elements adjacent and aligned in groups of 1 at most: remove `align`"),
        // One element an access.
        (format!("{MMA}, align = 4"), STORE.to_string(), "`align = 4` holds 1 `f32` of 4 bytes: an access of adjacent elements needs `align = 8` or more"),
        // A literal stride that breaks the rows' alignment.
        (format!("{MMA}, align = 8"), STORE.replace("row * ld", "row * 9"), "`align = 8` needs every row start 8-byte aligned, and the row stride of 9 `f32` is 36 bytes, not a multiple of 8"),
        // A bare `row` is a stride of 1.
        (format!("{MMA}, align = 8"), STORE.replace("row * ld", "row"), "`align = 8` needs every row start 8-byte aligned, and the row stride of 1 `f32` is 4 bytes, not a multiple of 8"),
        // A type whose size the macro does not know.
        (format!("{MMA}, align = 8"), STORE.replace("*mut f32", "*mut T"), "`align` needs the size of the pointer's element type `T`: a primitive of fixed size (`f32`, `u16`, `f64`, ...)"),
        // A slice body: the straight strategy, no raw pointer.
        (format!("{MMA}, align = 8"), "fn store(lane: u32, acc: &[f32; 4], d: &mut [f32], ld: usize) { |row, col, value| d[row * ld + col] = value }".to_string(),
         "`align` groups the elements of a body that moves one element through a raw pointer parameter: `*d.add(INDEX) = VALUE`, `d.add(INDEX).write(VALUE)`, `*d.add(INDEX)` or `d.add(INDEX).read()`, with a catalog layout the macro knows by name"),
        // A compound store reads each element.
        (format!("{MMA}, align = 8"), STORE.replace("= alpha", "+= alpha"), "`align` groups the elements of a body that moves one element through a raw pointer parameter: `*d.add(INDEX) = VALUE`, `d.add(INDEX).write(VALUE)`, `*d.add(INDEX)` or `d.add(INDEX).read()`, with a catalog layout the macro knows by name"),
        // A swizzle the macro cannot prove keeps the offsets: the tables strategy, no groups.
        (format!("{MMA}, align = 8"), STORE.replace("row * ld + col", "row * 64 + (col ^ (row & 1))"), "`align = 8` groups the accesses of the pointer strategy, and this body takes the tables strategy: the index's swizzle moves some element off its constant offset from the thread's first"),
        // A value reading the coordinates.
        (format!("{MMA}, align = 8"), STORE.replace("alpha * value", "row as f32"), "`align` takes the value untyped (`|row, col, value|`), stored without reading `row` or `col`"),
        // Not a power of two.
        (format!("{MMA}, align = 12"), STORE.to_string(), "`align = 12` is not a power of two from 1 to 256 bytes: use `align = 8`"),
        (format!("{MMA}, align = 8, vector = 2"), STORE.to_string(), "`align = 8` groups adjacent elements into one access, and a `vector = N` body makes its own accesses: remove `align`, and cast the body's pointer to an aligned type"),
    ];
    for (args, item, want) in cases {
        assert_eq!(errors(&args, &item), [want], "{args}: {item}");
    }
    // The power-of-two fix works as printed.
    assert!(errors(&format!("{MMA}, align = 8"), STORE).is_empty());
}

#[test]
fn a_shared_tile_s_scalar_body_moves_each_pair_as_one_access() {
    let item = "unsafe fn stage(t: u32, acc: &[f32; 128], smem: *mut f32) { \
                |offset, value| unsafe { *smem.add(offset) = 2.0 * value } }";
    let code = expand("SM90_64x256x16_F32_C, shared = C_TILE, align = 8", item);
    // 64 accesses of a pair, each at the group's first offset, the values read in place.
    assert_eq!(count(&code, "smem.add(offset)"), 64, "{code}");
    assert_eq!(count(&code, GROUP), 64, "{code}");
    assert_eq!(count(&code, "=[2.0*acc[126],2.0*acc[127]]"), 1, "{code}");
    // The groups checked adjacent in the tile at compile time, the pointer in debug builds.
    assert_eq!(
        count(
            &code,
            "shared_vector_error_with(&__FL_NUMERAL,&__FL_SHARED,2,"
        ),
        1,
        "{code}"
    );
    assert_eq!(count(&code, "debug_assert!(smemasusize%8==0"), 1, "{code}");
    // An index other than the offset itself, or a value reading it, is refused.
    for (body, want) in [
        ("*smem.add(offset + 1) = value", "`align` with `shared` groups the elements of a body that moves one element through a raw pointer parameter at the offset: `*smem.add(offset) = value`, `smem.add(offset).write(value)`, `*smem.add(offset)` or `smem.add(offset).read()`"),
        ("*smem.add(offset) = offset as f32", "`align` takes the value untyped (`|offset, value|`), stored without reading `offset`"),
    ] {
        let item = item.replace("*smem.add(offset) = 2.0 * value", body);
        assert_eq!(errors("SM90_64x256x16_F32_C, shared = C_TILE, align = 8", &item), [want]);
    }
}
