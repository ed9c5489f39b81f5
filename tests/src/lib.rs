//! Shared test support: independent transcriptions of the PTX ISA fragment formulas and the
//! one table from catalog name to formula built on them, a brute-force ownership map, the text
<<<<<<< HEAD
//! grid read back and checked against brute force, the generated instruction table of
//! `docs/CATALOG.md`, and random valid numerals.
=======
//! grid read back and checked against brute force, and the generated tables of
//! `docs/CATALOG.md` and `docs/CONVERSIONS.md`.
>>>>>>> h-convcli
//! Nothing here is derived from the numerals under test.

pub mod catalog_md;
pub mod conversions_md;
pub mod grid_text;
pub mod ownership;
pub mod ptx;
pub mod random_numeral;
pub mod transcription;
pub mod warp;
