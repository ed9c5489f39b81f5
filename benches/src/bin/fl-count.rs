//! Runs one version once over the whole region, for callgrind to count:
//!
//! ```text
//! valgrind --tool=callgrind --toggle-collect=fl_scatter_generated \
//!     target/release/fl-count scatter generated
//! ```
//!
//! Arguments: `scatter` or `gather`, then a version (`generated`, `unpaired`, `seed`, `runtime`, `lut`).
//! Prints a checksum of the output so the work cannot be dropped.

use fraglayout_benches::{GatherData, ScatterData, Version};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (kind, version) = match args.as_slice() {
        [k, v] => (k.as_str(), Version::from_name(v)),
        _ => ("", None),
    };
    let Some(version) = version else {
        eprintln!("usage: fl-count scatter|gather generated|unpaired|seed|runtime|lut");
        std::process::exit(2);
    };
    let checksum: f64 = match kind {
        "scatter" => {
            let mut data = ScatterData::new();
            data.run(version);
            data.d.iter().map(|&x| x as f64).sum()
        }
        "gather" => {
            let mut data = GatherData::new();
            data.run(version);
            data.out.iter().flatten().flatten().map(|&x| x as f64).sum()
        }
        _ => {
            eprintln!("usage: fl-count scatter|gather generated|unpaired|seed|runtime|lut");
            std::process::exit(2);
        }
    };
    println!("{kind} {} checksum {checksum}", version.name());
}
