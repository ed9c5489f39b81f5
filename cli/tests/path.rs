//! `fraglayout path`: the Hopper tile's steps as the descriptor fields and boxes CuTe gives
//! them, the certificate's verdict, the refusals (exit 1) and the usage errors (exit 2).

use crate::support::{ok, run, stderr, stdout};

const HOPPER: [&str; 6] = [
    "path",
    "--tile",
    "128x256x64",
    "--types",
    "bf16,bf16,f32,bf16",
    "--stages=4",
];

#[test]
fn the_hopper_tile_prints_each_step_and_certifies() {
    let text = ok(&HOPPER);
    // K-major, 128-byte swizzle: boxes of 64 bf16 (128 bytes) by every row; LBO 16, SBO
    // 1024 (make_gmma_desc); K steps 32 bytes apart.
    for line in [
        "path: 128 x 256 x 64, wgmma.mma_async m64n256k16.f32.bf16.bf16, 4 stages",
        "  TMA box 64 x 128 (128-byte swizzle), 1 copy of 16384 bytes",
        "  TMA box 64 x 256 (128-byte swizzle), 1 copy of 32768 bytes",
        "  descriptor: LBO 16, SBO 1024, read K-major; 2 MN blocks of 64 x 4 K steps of 16, \
         starting at bytes 0, 32, 64, 96",
        "accumulator: registers, SM90_64x256x16_F32_C (64 x 256, 128 a thread), 2 x 1 MMAs",
        "shared memory: 4 stages of 49152 bytes (a 16384, b 32768)",
        "certificate: every element of a (8192) and b (16384) lands",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    // The wgmma descriptor of A at address 0: LBO 1, SBO 64 in 16-byte units, layout 1.
    let bits: u64 = 1 << 16 | 64 << 32 | 1 << 62;
    assert!(text.contains(&format!("{bits:#018x}")), "{text}");
    let json = ok(&[&HOPPER[..], &["--json"]].concat());
    for field in [
        r#""tile":[128,256,64]"#,
        r#""lbo":16,"sbo":1024"#,
        r#""certificate":{"ok":true,"a_elements":8192,"b_elements":16384,"d_elements":32768}"#,
        r#""limit":232448"#,
    ] {
        assert!(json.contains(field), "{field}\n{json}");
    }
}

#[test]
fn the_blackwell_tile_certifies() {
    let text = ok(&[
        "path",
        "--tile",
        "128x256x64",
        "--mma",
        "tcgen05",
        "--load",
        "32x32b.x64",
        "--epilogue",
        "tma",
        "--stages",
        "3",
        "--types",
        "bf16,bf16,f32,bf16",
    ]);
    assert!(
        text.contains("accumulator: TMEM layout D (M = 128, cta_group::1), 256 columns an MMA"),
        "{text}"
    );
    assert!(text.contains("read with tcgen05.ld.32x32b.x64"), "{text}");
    // Each lane holds one row of D (`.32x32b`), stored 8 bf16 (16 bytes) at a time; rows
    // are 128 bytes apart in a slab, and the 8 lanes of a phase hold 8 rows whose unit moves
    // to `unit ^ row % 8`: 8 distinct units, all 32 banks. 4 warps x 32 stores x 4 phases.
    assert!(
        text.contains("8 elements a store")
            && text.contains("the stores into it: 512 wavefronts, ideal 512 (conflict-free)"),
        "{text}"
    );
    assert!(text.contains("certificate: every element"), "{text}");
}

#[test]
fn refusals_name_the_element_and_exit_1() {
    // The instruction reads A MN-major while global memory holds it K-major.
    let o = run(&[&HOPPER[..], &["--reads", "mn,k"]].concat());
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains(
        "certificate: refused: a, global -> shared -> mma: element (m 0, k 1) of MN block 0"
    ));
    let json = stdout(&run(&[&HOPPER[..], &["--reads", "mn,k", "--json"]].concat()));
    assert!(
        json.contains(r#""certificate":{"ok":false,"error":"a, global"#),
        "{json}"
    );
    // Five stages do not fit; the fix the message prints is taken.
    let o = run(&[&HOPPER[..5], &["--stages", "5"]].concat());
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).ends_with("use at most 4 stages\n"),
        "{}",
        stderr(&o)
    );
    let o = run(&["path", "--tile", "64x20x64"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: wgmma N = 20: wgmma takes a multiple of 8 from 8 to 256: use N = 16 or 24\n"
    );
    ok(&["path", "--tile", "64x24x64"]);
}

#[test]
fn unreadable_options_are_usage_errors() {
    for args in [
        &["path", "--tile", "128x256"][..],
        &["path", "--tile", "64x64x64", "--types", "bf16,f32"],
        &["path", "--tile", "64x64x64", "--major", "row,col"],
        &["path", "--tile", "64x64x64", "--mma", "mma.sync"],
        &[
            "path", "--tile", "64x64x64", "--mma", "tcgen05", "--load", "32x32b",
        ],
        &["path", "--tile", "64x64x64", "--swizzle", "16"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("write"), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn docs_datapath_md_shows_what_the_command_prints() {
    let page = include_str!("../../docs/DATAPATH.md");
    let block = page
        .split("```text\n$ fraglayout ")
        .nth(1)
        .and_then(|b| b.split("\n```").next())
        .expect("docs/DATAPATH.md shows a `fraglayout path` run");
    let (command, shown) = block.split_once('\n').unwrap();
    let args: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(format!("{shown}\n"), ok(&args));
}
