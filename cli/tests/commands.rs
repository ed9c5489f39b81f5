//! The commands a newcomer reaches for first: `show` by instruction, `--version`, a misspelt
//! command, and the usage errors of `expand`.

use crate::support::{run, stderr, stdout};

use layout_core::catalog::{instruction, CATALOG};

#[test]
fn show_takes_an_instruction_and_names_every_operand_layout() {
    let ptx = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
    let o = run(&["show", ptx]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let found = instruction(ptx).unwrap();
    for (label, e) in [
        ("A", found.a.unwrap()),
        ("B", found.b.unwrap()),
        ("C", found.c.unwrap()),
        ("D", found.d().unwrap()),
    ] {
        let line = format!(
            "{label}: {} ({} x {}, {} {} elements in {} 32-bit registers per thread)",
            e.name(),
            e.numeral.rows,
            e.numeral.cols,
            e.numeral.elements,
            e.element_type,
            e.registers()
        );
        assert!(out.contains(&line), "{line}\n{out}");
    }
    assert!(out.contains("| `lane / 4` |"), "digit tables\n{out}");
}

#[test]
fn show_of_every_listed_instruction_succeeds() {
    let mut seen = std::collections::BTreeSet::new();
    for e in CATALOG {
        for ptx in e.instructions {
            let ptx = ptx.replace("m64nN", "m64n64");
            if seen.insert(ptx.clone()) && seen.len() % 7 == 0 {
                let o = run(&["show", &ptx]);
                assert_eq!(o.status.code(), Some(0), "{ptx}: {}", stderr(&o));
                assert!(stdout(&o).contains(e.name()), "{ptx}");
            }
        }
    }
    assert!(seen.len() > 200);
}

#[test]
fn show_finds_a_tcgen05_load_by_its_spelling() {
    for (ptx, line) in [
        (
            "tcgen05.ld.sync.aligned.16x256b.x8.b32",
            "tmem: SM100_TMEM_16dp256b8x (16 x 64, 32 b32 elements in 32 32-bit registers per thread)",
        ),
        (
            "tcgen05.st.sync.aligned.32x32b.x4.unpack::16b.b32",
            "tmem: SM100_TMEM_32dp32b4x_16b (32 x 8, 8 b16 elements in 4 32-bit registers per thread)",
        ),
    ] {
        let o = run(&["show", ptx]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(stdout(&o).contains(line), "{}", stdout(&o));
    }
}

#[test]
fn wgmma_shows_b_from_shared_memory() {
    let o = run(&[
        "show",
        "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(
        out.contains("C: SM90_64x128x16_F32_C (64 x 128, 64 f32"),
        "{out}"
    );
    assert!(out.contains("B: from shared memory"), "{out}");
}

#[test]
fn an_unknown_instruction_exits_1_with_the_nearest_spelling() {
    let o = run(&["show", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f3"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("did you mean `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`"),
        "{err}"
    );
}

#[test]
fn version_prints_the_crate_version() {
    let o = run(&["--version"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        format!("fraglayout {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn a_misspelt_command_gets_a_suggestion_and_exit_2() {
    for (typed, meant) in [
        ("shwo", "show"),
        ("lsit", "list"),
        ("expnad", "expand"),
        ("bank", "banks"),
        ("smme", "smem"),
    ] {
        let o = run(&[typed, "SM80_16x8x16_F32_C"]);
        assert_eq!(o.status.code(), Some(2), "{typed}");
        let err = stderr(&o);
        assert!(
            err.starts_with(&format!("error: unrecognized subcommand '{typed}'"))
                && err.contains(&format!("a similar subcommand exists: '{meant}'")),
            "{err}"
        );
        assert!(err.lines().count() <= 8, "short, not the whole help: {err}");
    }
    let far = run(&["frobnicate"]);
    assert!(
        !stderr(&far).contains("similar"),
        "no far-fetched suggestion"
    );
}

#[test]
fn suggestions_for_a_huge_argument_stay_short() {
    let huge = "x".repeat(100_000);
    for args in [
        vec![huge.as_str()],
        vec!["show", huge.as_str()],
        vec!["show", "a.b"],
    ] {
        let o = run(&args);
        assert!(o.status.code() == Some(1) || o.status.code() == Some(2));
        assert!(o.stderr.len() < 2_000, "{} bytes", o.stderr.len());
    }
}

#[test]
fn packed_without_gather_is_a_usage_error() {
    let o = run(&["expand", "SM80_16x8x16_F16_A_ROW", "--packed"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.starts_with("error: the following required arguments were not provided")
            && err.contains("--gather"),
        "{err}"
    );
}
