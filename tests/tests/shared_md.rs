//! `docs/SHARED.md`'s table of wavefronts for the common kernel tiles is generated from the
//! bank model; this keeps it in sync and checks that it has the rows the issue asks for.

use fraglayout_tests::shared_md::{cases, described, layout_name, regenerate, table, wavefronts};

#[test]
fn shared_md_is_in_sync() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/SHARED.md");
    let text = std::fs::read_to_string(path).expect("docs/SHARED.md exists");
    let fresh = regenerate(&text).expect("docs/SHARED.md has the shared:begin/end markers");
    if std::env::var_os("UPDATE_SHARED").is_some() {
        std::fs::write(path, &fresh).expect("write docs/SHARED.md");
        return;
    }
    assert!(
        text == fresh,
        "docs/SHARED.md is out of date with the bank model; regenerate it with\n    \
         UPDATE_SHARED=1 cargo test -p fraglayout-tests --test integration shared_md"
    );
}

#[test]
fn the_table_has_the_kernel_tiles_and_their_verdicts() {
    let t = table();
    let all = cases();
    // The rows: the 128-byte swizzle read by ldmatrix.x4 is conflict-free, the plain
    // tile is the bad case, padding fixes it, and the staged accumulator has a swizzle that
    // serves both stmatrix and the row-wise reads.
    let find = |tile: &str, layout: &str, access: &str| {
        all.iter()
            .find(|c| {
                c.tile.starts_with(tile)
                    && layout_name(&c.layout).starts_with(layout)
                    && c.access.starts_with(access)
            })
            .unwrap_or_else(|| panic!("no row {tile} / {layout} / {access}"))
    };
    let swizzled = find("A operand", "128-byte swizzle", "`ldmatrix.x4`");
    assert!(wavefronts(swizzled).conflict_free());
    let plain = find("A operand", "row-major, no swizzle", "`ldmatrix.x4`");
    let w = wavefronts(plain);
    assert_eq!((w.total, w.ideal, w.worst), (32, 4, 8));
    assert!(
        t.contains(&format!(
            "| {} | 1 | 32 | 4 | **8-way conflict** |",
            plain.access
        )),
        "{t}"
    );
    assert!(wavefronts(find("A operand", "padded by 8", "`ldmatrix.x4`")).conflict_free());
    let staged = find("f16 accumulator", "`Swizzle<", "`stmatrix.x2`");
    let reads = find("f16 accumulator", "`Swizzle<", "`rows.16`");
    assert_eq!(staged.layout, reads.layout, "one layout serves both");
    assert!(wavefronts(staged).conflict_free() && wavefronts(reads).conflict_free());
    assert!(!wavefronts(find(
        "f16 accumulator",
        "row-major, no swizzle",
        "`stmatrix.x2`"
    ))
    .conflict_free());
    // Every row in the table says its counts.
    for c in &all {
        let w = wavefronts(c);
        assert!(
            t.contains(&format!(
                "| {} | {} | {} |",
                c.access,
                c.made.requests(&c.layout).unwrap(),
                w.total
            )),
            "{}: {}",
            c.access,
            described(c)
        );
    }
}
