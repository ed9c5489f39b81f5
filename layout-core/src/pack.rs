//! Packing narrow elements into 32-bit registers, on bit patterns.
//!
//! PTX passes fragments of 16-bit types as `.b32` registers holding two elements: element `2r`
//! in the low half of register `r`, element `2r + 1` in the high half. These helpers work on
//! `u16` bit patterns, so stable Rust needs no `f16` type (convert with `half` or by hand).
//!
//! ```
//! use fraglayout::pack::{pack_b16, pack_b16_array, unpack_b16_array};
//! assert_eq!(pack_b16(0x1111, 0x2222), 0x2222_1111);
//! let regs: [u32; 2] = pack_b16_array(&[1, 2, 3, 4]);
//! assert_eq!(regs, [0x0002_0001, 0x0004_0003]);
//! assert_eq!(unpack_b16_array::<2, 4>(&regs), [1, 2, 3, 4]);
//! ```

/// One `.b32` register from two 16-bit elements: `lo` in bits 0-15, `hi` in bits 16-31.
#[inline(always)]
pub const fn pack_b16(lo: u16, hi: u16) -> u32 {
    lo as u32 | (hi as u32) << 16
}

/// The two 16-bit elements of a `.b32` register, `(low, high)`.
#[inline(always)]
pub const fn unpack_b16(reg: u32) -> (u16, u16) {
    (reg as u16, (reg >> 16) as u16)
}

/// `N` 16-bit elements into `R = N / 2` registers; `N != 2 * R` fails to compile.
#[inline(always)]
pub const fn pack_b16_array<const N: usize, const R: usize>(elements: &[u16; N]) -> [u32; R] {
    const { assert!(N == 2 * R, "pack_b16_array: N must be 2 * R") };
    let mut out = [0u32; R];
    let mut r = 0;
    while r < R {
        out[r] = pack_b16(elements[2 * r], elements[2 * r + 1]);
        r += 1;
    }
    out
}

/// `R` registers into `N = 2 * R` 16-bit elements; `N != 2 * R` fails to compile.
#[inline(always)]
pub const fn unpack_b16_array<const R: usize, const N: usize>(regs: &[u32; R]) -> [u16; N] {
    const { assert!(N == 2 * R, "unpack_b16_array: N must be 2 * R") };
    let mut out = [0u16; N];
    let mut r = 0;
    while r < R {
        let (lo, hi) = unpack_b16(regs[r]);
        out[2 * r] = lo;
        out[2 * r + 1] = hi;
        r += 1;
    }
    out
}
