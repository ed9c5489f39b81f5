//! The README and the guides, whose Rust examples `cargo test` compiles and runs as doc tests
//! against `fraglayout` alone (this crate's only dependency), as a user's crate would.
#![doc = include_str!("../../../README.md")]
#![no_std]
#![forbid(unsafe_code)]

/// `docs/GUIDE.md`, the guide to epilogues, operand loads, partial tiles and numerals of one's
/// own: its Rust examples are doc tests too.
#[doc = include_str!("../../../docs/GUIDE.md")]
pub mod guide {}

/// `docs/CONVERSIONS.md`, the teaching page on layout conversions: its Rust example is a doc
/// test too.
#[doc = include_str!("../../../docs/CONVERSIONS.md")]
pub mod conversions {}

/// `docs/SHARED.md`, the teaching page on shared memory: its Rust examples are doc tests too.
#[doc = include_str!("../../../docs/SHARED.md")]
pub mod shared {}

/// `docs/DATAPATH.md`, the teaching page on a tile's data path declared once: its Rust examples
/// are doc tests too.
#[doc = include_str!("../../../docs/DATAPATH.md")]
pub mod datapath {}
