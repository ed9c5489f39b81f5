//! `#[matrix_rows]`'s generated functions (grids of atoms among them, a warpgroup's rows
//! crossing a slab's edge): for every lane (thread) they return the address
//! `ldmatrix_rows_at` derives, on plain, padded, swizzled and column-major tiles, in each of
//! the three forms of the code (sum, XOR, table); and the host simulation of `ldmatrix` /
//! `stmatrix` from the ISA text, fed those addresses, moves exactly the fragment.

use fraglayout::matrix_rows;
use fraglayout_tests::transcription;
use layout_core::catalog::{
    Entry, SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F16_C, SM90_64x16x16_F16_C,
    SM90_64x256x16_F16_C,
};
use layout_core::shared::{
    ldmatrix_rows_at, Combine, FragmentAt, MatrixVariant, SharedLayout, Swizzle, SwizzleMode,
    ThreadRows,
};

use super::matrices::{check_moves_through, tagged};

const SWIZZLED_A: SharedLayout = SharedLayout::hopper(64, 64, 2, SwizzleMode::B128);
const PADDED_A: SharedLayout = SharedLayout::padded(64, 64, 2, 8);
const KN: SharedLayout = SharedLayout::row_major(32, 64, 2);
const NK: SharedLayout = SharedLayout::padded(32, 64, 2, 8).col_major();
const STAGE: SharedLayout = SharedLayout::swizzled(16, 64, 2, Swizzle::new(3, 3, 3));
const WG_STAGE: SharedLayout = SharedLayout::swizzled(64, 16, 2, Swizzle::new(1, 3, 3));
// Grids of 128-byte atoms: K = 128 f16 in two slabs, and the 64 x 256 f16 epilogue in four.
const A_TWO_K_ATOMS: SharedLayout = SharedLayout::hopper(64, 128, 2, SwizzleMode::B128);
const WG_SLABS: SharedLayout = SharedLayout::hopper(64, 256, 2, SwizzleMode::B128);

#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SWIZZLED_A, at = (16, 32), conflict_free)]
fn a_swizzled(lane: u32) -> u32 {}

#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SWIZZLED_A, at = (4, 8))]
fn a_swizzled_off_period(lane: u32) -> u32 {}

#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, PADDED_A, at = (48, 16), conflict_free)]
fn a_padded(lane: usize) -> usize {}

#[matrix_rows(ldmatrix.x2.trans, SM80_16x8x16_F16_B_COL, KN, at = (8, 24))]
fn b_trans(lane: u32) -> u32 {}

#[matrix_rows(ldmatrix.x2, SM80_16x8x16_F16_B_COL, NK, at = (16, 40), conflict_free)]
fn b_col_major(lane: u32) -> u32 {}

#[matrix_rows(stmatrix.x2, SM80_16x8x16_F16_C, STAGE, at = (0, 24), conflict_free)]
fn c_stage(lane: u32) -> u32 {}

#[matrix_rows(stmatrix.x1, SM80_16x8x16_F16_C, STAGE, at = (0, 8), first = 1)]
fn c_stage_upper(lane: u32) -> u32 {}

#[matrix_rows(stmatrix.x4, SM90_64x16x16_F16_C, WG_STAGE)]
fn wg_stage(thread: u32) -> u32 {}

#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, A_TWO_K_ATOMS, at = (16, 64), conflict_free)]
fn a_second_k_atom(lane: u32) -> u32 {}

#[matrix_rows(stmatrix.x4, SM90_64x256x16_F16_C, WG_SLABS, first = 30, conflict_free)]
fn wg_slab_crossing(thread: u32) -> u32 {}

/// One generated function and what it was generated from.
struct Case {
    name: &'static str,
    f: fn(u32) -> u32,
    entry: &'static Entry,
    variant: MatrixVariant,
    layout: SharedLayout,
    at: FragmentAt,
    first: u32,
    code: Combine,
}

fn entry(name: &str) -> &'static Entry {
    layout_core::catalog::find(name).expect("a catalog layout")
}

fn cases() -> Vec<Case> {
    let x = |num, trans| MatrixVariant::new(num, trans);
    let at = FragmentAt::new;
    let a = entry("SM80_16x8x16_F16_A_ROW");
    let b = entry("SM80_16x8x16_F16_B_COL");
    let c = entry("SM80_16x8x16_F16_C");
    let wg = entry("SM90_64x16x16_F16_C");
    let wide = entry("SM90_64x256x16_F16_C");
    vec![
        Case {
            name: "a_swizzled",
            f: a_swizzled,
            entry: a,
            variant: x(4, false),
            layout: SWIZZLED_A,
            at: at(16, 32),
            first: 0,
            code: Combine::Xor,
        },
        Case {
            name: "a_swizzled_off_period",
            f: a_swizzled_off_period,
            entry: a,
            variant: x(4, false),
            layout: SWIZZLED_A,
            at: at(4, 8),
            first: 0,
            code: Combine::Table,
        },
        Case {
            name: "a_padded",
            f: |l| a_padded(l as usize) as u32,
            entry: a,
            variant: x(4, false),
            layout: PADDED_A,
            at: at(48, 16),
            first: 0,
            code: Combine::Add,
        },
        Case {
            name: "b_trans",
            f: b_trans,
            entry: b,
            variant: x(2, true),
            layout: KN,
            at: at(8, 24),
            first: 0,
            code: Combine::Add,
        },
        Case {
            name: "b_col_major",
            f: b_col_major,
            entry: b,
            variant: x(2, false),
            layout: NK,
            at: at(16, 40),
            first: 0,
            code: Combine::Add,
        },
        Case {
            name: "c_stage",
            f: c_stage,
            entry: c,
            variant: x(2, false),
            layout: STAGE,
            at: at(0, 24),
            first: 0,
            code: Combine::Add,
        },
        Case {
            name: "c_stage_upper",
            f: c_stage_upper,
            entry: c,
            variant: x(1, false),
            layout: STAGE,
            at: at(0, 8),
            first: 1,
            code: Combine::Add,
        },
        Case {
            name: "wg_stage",
            f: wg_stage,
            entry: wg,
            variant: x(4, false),
            layout: WG_STAGE,
            at: at(0, 0),
            first: 0,
            code: Combine::Xor,
        },
        Case {
            name: "a_second_k_atom",
            f: a_second_k_atom,
            entry: a,
            variant: x(4, false),
            layout: A_TWO_K_ATOMS,
            at: at(16, 64),
            first: 0,
            code: Combine::Xor,
        },
        Case {
            name: "wg_slab_crossing",
            f: wg_slab_crossing,
            entry: wide,
            variant: x(4, false),
            layout: WG_SLABS,
            at: at(0, 0),
            first: 30,
            code: Combine::Xor,
        },
    ]
}

#[test]
fn generated_rows_are_the_derived_rows_for_every_lane() {
    for case in cases() {
        let n = case.entry.numeral;
        let rows = ThreadRows::new(case.variant, n, &case.layout, case.at, case.first).unwrap();
        assert_eq!(
            rows.code().combine(),
            case.code,
            "{}: {}",
            case.name,
            rows.code()
        );
        for warp in 0..n.warps {
            let derived = ldmatrix_rows_at(
                case.variant,
                n,
                &case.layout,
                case.at.warp(warp),
                case.first,
            )
            .unwrap();
            for lane in 0..32 {
                let t = 32 * warp + lane;
                let got = (case.f)(t);
                assert_eq!(
                    Some(got),
                    derived.address_or_copy(lane),
                    "{}: thread {t}",
                    case.name
                );
                assert_eq!(Some(got), rows.address(t), "{}: thread {t}", case.name);
                if let Some(own) = derived.address(lane) {
                    assert_eq!(got, own, "{}: lane {lane} supplies its own row", case.name);
                }
                // Only the low bits of the thread index are read.
                assert_eq!(
                    (case.f)(t + 32 * n.warps * 3),
                    got,
                    "{}: thread {t}",
                    case.name
                );
            }
        }
    }
}

#[test]
fn generated_rows_move_exactly_the_fragment() {
    for case in cases() {
        let n = case.entry.numeral;
        let isa = transcription::formula(case.entry.name()).expect("an ISA transcription");
        let mem = tagged(&case.layout);
        for warp in 0..n.warps {
            let addr = |lane: u32| (case.f)(32 * warp + lane);
            check_moves_through(
                case.entry,
                &isa,
                case.variant,
                &case.layout,
                &mem,
                case.at.warp(warp),
                case.first,
                &addr,
            );
        }
    }
}

#[test]
fn conflict_free_cases_are_and_the_others_are_counted() {
    for case in cases() {
        let n = case.entry.numeral;
        let rows = ThreadRows::new(case.variant, n, &case.layout, case.at, case.first).unwrap();
        let w = rows.wavefronts().unwrap();
        assert_eq!(w.ideal, case.variant.num * n.warps, "{}", case.name);
        // The cases declared `conflict_free` compiled, so the model agrees here.
        if ["a_swizzled", "a_padded", "b_col_major", "c_stage"].contains(&case.name) {
            assert!(w.conflict_free(), "{}: {w:?}", case.name);
        }
    }
    // The transposed B read from a plain K x N tile of 128-byte rows is 8-way conflicted.
    let rows = ThreadRows::new(
        MatrixVariant::X2_TRANS,
        &SM80_16x8x16_F16_B_COL,
        &KN,
        FragmentAt::new(8, 24),
        0,
    )
    .unwrap();
    assert_eq!(rows.wavefronts().unwrap().total, 16);
    assert_eq!(rows.code().to_string(), "1072 + (t & 15) * 128");
}

#[test]
fn generated_rows_are_const() {
    #[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SWIZZLED_A)]
    const fn a_row(lane: u32) -> u32 {}
    const ROWS: [u32; 4] = [a_row(0), a_row(1), a_row(8), a_row(16)];
    // Lane 1: row 1, unit 0 ^ 1; lane 8: row 8, unit 0; lane 16: row 0, unit 1.
    assert_eq!(ROWS, [0, 128 + 16, 8 * 128, 16]);
}
