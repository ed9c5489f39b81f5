//! `fraglayout scales`: the scale-factor atoms' tiling, where a scale factor lies (against the
//! CUTLASS formula written out here), the transposer's bank report, and the errors.

use crate::support::{ok, run, stderr};

#[test]
fn a_scale_factor_is_where_cutlass_puts_it() {
    let text = ok(&[
        "scales",
        "--rows",
        "256",
        "--kblocks",
        "16",
        "--at",
        "37,3",
        "--at",
        "200, 9",
    ]);
    assert!(text.contains("atoms: 2 along MN x 4 along K"), "{text}");
    for (m, s) in [(37u32, 3u32), (200, 9)] {
        // 512 ((s / 4) + ceil(16 / 4) (m / 128)) + 16 (m % 32) + 4 (m / 32 % 4) + s % 4
        let byte = 512 * ((s / 4) + 4 * (m / 128)) + 16 * (m % 32) + 4 * (m / 32 % 4) + s % 4;
        let line = format!(
            "({m}, {s}): byte {byte}: atom {}, row {}, word {}, byte {}; bank {}",
            byte / 512,
            m % 32,
            m / 32 % 4,
            s % 4,
            byte / 4 % 32
        );
        assert!(text.contains(&line), "{line}\n{text}");
        let lanes = format!(
            "TMEM lanes {}, {}, {}, {}",
            m % 32,
            m % 32 + 32,
            m % 32 + 64,
            m % 32 + 96
        );
        assert!(text.contains(&lanes), "{lanes}\n{text}");
    }
}

#[test]
fn the_transposer_report_says_one_wavefront_a_load_and_four_for_the_store() {
    let text = ok(&["scales", "--rows", "128", "--kblocks", "4"]);
    assert!(
        text.contains("4 x ld.shared.b32, word 32 i + lane: 4 wavefronts, ideal 4 (conflict-free)"),
        "{text}"
    );
    assert!(
        text.contains("1 x st.shared.v4.b32, word 4 lane: 4 wavefronts, ideal 4 (conflict-free)"),
        "{text}"
    );
    assert!(
        text.contains("16 wavefronts, ideal 4 (4-way conflict)"),
        "{text}"
    );
}

#[test]
fn errors_say_the_numbers_and_the_fix() {
    let o = run(&[
        "scales",
        "--rows",
        "256",
        "--kblocks",
        "16",
        "--at",
        "300,1",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: scale factor (300, 1) is outside the 256 x 16 tile: rows 0..256, K-blocks 0..16\n"
    );
    let o = run(&["scales", "--rows", "0", "--kblocks", "16"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("has 0 rows and 16 K-blocks: give it at least 1 of each"));
    let o = run(&["scales", "--rows", "8", "--kblocks", "1", "--at", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--at `3`: write a row and a K-block, e.g. --at 37,3"));
    // No CUTLASS tiling puts the atoms along MN first: refused, and the fix as printed works.
    let o = run(&["scales", "--rows", "256", "--kblocks", "8", "--mn-first"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--mn-first: no CUTLASS tiling puts the atoms along MN first"));
    assert!(stderr(&o).contains("drop --mn-first"));
    // Row 0's K-block 4 in the next atom along K, as in both CUTLASS tilings.
    let text = ok(&["scales", "--rows", "256", "--kblocks", "8", "--at", "0,4"]);
    assert!(text.contains("(0, 4): byte 512: atom 1,"), "{text}");
}

#[test]
fn banks_counts_the_transposer_by_its_example_layout() {
    // SF_TRANSPOSER, an example layout (`convert sf-atom`), over the 32 x 4 tile of words.
    let load = ok(&[
        "banks",
        "load.4",
        "SF_TRANSPOSER",
        "--elem",
        "4",
        "--col-major",
    ]);
    assert!(
        load.contains("4 wavefronts, ideal 4 (conflict-free)"),
        "{load}"
    );
    assert_eq!(
        load.matches("phase 0 (lanes 0..32): 1 wavefront\n").count(),
        4,
        "{load}"
    );
    let store = ok(&["banks", "store.16", "SF_TRANSPOSER", "--elem", "4"]);
    assert!(
        store.contains("4 wavefronts, ideal 4 (conflict-free)"),
        "{store}"
    );
    let scalar = ok(&["banks", "store.4", "SF_TRANSPOSER", "--elem", "4"]);
    assert!(
        scalar.contains("16 wavefronts, ideal 4 (4-way conflict)"),
        "{scalar}"
    );
    assert!(
        scalar.contains("bank 0: 4 words, lanes 0, 8, 16, 24"),
        "{scalar}"
    );
}

/// `show` of an sm_120 scale layout says what its selectors choose: the lanes by the
/// broadcast digit's value, and the byte-ids the `.scale_vec` allows.
#[test]
fn show_of_a_scale_layout_says_what_the_selectors_choose() {
    for (name, lanes, ids) in [
        (
            "SM120_16x8x32_SFA_1X",
            "thread-id-a (0 to 1) reads the lanes whose `lane / 2 % 2`",
            "byte-id-a (0, 1, 2 or 3)",
        ),
        (
            "SM120_16x8x64_SFB_2X",
            "thread-id-b (0 to 3) reads the lanes whose `lane % 4`",
            "byte-id-b (0 or 2)",
        ),
        (
            "SM120_16x8x64_SFA_4X",
            "thread-id-a (0 to 1)",
            "byte-id-a (0) is element 0's byte",
        ),
    ] {
        let text = ok(&["show", name]);
        let line = text
            .lines()
            .find(|l| l.starts_with("selectors: "))
            .unwrap_or_else(|| panic!("{name}: no selectors line:\n{text}"));
        assert!(line.contains(lanes) && line.contains(ids), "{name}: {line}");
    }
    // Other layouts have none.
    assert!(!ok(&["show", "SM80_16x8x16_F32_C"]).contains("selectors:"));
}
