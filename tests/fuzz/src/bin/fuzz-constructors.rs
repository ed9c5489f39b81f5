//! `fuzz-constructors`: the layout-core constructors whose sizes are products of their
//! arguments (`Numeral::tiled`, `tmem::fragment`, `catalog::scale_layout`,
//! `SharedLayout::hopper` / `with_order` / `tma_box`, `ScaleAtoms`, `tmem_sf::scale_factors`)
//! on the extremes of every integer argument and random values, judged by
//! `fraglayout_fuzz::constructors::judge`.
//!
//! ```text
//! fuzz-constructors [--seconds S | --iterations N] [--seed X]
//! ```
//!
//! Deterministic cases for a seed. Exit 0 when nothing was found, 1 otherwise, 2 on a usage
//! error.

use std::process::ExitCode;
use std::time::Instant;

use fraglayout_fuzz::constructors::{draw, judge};
use fraglayout_fuzz::rng::Rng;

fn usage(why: &str) -> ExitCode {
    eprintln!("fuzz-constructors: {why}");
    eprintln!("usage: fuzz-constructors [--seconds S | --iterations N] [--seed X]");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut seconds, mut iterations, mut seed) = (None, None, 5u64);
    for pair in args.chunks(2) {
        let [flag, value] = pair else {
            return usage(&format!("{} needs a value", pair[0]));
        };
        let ok = match flag.as_str() {
            "--seconds" => value.parse::<f64>().map(|s| seconds = Some(s)).is_ok(),
            "--iterations" => value.parse::<u64>().map(|n| iterations = Some(n)).is_ok(),
            "--seed" => value.parse().map(|s| seed = s).is_ok(),
            _ => return usage(&format!("unknown argument {flag:?}")),
        };
        if !ok {
            return usage(&format!("bad value {value:?} for {flag}"));
        }
    }
    if seconds.is_none() && iterations.is_none() {
        iterations = Some(100_000);
    }
    // A panic is a finding, reported with its message; the default hook's trace is noise.
    std::panic::set_hook(Box::new(|_| {}));
    let mut rng = Rng::new(seed);
    let start = Instant::now();
    let (mut done, mut built, mut findings) = (0u64, 0u64, 0u64);
    loop {
        let over = match (iterations, seconds) {
            (Some(n), _) => done >= n,
            (None, Some(s)) => start.elapsed().as_secs_f64() >= s,
            (None, None) => true,
        };
        if over {
            break;
        }
        let case = draw(&mut rng, done);
        done += 1;
        match judge(&case) {
            Ok(b) => built += u64::from(b),
            Err(why) => {
                findings += 1;
                if findings <= 16 {
                    println!("FINDING {why}\n  case: {case:?}");
                }
            }
        }
    }
    println!(
        "fuzz-constructors: seed {seed}, {done} cases ({built} built, the others refused) in \
         {:.1} s, {findings} findings",
        start.elapsed().as_secs_f64()
    );
    if findings == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
