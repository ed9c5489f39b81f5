//! `render::smem`: the words a bank picture draws agree with the bank model (a brute-force
//! count here), a tile's cells are the chunks and banks the layout puts its elements in, and
//! both pictures are well-formed SVG whose cells say the same.

use layout_core::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_C};
use layout_core::render::smem::{banks, banks_svg, tile, tile_svg, PhaseWords, Show};
use layout_core::shared::{Access, MatrixVariant, Request, SharedLayout, Swizzle, SwizzleMode};

use super::Rng;

/// A random request: a width, and some lanes with aligned addresses in a few KiB.
fn random_request(rng: &mut Rng) -> Request {
    let width = rng.pick(&[1u32, 2, 4, 8, 16]);
    let mut r = Request::new(width);
    for lane in 0..32 {
        if rng.below(4) != 0 {
            r.set(lane, Some(rng.below(4096 / width) * width));
        }
    }
    r
}

#[test]
fn drawn_words_are_the_bank_model_s_wavefronts() {
    let mut rng = Rng(15);
    for case in 0..2000 {
        let r = random_request(&mut rng);
        for p in 0..r.phases() {
            let words = PhaseWords::new(&r, p);
            let report = r.phase(p).unwrap();
            assert_eq!(
                words.wavefronts(),
                report.wavefronts,
                "case {case} phase {p}"
            );
            // Brute force: each bank's distinct words among the phase's lanes.
            let lanes = r.phase_lanes();
            for bank in 0..32 {
                let mut want: Vec<u32> = (p * lanes..(p + 1) * lanes)
                    .filter_map(|l| r.address(l))
                    .flat_map(|a| (a / 4..(a + r.width().max(4)) / 4).collect::<Vec<_>>())
                    .filter(|w| w % 32 == bank)
                    .collect();
                want.sort();
                want.dedup();
                let got: Vec<u32> = words.bank(bank).iter().map(|w| w.word).collect();
                assert_eq!(got, want, "case {case} phase {p} bank {bank}");
                for w in words.bank(bank) {
                    for l in 0..32 {
                        let touches = r.address(l).is_some_and(|a| {
                            l / lanes == p && (a / 4..(a + r.width().max(4)) / 4).contains(&w.word)
                        });
                        assert_eq!(w.lanes & (1 << l) != 0, touches, "case {case} lane {l}");
                    }
                }
            }
        }
    }
}

#[test]
fn tile_cells_are_the_layout_s_chunks_and_banks() {
    let tiles = [
        SharedLayout::hopper(16, 64, 2, SwizzleMode::B128),
        SharedLayout::padded(8, 64, 2, 8),
        SharedLayout::swizzled(8, 32, 4, Swizzle::new(2, 2, 3)),
        SharedLayout::swizzled(16, 64, 2, Swizzle::new(3, 1, 4)),
        SharedLayout::row_major(16, 16, 2).col_major(),
    ];
    for l in tiles {
        for show in [Show::Chunk, Show::Bank] {
            let mut text = String::new();
            tile(&l, show, &mut text).unwrap();
            let rows: Vec<Vec<u32>> = text
                .lines()
                .filter(|line| line.starts_with("row "))
                .map(|line| {
                    let (_, cells) = line.split_once(':').unwrap();
                    cells
                        .split_whitespace()
                        .map(|v| v.parse().unwrap())
                        .collect()
                })
                .collect();
            assert_eq!(rows.len() as u32, l.rows(), "{l}");
            let per = l.cols() / rows[0].len() as u32;
            for (r, cells) in rows.iter().enumerate() {
                for (c, &v) in cells.iter().enumerate() {
                    // Every column of the cell lies where the value says.
                    for k in 0..per {
                        let byte = l.byte_offset(r as u32, c as u32 * per + k).unwrap();
                        assert_eq!(
                            (byte / show.bytes()) % show.count(),
                            v,
                            "{l} {show:?} row {r} col {}",
                            c as u32 * per + k
                        );
                    }
                }
            }
            // A group whose columns are not one contiguous run is drawn column by column.
            let grouped = per > 1;
            let split = l.swizzle().base < (show.bytes() / l.elem_bytes()).trailing_zeros()
                && !l.swizzle().is_identity();
            if split || l.major() == layout_core::shared::Major::Col {
                assert!(!grouped, "{l} {show:?}: {text}");
            }
        }
    }
    // The 128-byte swizzle: each row a permutation of the 8 chunks, row r at chunk c ^ r.
    let mut text = String::new();
    tile(
        &SharedLayout::hopper(8, 64, 2, SwizzleMode::B128),
        Show::Chunk,
        &mut text,
    )
    .unwrap();
    for r in 0..8u32 {
        let want: Vec<String> = (0..8u32).map(|c| (c ^ r).to_string()).collect();
        let line = format!("row {r}:  {}", want.join("  "));
        assert!(text.contains(&line), "{line}\n{text}");
    }
}

#[test]
fn tile_picture_has_one_labelled_cell_per_text_cell() {
    let l = SharedLayout::hopper(16, 64, 2, SwizzleMode::B128);
    let mut svg = String::new();
    tile_svg(&l, Show::Chunk, &mut svg).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let cells: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("cell"))
        .collect();
    assert_eq!(cells.len(), 16 * 8);
    for cell in cells {
        let title = cell
            .children()
            .find(|n| n.has_tag_name("title"))
            .unwrap()
            .text()
            .unwrap();
        let label = cell
            .children()
            .find(|n| n.has_tag_name("text"))
            .unwrap()
            .text()
            .unwrap();
        // `row 3, cols 8..16: chunk 2`
        let (place, value) = title.split_once(": chunk ").unwrap();
        assert_eq!(value, label);
        let row: u32 = place[4..place.find(',').unwrap()].parse().unwrap();
        let col: u32 = place[place.find("cols ").unwrap() + 5..place.find("..").unwrap()]
            .parse()
            .unwrap();
        assert_eq!(
            label.parse::<u32>().unwrap(),
            (col / 8) ^ (row % 8),
            "{title}"
        );
    }
}

#[test]
fn bank_picture_marks_every_conflicting_word() {
    let cases = [
        (SharedLayout::row_major(16, 64, 2), 32, 4),
        (SharedLayout::hopper(16, 64, 2, SwizzleMode::B128), 4, 4),
        (SharedLayout::padded(16, 64, 2, 8), 4, 4),
    ];
    let read = Access::matrices(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW);
    for (l, total, ideal) in cases {
        let w = read.wavefronts(&l).unwrap();
        assert_eq!((w.total, w.ideal), (total, ideal), "{l}");
        let mut svg = String::new();
        banks_svg(&read, &l, "A", &mut svg).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let words: Vec<_> = doc
            .descendants()
            .filter(|n| n.has_tag_name("rect") && n.attribute("class") == Some("word"))
            .collect();
        // 8 lanes x 16 bytes = 32 words per phase, 4 phases.
        assert_eq!(words.len(), 4 * 32, "{l}");
        let red = words
            .iter()
            .filter(|n| n.attribute("stroke") == Some("#b00000"))
            .count() as u32;
        // Each extra wavefront of a phase is a row of 4 banks' second-or-later words here.
        assert_eq!(red, (total - ideal) * 4, "{l}");
        let title = doc
            .root_element()
            .children()
            .find(|n| n.has_tag_name("title"))
            .unwrap();
        let mut m = layout_core::message::Message::new();
        w.write(&mut m);
        assert!(
            title.text().unwrap().ends_with(m.as_str()),
            "{:?}",
            title.text()
        );
    }
}

#[test]
fn reports_list_each_collision_and_bound_their_length() {
    let stage = Access::matrices(MatrixVariant::X2, &SM80_16x8x16_F16_C);
    let mut out = String::new();
    banks(&stage, &SharedLayout::row_major(16, 64, 2), &mut out).unwrap();
    assert!(
        out.starts_with("16 wavefronts, ideal 2 (8-way conflict)\n"),
        "{out}"
    );
    assert_eq!(out.matches("8 words, lanes").count(), 8, "{out}");
    assert!(
        out.contains("  phase 2 (lanes 16..24): no lane active\n"),
        "{out}"
    );
    // A large tile's row-wise reads: 512 instructions, 64 listed.
    let mut out = String::new();
    banks(
        &Access::rows(16),
        &SharedLayout::row_major(256, 256, 4),
        &mut out,
    )
    .unwrap();
    assert_eq!(out.matches("instruction ").count(), 64, "64 listed");
    assert!(out.contains("instructions 64..512 not listed"), "{out}");
    let mut out = String::new();
    banks(&stage, &SharedLayout::row_major(16, 64, 4), &mut out).unwrap();
    assert_eq!(
        out,
        "cannot be made: ldmatrix and stmatrix move 2-byte elements, but the layout's are 4 bytes: use a layout of 2-byte elements\n"
    );
}
