//! The straight-line expansion (`src/fragment/straight.rs`): for a catalog layout and an affine
//! body over a slice parameter, no closure and no table, one slice per reach (a scatter takes
//! one again where the reach changes), every element at a literal offset; and the closure path
//! wherever straight code could behave differently. The behaviour itself (every element where
//! the numeral puts it, the panics at a buffer's edge) is `tests/tests/generated.rs`,
//! `generated_edges.rs` and `pairing.rs` of the workspace, which run both paths.

use crate::{count, expand};

/// The pieces of the closure path and of the evaluated tables, none of which straight code has.
const CLOSURE: [&str; 6] = [
    "__fl_put",
    "__fl_get",
    "|__fl_e",
    "ThreadPart",
    "__FL_REACH",
    "__FL_TERMS",
];

/// Fails unless `code` is straight-line: none of the [`CLOSURE`] pieces in it.
fn assert_straight(code: &str) {
    for c in CLOSURE {
        assert!(!code.contains(c), "{c}: {code}");
    }
}

/// Whether `code` has every one of `parts` in this order.
fn in_order(code: &str, parts: &[&str]) -> bool {
    let mut rest = code;
    parts.iter().all(|p| match rest.find(p) {
        Some(at) => {
            rest = &rest[at + p.len()..];
            true
        }
        None => false,
    })
}

const ACC16: &str = "::fraglayout::catalog::SM90_64x16x16_F32_C";

#[test]
fn a_constant_stride_scatter_is_one_footprint_slice_and_literal_offsets() {
    let code = expand(
        ACC16,
        "fn store(t: u32, frag: &[f32; 8], out: &mut [f32]) { |row, col, value| out[row * LD + col] = value }",
    );
    assert_straight(&code);
    // `::fraglayout::catalog::NAME` is the catalog's constant: no guard, no numeral.
    assert!(!code.contains("PhantomData") && !code.contains("__FL_NUMERAL"));
    // The thread part as arithmetic on the thread index, put into the index at the corner.
    assert!(code.contains("let__fl_t=__fl_threadasusize;"), "{code}");
    assert!(
        code.contains("let__fl_b=(__fl_t/4%8+__fl_t/32*16)*LD+(__fl_t%4*2);"),
        "{code}"
    );
    // The m64n16 accumulator's footprint: rows 0 and 8, columns 0 to 9; one slice of it.
    assert_eq!(count(&code, "&mutout["), 1, "{code}");
    // The constant stride written into each offset as it is.
    assert!(!code.contains("__fl_k"), "{code}");
    let stores = [
        "let__fl_s=&mutout[__fl_b..__fl_b+8*LD+10];",
        "__fl_s[0]=__fl_f[0];",
        "__fl_s[1]=__fl_f[1];",
        "__fl_s[8*LD]=__fl_f[2];",
        "__fl_s[8*LD+1]=__fl_f[3];",
        "__fl_s[8]=__fl_f[4];",
        "__fl_s[9]=__fl_f[5];",
        "__fl_s[8*LD+8]=__fl_f[6];",
        "__fl_s[8*LD+9]=__fl_f[7];",
    ];
    assert!(in_order(&code, &stores), "{code}");
    assert_eq!(count(&code, "]=__fl_f["), 8, "{code}");
}

#[test]
fn a_run_time_stride_scatter_takes_each_row_once_and_stores_it_whole() {
    let code = expand(
        ACC16,
        "fn store(t: u32, frag: &[f32; 8], out: &mut [f32], ld: usize) { |row, col, value| out[row * ld + col] = value }",
    );
    assert_straight(&code);
    // Elements 0, 1, 4, 5 in row 0, and 2, 3, 6, 7 in row 8: two slices, each row's stores
    // after its own, in element order within the row (docs/GUIDE.md, "Panics").
    assert_eq!(count(&code, "&mutout["), 2, "{code}");
    assert_eq!(count(&code, "let__fl_i1="), 1, "{code}");
    let order = [
        "let__fl_k:usize=ld;",
        "let__fl_s=&mutout[__fl_b..__fl_b+10];",
        "__fl_s[0]=__fl_f[0];__fl_s[1]=__fl_f[1];__fl_s[8]=__fl_f[4];__fl_s[9]=__fl_f[5];",
        "let__fl_i1=__fl_b+8*__fl_k;let__fl_s=&mutout[__fl_i1..__fl_i1+10];",
        "__fl_s[0]=__fl_f[2];__fl_s[1]=__fl_f[3];__fl_s[8]=__fl_f[6];__fl_s[9]=__fl_f[7];",
    ];
    assert!(in_order(&code, &order), "{code}");
}

#[test]
fn a_gather_takes_each_distinct_row_once_and_reads_in_element_order() {
    let code = expand(
        &format!("{ACC16}, gather"),
        "fn load(t: u32, a: &[f32], ld: usize) -> [f32; 8] { |row, col| a[row * ld + col] }",
    );
    assert_straight(&code);
    assert_eq!(count(&code, "=&a["), 2, "{code}");
    let order = [
        "let__fl_s0=&a[__fl_b..__fl_b+10];",
        "let__fl_i1=__fl_b+8*__fl_k;let__fl_s1=&a[__fl_i1..__fl_i1+10];",
        "[__fl_s0[0],__fl_s0[1],__fl_s1[0],__fl_s1[1],__fl_s0[8],__fl_s0[9],__fl_s1[8],__fl_s1[9]]",
        "else{::fraglayout::generated::fill_array::<f32,8>()}",
    ];
    assert!(in_order(&code, &order), "{code}");
}

#[test]
fn other_spellings_of_a_catalog_layout_keep_the_guard() {
    for path in [
        "fraglayout::catalog::SM80_16x8x16_F32_C",
        "SM80_16x8x16_F32_C",
    ] {
        let code = expand(
            path,
            "fn store(t: u32, frag: &[f32; 4], out: &mut [f32], ld: usize) { |row, col, value| out[row * ld + col] = value }",
        );
        assert!(code.contains("let__fl_t="), "{path}: {code}");
        // The path may be a constant of the user's named like the catalog's: checked by type.
        let guard = format!(
            "let_:::core::marker::PhantomData<{path}>=::core::marker::PhantomData::<::fraglayout::catalog::SM80_16x8x16_F32_C>;"
        );
        assert!(code.contains(&guard), "{path}: {code}");
        assert!(!code.contains("__FL_NUMERAL"), "{path}: {code}");
    }
}

#[test]
fn a_stored_value_reading_row_or_col_binds_them_per_element() {
    let code = expand(
        "::fraglayout::catalog::SM80_16x8x16_F32_C",
        "fn store(t: u32, frag: &[f32; 4], out: &mut [f32], ld: usize) { |row, col, value| out[row * ld + col] = row as f32 }",
    );
    assert!(
        code.contains("let(__fl_row,__fl_col)=(__fl_t/4,__fl_t%4*2);"),
        "{code}"
    );
    // Element 3 is (8, 1) from the thread's corner; `value` is not read, so not bound per
    // element (once, unused, for the warning a closure ignoring it gets).
    assert!(
        code.contains(
            "{#[allow(unused_variables)]let(row,col)=(__fl_row+8,__fl_col+1);__fl_s[8*__fl_k+1]=rowasf32;}"
        ),
        "{code}"
    );
    assert_eq!(count(&code, "letvalue"), 1, "{code}");
}

#[test]
fn the_closure_path_stays_where_straight_code_could_differ() {
    let scatter = |body: &str, params: &str| {
        format!("fn store(t: u32, frag: &[f32; 4], {params}) {{ |row, col, value| {body} }}")
    };
    let slice = "out: &mut [f32], ld: usize";
    // A base of the user's type (whose `index_mut` may count calls, or take no range): each
    // element indexed by its own body, as the closure does.
    let code = expand(
        "::fraglayout::catalog::SM80_16x8x16_F32_C",
        &scatter("out[row * ld + col] = value", "out: &mut Tile, ld: usize"),
    );
    assert!(
        !code.contains("let__fl_t=") && !code.contains("__fl_put"),
        "{code}"
    );
    assert_eq!(count(&code, "out[row*ld+col]=value;"), 4, "{code}");
    for (args, item, why) in [
        (
            "::fraglayout::catalog::SM80_16x8x16_F32_C",
            scatter("out[row * ld + col] = value.max(0.0)", slice),
            "a stored value that is not inert nor float arithmetic",
        ),
        (
            "::fraglayout::catalog::SM80_16x8x16_F32_C",
            scatter(
                "out[row * cfg.ld + col] = value",
                "out: &mut [f32], cfg: &Cfg",
            ),
            "a stride that is a field",
        ),
        (
            "MY_LAYOUT",
            scatter("out[row * ld + col] = value", slice),
            "a numeral the macro does not know",
        ),
    ] {
        let code = expand(args, &item);
        assert!(!code.contains("let__fl_t="), "{why}: {code}");
        assert!(code.contains("__fl_put"), "{why}: {code}");
    }
}

/// `bounds`: the extent first (its arguments evaluated once); a whole tile takes the straight
/// code (base from the widened thread digits, stride, slices, literal offsets), a partial one
/// the thread part named and each element at it plus its numbers, inside the extent alone.
#[test]
fn a_partial_tile_is_straight_too() {
    let scatter = expand(
        "::fraglayout::catalog::SM80_16x8x16_F32_C, bounds(m, n)",
        "fn store(t: u32, frag: &[f32; 4], out: &mut [f32], ld: usize, m: usize, n: usize) { |row, col, value| out[row * ld + col] = value }",
    );
    assert_straight(&scatter);
    let whole = [
        "let(__fl_rows,__fl_cols)=(m,n);",
        "if__fl_rows>=16&&__fl_cols>=8{",
        "let__fl_b=((__fl_thread/4)asusize)*ld+((__fl_thread%4)asusize*2);",
        "let__fl_s=&mutout[__fl_b..__fl_b+8*__fl_k+2];",
        "__fl_s[0]=__fl_f[0];",
        "__fl_s[1]=__fl_f[1];",
        "__fl_s[8*__fl_k+1]=__fl_f[3];",
        "}else{",
    ];
    assert!(in_order(&scatter, &whole), "{scatter}");
    // A partial tile: nothing unless the corner (element 0) is inside; then the same base and
    // stride, and each other element tested only on the side it moves away from the corner.
    let partial = [
        "let__fl_t=__fl_threadasusize;",
        "let(__fl_row,__fl_col)=(__fl_t/4,__fl_t%4*2);",
        "if__fl_row<__fl_rows&&__fl_col<__fl_cols{",
        "let__fl_b=__fl_row*ld+__fl_col;",
        "let__fl_k:usize=ld;",
        "let__fl_d=&mutout[..];",
        "let__fl_f=frag;",
        "__fl_d[__fl_b]=__fl_f[0];",
        "if__fl_col+1<__fl_cols{__fl_d[__fl_b+1]=__fl_f[1];}",
        "if__fl_row+8<__fl_rows{__fl_d[__fl_b+8*__fl_k]=__fl_f[2];}",
        "if__fl_row+8<__fl_rows&&__fl_col+1<__fl_cols{__fl_d[__fl_b+8*__fl_k+1]=__fl_f[3];}",
    ];
    let tail = &scatter[scatter.find("}else{").expect("two branches")..];
    assert!(in_order(tail, &partial), "{scatter}");
    assert_eq!(count(tail, "<__fl_rows"), 3, "{scatter}");
    assert_eq!(count(tail, "__fl_d["), 4, "{scatter}");
    // A gather: the same branches; in the partial one the fill value for each element
    // outside, and for all of them where the corner is.
    let gather = expand(
        "::fraglayout::catalog::SM80_16x8x16_F32_C, gather, bounds(m, n)",
        "fn load(t: u32, src: &[f32], ld: usize, m: usize, n: usize) -> [f32; 4] { |row, col| src[row * ld + col] }",
    );
    assert_straight(&gather);
    let tail = &gather[gather.find("}else{").expect("two branches")..];
    let partial = [
        "let__fl_t=__fl_threadasusize;",
        "let(__fl_row,__fl_col)=(__fl_t/4,__fl_t%4*2);",
        "if__fl_row<__fl_rows&&__fl_col<__fl_cols{",
        "let__fl_d=&src[..];",
        "[__fl_d[__fl_b],if__fl_col+1<__fl_cols{__fl_d[__fl_b+1]}else{",
        "if__fl_row+8<__fl_rows&&__fl_col+1<__fl_cols{__fl_d[__fl_b+8*__fl_k+1]}else{",
        "}else{[",
    ];
    assert!(in_order(tail, &partial), "{gather}");
    assert_eq!(count(tail, "::fill()"), 3 + 4, "{gather}");
    assert!(gather.contains("let__fl_s0=&src["), "{gather}");
    // A stored value other than the element: each element at its coordinates, as the closure
    // binds them, inside the extent.
    let scaled = expand(
        "::fraglayout::catalog::SM80_16x8x16_F32_C, bounds(m, n)",
        "fn store(t: u32, frag: &[f32; 4], out: &mut [f32], ld: usize, m: usize, n: usize) { |row, col, value| out[row * ld + col] = value * 2.0 }",
    );
    let tail = &scaled[scaled.find("}else{").expect("two branches")..];
    assert_eq!(
        count(tail, "if__fl_r<__fl_rows&&__fl_c<__fl_cols{"),
        4,
        "{scaled}"
    );
}

#[test]
fn a_stored_constant_is_stored_as_written() {
    let code = expand(
        "::fraglayout::catalog::SM80_16x8x16_F32_C",
        "fn clear(t: u32, frag: &[f32; 4], out: &mut [f32], ld: usize) { |row, col, value| out[row * ld + col] = 0.0 }",
    );
    // Four elements with a run-time stride: one footprint slice.
    let stores = [
        "let__fl_s=&mutout[__fl_b..__fl_b+8*__fl_k+2];",
        "__fl_s[0]=0.0;",
        "__fl_s[1]=0.0;",
        "__fl_s[8*__fl_k]=0.0;",
        "__fl_s[8*__fl_k+1]=0.0;",
    ];
    assert!(in_order(&code, &stores), "{code}");
    // Eight: a slice per row, the second from the base and the stride.
    let rows = expand(
        "::fraglayout::catalog::SM80_16x8x16_F16_A_ROW",
        "fn clear(t: u32, frag: &[u16; 8], out: &mut [u16], ld: usize) { |row, col, value| out[row * ld + col] = 0 }",
    );
    let stores = [
        "let__fl_s=&mutout[__fl_b..__fl_b+10];",
        "__fl_s[0]=0;",
        "__fl_s[1]=0;",
        "__fl_s[8]=0;",
        "let__fl_i1=__fl_b+8*__fl_k;",
        "__fl_s[0]=0;",
        "__fl_s[1]=0;",
    ];
    assert!(in_order(&rows, &stores), "{rows}");
    // No coordinate is read; the value is bound once, for the unused-variable warning a
    // closure ignoring it gets.
    assert!(
        !code.contains("__fl_f") && !code.contains("__fl_row"),
        "{code}"
    );
    assert_eq!(count(&code, "letvalue:f32=frag[0];"), 1, "{code}");
}

/// Float arithmetic on the value (`alpha * value`, a parameter declared `f32`): straight code,
/// the value read in place; the same with an integer fragment keeps the closure (an integer
/// product may overflow, a panic the base index must not come before).
#[test]
fn float_arithmetic_on_the_value_is_straight() {
    let code = expand(
        "::fraglayout::catalog::SM80_16x8x16_F32_C",
        "fn store(t: u32, frag: &[f32; 4], out: &mut [f32], ld: usize, alpha: f32) { |row, col, value| out[row * ld + col] = alpha * value + 0.5 }",
    );
    assert_straight(&code);
    assert!(
        in_order(
            &code,
            &["let__fl_f=frag;", "__fl_s[8*__fl_k+1]=alpha*__fl_f[3]+0.5;"]
        ),
        "{code}"
    );
    let code = expand(
        "::fraglayout::catalog::SM80_16x8x16_F32_C",
        "fn store(t: u32, frag: &[u32; 4], out: &mut [u32], ld: usize, alpha: u32) { |row, col, value| out[row * ld + col] = alpha * value }",
    );
    assert!(code.contains("__fl_put"), "{code}");
}

/// The corner is put into the index where the closure's `row` and `col` are untyped names it
/// reads; a typed one keeps the closure's binding (its type checked).
#[test]
fn the_corner_is_put_into_the_index_of_untyped_names() {
    let put_in = expand(
        ACC16,
        "fn store(t: u32, frag: &[f32; 8], out: &mut [f32], ld: usize) { |r, c, value| out[c + ld * r] = value }",
    );
    assert!(
        put_in.contains("let__fl_b=(__fl_t%4*2)+ld*(__fl_t/4%8+__fl_t/32*16);"),
        "{put_in}"
    );
    let typed = expand(
        ACC16,
        "fn store(t: u32, frag: &[f32; 8], out: &mut [f32], ld: usize) { |row: usize, col, value| out[row * ld + col] = value }",
    );
    assert!(typed.contains("let__fl_b={"), "{typed}");
    assert!(typed.contains("row*ld+col};"), "{typed}");
}
