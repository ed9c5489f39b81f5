//! Shared test support: independent transcriptions of the PTX ISA fragment formulas, and a
//! brute-force ownership map. Nothing here is derived from the numerals under test.

pub mod ownership;
pub mod ptx;
