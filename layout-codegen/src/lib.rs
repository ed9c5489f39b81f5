//! The expansion behind `layout-macros`, as a plain library on `proc-macro2` so that tools (the
//! `fraglayout expand` command, tests) can run exactly what the compiler runs.
//!
//! Each macro is a pipeline of small steps, one file each:
//! - [`numeral`](fn@numeral): `numeral/parse.rs` (tokens to the typed `ast.rs`), `resolve.rs`
//!   (the one numeral declared, defaults filled in), `diagnose.rs` (layout-core's bijection
//!   check, errors on the offending tokens), `expand.rs`; the same without the expansion is
//!   [`check_numeral`] (`fraglayout check`);
//! - [`fragment_layout`]: `fragment/args.rs` (the arguments and how they combine), `parse.rs`
//!   (the function's shape into the borrowing `ast.rs`, every problem at once), `pairing.rs`
//!   (which bodies can move neighbouring elements together), `expand.rs`, `fallback.rs`; its
//!   plan is [`fragment_plan`], and the checks its code makes of a numeral [`fragment_check`];
//! - [`convert_layout`]: `convert/parse.rs` (the signature into `ast.rs`), `expand.rs` (the
//!   plan `layout_core::convert` computes, as constants, and straight-line rounds),
//!   `fallback.rs`;
//! - [`matrix_rows`](fn@matrix_rows): `matrix_rows/args.rs` (the arguments, each read on its own), `parse.rs`
//!   (the signature into `ast.rs`), `expand.rs` (the row-address code
//!   `layout_core::shared::RowCode` derives, as constants), `fallback.rs`.
//!
//! Each returns tokens: the expansion, or `compile_error!`s plus a fallback expansion that keeps
//! the rest of the user's code free of secondary errors.

mod argument;
mod catalog_path;
mod convert;
mod fragment;
mod matrix_rows;
mod numeral;
mod reserved;
mod text;

pub use convert::{convert_form, convert_layout, ConvertForm};
pub use fragment::{fragment_check, fragment_layout, fragment_plan, FragmentPlan, Strategy};
pub use matrix_rows::matrix_rows;
pub use numeral::{check_numeral, numeral, NumeralCheck, OwnedNumeral, Problem};
