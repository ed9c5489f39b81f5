//! `hwcheck`: runs every catalog `mma.sync`, `ldmatrix` / `stmatrix` and `wgmma` layout on the
//! GPU and compares the results bit-exactly with the host, through the code
//! `#[fragment_layout]` generates. See the README's "Hardware check" section.
//!
//! ```text
//! hwcheck                  run on GPU 0; exit 0 when everything matched, 1 otherwise,
//!                          77 without a CUDA driver, 78 without a usable device
//! hwcheck --host-only      run the same checks against a host simulation of the PTX
//!                          semantics (ISA formulas, not the numerals); no GPU touched
//! hwcheck --emit-ptx DIR   write every generated kernel to DIR/{target}__{name}.ptx
//! ```

mod check;
mod formulas;
mod gpu;
mod layouts;
mod ldst;
mod mma;
mod values;
mod wgmma;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;

use check::{Check, Report};

/// Exit status where there is no CUDA driver (the automake "skipped" code).
const SKIP_NO_DRIVER: u8 = 77;
/// Exit status where the driver is there but no device can run the checks.
const SKIP_NO_DEVICE: u8 = 78;

/// Every check, in order: `mma.sync`, `ldmatrix` / `stmatrix`, `wgmma`.
fn all_checks() -> Vec<Check> {
    let mut v: Vec<Check> = mma::mma_groups().iter().map(mma::mma_check).collect();
    v.extend(ldst::ldst_checks());
    v.extend(wgmma::wgmma_checks());
    v
}

fn usage() -> ExitCode {
    eprintln!("usage: hwcheck [--host-only | --emit-ptx DIR]");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] => run_gpu(),
        ["--host-only"] => run_host(),
        ["--emit-ptx", dir] => emit(dir),
        _ => usage(),
    }
}

fn emit(dir: &str) -> ExitCode {
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("cannot create {dir}: {e}");
        return ExitCode::FAILURE;
    }
    let checks = all_checks();
    let mut written = std::collections::BTreeSet::new();
    for c in &checks {
        for k in std::iter::once(&c.kernel).chain(c.diagnose.as_ref().map(|d| &d.kernel)) {
            let file = k.file_name();
            if written.insert(file.clone()) {
                if let Err(e) = std::fs::write(format!("{dir}/{file}"), &k.ptx) {
                    eprintln!("cannot write {dir}/{file}: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    println!("wrote {} kernels to {dir}", written.len());
    ExitCode::SUCCESS
}

/// Prints one line per check and the summary; success when everything matched.
fn report(results: &[(String, Result<Report, String>)], mode: &str) -> ExitCode {
    let mut failed = 0;
    for (name, r) in results {
        match r {
            Ok(r) => {
                println!("{name}: {}", r.line());
                if !r.passed() {
                    failed += 1;
                }
            }
            Err(e) => {
                println!("{name}: ERROR {e}");
                failed += 1;
            }
        }
    }
    println!(
        "summary ({mode}): {} of {} instructions matched, {failed} failed",
        results.len() - failed,
        results.len()
    );
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn run_host() -> ExitCode {
    let checks = all_checks();
    let results: Vec<_> = checks
        .iter()
        .map(|c| {
            let r = catch_unwind(AssertUnwindSafe(|| {
                let out = (c.simulate)(&c.inputs);
                assert_eq!(out.len(), c.out_words, "simulated output size");
                let mut r = (c.verify)(&out);
                // The diagnostic variant must pass on the simulation too.
                if let Some(d) = &c.diagnose {
                    let dr = (d.verify)(&(d.simulate)(&d.inputs));
                    r.note_failed |= !dr.passed();
                    r.notes.push(format!("{}: {}", d.name, dr.line()));
                }
                r
            }))
            .map_err(|p| panic_text(&p));
            (c.name.clone(), r)
        })
        .collect();
    report(&results, "host simulation")
}

fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "panic".into())
}

fn run_gpu() -> ExitCode {
    if !gpu::driver_present() {
        println!("skipped: no CUDA driver");
        return ExitCode::from(SKIP_NO_DRIVER);
    }
    let outcome = catch_unwind(AssertUnwindSafe(|| -> Result<ExitCode, String> {
        let dev = match gpu::open() {
            Ok(d) => d,
            Err(e) => {
                println!("skipped: no usable CUDA device ({e})");
                return Ok(ExitCode::from(SKIP_NO_DEVICE));
            }
        };
        let checks = all_checks();
        let need = checks
            .iter()
            .map(|c| c.kernel.capability())
            .max()
            .unwrap_or((0, 0));
        println!(
            "device: {}, compute capability {}.{}",
            dev.name, dev.capability.0, dev.capability.1
        );
        if dev.capability < need {
            println!(
                "skipped: device compute capability {}.{} is below the {}.{} the checks need",
                dev.capability.0, dev.capability.1, need.0, need.1
            );
            return Ok(ExitCode::from(SKIP_NO_DEVICE));
        }
        let results: Vec<_> = checks
            .iter()
            .map(|c| (c.name.clone(), run_one(&dev, c)))
            .collect();
        Ok(report(&results, "GPU"))
    }));
    match outcome {
        Ok(Ok(code)) => code,
        Ok(Err(e)) => {
            println!("error: {e}");
            ExitCode::FAILURE
        }
        Err(p) => {
            println!("error: the GPU part panicked: {}", panic_text(&p));
            ExitCode::FAILURE
        }
    }
}

/// Runs one check on the device; where it fails and has a diagnostic variant, runs that too
/// and adds its outcome to the notes.
fn run_one(dev: &gpu::Device, c: &Check) -> Result<Report, String> {
    let out = catch_unwind(AssertUnwindSafe(|| dev.run(c))).map_err(|p| panic_text(&p))??;
    let mut r = (c.verify)(&out);
    if !r.passed() {
        if let Some(d) = &c.diagnose {
            let note = match catch_unwind(AssertUnwindSafe(|| dev.run(d))) {
                Ok(Ok(o)) => {
                    let dr = (d.verify)(&o);
                    format!("diagnosis {}: {}", d.name, dr.line())
                }
                Ok(Err(e)) => format!("diagnosis {}: ERROR {e}", d.name),
                Err(p) => format!("diagnosis {}: panic {}", d.name, panic_text(&p)),
            };
            r.notes.push(note);
        }
    }
    Ok(r)
}
