//! Looking layouts up by the PTX instruction, the key a kernel author already has.
//!
//! ```
//! use fraglayout::catalog::{instruction, SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C};
//!
//! const MMA: fraglayout::catalog::Instruction =
//!     match instruction("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32") {
//!         Some(i) => i,
//!         None => panic!("not in the catalog"),
//!     };
//! let (a, c) = (MMA.a.unwrap(), MMA.c.unwrap());
//! assert_eq!(a.numeral.name, SM80_16x8x16_F16_A_ROW.name);
//! assert_eq!((a.element_type, a.registers()), ("f16", 4));  // a0..a7 in four .b32 registers
//! assert_eq!(c.numeral.name, SM80_16x8x16_F32_C.name);
//! assert_eq!((c.element_type, c.registers()), ("f32", 4));
//! assert_eq!(MMA.d().unwrap().numeral.name, c.numeral.name); // D has C's layout
//! ```
//!
//! `wgmma` is spelled with its `N` put in (`wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16`);
//! its `a` is the layout of A *in registers* (the `wgmma` form whose A is a register operand),
//! and its `b` is `None`: B is always read from shared memory through a descriptor.

use super::{Entry, Operand, CATALOG};

/// The fragment layouts of one PTX instruction, each with its element type and register count
/// ([`Entry::element_type`], [`Entry::registers`]). An operand the instruction does not take in
/// registers is `None`.
#[derive(Clone, Copy, Debug)]
pub struct Instruction {
    /// A (`M x K`; for sparse instructions the `M x K/2` non-zeros).
    pub a: Option<&'static Entry>,
    /// B (`K x N`).
    pub b: Option<&'static Entry>,
    /// The accumulator C, whose layout D shares ([`Instruction::d`]).
    pub c: Option<&'static Entry>,
    /// The sparsity metadata of `mma.sp` / `wgmma.mma_async.sp`.
    pub metadata: Option<&'static Entry>,
    /// The stacked 8x8 matrices of `ldmatrix` / `stmatrix` / `movmatrix`.
    pub matrices: Option<&'static Entry>,
    /// The TMEM cells of `tcgen05.ld` / `tcgen05.st` (lane = row, 32-bit column = col).
    pub tmem: Option<&'static Entry>,
    /// `scale-a-data` of `mma.sync ... .block_scale`, for thread-id-a = byte-id-a = 0
    /// ([`scale_layout`](super::scale_layout) for the others).
    pub scale_a: Option<&'static Entry>,
    /// `scale-b-data`, likewise.
    pub scale_b: Option<&'static Entry>,
}

impl Instruction {
    /// The output D: every catalog instruction writes D in the layout and type of C.
    pub const fn d(&self) -> Option<&'static Entry> {
        self.c
    }
}

/// The layouts of the PTX instruction `ptx`, spelled as in PTX and as `fraglayout list` prints
/// it (e.g. `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`,
/// `ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16`); `None` when the catalog has no layout
/// for it. Usable in `const` context.
pub const fn instruction(ptx: &str) -> Option<Instruction> {
    let mut found = Instruction {
        a: None,
        b: None,
        c: None,
        metadata: None,
        matrices: None,
        tmem: None,
        scale_a: None,
        scale_b: None,
    };
    let mut any = false;
    let mut i = 0;
    while i < CATALOG.len() {
        let entry: &'static Entry = &CATALOG[i];
        if covers(entry, ptx.as_bytes()) {
            any = true;
            let slot = match entry.operand {
                Operand::A => &mut found.a,
                Operand::B => &mut found.b,
                Operand::C => &mut found.c,
                Operand::Metadata => &mut found.metadata,
                Operand::Matrices => &mut found.matrices,
                Operand::Tmem => &mut found.tmem,
                Operand::ScaleA => &mut found.scale_a,
                Operand::ScaleB => &mut found.scale_b,
            };
            if slot.is_none() {
                *slot = Some(entry);
            }
        }
        i += 1;
    }
    if any {
        Some(found)
    } else {
        None
    }
}

/// Whether one of the entry's instructions is `ptx`.
const fn covers(entry: &Entry, ptx: &[u8]) -> bool {
    let mut k = 0;
    while k < entry.instructions.len() {
        if matches(entry.instructions[k].as_bytes(), ptx) {
            return true;
        }
        k += 1;
    }
    false
}

/// Whether `ptx` is `pattern`, where a `N` right after `m64n` in the pattern (the `wgmma`
/// spelling that stands for every width) matches a decimal width.
const fn matches(pattern: &[u8], ptx: &[u8]) -> bool {
    let (mut p, mut s) = (0, 0);
    while p < pattern.len() {
        if pattern[p] == b'N' && p > 0 && pattern[p - 1] == b'n' {
            let start = s;
            while s < ptx.len() && ptx[s].is_ascii_digit() {
                s += 1;
            }
            if s == start {
                return false;
            }
            p += 1;
            continue;
        }
        if s >= ptx.len() || pattern[p] != ptx[s] {
            return false;
        }
        p += 1;
        s += 1;
    }
    s == ptx.len()
}
