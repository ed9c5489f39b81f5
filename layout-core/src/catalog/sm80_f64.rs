//! `mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64` (sm_80). Each element is one `.f64`
//! register (64 bits).

use super::declare::layouts;
use super::SM75_8x8x16_S32_C;

/// The PTX ISA section these layouts transcribe.
pub const M8N8K4_F64: &str =
    "PTX ISA 9.7.14.5.2, Matrix Fragments for mma.m8n8k4 with .f64 floating point type";

const I: &[&str] = &["mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64"];

layouts! {
    entries ENTRIES { element_type: "f64", element_bits: 64, arch: "sm_80", instructions: I,
        ptx_section: M8N8K4_F64 }

    /// A of `m8n8k4` f64, `.row`: 8 x 4 (M x K), one `.f64` per lane (no element digit).
    ///
    /// PTX: `row = groupID`, `col = threadID_in_group`.
    pub SM80_8x8x4_F64_A_ROW: 8 x 4 {
        lane % 4     => 1 "col (k)",
        lane / 4 % 8 => 4 "row (m)",
    }
    entry { operand: A }

    /// B of `m8n8k4` f64, `.col`: 4 x 8 (K x N), one `.f64` per lane.
    ///
    /// PTX: `row = threadID_in_group`, `col = groupID`.
    pub SM80_8x8x4_F64_B_COL: 4 x 8 {
        lane / 4 % 8 => 1 "col (n)",
        lane % 4     => 8 "row (k)",
    }
    entry { operand: B }

    /// C/D of `m8n8k4` f64: 8 x 8, two `.f64` per lane; the layout of [`SM75_8x8x16_S32_C`].
    ///
    /// PTX: `row = groupID`, `col = threadID_in_group * 2 + i`.
    pub SM80_8x8x4_F64_C: 8 x 8, same as SM75_8x8x16_S32_C {
        e % 2        => 1 "col bit 0",
        lane % 4     => 2 "col bits 1-2",
        lane / 4 % 8 => 8 "row",
    }
    entry { operand: C }
}
