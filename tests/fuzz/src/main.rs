//! `fuzz-check`: mutates the seed corpus and judges every mutant (see the crate docs).
//!
//! ```text
//! fuzz-check [--seconds S | --iterations N] [--seed X] [--budget-ms B] [--corpus DIR]
//!            [--findings DIR]
//! fuzz-check --write-catalog-seeds DIR
//! ```
//!
//! Deterministic: with the same seed the same inputs come in the same order (`--seconds` only
//! decides how many). Each input runs under `catch_unwind` in a worker thread; one that takes
//! more than `--budget-ms` (default 2000) fails the run, and one that does not come back within
//! a minute is reported as a hang and ends the run. Every finding is printed, and written to
//! `--findings` (default `target/fuzz-findings`) to be added to the corpus. Exit 0 when
//! nothing was found, 1 otherwise, 2 on a usage error.

use std::collections::BTreeSet;
use std::process::ExitCode;
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::{Duration, Instant};

use fraglayout_fuzz::oracle::{judge, Finding};
use fraglayout_fuzz::{mutate, rng::Rng, seeds};

/// An input that has not come back after this long is a hang.
const HANG: Duration = Duration::from_secs(60);
/// The most inputs kept for mutation (seeds and mutants that gave a new kind of answer).
const POOL: usize = 4096;
/// Findings of one kind printed and saved; the rest are counted.
const SHOWN: usize = 8;

struct Options {
    seconds: Option<f64>,
    iterations: Option<u64>,
    seed: u64,
    budget: Duration,
    corpus: std::path::PathBuf,
    findings: std::path::PathBuf,
}

fn usage(why: &str) -> ExitCode {
    eprintln!("fuzz-check: {why}");
    eprintln!(
        "usage: fuzz-check [--seconds S | --iterations N] [--seed X] [--budget-ms B] \
         [--corpus DIR] [--findings DIR] | --write-catalog-seeds DIR"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, dir] = args.as_slice() {
        if flag == "--write-catalog-seeds" {
            return write_catalog_seeds(dir);
        }
    }
    let mut o = Options {
        seconds: None,
        iterations: None,
        seed: 11,
        budget: Duration::from_millis(2000),
        corpus: seeds::corpus_dir(),
        findings: std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../target/fuzz-findings"),
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let Some(value) = it.next() else {
            return usage(&format!("{flag} needs a value"));
        };
        let bad = || usage(&format!("bad value {value:?} for {flag}"));
        match flag.as_str() {
            "--seconds" => match value.parse::<f64>() {
                Ok(s) if s > 0.0 && s.is_finite() => o.seconds = Some(s),
                _ => return bad(),
            },
            "--iterations" => match value.parse() {
                Ok(n) => o.iterations = Some(n),
                Err(_) => return bad(),
            },
            "--seed" => match value.parse() {
                Ok(s) => o.seed = s,
                Err(_) => return bad(),
            },
            "--budget-ms" => match value.parse() {
                Ok(ms) if ms > 0 => o.budget = Duration::from_millis(ms),
                _ => return bad(),
            },
            "--corpus" => o.corpus = value.into(),
            "--findings" => o.findings = value.into(),
            _ => return usage(&format!("unknown argument {flag:?}")),
        }
    }
    if o.seconds.is_none() && o.iterations.is_none() {
        o.iterations = Some(1000);
    }
    run(&o)
}

fn write_catalog_seeds(dir: &str) -> ExitCode {
    let seeds = seeds::catalog_seeds();
    for (name, text) in &seeds {
        if let Err(e) = std::fs::write(format!("{dir}/{name}"), text) {
            eprintln!("fuzz-check: cannot write {dir}/{name}: {e}");
            return ExitCode::FAILURE;
        }
    }
    println!("wrote {} catalog seeds to {dir}", seeds.len());
    ExitCode::SUCCESS
}

/// The input as a Rust string literal, for the report.
fn quoted(text: &str) -> String {
    format!("{text:?}")
}

fn run(o: &Options) -> ExitCode {
    let corpus = match seeds::load(&o.corpus) {
        Ok(c) if !c.is_empty() => c,
        Ok(_) => return usage(&format!("no *.txt seeds in {}", o.corpus.display())),
        Err(e) => return usage(&format!("cannot read {}: {e}", o.corpus.display())),
    };
    // Silence the default panic message: panics are findings, reported below.
    std::panic::set_hook(Box::new(|_| {}));

    // The worker judges inputs one at a time; the main thread watches for hangs.
    let (to_worker, inputs) = channel::<String>();
    let (to_main, verdicts) = channel();
    let budget = o.budget;
    std::thread::spawn(move || {
        for text in inputs {
            let v = judge(&text, budget);
            if to_main.send(v).is_err() {
                break;
            }
        }
    });

    let mut pool: Vec<String> = corpus.iter().map(|(_, t)| t.clone()).collect();
    let mut features = BTreeSet::new();
    let mut rng = Rng::new(o.seed);
    let start = Instant::now();
    let (mut done, mut accepted, mut sampled) = (0u64, 0u64, 0u64);
    let mut slowest = (Duration::ZERO, String::new());
    let (mut most_out, mut most_err) = ((0, String::new()), (0, String::new()));
    let mut findings: Vec<(Finding, String)> = Vec::new();
    let seeds = corpus.len() as u64;
    loop {
        let over = match (o.iterations, o.seconds) {
            (Some(n), _) => done >= seeds + n,
            (None, Some(s)) => done >= seeds && start.elapsed().as_secs_f64() >= s,
            (None, None) => true,
        };
        if over {
            break;
        }
        // The seeds first, as they are; then mutants, of a seed half the time (so that valid
        // numerals keep being mutated), else of an input that gave a new kind of answer.
        let text = if done < seeds {
            corpus[done as usize].1.clone()
        } else {
            let parent = if rng.one_in(2) {
                rng.pick(&corpus).1.clone()
            } else {
                rng.pick(&pool).clone()
            };
            mutate::mutate(&mut rng, &parent, &pool)
        };
        to_worker.send(text.clone()).expect("the worker runs");
        let verdict = match verdicts.recv_timeout(HANG) {
            Ok(v) => v,
            Err(RecvTimeoutError::Timeout) => {
                println!(
                    "HANG: no answer within {} s for {}",
                    HANG.as_secs(),
                    quoted(&text)
                );
                save(&o.findings, &text);
                return ExitCode::FAILURE;
            }
            Err(RecvTimeoutError::Disconnected) => {
                println!("the worker died on {}", quoted(&text));
                return ExitCode::FAILURE;
            }
        };
        done += 1;
        match verdict {
            Ok(v) => {
                accepted += u64::from(v.valid);
                sampled += u64::from(v.sampled);
                if v.took > slowest.0 {
                    slowest = (v.took, text.clone());
                }
                if v.out_bytes > most_out.0 {
                    most_out = (v.out_bytes, text.clone());
                }
                if v.err_bytes > most_err.0 {
                    most_err = (v.err_bytes, text.clone());
                }
                if features.insert(v.feature) && done > seeds && pool.len() < POOL {
                    pool.push(text);
                }
            }
            Err(f) => {
                // The first few of each kind in full; the rest counted.
                let kind = f.kind();
                let seen = findings.iter().filter(|(g, _)| g.kind() == kind).count();
                if seen < SHOWN {
                    println!("FINDING {f}\n  input: {}", quoted(&text));
                    save(&o.findings, &text);
                }
                findings.push((f, text));
            }
        }
    }
    println!(
        "fuzz-check: seed {}, {done} inputs ({seeds} seeds) in {:.1} s: {accepted} accepted \
         ({sampled} checked on a sample), {} kinds of answer, {} findings",
        o.seed,
        start.elapsed().as_secs_f64(),
        features.len(),
        findings.len()
    );
    println!(
        "slowest: {:.1} ms for {}",
        slowest.0.as_secs_f64() * 1000.0,
        quoted(&slowest.1)
    );
    println!(
        "most output: {} bytes on stdout for {}\n             {} bytes on stderr for {}",
        most_out.0,
        quoted(&most_out.1),
        most_err.0,
        quoted(&most_err.1)
    );
    if findings.is_empty() {
        ExitCode::SUCCESS
    } else {
        let kinds: BTreeSet<&str> = findings.iter().map(|(f, _)| f.kind()).collect();
        for kind in kinds {
            let k = findings.iter().filter(|(f, _)| f.kind() == kind).count();
            println!("{k} findings of kind {kind:?}");
        }
        println!(
            "the first {SHOWN} of each kind written to {}",
            o.findings.display()
        );
        ExitCode::FAILURE
    }
}

/// Writes a finding's input to `dir/found-HASH.txt`.
fn save(dir: &std::path::Path, text: &str) {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    let _ = std::fs::create_dir_all(dir);
    let _ = std::fs::write(dir.join(format!("found-{:016x}.txt", h.finish())), text);
}
