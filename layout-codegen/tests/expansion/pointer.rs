//! The raw-pointer expansion (`src/fragment/pointer.rs`): for a catalog layout and a body
//! `*(BASE.add(INDEX) as *mut [T; N]) = values` (or a plain element, or a gather) with INDEX
//! affine in `row`, the thread's base index once and every call's INDEX replaced by the base
//! plus its literal offset; any other body keeps the element-by-element expansion. That every
//! element lands where the numeral says is `tests/tests/pointer.rs` of the workspace.

use crate::{count, expand};

/// The pieces of the element-by-element path and its tables.
const TABLES: [&str; 3] = ["ThreadPart", "__FL_AT", "__FL_TERMS"];

const MMA: &str = "::fraglayout::catalog::SM80_16x8x16_F32_C, vector = 2";

#[test]
fn a_vector_store_through_a_pointer_takes_the_base_once_and_literal_offsets() {
    let code = expand(
        MMA,
        "unsafe fn store(lane: u32, acc: &[f32; 4], d: *mut f32, ld: usize) { \
         |row, col, values| unsafe { *(d.add(row * ld + col) as *mut [f32; 2]) = values } }",
    );
    for t in TABLES {
        assert!(!code.contains(t), "{t}: {code}");
    }
    // The base: the thread's corner put into the user's INDEX, once; the stride once.
    assert!(!code.contains("row*ld+col"), "{code}");
    assert_eq!(
        count(
            &code,
            "let__fl_b=((__fl_thread/4)asusize)*ld+((__fl_thread%4)asusize*2);"
        ),
        1,
        "{code}"
    );
    assert_eq!(count(&code, "let__fl_k:usize=ld;"), 1, "{code}");
    // Each call: the user's body with INDEX the base plus its offset and the values read in
    // place, from the fragment under the macro's name.
    assert_eq!(count(&code, "let__fl_f=acc;"), 1, "{code}");
    for (values, index) in [
        ("[__fl_f[0],__fl_f[1]]", "__fl_b"),
        ("[__fl_f[2],__fl_f[3]]", "__fl_b+8*__fl_k"),
    ] {
        let call = format!("unsafe{{*(d.add({index})as*mut[f32;2])={values}}};");
        assert_eq!(count(&code, &call), 1, "{call}: {code}");
    }
    assert_eq!(count(&code, "d.add("), 2, "{code}");
}

#[test]
fn a_wgmma_accumulator_s_calls_are_literal_offsets_from_one_base() {
    let code = expand(
        "::fraglayout::catalog::SM90_64x16x16_F32_C, vector = 2",
        "unsafe fn store(t: u32, acc: &[f32; 8], d: *mut f32) { \
         |row, col, values| unsafe { *(d.add(row * LD + col) as *mut [f32; 2]) = values } }",
    );
    assert_eq!(
        count(
            &code,
            "let__fl_b=((__fl_thread/4%8)asusize+(__fl_thread/32)asusize*16)*LD+((__fl_thread%4)asusize*2);"
        ),
        1,
        "{code}"
    );
    // A constant's stride written into each offset as it is.
    assert!(!code.contains("__fl_k"), "{code}");
    for index in [
        "d.add(__fl_b)",
        "d.add(__fl_b+8*LD)",
        "d.add(__fl_b+8)",
        "d.add(__fl_b+8*LD+8)",
    ] {
        assert_eq!(count(&code, index), 1, "{index}: {code}");
    }
    assert_eq!(count(&code, "d.add("), 4, "{code}");
    // The stride on the left of `row`: the offsets written so too.
    let code = expand(
        "::fraglayout::catalog::SM90_64x16x16_F32_C, vector = 2",
        "unsafe fn store(t: u32, acc: &[f32; 8], d: *mut f32) { \
         |row, col, values| unsafe { *(d.add(LD * row + col) as *mut [f32; 2]) = values } }",
    );
    assert_eq!(count(&code, "d.add(__fl_b+LD*8+8)"), 1, "{code}");
}

#[test]
fn a_plain_element_and_a_gather_take_it_too() {
    let scatter = expand(
        "::fraglayout::catalog::SM80_16x8x16_F32_C",
        "unsafe fn store(lane: u32, acc: &[f32; 4], d: *mut f32) { \
         |row, col, v| unsafe { *d.add(row * 16 + col) = v } }",
    );
    assert!(scatter.contains("*d.add(__fl_b+1)=__fl_f[1]"), "{scatter}");
    assert!(
        scatter.contains("*d.add(__fl_b+8*16+1)=__fl_f[3]"),
        "{scatter}"
    );
    let gather = expand(
        "::fraglayout::catalog::SM80_16x8x16_F32_C, gather, vector = 2",
        "unsafe fn load(lane: u32, d: *const f32, ld: usize) -> [f32; 4] { \
         |row, col| unsafe { *(d.add(row * ld + col) as *const [f32; 2]) } }",
    );
    assert!(!gather.contains("ThreadPart"), "{gather}");
    assert!(
        gather.contains("unsafe{*(d.add(__fl_b+8*__fl_k)as*const[f32;2])}"),
        "{gather}"
    );
}

#[test]
fn a_stored_value_reading_row_gets_it_per_call() {
    let code = expand(
        "::fraglayout::catalog::SM80_16x8x16_F32_C",
        "unsafe fn store(lane: u32, acc: &[f32; 4], d: *mut f32) { \
         |row, col, v| unsafe { *d.add(row * 8 + col) = row as f32 } }",
    );
    assert!(!code.contains("ThreadPart"), "{code}");
    // The thread part named once, the corner from it, each call's coordinates from it.
    assert!(
        code.contains("let(__fl_row,__fl_col)=((__fl_thread/4)asusize,(__fl_thread%4)asusize*2);"),
        "{code}"
    );
    assert!(code.contains("let__fl_b=__fl_row*8+__fl_col;"), "{code}");
    assert!(
        code.contains(
            "let(row,col)=(__fl_row+8,__fl_col+1);unsafe{*d.add(__fl_b+8*8+1)=rowasf32};"
        ),
        "{code}"
    );
    // The integration test's body, the terms the other way round.
    let code = expand(
        "::fraglayout::catalog::SM90_64x16x16_F32_C",
        "unsafe fn store(t: u32, acc: &[u32; 8], d: *mut u32, ld: usize) { \
         |row, col, _v| unsafe { *d.add(col + row * ld) = col as u32 } }",
    );
    assert!(!code.contains("ThreadPart"), "{code}");
    assert_eq!(
        count(&code, "*d.add(__fl_b+8*__fl_k+9)=colasu32"),
        1,
        "{code}"
    );
}

/// Bodies the pattern does not cover keep the element-by-element expansion, their INDEX
/// evaluated per call as written.
#[test]
fn other_bodies_keep_the_element_path() {
    let fun = |sig: &str, body: &str| {
        format!("unsafe fn store(lane: u32, acc: &[f32; 4], {sig}) {{ |row, col, values| {body} }}")
    };
    for (sig, body) in [
        // The stride a field, a call, a product.
        (
            "d: *mut f32, s: &S",
            "unsafe { *(d.add(row * s.ld + col) as *mut [f32; 2]) = values }",
        ),
        (
            "d: *mut f32",
            "unsafe { *(d.add(row * ld() + col) as *mut [f32; 2]) = values }",
        ),
        (
            "d: *mut f32, a: usize, b: usize",
            "unsafe { *(d.add(row * (a * b) + col) as *mut [f32; 2]) = values }",
        ),
        // Not affine in `row`, `col` not a unit term.
        (
            "d: *mut f32, ld: usize",
            "unsafe { *(d.add(row * row * ld + col) as *mut [f32; 2]) = values }",
        ),
        (
            "d: *mut f32, ld: usize",
            "unsafe { *(d.add(col * ld + row) as *mut [f32; 2]) = values }",
        ),
        // The base not a raw pointer parameter.
        (
            "d: &mut Vec<f32>, ld: usize",
            "unsafe { *(d.add(row * ld + col) as *mut [f32; 2]) = values }",
        ),
        (
            "d: *mut f32, ld: usize",
            "unsafe { *(d.offset(1).add(row * ld + col) as *mut [f32; 2]) = values }",
        ),
        // More than the one store: a statement, a call, a stored value that is not inert.
        (
            "d: *mut f32, ld: usize",
            "unsafe { let x = 1; *(d.add(row * ld + col) as *mut [f32; 2]) = values }",
        ),
        (
            "d: *mut f32, ld: usize",
            "unsafe { *(d.add(row * ld + col) as *mut [f32; 2]) = f(values) }",
        ),
        (
            "d: *mut f32, ld: usize",
            "unsafe { d.add(row * ld + col).write(values[0]) }",
        ),
    ] {
        let code = expand(
            "::fraglayout::catalog::SM80_16x8x16_F32_C, vector = 2",
            &fun(sig, body),
        );
        assert!(
            code.contains("ThreadPart") && code.contains("__FL_AT"),
            "{body}: {code}"
        );
        assert!(!code.contains("__fl_b"), "{body}: {code}");
    }
}

#[test]
fn get_unchecked_on_a_slice_takes_the_base_once_and_literal_offsets_too() {
    let code = expand(
        "::fraglayout::catalog::SM80_16x8x16_F32_C",
        "unsafe fn store(lane: u32, acc: &[f32; 4], d: &mut [f32], ld: usize) { \
         |row, col, value| unsafe { *d.get_unchecked_mut(row * ld + col) = value } }",
    );
    for t in TABLES {
        assert!(!code.contains(t), "{t}: {code}");
    }
    assert_eq!(
        count(
            &code,
            "let__fl_b=((__fl_thread/4)asusize)*ld+((__fl_thread%4)asusize*2);"
        ),
        1,
        "{code}"
    );
    assert!(
        code.contains("*d.get_unchecked_mut(__fl_b+8*__fl_k+1)=__fl_f[3]"),
        "{code}"
    );
    let gather = expand(
        "::fraglayout::catalog::SM80_16x8x16_F32_C, gather",
        "unsafe fn load(lane: u32, a: &[f32], ld: usize) -> [f32; 4] { \
         |row, col| unsafe { *a.get_unchecked(row * ld + col) } }",
    );
    assert!(gather.contains("*a.get_unchecked(__fl_b+1)"), "{gather}");
    // On a type of the user's, `get_unchecked_mut` is the user's method: element by element.
    let own = expand(
        "::fraglayout::catalog::SM80_16x8x16_F32_C",
        "unsafe fn store(lane: u32, acc: &[f32; 4], d: &mut Tile, ld: usize) { \
         |row, col, value| unsafe { *d.get_unchecked_mut(row * ld + col) = value } }",
    );
    assert!(!own.contains("__fl_b"), "{own}");
}

/// The value is read in place only where the closure's binding would add nothing: a typed
/// value, and a body that ignores its value, keep `let VALUE = ..;` (the type checked, the
/// unused name warned of, as in the closure).
#[test]
fn a_typed_or_unread_value_keeps_its_binding() {
    let typed = expand(
        MMA,
        "unsafe fn store(lane: u32, acc: &[f32; 4], d: *mut f32, ld: usize) { \
         |row, col, values: [f32; 2]| unsafe { *(d.add(row * ld + col) as *mut [f32; 2]) = values } }",
    );
    assert!(
        typed.contains("letvalues:[f32;2]=[acc[2],acc[3]];"),
        "{typed}"
    );
    assert!(!typed.contains("__fl_f"), "{typed}");
    let unread = expand(
        "::fraglayout::catalog::SM80_16x8x16_F32_C",
        "unsafe fn store(lane: u32, acc: &[f32; 4], d: *mut f32) { \
         |row, col, v| unsafe { *d.add(row * 16 + col) = 1.0 } }",
    );
    assert!(unread.contains("letv=acc[3];"), "{unread}");
    assert!(!unread.contains("__fl_f"), "{unread}");
}

/// `bounds` with `align`: for `nvptx64`, the base once before the whole-tile test, wrapping (a
/// thread whose corner is outside computes it too), and again with the body's operators in a
/// debug build where the corner is inside; elsewhere each branch's own. In both, the whole
/// tile's pairs, and a partial tile's pair where its last element is inside too, else its
/// first element alone.
#[test]
fn bounds_with_align_takes_the_base_once_wrapping_and_pairs_in_a_partial_tile() {
    let code = expand(
        "::fraglayout::catalog::SM80_16x8x16_F32_C, bounds(m, n), align = 8",
        "unsafe fn store(lane: u32, acc: &[f32; 4], d: *mut f32, ld: usize, m: usize, n: usize) { \
         |row, col, value| unsafe { *d.add(row * ld + col) = value } }",
    );
    let w = "::fraglayout::generated::Wrapping::";
    let once = format!(
        "let__fl_b={w}add({w}mul(((__fl_thread/4)asusize),ld),({w}mul((__fl_thread%4)asusize,2)));"
    );
    assert_eq!(count(&code, &once), 1, "{code}");
    let test = code
        .find("if__fl_rows>=16&&__fl_cols>=8")
        .expect("the whole-tile test");
    assert!(code.find(&once).unwrap() < test, "{code}");
    let checked =
        "#[cfg(debug_assertions)]let__fl_b=((__fl_thread/4)asusize)*ld+((__fl_thread%4)asusize*2);";
    assert_eq!(count(&code, checked), 2, "{code}");
    let pair = |index: &str, values: &str| {
        format!("unsafe{{(*d.add({index}).cast::<::fraglayout::generated::Align8<[f32;2]>>()).0=[{values}]}};")
    };
    let (first, second) = (
        pair("__fl_b", "__fl_f[0],__fl_f[1]"),
        pair("__fl_b+8*__fl_k", "__fl_f[2],__fl_f[3]"),
    );
    // Each pair twice a target's form: the whole tile's, and the partial tile's where both
    // are inside.
    assert_eq!(count(&code, &first), 4, "{code}");
    assert_eq!(count(&code, &second), 4, "{code}");
    let partial = format!("if__fl_row<__fl_rows&&__fl_col<__fl_cols{{{checked}");
    assert_eq!(count(&code, &partial), 1, "{code}");
    let cut = format!(
        "if__fl_row+8<__fl_rows{{if__fl_col+1<__fl_cols{{{second}}}else{{unsafe{{*d.add(__fl_b+8*__fl_k)=__fl_f[2]}};}}}}"
    );
    assert_eq!(count(&code, &cut), 2, "{code}");
    assert!(
        !code.contains("__fl_f[3]}"),
        "element 3 is never stored alone: {code}"
    );
}
