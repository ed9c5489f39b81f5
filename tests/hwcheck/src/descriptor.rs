//! The `wgmma` matrix descriptor as the PTX ISA reads it, for the host simulation: written from
//! the ISA (sections "Matrix Descriptor" and "Shared Memory Matrix Layout" of `wgmma`), not
//! from the shared-memory model that lays the images out (`layout_core::shared`,
//! `crate::wgmma_tiles`), so that a model that disagrees with the ISA fails on the host too.
//!
//! Fields of the 64-bit descriptor: start address `>> 4` in bits 0-13, leading-dimension byte
//! offset (LBO) `>> 4` in bits 16-29, stride-dimension byte offset (SBO) `>> 4` in bits 32-45,
//! base offset in bits 49-51, layout type in bits 62-63: 0 no swizzle (interleaved), 1
//! 128-byte, 2 64-byte, 3 32-byte swizzle.
//!
//! Element `(mn, k)` of an operand of `eb`-byte elements, `T = 16 / eb` elements in 16 bytes,
//! from the ISA's canonical layouts (in elements there: K-major `((8,m),(T,2k))` with strides
//! `((T,SBO),(1,LBO))` interleaved and `((W T,SBO),(1,T))` swizzled; MN-major
//! `((T,1,m),(8,k)) : ((1,T,SBO),(T,LBO))` interleaved and `((T,W,m),(8,k)) :
//! ((1,T,LBO),(W T,SBO))` swizzled, `W = 1, 2, 4, 8` units of 16 bytes a row):
//!
//! ```text
//! K-major, no swizzle:  start + (mn / 8) SBO + (k / T) LBO + (mn % 8) 16 + (k % T) eb
//!                       (core matrices of 8 rows of 16 bytes; LBO steps along K, SBO along M/N)
//! K-major, W-byte swizzle (W = 32, 64, 128; atoms of 8 rows of W bytes, rows W bytes apart):
//!                       a = start + (mn / 8) SBO + (mn % 8) W + k eb        (LBO unused)
//! MN-major, no swizzle: start + (mn / T) SBO + (k / 8) LBO + (mn % T) eb + (k % 8) 16
//!                       (the two offsets exchange their roles)
//! MN-major, W-byte swizzle (rows of W bytes along M/N, one per k):
//!                       a = start + (mn / (W / eb)) LBO + (k / 8) SBO + (mn % (W / eb)) eb
//!                           + (k % 8) W
//! swizzled, then:       the 16-byte unit bits [4, 4 + b) of a are XORed with bits [7, 7 + b),
//!                       b = log2(W / 16): the unit index within each 128-byte row of banks is
//!                       XORed with that row's index within the 8-row (1024-byte) pattern
//! e.g. 128-byte swizzle, f16, start 0, SBO 1024: (mn 3, k 8) -> a = 3 * 128 + 16 = 400,
//!      unit 1 ^ 3 = 2 -> byte 416
//!      MN-major, bf16, LBO 1024, SBO 4096: (mn 70, k 9) -> a = 1024 + 4096 + 12 + 128 = 5260,
//!      unit 0 ^ 1 = 1 -> byte 5276
//! ```
//!
//! The swizzle acts on the address in shared memory; the images start 1024-byte aligned there,
//! so it acts on the image offsets alike. A base offset other than 0 (a pattern not starting
//! aligned) is not simulated.

/// Which coordinate of the operand is contiguous (for `f16` / `bf16`, `imm-trans-a` /
/// `imm-trans-b` 1 reads the operand MN-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Major {
    /// K contiguous (no transpose).
    K,
    /// M (for A) or N (for B) contiguous (transposed).
    Mn,
}

/// The fields of one descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Descriptor {
    /// Start address, bytes.
    pub start: usize,
    /// Leading-dimension byte offset.
    pub lbo: usize,
    /// Stride-dimension byte offset.
    pub sbo: usize,
    /// Base offset (bits 49-51).
    pub base_offset: u64,
    /// Layout type: 0 none, 1 128-byte, 2 64-byte, 3 32-byte swizzle.
    pub layout: u64,
}

impl Descriptor {
    /// The fields of `d`.
    pub fn decode(d: u64) -> Descriptor {
        let field = |at: u32| ((d >> at) & 0x3fff) as usize * 16;
        Descriptor {
            start: field(0),
            lbo: field(16),
            sbo: field(32),
            base_offset: (d >> 49) & 7,
            layout: d >> 62,
        }
    }

    /// The byte of element `(mn, k)` of a `major` operand of `eb`-byte elements.
    ///
    /// # Panics
    /// On a base offset other than 0 (not simulated).
    pub fn byte(&self, major: Major, mn: usize, k: usize, eb: usize) -> usize {
        assert_eq!(self.base_offset, 0, "a base offset is not simulated");
        let t = 16 / eb;
        let row = match self.layout {
            0 => {
                return self.start
                    + match major {
                        Major::K => (mn / 8) * self.sbo + (k / t) * self.lbo + (mn % 8) * 16,
                        Major::Mn => (mn / t) * self.sbo + (k / 8) * self.lbo + (k % 8) * 16,
                    }
                    + (match major {
                        Major::K => k % t,
                        Major::Mn => mn % t,
                    }) * eb;
            }
            1 => 128,
            2 => 64,
            _ => 32,
        };
        let a = self.start
            + match major {
                Major::K => (mn / 8) * self.sbo + (mn % 8) * row + k * eb,
                Major::Mn => {
                    let per = row / eb;
                    (mn / per) * self.lbo + (k / 8) * self.sbo + (mn % per) * eb + (k % 8) * row
                }
            };
        let bits = (row / 16).trailing_zeros();
        let units = ((1 << bits) - 1) << 4;
        a ^ ((a >> 3) & units)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(start: usize, lbo: usize, sbo: usize, layout: u64) -> u64 {
        (start as u64 >> 4) | (lbo as u64 >> 4) << 16 | (sbo as u64 >> 4) << 32 | layout << 62
    }

    #[test]
    fn fields_and_worked_examples() {
        let d = Descriptor::decode(desc(2048, 128, 256, 0) | 5 << 49);
        assert_eq!(
            (d.start, d.lbo, d.sbo, d.base_offset, d.layout),
            (2048, 128, 256, 5, 0)
        );
        // No swizzle, f16: (mn 9, k 10) is core matrix (1, 1), row 1, element 2.
        let plain = Descriptor::decode(desc(0, 1024, 128, 0));
        assert_eq!(plain.byte(Major::K, 9, 10, 2), 128 + 1024 + 16 + 4);
        // The module's example.
        let b128 = Descriptor::decode(desc(0, 16, 1024, 1));
        assert_eq!(b128.byte(Major::K, 3, 8, 2), 416);
        // Row 0 is never moved; row 8 starts the next pattern at SBO.
        assert_eq!(b128.byte(Major::K, 0, 40, 2), 80);
        assert_eq!(b128.byte(Major::K, 8, 0, 2), 1024);
        // 32-byte swizzle, tf32: rows 4..8 of the pattern swap their two units.
        let b32 = Descriptor::decode(desc(0, 16, 256, 3));
        assert_eq!(b32.byte(Major::K, 4, 0, 4), 4 * 32 + 16);
        assert_eq!(b32.byte(Major::K, 3, 5, 4), 3 * 32 + 20);
        // 64-byte swizzle: rows 2 and 3 share the XOR 1 (bit 7), row 6 has 3.
        let b64 = Descriptor::decode(desc(0, 16, 512, 2));
        assert_eq!(b64.byte(Major::K, 2, 0, 1), 128 + 16);
        assert_eq!(b64.byte(Major::K, 3, 16, 1), 192);
        assert_eq!(b64.byte(Major::K, 6, 0, 1), 384 + 48);
    }

    #[test]
    fn mn_major_worked_examples() {
        // The module's example: bf16, 128-byte swizzle, MN atoms 1024 bytes apart (LBO), 8-K
        // bands 4096 apart (SBO).
        let bands = Descriptor::decode(desc(0, 1024, 4096, 1));
        assert_eq!(bands.byte(Major::Mn, 70, 9, 2), 5276);
        // Row k of an atom holds 64 consecutive MN elements, unit (mn % 64) / 8 ^ (k % 8).
        assert_eq!(bands.byte(Major::Mn, 0, 0, 2), 0);
        assert_eq!(bands.byte(Major::Mn, 63, 0, 2), 126);
        assert_eq!(bands.byte(Major::Mn, 0, 1, 2), 128 + 16);
        assert_eq!(bands.byte(Major::Mn, 8, 7, 2), 7 * 128 + 16 * (1 ^ 7));
        // LBO steps MN atoms, SBO steps K by 8: exchanging them moves (64, 0) and (0, 8).
        let slabs = Descriptor::decode(desc(0, 8192, 1024, 1));
        assert_eq!(slabs.byte(Major::Mn, 64, 0, 2), 8192);
        assert_eq!(slabs.byte(Major::Mn, 0, 8, 2), 1024);
        // 32-byte swizzle, tf32: rows of 8 MN elements, two units; row 4 swaps them.
        let b32 = Descriptor::decode(desc(0, 256, 512, 3));
        assert_eq!(b32.byte(Major::Mn, 9, 0, 4), 256 + 4);
        assert_eq!(b32.byte(Major::Mn, 0, 4, 4), 4 * 32 + 16);
        // No swizzle, f16: core matrices of 8 K rows of 16 bytes of MN; SBO along MN, LBO along K.
        let plain = Descriptor::decode(desc(0, 2048, 128, 0));
        assert_eq!(plain.byte(Major::Mn, 9, 10, 2), 128 + 2048 + 2 * 16 + 2);
    }
}
