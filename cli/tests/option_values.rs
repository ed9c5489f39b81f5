//! Every numeric option of every command refuses 0 and the other values that make no sense as a
//! usage error (exit 2) whose message gives the range it takes; and a Hopper swizzle mode on a
//! tile whose lines are not whole atoms is the library's refusal, not another layout.

use crate::support::{run, stderr, stdout};

/// `args` is a usage error: exit 2, nothing on stdout, and the first line of the message
/// contains each of `says`.
fn usage_error(args: &[&str], says: &[&str]) {
    let o = run(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(stdout(&o).is_empty(), "{args:?}");
    let first = err.lines().next().unwrap_or("");
    assert!(first.starts_with("error: "), "{args:?}: {err}");
    for s in says {
        assert!(first.contains(s), "{args:?}: `{s}` not in {err}");
    }
    assert!(!err.contains("multiple of 0"), "{args:?}: {err}");
}

#[test]
fn tile_options_refuse_zero_and_give_their_range() {
    for cmd in ["smem", "banks"] {
        let access: &[&str] = if cmd == "banks" { &["rows.16"] } else { &[] };
        let with = |more: &[&str]| -> Vec<String> {
            std::iter::once(cmd)
                .chain(access.iter().copied())
                .chain(more.iter().copied())
                .map(String::from)
                .collect()
        };
        for (more, says) in [
            (
                &["--tile", "0x64"][..],
                &[
                    "`--tile` takes ROWSxCOLS, each a whole number from 1 to 4294967295",
                    "`0x64`",
                ][..],
            ),
            (
                &["--tile", "64x0"],
                &["each a whole number from 1", "`64x0`"],
            ),
            (
                &["--tile", "8x64", "--elem", "0"],
                &["`--elem 0`: elements of 0 bytes: use 1, 2, 4, 8 or 16 bytes"],
            ),
            (
                &["--tile", "8x64", "--elem", "3"],
                &["`--elem 3`: elements of 3 bytes: use 1, 2, 4, 8 or 16 bytes"],
            ),
            (
                &["--tile", "8x64", "--elem", "32"],
                &["`--elem 32`: elements of 32 bytes: use 1, 2, 4, 8 or 16 bytes"],
            ),
            (
                &["--tile", "8x64", "--pad", "4294967296"],
                &["`--pad` takes a whole number from 0 to 4294967295, not `4294967296`"],
            ),
        ] {
            let args = with(more);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            usage_error(&args, says);
        }
    }
}

#[test]
fn smem_refuses_an_mma_or_global_stride_that_is_none() {
    let tile = ["smem", "--tile", "64x64", "--swizzle", "128B"];
    let with =
        |more: &[&'static str]| -> Vec<&'static str> { tile.iter().chain(more).copied().collect() };
    for mn in ["0", "12", "264", "1024"] {
        usage_error(
            &with(&["--operand", "a", "--mma", mn]),
            &[
                "`--mma` takes the rows (A: M) or columns (B: N) one MMA reads, a multiple of 8 \
                 from 8 to 256",
                &format!("not `{mn}`"),
            ],
        );
    }
    // A stride the tensor map refuses (0 among them) is the library's refusal, exit 1:
    // `overflow::a_global_stride_the_tensor_map_refuses_exits_1`.
    let o = run(&with(&[
        "--global-stride",
        "128",
        "--operand",
        "b",
        "--mma",
        "256",
    ]));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The MMA's extent in range but not the tile's: the library says why, exit 0.
    assert!(
        stdout(&o).contains(
            "descriptor (B, N = 256): none: the tile's MN extent 64 is not a whole number of \
             MMAs of 256: use a tile of a multiple of 256"
        ),
        "{}",
        stdout(&o)
    );
}

#[test]
fn banks_refuses_a_width_no_lane_moves() {
    for (access, layout) in [
        ("rows.0", None),
        ("rows.3", None),
        ("rows.32", None),
        ("store.0", Some("SM80_16x8x16_F32_C")),
        ("load.12", Some("SM80_16x8x16_F32_C")),
        ("store.64", Some("SM80_16x8x16_F32_C")),
    ] {
        let mut args = vec!["banks", access];
        args.extend(layout);
        args.extend(["--tile", "16x64"]);
        usage_error(
            &args,
            &[&format!(
                "`{access}`: give the bytes a lane moves, 1, 2, 4, 8 or 16"
            )],
        );
    }
    // The other numbers of `banks` and of the other commands: their ranges.
    usage_error(
        &[
            "banks",
            "rows.16",
            "--tile",
            "8x64",
            "--find",
            "--max-pad",
            "1025",
        ],
        &["1025 is not in 0..=1024"],
    );
    usage_error(
        &["banks", "ldmatrix.x3", "SM80_16x8x16_F16_A_ROW"],
        &["write ldmatrix.x1, .x2 or .x4"],
    );
    usage_error(
        &[
            "convert",
            "SM80_16x8x16_F32_C",
            "SM80_16x8x16_F16_A_ROW",
            "--bits",
            "0",
        ],
        &["invalid value '0' for '--bits <BITS>'"],
    );
    usage_error(
        &["expand", "SM80_16x8x16_F32_C", "--vector", "0"],
        &["a whole number from 1"],
    );
}

#[test]
fn a_hopper_mode_on_lines_of_part_atoms_is_refused_by_the_library() {
    // 96 two-byte elements are one and a half 128-byte atoms; 32 are half of one.
    for (tile, says) in [
        (
            "8x96",
            "the 128-byte swizzle mode needs lines of a multiple of 128 bytes, but a line here is \
             192 bytes",
        ),
        ("16x32", "is unsound: "),
    ] {
        for cmd in [
            &["smem"][..],
            &["banks", "rows.16"],
            &["banks", "ldmatrix.x4", "SM80_16x8x16_F16_A_ROW"],
        ] {
            let mut args = cmd.to_vec();
            args.extend(["--tile", tile, "--swizzle", "128B"]);
            let o = run(&args);
            assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stdout(&o));
            let err = stderr(&o);
            let expected = format!(
                "error: the shared layout {tile_words} of 2-byte elements, row-major, in the \
                 128-byte swizzle mode",
                tile_words = tile.replace('x', " x ")
            );
            assert!(err.starts_with(&expected), "{args:?}: {err}");
            assert!(err.contains(says), "{args:?}: {err}");
            assert!(stdout(&o).is_empty(), "{args:?}");
        }
    }
    // Bands of a tile one atom wide: nothing to order.
    let o = run(&[
        "smem",
        "--tile",
        "64x64",
        "--swizzle",
        "128B",
        "--atoms",
        "bands",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o)
            .contains("`--atoms bands` orders the atoms of a tile wider than one, and 64 x 64"),
        "{}",
        stderr(&o)
    );
    // Padding on a grid of core matrices: refused as `core_matrices(..).with_pad(..)` is (it
    // was dropped).
    let o = run(&[
        "smem",
        "--tile",
        "16x64",
        "--swizzle",
        "interleave",
        "--pad",
        "4",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("is unsound: a grid of atoms takes no padding: remove the pad of 4"),
        "{}",
        stderr(&o)
    );
    // Whole atoms, and a padded tile (the mode's swizzle of elements, as `with_pad` makes it):
    // answered.
    for args in [
        &["smem", "--tile", "8x128", "--swizzle", "128B"][..],
        &["smem", "--tile", "8x96", "--swizzle", "128B", "--pad", "8"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    }
}
