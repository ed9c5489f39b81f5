//! `mma.sync.aligned.m8n8k4.{row,col}.{row,col}.{f32,f16}.f16.f16.{f32,f16}` (Volta, sm_70).
//!
//! One warp computes **four independent** 8x8x4 products, one per *quad-pair*:
//! quad-pair `q` is lanes `4q..4q+3` (the low group) and `4q+16..4q+19` (the high group), i.e.
//! `q = (lane / 4) % 4`. Each numeral models the quad-pair as a lane digit and stacks the four
//! products' tiles **vertically**: quad-pair `q`'s A (8 x 4) is rows `8q..8q+7` of a 32 x 4
//! tile, its B (4 x 8) rows `4q..4q+3` of a 16 x 8 tile, its C/D (8 x 8) rows `8q..8q+7` of a
//! 32 x 8 tile. Within a product, the high group (`lane >= 16`, the digit `lane / 16`) holds
//! rows 4..7 of A and C/D and columns 4..7 of B.
//!
//! The two accumulator types have different layouts: f16 gives each lane a whole row of 8,
//! f32 scatters each lane's 8 elements over 2 x 2 blocks.

use super::declare::layouts;

/// The PTX ISA section these layouts transcribe.
pub const M8N8K4_F16: &str =
    "PTX ISA 9.7.14.5.1, Matrix Fragments for mma.m8n8k4 with .f16 floating point type";

/// The quad-pair (0..4) lane `lane` belongs to: the product whose tiles it holds.
pub const fn volta_quad_pair(lane: u32) -> u32 {
    (lane / 4) % 4
}

/// `mma.sync.aligned.m8n8k4.{alayout}.{blayout}.{d}.f16.f16.{c}` with `d = c`.
macro_rules! volta {
    ($a:literal, $b:literal, $acc:literal) => {
        concat!(
            "mma.sync.aligned.m8n8k4.",
            $a,
            ".",
            $b,
            ".",
            $acc,
            ".f16.f16.",
            $acc
        )
    };
}

const S: &str = M8N8K4_F16;

layouts! {
    entries ENTRIES { arch: "sm_70", ptx_section: S }

    /// A of `m8n8k4` f16, `.row`: four stacked 8 x 4 tiles (32 x 4), 4 elements in 2 `.f16x2`
    /// registers per lane.
    ///
    /// PTX: `row = lane % 4` if `lane < 16`, `(lane % 4) + 4` otherwise; `col = i`.
    pub SM70_8x8x4_F16_A_ROW: 32 x 4 {
        e % 4         => 1  "col (k)",
        lane % 4      => 4  "row 0..4",
        lane / 16 % 2 => 16 "row + 4 (high group)",
        lane / 4 % 4  => 32 "quad-pair: rows + 8q",
    }
    entry { operand: A, element_type: "f16", element_bits: 16, instructions: &[
        volta!("row", "col", "f32"), volta!("row", "row", "f32"), volta!("row", "col", "f16"),
        volta!("row", "row", "f16"),
    ] }

    /// A of `m8n8k4` f16, `.col`: four stacked 8 x 4 tiles (32 x 4), 4 elements per lane.
    ///
    /// PTX: `row = i % 4` if `lane < 16`, `(i % 4) + 4` otherwise; `col = lane % 4`.
    pub SM70_8x8x4_F16_A_COL: 32 x 4 {
        lane % 4      => 1  "col (k)",
        e % 4         => 4  "row 0..4",
        lane / 16 % 2 => 16 "row + 4 (high group)",
        lane / 4 % 4  => 32 "quad-pair: rows + 8q",
    }
    entry { operand: A, element_type: "f16", element_bits: 16, instructions: &[
        volta!("col", "col", "f32"), volta!("col", "row", "f32"), volta!("col", "col", "f16"),
        volta!("col", "row", "f16"),
    ] }

    /// B of `m8n8k4` f16, `.row`: four stacked 4 x 8 tiles (16 x 8, K x N), 4 elements per lane.
    ///
    /// PTX: `row = lane % 4`; `col = i` if `lane < 16`, `i + 4` otherwise.
    pub SM70_8x8x4_F16_B_ROW: 16 x 8 {
        e % 4         => 1  "col 0..4 (n)",
        lane / 16 % 2 => 4  "col + 4 (high group)",
        lane % 4      => 8  "row (k)",
        lane / 4 % 4  => 32 "quad-pair: rows + 4q",
    }
    entry { operand: B, element_type: "f16", element_bits: 16, instructions: &[
        volta!("row", "row", "f32"), volta!("col", "row", "f32"), volta!("row", "row", "f16"),
        volta!("col", "row", "f16"),
    ] }

    /// B of `m8n8k4` f16, `.col`: four stacked 4 x 8 tiles (16 x 8, K x N), 4 elements per lane.
    ///
    /// PTX: `row = i`; `col = lane % 4` if `lane < 16`, `(lane % 4) + 4` otherwise.
    pub SM70_8x8x4_F16_B_COL: 16 x 8 {
        lane % 4      => 1  "col 0..4 (n)",
        lane / 16 % 2 => 4  "col + 4 (high group)",
        e % 4         => 8  "row (k)",
        lane / 4 % 4  => 32 "quad-pair: rows + 4q",
    }
    entry { operand: B, element_type: "f16", element_bits: 16, instructions: &[
        volta!("row", "col", "f32"), volta!("col", "col", "f32"), volta!("row", "col", "f16"),
        volta!("col", "col", "f16"),
    ] }

    /// C/D of `m8n8k4` with f32 accumulators: four stacked 8 x 8 tiles (32 x 8), 8 `.f32`
    /// registers per lane, scattered in 2 x 2 blocks.
    ///
    /// PTX: `row = X` if `lane < 16`, `X + 4` otherwise, where `X = (lane & 0b1) + (i & 0b10)`;
    /// `col = (i & 0b100) + (lane & 0b10) + (i & 0b1)`.
    pub SM70_8x8x4_F32_C: 32 x 8 {
        e % 2         => 1  "col bit 0",
        lane / 2 % 2  => 2  "col bit 1",
        e / 4 % 2     => 4  "col bit 2",
        lane % 2      => 8  "row bit 0",
        e / 2 % 2     => 16 "row bit 1",
        lane / 16 % 2 => 32 "row + 4 (high group)",
        lane / 4 % 4  => 64 "quad-pair: rows + 8q",
    }
    entry { operand: C, element_type: "f32", element_bits: 32, instructions: &[
        volta!("row", "col", "f32"), volta!("row", "row", "f32"), volta!("col", "col", "f32"),
        volta!("col", "row", "f32"),
    ] }

    /// C/D of `m8n8k4` with f16 accumulators: four stacked 8 x 8 tiles (32 x 8), 8 elements in 4
    /// `.f16x2` registers per lane: each lane holds one whole row.
    ///
    /// PTX: `row = lane % 4` if `lane < 16`, `(lane % 4) + 4` otherwise; `col = i`.
    pub SM70_8x8x4_F16_C: 32 x 8 {
        e % 8         => 1  "col",
        lane % 4      => 8  "row 0..4",
        lane / 16 % 2 => 32 "row + 4 (high group)",
        lane / 4 % 4  => 64 "quad-pair: rows + 8q",
    }
    entry { operand: C, element_type: "f16", element_bits: 16, instructions: &[
        volta!("row", "col", "f16"), volta!("row", "row", "f16"), volta!("col", "col", "f16"),
        volta!("col", "row", "f16"),
    ] }
}
