//! The words one phase of a request addresses, bank by bank: what the bank picture draws.
//!
//! Bank `b` serves its distinct words one per wavefront; the picture puts them in ascending
//! word order (which word the hardware serves first is not known, and does not change the
//! count), so a phase is a grid of `wavefronts` rows by 32 banks, and the cells below the
//! first row are the conflicts.

use crate::shared::banks::{BANKS, BANK_BYTES, WAVEFRONT_BYTES};
use crate::shared::Request;

/// The most distinct words one phase can address: a phase moves at most 128 bytes.
const MAX_WORDS: usize = (WAVEFRONT_BYTES / BANK_BYTES) as usize;

/// One word a bank serves, and the lanes addressing it (bit `l` for lane `l`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Word {
    /// The word's number: byte address / 4.
    pub word: u32,
    /// The lanes reading or writing it.
    pub lanes: u32,
}

/// The words of one phase, by bank, each bank's in ascending order.
pub struct PhaseWords {
    banks: [[Word; MAX_WORDS]; BANKS as usize],
    counts: [u32; BANKS as usize],
    /// The phase's first lane and lanes.
    pub first_lane: u32,
    /// Lanes of the phase.
    pub lanes: u32,
}

impl PhaseWords {
    /// Phase `phase` of `request` (a request that passes its check; a phase past the last,
    /// or a failing request, gives no words).
    pub fn new(request: &Request, phase: u32) -> PhaseWords {
        let mut out = PhaseWords {
            banks: [[Word::default(); MAX_WORDS]; BANKS as usize],
            counts: [0; BANKS as usize],
            first_lane: 0,
            lanes: 0,
        };
        if request.check().is_err() || phase >= request.phases() {
            return out;
        }
        out.lanes = request.phase_lanes();
        out.first_lane = phase * out.lanes;
        for lane in out.first_lane..out.first_lane + out.lanes {
            if let Some((first, count)) = request.lane_words(lane) {
                for word in first..first + count {
                    out.add(word, lane);
                }
            }
        }
        out
    }

    /// Adds lane `lane`'s access of `word`, keeping the bank's words in order.
    fn add(&mut self, word: u32, lane: u32) {
        let b = (word % BANKS) as usize;
        let n = self.counts[b] as usize;
        let words = &mut self.banks[b];
        match words[..n].iter().position(|w| w.word >= word) {
            Some(i) if words[i].word == word => words[i].lanes |= 1 << lane,
            at => {
                // A phase addresses at most MAX_WORDS distinct words, so there is room.
                if n < MAX_WORDS {
                    let i = at.unwrap_or(n);
                    words.copy_within(i..n, i + 1);
                    words[i] = Word {
                        word,
                        lanes: 1 << lane,
                    };
                    self.counts[b] += 1;
                }
            }
        }
    }

    /// Bank `bank`'s words, in the order drawn.
    pub fn bank(&self, bank: u32) -> &[Word] {
        match self.counts.get(bank as usize) {
            Some(&n) => &self.banks[bank as usize][..n as usize],
            None => &[],
        }
    }

    /// The phase's wavefronts: the most words of any bank.
    pub fn wavefronts(&self) -> u32 {
        self.counts.iter().copied().max().unwrap_or(0)
    }
}
