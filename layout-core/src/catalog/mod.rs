//! The catalog of warp-level fragment layouts, each a checked [`Numeral`].
//!
//! Names follow CuTe's pattern: architecture, shape `MxNxK`, element types, operand and
//! majorness, e.g. [`SM80_16x8x16_F16_A_ROW`]. Every entry's digit table is in its docs, with
//! the PTX ISA section it transcribes. [`CATALOG`] lists them all with their PTX instructions.
#![allow(non_upper_case_globals)]

mod sm80_m16n8k16;

pub use sm80_m16n8k16::*;

use crate::Numeral;

/// Which operand of the instruction a layout describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// The `M x K` multiplicand.
    A,
    /// The `K x N` multiplicand.
    B,
    /// The `M x N` accumulator, input C and output D.
    C,
}

impl Operand {
    /// `"A"`, `"B"` or `"C/D"`.
    pub const fn name(self) -> &'static str {
        match self {
            Operand::A => "A",
            Operand::B => "B",
            Operand::C => "C/D",
        }
    }
}

/// A catalog layout with what it is for.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The numeral (its `name` is the constant's name).
    pub numeral: &'static Numeral<'static>,
    /// The operand it describes.
    pub operand: Operand,
    /// The element types whose registers it lays out, e.g. `"f16"`.
    pub element_type: &'static str,
    /// Bits per element; elements pack into 32-bit registers from the low bits up.
    pub element_bits: u32,
    /// The PTX instructions it covers, spelled as in PTX.
    pub instructions: &'static [&'static str],
    /// The PTX ISA section it is transcribed from.
    pub ptx_section: &'static str,
}

impl Entry {
    /// The layout's name.
    pub const fn name(&self) -> &'static str {
        self.numeral.name
    }

    /// 32-bit registers per thread holding the fragment.
    pub const fn registers(&self) -> u32 {
        (self.numeral.elements * self.element_bits).div_ceil(32)
    }
}

/// Every catalog layout, in the order of the PTX ISA.
pub static CATALOG: &[Entry] = &[
    Entry {
        numeral: &SM80_16x8x16_F16_A_ROW,
        operand: Operand::A,
        element_type: "f16",
        element_bits: 16,
        instructions: &[
            "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
            "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
        ],
        ptx_section: M16N8K16_FLOAT,
    },
    Entry {
        numeral: &SM80_16x8x16_BF16_A_ROW,
        operand: Operand::A,
        element_type: "bf16",
        element_bits: 16,
        instructions: &["mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"],
        ptx_section: M16N8K16_FLOAT,
    },
    Entry {
        numeral: &SM80_16x8x16_F16_B_COL,
        operand: Operand::B,
        element_type: "f16",
        element_bits: 16,
        instructions: &[
            "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
            "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
        ],
        ptx_section: M16N8K16_FLOAT,
    },
    Entry {
        numeral: &SM80_16x8x16_BF16_B_COL,
        operand: Operand::B,
        element_type: "bf16",
        element_bits: 16,
        instructions: &["mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"],
        ptx_section: M16N8K16_FLOAT,
    },
    Entry {
        numeral: &SM80_16x8x16_F32_C,
        operand: Operand::C,
        element_type: "f32",
        element_bits: 32,
        instructions: &[
            "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
            "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
        ],
        ptx_section: M16N8K16_FLOAT,
    },
    Entry {
        numeral: &SM80_16x8x16_F16_C,
        operand: Operand::C,
        element_type: "f16",
        element_bits: 16,
        instructions: &["mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16"],
        ptx_section: M16N8K16_FLOAT,
    },
];

/// The catalog entry named `name`.
pub fn find(name: &str) -> Option<&'static Entry> {
    CATALOG.iter().find(|e| e.name() == name)
}
