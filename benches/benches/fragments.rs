//! Wall-clock time of every version over the whole 64 x 4096 region, side by side, with the
//! spread over repeated runs:
//!
//! ```text
//! cargo bench -p fraglayout-benches --bench fragments
//! ```
//!
//! Each version runs in `ROUNDS` rounds of a fixed number of region passes (chosen once so a
//! round takes about `ROUND_TARGET`); the rounds interleave the versions, so a burst of load on
//! the machine hits all of them alike. Printed per version: the median time of one pass, the
//! fastest and slowest round, and the median's throughput. Time on a shared machine varies by
//! tens of percent between runs: the instruction counts (`fl-count` under callgrind,
//! `tests/callgrind.rs`, docs/PERFORMANCE.md) are the stable numbers; these only say whether
//! instruction savings show up as time.
//!
//! A std-only harness: no statistics crate to build for a table of medians.

use std::hint::black_box;
use std::time::{Duration, Instant};

use fraglayout_benches::{GatherData, ScatterData, Version, REGION_ELEMENTS};

/// Rounds per version.
const ROUNDS: usize = 21;
/// About how long one round takes.
const ROUND_TARGET: Duration = Duration::from_millis(40);

/// One benchmark: a name and a pass over the region for each version.
trait Pass {
    fn name(&self) -> &'static str;
    fn pass(&mut self, v: Version);
}

impl Pass for ScatterData {
    fn name(&self) -> &'static str {
        "scatter_c_m16n8k16_64x4096"
    }
    fn pass(&mut self, v: Version) {
        self.run(black_box(v));
        black_box(&mut self.d);
    }
}

impl Pass for GatherData {
    fn name(&self) -> &'static str {
        "gather_a_m16n8k16_64x4096"
    }
    fn pass(&mut self, v: Version) {
        self.run(black_box(v));
        black_box(&mut self.out);
    }
}

/// Passes per round for `v`: enough that a round takes about [`ROUND_TARGET`].
fn calibrate(b: &mut dyn Pass, v: Version) -> u32 {
    b.pass(v); // warm caches and page tables
    let mut n = 1u32;
    loop {
        let t = Instant::now();
        for _ in 0..n {
            b.pass(v);
        }
        let took = t.elapsed();
        if took >= ROUND_TARGET / 4 || n >= 1 << 20 {
            let scale = ROUND_TARGET.as_secs_f64() / took.as_secs_f64().max(1e-9);
            return ((n as f64 * scale).round() as u32).max(1);
        }
        n *= 2;
    }
}

fn bench(b: &mut dyn Pass) {
    let passes: Vec<u32> = Version::ALL.iter().map(|&v| calibrate(b, v)).collect();
    let mut per_pass: Vec<Vec<f64>> = vec![Vec::with_capacity(ROUNDS); Version::ALL.len()];
    for _ in 0..ROUNDS {
        for (i, &v) in Version::ALL.iter().enumerate() {
            let t = Instant::now();
            for _ in 0..passes[i] {
                b.pass(v);
            }
            per_pass[i].push(t.elapsed().as_secs_f64() / passes[i] as f64);
        }
    }
    println!(
        "{} ({ROUNDS} rounds; median per pass [fastest .. slowest round])",
        b.name()
    );
    println!("| version | time | throughput |");
    println!("|---|---|---:|");
    for (i, v) in Version::ALL.iter().enumerate() {
        let t = &mut per_pass[i];
        t.sort_by(f64::total_cmp);
        let median = t[t.len() / 2];
        println!(
            "| {} | **{}** [{} .. {}] | {:.0} Melem/s |",
            v.name(),
            time(median),
            time(t[0]),
            time(t[t.len() - 1]),
            REGION_ELEMENTS as f64 / median / 1e6
        );
    }
    println!();
}

/// Seconds as µs (one decimal) or ms (three decimals).
fn time(s: f64) -> String {
    if s < 1e-3 {
        format!("{:.1} µs", s * 1e6)
    } else {
        format!("{:.3} ms", s * 1e3)
    }
}

fn main() {
    // `cargo test --benches` runs bench targets with `--bench` absent: one quick pass of each
    // version then, as a smoke test, not a measurement.
    if !std::env::args().any(|a| a == "--bench") {
        let (mut s, mut g) = (ScatterData::new(), GatherData::new());
        for v in Version::ALL {
            s.pass(v);
            g.pass(v);
        }
        println!("fragments: smoke run done (time with `cargo bench`)");
        return;
    }
    bench(&mut ScatterData::new());
    bench(&mut GatherData::new());
}
