//! `mma.sync.aligned` with 4-bit integer multiplicands (`.s4` / `.u4`, s32 accumulators):
//! `m8n8k32` (sm_75), `m16n8k32` and `m16n8k64` (sm_80). Eight 4-bit elements pack into each
//! `.b32` register, element `8r` in bits 0-3 of register `r`. `.u4` names are aliases.

use super::sm80_int8::int_mmas;
use super::{checked, Entry, Operand, SM75_8x8x16_S32_C, SM80_16x8x16_F32_C, M16N8K32};
use crate::{Digit, Numeral};

/// The PTX ISA section the `m8n8k32` layouts transcribe.
pub const M8N8K32: &str = "PTX ISA 9.7.14.5.4, Matrix Fragments for mma.m8n8k32";
/// The PTX ISA section the `m16n8k64` layouts transcribe.
pub const M16N8K64: &str = "PTX ISA 9.7.14.5.11, Matrix Fragments for mma.m16n8k64";

/// A of `m8n8k32` s4/u4, `.row`: 8 x 32 (M x K), 8 elements in 1 `.b32` register per lane.
///
/// PTX: `row = groupID`, `col = threadID_in_group * 8 + i`.
///
/// | digit      | range | place | source        |
/// |------------|-------|-------|---------------|
/// | `e`        | 8     | 1     | col bits 0-2  |
/// | `lane % 4` | 4     | 8     | col bits 3-4  |
/// | `lane / 4` | 8     | 32    | row           |
pub const SM75_8x8x32_S4_A_ROW: Numeral = Numeral::new(
    "SM75_8x8x32_S4_A_ROW",
    8,
    32,
    8,
    &[
        Digit::element(1, 8, 1),
        Digit::lane(1, 4, 8),
        Digit::lane(4, 8, 32),
    ],
);
/// A of `m8n8k32` u4: the layout of [`SM75_8x8x32_S4_A_ROW`].
pub const SM75_8x8x32_U4_A_ROW: Numeral = SM75_8x8x32_S4_A_ROW.renamed("SM75_8x8x32_U4_A_ROW");

/// B of `m8n8k32` s4/u4, `.col`: 32 x 8 (K x N), 8 elements in 1 `.b32` register per lane.
///
/// PTX: `row = threadID_in_group * 8 + i`, `col = groupID`.
///
/// | digit      | range | place | source        |
/// |------------|-------|-------|---------------|
/// | `lane / 4` | 8     | 1     | col (n)       |
/// | `e`        | 8     | 8     | row bits 0-2  |
/// | `lane % 4` | 4     | 64    | row bits 3-4  |
pub const SM75_8x8x32_S4_B_COL: Numeral = Numeral::new(
    "SM75_8x8x32_S4_B_COL",
    32,
    8,
    8,
    &[
        Digit::lane(4, 8, 1),
        Digit::element(1, 8, 8),
        Digit::lane(1, 4, 64),
    ],
);
/// B of `m8n8k32` u4: the layout of [`SM75_8x8x32_S4_B_COL`].
pub const SM75_8x8x32_U4_B_COL: Numeral = SM75_8x8x32_S4_B_COL.renamed("SM75_8x8x32_U4_B_COL");

/// C/D of `m8n8k32` (s32): the layout of [`SM75_8x8x16_S32_C`].
pub const SM75_8x8x32_S32_C: Numeral = SM75_8x8x16_S32_C.renamed("SM75_8x8x32_S32_C");

/// A of `m16n8k32` s4/u4, `.row`: 16 x 32 (M x K), 16 elements in 2 `.b32` registers per lane.
///
/// PTX: `row = groupID` for `i < 8`, `groupID + 8` otherwise;
/// `col = threadID_in_group * 8 + (i & 7)`.
///
/// | digit      | range | place | source                |
/// |------------|-------|-------|-----------------------|
/// | `e % 8`    | 8     | 1     | col bits 0-2          |
/// | `lane % 4` | 4     | 8     | col bits 3-4          |
/// | `lane / 4` | 8     | 32    | row 0..8              |
/// | `e / 8`    | 2     | 256   | row + 8 (second reg)  |
pub const SM80_16x8x32_S4_A_ROW: Numeral = Numeral::new(
    "SM80_16x8x32_S4_A_ROW",
    16,
    32,
    16,
    &[
        Digit::element(1, 8, 1),
        Digit::lane(1, 4, 8),
        Digit::lane(4, 8, 32),
        Digit::element(8, 2, 256),
    ],
);
/// A of `m16n8k32` u4: the layout of [`SM80_16x8x32_S4_A_ROW`].
pub const SM80_16x8x32_U4_A_ROW: Numeral = SM80_16x8x32_S4_A_ROW.renamed("SM80_16x8x32_U4_A_ROW");

/// B of `m16n8k32` s4/u4, `.col`: 32 x 8 (K x N), 8 elements in 1 `.b32` register per lane.
/// The layout of [`SM75_8x8x32_S4_B_COL`].
///
/// PTX: `row = threadID_in_group * 8 + (i & 7)`, `col = groupID`.
///
/// | digit      | range | place | source        |
/// |------------|-------|-------|---------------|
/// | `lane / 4` | 8     | 1     | col (n)       |
/// | `e`        | 8     | 8     | row bits 0-2  |
/// | `lane % 4` | 4     | 64    | row bits 3-4  |
pub const SM80_16x8x32_S4_B_COL: Numeral = SM75_8x8x32_S4_B_COL.renamed("SM80_16x8x32_S4_B_COL");
/// B of `m16n8k32` u4: the layout of [`SM80_16x8x32_S4_B_COL`].
pub const SM80_16x8x32_U4_B_COL: Numeral = SM75_8x8x32_S4_B_COL.renamed("SM80_16x8x32_U4_B_COL");

/// A of `m16n8k64` s4/u4, `.row`: 16 x 64 (M x K), 32 elements in 4 `.b32` registers per lane.
///
/// PTX: `row = groupID` for `0 <= i < 8 || 16 <= i < 24`, `groupID + 8` otherwise;
/// `col = threadID_in_group * 8 + (i & 7)` for `i < 16`, `+ 32` for `i >= 16`.
///
/// | digit       | range | place | source                    |
/// |-------------|-------|-------|---------------------------|
/// | `e % 8`     | 8     | 1     | col bits 0-2              |
/// | `lane % 4`  | 4     | 8     | col bits 3-4              |
/// | `e / 16`    | 2     | 32    | col + 32 (registers 2, 3) |
/// | `lane / 4`  | 8     | 64    | row 0..8                  |
/// | `e / 8 % 2` | 2     | 512   | row + 8 (registers 1, 3)  |
pub const SM80_16x8x64_S4_A_ROW: Numeral = Numeral::new(
    "SM80_16x8x64_S4_A_ROW",
    16,
    64,
    32,
    &[
        Digit::element(1, 8, 1),
        Digit::lane(1, 4, 8),
        Digit::element(16, 2, 32),
        Digit::lane(4, 8, 64),
        Digit::element(8, 2, 512),
    ],
);
/// A of `m16n8k64` u4: the layout of [`SM80_16x8x64_S4_A_ROW`].
pub const SM80_16x8x64_U4_A_ROW: Numeral = SM80_16x8x64_S4_A_ROW.renamed("SM80_16x8x64_U4_A_ROW");

/// B of `m16n8k64` s4/u4, `.col`: 64 x 8 (K x N), 16 elements in 2 `.b32` registers per lane.
///
/// PTX: `row = threadID_in_group * 8 + (i & 7)` for `i < 8`, `+ 32` for `i >= 8`;
/// `col = groupID`.
///
/// | digit      | range | place | source                 |
/// |------------|-------|-------|------------------------|
/// | `lane / 4` | 8     | 1     | col (n)                |
/// | `e % 8`    | 8     | 8     | row bits 0-2           |
/// | `lane % 4` | 4     | 64    | row bits 3-4           |
/// | `e / 8`    | 2     | 256   | row + 32 (second reg)  |
pub const SM80_16x8x64_S4_B_COL: Numeral = Numeral::new(
    "SM80_16x8x64_S4_B_COL",
    64,
    8,
    16,
    &[
        Digit::lane(4, 8, 1),
        Digit::element(1, 8, 8),
        Digit::lane(1, 4, 64),
        Digit::element(8, 2, 256),
    ],
);
/// B of `m16n8k64` u4: the layout of [`SM80_16x8x64_S4_B_COL`].
pub const SM80_16x8x64_U4_B_COL: Numeral = SM80_16x8x64_S4_B_COL.renamed("SM80_16x8x64_U4_B_COL");

/// C/D of `m16n8k64` (s32): the layout of [`SM80_16x8x16_F32_C`].
pub const SM80_16x8x64_S32_C: Numeral = SM80_16x8x16_F32_C.renamed("SM80_16x8x64_S32_C");

checked!(
    SM75_8x8x32_S4_A_ROW,
    SM75_8x8x32_U4_A_ROW,
    SM75_8x8x32_S4_B_COL,
    SM75_8x8x32_U4_B_COL,
    SM75_8x8x32_S32_C,
    SM80_16x8x32_S4_A_ROW,
    SM80_16x8x32_U4_A_ROW,
    SM80_16x8x32_S4_B_COL,
    SM80_16x8x32_U4_B_COL,
    SM80_16x8x64_S4_A_ROW,
    SM80_16x8x64_U4_A_ROW,
    SM80_16x8x64_S4_B_COL,
    SM80_16x8x64_U4_B_COL,
    SM80_16x8x64_S32_C,
);

pub(super) const ENTRIES: &[Entry] = &[
    Entry::new(
        &SM75_8x8x32_S4_A_ROW,
        Operand::A,
        "s4",
        4,
        "sm_75",
        int_mmas!("m8n8k32"; ("s4", "s4"), ("s4", "u4")),
        M8N8K32,
    ),
    Entry::new(
        &SM75_8x8x32_U4_A_ROW,
        Operand::A,
        "u4",
        4,
        "sm_75",
        int_mmas!("m8n8k32"; ("u4", "s4"), ("u4", "u4")),
        M8N8K32,
    ),
    Entry::new(
        &SM75_8x8x32_S4_B_COL,
        Operand::B,
        "s4",
        4,
        "sm_75",
        int_mmas!("m8n8k32"; ("s4", "s4"), ("u4", "s4")),
        M8N8K32,
    ),
    Entry::new(
        &SM75_8x8x32_U4_B_COL,
        Operand::B,
        "u4",
        4,
        "sm_75",
        int_mmas!("m8n8k32"; ("s4", "u4"), ("u4", "u4")),
        M8N8K32,
    ),
    Entry::new(
        &SM75_8x8x32_S32_C,
        Operand::C,
        "s32",
        32,
        "sm_75",
        int_mmas!("m8n8k32"; ("s4", "s4"), ("s4", "u4"), ("u4", "s4"), ("u4", "u4")),
        M8N8K32,
    ),
    Entry::new(
        &SM80_16x8x32_S4_A_ROW,
        Operand::A,
        "s4",
        4,
        "sm_80",
        int_mmas!("m16n8k32"; ("s4", "s4"), ("s4", "u4")),
        M16N8K32,
    ),
    Entry::new(
        &SM80_16x8x32_U4_A_ROW,
        Operand::A,
        "u4",
        4,
        "sm_80",
        int_mmas!("m16n8k32"; ("u4", "s4"), ("u4", "u4")),
        M16N8K32,
    ),
    Entry::new(
        &SM80_16x8x32_S4_B_COL,
        Operand::B,
        "s4",
        4,
        "sm_80",
        int_mmas!("m16n8k32"; ("s4", "s4"), ("u4", "s4")),
        M16N8K32,
    ),
    Entry::new(
        &SM80_16x8x32_U4_B_COL,
        Operand::B,
        "u4",
        4,
        "sm_80",
        int_mmas!("m16n8k32"; ("s4", "u4"), ("u4", "u4")),
        M16N8K32,
    ),
    Entry::new(
        &SM80_16x8x64_S4_A_ROW,
        Operand::A,
        "s4",
        4,
        "sm_80",
        int_mmas!("m16n8k64"; ("s4", "s4"), ("s4", "u4")),
        M16N8K64,
    ),
    Entry::new(
        &SM80_16x8x64_U4_A_ROW,
        Operand::A,
        "u4",
        4,
        "sm_80",
        int_mmas!("m16n8k64"; ("u4", "s4"), ("u4", "u4")),
        M16N8K64,
    ),
    Entry::new(
        &SM80_16x8x64_S4_B_COL,
        Operand::B,
        "s4",
        4,
        "sm_80",
        int_mmas!("m16n8k64"; ("s4", "s4"), ("u4", "s4")),
        M16N8K64,
    ),
    Entry::new(
        &SM80_16x8x64_U4_B_COL,
        Operand::B,
        "u4",
        4,
        "sm_80",
        int_mmas!("m16n8k64"; ("s4", "u4"), ("u4", "u4")),
        M16N8K64,
    ),
    Entry::new(
        &SM80_16x8x64_S32_C,
        Operand::C,
        "s32",
        32,
        "sm_80",
        int_mmas!("m16n8k64"; ("s4", "s4"), ("s4", "u4"), ("u4", "s4"), ("u4", "u4")),
        M16N8K64,
    ),
];
