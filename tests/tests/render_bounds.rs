//! The renderers' bounds: any numeral, however large its declared tile, warps or elements,
//! gets a bounded drawing that agrees with brute force, in time linear in what is drawn.
//!
//! The three numerals of issue 11 took 50 s, 109 s and 245 s and wrote megabytes; they are
//! checked here cell by cell against the brute-force claim map. Timing is only a tripwire
//! (seconds, against milliseconds measured), never a tight assert.

use std::time::{Duration, Instant};

use fraglayout_tests::grid_text::{self, Claims};
use fraglayout_tests::property::{ensure, for_seeds};
use fraglayout_tests::random_numeral::Rng;
use layout_core::render::{self, GRID_COLS, SVG_CELLS, SVG_COLS, TABLE_DIGITS};
use layout_core::{Digit, Numeral};

/// The most a grid writes, lists included, for any numeral with a short name.
const GRID_LIMIT: usize = 64 * 1024;
/// The most a picture writes.
const SVG_LIMIT: usize = 1024 * 1024;
/// A tripwire for one rendering: the renderers take milliseconds on these inputs.
const TRIPWIRE: Duration = Duration::from_secs(20);

fn timed(what: &str, f: impl FnOnce(&mut String) -> std::fmt::Result) -> String {
    let mut s = String::new();
    let start = Instant::now();
    f(&mut s).unwrap();
    let took = start.elapsed();
    assert!(took < TRIPWIRE, "{what}: {took:?}");
    s
}

fn grid(n: &Numeral) -> String {
    timed(n.name, |s| render::grid(n, s))
}

fn svg(n: &Numeral) -> String {
    timed(n.name, |s| render::svg(n, s))
}

/// The `<title>` of every cell of a picture, in document order.
fn svg_titles(text: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(text).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("cell"))
        .map(|g| {
            let title = g.children().find(|n| n.has_tag_name("title")).unwrap();
            title.text().unwrap_or("").to_string()
        })
        .collect()
}

/// What the picture's title of a cell with these claimants says.
fn svg_title(r: u64, c: u64, claims: &[(u32, u32)]) -> String {
    let who = match claims {
        [] => "nobody".to_string(),
        [(t, e)] => format!("T{t} V{e}"),
        [(t, e), (u, f), rest @ ..] => {
            let more = if rest.is_empty() {
                String::new()
            } else {
                format!(" and {} more", rest.len())
            };
            format!("T{t} V{e}, T{u} V{f}{more}")
        }
    };
    format!("row {r}, col {c}: {who}")
}

/// Checks the picture of `n` against brute force: one cell per drawn element, each titled
/// with its claimants, and a line naming what is left out when the tile is drawn in part.
fn verify_svg(n: &Numeral, text: &str, claims: &Claims) {
    assert!(text.len() <= SVG_LIMIT, "{}: {} bytes", n.name, text.len());
    let cols = n.cols.min(SVG_COLS) as u64;
    let rows = n.rows.min(SVG_CELLS / cols as u32) as u64;
    let titles = svg_titles(text);
    assert_eq!(titles.len() as u64, rows * cols, "{}", n.name);
    for (i, title) in titles.iter().enumerate() {
        let (r, c) = (i as u64 / cols, i as u64 % cols);
        let want = svg_title(r, c, claims.at(r * n.cols as u64 + c));
        assert_eq!(title, &want, "{}", n.name);
    }
    let whole = rows == n.rows as u64 && cols == n.cols as u64;
    assert_eq!(whole, !text.contains(" not drawn: "), "{}", n.name);
}

/// `16 x 4096 { lane => 1 }`: 2048 elements per lane, all at the lane's offset.
const ISSUE_A: &[Digit] = &[Digit::lane(1, 32, 1)];
/// `N: 16 x 3232 { e % 8 => 1, lane / 4 => 32, e / 8 % 2 => 256 }`: 1616 elements per lane.
const ISSUE_C: &[Digit] = &[
    Digit::element(1, 8, 1),
    Digit::lane(4, 8, 32),
    Digit::element(8, 2, 256),
];

/// The issue's numerals as `numeral!` resolves them (elements from the tile size).
fn issue_numerals() -> [Numeral<'static>; 3] {
    [
        Numeral::new("numeral", 16, 4096, 2048, ISSUE_A),
        Numeral::new("numeral", 64, 1024, 1, ISSUE_A).with_warps(2048),
        Numeral::new("N", 16, 3232, 1616, ISSUE_C),
    ]
}

#[test]
fn the_issue_numerals_draw_bounded_and_as_brute_force_says() {
    for n in &issue_numerals() {
        assert!(!n.is_bijection());
        let text = grid(n);
        assert!(text.len() <= GRID_LIMIT, "{}: {} bytes", n.name, text.len());
        if let Err(e) = grid_text::verify(n, &text) {
            panic!("{e}");
        }
        let g = grid_text::GridText::parse(&text);
        assert_eq!(g.cells[0].len() as u32, GRID_COLS, "{}", n.name);
        assert!(g.left_out.is_some(), "{}", n.name);
        let claims = Claims::of(n);
        verify_svg(n, &svg(n), &claims);
        let mut table = String::new();
        render::digit_table(n, &mut table).unwrap();
        assert!(table.len() < 4096, "{}", n.name);
    }
}

/// Cells with long texts (threads in the tens of thousands, 32 claimants each) draw fewer
/// rows, so that the rows stay within the byte budget; brute force agrees with every cell.
#[test]
fn wide_cells_draw_fewer_rows_within_the_byte_budget() {
    let digits = [Digit::warp(1, 1000, 1)];
    let n = Numeral::new("wide_cells", 80, 64, 1, &digits).with_warps(1000);
    let text = grid(&n);
    if let Err(e) = grid_text::verify(&n, &text) {
        panic!("{e}");
    }
    let g = grid_text::GridText::parse(&text);
    assert!(g.cells.len() < 64, "{} rows", g.cells.len());
    assert!(g
        .left_out
        .unwrap()
        .starts_with(&format!("(rows {} to 79 ", g.cells.len())));
    // Offset 1 is warp 1: its 32 lanes, threads 32 to 63.
    assert_eq!(g.cells[0][1], "T32:0!T33:0+30");
    assert!(text.len() <= GRID_LIMIT, "{} bytes", text.len());
}

/// A numeral passing the check draws however large its tile: here 2^31 elements, of which
/// the first 64 columns of the first rows are drawn, each named by its decoded owner.
#[test]
fn a_huge_bijection_draws_its_first_rows_and_columns() {
    let digits = [
        Digit::element(1, 1 << 15, 1),
        Digit::lane(1, 32, 1 << 15),
        Digit::element(1 << 15, 1 << 11, 1 << 20),
    ];
    let n = Numeral::new("huge", 1 << 16, 1 << 15, 1 << 26, &digits);
    assert!(n.is_bijection());
    let text = grid(&n);
    assert!(text.len() <= GRID_LIMIT, "{} bytes", text.len());
    let g = grid_text::GridText::parse(&text);
    // 64 columns of 16-character cells: the byte budget, not the cell count, stops the rows.
    assert_eq!(g.cells[0].len(), 64);
    assert!((32..=64).contains(&g.cells.len()), "{} rows", g.cells.len());
    for (r, row) in g.cells.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let (t, e) = n.decode_coords(r as u32, c as u32).unwrap();
            assert_eq!(cell, &format!("T{t}:{e}"));
        }
    }
    assert_eq!(
        g.left_out.as_deref().map(|l| l.split(':').next().unwrap()),
        Some(
            format!(
                "(rows {} to 65535 and cols 64 to 32767 not drawn",
                g.cells.len()
            )
            .as_str()
        )
    );
    assert!(g.tail.is_empty());
    let picture = svg(&n);
    assert!(picture.len() <= SVG_LIMIT);
    assert_eq!(svg_titles(&picture).len() as u32, SVG_CELLS);
}

/// Broken numerals too large to scan get one line saying why, and so does an empty tile:
/// whatever their declared extents, in no time.
#[test]
fn numerals_too_large_to_scan_get_a_one_line_note() {
    let lane = [Digit::lane(1, 32, 1)];
    let many: Vec<Digit> = (0..40)
        .map(|i| Digit::element(1 << i.min(31), 2, 1))
        .collect();
    let cases = [
        (
            Numeral::new("large", 512, 512, 8192, &lane),
            "(tile of 262144 elements: too large to draw",
        ),
        (
            Numeral::new("claims", 64, 64, 1, &lane).with_warps(100_000),
            "(3200000 claims to scan: too many to draw",
        ),
        (
            Numeral::new("extents", 64, 64, u32::MAX, &lane).with_warps(u32::MAX),
            "claims to scan: too many to draw",
        ),
        (
            Numeral::new("digits", 8, 8, 2, &many),
            "(40 digits: too many to draw",
        ),
        (
            Numeral::new("empty", 0, 8, 1, &lane),
            "(empty tile: nothing to draw)",
        ),
    ];
    for (n, note) in &cases {
        let text = grid(n);
        assert!(text.contains(note), "{}: {text}", n.name);
        assert!(!text.contains("r\\c"), "{}", n.name);
        assert!(text.len() < 8192, "{}: {} bytes", n.name, text.len());
        let picture = svg(n);
        assert!(picture.contains(note), "{}", n.name);
        assert!(svg_titles(&picture).is_empty(), "{}", n.name);
    }
}

/// No pairs at all (no elements, whatever the warps): every element is unclaimed, found
/// without walking the warps.
#[test]
fn a_numeral_with_no_elements_leaves_every_cell_unclaimed() {
    let lane = [Digit::lane(1, 32, 1)];
    let n = Numeral::new("none", 8, 8, 0, &lane).with_warps(u32::MAX);
    let text = grid(&n);
    let g = grid_text::GridText::parse(&text);
    assert_eq!(g.cells.len(), 8);
    assert!(g.cells.iter().flatten().all(|c| c == "--"));
    assert!(
        g.tail.contains(&"unclaimed (64 cells):".to_string()),
        "{text}"
    );
}

/// A digit table lists the first TABLE_DIGITS digits by place, then how many more.
#[test]
fn a_table_of_many_digits_lists_the_first_by_place() {
    let many: Vec<Digit> = (0..100u32)
        .map(|i| Digit::element(1, 2, 1000 - i))
        .collect();
    let n = Numeral::new("many", 8, 8, 2, &many);
    let mut table = String::new();
    render::digit_table(&n, &mut table).unwrap();
    let places: Vec<u32> = table
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| l.split('|').nth(3).unwrap().trim().parse().unwrap())
        .collect();
    let want: Vec<u32> = (901..901 + TABLE_DIGITS as u32).collect();
    assert_eq!(places, want);
    assert!(table.contains(&format!("\n(and {} more digits)\n", 100 - TABLE_DIGITS)));
}

/// A small random numeral, valid or (mostly) not: tiles up to 80 x 80 (so some are drawn in
/// part), up to 3 warps and 6 elements, up to 6 digits with any divisor, range and place.
fn random_numeral(rng: &mut Rng) -> (u32, u32, u32, u32, Vec<Digit>) {
    let mut num = |lo: u32, hi: u32| lo + rng.below(u64::from(hi - lo + 1)) as u32;
    let (rows, cols, warps, elements) = (num(1, 80), num(1, 80), num(0, 3), num(0, 6));
    let digits = (0..num(0, 6))
        .map(|_| {
            let source = [
                layout_core::Source::Lane,
                layout_core::Source::Warp,
                layout_core::Source::Element,
            ][num(0, 2) as usize];
            Digit::new(source, num(0, 9), num(0, 9), num(0, 89))
        })
        .collect();
    (rows, cols, warps, elements, digits)
}

/// Every drawn cell, the window and every list of the grid, and every cell title of the
/// picture, are what the brute-force claim map says.
#[test]
fn random_numerals_draw_what_brute_force_says() {
    for_seeds(
        "random_numerals_draw_what_brute_force_says",
        400,
        &[],
        |seed| {
            let (rows, cols, warps, elements, digits) = random_numeral(&mut Rng(seed));
            let n = Numeral::new("random", rows, cols, elements, &digits).with_warps(warps);
            let text = grid(&n);
            grid_text::verify(&n, &text).map_err(|e| format!("{e}\n{n:?}"))?;
            ensure(text.len() <= GRID_LIMIT, || {
                format!("{} bytes: {n:?}", text.len())
            })?;
            verify_svg(&n, &svg(&n), &Claims::of(&n));
            Ok(())
        },
    );
}
