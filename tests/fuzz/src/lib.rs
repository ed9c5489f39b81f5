//! A deterministic, seeded mutation fuzzer over `fraglayout check`, built on stable Rust with
//! no new dependency: numeral text in, verdict and drawing out, each answer judged against
//! brute force ([`oracle`]). `fuzz-check --seconds 60` is the CI run; see `src/main.rs`.
//!
//! It runs the CLI's own `check` function: `cli/src/check.rs` is compiled into this crate as
//! [`check`], so the fuzzer exercises exactly what `fraglayout check` runs. `fuzz-commands`
//! ([`commands`]) runs the `fraglayout` binary itself on mutated arguments of `banks`, `smem`
//! and `convert`.

#[path = "../../../cli/src/check.rs"]
pub mod check;
pub mod commands;
pub mod constructors;
pub mod mutate;
pub mod oracle;
pub mod rng;
pub mod seeds;
pub mod tokens;
