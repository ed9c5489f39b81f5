//! `hwcheck`: runs every catalog `mma.sync`, `mma.sp`, `ldmatrix` / `stmatrix`, `wgmma` and
//! `wgmma.mma_async.sp` layout on the GPU and compares the results bit-exactly with the host,
//! through the code `#[fragment_layout]` generates; and layout conversions, executed with
//! `shfl.sync.idx` as their plans say. See docs/TESTING.md, "The hardware check".
//!
//! ```text
//! hwcheck [--results FILE] [--timeout S] [--only TEXT]
//!                          run on GPU 0; exit 0 when everything matched, 1 otherwise,
//!                          77 without a CUDA driver, 78 without a usable device;
//!                          --results also writes the run as a Markdown page;
//!                          --only runs just the checks whose name contains TEXT
//! hwcheck --host-only [--results FILE] [--timeout S] [--only TEXT]
//!                          run the same checks against a host simulation of the PTX
//!                          semantics (ISA formulas, not the numerals); no GPU touched
//! hwcheck --emit-ptx DIR   write every generated kernel to DIR/{target}__{name}.ptx, and
//!                          the tcgen05.st / tcgen05.ld and block-scaled mma.sync kernels
//!                          no check runs (`tcgen05.rs`, `block_scale.rs`)
//! ```
//!
//! The checks run in a worker process watched by the one started (`supervise`): a kernel
//! that faults or hangs (`--timeout`, seconds per check from its start, default 60) costs its
//! own line, not the run. `--worker gpu|host START [TEXT]` is that worker.

mod banks;
mod block_scale;
mod check;
mod convert;
mod descriptor;
mod gpu;
mod grids;
mod ldst;
mod mma;
mod ptx_sim;
mod ptx_text;
mod results;
mod sparse;
mod supervise;
mod tcgen05;
mod tiles;
mod values;
mod wgmma;
mod wgmma_tiles;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use check::{Check, Planned, Report};
use fraglayout_hwcheck_layouts as layouts;
use supervise::{say, Backend, Fault, Verdict};

/// Exit status where there is no CUDA driver (the automake "skipped" code).
const SKIP_NO_DRIVER: u8 = 77;
/// Exit status where the driver is there but no device can run the checks.
const SKIP_NO_DEVICE: u8 = 78;
/// Seconds a check may take, from its start (the worker's own start, building the checks and
/// creating the CUDA context, has its own allowance: `supervise::startup_allowance`).
const DEFAULT_TIMEOUT: u64 = 60;

/// Every check, in order, not built yet: `mma.sync`, `mma.sp` (each sparsity selector),
/// `ldmatrix` / `stmatrix`, the shared-memory tiles (`tiles`), `wgmma` (with the tiles in each
/// swizzle mode and the grids of atoms, `grids`), `wgmma.mma_async.sp` (each sparsity selector), the conversions (`convert ...`), and last the bank-conflict
/// timing (`banks`).
fn plan() -> Vec<Planned> {
    let mut v = mma::mma_plan();
    v.extend(sparse::sparse_plan());
    v.extend(ldst::ldst_plan());
    v.extend(tiles::tile_plan());
    v.extend(wgmma::wgmma_plan());
    v.extend(convert::convert_plan());
    v.extend(banks::bank_plan());
    v
}

/// The checks whose name contains `only` (all of them without it), in order, not built yet.
fn selected(only: Option<&str>) -> Vec<Planned> {
    let mut v = plan();
    if let Some(text) = only {
        v.retain(|p| p.name.contains(text));
    }
    v
}

fn usage(why: &str) -> ExitCode {
    eprintln!("hwcheck: {why}");
    eprintln!(
        "usage: hwcheck [--host-only] [--results FILE] [--timeout SECONDS] [--only TEXT] \
         | --emit-ptx DIR"
    );
    ExitCode::from(2)
}

/// A supervised run as asked on the command line.
struct Options {
    backend: Backend,
    results: Option<String>,
    timeout: Duration,
    only: Option<String>,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["--emit-ptx", dir] => return emit(dir),
        ["--worker", backend, start, only @ ..] if only.len() <= 1 => {
            return match (Backend::parse(backend), start.parse()) {
                (Some(b), Ok(s)) => worker(b, s, only.first().copied()),
                _ => usage("--worker takes gpu|host, a check number and a name filter"),
            }
        }
        _ => {}
    }
    let mut o = Options {
        backend: Backend::Gpu,
        results: None,
        timeout: Duration::from_secs(DEFAULT_TIMEOUT),
        only: None,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match (*a, it.clone().next()) {
            ("--host-only", _) => o.backend = Backend::Host,
            ("--results", Some(f)) => {
                o.results = Some(f.to_string());
                it.next();
            }
            ("--only", Some(t)) => {
                o.only = Some(t.to_string());
                it.next();
            }
            ("--timeout", Some(s)) => {
                match s.parse::<f64>() {
                    Ok(t) if t > 0.0 && t.is_finite() => o.timeout = Duration::from_secs_f64(t),
                    _ => return usage(&format!("--timeout takes seconds above 0, not {s:?}")),
                }
                it.next();
            }
            (flag @ ("--results" | "--timeout" | "--only"), None) => {
                return usage(&format!("{flag} needs a value"))
            }
            (other, _) => return usage(&format!("unknown argument {other:?}")),
        }
    }
    supervised(&o, &args)
}

fn emit(dir: &str) -> ExitCode {
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("cannot create {dir}: {e}");
        return ExitCode::FAILURE;
    }
    let checks: Vec<Check> = plan().iter().map(Planned::build).collect();
    let run = checks
        .iter()
        .flat_map(|c| std::iter::once(&c.kernel).chain(c.diagnose.iter().map(|d| &d.kernel)));
    // The tcgen05 and block-scaled mma kernels are assembled only: no check runs them (the
    // H200 has no tcgen05 and no sm_120a).
    let mut assembled_only = tcgen05::kernels();
    assembled_only.extend(block_scale::kernels());
    let mut written = std::collections::BTreeSet::new();
    for k in run.chain(&assembled_only) {
        let file = k.file_name();
        if written.insert(file.clone()) {
            if let Err(e) = std::fs::write(format!("{dir}/{file}"), &k.ptx) {
                eprintln!("cannot write {dir}/{file}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    println!("wrote {} kernels to {dir}", written.len());
    ExitCode::SUCCESS
}

/// Runs every check in workers, prints the summary, writes `--results`; success when
/// everything matched.
fn supervised(o: &Options, args: &[&str]) -> ExitCode {
    let names: Vec<String> = selected(o.only.as_deref())
        .into_iter()
        .map(|p| p.name)
        .collect();
    if names.is_empty() {
        return usage(&format!(
            "--only {:?} matches no check (names are PTX instructions, e.g. `m16n8k16`, or `convert FROM => TO`)",
            o.only.as_deref().unwrap_or_default()
        ));
    }
    let mut run = supervise::supervise(o.backend, &names, o.only.as_deref(), o.timeout);
    if let Some(code) = run.skipped {
        if o.results.is_some() {
            supervise::tell("(no results page written: the run was skipped)");
        }
        return ExitCode::from(code);
    }
    let failed = run.failed();
    let mode = match o.backend {
        Backend::Gpu => "GPU",
        Backend::Host => "host simulation",
    };
    let summary = format!("summary ({mode}): {}", run.outcome());
    supervise::tell(&summary);
    run.log.push(summary);
    if let Some(file) = &o.results {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        let command = std::iter::once("hwcheck")
            .chain(args.iter().copied())
            .collect::<Vec<_>>()
            .join(" ");
        let page = results::markdown(&run, o.backend, &command, &results::utc(now));
        match std::fs::write(file, page) {
            Ok(()) => supervise::tell(&format!("wrote {file}")),
            Err(e) => {
                supervise::tell(&format!("cannot write {file}: {e}"));
                return ExitCode::FAILURE;
            }
        }
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "panic".into())
}

/// The worker: builds the checks from `start` on and runs them, one `@result` line each, and
/// stops after the first where a kernel could not run (on a GPU the context may be unusable
/// after that), for a fresh worker to go on.
fn worker(backend: Backend, start: usize, only: Option<&str>) -> ExitCode {
    let plan = selected(only);
    let dev = match backend {
        Backend::Gpu => match open_device() {
            Ok(d) => Some(d),
            Err(code) => return code,
        },
        Backend::Host => None,
    };
    // Check `i` is `checks[i - start]`: those before `start` ran in an earlier worker.
    let checks: Vec<Check> = plan.iter().skip(start).map(Planned::build).collect();
    if let Some(d) = &dev {
        if let Err(code) = capable(d, &checks) {
            return code;
        }
    }
    if let Some(delay) = supervise::start_delay() {
        std::thread::sleep(delay);
    }
    for (i, c) in (start..).zip(&checks) {
        say::begin(i);
        let r = match supervise::fault_at(i) {
            Some(Fault::Crash) => std::process::abort(),
            Some(Fault::Hang) => loop {
                std::thread::sleep(Duration::from_secs(3600));
            },
            Some(Fault::Error) => Err("injected fault (HWCHECK_FAULT)".to_string()),
            None => match &dev {
                Some(d) => run_one(d, c),
                None => host_one(c),
            },
        };
        let suspect = r.as_ref().map_or(true, |r| r.device_error);
        let (verdict, line) = match r {
            Ok(r) if r.skipped.is_some() => (Verdict::Skip, format!("{}: {}", c.name, r.line())),
            Ok(r) if r.passed() => (Verdict::Pass, format!("{}: {}", c.name, r.line())),
            Ok(r) => (Verdict::Fail, format!("{}: {}", c.name, r.line())),
            Err(e) => (Verdict::Error, format!("{}: ERROR {e}", c.name)),
        };
        say::result(i, verdict, &line);
        if suspect && i + 1 < plan.len() {
            return ExitCode::from(supervise::EXIT_RESTART);
        }
    }
    ExitCode::SUCCESS
}

/// GPU 0, announced with `@device`; or the skip, announced with `@skip`, as the exit status.
fn open_device() -> Result<gpu::Device, ExitCode> {
    if !gpu::driver_present() {
        say::skip(SKIP_NO_DRIVER, "no CUDA driver");
        return Err(ExitCode::from(SKIP_NO_DRIVER));
    }
    let no_device = |why: String| {
        say::skip(SKIP_NO_DEVICE, &why);
        ExitCode::from(SKIP_NO_DEVICE)
    };
    let dev = match catch_unwind(gpu::open) {
        Ok(Ok(d)) => d,
        Ok(Err(e)) => return Err(no_device(format!("no usable CUDA device ({e})"))),
        Err(p) => {
            return Err(no_device(format!(
                "no usable CUDA device (panic: {})",
                panic_text(&p)
            )))
        }
    };
    say::device(&dev.name, dev.capability, &dev.driver);
    Ok(dev)
}

/// Whether `dev` runs every one of `checks`; if not, the skip, announced with `@skip`.
fn capable(dev: &gpu::Device, checks: &[Check]) -> Result<(), ExitCode> {
    let need = checks
        .iter()
        .map(|c| c.kernel.capability())
        .max()
        .unwrap_or((0, 0));
    if dev.capability < need {
        let why = format!(
            "device compute capability {}.{} is below the {}.{} the checks need",
            dev.capability.0, dev.capability.1, need.0, need.1
        );
        say::skip(SKIP_NO_DEVICE, &why);
        return Err(ExitCode::from(SKIP_NO_DEVICE));
    }
    Ok(())
}

/// Runs one check against the host simulation. Each diagnostic variant must come out there
/// as its `simulation_passes` says, so that on the GPU its outcome tells the readings apart.
fn host_one(c: &Check) -> Result<Report, String> {
    if let Some(why) = c.host_skip {
        return Ok(Report::skip(why));
    }
    catch_unwind(AssertUnwindSafe(|| {
        let out = (c.simulate)(&c.inputs);
        assert_eq!(out.len(), c.out_words, "simulated output size");
        let mut r = (c.verify)(&out);
        for d in &c.diagnose {
            let dr = (d.verify)(&(d.simulate)(&d.inputs));
            let as_meant = dr.passed() == d.simulation_passes;
            r.note_failed |= !as_meant;
            let expect = if d.simulation_passes {
                "passes"
            } else {
                "fails"
            };
            let outcome = if as_meant {
                "as it should"
            } else {
                "UNEXPECTEDLY"
            };
            r.notes.push(format!(
                "{}: {} ({expect} on the simulation, {outcome})",
                d.name,
                dr.line()
            ));
        }
        r
    }))
    .map_err(|p| panic_text(&p))
}

/// Runs one check on the device; where it fails and has a diagnostic variant, runs that too
/// and adds its outcome to the notes.
fn run_one(dev: &gpu::Device, c: &Check) -> Result<Report, String> {
    let out = catch_unwind(AssertUnwindSafe(|| dev.run(c))).map_err(|p| panic_text(&p))??;
    let mut r = (c.verify)(&out);
    if r.passed() {
        return Ok(r);
    }
    for d in &c.diagnose {
        let note = match catch_unwind(AssertUnwindSafe(|| dev.run(d))) {
            Ok(Ok(o)) => {
                let dr = (d.verify)(&o);
                let verdict = if dr.passed() { "PASSES" } else { "fails" };
                format!("diagnosis {}: {verdict}, {}", d.name, dr.line())
            }
            Ok(Err(e)) => {
                r.device_error = true;
                format!("diagnosis {}: ERROR {e}", d.name)
            }
            Err(p) => {
                r.device_error = true;
                format!("diagnosis {}: panic {}", d.name, panic_text(&p))
            }
        };
        r.notes.push(note);
    }
    Ok(r)
}
