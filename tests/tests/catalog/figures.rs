//! Layouts against cells read off the ISA's figures by hand, and the one misprint in its text.

use std::collections::BTreeSet;

use fraglayout_tests::ptx;
use layout_core::catalog as cat;
use layout_core::Numeral;

#[test]
fn b1_m16n8k256_a_reads_i_and_0x1f_where_the_isa_prints_i() {
    // As printed, the column of a0..a63 is `threadID_in_group * 32 + i`: lane 3's a32 lands
    // on row 8, column 128, which lane 0's a96 also claims, so the printed text is no layout.
    assert_eq!(ptx::m16n8k256_b1_a_as_printed(3, 32), (8, 128));
    assert_eq!(ptx::m16n8k256_b1_a_as_printed(0, 96), (8, 128));
    let mut seen = BTreeSet::new();
    let mut collisions = 0;
    for lane in 0..32 {
        for i in 0..128 {
            collisions += usize::from(!seen.insert(ptx::m16n8k256_b1_a_as_printed(lane, i)));
        }
    }
    assert!(collisions > 0);
    // The catalog follows the `(i & 0x1F)` reading: a bijection, a32 of lane 3 at column 96.
    let a = &cat::SM80_16x8x256_B1_A_ROW;
    assert!(a.is_bijection());
    assert_eq!(a.coords(3, 32), Some((8, 96)));
    assert_eq!(a.coords(0, 96), Some((8, 128)));
    // The two readings agree wherever the printed one does not add the register offset.
    for lane in 0..32 {
        for i in (0..32).chain(64..128) {
            assert_eq!(
                a.coords(lane, i),
                Some(ptx::m16n8k256_b1_a_as_printed(lane, i))
            );
        }
    }
}

/// Cells read off the ISA figures by hand, `(thread, element, row, col)`, covering warps 0
/// and 1 (and a few of warps 2-3).
const WGMMA_D_FIGURE_N16: &[(u32, u32, u32, u32)] = &[
    (0, 0, 0, 0),
    (0, 1, 0, 1),
    (1, 0, 0, 2),
    (3, 1, 0, 7),
    (0, 2, 8, 0),
    (0, 3, 8, 1),
    (0, 4, 0, 8),
    (0, 5, 0, 9),
    (0, 6, 8, 8),
    (0, 7, 8, 9),
    (4, 0, 1, 0),
    (31, 7, 15, 15),
    (32, 0, 16, 0),
    (33, 2, 24, 2),
    (35, 5, 16, 15),
    (36, 0, 17, 0),
    (63, 0, 23, 6),
    (63, 7, 31, 15),
    (64, 0, 32, 0),
    (127, 7, 63, 15),
];
const WGMMA_A_K16_FIGURE: &[(u32, u32, u32, u32)] = &[
    (0, 0, 0, 0),
    (0, 1, 0, 1),
    (0, 2, 8, 0),
    (0, 4, 0, 8),
    (0, 6, 8, 8),
    (1, 0, 0, 2),
    (4, 0, 1, 0),
    (31, 7, 15, 15),
    (32, 0, 16, 0),
    (45, 3, 27, 3),
    (63, 5, 23, 15),
    (127, 0, 55, 6),
];
const WGMMA_A_K8_FIGURE: &[(u32, u32, u32, u32)] = &[
    (0, 0, 0, 0),
    (0, 1, 8, 0),
    (0, 2, 0, 4),
    (0, 3, 8, 4),
    (1, 0, 0, 1),
    (4, 0, 1, 0),
    (31, 3, 15, 7),
    (32, 0, 16, 0),
    (41, 2, 18, 5),
    (63, 1, 31, 3),
    (96, 0, 48, 0),
];
const WGMMA_A_K32_FIGURE: &[(u32, u32, u32, u32)] = &[
    (0, 0, 0, 0),
    (0, 3, 0, 3),
    (0, 4, 8, 0),
    (0, 8, 0, 16),
    (0, 12, 8, 16),
    (1, 0, 0, 4),
    (4, 0, 1, 0),
    (31, 15, 15, 31),
    (32, 0, 16, 0),
    (63, 9, 23, 29),
    (127, 15, 63, 31),
];

#[test]
fn wgmma_layouts_match_hand_transcribed_figure_cells() {
    let check = |n: &Numeral, cells: &[(u32, u32, u32, u32)]| {
        for &(t, i, r, c) in cells {
            assert_eq!(
                n.coords(t, i),
                Some((r, c)),
                "{}: thread {t}, element {i}",
                n.name
            );
        }
    };
    check(&cat::SM90_64x16x16_F32_C, WGMMA_D_FIGURE_N16);
    check(&cat::SM90_64x16x32_S32_C, WGMMA_D_FIGURE_N16);
    check(&cat::SM90_64xNx16_F16_A_RS, WGMMA_A_K16_FIGURE);
    check(&cat::SM90_64xNx8_TF32_A_RS, WGMMA_A_K8_FIGURE);
    check(&cat::SM90_64xNx32_E4M3_A_RS, WGMMA_A_K32_FIGURE);
}

/// The ISA figure "WGMMA .m64nNk16 register fragment layout for accumulator matrix D", N = 16,
/// rows 0-31 (warps 0 and 1), drawn as the figure draws it: each cell `T{thread}:{element}`.
/// Row 8 starts the `d2, d3` half of warp 0; row 16 is warp 1 (threads 32-63); columns 8-15
/// are the second n-block (`d4`-`d7`). The figure for A of `m64nNk16` (64 x 16, as the
/// `mma.m16n8k16` A fragment per warp, columns 8-15 in `a4`-`a7`) draws exactly the same cells.
const WGMMA_D_N16_FIGURE_ROWS_0_31: &str = "
  T0:0   T0:1   T1:0   T1:1   T2:0   T2:1   T3:0   T3:1   T0:4   T0:5   T1:4   T1:5   T2:4   T2:5   T3:4   T3:5
  T4:0   T4:1   T5:0   T5:1   T6:0   T6:1   T7:0   T7:1   T4:4   T4:5   T5:4   T5:5   T6:4   T6:5   T7:4   T7:5
  T8:0   T8:1   T9:0   T9:1  T10:0  T10:1  T11:0  T11:1   T8:4   T8:5   T9:4   T9:5  T10:4  T10:5  T11:4  T11:5
 T12:0  T12:1  T13:0  T13:1  T14:0  T14:1  T15:0  T15:1  T12:4  T12:5  T13:4  T13:5  T14:4  T14:5  T15:4  T15:5
 T16:0  T16:1  T17:0  T17:1  T18:0  T18:1  T19:0  T19:1  T16:4  T16:5  T17:4  T17:5  T18:4  T18:5  T19:4  T19:5
 T20:0  T20:1  T21:0  T21:1  T22:0  T22:1  T23:0  T23:1  T20:4  T20:5  T21:4  T21:5  T22:4  T22:5  T23:4  T23:5
 T24:0  T24:1  T25:0  T25:1  T26:0  T26:1  T27:0  T27:1  T24:4  T24:5  T25:4  T25:5  T26:4  T26:5  T27:4  T27:5
 T28:0  T28:1  T29:0  T29:1  T30:0  T30:1  T31:0  T31:1  T28:4  T28:5  T29:4  T29:5  T30:4  T30:5  T31:4  T31:5
  T0:2   T0:3   T1:2   T1:3   T2:2   T2:3   T3:2   T3:3   T0:6   T0:7   T1:6   T1:7   T2:6   T2:7   T3:6   T3:7
  T4:2   T4:3   T5:2   T5:3   T6:2   T6:3   T7:2   T7:3   T4:6   T4:7   T5:6   T5:7   T6:6   T6:7   T7:6   T7:7
  T8:2   T8:3   T9:2   T9:3  T10:2  T10:3  T11:2  T11:3   T8:6   T8:7   T9:6   T9:7  T10:6  T10:7  T11:6  T11:7
 T12:2  T12:3  T13:2  T13:3  T14:2  T14:3  T15:2  T15:3  T12:6  T12:7  T13:6  T13:7  T14:6  T14:7  T15:6  T15:7
 T16:2  T16:3  T17:2  T17:3  T18:2  T18:3  T19:2  T19:3  T16:6  T16:7  T17:6  T17:7  T18:6  T18:7  T19:6  T19:7
 T20:2  T20:3  T21:2  T21:3  T22:2  T22:3  T23:2  T23:3  T20:6  T20:7  T21:6  T21:7  T22:6  T22:7  T23:6  T23:7
 T24:2  T24:3  T25:2  T25:3  T26:2  T26:3  T27:2  T27:3  T24:6  T24:7  T25:6  T25:7  T26:6  T26:7  T27:6  T27:7
 T28:2  T28:3  T29:2  T29:3  T30:2  T30:3  T31:2  T31:3  T28:6  T28:7  T29:6  T29:7  T30:6  T30:7  T31:6  T31:7
 T32:0  T32:1  T33:0  T33:1  T34:0  T34:1  T35:0  T35:1  T32:4  T32:5  T33:4  T33:5  T34:4  T34:5  T35:4  T35:5
 T36:0  T36:1  T37:0  T37:1  T38:0  T38:1  T39:0  T39:1  T36:4  T36:5  T37:4  T37:5  T38:4  T38:5  T39:4  T39:5
 T40:0  T40:1  T41:0  T41:1  T42:0  T42:1  T43:0  T43:1  T40:4  T40:5  T41:4  T41:5  T42:4  T42:5  T43:4  T43:5
 T44:0  T44:1  T45:0  T45:1  T46:0  T46:1  T47:0  T47:1  T44:4  T44:5  T45:4  T45:5  T46:4  T46:5  T47:4  T47:5
 T48:0  T48:1  T49:0  T49:1  T50:0  T50:1  T51:0  T51:1  T48:4  T48:5  T49:4  T49:5  T50:4  T50:5  T51:4  T51:5
 T52:0  T52:1  T53:0  T53:1  T54:0  T54:1  T55:0  T55:1  T52:4  T52:5  T53:4  T53:5  T54:4  T54:5  T55:4  T55:5
 T56:0  T56:1  T57:0  T57:1  T58:0  T58:1  T59:0  T59:1  T56:4  T56:5  T57:4  T57:5  T58:4  T58:5  T59:4  T59:5
 T60:0  T60:1  T61:0  T61:1  T62:0  T62:1  T63:0  T63:1  T60:4  T60:5  T61:4  T61:5  T62:4  T62:5  T63:4  T63:5
 T32:2  T32:3  T33:2  T33:3  T34:2  T34:3  T35:2  T35:3  T32:6  T32:7  T33:6  T33:7  T34:6  T34:7  T35:6  T35:7
 T36:2  T36:3  T37:2  T37:3  T38:2  T38:3  T39:2  T39:3  T36:6  T36:7  T37:6  T37:7  T38:6  T38:7  T39:6  T39:7
 T40:2  T40:3  T41:2  T41:3  T42:2  T42:3  T43:2  T43:3  T40:6  T40:7  T41:6  T41:7  T42:6  T42:7  T43:6  T43:7
 T44:2  T44:3  T45:2  T45:3  T46:2  T46:3  T47:2  T47:3  T44:6  T44:7  T45:6  T45:7  T46:6  T46:7  T47:6  T47:7
 T48:2  T48:3  T49:2  T49:3  T50:2  T50:3  T51:2  T51:3  T48:6  T48:7  T49:6  T49:7  T50:6  T50:7  T51:6  T51:7
 T52:2  T52:3  T53:2  T53:3  T54:2  T54:3  T55:2  T55:3  T52:6  T52:7  T53:6  T53:7  T54:6  T54:7  T55:6  T55:7
 T56:2  T56:3  T57:2  T57:3  T58:2  T58:3  T59:2  T59:3  T56:6  T56:7  T57:6  T57:7  T58:6  T58:7  T59:6  T59:7
 T60:2  T60:3  T61:2  T61:3  T62:2  T62:3  T63:2  T63:3  T60:6  T60:7  T61:6  T61:7  T62:6  T62:7  T63:6  T63:7
";

/// Parses a figure grid into `(thread, element, row, col)` cells.
fn figure_cells(grid: &str) -> Vec<(u32, u32, u32, u32)> {
    let mut cells = Vec::new();
    for (row, line) in grid.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        for (col, cell) in line.split_whitespace().enumerate() {
            let (t, e) = cell
                .strip_prefix('T')
                .and_then(|c| c.split_once(':'))
                .unwrap_or_else(|| panic!("bad cell {cell}"));
            cells.push((
                t.parse().unwrap(),
                e.parse().unwrap(),
                row as u32,
                col as u32,
            ));
        }
    }
    cells
}

#[test]
fn wgmma_layouts_match_the_figures_for_two_warps() {
    for (n, grid) in [
        (&cat::SM90_64x16x16_F32_C, WGMMA_D_N16_FIGURE_ROWS_0_31),
        (&cat::SM90_64x16x16_F16_C, WGMMA_D_N16_FIGURE_ROWS_0_31),
        (&cat::SM90_64xNx16_F16_A_RS, WGMMA_D_N16_FIGURE_ROWS_0_31),
    ] {
        let cells = figure_cells(grid);
        assert_eq!(cells.len(), 32 * 16, "{}: 32 rows of 16", n.name);
        for (t, e, row, col) in cells {
            assert_eq!(
                n.decode_coords(row, col),
                Some((t, e)),
                "{}: ({row}, {col})",
                n.name
            );
        }
    }
}
