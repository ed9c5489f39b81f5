//! Renderings: text-grid and digit-table snapshots of the catalog, SVG structure, collision
//! marking on a broken numeral, and the committed picture `docs/m16n8k16_f32_c.svg`.
//!
//! Snapshots live under `tests/snapshots/`; run with `UPDATE_SNAPSHOTS=1` to (re)write them
//! and the committed picture, then review the diff.

use fraglayout_tests::grid_text;
use fraglayout_tests::ownership::Ownership;
use layout_core::catalog::{self, CATALOG};
use layout_core::{render, Digit, Numeral};
use std::collections::BTreeSet;
use std::path::PathBuf;

const UPDATE: &str = "UPDATE_SNAPSHOTS";

fn updating() -> bool {
    std::env::var_os(UPDATE).is_some_and(|v| v != "0" && !v.is_empty())
}

/// Compares `actual` with the committed file at `rel` (from the tests crate), or writes it when
/// updating. Returns a line describing the mismatch, if any.
fn check_file(rel: &str, actual: &str) -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    if updating() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return None;
    }
    match std::fs::read_to_string(&path) {
        Ok(expected) if expected == actual => None,
        Ok(expected) => {
            let line = expected
                .lines()
                .zip(actual.lines())
                .position(|(a, b)| a != b)
                .map_or_else(|| "length".to_string(), |i| format!("line {}", i + 1));
            Some(format!("{rel}: differs at {line}"))
        }
        Err(e) => Some(format!("{rel}: cannot read ({e})")),
    }
}

fn assert_files(mismatches: Vec<String>) {
    assert!(
        mismatches.is_empty(),
        "{} rendering(s) differ from the committed files:\n  {}\n\
         if the change is intended, regenerate with\n  \
         {UPDATE}=1 cargo test -p fraglayout-tests --test integration render::\nand review the diff",
        mismatches.len(),
        mismatches.join("\n  ")
    );
}

fn grid(n: &Numeral) -> String {
    let mut s = String::new();
    render::grid(n, &mut s).unwrap();
    s
}

fn svg(n: &Numeral) -> String {
    let mut s = String::new();
    render::svg(n, &mut s).unwrap();
    s
}

fn digit_table(n: &Numeral) -> String {
    let mut s = String::new();
    render::digit_table(n, &mut s).unwrap();
    s
}

/// A broken numeral: `lane % 4` at place 1 overlaps `e % 2`, and 7 rows are too few for the
/// 8 values of `lane / 4`.
const BROKEN: Numeral = Numeral::new(
    "BROKEN_7x8",
    7,
    8,
    2,
    &[
        Digit::element(1, 2, 1),
        Digit::lane(1, 4, 1),
        Digit::lane(4, 8, 8),
    ],
);

/// A warpgroup accumulator shaped like `wgmma` m64n8 f32: 64 x 8, 128 threads x 4 elements.
const WARPGROUP: Numeral = Numeral::new(
    "WG_64x8_F32_C",
    64,
    8,
    4,
    &[
        Digit::element(1, 2, 1),
        Digit::lane(1, 4, 2),
        Digit::lane(4, 8, 8),
        Digit::element(2, 2, 64),
        Digit::warp(1, 4, 128),
    ],
)
.with_warps(4);

/// The layouts with snapshots: each distinct layout once, under its first name (aliases made
/// with `renamed` draw the same grid), and of the wgmma accumulator widths only N = 8, 16, 24,
/// 64 and 256 (the catalog's relation test pins every width to the m16n8 accumulator), and of
/// the `tcgen05.ld` / `tcgen05.st` shapes only `.x1` and `.x2` (the transcription tests pin
/// every `.num`).
fn snapshotted() -> Vec<&'static Numeral<'static>> {
    let mut out: Vec<&'static Numeral<'static>> = Vec::new();
    for entry in CATALOG {
        let n = entry.numeral;
        let alias = out.iter().any(|m| {
            (m.rows, m.cols, m.warps, m.elements, m.digits)
                == (n.rows, n.cols, n.warps, n.elements, n.digits)
        });
        let wide = n.warps == 4
            && n.rows == 64
            && entry.operand == catalog::Operand::C
            && ![8, 16, 24, 64, 256].contains(&n.cols);
        let tmem_num = entry.operand == catalog::Operand::Tmem
            && !["b1x", "b2x", "b1x_16b", "b2x_16b"]
                .iter()
                .any(|s| n.name.ends_with(s));
        if !alias && !wide && !tmem_num {
            out.push(n);
        }
    }
    out
}

#[test]
fn catalog_grid_and_table_snapshots() {
    let mut mismatches = Vec::new();
    let mut expected = BTreeSet::new();
    for n in snapshotted() {
        for (file, text) in [("grid.txt", grid(n)), ("digits.md", digit_table(n))] {
            let rel = format!("snapshots/{}.{file}", n.name);
            mismatches.extend(check_file(&rel, &text));
            expected.insert(rel);
        }
    }
    for (file, text) in [
        ("grid.txt", grid(&BROKEN)),
        ("digits.md", digit_table(&BROKEN)),
    ] {
        let rel = format!("snapshots/BROKEN_7x8.{file}");
        mismatches.extend(check_file(&rel, &text));
        expected.insert(rel);
    }
    // A snapshot of a layout that is gone (or renamed) is stale.
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("snapshots");
    for f in std::fs::read_dir(&dir).unwrap() {
        let rel = format!("snapshots/{}", f.unwrap().file_name().to_string_lossy());
        if !expected.contains(&rel) {
            if updating() {
                std::fs::remove_file(dir.join(&rel[10..])).unwrap();
            } else {
                mismatches.push(format!("{rel}: stale, no layout renders it"));
            }
        }
    }
    assert_files(mismatches);
}

/// Every catalog grid names the owner of each drawn cell (the brute-force claim map agrees
/// with decoding for a bijection); grids wider than [`render::GRID_COLS`] draw that many
/// columns and say the rest is left out.
#[test]
fn catalog_grids_name_the_owner_of_every_drawn_cell() {
    let mut partial = 0;
    for entry in CATALOG {
        let n = entry.numeral;
        let text = grid(n);
        if let Err(e) = grid_text::verify(n, &text) {
            panic!("{e}");
        }
        let rows = grid_rows(&text);
        for (r, cells) in rows.iter().enumerate() {
            for (c, cell) in cells.iter().enumerate() {
                let (t, e) = n.decode_coords(r as u32, c as u32).unwrap();
                if n.has_broadcast() {
                    // Every holder, from the one decode names: `T0,2:0`, `T4-7:0`.
                    let first = format!("T{t}");
                    let ok = cell.starts_with(&first)
                        && cell.ends_with(&format!(":{e}"))
                        && cell.len() > first.len() + 2;
                    assert!(ok, "{} ({r}, {c}): {cell}", n.name);
                } else {
                    assert_eq!(cell, &format!("T{t}:{e}"), "{} ({r}, {c})", n.name);
                }
            }
        }
        partial += usize::from(rows.len() * rows[0].len() < n.size() as usize);
    }
    // The wgmma accumulators and the .b1 operands of N or K above 64 are drawn in part.
    assert!(partial > 20, "{partial} partial grids");
}

/// The cells of the grid's rows, from the lines after the `r\c` header.
fn grid_rows(text: &str) -> Vec<Vec<String>> {
    let mut lines = text.lines().skip_while(|l| !l.starts_with("r\\c")).skip(1);
    let mut rows = Vec::new();
    for line in lines.by_ref() {
        let mut tokens = line.split_whitespace();
        match tokens.next().map(str::parse::<usize>) {
            Some(Ok(r)) if r == rows.len() => rows.push(tokens.map(String::from).collect()),
            _ => break,
        }
    }
    rows
}

struct SvgCell {
    rect_fill: String,
    title: String,
    texts: Vec<String>,
}

/// Parses an SVG, checks its frame, and returns its cells in document order.
fn parse_svg(name: &str, text: &str) -> Vec<SvgCell> {
    let doc = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{name}");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg"),
        "{name}"
    );
    assert_eq!(root.attribute("version"), Some("1.1"), "{name}");
    let num = |node: roxmltree::Node, attr: &str| -> u32 {
        node.attribute(attr)
            .unwrap_or_else(|| panic!("{name}: <{}> without {attr}", node.tag_name().name()))
            .parse()
            .unwrap()
    };
    let (width, height) = (num(root, "width"), num(root, "height"));
    // Nothing external: no scripts, links, images or foreign objects.
    for node in root.descendants().filter(|n| n.is_element()) {
        let tag = node.tag_name().name();
        assert!(
            !matches!(tag, "script" | "image" | "a" | "foreignObject" | "style"),
            "{name}: <{tag}>"
        );
        for a in node.attributes() {
            assert!(
                !a.value().contains("http") || a.name() == "xmlns",
                "{name}: external reference {}={}",
                a.name(),
                a.value()
            );
        }
        // Everything drawn lies inside the picture.
        if tag == "rect" && node.attribute("x").is_some() {
            assert!(
                num(node, "x") + num(node, "width") <= width,
                "{name}: rect past the right edge"
            );
            assert!(
                num(node, "y") + num(node, "height") <= height,
                "{name}: rect past the bottom"
            );
        }
        if tag == "text" {
            assert!(
                num(node, "x") <= width && num(node, "y") <= height,
                "{name}: text outside"
            );
        }
    }
    root.descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("cell"))
        .map(|g| {
            let rects: Vec<_> = g
                .children()
                .filter(|n| n.has_tag_name("rect") && n.attribute("class") == Some("cell"))
                .collect();
            assert_eq!(rects.len(), 1, "{name}: one rect per cell");
            let title = g.children().find(|n| n.has_tag_name("title")).unwrap();
            SvgCell {
                rect_fill: rects[0].attribute("fill").unwrap().to_string(),
                title: title.text().unwrap_or("").to_string(),
                texts: g
                    .children()
                    .filter(|n| n.has_tag_name("text"))
                    .map(|n| n.text().unwrap_or("").to_string())
                    .collect(),
            }
        })
        .collect()
}

/// Checks the picture of a bijection: one cell per drawn element (the first
/// [`render::SVG_COLS`] columns of the first rows, up to [`render::SVG_CELLS`]), each labelled
/// with its decoded owner; when the whole tile is drawn, every thread is named.
fn check_exact_svg(n: &Numeral) {
    let text = svg(n);
    let cells = parse_svg(n.name, &text);
    let cols = n.cols.min(render::SVG_COLS);
    let rows = n.rows.min(render::SVG_CELLS / cols);
    assert_eq!(
        cells.len() as u64,
        rows as u64 * cols as u64,
        "{}: one cell per drawn element",
        n.name
    );
    let whole = rows == n.rows && cols == n.cols;
    assert_eq!(whole, !text.contains(" not drawn: "), "{}", n.name);
    let mut named = BTreeSet::new();
    for (i, cell) in cells.iter().enumerate() {
        let (r, c) = (i as u32 / cols, i as u32 % cols);
        let (t, e) = n.decode_coords(r, c).unwrap();
        if n.has_broadcast() {
            // The holders from the one decode names (`T0,2`, `T4-7`).
            let lead = format!("row {r}, col {c}: T{t}");
            assert!(cell.title.starts_with(&lead), "{}: {}", n.name, cell.title);
            assert!(cell.title.ends_with(&format!(" V{e}")), "{}", n.name);
            assert!(cell.texts[0].starts_with(&format!("T{t}")), "{}", n.name);
            assert_eq!(cell.texts[1], format!("V{e}"), "{}", n.name);
        } else {
            assert_eq!(
                cell.title,
                format!("row {r}, col {c}: T{t} V{e}"),
                "{}",
                n.name
            );
            assert_eq!(cell.texts, [format!("T{t}"), format!("V{e}")], "{}", n.name);
        }
        assert!(cell.rect_fill.starts_with('#'), "{}", n.name);
        named.insert(t);
    }
    if whole {
        // Decode names one holder of each cell: every thread, or under broadcast digits those
        // with them 0.
        let zero = |t: u32| {
            n.digits
                .iter()
                .filter(|d| d.is_broadcast())
                .all(|d| d.value_of(layout_core::Numeral::input(d.source, t, 0)) == 0)
        };
        assert_eq!(
            named,
            (0..n.threads()).filter(|&t| zero(t)).collect(),
            "{}: every thread named",
            n.name
        );
    }
}

#[test]
fn catalog_svgs_parse_with_one_cell_per_drawn_element_and_every_thread_named() {
    for n in snapshotted() {
        check_exact_svg(n);
    }
}

#[test]
fn warpgroup_svg_marks_warps() {
    check_exact_svg(&WARPGROUP);
    let text = svg(&WARPGROUP);
    assert_eq!(text.matches(r#"<rect class="warp""#).count(), 512);
    // Lane colours repeat across warps; warps differ by their bar.
    let doc = roxmltree::Document::parse(&text).unwrap();
    let bars: BTreeSet<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("warp"))
        .map(|n| n.attribute("fill").unwrap().to_string())
        .collect();
    assert_eq!(bars.len(), 4);
}

/// What the brute-force map says about `BROKEN`, written out by hand: in each of the 7 rows,
/// col 0 and col 4 are claimed once, cols 1-3 twice, cols 5-7 never; lanes 28..32 (both
/// elements) land in row 7, outside the tile.
/// Cells as `(row, col)`.
type Cells = BTreeSet<(u32, u32)>;

fn broken_expected() -> (Cells, Cells) {
    let collided = (0..7).flat_map(|r| (1..4).map(move |c| (r, c))).collect();
    let unclaimed = (0..7).flat_map(|r| (5..8).map(move |c| (r, c))).collect();
    (collided, unclaimed)
}

#[test]
fn broken_numeral_grid_marks_collisions_gaps_and_outside_claims() {
    let (collided, unclaimed) = broken_expected();
    // The hand-written expectation agrees with the brute-force ownership map.
    let own = Ownership::of(&BROKEN);
    let cols = BROKEN.cols as u64;
    let at = |off: u64| ((off / cols) as u32, (off % cols) as u32);
    let own_collided: BTreeSet<_> = own.collisions.iter().map(|c| at(c.0)).collect();
    let own_unclaimed: BTreeSet<_> = own.unclaimed().iter().map(|&o| at(o as u64)).collect();
    assert_eq!(own_collided, collided);
    assert_eq!(own_unclaimed, unclaimed);
    assert_eq!(own.outside.len(), 8);

    let text = grid(&BROKEN);
    let rows = grid_rows(&text);
    assert_eq!(rows.len(), 7);
    let mut marked = BTreeSet::new();
    let mut empty = BTreeSet::new();
    for (r, cells) in rows.iter().enumerate() {
        assert_eq!(cells.len(), 8);
        for (c, cell) in cells.iter().enumerate() {
            let rc = (r as u32, c as u32);
            if cell.contains('!') {
                marked.insert(rc);
                // Both claimants, in (thread, e) order: e.g. `T0:1!T1:0` at (0, 1).
                let lane = 4 * r as u32 + c as u32 - 1;
                assert_eq!(cell, &format!("T{lane}:1!T{}:0", lane + 1), "{rc:?}");
            } else if cell == "--" {
                empty.insert(rc);
            } else {
                // Col 0 is lane 4r's e0, col 4 lane (4r + 3)'s e1.
                let (t, e) = if c == 0 { (4 * r, 0) } else { (4 * r + 3, 1) };
                assert_eq!(cell, &format!("T{t}:{e}"), "{rc:?}");
            }
        }
    }
    assert_eq!(marked, collided);
    assert_eq!(empty, unclaimed);
    assert!(text.contains("collisions (21 cells):\n  (0, 1): T0:1, T1:0\n"));
    assert!(text.contains("unclaimed (21 cells):\n  row 0: col 5 6 7\n"));
    assert!(text.contains("outside the tile (8 claims):\n  T28:0 -> offset 56 (row 7, col 0)\n"));
    assert!(text.contains("  T31:1 -> offset 60 (row 7, col 4)\n"));
}

#[test]
fn broken_numeral_svg_marks_collisions_and_gaps() {
    let (collided, unclaimed) = broken_expected();
    let cells = parse_svg(BROKEN.name, &svg(&BROKEN));
    assert_eq!(cells.len(), 56);
    let mut red = BTreeSet::new();
    let mut hatched = BTreeSet::new();
    for (i, cell) in cells.iter().enumerate() {
        let rc = (i as u32 / 8, i as u32 % 8);
        match cell.rect_fill.as_str() {
            "#f26d6d" => {
                red.insert(rc);
                let lane = 4 * rc.0 + rc.1 - 1;
                assert_eq!(
                    cell.title,
                    format!("row {}, col {}: T{lane} V1, T{} V0", rc.0, rc.1, lane + 1)
                );
                assert_eq!(
                    cell.texts,
                    [format!("T{lane} V1"), format!("T{} V0", lane + 1)]
                );
            }
            "url(#unclaimed)" => {
                hatched.insert(rc);
                assert!(cell.texts.is_empty());
            }
            _ => {}
        }
    }
    assert_eq!(red, collided);
    assert_eq!(hatched, unclaimed);
}

#[test]
fn committed_picture_is_current() {
    let n = &catalog::SM80_16x8x16_F32_C;
    assert_files(
        check_file("../docs/m16n8k16_f32_c.svg", &svg(n))
            .into_iter()
            .collect(),
    );
}

/// With `RENDER_DUMP=<dir>`, writes every SVG these tests draw into `<dir>`, for looking at.
#[test]
fn dump_svgs_when_asked() {
    let Some(dir) = std::env::var_os("RENDER_DUMP") else {
        return;
    };
    let dir = PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let extra = [&BROKEN, &WARPGROUP];
    for n in CATALOG.iter().map(|e| e.numeral).chain(extra) {
        std::fs::write(dir.join(format!("{}.svg", n.name)), svg(n)).unwrap();
    }
}

#[test]
fn broken_grids_list_exactly_the_brute_force_collisions_and_gaps() {
    // A broken warpgroup accumulator (more collisions than listed), one with three claimants
    // per cell, one with more elements than a warp has lanes, and BROKEN (claims outside).
    let wg = [
        Digit::element(1, 2, 1),
        Digit::lane(1, 4, 2),
        Digit::lane(4, 8, 512),
        Digit::element(2, 2, 4096),
        Digit::warp(1, 4, 4096),
        Digit::element(4, 32, 8),
    ];
    let triple = [Digit::lane(1, 32, 1), Digit::element(1, 3, 0)];
    let wide = [
        Digit::element(1, 4, 1),
        Digit::lane(1, 32, 8),
        Digit::element(4, 130, 128),
    ];
    let numerals = [
        Numeral::new("wg", 64, 256, 128, &wg).with_warps(4),
        Numeral::new("triple", 8, 8, 3, &triple),
        Numeral::new("wide", 32, 32, 520, &wide),
        BROKEN,
    ];
    for n in &numerals {
        assert!(!n.is_bijection(), "{}", n.name);
        let text = grid(n);
        if let Err(e) = grid_text::verify(n, &text) {
            panic!("{e}");
        }
        assert!(text.contains("collisions ("), "{}", n.name);
        assert!(text.contains("unclaimed ("), "{}", n.name);
    }
    // The lists stop at LISTED entries and count the rest.
    let wg_text = grid(&numerals[0]);
    assert!(wg_text.contains("\n  and "), "{wg_text}");
}
