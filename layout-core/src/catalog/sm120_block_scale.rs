//! `mma.sync.aligned ... .block_scale` (sm_120a, PTX ISA 8.7): the scale-factor registers
//! `scale-a-data` and `scale-b-data`, and the A / B / C layouts of `m16n8k64` with `.e2m1`.
//!
//! The scale of A is an `M x blocks` tile (row `m`, K-block `kb`), that of B a `blocks x N`
//! tile (K-block, column `n`), `blocks` 1, 2 or 4 for `.scale_vec::1X` / `2X` / `4X` (32, 32
//! and 16 K-elements per scale). Each lane passes one `.b32` register of four 8-bit scales;
//! the selectors say which lanes and bytes the instruction reads (PTX ISA 9.7.14.3):
//!
//! - `thread-id-a` (0 or 1) picks the lane pair `q = lane % 4` in `{2 tid, 2 tid + 1}`: lane
//!   `4 g + 2 tid` supplies row `g = lane / 4`, lane `4 g + 2 tid + 1` row `g + 8` (the ISA's
//!   text names the pair; which lane takes which row is in its figures, and CuTe and Triton
//!   agree);
//! - `thread-id-b` (0 to 3) picks lane `q = tid`, which supplies column `g`;
//! - `byte-id` picks the first byte: K-block `kb` is byte `byte-id + kb` (1X: byte-id 0 to 3;
//!   2X: 0 or 2; 4X: 0).
//!
//! So the layouts are numerals with one broadcast digit, the lane bits the thread-id selects
//! (`lane / 2 % 2` for A, `lane % 4` for B): a register filled as the numeral says serves
//! every thread-id, and [`scale_layout`] returns, for a selector, the numeral, the lanes read
//! and the first byte, or why the selector is forbidden. [`provider`] answers "which lane
//! supplies row `m`'s scale of K-block `kb`, in which byte". Element `e` of a numeral is
//! K-block `e`, in byte `byte-id + e`.
//!
//! Filling all four bytes with four consecutive K-blocks (`scale_register`) gives one
//! register for four `1X` instructions (byte-id 0..3, one K-step of 32 each), two `2X` ones
//! (byte-id 0, 2) or one `4X`. CuTe (`mma_traits_sm120.hpp`, `SM120_16x8x32_TN_VS` and
//! `SM120_16x8x64_TN_VS`) writes the thread-id 0, byte-id 0 case with the same broadcast
//! digit (stride 0); Triton's `getSM120DotScaledScaleLayout` agrees (test `block_scale`).
//! ISA + CuTe cross-checked, not silicon-verified: the H200 cannot run sm_120a code.
//!
//! `.kind::mxf8f6f4` (`m16n8k32`) takes A and B as `.kind::f8f6f4` does (8-bit containers;
//! those entries list the block-scale spellings too). `.kind::mxf4` / `.kind::mxf4nvf4`
//! (`m16n8k64`) pack `.e2m1` eight per register, unpadded, in the `m16n8k64` `.s4` layouts
//! ([`SM80_16x8x64_S4_A_ROW`], [`SM80_16x8x64_S4_B_COL`]); CuTe's `SM120_16x8x64_TN_VS`
//! `ALayout` / `BLayout` are those. Accumulators are f32 only, in the `m16n8` layout.
//!
//! Instructions are spelled in the ISA's order with `.scale_vec` written out and, where the
//! ISA has a default (`mxf8f6f4`: 1X, `mxf4`: 2X), without it too. 4X is listed with
//! `.ue4m3` only (ptxas 13.0 rejects 4X with `.ue8m0`, and 2X with `.ue4m3`).

use super::declare::layouts;
use super::sm120_f8f6f4::MXF8F6F4;
use super::{Operand, SM80_16x8x16_F32_C, SM80_16x8x64_S4_A_ROW, SM80_16x8x64_S4_B_COL, M16N8K64};
use crate::message::Message;
use crate::{Digit, Numeral};

/// The PTX ISA section of the scale-factor layouts.
pub const BLOCK_SCALE: &str =
    "PTX ISA 9.7.14.3, Block Scaling for mma.sync (warp-level-block-scaling; Tables 35-37)";

/// The `.kind::mxf4` / `.kind::mxf4nvf4` instructions with `.scale_vec::2X` (`m16n8k64`).
const MXF4_2X: &[&str] = &[
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0",
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
];

/// The `.kind::mxf4nvf4` instruction with `.scale_vec::4X` (`m16n8k64`).
const MXF4_4X: &[&str] = &[
    "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
];

/// Every `m16n8k64` block-scaled instruction.
const MXF4_ALL: [&str; 4] = super::concat::<&str, 4>(&[MXF4_2X, MXF4_4X]);

layouts! {
    entries ENTRIES { arch: "sm_120a", ptx_section: BLOCK_SCALE }

    /// `scale-a-data` of `m16n8k32.kind::mxf8f6f4.block_scale.scale_vec::1X`: row `m`'s scale,
    /// one K-block of 32, in byte `byte-id`. Lane `4 g + 2 thread-id-a + h` holds row
    /// `g + 8 h`.
    pub SM120_16x8x32_SFA_1X: 16 x 1, elements 1 {
        lane % 2     => 8 "row + 8 (second lane of the pair)",
        lane / 2 % 2 => 0 "broadcast: thread-id-a picks it",
        lane / 4 % 8 => 1 "row (groupID)",
    }
    entry { operand: ScaleA, element_type: "ue8m0", element_bits: 8, instructions: &MXF8F6F4 }

    /// `scale-b-data` of `m16n8k32.kind::mxf8f6f4.block_scale.scale_vec::1X`: column `n`'s
    /// scale in byte `byte-id`, from lane `4 n + thread-id-b`.
    pub SM120_16x8x32_SFB_1X: 1 x 8, elements 1 {
        lane % 4     => 0 "broadcast: thread-id-b picks it",
        lane / 4 % 8 => 1 "column (groupID)",
    }
    entry { operand: ScaleB, element_type: "ue8m0", element_bits: 8, instructions: &MXF8F6F4 }

    /// `scale-a-data` of `m16n8k64.kind::{mxf4,mxf4nvf4}.block_scale.scale_vec::2X`: row `m`'s
    /// two scales (K-blocks of 32) in bytes `byte-id`, `byte-id + 1`.
    pub SM120_16x8x64_SFA_2X: 16 x 2, elements 2 {
        e % 2        => 1  "K-block (byte byte-id + e)",
        lane / 4 % 8 => 2  "row (groupID)",
        lane % 2     => 16 "row + 8 (second lane of the pair)",
        lane / 2 % 2 => 0  "broadcast: thread-id-a picks it",
    }
    entry { operand: ScaleA, element_type: "ue8m0", element_bits: 8, instructions: MXF4_2X }

    /// `scale-b-data` of `m16n8k64.kind::{mxf4,mxf4nvf4}.block_scale.scale_vec::2X`: column
    /// `n`'s two scales in bytes `byte-id`, `byte-id + 1`.
    pub SM120_16x8x64_SFB_2X: 2 x 8, elements 2 {
        lane % 4     => 0 "broadcast: thread-id-b picks it",
        lane / 4 % 8 => 1 "column (groupID)",
        e % 2        => 8 "K-block (byte byte-id + e)",
    }
    entry { operand: ScaleB, element_type: "ue8m0", element_bits: 8, instructions: MXF4_2X }

    /// `scale-a-data` of `m16n8k64.kind::mxf4nvf4.block_scale.scale_vec::4X`: row `m`'s four
    /// scales (K-blocks of 16) in bytes 0 to 3.
    pub SM120_16x8x64_SFA_4X: 16 x 4, elements 4 {
        e % 4        => 1  "K-block (byte e)",
        lane / 4 % 8 => 4  "row (groupID)",
        lane % 2     => 32 "row + 8 (second lane of the pair)",
        lane / 2 % 2 => 0  "broadcast: thread-id-a picks it",
    }
    entry { operand: ScaleA, element_type: "ue4m3", element_bits: 8, instructions: MXF4_4X }

    /// `scale-b-data` of `m16n8k64.kind::mxf4nvf4.block_scale.scale_vec::4X`: column `n`'s four
    /// scales in bytes 0 to 3.
    pub SM120_16x8x64_SFB_4X: 4 x 8, elements 4 {
        lane % 4     => 0 "broadcast: thread-id-b picks it",
        lane / 4 % 8 => 1 "column (groupID)",
        e % 4        => 8 "K-block (byte e)",
    }
    entry { operand: ScaleB, element_type: "ue4m3", element_bits: 8, instructions: MXF4_4X }

    entries { arch: "sm_120a", ptx_section: M16N8K64 }

    /// A of `m16n8k64.kind::{mxf4,mxf4nvf4}.block_scale` (`.e2m1`, eight per register): the
    /// layout of [`SM80_16x8x64_S4_A_ROW`].
    pub SM120_16x8x64_E2M1_A_ROW = SM80_16x8x64_S4_A_ROW;
    entry { operand: A, element_type: "e2m1", element_bits: 4, instructions: &MXF4_ALL }

    /// B of `m16n8k64.kind::{mxf4,mxf4nvf4}.block_scale` (`.e2m1`, eight per register): the
    /// layout of [`SM80_16x8x64_S4_B_COL`].
    pub SM120_16x8x64_E2M1_B_COL = SM80_16x8x64_S4_B_COL;
    entry { operand: B, element_type: "e2m1", element_bits: 4, instructions: &MXF4_ALL }

    /// C/D of `m16n8k64.kind::{mxf4,mxf4nvf4}.block_scale`: the layout of
    /// [`SM80_16x8x16_F32_C`].
    pub SM120_16x8x64_F32_C = SM80_16x8x16_F32_C;
    entry { operand: C, element_type: "f32", element_bits: 32, instructions: &MXF4_ALL }
}

/// `.scale_vec`: how many scales each row of A (column of B) has per instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScaleVec {
    /// `.scale_vec::1X`: one scale per 32 K-elements (`m16n8k32.kind::mxf8f6f4`).
    X1,
    /// `.scale_vec::2X`: two, one per 32 (`m16n8k64.kind::mxf4` / `mxf4nvf4`).
    X2,
    /// `.scale_vec::4X`: four, one per 16 (`m16n8k64.kind::mxf4nvf4`).
    X4,
}

impl ScaleVec {
    /// Every `.scale_vec`.
    pub const ALL: [ScaleVec; 3] = [ScaleVec::X1, ScaleVec::X2, ScaleVec::X4];

    /// As PTX spells it after `.scale_vec::`: `"1X"`, `"2X"`, `"4X"`.
    pub const fn ptx(self) -> &'static str {
        match self {
            ScaleVec::X1 => "1X",
            ScaleVec::X2 => "2X",
            ScaleVec::X4 => "4X",
        }
    }

    /// Scales per row of A (column of B) per instruction: 1, 2 or 4.
    pub const fn blocks(self) -> u32 {
        match self {
            ScaleVec::X1 => 1,
            ScaleVec::X2 => 2,
            ScaleVec::X4 => 4,
        }
    }

    /// K-elements each scale covers: 32, 32 or 16.
    pub const fn block_size(self) -> u32 {
        match self {
            ScaleVec::X4 => 16,
            _ => 32,
        }
    }

    /// The byte-id values the ISA allows: 0 to 3 (1X), 0 and 2 (2X), 0 (4X).
    pub const fn byte_ids(self) -> &'static [u32] {
        match self {
            ScaleVec::X1 => &[0, 1, 2, 3],
            ScaleVec::X2 => &[0, 2],
            ScaleVec::X4 => &[0],
        }
    }

    /// The scale layouts of A and B.
    const fn layouts(self) -> (&'static Numeral<'static>, &'static Numeral<'static>) {
        match self {
            ScaleVec::X1 => (&SM120_16x8x32_SFA_1X, &SM120_16x8x32_SFB_1X),
            ScaleVec::X2 => (&SM120_16x8x64_SFA_2X, &SM120_16x8x64_SFB_2X),
            ScaleVec::X4 => (&SM120_16x8x64_SFA_4X, &SM120_16x8x64_SFB_4X),
        }
    }
}

/// Whose scales: `scale-a-data` ([`Operand::ScaleA`]) or `scale-b-data`
/// ([`Operand::ScaleB`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scaled {
    /// Rows of A (`thread-id-a`, `byte-id-a`).
    A,
    /// Columns of B (`thread-id-b`, `byte-id-b`).
    B,
}

impl Scaled {
    /// How many thread-id values the ISA allows: 2 for A, 4 for B.
    pub const fn thread_ids(self) -> u32 {
        match self {
            Scaled::A => 2,
            Scaled::B => 4,
        }
    }

    /// `"a"` or `"b"`, as in the operand names `thread-id-a`, `byte-id-b`.
    pub const fn suffix(self) -> &'static str {
        match self {
            Scaled::A => "a",
            Scaled::B => "b",
        }
    }

    /// The catalog operand of its scale layouts.
    pub const fn operand(self) -> Operand {
        match self {
            Scaled::A => Operand::ScaleA,
            Scaled::B => Operand::ScaleB,
        }
    }
}

/// The two selector operands of one side: `{byte-id, thread-id}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Selector {
    /// `thread-id-a` (0, 1) or `thread-id-b` (0 to 3).
    pub thread_id: u32,
    /// `byte-id-a` / `byte-id-b`: the byte of K-block 0.
    pub byte_id: u32,
}

/// Why [`scale_layout`] or [`provider`] refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelectorError {
    /// A thread-id the ISA forbids for this side.
    ThreadId {
        /// The side.
        side: Scaled,
        /// The value given.
        value: u32,
    },
    /// A byte-id the ISA forbids for this `.scale_vec`.
    ByteId {
        /// The side.
        side: Scaled,
        /// The `.scale_vec`.
        vec: ScaleVec,
        /// The value given.
        value: u32,
    },
    /// A row (A) or column (B) or K-block outside the scale tile.
    Outside {
        /// The side.
        side: Scaled,
        /// The `.scale_vec`.
        vec: ScaleVec,
        /// The row or column asked for.
        index: u32,
        /// The K-block asked for.
        block: u32,
    },
}

impl SelectorError {
    /// What is wrong and the fix, e.g. "byte-id-a = 1 is not allowed with scale_vec::4X: use
    /// 0 (4 bytes read from byte-id on)".
    pub const fn message(&self) -> Message {
        let mut m = Message::new();
        match *self {
            SelectorError::ThreadId { side, value } => {
                m.push("thread-id-");
                m.push(side.suffix());
                m.push(" = ");
                m.push_num(value as u64);
                m.push(" is not allowed: use 0 to ");
                m.push_num(side.thread_ids() as u64 - 1);
                m.push(match side {
                    Scaled::A => " (the lane pair q = 2 tid, 2 tid + 1 of each quad)",
                    Scaled::B => " (the lane q = tid of each quad)",
                });
            }
            SelectorError::ByteId { side, vec, value } => {
                m.push("byte-id-");
                m.push(side.suffix());
                m.push(" = ");
                m.push_num(value as u64);
                m.push(" is not allowed with scale_vec::");
                m.push(vec.ptx());
                m.push(": use ");
                write_byte_ids(vec, &mut m);
                m.push(" (");
                m.push_num(vec.blocks() as u64);
                m.push(if vec.blocks() == 1 { " byte" } else { " bytes" });
                m.push(" read from byte-id on)");
            }
            SelectorError::Outside {
                side,
                vec,
                index,
                block,
            } => {
                let (what, n) = match side {
                    Scaled::A => ("row", 16),
                    Scaled::B => ("column", 8),
                };
                m.push(what);
                m.push(" ");
                m.push_num(index as u64);
                m.push(", K-block ");
                m.push_num(block as u64);
                m.push(" is outside the scale tile: use ");
                m.push(what);
                m.push(" 0 to ");
                m.push_num(n - 1);
                m.push(" and K-block 0 to ");
                m.push_num(vec.blocks() as u64 - 1);
                m.push(" for scale_vec::");
                m.push(vec.ptx());
            }
        }
        m
    }
}

impl core::fmt::Display for SelectorError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.message().as_str())
    }
}

/// The scale layout one selector reads.
#[derive(Clone, Copy, Debug)]
pub struct ScaleLayout {
    /// Where each lane's scales go: every lane, the broadcast copies included.
    pub numeral: &'static Numeral<'static>,
    /// The side.
    pub side: Scaled,
    /// The `.scale_vec`.
    pub vec: ScaleVec,
    /// The selector, checked.
    pub selector: Selector,
}

impl ScaleLayout {
    /// The one broadcast digit: the lane bits the thread-id selects.
    const fn selected(&self) -> Digit {
        let digits = self.numeral.digits;
        let mut i = 0;
        while i < digits.len() {
            if digits[i].is_broadcast() {
                return digits[i];
            }
            i += 1;
        }
        panic!("a scale layout without its broadcast digit")
    }

    /// Whether the instruction reads `lane`'s register: the broadcast digit's value is the
    /// thread-id.
    pub const fn reads(&self, lane: u32) -> bool {
        lane < 32 && self.selected().value_of(lane) == self.selector.thread_id
    }

    /// The byte of element `e` (K-block `e`): `byte-id + e`; `None` for an element the
    /// layout does not have.
    pub const fn byte(&self, e: u32) -> Option<u32> {
        if e >= self.numeral.elements {
            return None;
        }
        // byte-id + e < 4: the selector is checked.
        Some(self.selector.byte_id + e)
    }

    /// The lane and byte that supply row (A) or column (B) `index`'s scale of K-block `block`.
    pub const fn provider(&self, index: u32, block: u32) -> Result<(u32, u32), SelectorError> {
        let (row, col) = match self.side {
            Scaled::A => (index, block),
            Scaled::B => (block, index),
        };
        let provided = match self.numeral.decode_coords(row, col) {
            Some((lane, e)) => match self.byte(e) {
                Some(byte) => Some((
                    lane + self.selector.thread_id * self.selected().divisor,
                    byte,
                )),
                None => None,
            },
            None => None,
        };
        match provided {
            Some(p) => Ok(p),
            None => Err(SelectorError::Outside {
                side: self.side,
                vec: self.vec,
                index,
                block,
            }),
        }
    }
}

/// The scale layout of `side` for `.scale_vec` `vec` read with `selector`, or the selector's
/// error.
///
/// ```
/// use fraglayout::catalog::{scale_layout, ScaleVec, Scaled, Selector};
/// let l = scale_layout(Scaled::A, ScaleVec::X1, Selector { thread_id: 1, byte_id: 3 }).unwrap();
/// assert_eq!(l.numeral.name, "SM120_16x8x32_SFA_1X");
/// // Row 9 (g = 1, second of the pair): lane 4 + 2 + 1, byte 3.
/// assert_eq!(l.provider(9, 0), Ok((7, 3)));
/// let e = scale_layout(Scaled::A, ScaleVec::X4, Selector { thread_id: 0, byte_id: 1 });
/// assert_eq!(
///     e.unwrap_err().message().as_str(),
///     "byte-id-a = 1 is not allowed with scale_vec::4X: use 0 (4 bytes read from byte-id on)"
/// );
/// ```
pub const fn scale_layout(
    side: Scaled,
    vec: ScaleVec,
    selector: Selector,
) -> Result<ScaleLayout, SelectorError> {
    if selector.thread_id >= side.thread_ids() {
        return Err(SelectorError::ThreadId {
            side,
            value: selector.thread_id,
        });
    }
    let ids = vec.byte_ids();
    let mut i = 0;
    while i < ids.len() && ids[i] != selector.byte_id {
        i += 1;
    }
    if i == ids.len() {
        return Err(SelectorError::ByteId {
            side,
            vec,
            value: selector.byte_id,
        });
    }
    let (a, b) = vec.layouts();
    Ok(ScaleLayout {
        numeral: match side {
            Scaled::A => a,
            Scaled::B => b,
        },
        side,
        vec,
        selector,
    })
}

/// The side and `.scale_vec` of the catalog scale layout named `name`, `None` for any other
/// name.
///
/// ```
/// use fraglayout::catalog::{scale_of, ScaleVec, Scaled};
/// assert_eq!(scale_of("SM120_16x8x64_SFB_4X"), Some((Scaled::B, ScaleVec::X4)));
/// assert_eq!(scale_of("SM80_16x8x16_F32_C"), None);
/// ```
pub fn scale_of(name: &str) -> Option<(Scaled, ScaleVec)> {
    ScaleVec::ALL.into_iter().find_map(|vec| {
        let (a, b) = vec.layouts();
        [(Scaled::A, a), (Scaled::B, b)]
            .into_iter()
            .find(|(_, n)| n.name == name)
            .map(|(side, _)| (side, vec))
    })
}

/// What the selectors choose for `side`'s scales under `vec`, in words: which lanes the
/// thread-id picks (the broadcast digit's value) and which bytes the byte-id starts at.
///
/// ```
/// use fraglayout::catalog::{selectors_message, ScaleVec, Scaled};
/// assert_eq!(
///     selectors_message(Scaled::A, ScaleVec::X2).as_str(),
///     "selectors: thread-id-a (0 to 1) reads the lanes whose `lane / 2 % 2` equals it, \
///      the others' registers unread; byte-id-a (0 or 2) is element 0's byte, element e in \
///      byte byte-id-a + e (catalog::scale_layout, catalog::provider)"
/// );
/// ```
pub const fn selectors_message(side: Scaled, vec: ScaleVec) -> Message {
    let (a, b) = vec.layouts();
    let n = match side {
        Scaled::A => a,
        Scaled::B => b,
    };
    let layout = ScaleLayout {
        numeral: n,
        side,
        vec,
        selector: Selector {
            thread_id: 0,
            byte_id: 0,
        },
    };
    let mut m = Message::new();
    m.push("selectors: thread-id-");
    m.push(side.suffix());
    m.push(" (0 to ");
    m.push_num(side.thread_ids() as u64 - 1);
    m.push(") reads the lanes whose `");
    m.push_digit(&layout.selected(), n.extent(crate::Source::Lane));
    m.push("` equals it, the others' registers unread; byte-id-");
    m.push(side.suffix());
    m.push(" (");
    write_byte_ids(vec, &mut m);
    m.push(") is element 0's byte, element e in byte byte-id-");
    m.push(side.suffix());
    m.push(" + e (catalog::scale_layout, catalog::provider)");
    m
}

/// The byte-ids `vec` allows, as a list: `0, 1, 2 or 3`.
const fn write_byte_ids(vec: ScaleVec, m: &mut Message) {
    let ids = vec.byte_ids();
    let mut i = 0;
    while i < ids.len() {
        if i > 0 {
            m.push(if i + 1 == ids.len() { " or " } else { ", " });
        }
        m.push_num(ids[i] as u64);
        i += 1;
    }
}

/// The lane and byte that supply row (A) or column (B) `index`'s scale of K-block `block`
/// when the instruction reads with `selector`: [`scale_layout`] then
/// [`ScaleLayout::provider`].
pub const fn provider(
    side: Scaled,
    vec: ScaleVec,
    selector: Selector,
    index: u32,
    block: u32,
) -> Result<(u32, u32), SelectorError> {
    match scale_layout(side, vec, selector) {
        Ok(l) => l.provider(index, block),
        Err(e) => Err(e),
    }
}

/// The `.b32` scale register of `lane` for `side`: byte `j` is the scale of the lane's row
/// (A) or column (B) at K-block `j`, read by `at(index, j)`, so one register serves the
/// four `1X` instructions of byte-id 0 to 3 (K-steps 0 to 3), the two `2X` ones of byte-id 0
/// and 2, or one `4X` (every `.scale_vec` numeral puts lane's scales at one row or column).
///
/// ```
/// use fraglayout::catalog::{scale_register, Scaled};
/// // Scales of A stored row-major, 4 K-blocks a row: lane 5 (g = 1, odd) holds row 9.
/// let sf: Vec<u8> = (0..64).collect();
/// assert_eq!(scale_register(Scaled::A, 5, |m, j| sf[m as usize * 4 + j as usize]),
///            u32::from_le_bytes([36, 37, 38, 39]));
/// ```
pub fn scale_register(side: Scaled, lane: u32, mut at: impl FnMut(u32, u32) -> u8) -> u32 {
    let n = ScaleVec::X4.layouts();
    let (numeral, index) = match side {
        Scaled::A => (n.0, 0),
        Scaled::B => (n.1, 1),
    };
    let mut bytes = [0u8; 4];
    for (j, b) in bytes.iter_mut().enumerate() {
        let (row, col) = numeral.coords(lane % 32, j as u32).unwrap_or((0, 0));
        let rc = [row, col];
        *b = at(rc[index], j as u32);
    }
    u32::from_le_bytes(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extreme_selectors_and_elements_are_refused_not_added() {
        const EDGES: [u32; 6] = [0, 1, 4, 1 << 31, u32::MAX - 3, u32::MAX];
        for vec in ScaleVec::ALL {
            for side in [Scaled::A, Scaled::B] {
                for (thread_id, byte_id) in EDGES.iter().flat_map(|&t| EDGES.map(|b| (t, b))) {
                    let selector = Selector { thread_id, byte_id };
                    let Ok(l) = scale_layout(side, vec, selector) else {
                        assert!(
                            thread_id >= side.thread_ids() || !vec.byte_ids().contains(&byte_id)
                        );
                        continue;
                    };
                    // byte-id + e wrapped (or overflowed) for e near u32::MAX.
                    for e in 0..vec.blocks() {
                        assert_eq!(l.byte(e), Some(byte_id + e));
                        assert!(byte_id + e < 4);
                    }
                    for e in [vec.blocks(), u32::MAX - byte_id, u32::MAX] {
                        assert_eq!(l.byte(e), None, "{vec:?} {side:?} e {e}");
                    }
                    for (index, block) in EDGES.iter().flat_map(|&i| EDGES.map(|k| (i, k))) {
                        let inside = index < [16, 8][side as usize] && block < vec.blocks();
                        assert_eq!(l.provider(index, block).is_ok(), inside);
                    }
                }
            }
        }
    }
}
