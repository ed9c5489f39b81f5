//! docs/KERNEL.md's epilogue: the page shows `tests/kernel/src/epilogue.rs` as it is, and the
//! epilogue, run for the 32 lanes of a warp on the host, writes `alpha * acc + beta * C` to
//! every element of the 32 x 32 tile of D and nothing around it. The page's command line for
//! the PTX is the one `.ci/kernel-check` runs.

use fraglayout::Lane;
use fraglayout_kernel::epilogue::{epilogue, WARP_TILE};

/// The code block (of info string `lang`) after the marker line naming `path`.
fn shown(page: &str, path: &str, lang: &str) -> String {
    let marker = format!("<!-- {path} -->\n```{lang}\n");
    let start = page.find(&marker).expect("the marker and its block") + marker.len();
    let len = page[start..].find("```\n").expect("the block ends");
    page[start..start + len].to_string()
}

#[test]
fn the_guide_shows_the_device_code_as_it_is() {
    let page = include_str!("../../docs/KERNEL.md");
    let file = include_str!("../kernel/src/epilogue.rs");
    assert_eq!(
        shown(page, "tests/kernel/src/epilogue.rs", "rust,ignore"),
        file,
        "docs/KERNEL.md: copy tests/kernel/src/epilogue.rs into its block"
    );
}

/// The commands of a shell text: continued lines (`\` at the end) joined, runs of spaces one.
fn commands(text: &str) -> Vec<String> {
    let joined = text.replace("\\\n", " ");
    joined
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

#[test]
fn the_guide_shows_the_ptx_command_line_ci_runs() {
    let page = include_str!("../../docs/KERNEL.md");
    let script = include_str!("../../.ci/kernel-check");
    // The script's variables at their defaults, and without `--quiet`.
    let script = script
        .replace('"', "")
        .replace("$PTXAS", "ptxas")
        .replace("$PTX", "target/nvptx/gemm_epilogue.ptx")
        .replace("$OUT", "target/nvptx")
        .replace("+$TOOLCHAIN", "+nightly")
        .replace(" --quiet", "");
    let script = commands(&script);
    let shown = commands(&shown(page, ".ci/kernel-check", "sh"));
    assert_eq!(shown.len(), 3, "{shown:?}");
    assert!(
        shown[0].starts_with("rustup toolchain install nightly"),
        "{}",
        shown[0]
    );
    for command in &shown[1..] {
        // ptxas's `-v` output is captured in the script: its line starts with `info=$(`.
        assert!(
            script
                .iter()
                .any(|l| l == command || l.contains(&format!("$({command} "))),
            "docs/KERNEL.md shows a command .ci/kernel-check does not run:\n{command}"
        );
    }
}

#[test]
fn the_epilogue_writes_alpha_acc_plus_beta_c_to_each_element_once() {
    // D's tile at row 2, column 4 of a 40 x 48 matrix (ld = 48), C another matrix, both
    // aligned to 8 bytes as the epilogue's safety contract asks.
    const LD: usize = 48;
    const AT: usize = 2 * LD + 4;
    #[repr(C, align(8))]
    struct Matrix([f32; 40 * LD]);
    let (alpha, beta) = (2.0f32, 0.5f32);
    let c = Matrix(core::array::from_fn(|i| (i % 1000) as f32));
    let mut d = Box::new(Matrix([-1.0; 40 * LD]));
    // Lane l's element e of the accumulators: a value naming both.
    let acc_of = |lane: u32, e: usize| (lane * 100 + e as u32) as f32;
    for lane in 0..32 {
        let acc: [f32; 32] = core::array::from_fn(|e| acc_of(lane, e));
        let lane = Lane::new(lane).expect("a lane");
        unsafe {
            let (c, d) = (c.0.as_ptr().add(AT), d.0.as_mut_ptr().add(AT));
            epilogue(lane, &acc, c, d, LD, (alpha, beta));
        }
    }
    let (c, d) = (&c.0, &d.0);
    let mut want = [-1.0f32; 40 * LD];
    for lane in 0..32 {
        for e in 0..32 {
            let (row, col) = WARP_TILE.coords(lane, e as u32).expect("in the tile");
            let i = AT + row as usize * LD + col as usize;
            assert_eq!(want[i], -1.0, "lane {lane} element {e}: cell written twice");
            want[i] = alpha * acc_of(lane, e) + beta * c[i];
        }
    }
    assert_eq!(*d, want);
    assert_eq!(d.iter().filter(|&&v| v != -1.0).count(), 32 * 32);
}
