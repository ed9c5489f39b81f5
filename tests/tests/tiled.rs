//! Tiles of tiles (`Numeral::tiled`): every catalog layout, and random numerals with tiles that
//! are not powers of two, tiled into grids of copies, checked against the inner layout by brute
//! force: the result is a bijection, and element `e + elements * (ti * tile_cols + tj)` of a
//! thread is element `e` of copy `(ti, tj)`, shifted by `(ti * rows, tj * cols)`.

use fraglayout_tests::random_numeral::{RandomNumeral, Rng, Shape};
use layout_core::catalog::CATALOG;
use layout_core::{Numeral, TileError};

/// Every element of every copy, by the inner layout's coordinates shifted by the copy.
fn assert_tiles(inner: &Numeral, tiled: &Numeral, tile_rows: u32, tile_cols: u32) {
    let name = inner.name;
    assert!(
        tiled.is_bijection(),
        "{name} tiled {tile_rows} x {tile_cols}"
    );
    assert_eq!(
        (tiled.rows, tiled.cols, tiled.warps, tiled.elements),
        (
            inner.rows * tile_rows,
            inner.cols * tile_cols,
            inner.warps,
            inner.elements * tile_rows * tile_cols
        )
    );
    for ti in 0..tile_rows {
        for tj in 0..tile_cols {
            let copy = ti * tile_cols + tj;
            for t in 0..inner.threads() {
                for e in 0..inner.elements {
                    let (r, c) = inner.coords(t, e).unwrap();
                    let at = (r + ti * inner.rows, c + tj * inner.cols);
                    assert_eq!(
                        tiled.coords(t, e + inner.elements * copy),
                        Some(at),
                        "{name} copy ({ti}, {tj}), thread {t}, e {e}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_catalog_layout_tiles() {
    for entry in CATALOG {
        let inner = entry.numeral;
        for (tr, tc) in [(1, 2), (2, 1), (2, 4)] {
            let t = inner
                .tiled(tr, tc)
                .unwrap_or_else(|e| panic!("{}: {}", inner.name, e.message()));
            assert_tiles(inner, &t.numeral(), tr, tc);
        }
    }
}

#[test]
fn random_numerals_tile_or_name_a_straddling_digit() {
    let mut rng = Rng(0x711ed);
    let (mut tiled, mut refused) = (0, 0);
    for _ in 0..300 {
        let shape = Shape::random(&mut rng, &[1, 1, 2, 4], &[1, 2, 3, 4, 5, 6, 12]);
        let r = RandomNumeral::random(&mut rng, shape, false);
        let inner = r.numeral("random");
        let (tr, tc) = (rng.pick(&[1, 2, 3]), rng.pick(&[1, 2, 3]));
        match inner.tiled(tr, tc) {
            Ok(t) => {
                assert_tiles(&inner, &t.numeral(), tr, tc);
                tiled += 1;
            }
            Err(TileError::Straddles {
                index, digit, cols, ..
            }) => {
                // The digit named is neither within a row nor on whole rows.
                assert_eq!(inner.digits[index], digit);
                assert_eq!(cols, inner.cols);
                let within = u64::from(digit.place) * u64::from(digit.range) <= u64::from(cols);
                assert!(
                    !within && digit.place % cols != 0,
                    "{inner:?}: digit {index}"
                );
                refused += 1;
            }
            Err(e) => panic!("{inner:?}: {}", e.message()),
        }
    }
    assert!(
        tiled > 100 && refused > 10,
        "{tiled} tiled, {refused} refused"
    );
}
