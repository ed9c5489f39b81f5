//! The XOR swizzle of a shared-memory tile, CuTe's `Swizzle<B, M, S>`, and Hopper's named
//! swizzle modes.
//!
//! A swizzle acts on an offset's bits: the `bits` bits starting at `base + shift` are XORed
//! into the `bits` bits starting at `base`,
//!
//! ```text
//! swizzle(x) = x ^ ((x >> shift) & (((1 << bits) - 1) << base))
//!
//! Swizzle<3, 3, 3> (bits 3, base 3, shift 3) on element offsets of a 64-column f16 tile:
//!   offset   = row * 64 + col        bits [0, 3): col % 8   [3, 6): col / 8   [6, 9): row % 8
//!   swizzled = offset ^ ((row % 8) << 3): the 16-byte unit col / 8 becomes (col / 8) ^ (row % 8)
//!   (row 1, col 0) -> 64 ^ 8 = 72, i.e. (row 1, col 8)
//! ```
//!
//! This is CuTe's definition (`Swizzle<BBits, MBase, SShift>`, with `SShift >= BBits`: the bits
//! read lie above the bits written, so a swizzle is its own inverse). In the terms of Triton's
//! linear layouts a swizzle is one XOR term: output bit `base + i` gets input bit
//! `base + shift + i` added (mod 2), for `i < bits`; a layout with several such terms is a
//! linear layout over the offset's bits. [`SharedLayout`](super::SharedLayout) composes one
//! swizzle after its row-major (or column-major) offset, which is what CuTe and Hopper use; the
//! search ([`find`](super::search::find)) ranges over `bits`, `base` and `shift`.
//!
//! # Hopper's modes
//!
//! The `wgmma` matrix descriptor and the TMA tensor map name four swizzle modes. On the byte
//! offset they are the swizzles on 16-byte units (`base` 4) with `shift` 3, repeating every
//! 8 rows of the mode's width (PTX ISA, "Shared Memory Matrix Layout" of `wgmma`; CUTLASS's
//! `GMMA::Layout_*_SW{32,64,128}_Atom` use `Swizzle<1,4,3>`, `<2,4,3>`, `<3,4,3>`):
//!
//! | mode                | bytes | in bytes          | f16 elements      | repeats every |
//! |---------------------|-------|-------------------|-------------------|---------------|
//! | [`SwizzleMode::None`] | 0   | none              | none              |               |
//! | [`SwizzleMode::B32`]  | 32  | `Swizzle<1, 4, 3>` | `Swizzle<1, 3, 3>` | 256 bytes  |
//! | [`SwizzleMode::B64`]  | 64  | `Swizzle<2, 4, 3>` | `Swizzle<2, 3, 3>` | 512 bytes  |
//! | [`SwizzleMode::B128`] | 128 | `Swizzle<3, 4, 3>` | `Swizzle<3, 3, 3>` | 1024 bytes |
//!
//! The 128-byte mode XORs byte-address bits 7..10 (the row within 8 rows of 128 bytes) into
//! bits 4..7 (the 16-byte unit within the row).

use crate::message::Message;

/// An XOR swizzle of offsets, CuTe's `Swizzle<bits, base, shift>`: `bits` bits from
/// `base + shift` up are XORed into the `bits` bits from `base` up.
///
/// The offsets a [`SharedLayout`](super::SharedLayout) swizzles are **element** offsets, as
/// CuTe's `composition(Swizzle<B, M, S>{}, layout)` does; [`in_elements`](Self::in_elements)
/// and [`in_bytes`](Self::in_bytes) convert from and to a swizzle of byte offsets.
///
/// ```
/// use fraglayout::shared::Swizzle;
/// let s = Swizzle::new(3, 3, 3);
/// assert_eq!(s.apply(64), 72);            // (row 1, col 0) of a 64-column tile lands at col 8
/// assert_eq!(s.apply(s.apply(1000)), 1000); // its own inverse
/// assert_eq!(Swizzle::new(3, 4, 3).in_elements(2), Some(s)); // 128-byte mode, f16 elements
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swizzle {
    /// How many bits are XORed (CuTe's `B`); 0 is the identity.
    pub bits: u32,
    /// The lowest bit written (CuTe's `M`): offsets move in units of `2^base`.
    pub base: u32,
    /// The distance from the bits written up to the bits read (CuTe's `S`), `bits` or more.
    pub shift: u32,
}

impl Swizzle {
    /// The identity: no bit moves.
    pub const NONE: Swizzle = Swizzle {
        bits: 0,
        base: 0,
        shift: 0,
    };

    /// `Swizzle<bits, base, shift>`.
    pub const fn new(bits: u32, base: u32, shift: u32) -> Swizzle {
        Swizzle { bits, base, shift }
    }

    /// Whether no bit moves (`bits` is 0).
    pub const fn is_identity(&self) -> bool {
        self.bits == 0
    }

    /// The mask of the bits written, `((1 << bits) - 1) << base` (bits at 64 and above are
    /// dropped, so a swizzle that fails the check cannot overflow).
    pub const fn target_mask(&self) -> u64 {
        low_mask(self.base.saturating_add(self.bits)) & !low_mask(self.base)
    }

    /// The lowest bit read, `base + shift`.
    pub const fn source_bit(&self) -> u32 {
        self.base.saturating_add(self.shift)
    }

    /// One past the highest bit read, `base + shift + bits`: the swizzle repeats every
    /// `2^top` offsets (Hopper's 128-byte mode: 10, every 1024 bytes).
    pub const fn top(&self) -> u32 {
        if self.bits == 0 {
            0
        } else {
            self.source_bit().saturating_add(self.bits)
        }
    }

    /// The swizzle moves offsets only within aligned blocks of `2^(base + bits)` offsets (the
    /// bits above are never written): a tile whose span is a multiple of this maps onto itself.
    pub const fn block(&self) -> u64 {
        if self.bits == 0 {
            1
        } else {
            let b = self.base.saturating_add(self.bits);
            if b >= 64 {
                u64::MAX
            } else {
                1u64 << b
            }
        }
    }

    /// The swizzled offset: `offset ^ ((offset >> shift) & target_mask)`.
    ///
    /// For a swizzle with `shift >= bits` (every one that passes the check) this is its own
    /// inverse. Any fields give some value, never a panic.
    pub const fn apply(&self, offset: u32) -> u32 {
        if self.bits == 0 {
            return offset;
        }
        let x = offset as u64;
        let moved = if self.shift >= 64 { 0 } else { x >> self.shift };
        // The mask's bits above 31 meet only zero bits of `moved` (< 2^32), so the cast is exact.
        (x ^ (moved & self.target_mask())) as u32
    }

    /// The same swizzle on element offsets, for a swizzle of byte offsets and elements of
    /// `elem_bytes` (a power of two): `base` drops by `log2(elem_bytes)`. `None` when a
    /// written bit lies inside an element (`base < log2(elem_bytes)`) or `elem_bytes` is not a
    /// power of two. The identity stays the identity.
    pub const fn in_elements(self, elem_bytes: u32) -> Option<Swizzle> {
        if !elem_bytes.is_power_of_two() {
            return None;
        }
        if self.bits == 0 {
            return Some(Swizzle::NONE);
        }
        let log = elem_bytes.trailing_zeros();
        if self.base < log {
            return None;
        }
        Some(Swizzle::new(self.bits, self.base - log, self.shift))
    }

    /// The same swizzle on byte offsets, for a swizzle of element offsets and elements of
    /// `elem_bytes` (a power of two): `base` grows by `log2(elem_bytes)`. `None` when
    /// `elem_bytes` is not a power of two.
    pub const fn in_bytes(self, elem_bytes: u32) -> Option<Swizzle> {
        if !elem_bytes.is_power_of_two() {
            return None;
        }
        if self.bits == 0 {
            return Some(Swizzle::NONE);
        }
        let base = self.base.saturating_add(elem_bytes.trailing_zeros());
        Some(Swizzle::new(self.bits, base, self.shift))
    }

    /// Appends `Swizzle<3, 3, 3>`, or `no swizzle` for the identity.
    pub const fn write(&self, m: &mut Message) {
        if self.bits == 0 {
            m.push("no swizzle");
            return;
        }
        m.push("Swizzle<");
        m.push_num(self.bits as u64);
        m.push(", ");
        m.push_num(self.base as u64);
        m.push(", ");
        m.push_num(self.shift as u64);
        m.push(">");
    }
}

/// `2^n - 1`, all ones for `n >= 64`.
pub(crate) const fn low_mask(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// The swizzle modes of Hopper's `wgmma` matrix descriptor and TMA tensor maps.
///
/// Each is a swizzle of 16-byte units within rows of [`bytes`](Self::bytes) bytes, repeating
/// every 8 such rows (see the [module table](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SwizzleMode {
    /// No swizzle.
    None,
    /// 32-byte swizzle: `Swizzle<1, 4, 3>` on bytes.
    B32,
    /// 64-byte swizzle: `Swizzle<2, 4, 3>` on bytes.
    B64,
    /// 128-byte swizzle: `Swizzle<3, 4, 3>` on bytes.
    B128,
}

impl SwizzleMode {
    /// Every mode, from none up.
    pub const ALL: [SwizzleMode; 4] = [
        SwizzleMode::None,
        SwizzleMode::B32,
        SwizzleMode::B64,
        SwizzleMode::B128,
    ];

    /// The width of the rows the mode swizzles within: 0, 32, 64 or 128 bytes.
    pub const fn bytes(self) -> u32 {
        match self {
            SwizzleMode::None => 0,
            SwizzleMode::B32 => 32,
            SwizzleMode::B64 => 64,
            SwizzleMode::B128 => 128,
        }
    }

    /// The mode's swizzle of byte offsets: `Swizzle<log2(bytes / 16), 4, 3>`.
    pub const fn byte_swizzle(self) -> Swizzle {
        match self {
            SwizzleMode::None => Swizzle::NONE,
            SwizzleMode::B32 => Swizzle::new(1, 4, 3),
            SwizzleMode::B64 => Swizzle::new(2, 4, 3),
            SwizzleMode::B128 => Swizzle::new(3, 4, 3),
        }
    }

    /// The mode's swizzle of element offsets, for elements of `elem_bytes` (1, 2, 4, 8 or 16):
    /// the 128-byte mode on f16 is `Swizzle<3, 3, 3>`. `None` for other element sizes.
    pub const fn swizzle(self, elem_bytes: u32) -> Option<Swizzle> {
        if elem_bytes > 16 {
            return None;
        }
        self.byte_swizzle().in_elements(elem_bytes)
    }

    /// `128-byte swizzle`, or `no swizzle`.
    pub const fn name(self) -> &'static str {
        match self {
            SwizzleMode::None => "no swizzle",
            SwizzleMode::B32 => "32-byte swizzle",
            SwizzleMode::B64 => "64-byte swizzle",
            SwizzleMode::B128 => "128-byte swizzle",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_128_byte_mode_moves_16_byte_units_by_the_row() {
        let s = SwizzleMode::B128.byte_swizzle();
        // Row r (128 bytes each) of the 8-row atom: unit u lands at unit u ^ (r % 8).
        for row in 0..16u32 {
            for unit in 0..8u32 {
                for byte in 0..16u32 {
                    let at = row * 128 + unit * 16 + byte;
                    let want = row * 128 + ((unit ^ (row % 8)) * 16) + byte;
                    assert_eq!(s.apply(at), want, "row {row} unit {unit} byte {byte}");
                }
            }
        }
        assert_eq!(s.top(), 10, "repeats every 1024 bytes");
    }

    #[test]
    fn element_and_byte_forms_agree() {
        for mode in SwizzleMode::ALL {
            for elem in [1u32, 2, 4, 8, 16] {
                let e = mode.swizzle(elem).unwrap();
                let b = mode.byte_swizzle();
                for off in 0..4096u32 {
                    assert_eq!(e.apply(off) * elem, b.apply(off * elem), "{mode:?} {elem}");
                }
                assert_eq!(e.in_bytes(elem), Some(b));
            }
        }
        assert_eq!(SwizzleMode::B128.swizzle(3), None);
        assert_eq!(
            Swizzle::new(3, 1, 3).in_elements(4),
            None,
            "a bit inside an element"
        );
    }

    #[test]
    fn a_swizzle_is_its_own_inverse_and_stays_in_its_block() {
        for bits in 1..4 {
            for base in 0..4 {
                for shift in bits..6 {
                    let s = Swizzle::new(bits, base, shift);
                    for x in 0..2048u32 {
                        let y = s.apply(x);
                        assert_eq!(s.apply(y), x);
                        assert_eq!(y as u64 / s.block(), x as u64 / s.block());
                    }
                }
            }
        }
    }

    #[test]
    fn broken_fields_never_panic() {
        for s in [
            Swizzle::new(40, 40, 40),
            Swizzle::new(u32::MAX, u32::MAX, u32::MAX),
            Swizzle::new(1, 0, 70),
        ] {
            let _ = s.apply(u32::MAX);
            let _ = (s.block(), s.top(), s.target_mask(), s.in_bytes(2));
        }
    }
}
