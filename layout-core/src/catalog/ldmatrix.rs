//! `ldmatrix.sync.aligned.m8n8.{.x1,.x2,.x4}{,.trans}.shared.b16` (sm_75): the warp loads
//! `num` 8x8 matrices of 16-bit elements from shared memory, one `.b32` register per matrix
//! per lane.
//!
//! The tile is the `num` matrices **stacked vertically**, `8 * num` rows x 8 columns: matrix
//! `j` is rows `8j..8j+7`, and its row `r` is read from the address in lane `8j + r` (see
//! [`ldmatrix_address_lane`]; lanes `8 * num..32` supply no address). Element `i` of a lane is
//! half `i % 2` (low half first) of register `i / 2`, and register `j` holds matrix `j`.
//!
//! Without `.trans`, lane `l` receives row `l / 4`, columns `2 * (l % 4)` and `+ 1` of each
//! matrix (a group of four lanes holds one 16-byte row). With `.trans` the matrix is read
//! column-major: lane `l` receives rows `2 * (l % 4)` and `+ 1` of column `l / 4`.

use super::declare::layouts;

/// The PTX ISA section these layouts transcribe.
pub const LDMATRIX: &str = "PTX ISA 9.7.9.25, Data Movement and Conversion Instructions: ldmatrix";

/// The lane whose address supplies row `row` (0..8) of matrix `matrix` of an
/// `ldmatrix` / `stmatrix` with `num` (1, 2 or 4) matrices: `8 * matrix + row`, i.e. tile row
/// `8 * matrix + row`. `None` out of range.
pub const fn ldmatrix_address_lane(num: u32, matrix: u32, row: u32) -> Option<u32> {
    if !(num == 1 || num == 2 || num == 4) || matrix >= num || row >= 8 {
        return None;
    }
    Some(8 * matrix + row)
}

/// The `(matrix, row)` whose address lane `lane` supplies, for `num` (1, 2 or 4) matrices;
/// `None` for lanes whose address is unused (`lane >= 8 * num`).
pub const fn ldmatrix_address_row(num: u32, lane: u32) -> Option<(u32, u32)> {
    if !(num == 1 || num == 2 || num == 4) || lane >= 8 * num {
        return None;
    }
    Some((lane / 8, lane % 8))
}

/// The lanes that supply row addresses, `0..8 * num`, for `num` (1, 2 or 4) matrices.
pub const fn ldmatrix_address_lanes(num: u32) -> core::ops::Range<u32> {
    match num {
        1 | 2 | 4 => 0..8 * num,
        _ => 0..0,
    }
}

layouts! {
    entries ENTRIES { operand: Matrices, element_type: "b16", element_bits: 16, arch: "sm_75",
        ptx_section: LDMATRIX }

    /// `ldmatrix .x1`: one 8 x 8 matrix, 2 elements (1 `.b32` register) per lane.
    ///
    /// PTX: lane `l` holds row `l / 4`, columns `2 * (l % 4) + i`.
    pub SM75_U32x1_LDSM_N: 8 x 8 {
        e % 2        => 1 "col bit 0",
        lane % 4     => 2 "col bits 1-2",
        lane / 4 % 8 => 8 "row",
    }
    entry { instructions: &["ldmatrix.sync.aligned.m8n8.x1.shared.b16"] }

    /// `ldmatrix .x2`: two stacked 8 x 8 matrices (16 x 8), 4 elements (2 registers) per lane.
    ///
    /// PTX: lane `l`, element `i` holds row `8 * (i / 2) + l / 4`, column `2 * (l % 4) + i % 2`.
    pub SM75_U32x2_LDSM_N: 16 x 8 {
        e % 2        => 1  "col bit 0",
        lane % 4     => 2  "col bits 1-2",
        lane / 4 % 8 => 8  "row in the matrix",
        e / 2 % 2    => 64 "matrix (register)",
    }
    entry { instructions: &["ldmatrix.sync.aligned.m8n8.x2.shared.b16"] }

    /// `ldmatrix .x4`: four stacked 8 x 8 matrices (32 x 8), 8 elements (4 registers) per lane.
    ///
    /// PTX: lane `l`, element `i` holds row `8 * (i / 2) + l / 4`, column `2 * (l % 4) + i % 2`.
    pub SM75_U32x4_LDSM_N: 32 x 8 {
        e % 2        => 1  "col bit 0",
        lane % 4     => 2  "col bits 1-2",
        lane / 4 % 8 => 8  "row in the matrix",
        e / 2 % 4    => 64 "matrix (register)",
    }
    entry { instructions: &["ldmatrix.sync.aligned.m8n8.x4.shared.b16"] }

    /// `ldmatrix .x1.trans`: one 8 x 8 matrix read column-major, 2 elements per lane.
    ///
    /// PTX: lane `l` holds rows `2 * (l % 4) + i`, column `l / 4`.
    pub SM75_U16x2_LDSM_T: 8 x 8 {
        lane / 4 % 8 => 1  "col",
        e % 2        => 8  "row bit 0",
        lane % 4     => 16 "row bits 1-2",
    }
    entry { instructions: &["ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16"] }

    /// `ldmatrix .x2.trans`: two stacked matrices (16 x 8) read column-major, 4 elements per lane.
    ///
    /// PTX: lane `l`, element `i` holds row `8 * (i / 2) + 2 * (l % 4) + i % 2`, column `l / 4`.
    pub SM75_U16x4_LDSM_T: 16 x 8 {
        lane / 4 % 8 => 1  "col",
        e % 2        => 8  "row bit 0",
        lane % 4     => 16 "row bits 1-2",
        e / 2 % 2    => 64 "matrix (register)",
    }
    entry { instructions: &["ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16"] }

    /// `ldmatrix .x4.trans`: four stacked matrices (32 x 8) read column-major, 8 elements per lane.
    ///
    /// PTX: lane `l`, element `i` holds row `8 * (i / 2) + 2 * (l % 4) + i % 2`, column `l / 4`.
    pub SM75_U16x8_LDSM_T: 32 x 8 {
        lane / 4 % 8 => 1  "col",
        e % 2        => 8  "row bit 0",
        lane % 4     => 16 "row bits 1-2",
        e / 2 % 4    => 64 "matrix (register)",
    }
    entry { instructions: &["ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16"] }
}
