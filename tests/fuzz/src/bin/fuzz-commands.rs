//! `fuzz-commands`: mutates argument vectors of the commands whose work depends on the numbers
//! in them (`banks`, `smem`, `convert`, and layouts named everywhere) and runs the `fraglayout`
//! binary on each, judged by `fraglayout_fuzz::commands::judge`.
//!
//! ```text
//! fuzz-commands --bin PATH [--seconds S | --iterations N] [--seed X] [--budget-ms B]
//! ```
//!
//! Deterministic inputs for a seed. Exit 0 when nothing was found, 1 otherwise, 2 on a usage
//! error.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use fraglayout_fuzz::commands::{judge, mutate, seeds};
use fraglayout_fuzz::rng::Rng;

/// The most inputs kept for mutation.
const POOL: usize = 1024;

fn usage(why: &str) -> ExitCode {
    eprintln!("fuzz-commands: {why}");
    eprintln!(
        "usage: fuzz-commands --bin PATH [--seconds S | --iterations N] [--seed X] [--budget-ms B]"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut bin, mut seconds, mut iterations, mut seed, mut budget) =
        (None, None, None, 5u64, Duration::from_millis(1000));
    let mut it = args.chunks(2);
    for pair in &mut it {
        let [flag, value] = pair else {
            return usage(&format!("{} needs a value", pair[0]));
        };
        let ok = match flag.as_str() {
            "--bin" => {
                bin = Some(PathBuf::from(value));
                true
            }
            "--seconds" => value.parse::<f64>().map(|s| seconds = Some(s)).is_ok(),
            "--iterations" => value.parse::<u64>().map(|n| iterations = Some(n)).is_ok(),
            "--seed" => value.parse().map(|s| seed = s).is_ok(),
            "--budget-ms" => value
                .parse()
                .map(|ms| budget = Duration::from_millis(ms))
                .is_ok(),
            _ => return usage(&format!("unknown argument {flag:?}")),
        };
        if !ok {
            return usage(&format!("bad value {value:?} for {flag}"));
        }
    }
    let Some(bin) = bin else {
        return usage("give the binary: --bin target/release/fraglayout");
    };
    if seconds.is_none() && iterations.is_none() {
        iterations = Some(200);
    }
    run(&bin, seconds, iterations, seed, budget)
}

fn run(
    bin: &std::path::Path,
    seconds: Option<f64>,
    iterations: Option<u64>,
    seed: u64,
    budget: Duration,
) -> ExitCode {
    // The pictures mutants are told to write (`--svg 1024`) land in a scratch directory.
    let scratch = std::env::temp_dir().join(format!("fraglayout-fuzz-{}", std::process::id()));
    if let Err(e) = std::fs::create_dir_all(&scratch) {
        return usage(&format!("cannot make {}: {e}", scratch.display()));
    }
    let bin = match bin.canonicalize() {
        Ok(b) => b,
        Err(e) => return usage(&format!("cannot find {}: {e}", bin.display())),
    };
    let code = fuzz(&bin, &scratch, seconds, iterations, seed, budget);
    let _ = std::fs::remove_dir_all(&scratch);
    code
}

fn fuzz(
    bin: &std::path::Path,
    scratch: &std::path::Path,
    seconds: Option<f64>,
    iterations: Option<u64>,
    seed: u64,
    budget: Duration,
) -> ExitCode {
    let corpus = seeds();
    let mut pool = corpus.clone();
    let mut features = BTreeSet::new();
    let mut rng = Rng::new(seed);
    let start = Instant::now();
    let n_seeds = corpus.len() as u64;
    let (mut done, mut findings) = (0u64, 0u64);
    let mut slowest = (Duration::ZERO, Vec::new());
    loop {
        let over = match (iterations, seconds) {
            (Some(n), _) => done >= n_seeds + n,
            (None, Some(s)) => done >= n_seeds && start.elapsed().as_secs_f64() >= s,
            (None, None) => true,
        };
        if over {
            break;
        }
        let args = if done < n_seeds {
            corpus[done as usize].clone()
        } else {
            let parent = if rng.one_in(2) {
                rng.pick(&corpus).clone()
            } else {
                rng.pick(&pool).clone()
            };
            let other = rng.pick(&corpus).clone();
            mutate(&mut rng, &parent, &other)
        };
        done += 1;
        match judge(bin, scratch, &args, budget) {
            Ok(r) => {
                if r.took > slowest.0 {
                    slowest = (r.took, args.clone());
                }
                if features.insert(r.feature) && pool.len() < POOL {
                    pool.push(args);
                }
            }
            Err(f) => {
                findings += 1;
                if findings <= 16 {
                    println!("FINDING {f}\n  args: {args:?}");
                }
            }
        }
    }
    println!(
        "fuzz-commands: seed {seed}, {done} runs ({n_seeds} seeds) in {:.1} s: {} kinds of \
         answer, {findings} findings; slowest {:.0} ms for {:?}",
        start.elapsed().as_secs_f64(),
        features.len(),
        slowest.0.as_secs_f64() * 1000.0,
        slowest.1
    );
    if findings == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
