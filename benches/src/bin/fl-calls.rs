//! Runs one version of one per-call case (`fraglayout_benches::calls`) for a number of calls,
//! for callgrind to count:
//!
//! ```text
//! valgrind --tool=callgrind --toggle-collect=fl_call_scatter128_generated \
//!     target/release/fl-calls scatter128 generated 1024
//! ```
//!
//! Prints a checksum of what the calls wrote or read, so the work cannot be dropped.

use fraglayout_benches::calls::{case, run_calls};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let found = match args.as_slice() {
        [c, v, n] => case(c).and_then(|c| {
            let entry = c.versions.iter().find(|x| x.0 == v)?.1;
            Some((c, entry, n.parse::<u32>().ok()?))
        }),
        _ => None,
    };
    let Some((c, entry, calls)) = found else {
        eprintln!("usage: fl-calls CASE VERSION CALLS (cases and versions: benches/src/calls.rs)");
        std::process::exit(2);
    };
    println!("{} checksum {}", c.name, run_calls(entry, c.threads, calls));
}
