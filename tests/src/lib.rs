//! Shared test support: independent transcriptions of the PTX ISA fragment formulas and the
//! one table from catalog name to formula built on them, a brute-force ownership map, the text
//! grid read back and checked against brute force, the generated tables of `docs/CATALOG.md`,
//! `docs/CONVERSIONS.md` and `docs/SHARED.md`, random valid numerals and a seeded property
//! runner, and a model of tensor memory.
//! Nothing here is derived from the numerals under test.

pub mod catalog_md;
pub mod conversions_md;
pub mod cute;
pub mod grid_text;
pub mod ownership;
pub mod property;
pub mod ptx;
pub mod random_numeral;
pub mod shared_md;
pub mod tmem_model;
pub mod transcription;
