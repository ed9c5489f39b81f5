//! The PTX ISA fragment formulas, transcribed as plain functions of `(lane, element)`.
//!
//! Each returns `(row, col)` in the PTX orientation of the operand (A: M x K, B: K x N,
//! C/D: M x N). `group = lane / 4` is PTX's `groupID`, `tig = lane % 4` its `threadID_in_group`.
//! They are written from the ISA text, not from the numerals, so a test comparing the two
//! catches a wrong numeral.

/// `mma.m16n8k16` f16/bf16 A (16 x 16), elements a0..a7.
pub fn m16n8k16_f16_a(lane: u32, i: u32) -> (u32, u32) {
    let (group, tig) = (lane >> 2, lane % 4);
    let row = if i < 2 || (4..6).contains(&i) { group } else { group + 8 };
    let col = if i < 4 { tig * 2 + (i & 1) } else { tig * 2 + (i & 1) + 8 };
    (row, col)
}

/// `mma.m16n8k16` f16/bf16 B (16 x 8, K x N), elements b0..b3.
pub fn m16n8k16_f16_b(lane: u32, i: u32) -> (u32, u32) {
    let (group, tig) = (lane >> 2, lane % 4);
    let row = if i < 2 { tig * 2 + (i & 1) } else { tig * 2 + (i & 1) + 8 };
    (row, group)
}

/// `mma.m16n8k16` C/D (16 x 8), f32 or f16 accumulators, elements c0..c3.
pub fn m16n8k16_c(lane: u32, i: u32) -> (u32, u32) {
    let (group, tig) = (lane >> 2, lane % 4);
    let row = if i < 2 { group } else { group + 8 };
    (row, tig * 2 + (i & 1))
}
