//! Blackwell's block-scaled MMA scale factors in global and shared memory: the 512-byte atom
//! that CUTLASS, cuBLASLt and TransformerEngine store them in, its tiling over an `(MN, K)`
//! operand, and the one-warp transpose that builds the atom from row-major packed scale factors
//! in shared memory.
//!
//! # The atom
//!
//! CUTLASS's `Sm1xxBlockScaledBasicChunk<VS>::SfKMajorAtom`, `((32, 4), (VS, 4)) : ((16, 4),
//! (0, 1))` (`include/cutlass/detail/sm100_blockscaled_layout.hpp`), holds the 8-bit scale
//! factors of 128 rows (M for SFA, N for SFB) and 4 K-blocks of `VS` elements each (VS = 16 or
//! 32) in 512 bytes. Scale factor `(m, s)` (row `m`, K-block `s = k / VS`) is at
//!
//! ```text
//! atom byte = 16 (m % 32) + 4 ((m / 32) % 4) + s % 4
//! ```
//!
//! Each 16-byte atom row `r` holds rows `r, r + 32, r + 64, r + 96`, 4 K-blocks each: what one
//! lane of `tcgen05.cp.32x128b.warpx4` copies into TMEM lane `r` of every lane quarter, columns
//! `c..c + 4` (the replicated TMEM layout of [`tmem_sf`](crate::tmem_sf)).
//!
//! # The tiling
//!
//! `tile_atom_to_shape_SFA/SFB` tiles the atoms over the operand K-first
//! (`tile_to_shape(SfKMajorAtom, (MN, K), Step<_2, _1, _3>)`), rounding MN up to 128 rows and
//! the K-blocks up to 4:
//!
//! ```text
//! byte = 512 ((s / 4) + ceil(KB / 4) (m / 128)) + atom byte
//! ```
//!
//! The MN-major scale factors (`Sm1xxBlockScaledOutputConfig` with `UMMA::Major::MN`) are the
//! same bytes: `SfMNMajorAtom`, `((VS, 4), (32, 4)) : ((0, 1), (16, 4))`, is `SfKMajorAtom`
//! with its two modes swapped, so its mode 0 is the K-block mode, and `tile_to_shape(
//! SfMNMajorAtom, shape, Step<_1, _2, _3>)` repeats it along the K-blocks first as well. Only
//! the order of the coordinates differs (`(K-block, row)` there); [`ScaleAtoms`] names them.
//!
//! ```
//! use fraglayout::shared::ScaleAtoms;
//! // SFA of an M = 256, K = 512 operand at VS = 32: 16 K-blocks.
//! const SFA: ScaleAtoms = ScaleAtoms::new(256, 512 / 32);
//! assert_eq!(SFA.byte(0, 0), Some(0));
//! assert_eq!(SFA.byte(33, 1), Some(16 + 4 + 1));
//! assert_eq!(SFA.byte(0, 4), Some(512));          // the next atom along K
//! assert_eq!(SFA.byte(128, 0), Some(4 * 512));    // the next 128 rows, after 4 atoms along K
//! assert_eq!(SFA.decode(21), Some((33, 1)));
//! assert_eq!(SFA.span_bytes(), 8 * 512);
//! ```
//!
//! # The transpose, and its banks
//!
//! A TMA copy of row-major packed scale factors (each row's 4 K-block factors in one `u32`,
//! DeepGEMM's layout) leaves word `m` = row `m` of a 128-row block in shared memory; the atom
//! wants it at word `4 (m % 32) + m / 32`. Seen as a 32 x 4 tile of words, row `m % 32`, column
//! `m / 32`, the packed block is column-major ([`SF_PACKED_WORDS`]) and the atom row-major
//! ([`SF_ATOM_WORDS`]): a 32 x 4 to 4 x 32 word transpose. DeepGEMM's "UTCCP transposer" does it
//! with one warp and no shuffle: lane `l` loads words `32 i + l` (`ld.shared.b32`, `i = 0..4`),
//! which are rows `l + 32 i`, exactly the atom's row `l`, and stores them as one 16-byte
//! vector at word `4 l` (`st.shared.v4.b32`). Its registers are the fragment
//! [`SF_TRANSPOSER`] on both sides, so the conversion between the two is the identity; a
//! contiguous load instead ([`SF_CONTIGUOUS`], lane `l` reading rows `4 l .. 4 l + 4` with one
//! `ld.shared.v4`) would need shuffles. [`transposer_banks`] counts both sides:
//!
//! | access | instructions | wavefronts | ideal |
//! |---|---|---|---|
//! | `ld.shared.b32` of word `32 i + l` | 4 | 4 | 4 |
//! | `st.shared.v4.b32` at word `4 l` | 1 | 4 | 4 |
//! | `st.shared.b32` at word `4 l + i` (the scalar store, for contrast) | 4 | 16 | 4 |
//!
//! ```
//! use fraglayout::shared::transposer_banks;
//! let b = transposer_banks().unwrap();
//! assert_eq!((b.reads.total, b.reads.ideal), (4, 4));    // one wavefront a load
//! assert_eq!((b.write.total, b.write.ideal), (4, 4));    // 512 bytes: four, the least
//! assert_eq!((b.scalar_writes.total, b.scalar_writes.worst), (16, 4)); // 4-way conflicts
//! ```
//!
//! (DeepGEMM's current code stores the four words with scalar stores at word `4 l + (i ^ (l /
//! 8))`, loading word `32 (i ^ (l / 8)) + l` into register `i`: each store then meets 32
//! banks, 4 wavefronts in all as with the vector store. That lane-dependent register order is
//! an XOR of lane bits, which a numeral does not express; the integration tests count its
//! wavefronts from the addresses.)
//!
//! ISA + CuTe cross-checked, not silicon-verified: no sm_100a machine ran these.

use super::access::Access;
use super::banks::Wavefronts;
use super::error::AccessError;
use super::layout::SharedLayout;
use crate::message::Message;
use crate::{Digit, Numeral};

/// Bytes of one scale-factor atom.
pub const SF_ATOM_BYTES: u32 = 512;

/// Rows (M or N) of one atom.
pub const SF_ATOM_ROWS: u32 = 128;

/// K-blocks of one atom: 4 scale factors of a row, one 32-bit TMEM column.
pub const SF_ATOM_KBLOCKS: u32 = 4;

/// Byte of scale factor `(m, s)` (row `m`, K-block `s`) inside its atom: `16 (m % 32) + 4 ((m
/// / 32) % 4) + s % 4`.
pub const fn atom_byte(m: u32, s: u32) -> u32 {
    16 * (m % 32) + 4 * ((m / 32) % 4) + s % 4
}

/// What is wrong with a [`ScaleAtoms`]; the fields are the numbers its message quotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum ScaleError {
    /// No rows or no K-blocks.
    Empty { rows: u32, kblocks: u32 },
    /// The tile needs `atoms` atoms, more than `u32::MAX` bytes hold.
    TooLarge { atoms: u64 },
}

impl ScaleError {
    /// The error in words, lowercase, with the fix.
    pub const fn message(&self) -> Message {
        let mut m = Message::new();
        match *self {
            ScaleError::Empty { rows, kblocks } => {
                m.push("the scale-factor tile has ");
                m.push_num(rows as u64);
                m.push(" rows and ");
                m.push_num(kblocks as u64);
                m.push(" K-blocks: give it at least 1 of each (K-blocks = ceil(K / VS))");
            }
            ScaleError::TooLarge { atoms } => {
                m.push("the scale factors need ");
                m.push_num(atoms);
                m.push(" atoms of 512 bytes, more than the ");
                m.push_num(u32::MAX as u64 / SF_ATOM_BYTES as u64);
                m.push(" that 4294967295 bytes hold: split the operand into smaller tiles");
            }
        }
        m
    }
}

/// Where one scale factor lies: its byte, its atom, and the TMEM place its atom row lands at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScalePlace {
    /// The byte offset from the tile's base.
    pub byte: u32,
    /// The atom, counted in memory order (`byte / 512`).
    pub atom: u32,
    /// The 16-byte row of the atom: the TMEM lane (in every quarter) `tcgen05.cp` puts it in.
    pub row: u32,
    /// The 32-bit word of that row: the TMEM column past the atom's first.
    pub word: u32,
    /// The byte of that word: the K-block's scale-factor id (`a_sf_id` / `b_sf_id` for 1X).
    pub byte_in_word: u32,
    /// The shared-memory bank of the byte, `(byte / 4) % 32` (for a base aligned to 128).
    pub bank: u32,
}

/// The scale factors of an `(MN, K)` operand in CUTLASS's 512-byte atoms: `rows` rows (M for
/// SFA, N for SFB) by `kblocks` K-blocks (`ceil(K / VS)`), one byte each (see the
/// [module docs](self)). Offsets are bytes from the tile's base, which must be aligned to 128
/// bytes for the bank counts to hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScaleAtoms {
    rows: u32,
    kblocks: u32,
}

impl ScaleAtoms {
    /// `rows` x `kblocks` scale factors, the atoms K-first.
    pub const fn new(rows: u32, kblocks: u32) -> ScaleAtoms {
        ScaleAtoms { rows, kblocks }
    }

    /// The scale factors of an operand with `rows` rows and `k` elements along K, one factor
    /// per `vs` elements (16 or 32): `ceil(k / vs)` K-blocks (0 when `vs` is 0, which the
    /// check refuses).
    pub const fn of_operand(rows: u32, k: u32, vs: u32) -> ScaleAtoms {
        let kblocks = if vs == 0 { 0 } else { k.div_ceil(vs) };
        ScaleAtoms::new(rows, kblocks)
    }

    /// Rows (M or N).
    pub const fn rows(&self) -> u32 {
        self.rows
    }

    /// K-blocks.
    pub const fn kblocks(&self) -> u32 {
        self.kblocks
    }

    /// Atoms along MN, `ceil(rows / 128)`.
    pub const fn atoms_mn(&self) -> u32 {
        self.rows.div_ceil(SF_ATOM_ROWS)
    }

    /// Atoms along K, `ceil(kblocks / 4)`.
    pub const fn atoms_k(&self) -> u32 {
        self.kblocks.div_ceil(SF_ATOM_KBLOCKS)
    }

    /// Bytes the atoms occupy, padding included: `512 * atoms_mn * atoms_k` (saturating).
    pub const fn span_bytes(&self) -> u64 {
        (SF_ATOM_BYTES as u64 * self.atoms_mn() as u64).saturating_mul(self.atoms_k() as u64)
    }

    /// `Ok` when the tile has rows and K-blocks and its atoms fit in `u32` byte offsets.
    pub const fn check(&self) -> Result<(), ScaleError> {
        if self.rows == 0 || self.kblocks == 0 {
            return Err(ScaleError::Empty {
                rows: self.rows,
                kblocks: self.kblocks,
            });
        }
        let atoms = self.atoms_mn() as u64 * self.atoms_k() as u64;
        if atoms > u32::MAX as u64 / SF_ATOM_BYTES as u64 {
            return Err(ScaleError::TooLarge { atoms });
        }
        Ok(())
    }

    /// The atom holding `(m, s)`, counted in memory order (inside the tile).
    const fn atom_of(&self, m: u32, s: u32) -> u64 {
        let (mb, kb) = ((m / SF_ATOM_ROWS) as u64, (s / SF_ATOM_KBLOCKS) as u64);
        kb + self.atoms_k() as u64 * mb
    }

    /// The byte offset of scale factor `(m, s)`: row `m`, K-block `s`; `None` outside the tile
    /// or past `u32::MAX`.
    pub const fn byte(&self, m: u32, s: u32) -> Option<u32> {
        if m >= self.rows || s >= self.kblocks {
            return None;
        }
        let b = SF_ATOM_BYTES as u64 * self.atom_of(m, s) + atom_byte(m, s) as u64;
        if b > u32::MAX as u64 {
            None
        } else {
            Some(b as u32)
        }
    }

    /// The byte offset of the scale factor of element `(m, k)` of the operand, one factor per
    /// `vs` elements along K: [`byte`](Self::byte)`(m, k / vs)`; `None` for `vs` 0.
    pub const fn byte_of_element(&self, m: u32, k: u32, vs: u32) -> Option<u32> {
        match k.checked_div(vs) {
            Some(s) => self.byte(m, s),
            None => None,
        }
    }

    /// The scale factor `(m, s)` at byte offset `byte`: the inverse of [`byte`](Self::byte);
    /// `None` past the span and for the padding of a partial atom.
    pub const fn decode(&self, byte: u32) -> Option<(u32, u32)> {
        if byte as u64 >= self.span_bytes() {
            return None;
        }
        let (atom, within) = (byte / SF_ATOM_BYTES, byte % SF_ATOM_BYTES);
        let (mb, kb) = (atom / self.atoms_k(), atom % self.atoms_k());
        let m = SF_ATOM_ROWS * mb + within / 16 + 32 * (within % 16 / 4);
        let s = SF_ATOM_KBLOCKS * kb + within % 4;
        if m < self.rows && s < self.kblocks {
            Some((m, s))
        } else {
            None
        }
    }

    /// Where scale factor `(m, s)` lies ([`ScalePlace`]); `None` as for [`byte`](Self::byte).
    pub const fn place(&self, m: u32, s: u32) -> Option<ScalePlace> {
        let Some(byte) = self.byte(m, s) else {
            return None;
        };
        let within = byte % SF_ATOM_BYTES;
        Some(ScalePlace {
            byte,
            atom: byte / SF_ATOM_BYTES,
            row: within / 16,
            word: within % 16 / 4,
            byte_in_word: within % 4,
            bank: (byte / 4) % 32,
        })
    }
}

/// One 128-row block of row-major packed scale factors in shared memory, as a 32 x 4 tile of
/// `u32` words (row `m % 32`, column `m / 32`; word `m` holds row `m`'s 4 K-block factors):
/// column-major, word `32 col + row`.
pub const SF_PACKED_WORDS: SharedLayout = SharedLayout::row_major(32, 4, 4).col_major();

/// One scale-factor atom as the same 32 x 4 tile of words: row-major, word `4 row + col`, the
/// 16-byte row `r` holding rows `r + 32 col` of the block.
pub const SF_ATOM_WORDS: SharedLayout = SharedLayout::row_major(32, 4, 4);

/// The transposer's registers over the 32 x 4 word tile: lane `l`, register `i` holds word
/// `(l, i)`, row `l + 32 i` of the block. It is what the four `ld.shared.b32` of words `32 i +
/// l` leave ([`SF_PACKED_WORDS`]) and what one `st.shared.v4` at word `4 l` needs
/// ([`SF_ATOM_WORDS`]).
pub const SF_TRANSPOSER: Numeral = Numeral::new(
    "SF_TRANSPOSER",
    32,
    4,
    4,
    &[Digit::element(1, 4, 1), Digit::lane(1, 32, 4)],
);

/// The registers of a contiguous `ld.shared.v4` of the packed block, over the same tile: lane
/// `l`, register `j` holds word `4 l + j`, row `4 l + j` of the block (word tile row `4 (l % 8)
/// + j`, column `l / 8`). Converting it to [`SF_TRANSPOSER`] takes shuffles.
pub const SF_CONTIGUOUS: Numeral = Numeral::new(
    "SF_CONTIGUOUS",
    32,
    4,
    4,
    &[
        Digit::lane(8, 4, 1),
        Digit::element(1, 4, 4),
        Digit::lane(1, 8, 16),
    ],
);

/// The wavefronts of the transposer's accesses (see the [module table](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TransposerBanks {
    /// The four `ld.shared.b32` of the packed block, word `32 i + l`.
    pub reads: Wavefronts,
    /// The one `st.shared.v4.b32` into the atom, word `4 l`.
    pub write: Wavefronts,
    /// Four scalar `st.shared.b32` into the atom, word `4 l + i`, for contrast.
    pub scalar_writes: Wavefronts,
}

/// The bank report of the transposer: [`SF_TRANSPOSER`] gathered from [`SF_PACKED_WORDS`] a
/// word a lane, scattered into [`SF_ATOM_WORDS`] 16 bytes a lane, and 4 bytes a lane.
pub const fn transposer_banks() -> Result<TransposerBanks, AccessError> {
    let reads = match Access::elements(&SF_TRANSPOSER, 4).wavefronts(&SF_PACKED_WORDS) {
        Ok(w) => w,
        Err(e) => return Err(e),
    };
    let write = match Access::elements(&SF_TRANSPOSER, 16).wavefronts(&SF_ATOM_WORDS) {
        Ok(w) => w,
        Err(e) => return Err(e),
    };
    let scalar_writes = match Access::elements(&SF_TRANSPOSER, 4).wavefronts(&SF_ATOM_WORDS) {
        Ok(w) => w,
        Err(e) => return Err(e),
    };
    Ok(TransposerBanks {
        reads,
        write,
        scalar_writes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_atom_is_a_bijection_onto_512_bytes() {
        let mut seen = [false; 512];
        for m in 0..128 {
            for s in 0..4 {
                let b = atom_byte(m, s) as usize;
                assert!(!seen[b]);
                seen[b] = true;
            }
        }
        assert!(seen.iter().all(|&x| x));
    }

    #[test]
    fn partial_atoms_pad_and_decode_to_none() {
        let t = ScaleAtoms::new(100, 6);
        assert_eq!((t.atoms_mn(), t.atoms_k(), t.span_bytes()), (1, 2, 1024));
        assert_eq!(t.byte(100, 0), None);
        assert_eq!(t.byte(0, 6), None);
        // Row 100 would be at atom row 4, word 3.
        assert_eq!(t.decode(16 * 4 + 4 * 3), None);
        assert_eq!(t.decode(1024), None);
    }

    #[test]
    fn errors_quote_the_numbers() {
        let e = ScaleAtoms::of_operand(128, 64, 0).check().unwrap_err();
        assert_eq!(
            e,
            ScaleError::Empty {
                rows: 128,
                kblocks: 0
            }
        );
        assert!(e.message().as_str().contains("0 K-blocks"));
        let big = ScaleAtoms::new(u32::MAX, u32::MAX).check().unwrap_err();
        assert_eq!(big, ScaleError::TooLarge { atoms: 1 << 55 });
        assert!(big
            .message()
            .as_str()
            .contains("more than the 8388607 that"));
        // The largest that fits: 8388607 atoms, 4294966784 bytes.
        assert!(ScaleAtoms::new(128 * 8388607, 4).check().is_ok());
        assert!(ScaleAtoms::new(128 * 8388608, 4).check().is_err());
        assert_eq!(ScaleAtoms::of_operand(128, 100, 32).kblocks(), 4);
        assert_eq!(ScaleAtoms::of_operand(1, u32::MAX, 16).kblocks(), 268435456);
    }
}
