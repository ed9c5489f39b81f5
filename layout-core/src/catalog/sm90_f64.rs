//! `mma.sync.aligned.{m16n8k4, m16n8k8, m16n8k16}.row.col.f64.f64.f64.f64` (sm_90). Each
//! element is one `.f64` register.
//!
//! `m16n8k4` and `m16n8k8` share the tf32 layouts (the ISA points at the same figures); the
//! accumulators are the `m16n8` accumulator. Like tf32 and unlike f16, the f64 A fragments
//! walk the rows before the columns.

use super::{
    checked, Entry, Operand, SM80_16x8x16_F32_C, SM80_16x8x4_TF32_A_ROW, SM80_16x8x4_TF32_B_COL,
    SM80_16x8x8_TF32_A_ROW, SM80_16x8x8_TF32_B_COL, M16N8K16_FLOAT, M16N8K4, M16N8K8,
};
use crate::{Digit, Numeral};

/// A of `m16n8k4` f64: the layout of [`SM80_16x8x4_TF32_A_ROW`] (16 x 4, `a1` 8 rows below
/// `a0`).
pub const SM90_16x8x4_F64_A_ROW: Numeral = SM80_16x8x4_TF32_A_ROW.renamed("SM90_16x8x4_F64_A_ROW");
/// B of `m16n8k4` f64: the layout of [`SM80_16x8x4_TF32_B_COL`] (4 x 8, one element).
pub const SM90_16x8x4_F64_B_COL: Numeral = SM80_16x8x4_TF32_B_COL.renamed("SM90_16x8x4_F64_B_COL");
/// C/D of `m16n8k4` f64: the layout of [`SM80_16x8x16_F32_C`].
pub const SM90_16x8x4_F64_C: Numeral = SM80_16x8x16_F32_C.renamed("SM90_16x8x4_F64_C");

/// A of `m16n8k8` f64: the layout of [`SM80_16x8x8_TF32_A_ROW`] (rows before columns).
pub const SM90_16x8x8_F64_A_ROW: Numeral = SM80_16x8x8_TF32_A_ROW.renamed("SM90_16x8x8_F64_A_ROW");
/// B of `m16n8k8` f64: the layout of [`SM80_16x8x8_TF32_B_COL`].
pub const SM90_16x8x8_F64_B_COL: Numeral = SM80_16x8x8_TF32_B_COL.renamed("SM90_16x8x8_F64_B_COL");
/// C/D of `m16n8k8` f64: the layout of [`SM80_16x8x16_F32_C`].
pub const SM90_16x8x8_F64_C: Numeral = SM80_16x8x16_F32_C.renamed("SM90_16x8x8_F64_C");

/// A of `m16n8k16` f64, `.row`: 16 x 16 (M x K), 8 `.f64` registers per lane.
///
/// PTX: `row = groupID` for even `i`, `groupID + 8` for odd `i`;
/// `col = i * 2 + threadID_in_group` for even `i`, `i * 2 - 2 + threadID_in_group` for odd
/// `i` (so `col = 4 * (i / 2) + threadID_in_group`).
///
/// | digit      | range | place | source                  |
/// |------------|-------|-------|-------------------------|
/// | `lane % 4` | 4     | 1     | col bits 0-1            |
/// | `e / 2`    | 4     | 4     | col bits 2-3            |
/// | `lane / 4` | 8     | 16    | row 0..8                |
/// | `e % 2`    | 2     | 128   | row + 8 (odd elements)  |
pub const SM90_16x8x16_F64_A_ROW: Numeral = Numeral::new(
    "SM90_16x8x16_F64_A_ROW",
    16,
    16,
    8,
    &[
        Digit::lane(1, 4, 1),
        Digit::element(2, 4, 4),
        Digit::lane(4, 8, 16),
        Digit::element(1, 2, 128),
    ],
);

/// B of `m16n8k16` f64, `.col`: 16 x 8 (K x N), 4 `.f64` registers per lane.
///
/// PTX: `row = threadID_in_group + i * 4`, `col = groupID`.
///
/// | digit      | range | place | source        |
/// |------------|-------|-------|---------------|
/// | `lane / 4` | 8     | 1     | col (n)       |
/// | `lane % 4` | 4     | 8     | row bits 0-1  |
/// | `e`        | 4     | 32    | row bits 2-3  |
pub const SM90_16x8x16_F64_B_COL: Numeral = Numeral::new(
    "SM90_16x8x16_F64_B_COL",
    16,
    8,
    4,
    &[
        Digit::lane(4, 8, 1),
        Digit::lane(1, 4, 8),
        Digit::element(1, 4, 32),
    ],
);

/// C/D of `m16n8k16` f64: the layout of [`SM80_16x8x16_F32_C`].
pub const SM90_16x8x16_F64_C: Numeral = SM80_16x8x16_F32_C.renamed("SM90_16x8x16_F64_C");

checked!(
    SM90_16x8x4_F64_A_ROW,
    SM90_16x8x4_F64_B_COL,
    SM90_16x8x4_F64_C,
    SM90_16x8x8_F64_A_ROW,
    SM90_16x8x8_F64_B_COL,
    SM90_16x8x8_F64_C,
    SM90_16x8x16_F64_A_ROW,
    SM90_16x8x16_F64_B_COL,
    SM90_16x8x16_F64_C,
);

const K4: &[&str] = &["mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64"];
const K8: &[&str] = &["mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64"];
const K16: &[&str] = &["mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64"];

pub(super) const ENTRIES: &[Entry] = &[
    Entry::new(
        &SM90_16x8x4_F64_A_ROW,
        Operand::A,
        "f64",
        64,
        "sm_90",
        K4,
        M16N8K4,
    ),
    Entry::new(
        &SM90_16x8x4_F64_B_COL,
        Operand::B,
        "f64",
        64,
        "sm_90",
        K4,
        M16N8K4,
    ),
    Entry::new(
        &SM90_16x8x4_F64_C,
        Operand::C,
        "f64",
        64,
        "sm_90",
        K4,
        M16N8K4,
    ),
    Entry::new(
        &SM90_16x8x8_F64_A_ROW,
        Operand::A,
        "f64",
        64,
        "sm_90",
        K8,
        M16N8K8,
    ),
    Entry::new(
        &SM90_16x8x8_F64_B_COL,
        Operand::B,
        "f64",
        64,
        "sm_90",
        K8,
        M16N8K8,
    ),
    Entry::new(
        &SM90_16x8x8_F64_C,
        Operand::C,
        "f64",
        64,
        "sm_90",
        K8,
        M16N8K8,
    ),
    Entry::new(
        &SM90_16x8x16_F64_A_ROW,
        Operand::A,
        "f64",
        64,
        "sm_90",
        K16,
        M16N8K16_FLOAT,
    ),
    Entry::new(
        &SM90_16x8x16_F64_B_COL,
        Operand::B,
        "f64",
        64,
        "sm_90",
        K16,
        M16N8K16_FLOAT,
    ),
    Entry::new(
        &SM90_16x8x16_F64_C,
        Operand::C,
        "f64",
        64,
        "sm_90",
        K16,
        M16N8K16_FLOAT,
    ),
];
