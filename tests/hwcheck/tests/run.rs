//! Runs the `hwcheck` binary: on a machine without a GPU the run must skip visibly (and fail
//! when `REQUIRE_GPU=1`), the host-only self-test must pass, and `--emit-ptx` must write every
//! kernel.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Mutex, Once, OnceLock};

fn hwcheck(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hwcheck"))
        .args(args)
        .output()
        .expect("running hwcheck")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Writes past the test harness's output capture, so a skip shows in a plain `cargo test`.
fn tell(msg: &str) {
    let _ = std::io::stderr().write_all(format!("\nhwcheck: {msg}\n").as_bytes());
}

#[test]
fn gpu_run_passes_or_skips_visibly() {
    let o = hwcheck(&[]);
    let out = text(&o);
    let required = std::env::var("REQUIRE_GPU").is_ok_and(|v| v == "1");
    match o.status.code() {
        Some(0) => tell("ran on the GPU, every instruction matched"),
        Some(77) | Some(78) => {
            assert!(out.contains("skipped:"), "a skip must say why, got:\n{out}");
            assert!(
                !required,
                "REQUIRE_GPU=1 but the hardware check skipped:\n{out}"
            );
            tell(&format!(
                "SKIPPED (exit {}): {}",
                o.status.code().unwrap(),
                out.trim()
            ));
        }
        other => panic!("hwcheck failed (exit {other:?}):\n{out}"),
    }
}

/// The whole host-only run with `--results`, done once for the tests that read it (the
/// longest run of this file): its exit status, its output and the results page it wrote.
/// [`start_full_host_run`] may have started it already.
fn full_host_run() -> &'static (bool, String, String) {
    static RUN: OnceLock<(bool, String, String)> = OnceLock::new();
    RUN.get_or_init(|| {
        start_full_host_run();
        let (child, file) = FULL_HOST_RUN
            .lock()
            .unwrap()
            .take()
            .expect("the run, started once");
        let o = child.wait_with_output().expect("waiting for hwcheck");
        let page = std::fs::read_to_string(&file).unwrap_or_default();
        let _ = std::fs::remove_file(&file);
        (o.status.success(), text(&o), page)
    })
}

/// The started run of [`full_host_run`] and its results file, until that takes it.
static FULL_HOST_RUN: Mutex<Option<(Child, PathBuf)>> = Mutex::new(None);

/// Starts the run [`full_host_run`] waits for, once: the staged-fault test does, first thing,
/// so that this run's two seconds of CPU overlap that test's clocks rather than follow them.
fn start_full_host_run() {
    static STARTED: Once = Once::new();
    STARTED.call_once(|| {
        let file = std::env::temp_dir().join(format!("hwcheck-results-{}.md", std::process::id()));
        let child = start(&["--host-only", "--results", file.to_str().unwrap()], None);
        *FULL_HOST_RUN.lock().unwrap() = Some((child, file));
    });
}

#[test]
fn host_only_self_test_passes() {
    let (ok, out, _) = full_host_run();
    assert!(ok, "host-only self-test failed:\n{out}");
    assert!(out.contains(" 0 failed"), "{out}");
    for family in [
        "mma.sync.",
        ".s32.b1.b1.s32.xor.popc: 0/",
        ".s32.b1.b1.s32.and.popc: 0/",
        "ldmatrix.",
        "stmatrix.",
        "wgmma.",
        "partial 9x5 ok",
        "with LBO and SBO swapped: ",
        // wgmma: A in registers, every accumulator type, mixed integer types.
        "k16.f32.f16.f16 (A in registers): 0/",
        "k8.f32.tf32.tf32: 0/",
        "k32.f16.e5m2.e4m3: 0/",
        "k32.s32.u8.s8 (A in registers): 0/",
        "(fails on the simulation, as it should)",
        // mma.sp: both spellings, every selector value.
        "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 (selector 3): 0/",
        "mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 (selector 1): 0/",
        "mma.sp.sync.aligned.m16n8k128.row.col.s32.u4.s4.s32 (selector 0): 0/",
        "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.e5m2.e4m3.f32 (selector 0): 0/",
        // wgmma.mma_async.sp: every selector, A in shared memory and in registers.
        "wgmma.mma_async.sp.sync.aligned.m64n256k32.f32.f16.f16 (selector 1): 0/",
        "wgmma.mma_async.sp.sync.aligned.m64n8k16.f32.tf32.tf32 (selector 0): 0/",
        "wgmma.mma_async.sp.sync.aligned.m64n256k64.f16.e5m2.e4m3 (selector 0): 0/",
        "wgmma.mma_async.sp.sync.aligned.m64n64k32.f16.f16.f16 (A in registers, selector 1): 0/",
        "wgmma.mma_async.sp.sync.aligned.m64n64k64.s32.u8.s8 (A in registers, selector 0): 0/",
        // Conversions: zero instructions, shuffles with selects, a random pair not a power of 2.
        "convert SM80_16x8x16_F32_C_1x2 => SM80_16x8x16_F16_A_ROW: 0/256, worst abs diff 0; identity, 0 rounds",
        "convert SM75_U32x1_LDSM_N => SM75_U16x2_LDSM_T: 0/64, worst abs diff 0; lane exchange, 2 rounds (lower bound 2), 6 selects",
        "convert SM80_16x8x16_F32_C_2x4 => VEC8_32x32_ROW: 0/1024, worst abs diff 0; lane exchange",
        "(random, seed 14): 0/96, worst abs diff 0; lane exchange",
        // ldmatrix / stmatrix through the model's row addresses, in each kind of shared tile.
        "ldmatrix.sync.aligned.m8n8.x4.shared.b16 (SM80_16x8x16_F16_A_ROW, 40x64 tile, 128-byte swizzle): 0/",
        "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 (SM75_U16x2_LDSM_T, 40x16 tile, 32-byte swizzle): 0/",
        "stmatrix.sync.aligned.m8n8.x2.shared.b16 (SM80_16x8x16_F16_C, 40x32 tile, 64-byte swizzle): 0/",
        "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 (SM90_U16x8_STSM_T, 40x64 tile, padded by 8): 0/",
        // wgmma with A and B tiled in each swizzle mode.
        "m64n16k16.f32.f16.f16 (K 64 in 4 instructions, A and B tiles with 128-byte swizzle): 0/",
        "m64n16k8.f32.tf32.tf32 (K 32 in 4 instructions, A and B tiles with 32-byte swizzle): 0/",
        "m64n16k32.f32.e4m3.e4m3 (K 128 in 4 instructions, A and B tiles with no swizzle): 0/",
        "with the 32- and 128-byte codes exchanged: ",
        // wgmma over grids of atoms, both orders, descriptors derived.
        "m64n64k16.f32.bf16.bf16 (grids: A 64x128 K-major, B 128x64 K-major, atoms in slabs, 128-byte swizzle, K 128 in 8 instructions): 0/4096,",
        "m64n64k16.f32.bf16.bf16 (grids: A 64x128 K-major, B 128x64 K-major, atoms in bands, 128-byte swizzle, K 128 in 8 instructions): 0/4096,",
        "m64n256k16.f32.bf16.bf16 (grids: A 64x64 K-major, B 64x256 N-major, atoms in bands, 128-byte swizzle, K 64 in 4 instructions): 0/16384,",
        "m64n256k16.f32.bf16.bf16 (grids: A 64x64 K-major, B 64x256 N-major, atoms in slabs, 128-byte swizzle, K 64 in 4 instructions): 0/16384,",
        "atoms in slabs, 128-byte swizzle, K 64 in 4 instructions) with LBO and SBO swapped: ",
        // The bank model against cycles: skipped on the host, never passed.
        "ld.shared.b32 bank conflicts (stride 1, 2, 4, 8 words): SKIPPED (the host simulation has no clock",
        "ldmatrix.sync.aligned.m8n8.x4.shared.b16 bank conflicts (",
        ", 4 skipped",
    ] {
        assert!(out.contains(family), "no {family} line:\n{out}");
    }
}

/// `--only convert` selects the conversion checks and nothing else: in the full run, the
/// checks whose name contains `convert` are exactly the `convert ...` lines.
#[test]
fn only_convert_names_exactly_the_conversion_checks() {
    let (ok, out, _) = full_host_run();
    assert!(ok, "{out}");
    let names: Vec<&str> = check_lines(out)
        .iter()
        .map(|l| l.split(": ").next().unwrap())
        .collect();
    let named: Vec<&&str> = names.iter().filter(|n| n.contains("convert")).collect();
    let family: Vec<&&str> = names.iter().filter(|n| n.starts_with("convert ")).collect();
    assert_eq!(named, family);
    assert!(
        family.len() >= 14,
        "{} conversion checks:\n{out}",
        family.len()
    );
}

#[test]
fn emit_ptx_writes_one_file_per_kernel_named_by_target() {
    let dir = std::env::temp_dir().join(format!("hwcheck-ptx-{}", std::process::id()));
    let o = hwcheck(&["--emit-ptx", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(names.len() >= 70, "{} kernels", names.len());
    for n in &names {
        let target = n.split("__").next().unwrap();
        assert!(
            ["sm_75", "sm_80", "sm_89", "sm_90", "sm_90a", "sm_100a", "sm_120a"].contains(&target),
            "{n}"
        );
        assert_eq!(target == "sm_90a", n.contains("wgmma"), "{n}");
        // The tcgen05 kernels, assembled only: one per `tcgen05.ld` / `.st` layout.
        assert_eq!(target == "sm_100a", n.contains("tmem_sm100_tmem_"), "{n}");
        // The block-scaled mma.sync kernels, assembled only: one per instruction.
        assert_eq!(target == "sm_120a", n.contains("block_scale_"), "{n}");
    }
    assert_eq!(
        names.iter().filter(|n| n.starts_with("sm_100a__")).count(),
        74
    );
    assert_eq!(
        names.iter().filter(|n| n.starts_with("sm_120a__")).count(),
        54
    );
}

fn hwcheck_with_fault(args: &[&str], fault: &str) -> Output {
    start(args, Some(fault))
        .wait_with_output()
        .expect("running hwcheck")
}

/// The per-check lines of a run (`NAME: ...`), without summary and worker notes.
fn check_lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| {
            l.starts_with("mma.")
                || l.starts_with("ld.shared.")
                || l.starts_with("ldmatrix.")
                || l.starts_with("stmatrix.")
                || l.starts_with("movmatrix.")
                || l.starts_with("wgmma.")
                || l.starts_with("convert ")
        })
        .collect()
}

/// The checks these tests stage faults in: the `mma.sync` ones (82), each a few milliseconds
/// of host simulation (1.6 ms at most, measured), so that a check timeout of 1 s is a margin
/// of over 600.
const ONLY: &str = "mma.sync";

/// The check timeout, in seconds, for the runs with a staged hang: what the hang costs in
/// wall time. It runs from each check's `@begin`, not from the worker's start, so that start
/// (building the checks it runs, more on a busy machine) is never charged to a check.
const TIMEOUT: &str = "1";

/// The staged faults, each a run of its own, side by side: each waits on a clock (the hang on
/// its check's timeout, the slow start on itself), and in one test those waits overlap, with
/// the full host run of the other tests too. (Its name sorts first: libtest starts tests in
/// name order, and this one mostly waits.)
#[test]
fn a_crash_a_hang_or_an_error_costs_its_own_line_only_and_a_slow_start_none() {
    start_full_host_run();
    let clean = start(&["--host-only", "--only", ONLY], None);
    let faulty = start(
        &["--host-only", "--only", ONLY, "--timeout", TIMEOUT],
        Some("crash:2,hang:5,error:9"),
    );
    // A worker that takes longer to start than the check timeout (2 s against 1 s) costs no
    // check: the timeout runs from each check's `@begin`. Before, the start counted against
    // check 0, and a busy machine timed it out.
    let slow = start(
        &["--host-only", "--only", "m16n8k16", "--timeout", "1"],
        Some("slow-start:2"),
    );
    let clean = finish(clean);
    let names: Vec<&str> = check_lines(&clean.1)
        .iter()
        .map(|l| l.split(": ").next().unwrap())
        .collect();
    a_crash_a_hang_and_an_error_each_cost_their_own_line_only(&names, &clean.1, finish(faulty));
    a_slow_worker_start_is_not_charged_to_a_check(finish(slow));
}

/// `hwcheck ARGS` started, with `HWCHECK_FAULT=fault` when given.
fn start(args: &[&str], fault: Option<&str>) -> Child {
    let mut c = Command::new(env!("CARGO_BIN_EXE_hwcheck"));
    c.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    if let Some(f) = fault {
        c.env("HWCHECK_FAULT", f);
    }
    c.spawn().expect("starting hwcheck")
}

/// A started run's exit code and its output, stdout then stderr.
fn finish(c: Child) -> (Option<i32>, String) {
    let o = c.wait_with_output().expect("waiting for hwcheck");
    (o.status.code(), text(&o))
}

fn a_crash_a_hang_and_an_error_each_cost_their_own_line_only(
    names: &[&str],
    clean: &str,
    (code, out): (Option<i32>, String),
) {
    assert!(names.len() > 10, "{clean}");
    assert_eq!(code, Some(1), "{out}");
    let lines = check_lines(&out);
    assert_eq!(lines.len(), names.len(), "one line per check:\n{out}");
    let hang = format!("ERROR no result within {TIMEOUT} s; worker killed");
    for (i, (line, name)) in lines.iter().zip(names).enumerate() {
        assert!(
            line.starts_with(&format!("{name}: ")),
            "line {i} out of order: {line}"
        );
        let want = match i {
            2 => Some("ERROR worker died (signal 6)"),
            5 => Some(hang.as_str()),
            9 => Some("ERROR injected fault"),
            _ => None,
        };
        match want {
            Some(w) => assert!(line.contains(w), "check {i}: want {w:?}, got {line}"),
            None => assert!(
                line.contains(": 0/") && !line.contains("ERROR"),
                "check {i}: {line}"
            ),
        }
    }
    for from in [3, 6, 10] {
        assert!(
            out.contains(&format!("(a fresh worker goes on from check {from})")),
            "{out}"
        );
    }
    assert!(
        out.contains(&format!(
            "summary (host simulation): {} of {} instructions matched, 3 failed",
            names.len() - 3,
            names.len()
        )),
        "{out}"
    );
}

fn a_slow_worker_start_is_not_charged_to_a_check((code, out): (Option<i32>, String)) {
    assert_eq!(code, Some(0), "{out}");
    let lines = check_lines(&out);
    assert!(lines.len() > 2, "{out}");
    assert!(lines.iter().all(|l| l.contains(": 0/")), "{out}");
    assert!(
        !out.contains("ERROR") && !out.contains("fresh worker"),
        "{out}"
    );
}

#[test]
fn results_page_holds_the_run_unedited() {
    let (ok, out, page) = full_host_run();
    assert!(ok, "{out}");
    assert!(
        page.starts_with("# Hardware check: host simulation (not a hardware result)"),
        "{page}"
    );
    let block = page
        .split("```text\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let printed: Vec<&str> = out.lines().filter(|l| !l.starts_with("wrote ")).collect();
    assert_eq!(block.lines().collect::<Vec<_>>(), printed);
    let n = check_lines(out).len();
    let skipped = out.lines().filter(|l| l.contains(": SKIPPED (")).count();
    assert_eq!(
        skipped, 4,
        "the bank-conflict checks, and only they:\n{out}"
    );
    let outcome = format!(
        "| outcome | {} of {n} instructions matched, 0 failed, {skipped} skipped |",
        n - skipped
    );
    assert!(page.contains(&outcome), "{outcome:?} missing:\n{page}");
}

#[test]
fn bad_arguments_get_a_usage_error() {
    for (args, says) in [
        (&["--timeout", "0"][..], "--timeout takes seconds above 0"),
        (
            &["--timeout", "soon"][..],
            "--timeout takes seconds above 0",
        ),
        (&["--results"][..], "--results needs a value"),
        (&["--only"][..], "--only needs a value"),
        (&["--host-only", "--only", "m3n3k3"][..], "matches no check"),
        (&["--fast"][..], "unknown argument \"--fast\""),
        (&["--worker", "tpu", "0"][..], "--worker takes gpu|host"),
    ] {
        let o = hwcheck(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(text(&o).contains(says), "{args:?}: {}", text(&o));
    }
}

#[test]
fn only_runs_the_named_checks_and_restarts_within_them() {
    let o = hwcheck_with_fault(&["--host-only", "--only", "m16n8k16"], "error:1");
    let out = text(&o);
    let lines = check_lines(&out);
    assert!(lines.len() > 2, "{out}");
    assert!(lines.iter().all(|l| l.contains("m16n8k16")), "{out}");
    assert!(lines[1].contains("ERROR injected fault"), "{out}");
    assert!(lines[2..].iter().all(|l| l.contains(": 0/")), "{out}");
    assert!(
        out.contains("(a fresh worker goes on from check 2)"),
        "{out}"
    );
    let n = lines.len();
    assert!(
        out.contains(&format!("{} of {n} instructions matched, 1 failed", n - 1)),
        "{out}"
    );
}

/// The driver entry points (`src/gpu/driver.rs`) against a stand-in `libcuda.so.1`
/// (`tests/mock_cuda.c`, compiled here with the system's C compiler, `CC` or `cc`), which runs
/// no kernel but logs every call and checks what it is given: the device opens, the kernel's
/// PTX loads and its entry is found, each input is copied into an allocation of its size, the
/// launch gets one block of the check's threads and one pointer per `.param`, each the address
/// of a live allocation, the output is read back whole and everything is freed. The output
/// stays zero, so the check mismatches, as a line, not an `ERROR`. A refused module takes the
/// second load with the JIT's error log, whose words end the check's `ERROR` line.
/// A directory holding the stand-in `libcuda.so.1` (`tests/mock_cuda.c`), built with the
/// system's C compiler (`CC` or `cc`) under `name`.
fn mock_libcuda(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hwcheck-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mock_cuda.c");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let lib = dir.join("libcuda.so.1");
    let built = Command::new(&cc)
        .args(["-shared", "-fPIC", "-O1", "-o"])
        .arg(&lib)
        .arg(source)
        .status();
    assert!(
        built.is_ok_and(|s| s.success()),
        "building the stand-in libcuda needs a C compiler ({cc}; set CC for another)"
    );
    dir
}

/// `hwcheck --only check` against the stand-in libcuda in `dir`: exit status, output, calls.
fn mock_run(dir: &std::path::Path, check: &str, refuse: bool) -> (Option<i32>, String, String) {
    let log = dir.join(format!("calls-{refuse}.log"));
    let mut c = Command::new(env!("CARGO_BIN_EXE_hwcheck"));
    c.args(["--only", check])
        .env("LD_LIBRARY_PATH", dir)
        .env("MOCK_CUDA_LOG", &log);
    if refuse {
        c.env("MOCK_CUDA_REFUSE", "1");
    }
    let o = c.output().expect("running hwcheck");
    let calls = std::fs::read_to_string(&log).unwrap_or_default();
    (o.status.code(), text(&o), calls)
}

#[test]
fn driver_calls_reach_a_stand_in_libcuda_as_declared() {
    let dir = mock_libcuda("mock-cuda");
    let check = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
    let run = |refuse: bool| mock_run(&dir, check, refuse);

    let (code, out, calls) = run(false);
    assert_eq!(code, Some(1), "{out}\n{calls}");
    assert!(
        out.contains("device: fraglayout mock GPU 0, compute capability 9.0, driver CUDA 13.0"),
        "{out}"
    );
    let line = check_lines(&out)
        .into_iter()
        .find(|l| l.starts_with(&format!("{check}: ")))
        .unwrap_or_else(|| panic!("no line for the check:\n{out}"));
    assert!(
        line.contains(": 128/128,") && !line.contains("ERROR"),
        "{line}"
    );
    assert!(!calls.contains("BAD"), "{calls}");
    // A, B and C are [lane][register] words: 32 x 4, 32 x 2 and 32 x 4; D as C.
    for want in [
        "cuModuleGetFunction mma_sync_aligned_m16n8k16_row_col_f32_f16_f16_f32",
        "cuMemcpyHtoD 512\ncuMemAlloc 256\ncuMemcpyHtoD 256\ncuMemAlloc 512\ncuMemcpyHtoD 512",
        "cuMemsetD8 512",
        "cuLaunchKernel grid 1,1,1 block 32,1,1 shared 0 stream default params 4 extra none",
        "param 0: 512 bytes\nparam 1: 256 bytes\nparam 2: 512 bytes\nparam 3: 512 bytes",
        "cuCtxSynchronize\ncuMemcpyDtoH 512",
    ] {
        assert!(calls.contains(want), "no {want:?} in the calls:\n{calls}");
    }
    let count = |call: &str| calls.lines().filter(|l| l.starts_with(call)).count();
    assert_eq!(count("cuMemAlloc "), 4, "{calls}");
    assert_eq!(count("cuMemFree"), 4, "{calls}");
    assert_eq!(
        count("cuModuleLoadData "),
        count("cuModuleUnload"),
        "{calls}"
    );

    let (code, out, calls) = run(true);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains(&format!(
            "{check}: ERROR mma_sync_aligned_m16n8k16_row_col_f32_f16_f16_f32: loading the PTX \
             (JIT): CUDA_ERROR_INVALID_PTX (218); JIT log: mock ptxas: refused"
        )),
        "{out}"
    );
    assert!(
        calls.contains("cuModuleLoadDataEx 2 options, log buffer of 16384 bytes"),
        "{calls}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The grids' TMA loads reach the driver: each check encodes A's and B's tensor map over its
/// global tensor (dimensions, line stride, box and 128-byte swizzle as the model's
/// `tma_box` says) before the launch, which gets the seven pointers.
#[test]
fn grids_encode_their_tensor_maps_before_the_launch() {
    let dir = mock_libcuda("mock-cuda-tma");
    let check = "atoms in bands, 128-byte swizzle, K 64 in 4";
    let (code, out, calls) = mock_run(&dir, check, false);
    assert_eq!(code, Some(1), "{out}\n{calls}");
    assert!(!calls.contains("BAD"), "{calls}");
    // A: 64 rows of 64 bf16, one box; B: 64 rows of 256, boxes of one atom (bands).
    for want in [
        "cuTensorMapEncodeTiled type 1 dims 64,64 stride 128 box 64,64 swizzle 3\n\
         cuMemcpyHtoD 128\n\
         cuTensorMapEncodeTiled type 1 dims 256,64 stride 512 box 64,8 swizzle 3\n\
         cuMemcpyHtoD 128\n",
        "params 7 extra none",
        "param 0: 8192 bytes\nparam 1: 32768 bytes\nparam 2: 128 bytes\nparam 3: 128 bytes",
    ] {
        assert!(calls.contains(want), "no {want:?} in the calls:\n{calls}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
