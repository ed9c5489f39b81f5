//! The plan (`layout_codegen::fragment_plan`): which strategy an invocation takes, and why each
//! one before it was refused.

use layout_codegen::{fragment_plan, Strategy};

/// The strategy taken and the strategies refused, for `#[fragment_layout(args)] item`.
fn plan(args: &str, item: &str) -> (Strategy, Vec<(Strategy, &'static str)>) {
    let p = fragment_plan(args.parse().unwrap(), item.parse().unwrap()).expect("a plan");
    (p.strategy, p.refused)
}

const C: &str = "::fraglayout::catalog::SM80_16x8x16_F32_C";

#[test]
fn each_strategy_is_taken_where_its_code_applies_and_the_others_say_why_not() {
    let slice = "fn s(lane: u32, frag: &[f32; 4], d: &mut [f32], ld: usize) { |row, col, value| d[row * ld + col] = value }";
    let (s, refused) = plan(C, slice);
    assert_eq!(s, Strategy::Straight);
    assert_eq!(refused, [(Strategy::Shared, "no `shared = LAYOUT`")]);

    let deque = "fn s(lane: u32, frag: &[f32; 4], d: &mut VecDeque<f32>, ld: usize) { |row, col, value| d[row * ld + col] = value }";
    let (s, refused) = plan(C, deque);
    assert_eq!(s, Strategy::Tables);
    let kinds: Vec<Strategy> = refused.iter().map(|r| r.0).collect();
    assert_eq!(
        kinds,
        [Strategy::Shared, Strategy::Straight, Strategy::Pointer]
    );
    assert!(
        refused[1].1.contains("slice, array or `Vec` parameter"),
        "{refused:?}"
    );

    let pointer = "unsafe fn s(lane: u32, frag: &[f32; 4], d: *mut f32, ld: usize) { |row, col, values| unsafe { *(d.add(row * ld + col) as *mut [f32; 2]) = values } }";
    let (s, refused) = plan(&format!("{C}, vector = 2"), pointer);
    assert_eq!(s, Strategy::Pointer);
    assert!(refused[1].1.contains("`BASE[INDEX]`"), "{refused:?}");

    let own = plan("MY_LAYOUT", slice);
    assert_eq!(own.0, Strategy::Tables);
    assert!(own.1[1].1.contains("not a catalog layout"), "{own:?}");

    let shared = "fn s(lane: u32, frag: &[f32; 4], smem: &mut [f32]) { |offset, value| smem[offset] = value }";
    let (s, refused) = plan(&format!("{C}, shared = SMEM"), shared);
    assert_eq!((s, refused.len()), (Strategy::Shared, 0));

    let scaled = "fn s(lane: u32, frag: &[u32; 4], d: &mut [u32], ld: usize) { |row, col, value| d[row * ld + col] = f(value) }";
    let (s, refused) = plan(C, scaled);
    assert_eq!(s, Strategy::Tables);
    assert!(refused[1].1.contains("effect or panic"), "{refused:?}");
}

#[test]
fn an_invocation_with_an_error_has_no_plan() {
    let bad =
        "fn s(lane: u32, frag: &[f32; 3], d: &mut [f32]) { |row, col, value| d[row] = value }";
    assert!(fragment_plan(C.parse().unwrap(), "fn s() {}".parse().unwrap()).is_none());
    // A fragment length the layout does not have is the generated code's compile-time check,
    // not a parse error: the plan is still made (tables: the macro checks nothing known).
    assert!(fragment_plan(C.parse().unwrap(), bad.parse().unwrap()).is_some());
}

#[test]
fn one_access_analysis_serves_every_way_through_a_pointer_or_unchecked() {
    let item = |ty: &str, body: &str| {
        format!("fn s(lane: u32, frag: &[f32; 4], d: {ty}, ld: usize, alpha: f32) {{ |row, col, value| {body} }}")
    };
    for (ty, body) in [
        ("*mut f32", "unsafe { *d.add(row * LD + col) = value }"),
        (
            "*mut f32",
            "unsafe { *d.add(row * LD + col) = alpha * value }",
        ),
        ("*mut f32", "unsafe { *d.add(row * ld + col) += value }"),
        (
            "*mut f32",
            "unsafe { d.add(col + row * ld).write(value * 0.5) }",
        ),
        (
            "&mut [f32]",
            "unsafe { *d.get_unchecked_mut(row * LD + col) = value }",
        ),
        (
            "&mut [f32]",
            "unsafe { *d.get_unchecked_mut(row * LD + col) += alpha * value }",
        ),
    ] {
        let (s, refused) = plan(C, &item(ty, body));
        assert_eq!(s, Strategy::Pointer, "{body}: {refused:?}");
        assert!(refused[1].1.contains("`BASE[INDEX]`"), "{refused:?}");
    }
    let read = "fn g(lane: u32, a: *const f32) -> [f32; 4] { |row, col| unsafe { a.add(row * LD + col).read() } }";
    assert_eq!(plan(&format!("{C}, gather"), read).0, Strategy::Pointer);
    // A stored value that may have an effect or panic keeps the element path.
    let (s, refused) = plan(
        C,
        &item("*mut f32", "unsafe { *d.add(row * LD + col) = f(value) }"),
    );
    assert_eq!(s, Strategy::Tables);
    assert!(refused[2].1.contains("effect or panic"), "{refused:?}");
    // `unpaired` says so for both straight-line strategies.
    let (s, refused) = plan(
        &format!("{C}, unpaired"),
        &item("&mut [f32]", "d[row * LD + col] = value"),
    );
    assert_eq!(s, Strategy::Tables);
    assert!(
        refused[1..].iter().all(|r| r.1.contains("unpaired")),
        "{refused:?}"
    );
}

#[test]
fn a_swizzle_in_the_index_is_straight_line_where_every_element_keeps_its_offset() {
    let scatter = |body: &str| {
        format!("fn s(lane: u32, frag: &[f32; 4], d: &mut [f32], ld: usize) {{ |row, col, value| {body} }}")
    };
    for body in [
        "d[row * ld + (col ^ ((row & 7) << 3))] = value",
        "d[o + (((row % 8) << 3) ^ col) + row * ld] = value",
        "d[(row * 64 + col) ^ ((row % 8) << 3)] = value",
    ] {
        let (s, refused) = plan(C, &scatter(body));
        assert_eq!(s, Strategy::Straight, "{body}: {refused:?}");
    }
    // Row bit 0 meets the elements' column offset 1; a stride the macro cannot read decides
    // the carries of a whole-offset swizzle; a value of the swizzle it cannot evaluate.
    for (body, why) in [
        ("d[row * ld + (col ^ (row & 1))] = value", "swizzle"),
        ("d[(row * ld + col) ^ ((row % 8) << 3)] = value", "swizzle"),
        ("d[row * ld + (col ^ SW)] = value", "`BASE[INDEX]`"),
    ] {
        let (s, refused) = plan(C, &scatter(body));
        assert_eq!(s, Strategy::Tables, "{body}");
        assert!(refused[1].1.contains(why), "{body}: {refused:?}");
    }
    // The expansion evaluates the swizzle once, at the thread's corner, then constant offsets.
    let item = scatter("d[row * ld + (col ^ ((row & 7) << 3))] = value");
    let code =
        layout_codegen::fragment_layout(C.parse().unwrap(), item.parse().unwrap()).to_string();
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(code.matches("<<3").count(), 1, "{code}");
    assert!(code.contains("__fl_s[8*__fl_k+1]"), "{code}");
}

#[test]
fn a_swizzle_is_evaluated_in_usize_only() {
    let item = |ty: &str| {
        format!("fn s(lane: u32, frag: &[f32; 4], d: &mut [f32], ld: {ty}) {{ |row: {ty}, col: {ty}, value| d[row * ld + (col ^ ((row & 7) << 3))] = value }}")
    };
    assert_eq!(plan(C, &item("usize")).0, Strategy::Straight);
    // The closure's arithmetic in another type may wrap where `usize`'s does not.
    let (s, refused) = plan(C, &item("u16"));
    assert_eq!(s, Strategy::Tables);
    assert!(refused[1].1.contains("swizzle"), "{refused:?}");
}

#[test]
fn bounds_through_a_pointer_is_straight_line_from_the_corner() {
    let item = "unsafe fn s(lane: u32, frag: &[f32; 4], d: *mut f32, ld: usize, m: usize, n: usize) { |row, col, value| unsafe { *d.add(row * ld + col) = value } }";
    let (s, refused) = plan(&format!("{C}, bounds(m, n)"), item);
    assert_eq!(s, Strategy::Pointer, "{refused:?}");
    let out = layout_codegen::fragment_layout(
        format!("{C}, bounds(m, n)").parse().unwrap(),
        item.parse().unwrap(),
    )
    .to_string();
    let code: String = out.chars().filter(|c| !c.is_whitespace()).collect();
    // The whole tile, then the corner's test and each element's own sides.
    assert!(
        code.contains("if__fl_rows>=16usize&&__fl_cols>=8usize")
            || code.contains("if__fl_rows>=16&&__fl_cols>=8"),
        "{code}"
    );
    assert!(
        code.contains("if__fl_row<__fl_rows&&__fl_col<__fl_cols"),
        "{code}"
    );
    assert!(
        code.contains("if__fl_row+8<__fl_rows&&__fl_col+1<__fl_cols"),
        "{code}"
    );
}
