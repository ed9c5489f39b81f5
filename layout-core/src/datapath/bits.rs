//! A fixed set of element indices for the certificate's exactly-once checks.

/// Indices below this fit (the certificate's bound on a tile's elements).
pub const MAX_CERTIFIED: u32 = 1 << 16;

const WORDS: usize = (MAX_CERTIFIED / 64) as usize;

/// Which indices below [`MAX_CERTIFIED`] were seen.
pub(crate) struct Bits {
    words: [u64; WORDS],
}

impl Bits {
    pub(crate) const fn new() -> Bits {
        Bits { words: [0; WORDS] }
    }

    /// Marks `i`; `true` if it was marked already, or lies past the bound.
    pub(crate) const fn mark(&mut self, i: u64) -> bool {
        if i >= MAX_CERTIFIED as u64 {
            return true;
        }
        let (w, b) = ((i / 64) as usize, i % 64);
        let was = self.words[w] >> b & 1 == 1;
        self.words[w] |= 1 << b;
        was
    }

    /// The first index below `n` not marked.
    pub(crate) const fn first_unmarked(&self, n: u64) -> Option<u64> {
        let mut i = 0;
        while i < n && i < MAX_CERTIFIED as u64 {
            if self.words[(i / 64) as usize] >> (i % 64) & 1 == 0 {
                return Some(i);
            }
            i += 1;
        }
        None
    }
}
