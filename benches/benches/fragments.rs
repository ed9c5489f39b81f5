//! Criterion time of every version over the whole 64 x 4096 region, side by side:
//!
//! ```text
//! cargo bench -p fraglayout-benches --bench fragments
//! ```
//!
//! Instruction counts, the stable numbers, come from `fl-count` under callgrind
//! (`tests/callgrind.rs`, see docs/PERFORMANCE.md).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fraglayout_benches::{GatherData, ScatterData, Version, REGION_ELEMENTS};
use std::hint::black_box;

fn scatter(c: &mut Criterion) {
    let mut g = c.benchmark_group("scatter_c_m16n8k16_64x4096");
    g.throughput(Throughput::Elements(REGION_ELEMENTS as u64));
    let mut data = ScatterData::new();
    for v in Version::ALL {
        g.bench_function(v.name(), |b| {
            b.iter(|| {
                data.run(black_box(v));
                black_box(&mut data.d);
            })
        });
    }
    g.finish();
}

fn gather(c: &mut Criterion) {
    let mut g = c.benchmark_group("gather_a_m16n8k16_64x4096");
    g.throughput(Throughput::Elements(REGION_ELEMENTS as u64));
    let mut data = GatherData::new();
    for v in Version::ALL {
        g.bench_function(v.name(), |b| {
            b.iter(|| {
                data.run(black_box(v));
                black_box(&mut data.out);
            })
        });
    }
    g.finish();
}

criterion_group!(benches, scatter, gather);
criterion_main!(benches);
