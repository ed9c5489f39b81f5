//! Sizes past `u32` (and past `u64`) in a command's input: refused with the library's message
//! and exit 1, never computed in wrapping arithmetic.

use crate::support::{run, stderr, stdout};

/// The library's message for `SM80_16x8x16_F32_C` (16 x 8, 4 elements a thread) tiled
/// `r x c`, its numbers in u128.
fn too_large(r: u32, c: u32) -> String {
    let (rows, cols) = (16 * u128::from(r), 8 * u128::from(c));
    format!(
        "error: SM80_16x8x16_F32_C cannot be tiled {r} x {c}: the tiled tile is {rows} x {cols} \
         = {} elements, {} per thread: a tile holds at most 4294967295 elements; tile fewer \
         copies\n",
        rows * cols,
        4 * u128::from(r) * u128::from(c)
    )
}

#[test]
fn a_tiling_past_u64_exits_1_with_the_library_message() {
    // 2^31 x 2^31 copies: 2^69 elements, 2^64 a thread (once printed as a 0 x 0 tile).
    for (r, c) in [
        (1u32 << 31, 1u32 << 31),
        (u32::MAX, u32::MAX),
        (1 << 16, 1 << 16),
    ] {
        let layout = format!("SM80_16x8x16_F32_C[{r}x{c}]");
        let l = layout.as_str();
        for args in [
            vec!["show", l],
            vec!["json", l],
            vec!["expand", l],
            vec!["banks", "--matrices", l],
            vec!["banks", "stmatrix.x4", l, "--tile", "64x64", "--elem", "2"],
            vec!["convert", l, "SM80_16x8x16_F16_A_ROW"],
        ] {
            let o = run(&args);
            assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
            assert_eq!(stderr(&o), too_large(r, c), "{args:?}");
            assert!(stdout(&o).is_empty(), "{args:?}: {}", stdout(&o));
        }
    }
}

#[test]
fn a_global_stride_the_tensor_map_refuses_exits_1() {
    // 64 x 64 f16 in the 128-byte mode: lines of 128 bytes.
    let tile = [
        "smem",
        "--tile",
        "64x64",
        "--elem",
        "2",
        "--swizzle",
        "128B",
    ];
    for (stride, fix) in [
        ("0", "pad the global rows to 128 bytes"),
        ("8", "pad the global rows to 128 bytes"),
        ("136", "pad the global rows to 144 bytes"),
        ("1099511627776", "split the tensor into several tensor maps"),
        (
            "18446744073709551615",
            "split the tensor into several tensor maps",
        ),
    ] {
        for json in [None, Some("--json")] {
            let mut args = tile.to_vec();
            args.extend(["--global-stride", stride]);
            args.extend(json);
            let o = run(&args);
            assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
            assert_eq!(
                stderr(&o),
                format!(
                    "error: --global-stride {stride}: a global stride of {stride} bytes: TMA \
                     needs a multiple of 16 below 2^40, at least the tile's line of 128 bytes: \
                     {fix}\n"
                ),
                "{args:?}"
            );
        }
    }
    // The fixes as printed: a box.
    for stride in ["128", "144", "1099511627760"] {
        let mut args = tile.to_vec();
        args.extend(["--global-stride", stride]);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).contains("TMA: box {64, 64}"), "{args:?}");
    }
}

#[test]
fn a_shared_span_past_u64_is_refused_with_its_bound() {
    // (2^32 - 1) lines of a (2^33 - 2)-element pitch: past u64, once wrapped.
    let tile = [
        "--tile",
        "4294967295x4294967295",
        "--elem",
        "16",
        "--pad",
        "4294967295",
    ];
    for command in [&["smem"][..], &["banks", "rows.16"][..]] {
        let args = [command, &tile[..]].concat();
        let o = run(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        assert_eq!(
            stderr(&o),
            "error: the shared layout 4294967295 x 4294967295 of 16-byte elements, row-major, \
             padded by 4294967295 is unsound: the tile spans at least 18446744073709551615 \
             bytes, more than 4294967295: use a smaller tile\n",
            "{args:?}"
        );
    }
}
