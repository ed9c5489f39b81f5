//! `mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64` (sm_80). Each element is one `.f64`
//! register (64 bits).

use super::{checked, Entry, Operand, SM75_8x8x16_S32_C};
use crate::{Digit, Numeral};

/// The PTX ISA section these layouts transcribe.
pub const M8N8K4_F64: &str =
    "PTX ISA 9.7.14.5.2, Matrix Fragments for mma.m8n8k4 with .f64 floating point type";

/// A of `m8n8k4` f64, `.row`: 8 x 4 (M x K), one `.f64` per lane (no element digit).
///
/// PTX: `row = groupID`, `col = threadID_in_group`.
///
/// | digit      | range | place | source  |
/// |------------|-------|-------|---------|
/// | `lane % 4` | 4     | 1     | col (k) |
/// | `lane / 4` | 8     | 4     | row (m) |
pub const SM80_8x8x4_F64_A_ROW: Numeral = Numeral::new(
    "SM80_8x8x4_F64_A_ROW",
    8,
    4,
    1,
    &[Digit::lane(1, 4, 1), Digit::lane(4, 8, 4)],
);

/// B of `m8n8k4` f64, `.col`: 4 x 8 (K x N), one `.f64` per lane.
///
/// PTX: `row = threadID_in_group`, `col = groupID`.
///
/// | digit      | range | place | source  |
/// |------------|-------|-------|---------|
/// | `lane / 4` | 8     | 1     | col (n) |
/// | `lane % 4` | 4     | 8     | row (k) |
pub const SM80_8x8x4_F64_B_COL: Numeral = Numeral::new(
    "SM80_8x8x4_F64_B_COL",
    4,
    8,
    1,
    &[Digit::lane(4, 8, 1), Digit::lane(1, 4, 8)],
);

/// C/D of `m8n8k4` f64: 8 x 8, two `.f64` per lane; the layout of [`SM75_8x8x16_S32_C`].
///
/// PTX: `row = groupID`, `col = threadID_in_group * 2 + i`.
///
/// | digit      | range | place | source        |
/// |------------|-------|-------|---------------|
/// | `e`        | 2     | 1     | col bit 0     |
/// | `lane % 4` | 4     | 2     | col bits 1-2  |
/// | `lane / 4` | 8     | 8     | row           |
pub const SM80_8x8x4_F64_C: Numeral = SM75_8x8x16_S32_C.renamed("SM80_8x8x4_F64_C");

checked!(SM80_8x8x4_F64_A_ROW, SM80_8x8x4_F64_B_COL, SM80_8x8x4_F64_C);

const I: &[&str] = &["mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64"];

pub(super) const ENTRIES: &[Entry] = &[
    Entry::new(
        &SM80_8x8x4_F64_A_ROW,
        Operand::A,
        "f64",
        64,
        "sm_80",
        I,
        M8N8K4_F64,
    ),
    Entry::new(
        &SM80_8x8x4_F64_B_COL,
        Operand::B,
        "f64",
        64,
        "sm_80",
        I,
        M8N8K4_F64,
    ),
    Entry::new(
        &SM80_8x8x4_F64_C,
        Operand::C,
        "f64",
        64,
        "sm_80",
        I,
        M8N8K4_F64,
    ),
];
