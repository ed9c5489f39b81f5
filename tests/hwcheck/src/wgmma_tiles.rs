//! `wgmma` operands in shared memory laid out by the shared-memory model, with their
//! descriptors derived from the same layout (`layout_core::shared::Descriptor`): one place
//! decides LBO, SBO and each instruction's start. The host simulation reads the images through
//! `crate::descriptor` (the ISA's reading, written apart from the model), so a derivation
//! that disagrees with the ISA fails on the host.
//!
//! The tiled family: a K-major operand (`mn x k`, K contiguous) in a Hopper swizzle mode is
//! `SharedLayout::hopper` (`core_matrices` without swizzle), its atoms in slabs: 8 rows of the
//! mode's width (32, 64, 128 bytes; 16 without swizzle, the core matrices' rows), stacked
//! along M/N, then the next slab of K. That is the ISA's K-major canonical layout:
//!
//! ```text
//! SBO = 8 rows * row bytes      (128, 256, 512, 1024: the next 8 rows of M/N)
//! LBO = one slab's bytes        without swizzle (the next core matrix along K);
//!       16 (the field's 1)      with swizzle, where the ISA does not use it
//! instruction j: start = the unswizzled offset of (0, j * K_instr)
//! e.g. f16, 128-byte swizzle, A 64 x 64: one slab of 8 KiB, SBO 1024, steps at +0, 32, 64, 96
//!      f16, no swizzle,       A 64 x 64: 8 slabs of 64 x 8 (1 KiB), LBO 1024, SBO 128,
//!                                        steps at slabs 0, 2, 4, 6
//! ```
//!
//! The grids family (`crate::grids`) builds its layouts itself and places them with
//! [`Tiled::of`]. Every operand starts at a multiple of its layout's alignment (the swizzle's
//! period: 256, 512, 1024 bytes; 128 without swizzle), and the kernel's image is 1024-byte
//! aligned in shared memory.

use layout_core::shared::{Base, Descriptor, Operand, SharedLayout, SwizzleMode};

/// Bytes of K every tiled check covers: one 128-byte row of the widest mode, four
/// instructions of 32 bytes (k16 f16, k8 tf32, k32 8-bit).
pub const K_BYTES: usize = 128;

/// One operand in shared memory, from byte `base` of the image: its layout, which operand it
/// holds, and the descriptor derived from the layout.
#[derive(Clone, Copy, Debug)]
pub struct Tiled {
    layout: SharedLayout,
    operand: Operand,
    desc: Descriptor,
    base: usize,
}

impl Tiled {
    /// A K-major `mn x k` operand of `eb`-byte elements in `mode` (A: `mn x k` row-major; B:
    /// `k x mn`, columns contiguous), atoms in slabs, from byte `base`, read by instructions
    /// of `mn` rows (A) or columns (B).
    ///
    /// # Panics
    /// As [`of`](Self::of).
    pub fn new(
        mode: SwizzleMode,
        operand: Operand,
        mn: usize,
        k: usize,
        eb: usize,
        base: usize,
    ) -> Tiled {
        let (mn, k, eb) = (mn as u32, k as u32, eb as u32);
        let layout = match (mode, operand) {
            (SwizzleMode::None, Operand::A) => SharedLayout::core_matrices(mn, k, eb),
            (SwizzleMode::None, Operand::B) => SharedLayout::core_matrices(k, mn, eb).col_major(),
            (m, Operand::A) => SharedLayout::hopper(mn, k, eb, m),
            (m, Operand::B) => SharedLayout::hopper(k, mn, eb, m).col_major(),
        };
        Tiled::of(layout, operand, mn as usize, base)
    }

    /// `layout` holding `operand`, read by instructions of `mn` rows (A) or columns (B), from
    /// byte `base` of the image.
    ///
    /// # Panics
    /// When the layout fails the model's check, no descriptor addresses it, or `base` is not
    /// a multiple of its alignment.
    pub fn of(layout: SharedLayout, operand: Operand, mn: usize, base: usize) -> Tiled {
        let desc = Descriptor::derive(&layout, operand, mn as u32)
            .unwrap_or_else(|e| panic!("{layout:?}: {e}"));
        if let Err(e) = desc.wgmma(base as u32, 0, 0, Base::Refuse) {
            panic!("base {base}: {e}");
        }
        let align = layout.alignment() as usize;
        assert_eq!(base % align, 0, "base {base}");
        Tiled {
            layout,
            operand,
            desc,
            base,
        }
    }

    /// The operand's layout.
    pub fn layout(&self) -> SharedLayout {
        self.layout
    }

    /// The image byte the operand starts at.
    pub fn base(&self) -> usize {
        self.base
    }

    /// Bytes the operand occupies.
    pub fn bytes(&self) -> usize {
        self.layout.span_bytes() as usize
    }

    /// Instructions along K over the operand.
    pub fn steps(&self) -> usize {
        self.desc.k_steps() as usize
    }

    /// The image byte of operand element `(mn, k)`: the model's byte offset.
    pub fn byte(&self, mn: usize, k: usize) -> usize {
        let (row, col) = match self.operand {
            Operand::A => (mn, k),
            Operand::B => (k, mn),
        };
        let at = self
            .layout
            .byte_offset(row as u32, col as u32)
            .expect("inside the operand");
        self.base + at as usize
    }

    /// The 64-bit descriptor of instruction `step` along K, from the image's byte 0 (the
    /// kernel adds the shared-memory address to the start field).
    ///
    /// # Panics
    /// When `step` is past the operand.
    pub fn descriptor(&self, step: usize) -> u64 {
        self.desc
            .wgmma(self.base as u32, 0, step as u32, Base::Refuse)
            .unwrap_or_else(|e| panic!("step {step}: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::descriptor::{Descriptor as Isa, Major};

    #[test]
    fn the_module_examples() {
        let a = Tiled::new(SwizzleMode::B128, Operand::A, 64, 64, 2, 0);
        assert_eq!((a.bytes(), a.steps()), (8192, 4));
        let d: Vec<Isa> = (0..4).map(|j| Isa::decode(a.descriptor(j))).collect();
        assert_eq!(
            d.iter().map(|d| d.start).collect::<Vec<_>>(),
            [0, 32, 64, 96]
        );
        assert!(d.iter().all(|d| (d.lbo, d.sbo, d.layout) == (16, 1024, 1)));
        let plain = Tiled::new(SwizzleMode::None, Operand::B, 64, 64, 2, 8192);
        let d: Vec<Isa> = (0..4).map(|j| Isa::decode(plain.descriptor(j))).collect();
        assert_eq!(
            d.iter().map(|d| d.start).collect::<Vec<_>>(),
            [8192, 8192 + 2048, 8192 + 4096, 8192 + 6144]
        );
        assert!(d.iter().all(|d| (d.lbo, d.sbo, d.layout) == (1024, 128, 0)));
    }

    /// Every element of every mode, element size and operand, placed by the model, is where
    /// the ISA's reading of the derived descriptors finds it.
    #[test]
    fn the_model_places_what_the_isa_reads() {
        for mode in SwizzleMode::ALL {
            for eb in [1, 2, 4] {
                for operand in [Operand::A, Operand::B] {
                    let (mn, k, k_instr) = (64, K_BYTES / eb, 32 / eb);
                    let op = Tiled::new(mode, operand, mn, k, eb, 1024);
                    assert_eq!(op.steps(), k / k_instr);
                    let mut seen = vec![false; op.bytes() / eb];
                    for j in 0..op.steps() {
                        let d = Isa::decode(op.descriptor(j));
                        for m in 0..mn {
                            for kk in 0..k_instr {
                                let at = op.byte(m, j * k_instr + kk);
                                assert_eq!(
                                    d.byte(Major::K, m, kk, eb),
                                    at,
                                    "{mode:?} {eb} {operand:?} ({m}, {kk})"
                                );
                                assert!(!std::mem::replace(&mut seen[(at - 1024) / eb], true));
                            }
                        }
                    }
                    assert!(seen.iter().all(|&s| s), "{mode:?} {eb}: fills its bytes");
                }
            }
        }
    }

    #[test]
    fn a_misaligned_base_or_partial_atom_is_refused() {
        let new = |mode, k, base| {
            std::panic::catch_unwind(|| Tiled::new(mode, Operand::A, 64, k, 2, base)).is_err()
        };
        assert!(new(SwizzleMode::B128, 64, 512));
        assert!(new(SwizzleMode::B64, 48, 0));
        assert!(!new(SwizzleMode::B64, 64, 512));
    }
}
