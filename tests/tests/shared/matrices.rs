//! The derived `ldmatrix` / `stmatrix` addresses move exactly the fragment: a host simulation
//! of both instructions, written from the PTX ISA text (not from the numerals), reads and
//! writes a shared tile through the addresses, and the fragment expected is the ISA
//! transcription of the catalog layout (`fraglayout_tests::transcription`).
//!
//! The ISA: lanes `8i..8i+7` supply the addresses of the rows of matrix `i`, each row 8
//! 16-bit elements from its address; lane `L` receives (or stores) in its register `i` the
//! elements of matrix `i` at row `L / 4`, columns `2 (L % 4)` and `+ 1` (low half first), and
//! with `.trans` at rows `2 (L % 4)` and `+ 1` of column `L / 4`.

use fraglayout_tests::transcription;
use layout_core::catalog::{Entry, SM80_16x8x16_F16_A_ROW};
use layout_core::shared::{
    ldmatrix_rows, ldmatrix_rows_at, AccessError, FragmentAt, Gap, MatrixVariant, Misplaced,
    SharedLayout, Swizzle, SwizzleMode,
};

use super::sixteen_bit;

/// A shared tile whose every element holds its own tag, `1 + row * cols + col`; padding
/// holds 0.
pub(crate) fn tagged(l: &SharedLayout) -> Vec<u32> {
    let mut mem = vec![0u32; l.span() as usize];
    for row in 0..l.rows() {
        for col in 0..l.cols() {
            mem[l.offset(row, col).unwrap() as usize] = tag(l, row, col);
        }
    }
    mem
}

fn tag(l: &SharedLayout, row: u32, col: u32) -> u32 {
    1 + row * l.cols() + col
}

/// `ldmatrix` on the host: what each lane receives in each of its `num` registers, as pairs
/// (low half, high half) of the 16-bit elements read (here, their tags).
fn simulate_ldmatrix(
    num: u32,
    trans: bool,
    addr: &dyn Fn(u32) -> u32,
    mem: &[u32],
) -> Vec<Vec<(u32, u32)>> {
    // matrix[i][r][c]: element c of the row whose address lane 8i + r supplies.
    let matrix: Vec<Vec<Vec<u32>>> = (0..num)
        .map(|i| {
            (0..8)
                .map(|r| {
                    let at = addr(8 * i + r);
                    assert_eq!(at % 16, 0, "row address {at} not 16-byte aligned");
                    (0..8).map(|c| mem[(at / 2 + c) as usize]).collect()
                })
                .collect()
        })
        .collect();
    (0..32u32)
        .map(|lane| {
            (0..num as usize)
                .map(|i| {
                    let (g, t) = ((lane / 4) as usize, (lane % 4) as usize);
                    if trans {
                        (matrix[i][2 * t][g], matrix[i][2 * t + 1][g])
                    } else {
                        (matrix[i][g][2 * t], matrix[i][g][2 * t + 1])
                    }
                })
                .collect()
        })
        .collect()
}

/// `stmatrix` on the host: each lane's registers (pairs of 16-bit values) written through the
/// row addresses into `mem`.
fn simulate_stmatrix(
    num: u32,
    trans: bool,
    addr: &dyn Fn(u32) -> u32,
    regs: &[Vec<(u32, u32)>],
    mem: &mut [u32],
) {
    for (lane, held) in regs.iter().enumerate().take(32) {
        for (i, &(lo, hi)) in held.iter().enumerate().take(num as usize) {
            let (g, t) = (lane / 4, lane % 4);
            // Without .trans the pair is row g, columns 2t, 2t + 1; with it, rows 2t, 2t + 1
            // of column g.
            let places = if trans {
                [(2 * t, g), (2 * t + 1, g)]
            } else {
                [(g, 2 * t), (g, 2 * t + 1)]
            };
            for ((r, c), v) in places.into_iter().zip([lo, hi]) {
                let at = addr(8 * i as u32 + r as u32);
                mem[(at / 2) as usize + c] = v;
            }
        }
    }
}

/// The shared tiles each fragment is tried in: a frame with 8 more rows than the fragment
/// and at least 64 columns, plain, padded by 8 and in the 128-byte swizzle, each row- and
/// column-major; and the places in it.
fn frames(rows: u32, cols: u32) -> (Vec<SharedLayout>, Vec<FragmentAt>) {
    let (fr, fc) = (rows + 8, cols.max(64));
    let mut layouts = vec![
        SharedLayout::row_major(fr, fc, 2),
        SharedLayout::padded(fr, fc, 2, 8),
        if fc == 64 {
            SharedLayout::hopper(fr, 64, 2, SwizzleMode::B128)
        } else {
            SharedLayout::swizzled(fr, fc, 2, Swizzle::new(3, 3, 3))
        },
    ];
    // Column-major: lines are columns of fr elements (a multiple of 8).
    layouts.extend([
        SharedLayout::row_major(fr, fc, 2).col_major(),
        SharedLayout::padded(fr, fc, 2, 8).col_major(),
        SharedLayout::swizzled(fr, fc, 2, Swizzle::new(3, 3, 3)).col_major(),
    ]);
    for l in &layouts {
        l.check().unwrap_or_else(|e| panic!("{l}: {e}"));
    }
    let places = vec![FragmentAt::new(0, 0), FragmentAt::new(8, fc - cols)];
    (layouts, places)
}

/// What a case moved: for an accepted case, both simulations agree with the ISA.
struct Tally {
    accepted: usize,
    refused: usize,
}

/// Every form of `ldmatrix` / `stmatrix` over `entry`, in every frame, checked by simulation.
fn check_entry(entry: &Entry, tally: &mut Tally) -> Vec<String> {
    let n = entry.numeral;
    let isa = transcription::formula(entry.name())
        .unwrap_or_else(|| panic!("{} has no ISA transcription", entry.name()));
    let registers = n.elements / 2;
    let (layouts, places) = frames(n.rows, n.cols);
    let mut accepted_forms = Vec::new();
    for variant in MatrixVariant::ALL {
        if registers % variant.num != 0 {
            continue;
        }
        for layout in &layouts {
            let mem = tagged(layout);
            for &place in &places {
                for warp in 0..n.warps {
                    let at = place.warp(warp);
                    for first in (0..registers).step_by(variant.num as usize) {
                        let rows = match ldmatrix_rows_at(variant, n, layout, at, first) {
                            Ok(rows) => rows,
                            Err(e) => {
                                assert_refusal_is_genuine(entry, variant, layout, at, first, e);
                                tally.refused += 1;
                                continue;
                            }
                        };
                        tally.accepted += 1;
                        let addr = |lane: u32| rows.address(lane).expect("an address lane");
                        check_moves_through(entry, &isa, variant, layout, &mem, at, first, &addr);
                        let form = format!("{:?} in {}", variant, layout);
                        if !accepted_forms.contains(&form) {
                            accepted_forms.push(form);
                        }
                    }
                }
            }
        }
    }
    accepted_forms
}

/// Both simulations through the row address `addr` gives each lane: `ldmatrix` delivers each
/// lane's fragment elements (by the ISA formula) and `stmatrix` of those registers writes each
/// element to its place (`#[matrix_rows]`'s generated functions are checked through this too).
#[allow(clippy::too_many_arguments)]
pub(crate) fn check_moves_through(
    entry: &Entry,
    isa: &dyn Fn(u32, u32) -> (u32, u32),
    variant: MatrixVariant,
    layout: &SharedLayout,
    mem: &[u32],
    at: FragmentAt,
    first: u32,
    addr: &dyn Fn(u32) -> u32,
) {
    let got = simulate_ldmatrix(variant.num, variant.trans, addr, mem);
    let expected_tag = |lane: u32, e: u32| {
        let (r, c) = isa(32 * at.warp + lane, e);
        tag(layout, at.row + r, at.col + c)
    };
    let mut regs = vec![vec![(0, 0); variant.num as usize]; 32];
    for lane in 0..32 {
        for i in 0..variant.num {
            let reg = first + i;
            let want = (expected_tag(lane, 2 * reg), expected_tag(lane, 2 * reg + 1));
            assert_eq!(
                got[lane as usize][i as usize],
                want,
                "{} {:?} from {}, warp {}, register {reg}, lane {lane}",
                entry.name(),
                variant,
                layout,
                at.warp
            );
            regs[lane as usize][i as usize] = want;
        }
    }
    let mut written = vec![0u32; mem.len()];
    simulate_stmatrix(variant.num, variant.trans, addr, &regs, &mut written);
    for lane in 0..32 {
        for e in 2 * first..2 * (first + variant.num) {
            let (r, c) = isa(32 * at.warp + lane, e);
            let (row, col) = (at.row + r, at.col + c);
            let off = layout.offset(row, col).unwrap() as usize;
            assert_eq!(
                written[off],
                tag(layout, row, col),
                "{} stmatrix",
                entry.name()
            );
        }
    }
}

/// A refusal for not being contiguous or aligned is genuine: by the ISA (which lane and
/// element hold each element of each stored matrix row), some row of some matrix is not 8
/// contiguous, 16-byte-aligned elements of the layout.
fn assert_refusal_is_genuine(
    entry: &Entry,
    variant: MatrixVariant,
    layout: &SharedLayout,
    at: FragmentAt,
    first: u32,
    e: AccessError,
) {
    let isa = transcription::formula(entry.name()).unwrap();
    match e {
        AccessError::NotContiguous { .. } | AccessError::Misaligned { .. } => {}
        other => panic!("{}: {:?} in {}: {other:?}", entry.name(), variant, layout),
    }
    let movable = (0..variant.num).all(|i| {
        (0..8).all(|r| {
            let offsets: Vec<u32> = (0..8)
                .map(|c| {
                    // ISA: element (r, c) of matrix i reaches lane 4r + c/2, half c % 2; with
                    // .trans lane 4c + r/2, half r % 2.
                    let (lane, half) = if variant.trans {
                        (4 * c + r / 2, r % 2)
                    } else {
                        (4 * r + c / 2, c % 2)
                    };
                    let (tr, tc) = isa(32 * at.warp + lane, 2 * (first + i) + half);
                    layout.offset(at.row + tr, at.col + tc).unwrap()
                })
                .collect();
            offsets[0] % 8 == 0 && offsets.windows(2).all(|w| w[1] == w[0] + 1)
        })
    });
    assert!(
        !movable,
        "{} {:?} in {}: refused with {e:?}, but the ISA rows are contiguous",
        entry.name(),
        variant,
        layout
    );
}

#[test]
fn derived_addresses_move_exactly_the_fragment() {
    let mut tally = Tally {
        accepted: 0,
        refused: 0,
    };
    let mut by_name = Vec::new();
    for entry in sixteen_bit() {
        let forms = check_entry(entry, &mut tally);
        by_name.push((entry.name(), forms));
    }
    let forms_of =
        |name: &str| -> &Vec<String> { &by_name.iter().find(|(n, _)| *n == name).unwrap().1 };
    // The loads kernels make are among the accepted ones, and their transposes are not.
    let form = |num: u32, trans: bool, layout: &str| {
        format!("{:?} in {layout}", MatrixVariant::new(num, trans))
    };
    const ROW: &str = "24 x 64 of 2-byte elements, row-major";
    const COL: &str = "24 x 64 of 2-byte elements, column-major";
    let expect = [
        ("SM80_16x8x16_F16_A_ROW", form(4, false, ROW), true),
        ("SM80_16x8x16_F16_A_ROW", form(4, true, ROW), false),
        ("SM80_16x8x16_F16_A_ROW", form(4, true, COL), true),
        ("SM80_16x8x16_F16_B_COL", form(2, true, ROW), true),
        ("SM80_16x8x16_F16_B_COL", form(2, false, ROW), false),
        ("SM80_16x8x16_F16_B_COL", form(2, false, COL), true),
        (
            "SM80_16x8x16_F16_C",
            form(
                2,
                false,
                "24 x 64 of 2-byte elements, row-major, in the 128-byte swizzle mode",
            ),
            true,
        ),
        (
            "SM90_64xNx16_F16_A_RS",
            form(
                4,
                false,
                "72 x 64 of 2-byte elements, row-major, in the 128-byte swizzle mode",
            ),
            true,
        ),
        (
            "SM90_64x256x16_F16_C",
            form(
                4,
                false,
                "72 x 256 of 2-byte elements, row-major, Swizzle<3, 3, 3>",
            ),
            true,
        ),
        (
            "SM75_U16x8_LDSM_T",
            form(
                4,
                true,
                "40 x 64 of 2-byte elements, row-major, padded by 8",
            ),
            true,
        ),
    ];
    for (name, form, present) in expect {
        let forms = forms_of(name);
        assert_eq!(
            forms.contains(&form),
            present,
            "{name}: {form}; accepted: {forms:#?}"
        );
    }
    // Volta's A fragment holds 4 consecutive columns of a row: no 8-element matrix row.
    assert!(forms_of("SM70_8x8x4_F16_A_ROW").is_empty());
    assert!(
        tally.accepted > 500 && tally.refused > 500,
        "{} / {}",
        tally.accepted,
        tally.refused
    );
}

#[test]
fn the_whole_fragment_form_is_the_corner_form() {
    let tile = SharedLayout::hopper(16, 64, 2, SwizzleMode::B128);
    let whole = ldmatrix_rows(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW, &tile).unwrap();
    let at = ldmatrix_rows_at(
        MatrixVariant::X4,
        &SM80_16x8x16_F16_A_ROW,
        &tile,
        FragmentAt::ORIGIN,
        0,
    )
    .unwrap();
    assert_eq!(whole, at);
    for lane in 0..32 {
        assert_eq!(whole.address_or_copy(lane), whole.address(lane));
    }
}

#[test]
fn refusals_name_the_row_and_the_fix() {
    let kn = SharedLayout::row_major(16, 64, 2);
    let e = ldmatrix_rows(
        MatrixVariant::X2,
        &layout_core::catalog::SM80_16x8x16_F16_B_COL,
        &kn,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "matrix 0 row 0: element 1, tile (1, 0), is at offset 64, not 1: a matrix row is 8 \
         contiguous elements; it does not run along a line here: use the other .trans, or the \
         other majorness"
    );
    assert!(matches!(
        e,
        AccessError::NotContiguous {
            at: Misplaced { gap: Gap::Line, .. },
            ..
        }
    ));
    let e = ldmatrix_rows(
        MatrixVariant::X4,
        &SM80_16x8x16_F16_A_ROW,
        &SharedLayout::padded(16, 64, 2, 4),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "matrix 0 row 1 starts at byte 136, not a multiple of 16: rows of ldmatrix and \
         stmatrix are 16-byte aligned; make line pitches a multiple of 16 bytes"
    );
    let e = ldmatrix_rows(
        MatrixVariant::X2,
        &SM80_16x8x16_F16_A_ROW,
        &SharedLayout::row_major(16, 16, 2),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "the fragment has 4 registers, but .x2 moves 2 matrices: use .x4"
    );
}
