//! `wgmma` operands in shared memory laid out by the shared-memory model: each Hopper swizzle
//! mode ([`SwizzleMode`]) of `layout_core::shared`, the descriptors' layout type and strides
//! from the same mode. The host simulation reads the images through `crate::descriptor`
//! (the ISA's reading, written apart from the model).
//!
//! A K-major operand (`mn x k`, K contiguous) is stored as `k / width` blocks of `width`
//! columns of K, one after the other, each block the model's tile
//! `SharedLayout::hopper(mn, width, eb, mode)`: rows of the mode's width (`width * eb` bytes:
//! 32, 64, 128; 16 without swizzle, the core matrices' rows), swizzled by the mode. That is
//! the ISA's K-major canonical layout (swizzle atoms of 8 rows of the mode's width: 8x1, 8x2,
//! 8x4, 8x8 units of 16 bytes) with the atoms of one block stacked along M/N:
//!
//! ```text
//! SBO = 8 rows * row bytes      (128, 256, 512, 1024: the next 8 rows of M/N)
//! LBO = one block's bytes       without swizzle (the next core matrix along K);
//!       16 (the field's 1)      with swizzle, where the ISA does not use it
//! instruction j (K from k0 = j * K_instr): start = block (k0 / width) + (k0 % width) * eb
//! e.g. f16, 128-byte swizzle, A 64 x 64: one block of 8 KiB, SBO 1024, steps at +0, 32, 64, 96
//!      f16, no swizzle,       A 64 x 64: 8 blocks of 64 x 8 (1 KiB), LBO 1024, SBO 128,
//!                                        steps at blocks 0, 2, 4, 6
//! ```
//!
//! Every block starts at a multiple of the model's `alignment` (the swizzle's period: 256,
//! 512, 1024 bytes; 128 without swizzle), and the kernel's image is 1024-byte aligned in
//! shared memory.

use layout_core::shared::{SharedLayout, SwizzleMode};

/// Bytes of K every tiled check covers: one 128-byte row of the widest mode, four
/// instructions of 32 bytes (k16 f16, k8 tf32, k32 8-bit).
pub const K_BYTES: usize = 128;

/// The descriptor's layout type (bits 62-63) of a mode: 0 none, 1 128-byte, 2 64-byte, 3
/// 32-byte (PTX ISA, "Matrix Descriptor").
pub fn layout_type(mode: SwizzleMode) -> u64 {
    match mode {
        SwizzleMode::None => 0,
        SwizzleMode::B128 => 1,
        SwizzleMode::B64 => 2,
        SwizzleMode::B32 => 3,
    }
}

/// Bytes of one row of a mode's blocks: the mode's width, or 16 (a core matrix row) without
/// swizzle.
pub fn row_bytes(mode: SwizzleMode) -> usize {
    match mode {
        SwizzleMode::None => 16,
        m => m.bytes() as usize,
    }
}

/// One K-major operand in shared memory, from byte `base` of the image.
#[derive(Clone, Copy, Debug)]
pub struct Tiled {
    mode: SwizzleMode,
    /// One block: `mn x width` elements.
    block: SharedLayout,
    blocks: usize,
    base: usize,
}

impl Tiled {
    /// An `mn x k` operand of `eb`-byte elements in `mode`, from byte `base` (a multiple of
    /// the block's alignment).
    ///
    /// # Panics
    /// When `k` is not a whole number of blocks, a block fails the model's check, or `base` or
    /// a block's size is not a multiple of the block's alignment.
    pub fn new(mode: SwizzleMode, mn: usize, k: usize, eb: usize, base: usize) -> Tiled {
        let width = row_bytes(mode) / eb;
        assert_eq!(k % width, 0, "K {k} is not whole blocks of {width}");
        let block = SharedLayout::hopper(mn as u32, width as u32, eb as u32, mode);
        if let Err(e) = block.check() {
            panic!("{}: {e}", mode.name());
        }
        let align = block.alignment() as usize;
        assert_eq!(base % align, 0, "base {base}");
        assert_eq!(block.span_bytes() as usize % align, 0, "block of {mn} rows");
        Tiled {
            mode,
            block,
            blocks: k / width,
            base,
        }
    }

    fn width(&self) -> usize {
        self.block.cols() as usize
    }

    fn block_bytes(&self) -> usize {
        self.block.span_bytes() as usize
    }

    /// Bytes the operand occupies.
    pub fn bytes(&self) -> usize {
        self.blocks * self.block_bytes()
    }

    /// The image byte of element `(mn, k)`: its block, then the model's byte offset in it.
    pub fn byte(&self, mn: usize, k: usize) -> usize {
        let (block, col) = (k / self.width(), k % self.width());
        let at = self
            .block
            .byte_offset(mn as u32, col as u32)
            .expect("inside the block");
        self.base + block * self.block_bytes() + at as usize
    }

    /// The descriptor of the instruction whose K starts at column `k0`: start at row 0,
    /// column `k0` before the swizzle (the hardware swizzles start + offset), LBO and SBO as
    /// in the module table, the mode's layout type.
    pub fn descriptor(&self, k0: usize) -> u64 {
        let (block, col) = (k0 / self.width(), k0 % self.width());
        let lin = self.block.linear(0, col as u32).expect("inside") as usize;
        let start = self.base + block * self.block_bytes() + lin * self.block.elem_bytes() as usize;
        let lbo = match self.mode {
            SwizzleMode::None => self.block_bytes(),
            _ => 16,
        };
        let sbo = 8 * row_bytes(self.mode);
        let field = |bytes: usize| {
            assert_eq!(bytes % 16, 0, "{bytes} bytes is not a descriptor field");
            assert!(
                bytes >> 4 < 1 << 14,
                "{bytes} bytes overflows a descriptor field"
            );
            (bytes as u64) >> 4
        };
        field(start) | field(lbo) << 16 | field(sbo) << 32 | layout_type(self.mode) << 62
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::descriptor::Descriptor;

    #[test]
    fn the_module_examples() {
        let a = Tiled::new(SwizzleMode::B128, 64, 64, 2, 0);
        assert_eq!(a.bytes(), 8192);
        let d: Vec<Descriptor> = (0..4)
            .map(|j| Descriptor::decode(a.descriptor(16 * j)))
            .collect();
        assert_eq!(
            d.iter().map(|d| d.start).collect::<Vec<_>>(),
            [0, 32, 64, 96]
        );
        assert!(d.iter().all(|d| (d.lbo, d.sbo, d.layout) == (16, 1024, 1)));
        let plain = Tiled::new(SwizzleMode::None, 64, 64, 2, 8192);
        let d: Vec<Descriptor> = (0..4)
            .map(|j| Descriptor::decode(plain.descriptor(16 * j)))
            .collect();
        assert_eq!(
            d.iter().map(|d| d.start).collect::<Vec<_>>(),
            [8192, 8192 + 2048, 8192 + 4096, 8192 + 6144]
        );
        assert!(d.iter().all(|d| (d.lbo, d.sbo, d.layout) == (1024, 128, 0)));
    }

    /// Every element of every mode and element size, placed by the model, is where the ISA's
    /// reading of the descriptors finds it.
    #[test]
    fn the_model_places_what_the_isa_reads() {
        for mode in SwizzleMode::ALL {
            for eb in [1, 2, 4] {
                let (mn, k, k_instr) = (64, K_BYTES / eb, 32 / eb);
                let op = Tiled::new(mode, mn, k, eb, 1024);
                let mut seen = vec![false; op.bytes() / eb];
                for j in 0..k / k_instr {
                    let d = Descriptor::decode(op.descriptor(j * k_instr));
                    for m in 0..mn {
                        for kk in 0..k_instr {
                            let at = op.byte(m, j * k_instr + kk);
                            assert_eq!(d.byte(m, kk, eb), at, "{mode:?} {eb} ({m}, {kk})");
                            assert!(!std::mem::replace(&mut seen[(at - 1024) / eb], true));
                        }
                    }
                }
                assert!(
                    seen.iter().all(|&s| s),
                    "{mode:?} {eb}: the operand fills its bytes"
                );
            }
        }
    }

    #[test]
    fn a_misaligned_base_is_refused() {
        assert!(
            std::panic::catch_unwind(|| Tiled::new(SwizzleMode::B128, 64, 64, 2, 512)).is_err()
        );
        assert!(std::panic::catch_unwind(|| Tiled::new(SwizzleMode::B64, 64, 48, 2, 0)).is_err());
    }
}
