//! `docs/CONVERSIONS.md` shows FlashAttention-2's layouts and the table of example conversions,
//! generated from the code; this keeps them in sync.

use fraglayout_tests::conversions_md::{examples, fa2_digits, fa2_lanes, regenerate};
use layout_core::convert::examples::EXAMPLES;

#[test]
fn conversions_md_is_in_sync() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/CONVERSIONS.md");
    let text = std::fs::read_to_string(path).expect("docs/CONVERSIONS.md exists");
    let fresh = regenerate(&text).unwrap_or_else(|e| panic!("docs/CONVERSIONS.md: {e}"));
    if std::env::var_os("UPDATE_CATALOG").is_some() {
        std::fs::write(path, &fresh).expect("write docs/CONVERSIONS.md");
        return;
    }
    assert!(
        text == fresh,
        "docs/CONVERSIONS.md is out of date with the examples; regenerate it with\n    \
         UPDATE_CATALOG=1 cargo test -p fraglayout-tests --test integration conversions_md"
    );
}

#[test]
fn the_tables_cover_every_example_and_agree_row_by_row() {
    let t = examples();
    for x in EXAMPLES {
        assert!(
            t.contains(&format!("| `{}` | {} |", x.name, x.what)),
            "{}",
            x.name
        );
    }
    assert_eq!(t.lines().count(), 2 + EXAMPLES.len());
    // FA2: every digit row names the same place on both sides, and every lane row pair agrees.
    for row in fa2_digits().lines().skip(2) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        assert!(cells[1].parse::<u32>().is_ok(), "a place differs: {row}");
        assert_eq!(cells[2..4], cells[4..6], "{row}");
    }
    let lanes = fa2_lanes();
    let rows: Vec<&str> = lanes.lines().skip(2).collect();
    assert_eq!(rows.len(), 8);
    for pair in rows.chunks(2) {
        let coords = |r: &str| {
            r.split_once(" | ")
                .unwrap()
                .1
                .split_once(" |")
                .unwrap()
                .1
                .to_string()
        };
        assert_eq!(coords(pair[0]), coords(pair[1]), "{pair:?}");
    }
}
