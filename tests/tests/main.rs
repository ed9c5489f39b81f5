//! The integration suite as one test binary: each file beside this one is a module, named as
//! before (`cargo test -p fraglayout-tests --test integration numeral::` runs one of them), but
//! `convert_generated.rs`, half the suite's expanded code, a binary of its own
//! (`--test convert_generated`; `tests/Cargo.toml`).
//! One binary links once, and the modules' tests run side by side rather than binary after
//! binary.

mod block_scale;
mod bounds;
mod broadcast;
#[path = "catalog/main.rs"]
mod catalog;
mod catalog_md;
mod check_property;
mod conversions_md;
mod convert_core;
mod cute;
mod datapath;
mod dependency_line;
mod doc_examples;
mod forms;
mod generated;
mod generated_edges;
mod import_circles;
mod instruction;
mod kernel_md;
mod neighbours;
mod numeral;
mod packaging;
mod pairing;
mod pointer;
mod render;
mod render_bounds;
mod sf_atom;
#[path = "shared/main.rs"]
mod shared;
mod shared_md;
mod tiled;
mod tmem_epilogue;
mod warp;
