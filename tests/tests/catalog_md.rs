//! `docs/CATALOG.md` lists every instruction the catalog covers, in a summary by instruction
//! family and a table by instruction; this keeps both in sync.

use fraglayout_tests::catalog_md::{
    arch_order, generic_width, regenerate, split_family, summary, table, tcgen05_num,
    SUMMARY_BEGIN, SUMMARY_END,
};
use layout_core::catalog::CATALOG;

#[test]
fn catalog_md_is_in_sync() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/CATALOG.md");
    let text = std::fs::read_to_string(path).expect("docs/CATALOG.md exists");
    let fresh =
        regenerate(&text).expect("docs/CATALOG.md has the instructions, catalog and forms markers");
    if std::env::var_os("UPDATE_CATALOG").is_some() {
        std::fs::write(path, &fresh).expect("write docs/CATALOG.md");
        return;
    }
    assert!(
        text == fresh,
        "docs/CATALOG.md is out of date with the catalog; regenerate it with\n    \
         UPDATE_CATALOG=1 cargo test -p fraglayout-tests --test integration catalog_md"
    );
}

#[test]
fn table_mentions_every_layout_and_instruction() {
    let t = table();
    for e in CATALOG {
        assert!(
            t.contains(&format!("`{}`", e.name())),
            "{} missing",
            e.name()
        );
        for i in e.instructions {
            assert!(t.contains(&format!("| `{i}` |")), "{i} missing");
        }
    }
}

/// The summary of covered instructions stands in `docs/CATALOG.md`, between its markers, as
/// the catalog gives it (`catalog_md_is_in_sync` regenerates and compares the whole page).
#[test]
fn summary_is_in_catalog_md() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/CATALOG.md");
    let text = std::fs::read_to_string(path).expect("docs/CATALOG.md exists");
    let block = format!("{SUMMARY_BEGIN}\n{}{SUMMARY_END}", summary());
    assert!(
        text.contains(&block),
        "docs/CATALOG.md's instruction summary is missing or out of date with the catalog; \
         regenerate it with\n    \
         UPDATE_CATALOG=1 cargo test -p fraglayout-tests --test integration catalog_md"
    );
}

#[test]
fn summary_lists_every_instruction() {
    let s = summary();
    for e in CATALOG {
        for i in e.instructions {
            let (family, rest) = split_family(i);
            let (family, width) = match generic_width(&family) {
                Some((g, n)) => (g, Some(n)),
                None => (family, None),
            };
            let row = s
                .lines()
                .find(|l| l.starts_with(&format!("| `{family}` |")))
                .unwrap_or_else(|| panic!("{family} has no row"));
            // tcgen05: `.x8` listed on its own, the variant after it.
            let rest = match tcgen05_num(&rest).filter(|_| i.starts_with("tcgen05.")) {
                Some((tail, num)) => {
                    let listed = row.contains(&format!("`.x{num}`"));
                    assert!(listed, "{i}: .x{num} missing from {row}");
                    tail
                }
                None => rest,
            };
            let variant = if rest.is_empty() {
                "(none)".to_string()
            } else {
                format!("`.{rest}`")
            };
            assert!(row.contains(&variant), "{i}: {variant} missing from {row}");
            if let Some(n) = width {
                let listed = row.contains("N = 8..=256 step 8")
                    || row.contains(&format!(" {n},"))
                    || row.contains(&format!(" {n})"));
                assert!(listed, "{i}: N = {n} missing from {row}");
            }
        }
    }
    assert_eq!(
        split_family("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"),
        (
            "mma.sync.aligned.m16n8k16.row.col".to_string(),
            "f32.f16.f16.f32".to_string()
        )
    );
    // `.kind::f8f6f4` instructions have a row of their own.
    assert_eq!(
        split_family("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f16.e2m1.e3m2.f16"),
        (
            "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4".to_string(),
            "f16.e2m1.e3m2.f16".to_string()
        )
    );
    // Both spellings of sparse mma.sp have rows of their own.
    assert_eq!(
        split_family("mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.s32.u4.s4.s32"),
        (
            "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col".to_string(),
            "s32.u4.s4.s32".to_string()
        )
    );
    assert_eq!(
        split_family("mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32").0,
        "mma.sp.sync.aligned.m16n8k8.row.col"
    );
    assert_eq!(
        split_family("tcgen05.ld.sync.aligned.16x32bx2.x8.pack::16b.b32"),
        (
            "tcgen05.ld.sync.aligned.16x32bx2".to_string(),
            "x8.pack::16b.b32".to_string()
        )
    );
    assert_eq!(
        tcgen05_num("x8.pack::16b.b32"),
        Some(("pack::16b.b32".to_string(), 8))
    );
    assert_eq!(
        split_family("movmatrix.sync.aligned.m8n8.trans.b16"),
        (
            "movmatrix.sync.aligned.m8n8".to_string(),
            "trans.b16".to_string()
        )
    );
}

#[test]
fn archs_order_by_number_then_suffix() {
    let mut archs = vec!["sm_120a", "sm_90a", "sm_89", "sm_90", "sm_75", "sm_100a"];
    archs.sort_by_key(|a| arch_order(a));
    assert_eq!(
        archs,
        ["sm_75", "sm_89", "sm_90", "sm_90a", "sm_100a", "sm_120a"]
    );
    let row = summary()
        .lines()
        .find(|l| l.starts_with("| `mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4` |"))
        .expect("a kind::f8f6f4 row")
        .to_string();
    assert!(row.contains("| sm_120a |"), "{row}");
}
