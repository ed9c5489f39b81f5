//! The shared-memory bank model: how many wavefronts one warp-wide access takes.
//!
//! # The model
//!
//! - Shared memory is 32 **banks** of 4 bytes: the 4-byte word at byte address `a` is word
//!   `a / 4`, in bank `(a / 4) % 32`. Each bank serves one word per cycle; lanes that address
//!   the **same** word are served together (a broadcast for loads; for stores one of them
//!   writes). *Source: NVIDIA CUDA C++ Programming Guide, "Shared Memory" for compute
//!   capability 5.x, which the sections for later capabilities refer back to.*
//! - A request (one warp instruction) is split into **phases** by its width per lane: 4 bytes
//!   or less, one phase of all 32 lanes; 8 bytes, two phases of 16 lanes (half-warps); 16
//!   bytes, four phases of 8 lanes (quarter-warps). A phase moves at most 128 bytes, one row
//!   of the banks. *Source: the common understanding, from NVIDIA's GTC 2019 talk S9593 on
//!   CUTLASS (128-bit accesses "in 4 phases of 8 threads") and CUTLASS maintainers
//!   (NVIDIA/cutlass#328); the programming guide does not state it for current GPUs.*
//! - A phase takes as many **wavefronts** as the most distinct words any one bank must serve;
//!   a phase with no active lane takes none. A request takes the sum over its phases, ideally
//!   one per non-empty phase (128 bytes per wavefront). "Wavefront" is Nsight Compute's unit:
//!   what the L1/shared pipeline processes in one pass; bank conflicts there are wavefronts
//!   beyond the ideal.
//! - `ldmatrix` / `stmatrix` `.x1 / .x2 / .x4`: each 8x8 matrix is one phase, its 8 rows of 16
//!   bytes addressed by lanes `8i..8i+7` (PTX ISA: "addresses addr0–addr7 correspond to the
//!   rows of the first matrix ..."; each row naturally aligned to 16 bytes). That is a
//!   16-byte request with lanes `8 * num..32` inactive, which is how
//!   [`RowAddresses::request`](super::RowAddresses::request) models it. *Source: the common
//!   understanding (it is why CUTLASS's SM80 tiles swizzle the 16-byte units of each 8 rows
//!   apart, `Swizzle<3, 3, 3>` on f16); the ISA says nothing about banks. The hardware check
//!   is to hold the counts' order against measured cycles.*
//!
//! Addresses are byte offsets from a base aligned to 128 bytes (a
//! [`SharedLayout`](super::SharedLayout)'s [`alignment`](super::SharedLayout::alignment)); each
//! lane's access must be aligned to its width, as the hardware requires.
//!
//! # Worked example
//!
//! `ldmatrix.x4` of the 16 x 16 A tile at the corner of a 64 x 64 f16 tile (128-byte rows);
//! matrix 0 is rows 0..8, columns 0..8, its rows addressed by lanes 0..8:
//!
//! ```text
//! row-major:             lane r -> byte 128 r       words 32r..32r+4   banks 0..4 for every r
//!                        bank 0 holds words 0, 32, 64, ..., 224: 8 wavefronts (8-way conflict)
//!                        x4: 4 phases x 8 = 32 wavefronts, ideal 4
//! 128-byte swizzle:      lane r -> byte 128 r + 16 (0 ^ r)   banks 4r..4r+4: all distinct
//!                        1 wavefront per matrix, 4 in all = ideal
//! ```
//!
//! ```
//! use fraglayout::shared::Request;
//! let mut rows = Request::new(16);
//! for lane in 0..8 {
//!     rows = rows.with_lane(lane, 128 * lane);                  // row-major rows: same banks
//! }
//! let w = rows.wavefronts().unwrap();
//! assert_eq!((w.total, w.ideal, w.worst), (8, 1, 8));
//! let phase = rows.phase(0).unwrap();
//! assert_eq!(phase.bank(0).words, 8);
//! assert_eq!(phase.bank(0).lanes, 0xff);                     // lanes 0..8 all in bank 0
//! let mut swizzled = Request::new(16);
//! for lane in 0..8 {
//!     swizzled = swizzled.with_lane(lane, 128 * lane + 16 * lane);
//! }
//! assert!(swizzled.wavefronts().unwrap().conflict_free());
//! ```

use crate::message::Message;
use crate::numeral::LANES;

/// Banks of shared memory.
pub const BANKS: u32 = 32;

/// Bytes per bank word.
pub const BANK_BYTES: u32 = 4;

/// Bytes one wavefront moves at most: a word from each bank.
pub const WAVEFRONT_BYTES: u32 = BANKS * BANK_BYTES;

/// One warp-wide shared-memory access: for each lane an optional byte address, and the bytes
/// each active lane moves (1, 2, 4, 8 or 16, the same for all lanes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    addresses: [Option<u32>; LANES as usize],
    width: u32,
    /// The first lane number 32 or above that was given an address (reported by the check).
    stray: Option<u32>,
}

/// What is wrong with a [`Request`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum BankError {
    /// A width other than 1, 2, 4, 8 or 16 bytes.
    Width { width: u32 },
    /// A lane's address is not a multiple of the width.
    Misaligned { lane: u32, address: u32, width: u32 },
    /// An address was given to a lane number past the warp.
    Lane { lane: u32 },
    /// A phase number past [`Request::phases`].
    Phase { phase: u32, phases: u32 },
}

/// The wavefronts of one request, or the sum over several.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wavefronts {
    /// Wavefronts taken.
    pub total: u32,
    /// Wavefronts a conflict-free access would take: one per non-empty phase.
    pub ideal: u32,
    /// The most wavefronts of any one phase: an `n`-way conflict has `worst = n`.
    pub worst: u32,
}

impl Wavefronts {
    /// None yet: the start of a sum.
    pub const ZERO: Wavefronts = Wavefronts {
        total: 0,
        ideal: 0,
        worst: 0,
    };

    /// Whether the access takes no more wavefronts than ideal.
    pub const fn conflict_free(&self) -> bool {
        self.total <= self.ideal
    }

    /// Wavefronts beyond the ideal: what Nsight Compute counts as bank conflicts.
    pub const fn excess(&self) -> u32 {
        self.total.saturating_sub(self.ideal)
    }

    /// The sum of two counts (`worst` is the larger of the two).
    pub const fn plus(self, other: Wavefronts) -> Wavefronts {
        Wavefronts {
            total: self.total.saturating_add(other.total),
            ideal: self.ideal.saturating_add(other.ideal),
            worst: if other.worst > self.worst {
                other.worst
            } else {
                self.worst
            },
        }
    }

    /// Appends `32 wavefronts, ideal 4 (8-way conflict)` or `4 wavefronts, ideal 4
    /// (conflict-free)`.
    pub const fn write(&self, m: &mut Message) {
        m.push_num(self.total as u64);
        m.push(if self.total == 1 {
            " wavefront, ideal "
        } else {
            " wavefronts, ideal "
        });
        m.push_num(self.ideal as u64);
        if self.conflict_free() {
            m.push(" (conflict-free)");
        } else {
            m.push(" (");
            m.push_num(self.worst as u64);
            m.push("-way conflict)");
        }
    }
}

/// How one bank is used in a phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BankUse {
    /// Distinct words addressed in the bank: the wavefronts it needs.
    pub words: u32,
    /// The lanes addressing it, bit `l` for lane `l`.
    pub lanes: u32,
}

/// One phase of a request: which lanes collide on which bank, for pictures and messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhaseReport {
    /// The phase number, `0..phases`.
    pub phase: u32,
    /// The phase's first lane; it has [`Request::phase_lanes`] lanes.
    pub first_lane: u32,
    /// Lanes of the phase, `first_lane..first_lane + lanes`.
    pub lanes: u32,
    /// The active lanes of the phase, bit `l` for lane `l`.
    pub active: u32,
    /// Wavefronts of the phase: the most distinct words of any bank (0 when no lane is active).
    pub wavefronts: u32,
    banks: [BankUse; BANKS as usize],
}

impl PhaseReport {
    /// How bank `bank` (0..32) is used; unused for `bank >= 32`.
    pub const fn bank(&self, bank: u32) -> BankUse {
        if bank < BANKS {
            self.banks[bank as usize]
        } else {
            BankUse { words: 0, lanes: 0 }
        }
    }

    /// The lowest bank with the most distinct words, when some lane is active.
    pub const fn worst_bank(&self) -> Option<u32> {
        if self.active == 0 {
            return None;
        }
        let mut best = 0;
        let mut b = 1;
        while b < BANKS {
            if self.banks[b as usize].words > self.banks[best as usize].words {
                best = b;
            }
            b += 1;
        }
        Some(best)
    }

    /// Banks with more than one distinct word (the collisions), lowest first.
    pub fn collisions(&self) -> impl Iterator<Item = (u32, BankUse)> + '_ {
        (0..BANKS)
            .map(|b| (b, self.banks[b as usize]))
            .filter(|(_, u)| u.words > 1)
    }

    /// Appends `phase 0 (lanes 0..8): 8 wavefronts, bank 0 holds 8 words for lanes 0, 1, 2, 3,
    /// 4, 5, 6, 7`, or `phase 1 (lanes 8..16): 1 wavefront` when nothing collides.
    pub const fn write(&self, m: &mut Message) {
        m.push("phase ");
        m.push_num(self.phase as u64);
        m.push(" (lanes ");
        m.push_num(self.first_lane as u64);
        m.push("..");
        m.push_num((self.first_lane + self.lanes) as u64);
        m.push("): ");
        m.push_num(self.wavefronts as u64);
        m.push(if self.wavefronts == 1 {
            " wavefront"
        } else {
            " wavefronts"
        });
        if let Some(b) = self.worst_bank() {
            let u = self.banks[b as usize];
            if u.words > 1 {
                m.push(", bank ");
                m.push_num(b as u64);
                m.push(" holds ");
                m.push_num(u.words as u64);
                m.push(" words for lanes ");
                write_lanes(u.lanes, m);
            }
        }
    }
}

/// `0, 4, 8` for a lane mask.
const fn write_lanes(mask: u32, m: &mut Message) {
    let mut l = 0;
    let mut first = true;
    while l < LANES {
        if mask & (1 << l) != 0 {
            if !first {
                m.push(", ");
            }
            m.push_num(l as u64);
            first = false;
        }
        l += 1;
    }
}

impl Request {
    /// A request of `width` bytes per lane with no lane active yet.
    pub const fn new(width: u32) -> Request {
        Request {
            addresses: [None; LANES as usize],
            width,
            stray: None,
        }
    }

    /// A request from every lane's address (`None` for an inactive lane).
    pub const fn from_addresses(width: u32, addresses: [Option<u32>; LANES as usize]) -> Request {
        Request {
            addresses,
            width,
            stray: None,
        }
    }

    /// The same request with lane `lane` addressing byte `address` (replacing what it had). A
    /// lane of 32 or more makes the request fail its check ([`BankError::Lane`]).
    pub const fn with_lane(mut self, lane: u32, address: u32) -> Request {
        self.set(lane, Some(address));
        self
    }

    /// Sets lane `lane`'s address (`None`: inactive). A lane of 32 or more makes the request
    /// fail its check ([`BankError::Lane`]).
    pub const fn set(&mut self, lane: u32, address: Option<u32>) {
        if lane < LANES {
            self.addresses[lane as usize] = address;
        } else if self.stray.is_none() {
            self.stray = Some(lane);
        }
    }

    /// Lane `lane`'s byte address; `None` when inactive or out of range.
    pub const fn address(&self, lane: u32) -> Option<u32> {
        if lane < LANES {
            self.addresses[lane as usize]
        } else {
            None
        }
    }

    /// The 4-byte words lane `lane` touches: `(first, count)`, word `w` in bank `w % 32`
    /// (an access of 8 bytes at byte 136 touches words 34 and 35); `None` when inactive.
    pub const fn lane_words(&self, lane: u32) -> Option<(u32, u32)> {
        match self.address(lane) {
            Some(a) => Some((
                a / BANK_BYTES,
                if self.width > BANK_BYTES {
                    self.width / BANK_BYTES
                } else {
                    1
                },
            )),
            None => None,
        }
    }

    /// Bytes per active lane.
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// How many lanes are active.
    pub const fn active(&self) -> u32 {
        let mut n = 0;
        let mut l = 0;
        while l < LANES as usize {
            if self.addresses[l].is_some() {
                n += 1;
            }
            l += 1;
        }
        n
    }

    /// Phases: 1 for widths up to 4 bytes, 2 for 8 bytes, 4 for 16 bytes.
    pub const fn phases(&self) -> u32 {
        match self.width {
            8 => 2,
            16 => 4,
            _ => 1,
        }
    }

    /// Lanes per phase: 32, 16 or 8.
    pub const fn phase_lanes(&self) -> u32 {
        LANES / self.phases()
    }

    /// `Ok` when the width is 1, 2, 4, 8 or 16, every address is aligned to it, and no lane
    /// past the warp was given one.
    pub const fn check(&self) -> Result<(), BankError> {
        if !matches!(self.width, 1 | 2 | 4 | 8 | 16) {
            return Err(BankError::Width { width: self.width });
        }
        if let Some(lane) = self.stray {
            return Err(BankError::Lane { lane });
        }
        let mut l = 0;
        while l < LANES {
            if let Some(a) = self.addresses[l as usize] {
                if a % self.width != 0 {
                    return Err(BankError::Misaligned {
                        lane: l,
                        address: a,
                        width: self.width,
                    });
                }
            }
            l += 1;
        }
        Ok(())
    }

    /// Phase `phase`: its lanes, and for each bank the distinct words and the lanes that
    /// address it.
    pub const fn phase(&self, phase: u32) -> Result<PhaseReport, BankError> {
        if let Err(e) = self.check() {
            return Err(e);
        }
        if phase >= self.phases() {
            return Err(BankError::Phase {
                phase,
                phases: self.phases(),
            });
        }
        Ok(self.phase_of(phase))
    }

    /// [`phase`](Self::phase) of a request that passed its check, `phase` in range.
    ///
    /// A word counts once per bank however many lanes address it (a broadcast). Each bank
    /// keeps the first word it was given, so that a lane addressing that word again, or a bank
    /// given its first word, costs one comparison; only a second word in a bank (a conflict,
    /// rare where it matters) is compared with the phase's other words. The constant
    /// evaluation of searches and `conflict_free` guards runs this for every candidate layout.
    const fn phase_of(&self, phase: u32) -> PhaseReport {
        let lanes = self.phase_lanes();
        let first = phase * lanes;
        let mut report = PhaseReport {
            phase,
            first_lane: first,
            lanes,
            active: 0,
            wavefronts: 0,
            banks: [BankUse { words: 0, lanes: 0 }; BANKS as usize],
        };
        // The distinct words of the phase; at most 32 (a phase moves at most 128 bytes).
        let mut words = [0u32; WAVEFRONT_BYTES as usize / BANK_BYTES as usize];
        let mut n = 0;
        // Each bank's first word (`u32::MAX`: none; a word is an address over 4).
        let mut first_word = [u32::MAX; BANKS as usize];
        // Aligned: the access stays within its words.
        let per_lane = if self.width > BANK_BYTES {
            self.width / BANK_BYTES
        } else {
            1
        };
        let mut l = first;
        while l < first + lanes {
            if let Some(a) = self.addresses[l as usize] {
                report.active |= 1 << l;
                let mut k = 0;
                while k < per_lane {
                    let word = a / BANK_BYTES + k;
                    let bank = (word % BANKS) as usize;
                    report.banks[bank].lanes |= 1 << l;
                    let new = if first_word[bank] == u32::MAX {
                        first_word[bank] = word;
                        true
                    } else if first_word[bank] == word {
                        false
                    } else {
                        let mut seen = false;
                        let mut j = 0;
                        while j < n && !seen {
                            seen = words[j] == word;
                            j += 1;
                        }
                        !seen
                    };
                    if new {
                        words[n] = word;
                        n += 1;
                        report.banks[bank].words += 1;
                        if report.banks[bank].words > report.wavefronts {
                            report.wavefronts = report.banks[bank].words;
                        }
                    }
                    k += 1;
                }
            }
            l += 1;
        }
        report
    }

    /// The wavefronts the request takes: the sum over its phases.
    pub const fn wavefronts(&self) -> Result<Wavefronts, BankError> {
        if let Err(e) = self.check() {
            return Err(e);
        }
        let mut w = Wavefronts::ZERO;
        let mut p = 0;
        while p < self.phases() {
            let r = self.phase_of(p);
            w = w.plus(Wavefronts {
                total: r.wavefronts,
                ideal: if r.active != 0 { 1 } else { 0 },
                worst: r.wavefronts,
            });
            p += 1;
        }
        Ok(w)
    }
}

impl BankError {
    /// The message, in a buffer.
    pub const fn message(&self) -> Message {
        let mut m = Message::new();
        self.write(&mut m);
        m
    }

    /// Writes the message: `lane 3 accesses 16 bytes at byte 40, not a multiple of 16: align
    /// it to 16 bytes`.
    pub const fn write(&self, m: &mut Message) {
        match *self {
            BankError::Width { width } => {
                m.push("an access of ");
                m.push_num(width as u64);
                m.push(" bytes per lane: use 1, 2, 4, 8 or 16");
            }
            BankError::Misaligned {
                lane,
                address,
                width,
            } => {
                m.push("lane ");
                m.push_num(lane as u64);
                m.push(" accesses ");
                m.push_num(width as u64);
                m.push(" bytes at byte ");
                m.push_num(address as u64);
                m.push(", not a multiple of ");
                m.push_num(width as u64);
                m.push(": align it to ");
                m.push_num(width as u64);
                m.push(" bytes");
            }
            BankError::Lane { lane } => {
                m.push("lane ");
                m.push_num(lane as u64);
                m.push(" is past the warp: lanes are 0..32");
            }
            BankError::Phase { phase, phases } => {
                m.push("phase ");
                m.push_num(phase as u64);
                m.push(" of a request with ");
                m.push_num(phases as u64);
                m.push(" phases: phases are 0..");
                m.push_num(phases as u64);
            }
        }
    }
}

impl core::fmt::Display for BankError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.message(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_word_is_free_distinct_words_in_a_bank_are_not() {
        // 32 lanes reading one word: broadcast.
        let mut r = Request::new(4);
        for l in 0..32 {
            r = r.with_lane(l, 4);
        }
        assert_eq!(r.wavefronts().unwrap().total, 1);
        // Stride of 2 words: banks 0, 2, .., 30 twice each.
        let mut r = Request::new(4);
        for l in 0..32 {
            r = r.with_lane(l, 8 * l);
        }
        let w = r.wavefronts().unwrap();
        assert_eq!((w.total, w.ideal, w.worst), (2, 1, 2));
        // 2-byte accesses: two lanes per word, no conflict.
        let mut r = Request::new(2);
        for l in 0..32 {
            r = r.with_lane(l, 2 * l);
        }
        assert_eq!(r.wavefronts().unwrap().total, 1);
    }

    #[test]
    fn eight_byte_accesses_split_into_half_warps() {
        // Lanes 0..16 and 16..32 each cover 128 contiguous bytes: no conflict.
        let mut r = Request::new(8);
        for l in 0..32 {
            r = r.with_lane(l, 8 * l);
        }
        let w = r.wavefronts().unwrap();
        assert_eq!((w.total, w.ideal), (2, 2));
        // Lane l and l + 8 of a half-warp in the same banks: 2 wavefronts per phase.
        let mut r = Request::new(8);
        for l in 0..32 {
            r = r.with_lane(l, 8 * (l % 8) + 256 * (l / 8));
        }
        let w = r.wavefronts().unwrap();
        assert_eq!((w.total, w.ideal, w.worst), (4, 2, 2));
    }

    #[test]
    fn empty_phases_cost_nothing() {
        let r = Request::new(16).with_lane(9, 0);
        assert_eq!(r.lane_words(9), Some((0, 4)));
        assert_eq!(r.lane_words(8), None);
        let w = r.wavefronts().unwrap();
        assert_eq!((w.total, w.ideal), (1, 1));
        assert_eq!(r.phase(0).unwrap().wavefronts, 0);
        assert_eq!(r.phase(1).unwrap().active, 1 << 9);
    }

    #[test]
    fn bad_requests_are_errors() {
        assert_eq!(
            Request::new(12).wavefronts(),
            Err(BankError::Width { width: 12 })
        );
        assert_eq!(
            Request::new(16).with_lane(3, 40).wavefronts(),
            Err(BankError::Misaligned {
                lane: 3,
                address: 40,
                width: 16
            })
        );
        assert_eq!(
            Request::new(4).with_lane(40, 0).check(),
            Err(BankError::Lane { lane: 40 })
        );
        assert_eq!(
            Request::new(16).phase(4),
            Err(BankError::Phase {
                phase: 4,
                phases: 4
            })
        );
    }

    #[test]
    fn the_report_names_the_colliding_lanes() {
        let mut r = Request::new(16);
        for l in 0..8 {
            r = r.with_lane(l, 128 * l);
        }
        let mut m = Message::new();
        r.phase(0).unwrap().write(&mut m);
        assert_eq!(
            m.as_str(),
            "phase 0 (lanes 0..8): 8 wavefronts, bank 0 holds 8 words for lanes 0, 1, 2, 3, \
             4, 5, 6, 7"
        );
        let report = r.phase(0).unwrap();
        let banks: [u32; 4] = core::array::from_fn(|i| report.collisions().nth(i).unwrap().0);
        assert_eq!(banks, [0, 1, 2, 3]);
        assert_eq!(report.collisions().count(), 4);
        let mut m = Message::new();
        r.wavefronts().unwrap().write(&mut m);
        assert_eq!(m.as_str(), "8 wavefronts, ideal 1 (8-way conflict)");
    }
}
