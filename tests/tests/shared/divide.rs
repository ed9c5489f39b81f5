//! `divide_matrices` (the fragment divided by an `ldmatrix` / `stmatrix` tile) against the
//! instructions' own catalog layouts (transcribed from the PTX text) and against
//! `ldmatrix_rows_at`, which derives the row addresses from the fragment and a shared layout:
//! on tiles whose lines are a multiple of 8 elements, a form divides the fragment exactly when
//! every instruction's rows are found, and each row starts where its address points.

use layout_core::catalog::{
    SM75_U16x8_LDSM_T, SM75_U32x4_LDSM_N, SM80_16x8x16_F16_B_COL, SM90_U32x4_STSM_N, CATALOG,
};
use layout_core::shared::{
    divide_matrices, ldmatrix_rows_at, FragmentAt, Major, MatrixVariant, SharedLayout,
    MAX_DIVISION_REGISTERS,
};
use layout_core::Numeral;

/// The tile of `n` with lines along `major`, padded to a multiple of 8 elements.
fn tile_of(n: &Numeral, major: Major) -> SharedLayout {
    let plain = SharedLayout::row_major(n.rows, n.cols, 2);
    match major {
        Major::Row => plain.with_pad((8 - n.cols % 8) % 8),
        Major::Col => plain.col_major().with_pad((8 - n.rows % 8) % 8),
    }
}

#[test]
fn the_instructions_own_layouts_divide_into_stacked_matrices() {
    // PTX: "matrix j is rows 8j..8j+7" of the stacked tile, read from lanes 8j + r.
    for (n, v) in [
        (&SM75_U32x4_LDSM_N, MatrixVariant::X4),
        (&SM90_U32x4_STSM_N, MatrixVariant::X4),
        (&SM75_U16x8_LDSM_T, MatrixVariant::X4_TRANS),
    ] {
        let d = divide_matrices(n, v, Major::Row, 0).unwrap();
        assert_eq!((d.registers(), d.instructions()), (4, 1), "{}", n.name);
        for j in 0..4 {
            assert_eq!(d.block(j), Some((8 * j, 0)), "{} register {j}", n.name);
            for r in 0..8 {
                assert_eq!(d.row_start(j, r), Some((8 * j + r, 0)));
            }
        }
        // The other transposition does not divide it.
        let other = MatrixVariant::new(4, !v.trans);
        assert!(
            divide_matrices(n, other, Major::Row, 0).is_err(),
            "{}",
            n.name
        );
    }
}

#[test]
fn a_division_is_exactly_where_ldmatrix_finds_the_rows() {
    let (mut divided, mut refused) = (0, 0);
    for entry in CATALOG {
        let n = entry.numeral;
        if n.elements as usize > 2 * MAX_DIVISION_REGISTERS {
            continue;
        }
        for v in MatrixVariant::ALL {
            for major in [Major::Row, Major::Col] {
                for warp in [0, n.warps - 1] {
                    let tile = tile_of(n, major);
                    let at = FragmentAt::ORIGIN.warp(warp);
                    let d = divide_matrices(n, v, major, warp);
                    let what = format!("{} {v:?} {major:?} warp {warp}", n.name);
                    let registers = n.elements / 2;
                    let rows: Vec<_> = (0..registers.max(1))
                        .step_by(v.num as usize)
                        .map(|first| ldmatrix_rows_at(v, n, &tile, at, first))
                        .collect();
                    let all_found = n.elements % 2 == 0
                        && registers % v.num == 0
                        && rows.iter().all(Result::is_ok);
                    assert_eq!(d.is_ok(), all_found, "{what}: {d:?} vs {rows:?}");
                    let Ok(d) = d else {
                        refused += 1;
                        continue;
                    };
                    divided += 1;
                    for (k, found) in rows.iter().enumerate() {
                        let found = found.as_ref().unwrap();
                        for i in 0..v.num {
                            let j = k as u32 * v.num + i;
                            for r in 0..8 {
                                let (row, col) = d.row_start(j, r).unwrap();
                                let offset = tile.offset(row, col).unwrap();
                                assert_eq!(found.row(i, r), Some(2 * offset), "{what}: {j}, {r}");
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(
        divided > 40 && refused > 100,
        "{divided} divided, {refused} refused"
    );
}

#[test]
fn a_refusal_names_the_register_the_row_and_the_fix() {
    let e = divide_matrices(&SM80_16x8x16_F16_B_COL, MatrixVariant::X2, Major::Row, 0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "register 0, matrix row 0: element 1 is at (1, 0), not next to element 0 at (0, 0) along \
         a row of a row-major tile: a matrix row is 8 neighbouring elements (try `.trans`, or a \
         column-major tile)"
    );
    assert!(divide_matrices(&SM80_16x8x16_F16_B_COL, MatrixVariant::X2, Major::Col, 0).is_ok());
    let e = divide_matrices(&SM80_16x8x16_F16_B_COL, MatrixVariant::X4, Major::Col, 0).unwrap_err();
    assert_eq!(
        e.to_string(),
        layout_core::shared::AccessError::MatrixCount {
            num: 4,
            registers: 2
        }
        .to_string()
    );
}
