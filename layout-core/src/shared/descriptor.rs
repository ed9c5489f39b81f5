//! The shared-memory matrix descriptors of `wgmma` (Hopper) and `tcgen05.mma` (Blackwell),
//! derived from a [`SharedLayout`] and checked against the layout for every element an MMA
//! reads.
//!
//! A descriptor names a tile by its start address, two strides (the leading and stride byte
//! offsets, LBO and SBO) and a swizzle mode; the hardware reads the operand through the ISA's
//! canonical layout (PTX ISA, "Shared Memory Matrix Layout" of `wgmma` and `tcgen05`). With
//! `T = 16 / elem_bytes` elements a 16-byte unit, `S` bytes an atom line (`W = S / 16`), the
//! unswizzled byte offset of operand element `(mn, k)` from the start is:
//!
//! ```text
//! K-major, swizzled     mn = i + 8 m, k < 2T         i S + m SBO + k e          (LBO unused: 1)
//! K-major, interleaved  mn = i + 8 m, k = j + T n    i 16 + m SBO + j e + n LBO
//! MN-major, swizzled    mn = a + T b + T W c, k = d + 8 f    a e + b 16 + c LBO + d S + f SBO
//! MN-major, interleaved mn = a + T c, k = d + 8 f            a e + c SBO + d 16 + f LBO
//! ```
//!
//! [`Descriptor::derive`] reads LBO and SBO off the layout (the distance to the next 8 rows, the
//! next atom, the next 16-byte column), 0 where one MMA reads a single block of that mode (as
//! CuTe's `make_gmma_desc` / `make_umma_desc` leave a mode of size one), and then compares the canonical offset with the layout's
//! for every element of every MMA over the tile, so a layout no descriptor can address is
//! refused with the element where they part. Worked, from CuTe's `make_gmma_desc` and
//! DeepGEMM's `make_umma_desc`:
//!
//! | tile | order | LBO | SBO |
//! |---|---|---|---|
//! | 128 (M) x 64 (K) f16, K-major, 128-byte swizzle | one slab | 16 (unused) | 1024 |
//! | 128 (M) x 64 (K) f16, M-major, 128-byte swizzle | bands (CuTe) | 1024 | 2048 |
//! | 128 (M) x 64 (K) f16, M-major, 128-byte swizzle | slabs (DeepGEMM) | 8192 | 1024 |
//!
//! ```
//! use fraglayout::shared::{Descriptor, Operand, SharedLayout, SwizzleMode, Base};
//! const A: SharedLayout = SharedLayout::hopper(128, 64, 2, SwizzleMode::B128);
//! const D: Descriptor = match Descriptor::derive(&A, Operand::A, 64) {
//!     Ok(d) => d,
//!     Err(_) => panic!("not addressable"),
//! };
//! assert_eq!((D.lbo(), D.sbo(), D.k_steps(), D.mn_blocks()), (16, 1024, 4, 2));
//! assert_eq!(D.start(0, 1), Some(32));        // the second K step: 16 f16 on
//! assert_eq!(D.start(1, 0), Some(8192));      // the second MMA's 64 rows
//! let bits = D.wgmma(0x400, 0, 1, Base::Refuse).unwrap();
//! assert_eq!(bits, 1 << 62 | 64 << 32 | 1 << 16 | (0x400 + 32) >> 4);
//! ```

use super::check::SharedError;
use super::layout::{Major, SharedLayout};
use super::swizzle::SwizzleMode;
use crate::message::Message;

/// Which operand of the MMA a tile holds, which says which coordinate is K: `A` is `M x K`
/// (rows M, columns K), `B` is `K x N` (rows K, columns N), as the catalog's fragments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// The `M x K` operand.
    A,
    /// The `K x N` operand.
    B,
}

/// What to do with a tile base that is not aligned to its swizzle's repeat (1024 bytes for
/// the 128-byte mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Base {
    /// Refuse it.
    Refuse,
    /// Carry it in the descriptor's base offset, `(address >> 7) & 7`.
    Carry,
}

/// Bytes of K one MMA instruction reads (`wgmma` and `tcgen05.mma` dense: K = 16 f16).
pub const MMA_K_BYTES: u32 = 32;

/// The largest stride or address a descriptor field holds: 14 bits of 16-byte units.
pub const DESCRIPTOR_LIMIT: u32 = 1 << 18;

/// A `wgmma` / `tcgen05` shared-memory descriptor's layout part, derived by
/// [`derive`](Self::derive); [`wgmma`](Self::wgmma) and [`tcgen05`](Self::tcgen05) encode it
/// for a base address and an MMA of the tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Descriptor {
    layout: SharedLayout,
    operand: Operand,
    mode: SwizzleMode,
    k_major: bool,
    mn: u32,
    lbo: u32,
    sbo: u32,
}

/// Why a layout has no descriptor, or a descriptor no encoding; the fields are the numbers
/// its message quotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum DescriptorError {
    /// The layout fails its own check.
    Layout(SharedError),
    /// A layout built without a swizzle mode (padded, or a swizzle of its own).
    NoMode,
    /// An element size the MMA cannot read from shared memory this way.
    ElementBytes { bytes: u32 },
    /// The tile's MN extent is not a whole number of MMAs of `mn`.
    MnExtent { extent: u32, mn: u32 },
    /// The tile's K extent is not a whole number of K steps.
    KExtent { extent: u32, k: u32 },
    /// A stride (`lbo` true for LBO) the descriptor cannot hold.
    Stride { lbo: bool, bytes: u64 },
    /// Element `(mn, k)` of the MMA at `(block, step)` is at `layout` bytes from the tile's
    /// base, where the descriptor reads `canonical`.
    Mismatch {
        block: u32,
        step: u32,
        mn: u32,
        k: u32,
        layout: u64,
        canonical: u64,
    },
    /// A base address not 16-byte aligned, or past the field.
    Address { address: u32 },
    /// A base address not aligned to the swizzle's repeat, with [`Base::Refuse`].
    Misaligned { address: u32, repeat: u32 },
    /// An MMA outside the tile.
    OutOfTile { block: u32, step: u32 },
}

impl Descriptor {
    /// The descriptor of `layout` holding `operand`, read by MMAs of `mn` rows (A: M, 64 for
    /// `wgmma`) or columns (B: N) and [`MMA_K_BYTES`] of K; `Err` with the first reason it
    /// cannot be addressed.
    pub const fn derive(
        layout: &SharedLayout,
        operand: Operand,
        mn: u32,
    ) -> Result<Descriptor, DescriptorError> {
        if let Err(e) = layout.check() {
            return Err(DescriptorError::Layout(e));
        }
        let Some(mode) = layout.mode() else {
            return Err(DescriptorError::NoMode);
        };
        let e = layout.elem_bytes();
        if e > 8 {
            return Err(DescriptorError::ElementBytes { bytes: e });
        }
        let k_major = matches!(
            (operand, layout.major()),
            (Operand::A, Major::Row) | (Operand::B, Major::Col)
        );
        let mut d = Descriptor {
            layout: *layout,
            operand,
            mode,
            k_major,
            mn,
            lbo: 0,
            sbo: 0,
        };
        let (mn_extent, k_extent) = d.extents();
        if mn == 0 || mn_extent % mn != 0 {
            return Err(DescriptorError::MnExtent {
                extent: mn_extent,
                mn,
            });
        }
        if k_extent % d.k() != 0 {
            return Err(DescriptorError::KExtent {
                extent: k_extent,
                k: d.k(),
            });
        }
        let (lbo, sbo) = d.strides();
        if let Some(err) = stride_error(true, lbo) {
            return Err(err);
        }
        if let Some(err) = stride_error(false, sbo) {
            return Err(err);
        }
        d.lbo = lbo as u32;
        d.sbo = sbo as u32;
        match d.mismatch() {
            Some(err) => Err(err),
            None => Ok(d),
        }
    }

    /// `(MN, K)` extents of the tile.
    const fn extents(&self) -> (u32, u32) {
        let (r, c) = (self.layout.rows(), self.layout.cols());
        match self.operand {
            Operand::A => (r, c),
            Operand::B => (c, r),
        }
    }

    /// The tile's `(row, col)` of operand element `(mn, k)`.
    const fn tile_at(&self, mn: u32, k: u32) -> (u32, u32) {
        match self.operand {
            Operand::A => (mn, k),
            Operand::B => (k, mn),
        }
    }

    /// The unswizzled byte offset of operand element `(mn, k)` in the layout, `None` outside.
    const fn layout_bytes(&self, mn: u32, k: u32) -> Option<u64> {
        let (r, c) = self.tile_at(mn, k);
        match self.layout.linear(r, c) {
            Some(l) => Some(l as u64 * self.layout.elem_bytes() as u64),
            None => None,
        }
    }

    /// Bytes from element `(0, 0)` to `(mn, k)`, 0 where `(mn, k)` is outside the tile (a
    /// stride the MMAs never take).
    const fn step_bytes(&self, mn: u32, k: u32) -> u64 {
        match (self.layout_bytes(mn, k), self.layout_bytes(0, 0)) {
            (Some(at), Some(origin)) => at.wrapping_sub(origin),
            _ => 0,
        }
    }

    /// Elements a 16-byte unit, `T`.
    const fn t(&self) -> u32 {
        16 / self.layout.elem_bytes()
    }

    /// `(LBO, SBO)` in bytes, read off the layout (see the [module docs](self)); 0 for a
    /// field whose mode one MMA reads a single block of.
    const fn strides(&self) -> (u64, u64) {
        let t = self.t();
        let w = self.mode.bytes() / 16;
        let swizzled = !matches!(self.mode, SwizzleMode::None);
        let k_blocks = self.block_stride(0, 8);
        match (self.k_major, swizzled) {
            (true, true) => (16, self.block_stride(8, 0)),
            (true, false) => (self.step_bytes(0, t), self.block_stride(8, 0)),
            (false, true) => (self.block_stride(t * w, 0), k_blocks),
            (false, false) => (k_blocks, self.block_stride(t, 0)),
        }
    }

    /// Bytes to the next block of `mn` MN or `k` K elements (one of them 0): 0 when one MMA
    /// reads a single block, a mode of size one, whose stride CuTe's `logical_divide` leaves 0.
    const fn block_stride(&self, mn: u32, k: u32) -> u64 {
        if self.mn > mn && self.k() > k {
            self.step_bytes(mn, k)
        } else {
            0
        }
    }

    /// The byte offset at which the descriptor reads operand element `(mn, k)` of one MMA,
    /// from its start, unswizzled.
    const fn canonical(&self, mn: u32, k: u32) -> u64 {
        self.canonical_as(self.k_major, mn, k)
    }

    /// [`canonical`](Self::canonical) for an MMA whose instruction reads the operand
    /// K-major (`k_major`) or MN-major, whatever the layout is.
    const fn canonical_as(&self, k_major: bool, mn: u32, k: u32) -> u64 {
        let (e, t) = (self.layout.elem_bytes() as u64, self.t());
        let (mn64, k64) = (mn as u64, k as u64);
        let (lbo, sbo, s) = (self.lbo as u64, self.sbo as u64, self.mode.bytes() as u64);
        let swizzled = !matches!(self.mode, SwizzleMode::None);
        match (k_major, swizzled) {
            (true, true) => (mn64 % 8) * s + (mn64 / 8) * sbo + k64 * e,
            (true, false) => {
                let t = t as u64;
                (mn64 % 8) * 16 + (mn64 / 8) * sbo + (k64 % t) * e + (k64 / t) * lbo
            }
            (false, true) => {
                let (t, atom) = (t as u64, (t * (s as u32 / 16)) as u64);
                (mn64 % t) * e
                    + (mn64 % atom / t) * 16
                    + (mn64 / atom) * lbo
                    + (k64 % 8) * s
                    + (k64 / 8) * sbo
            }
            (false, false) => {
                let t = t as u64;
                (mn64 % t) * e + (mn64 / t) * sbo + (k64 % 8) * 16 + (k64 / 8) * lbo
            }
        }
    }

    /// The first element of every MMA over the tile where the canonical layout and the
    /// layout part.
    const fn mismatch(&self) -> Option<DescriptorError> {
        let (blocks, steps, k) = (self.mn_blocks(), self.k_steps(), self.k());
        let mut block = 0;
        while block < blocks {
            let mut step = 0;
            while step < steps {
                let start = self.start_u64(block, step);
                let mut mn = 0;
                while mn < self.mn {
                    let mut kk = 0;
                    while kk < k {
                        let at = self.layout_bytes(block * self.mn + mn, step * k + kk);
                        let canonical = start + self.canonical(mn, kk);
                        match at {
                            Some(layout) if layout == canonical => {}
                            _ => {
                                return Some(DescriptorError::Mismatch {
                                    block,
                                    step,
                                    mn,
                                    k: kk,
                                    layout: match at {
                                        Some(b) => b,
                                        None => u64::MAX,
                                    },
                                    canonical,
                                })
                            }
                        }
                        kk += 1;
                    }
                    mn += 1;
                }
                step += 1;
            }
            block += 1;
        }
        None
    }

    const fn start_u64(&self, block: u32, step: u32) -> u64 {
        match self.layout_bytes(block * self.mn, step * self.k()) {
            Some(b) => b,
            None => u64::MAX,
        }
    }

    /// K elements one MMA reads, `MMA_K_BYTES / elem_bytes`.
    pub const fn k(&self) -> u32 {
        MMA_K_BYTES / self.layout.elem_bytes()
    }

    /// The byte, from the tile's base, at which the MMA at (`block`, `step`) reads element
    /// `(mn, k)` of its `mn() x k()` operand when its instruction reads the operand K-major
    /// (`k_major`) or MN-major: the MMA's [`start`](Self::start) plus the ISA's canonical
    /// offset from this descriptor's LBO and SBO, swizzled by its mode, as the hardware
    /// addresses it (the tile's base aligned to the swizzle's repeat). `None` outside the MMA
    /// or the tile, or past `u32::MAX`.
    ///
    /// ```
    /// use fraglayout::shared::{Descriptor, Operand, SharedLayout, SwizzleMode};
    /// const A: SharedLayout = SharedLayout::hopper(128, 64, 2, SwizzleMode::B128);
    /// let d = Descriptor::derive(&A, Operand::A, 64).unwrap();
    /// // Row 9 of the second 64-row MMA, K step 1, k 3: where the layout puts A[73][19].
    /// assert_eq!(d.read_byte(true, 1, 1, 9, 3), A.byte_offset(73, 19).map(u64::from));
    /// // Read MN-major, the same tile is another byte.
    /// assert_ne!(d.read_byte(false, 1, 1, 9, 3), A.byte_offset(73, 19).map(u64::from));
    /// ```
    pub const fn read_byte(
        &self,
        k_major: bool,
        block: u32,
        step: u32,
        mn: u32,
        k: u32,
    ) -> Option<u64> {
        match self.read_offset(k_major, block, step, mn, k) {
            Some(at) => Some(self.mode.byte_swizzle().apply(at) as u64),
            None => None,
        }
    }

    /// [`read_byte`](Self::read_byte) before the swizzle: the MMA's start plus the ISA's
    /// canonical offset, a sum of a term of `mn` and a term of `k`.
    pub const fn read_offset(
        &self,
        k_major: bool,
        block: u32,
        step: u32,
        mn: u32,
        k: u32,
    ) -> Option<u32> {
        let Some(start) = self.start(block, step) else {
            return None;
        };
        if mn >= self.mn || k >= self.k() {
            return None;
        }
        let at = start as u64 + self.canonical_as(k_major, mn, k);
        if at > u32::MAX as u64 {
            return None;
        }
        Some(at as u32)
    }

    /// The same descriptor with LBO and SBO as a kernel writes them (bytes): a hand-wired
    /// descriptor to certify ([`datapath`](crate::datapath)), which [`derive`](Self::derive)
    /// never returns unless they are its own.
    pub const fn with_strides(self, lbo: u32, sbo: u32) -> Descriptor {
        Descriptor { lbo, sbo, ..self }
    }

    /// Operand rows (A: M) or columns (B: N) one MMA reads.
    pub const fn mn(&self) -> u32 {
        self.mn
    }

    /// MMAs along K over the tile.
    pub const fn k_steps(&self) -> u32 {
        self.extents().1 / self.k()
    }

    /// MMAs along MN over the tile.
    pub const fn mn_blocks(&self) -> u32 {
        self.extents().0 / self.mn
    }

    /// Whether K is the contiguous coordinate.
    pub const fn k_major(&self) -> bool {
        self.k_major
    }

    /// The leading byte offset: 16 (encoded 1, the next 16 bytes along K, which the MMA does
    /// not read) for a K-major swizzled tile; 0 where one MMA reads a single block of its
    /// mode (MN-major swizzled: one atom along MN; MN-major interleaved: 8 K elements, tf32);
    /// else the stride read off the layout. CuTe's `make_gmma_desc` / `make_umma_desc` give
    /// the same.
    pub const fn lbo(&self) -> u32 {
        self.lbo
    }

    /// The stride byte offset: 0 where one MMA reads a single block of its mode (8 rows
    /// K-major, 8 K elements MN-major swizzled, `16 / elem_bytes` MN elements MN-major
    /// interleaved), else the stride read off the layout, as CuTe's.
    pub const fn sbo(&self) -> u32 {
        self.sbo
    }

    /// The swizzle mode.
    pub const fn mode(&self) -> SwizzleMode {
        self.mode
    }

    /// The layout the descriptor addresses.
    pub const fn layout(&self) -> SharedLayout {
        self.layout
    }

    /// Bytes from the tile's base to the start of the MMA `block` along MN and `step` along
    /// K (the unswizzled offset of its first element; the K advance CuTe's descriptor
    /// iterator and DeepGEMM's `advance_umma_desc_lo` add); `None` outside the tile.
    pub const fn start(&self, block: u32, step: u32) -> Option<u32> {
        if block >= self.mn_blocks() || step >= self.k_steps() {
            return None;
        }
        Some(self.start_u64(block, step) as u32)
    }

    /// The fields both descriptors share for the MMA at (`block`, `step`) of a tile at shared
    /// address `base`: start address, LBO and SBO in 16-byte units (bits 0, 16, 32) and the
    /// base offset (bits 49..52).
    const fn shared_fields(
        &self,
        base: u32,
        block: u32,
        step: u32,
        how: Base,
    ) -> Result<u64, DescriptorError> {
        let Some(start) = self.start(block, step) else {
            return Err(DescriptorError::OutOfTile { block, step });
        };
        if base % 16 != 0 || base as u64 + start as u64 >= DESCRIPTOR_LIMIT as u64 {
            return Err(DescriptorError::Address { address: base });
        }
        let repeat = self.layout.alignment();
        let swizzled = !matches!(self.mode, SwizzleMode::None);
        let offset = if swizzled && base % repeat != 0 {
            match how {
                Base::Refuse => {
                    return Err(DescriptorError::Misaligned {
                        address: base,
                        repeat,
                    })
                }
                Base::Carry => ((base >> 7) & 7) as u64,
            }
        } else {
            0
        };
        Ok(self.common(base + start) | offset << 49)
    }

    /// The 64-bit `wgmma` descriptor of the MMA at (`block`, `step`) of the tile at shared
    /// address `base`: the shared fields and the layout type (bits 62..64: 1 for 128 bytes, 2
    /// for 64, 3 for 32, 0 interleaved).
    pub const fn wgmma(
        &self,
        base: u32,
        block: u32,
        step: u32,
        how: Base,
    ) -> Result<u64, DescriptorError> {
        let layout: u64 = match self.mode {
            SwizzleMode::None => 0,
            SwizzleMode::B128 => 1,
            SwizzleMode::B64 => 2,
            SwizzleMode::B32 => 3,
        };
        match self.shared_fields(base, block, step, how) {
            Ok(bits) => Ok(bits | layout << 62),
            Err(e) => Err(e),
        }
    }

    /// The 64-bit `tcgen05` shared-memory descriptor of the same MMA: the shared fields, the
    /// fixed `0b001` at bits 46..49, relative LBO (bit 52 clear) and the swizzle at bits
    /// 61..64 (0 none, 2 for 128 bytes, 4 for 64, 6 for 32).
    pub const fn tcgen05(
        &self,
        base: u32,
        block: u32,
        step: u32,
        how: Base,
    ) -> Result<u64, DescriptorError> {
        let swizzle: u64 = match self.mode {
            SwizzleMode::None => 0,
            SwizzleMode::B128 => 2,
            SwizzleMode::B64 => 4,
            SwizzleMode::B32 => 6,
        };
        match self.shared_fields(base, block, step, how) {
            Ok(bits) => Ok(bits | 1 << 46 | swizzle << 61),
            Err(e) => Err(e),
        }
    }

    /// Start address, LBO and SBO, each `(x & 0x3FFFF) >> 4` in its 14 bits.
    const fn common(&self, start: u32) -> u64 {
        field(start) | field(self.lbo) << 16 | field(self.sbo) << 32
    }
}

/// `(x & 0x3FFFF) >> 4`: a byte count in 16-byte units, in 14 bits.
const fn field(bytes: u32) -> u64 {
    ((bytes & (DESCRIPTOR_LIMIT - 1)) >> 4) as u64
}

const fn stride_error(lbo: bool, bytes: u64) -> Option<DescriptorError> {
    if bytes % 16 != 0 || bytes >= DESCRIPTOR_LIMIT as u64 {
        Some(DescriptorError::Stride { lbo, bytes })
    } else {
        None
    }
}

impl DescriptorError {
    /// The message, in a buffer.
    pub const fn message(&self) -> Message {
        let mut m = Message::new();
        self.write(&mut m);
        m
    }

    /// Writes the message: lowercase, the numbers, the fix.
    pub const fn write(&self, m: &mut Message) {
        match *self {
            DescriptorError::Layout(e) => e.write(m),
            DescriptorError::NoMode => m.push(
                "a descriptor reads a swizzle mode's atoms: build the layout with \
                 SharedLayout::hopper (or core_matrices for no swizzle)",
            ),
            DescriptorError::ElementBytes { bytes } => {
                m.push("elements of ");
                m.push_num(bytes as u64);
                m.push(" bytes: an MMA reads elements of 1, 2, 4 or 8 bytes");
            }
            DescriptorError::MnExtent { extent, mn } => {
                m.push("the tile's MN extent ");
                m.push_num(extent as u64);
                m.push(" is not a whole number of MMAs of ");
                m.push_num(mn as u64);
                m.push(": use a tile of a multiple of ");
                m.push_num(mn as u64);
            }
            DescriptorError::KExtent { extent, k } => {
                m.push("the tile's K extent ");
                m.push_num(extent as u64);
                m.push(" is not a whole number of K steps of ");
                m.push_num(k as u64);
                m.push(": use a multiple of ");
                m.push_num(k as u64);
            }
            DescriptorError::Stride { lbo, bytes } => {
                m.push(if lbo { "the leading" } else { "the stride" });
                m.push(" byte offset would be ");
                m.push_num(bytes);
                m.push(", but the field holds multiples of 16 below ");
                m.push_num(DESCRIPTOR_LIMIT as u64);
                m.push(": use a smaller tile, or atoms in the other order");
            }
            DescriptorError::Mismatch { .. } => self.write_mismatch(m),
            DescriptorError::Address { address } => {
                m.push("shared address ");
                m.push_num(address as u64);
                m.push(" is not 16-byte aligned below ");
                m.push_num(DESCRIPTOR_LIMIT as u64);
                m.push(": align the tile to 16 bytes");
            }
            DescriptorError::Misaligned { address, repeat } => {
                m.push("shared address ");
                m.push_num(address as u64);
                m.push(" is not aligned to the swizzle's repeat of ");
                m.push_num(repeat as u64);
                m.push(" bytes: align the tile, or pass Base::Carry for a base offset");
            }
            DescriptorError::OutOfTile { block, step } => {
                m.push("no MMA at MN block ");
                m.push_num(block as u64);
                m.push(", K step ");
                m.push_num(step as u64);
                m.push(" of the tile");
            }
        }
    }
}

impl DescriptorError {
    /// `element (1, 0) of the MMA at MN block 0, K step 0 lies at byte 128 of the tile, but
    /// the descriptor reads byte 16: ...`.
    const fn write_mismatch(&self, m: &mut Message) {
        if let DescriptorError::Mismatch {
            block,
            step,
            mn,
            k,
            layout,
            canonical,
        } = *self
        {
            m.push("element (");
            m.push_num(mn as u64);
            m.push(", ");
            m.push_num(k as u64);
            m.push(") of the MMA at MN block ");
            m.push_num(block as u64);
            m.push(", K step ");
            m.push_num(step as u64);
            m.push(" lies at byte ");
            m.push_num(layout);
            m.push(" of the tile, but the descriptor reads byte ");
            m.push_num(canonical);
            m.push(
                ": the layout is not the canonical one; build it with SharedLayout::hopper, \
                 or SharedLayout::core_matrices without a swizzle",
            );
        }
    }
}

impl core::fmt::Display for DescriptorError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.message(), f)
    }
}
