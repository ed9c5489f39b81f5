//! `fraglayout banks` and `fraglayout smem`: the counts, the collisions and the generated
//! address code they print agree with `layout_core::shared`; the search answers with a
//! layout; pictures are written; mistakes are usage errors (exit 2) and impossible accesses
//! or layouts exit 1 with their reason.

use crate::support::{ok, run, stderr, stdout};

use layout_core::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_C};
use layout_core::shared::{
    Access, FragmentAt, MatrixVariant, SharedLayout, Swizzle, SwizzleMode, ThreadRows, Wavefronts,
};

/// What `banks` prints for `access` on `l`.
fn wavefronts(access: &Access, l: &SharedLayout) -> String {
    written(&access.wavefronts(l).unwrap())
}

/// The report `w` as text.
fn written(w: &Wavefronts) -> String {
    let mut m = layout_core::message::Message::new();
    w.write(&mut m);
    m.as_str().to_string()
}

#[test]
fn banks_counts_and_names_the_colliding_lanes() {
    let out = ok(&[
        "banks",
        "ldmatrix.x4",
        "SM80_16x8x16_F16_A_ROW",
        "--tile",
        "64x64",
    ]);
    let plain = SharedLayout::row_major(64, 64, 2);
    let read = Access::matrices(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW);
    assert!(out.starts_with(&format!(
        "ldmatrix.x4 of SM80_16x8x16_F16_A_ROW at (0, 0) on {plain}:\n{}\n",
        wavefronts(&read, &plain)
    )));
    // Phase 2 is matrix 2 (columns 8..16): lanes 16..24 on banks 4..8.
    assert!(
        out.contains(
            "  phase 2 (lanes 16..24): 8 wavefronts\n    bank 4: 8 words, lanes 16, 17, 18, 19, 20, 21, 22, 23\n"
        ),
        "{out}"
    );
    let code = ThreadRows::whole(
        MatrixVariant::X4,
        &SM80_16x8x16_F16_A_ROW,
        &plain,
        FragmentAt::ORIGIN,
    )
    .unwrap()
    .code();
    assert!(
        out.contains(&format!(
            "#[matrix_rows] address of lane t, registers 0..4: {code}\n"
        )),
        "{out}"
    );
}

#[test]
fn banks_reads_the_tile_options() {
    let out = ok(&[
        "banks",
        "ldmatrix.x4",
        "SM80_16x8x16_F16_A_ROW",
        "--tile",
        "64x64",
        "--swizzle",
        "128B",
        "--at",
        "16,32",
    ]);
    let l = SharedLayout::hopper(64, 64, 2, SwizzleMode::B128);
    assert!(
        out.contains(&format!(
            "at (16, 32) on {l}:\n4 wavefronts, ideal 4 (conflict-free)\n"
        )),
        "{out}"
    );
    assert!(
        out.contains("2112 ^ (t & 7) * 144 ^ ((t >> 3) & 1) * 1024 ^ ((t >> 4) & 1) * 16"),
        "{out}"
    );
    // CuTe's numbers, padding, a transposed B read from a column-major tile.
    for (args, layout) in [
        (
            vec!["--swizzle", "3,3,3"],
            SharedLayout::swizzled(64, 64, 2, Swizzle::new(3, 3, 3)),
        ),
        (vec!["--pad", "8"], SharedLayout::padded(64, 64, 2, 8)),
        (
            vec!["--pad", "8", "--col-major"],
            SharedLayout::padded(64, 64, 2, 8).col_major(),
        ),
    ] {
        let mut all = vec![
            "banks",
            "ldmatrix.x4.trans",
            "SM80_16x8x16_F16_A_ROW",
            "--tile",
            "64x64",
        ];
        all.extend(args);
        let o = run(&all);
        let read = Access::matrices(MatrixVariant::X4_TRANS, &SM80_16x8x16_F16_A_ROW);
        match read.wavefronts(&layout) {
            Ok(_) => {
                assert_eq!(o.status.code(), Some(0), "{layout}: {}", stderr(&o));
                assert!(
                    stdout(&o).contains(&format!("on {layout}:\n{}\n", wavefronts(&read, &layout)))
                );
            }
            Err(e) => {
                assert_eq!(o.status.code(), Some(1), "{layout}");
                assert!(
                    stdout(&o).contains(&format!("cannot be made: {e}\n")),
                    "{}",
                    stdout(&o)
                );
            }
        }
    }
}

#[test]
fn banks_of_elements_and_rows_and_their_total() {
    let out = ok(&[
        "banks",
        "store.8",
        "SM80_16x8x16_F32_C",
        "rows.16",
        "--tile",
        "16x64",
        "--elem",
        "4",
    ]);
    let l = SharedLayout::row_major(16, 64, 4);
    let store = Access::elements(&layout_core::catalog::SM80_16x8x16_F32_C, 8);
    assert!(
        out.contains(&format!(
            "store.8 of SM80_16x8x16_F32_C at (0, 0) on {l}:\n{}\n",
            wavefronts(&store, &l)
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "rows.16 on {l}:\n{}\n",
            wavefronts(&Access::rows(16), &l)
        )),
        "{out}"
    );
    let total = layout_core::shared::wavefronts_of(&l, &[store, Access::rows(16)]).unwrap();
    assert!(
        out.contains(&format!("all accesses: {}\n", written(&total))),
        "{out}"
    );
}

#[test]
fn banks_of_a_warpgroup_fragment_by_warp() {
    let out = ok(&[
        "banks",
        "stmatrix.x4",
        "SM90_64x64x16_F16_C",
        "--swizzle",
        "128B",
        "--warp",
        "1",
    ]);
    let l = SharedLayout::hopper(64, 64, 2, SwizzleMode::B128);
    let stage = Access::matrices(
        MatrixVariant::X4,
        &layout_core::catalog::SM90_64x64x16_F16_C,
    )
    .at(FragmentAt::ORIGIN.warp(1));
    assert!(
        out.starts_with(&format!(
            "stmatrix.x4 of SM90_64x64x16_F16_C by warp 1 at (0, 0) on {l}:\n{}\n",
            wavefronts(&stage, &l)
        )),
        "{out}"
    );
    // Four instructions of 4 registers each, their code over the warpgroup's thread index.
    assert_eq!(
        out.matches("#[matrix_rows] address of thread t, registers ")
            .count(),
        4,
        "{out}"
    );
    let o = run(&["banks", "stmatrix.x4", "SM90_64x64x16_F16_C", "--warp", "4"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("cannot be made: warp 4 of a fragment of 4 warps: warps are 0..4\n")
    );
    assert!(!stdout(&o).contains("#[matrix_rows]"), "{}", stdout(&o));
}

#[test]
fn find_answers_with_a_layout_and_its_rust() {
    let out = ok(&[
        "banks",
        "stmatrix.x2",
        "SM80_16x8x16_F16_C",
        "rows.16",
        "--tile",
        "16x64",
        "--find",
    ]);
    let base = SharedLayout::row_major(16, 64, 2);
    let found = layout_core::shared::find(
        &base,
        &[
            Access::matrices(MatrixVariant::X2, &SM80_16x8x16_F16_C),
            Access::rows(16),
        ],
        8,
    )
    .unwrap();
    assert!(found.conflict_free());
    assert!(
        out.contains(&format!(
            "conflict-free on {} ({} layouts tried, padding up to 8):\n    SharedLayout::row_major(16, 64, 2).with_swizzle(Swizzle::new(3, 3, 3))\n",
            found.layout, found.tried
        )),
        "{out}"
    );
    assert_eq!(found.layout.swizzle(), Swizzle::new(3, 3, 3));
    assert!(
        out.contains("    linear: matches the GF(2)-linear optimum (18 wavefronts)\n"),
        "{out}"
    );
}

#[test]
fn banks_draws_the_access() {
    let path = std::env::temp_dir().join(format!("fraglayout-banks-{}.svg", std::process::id()));
    let file = path.to_str().unwrap();
    let o = run(&[
        "banks",
        "ldmatrix.x4",
        "SM80_16x8x16_F16_A_ROW",
        "--tile",
        "64x64",
        "--svg",
        file,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(svg.starts_with("<?xml") && svg.ends_with("</svg>\n"));
    // 4 phases of 32 words; 7 extra wavefronts of 4 banks in each phase are red.
    assert_eq!(svg.matches(r#"<rect class="word""#).count(), 128);
    assert_eq!(svg.matches(r##"stroke="#b00000""##).count(), 4 * 7 * 4);
    let o = run(&[
        "banks",
        "ldmatrix.x4",
        "SM80_16x8x16_F16_A_ROW",
        "--svg",
        "/nonexistent/dir/x.svg",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("error: cannot write `/nonexistent/dir/x.svg`"));
}

#[test]
fn smem_draws_the_swizzle() {
    let out = ok(&["smem", "--tile", "8x64", "--swizzle", "128B"]);
    for r in 0..8u32 {
        let cells: Vec<String> = (0..8u32).map(|c| format!("{:>2}", c ^ r)).collect();
        assert!(
            out.contains(&format!("row {r}: {}\n", cells.join(" "))),
            "{out}"
        );
    }
    let o = run(&["smem", "--tile", "4x64", "--show", "bank", "--pad", "8"]);
    let out = stdout(&o);
    // Rows of 144 bytes: row 1 starts at bank 36 % 32 = 4.
    assert!(out.contains("row 1:  4  5  6"), "{out}");
    let svg = ok(&["smem", "--tile", "16x64", "--swizzle", "64B", "--svg", "-"]);
    assert!(
        svg.contains("64-byte swizzle mode, 2 atoms of 32 along a line, in slabs"),
        "a 128-byte row is two 64-byte atoms side by side"
    );
    assert_eq!(svg.matches(r#"<rect class="cell""#).count(), 16 * 8);
}

#[test]
fn smem_prints_a_grid_s_tma_box_and_descriptor() {
    // The Hopper epilogue tile: 8 slabs, one TMA copy each.
    let out = ok(&[
        "smem",
        "--tile",
        "64x256",
        "--elem",
        "4",
        "--swizzle",
        "128B",
    ]);
    assert!(
        out.contains("in slabs of 64 lines (8192 bytes each)"),
        "{out}"
    );
    assert!(
        out.contains("TMA: box {32, 64} (inner, outer), 8 copies of 8192 bytes"),
        "{out}"
    );
    // 128 (M) x 64 (K) f16, M-major, read by an MMA of M = 128: CuTe's bands and DeepGEMM's
    // slabs.
    let mn = [
        "smem",
        "--tile",
        "128x64",
        "--swizzle",
        "128B",
        "--col-major",
        "--operand",
        "a",
        "--mma",
        "128",
    ];
    let slabs = ok(&mn);
    assert!(
        slabs.contains("MN-major, 128-byte swizzle, LBO 8192, SBO 1024"),
        "{slabs}"
    );
    assert!(
        slabs.contains("TMA: box {64, 64} (inner, outer), 2 copies"),
        "{slabs}"
    );
    let bands = ok(&[&mn[..], &["--atoms", "bands"]].concat());
    assert!(
        bands.contains("MN-major, 128-byte swizzle, LBO 1024, SBO 2048"),
        "{bands}"
    );
    assert!(
        bands.contains("TMA: box {64, 8} (inner, outer), 16 copies"),
        "{bands}"
    );
    // K-major, one slab of 16 atoms down M.
    let k = ok(&[
        "smem",
        "--tile",
        "128x64",
        "--swizzle",
        "128B",
        "--operand",
        "A",
    ]);
    assert!(
        k.contains("K-major, 128-byte swizzle, LBO 16, SBO 1024"),
        "{k}"
    );
    assert!(
        k.contains("K steps of 16 elements start at bytes 0 32 64 96"),
        "{k}"
    );
    // `banks` on a grid says the grid and its TMA box after the counts.
    let o = run(&[
        "banks",
        "stmatrix.x4",
        "SM90_64x256x16_F16_C",
        "--tile",
        "64x256",
        "--swizzle",
        "128B",
    ]);
    let out = stdout(&o);
    assert!(
        out.contains("64 wavefronts, ideal 64 (conflict-free)"),
        "{out}"
    );
    assert!(
        out.contains("atoms: 8 lines x 128 bytes, 4 along a line, in slabs of 64 lines"),
        "{out}"
    );
    assert!(
        out.contains("TMA: box {64, 64} (inner, outer), 4 copies of 8192 bytes"),
        "{out}"
    );
    let bad = ok(&["smem", "--tile", "64x64", "--pad", "8", "--operand", "a"]);
    assert!(
        bad.contains("descriptor (A, M = 64): none: a descriptor reads"),
        "{bad}"
    );
}

#[test]
fn mistakes_are_usage_errors_and_impossible_ones_exit_1() {
    for (args, msg) in [
        (
            vec!["banks"],
            "the following required arguments were not provided",
        ),
        (
            vec!["banks", "ldmatrix", "SM80_16x8x16_F16_A_ROW"],
            "name how many matrices",
        ),
        (
            vec!["banks", "ldmatrix.x4"],
            "`ldmatrix.x4` needs a fragment",
        ),
        (vec!["banks", "rows.16"], "give the tile"),
        (vec!["banks", "rows.x"], "give the bytes a lane moves"),
        (
            vec!["banks", "rows.16", "--tile", "64"],
            "`--tile` takes ROWSxCOLS",
        ),
        (
            vec!["banks", "rows.16", "--tile", "8x8", "--swizzle", "big"],
            "`--swizzle` takes",
        ),
        (
            vec![
                "banks", "rows.16", "rows.8", "--tile", "8x8", "--svg", "x.svg",
            ],
            "`--svg` draws one access",
        ),
        (
            vec!["banks", "rows.16", "--tile", "8x8", "--max-pad", "4"],
            "the following required arguments were not provided",
        ),
        (
            vec!["banks", "rows.16", "--colour"],
            "unexpected argument '--colour'",
        ),
        (vec!["banks", "frobnicate"], "`frobnicate` is no access"),
        (vec!["smem"], "give the tile"),
        (
            vec!["smem", "--tile", "8x8", "--show", "lanes"],
            "invalid value 'lanes' for '--show <WHAT>'",
        ),
        (vec!["smem", "8x8"], "unexpected argument '8x8'"),
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.starts_with("error: ") && err.lines().next().unwrap().contains(msg),
            "{args:?}: {err}"
        );
    }
    let o = run(&["banks", "ldmatrix.x4", "SM80_16x8x16_F16_A_RW"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("did you mean `SM80_16x8x16_F16_A_ROW`"),
        "{}",
        stderr(&o)
    );
    let o = run(&["smem", "--tile", "4x64", "--swizzle", "3,3,3"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("is unsound: Swizzle<3, 3, 3> reads offset bits 6..9"),
        "{}",
        stderr(&o)
    );
    let o = run(&[
        "banks",
        "ldmatrix.x2",
        "SM80_16x8x16_F16_B_COL",
        "--tile",
        "16x64",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("cannot be made: matrix 0 row 0: element 1"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn help_lists_the_shared_memory_commands() {
    assert!(
        ok(&["help", "banks"]).contains("Usage: fraglayout banks [OPTIONS] <ACCESS [LAYOUT]>...")
    );
    assert!(ok(&["help", "smem"]).contains("Usage: fraglayout smem [OPTIONS]"));
}

#[test]
fn find_states_its_criterion_and_widens_free_accesses() {
    let out = ok(&[
        "banks",
        "store",
        "SM80_16x8x16_F32_C",
        "rows.16",
        "--tile",
        "16x64",
        "--find",
        "--max-pad",
        "2",
    ]);
    let base = SharedLayout::row_major(16, 64, 4);
    let found = layout_core::shared::find(
        &base,
        &[
            Access::elements_widest(&layout_core::catalog::SM80_16x8x16_F32_C),
            Access::rows(16),
        ],
        2,
    )
    .unwrap();
    assert_eq!(found.width, Some(8));
    assert!(
        out.contains("store (the widest vector) of SM80_16x8x16_F32_C at (0, 0) on "),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "conflict-free on {} ({} layouts tried, padding up to 2):\n",
            found.layout, found.tried
        )),
        "{out}"
    );
    assert!(
        out.contains(
            "    criterion: the widest vectors (free widths at 8 bytes a lane), then the fewest \
             wavefronts, over paddings 0..=2 elements, each with no swizzle and every \
             Swizzle<bits, base, shift> of 1..=5 bits written inside a 128-byte row of banks\n"
        ),
        "{out}"
    );
    // 8-byte stores and 16-byte reads: no linear optimum of one width.
    assert!(out.contains("    linear: no GF(2)-linear optimum here (it needs power-of-two sides"));
    // Fixed widths say so.
    let out = ok(&["banks", "rows.16", "--tile", "8x64", "--find"]);
    assert!(out.contains("    criterion: the widest vectors (every width fixed), then "));
    // `store.0` is no width.
    let o = run(&["banks", "store.0", "SM80_16x8x16_F32_C"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(
            "`store.0`: give the bytes a lane moves, 1, 2, 4, 8 or 16, such as `store.8`, or \
             write `store` alone for the widest vector"
        ),
        "{}",
        stderr(&o)
    );
}

/// `--matrices`: which forms move a fragment. The A fragment of m16n8k16 (PTX: a0, a1 rows
/// 0..8 and k 0..8; a2, a3 rows 8..16; a4, a5 k 8..16; a6, a7 both) is the four 8x8 blocks
/// in that order; the B fragment holds k pairs, so from a K x N row-major tile only `.trans`
/// moves it.
#[test]
fn banks_says_which_matrix_forms_move_a_fragment() {
    let out = ok(&["banks", "--matrices", "SM80_16x8x16_F16_A_ROW"]);
    assert!(
        out.contains(
            ".x4        moves it in 1 instruction; register (matrix at row, col): 0 (0, 0), \
             1 (8, 0), 2 (0, 8), 3 (8, 8)\n"
        ),
        "{out}"
    );
    assert!(out.contains(".x4.trans  does not: register 0, matrix row 0: element 1 is at (1, 0)"));
    assert!(
        out.contains("(try without `.trans`, or a column-major tile)\n"),
        "{out}"
    );
    let out = ok(&["banks", "--matrices", "SM80_16x8x16_F16_B_COL"]);
    assert!(out.contains(".x2.trans  moves it in 1 instruction; register (matrix at row, col): 0 (0, 0), 1 (8, 0)\n"), "{out}");
    assert!(out.contains(".x2        does not: "), "{out}");
    let out = ok(&[
        "banks",
        "--matrices",
        "SM80_16x8x16_F16_B_COL",
        "--col-major",
    ]);
    assert!(
        out.contains(".x2        moves it in 1 instruction"),
        "{out}"
    );
    // 32-bit elements: refused, with the reason.
    let o = run(&["banks", "--matrices", "SM80_16x8x16_F32_C"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains(
        "SM80_16x8x16_F32_C holds 32-bit elements; ldmatrix and stmatrix move 16-bit ones"
    ));
    // No access and no --matrices, or both: usage errors.
    assert_eq!(run(&["banks"]).status.code(), Some(2));
    let o = run(&[
        "banks",
        "rows.16",
        "--tile",
        "8x8",
        "--matrices",
        "SM80_16x8x16_F16_C",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}
