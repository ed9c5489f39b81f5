//! Bounded work: an input whose answer would take more than the commands' limits is refused at
//! once with a message naming the limit; others answer with output in proportion to what was
//! asked. (The refusals and answers are asserted, never the time.)

use crate::support::{run, stderr, stdout};

/// `args` exits 1 with `message` in its error and prints nothing.
fn refused(args: &[&str], message: &str) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
    assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    assert!(stdout(&o).is_empty(), "{args:?}");
}

#[test]
fn banks_refuses_more_instructions_than_it_counts() {
    refused(
        &["banks", "rows.1", "--tile", "65535x65535", "--elem", "1"],
        "the accesses are 134213633 warp instructions moving up to 4294836256 elements on \
         65535 x 65535 of 1-byte elements, row-major, more than the 4194304 elements `banks` \
         counts",
    );
    refused(
        &[
            "banks",
            "rows.16",
            "--tile",
            "32768x32768",
            "--find",
            "--max-pad",
            "64",
        ],
        "more than the 4194304 elements `banks` counts",
    );
    // The elements, not the instructions, are counted: ldmatrix.x1 moves 64 a warp
    // instruction. A 2048 x 2048 fragment is the limit; a 4096 x 2048 one is over it, with its
    // 131072 instructions (rows.1 makes 262144 on a smaller tile).
    let o = run(&[
        "banks",
        "ldmatrix.x1",
        "SM80_16x8x16_F16_C[128x256]",
        "--tile",
        "2048x2048",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The code of 64 instructions printed, the rest counted.
    let out = stdout(&o);
    assert_eq!(out.matches("#[matrix_rows] address of lane t").count(), 64);
    assert!(
        out.contains("(the code of instructions 64..65536 not printed)\n"),
        "{out}"
    );
    refused(
        &[
            "banks",
            "ldmatrix.x1",
            "SM80_16x8x16_F16_C[256x256]",
            "--tile",
            "4096x2048",
        ],
        "the accesses are 131072 warp instructions moving up to 8388608 elements on 4096 x \
         2048 of 2-byte elements, row-major, more than the 4194304 elements `banks` counts",
    );
    // Each padding's swizzles counted: as many evaluations as the layouts the search would
    // try without a conflict-free one to stop at.
    let tile = layout_core::shared::SharedLayout::row_major(1024, 4096, 2);
    let layouts: u32 = (0..=63)
        .map(|pad| layout_core::shared::candidates(&tile.with_pad(pad)))
        .sum();
    refused(
        &[
            "banks",
            "rows.16",
            "--tile",
            "1024x4096",
            "--find",
            "--max-pad",
            "63",
        ],
        &format!(
            "`--find` would count 16384 warp instructions on each of up to {layouts} layouts, \
             more than 524288 counts in all: lower `--max-pad`"
        ),
    );
    let o = run(&[
        "banks",
        "rows.16",
        "--tile",
        "64x64",
        "--find",
        "--max-pad",
        "1025",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("1025 is not in 0..=1024"),
        "{}",
        stderr(&o)
    );
    // Within the limits: answered.
    let o = run(&[
        "banks",
        "rows.16",
        "--tile",
        "256x256",
        "--find",
        "--max-pad",
        "8",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("conflict-free on"));
}

#[test]
fn find_without_max_pad_searches_the_paddings_the_bound_allows() {
    // A warpgroup's 512 scalar stores: paddings up to 8 would be more than the bound, so the
    // search without `--max-pad` takes the most that fit, and says so; asked for 8, refused.
    let args = [
        "banks",
        "store.4",
        "SM90_64x256x16_F32_C",
        "--tile",
        "64x256",
        "--elem",
        "4",
        "--swizzle",
        "128B",
        "--warp",
        "all",
        "--find",
    ];
    let o = run(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("padding up to 5):"), "{}", stdout(&o));
    let o = run(&[&args[..], &["--max-pad", "8"]].concat());
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("`--find` would count 512 warp instructions"),
        "{}",
        stderr(&o)
    );
}

/// `1 x 134217728` over 4 194 304 warps, lanes at place 1 and warps at 32.
const WIDE: &str = "A: 1 x 134217728, warps 4194304 { lane => 1, warp => 32 }";

#[test]
fn banks_counts_every_warp_of_at_most_a_block() {
    refused(
        &["banks", "store.4", WIDE, "--warp", "all"],
        "`--warp all` counts each warp's access, and store.4 of A has 4194304 warps, more than \
         32 (a block's 1024 threads): name one warp, `--warp W`",
    );
}

#[test]
fn convert_counts_values_crossing_warps_within_the_limit() {
    // Lane l holds what warp l wants: values cross warps from warp 0 on.
    let crossing = "B: 1 x 134217728, warps 4194304 { lane => 4194304, warp => 1 }";
    refused(
        &["convert", WIDE, crossing],
        "elements cross warps (counted in the first ",
    );
    let err = stderr(&run(&["convert", WIDE, crossing]));
    assert!(err.starts_with("error: at least "), "{err}");
    // The same warp digits, one split in two: settled by the digits.
    let split = "C: 1 x 134217728, warps 4194304 { lane => 1, warp % 2 => 32, warp / 2 => 64 }";
    let o = run(&["convert", WIDE, split]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("class:       identity"));
    assert!(stdout(&o).len() < 64 * 1024, "{} bytes", stdout(&o).len());
}

#[test]
fn a_huge_numeral_is_shown_in_bounded_output_and_refused_as_json() {
    let o = run(&["show", WIDE]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).len() < 256 * 1024, "{} bytes", stdout(&o).len());
    refused(
        &["json", WIDE],
        "A's table has 134217728 cells (134217728 threads x 1 elements), more than the 1048576",
    );
}

#[test]
fn smem_derives_a_descriptor_within_its_limit_and_draws_any_tile() {
    // 65536 x 64 is the limit's 4194304 elements: derived (the MMA's 64 rows repeat 1024
    // times down the tile). One line more of atoms is refused, naming the limit.
    let o = run(&[
        "smem",
        "--tile",
        "65536x64",
        "--swizzle",
        "128B",
        "--operand",
        "a",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("descriptor (A, M = 64): K-major"),
        "{}",
        stdout(&o)
    );
    for args in [
        &[
            "smem",
            "--tile",
            "65544x64",
            "--swizzle",
            "128B",
            "--operand",
            "a",
        ][..],
        &[
            "smem",
            "--tile",
            "32768x32768",
            "--swizzle",
            "128B",
            "--operand",
            "b",
            "--json",
        ],
    ] {
        refused(
            args,
            "elements, more than the 4194304 whose descriptor `smem --operand` derives: give a \
             smaller tile (`--tile`), or leave out `--operand`",
        );
    }
    // The largest tiles the check takes (2^31 one-byte elements, 2^30 two-byte ones in atom
    // grids) are drawn in their first rows and cells, their grouping decided from their shape.
    for (args, caption) in [
        (
            &["smem", "--tile", "32768x65536", "--elem", "1"][..],
            "32768 x 65536 of 1-byte elements, row-major: each cell is 16 columns",
        ),
        (
            &[
                "smem",
                "--tile",
                "32768x32768",
                "--swizzle",
                "128B",
                "--atoms",
                "bands",
            ],
            "512 atoms of 64 along a line, in bands: each cell is 8 columns",
        ),
        (
            &["smem", "--tile", "32768x32768", "--swizzle", "interleave"],
            "each cell is 8 columns",
        ),
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains(caption), "{args:?}: {out}");
        assert!(
            out.contains("rows 256..32768 not drawn; cells 64.."),
            "{args:?}: {out}"
        );
        assert!(out.len() < 128 * 1024, "{args:?}: {} bytes", out.len());
    }
}
