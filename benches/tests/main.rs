//! The benchmarks' tests, one test binary (one link; the files' tests run side by side), each
//! file a module: `cargo test -p fraglayout-benches --test perf -- MODULE::` runs one of them.
//! `agree`, `agree_calls` and `expansion_size` run in `cargo test`; the others are ignored
//! there and run with `--release -- --ignored` (docs/PERFORMANCE.md, "Reproduce").

mod support;

mod agree;
mod agree_calls;
mod agree_convert;
mod agree_smem;
mod asm;
mod asm_panics;
mod asm_rows;
mod callgrind;
mod compile_conversions;
mod compile_instructions;
mod compile_time;
mod doc_tables;
mod expansion_size;
mod ir;
