//! A brute-force ownership map of a tile: who claims each element.

use layout_core::{Numeral, Source};

/// `(thread, e)`: who claims an element.
pub type Claimant = (u32, u32);

/// The outcome of claiming every `(thread, e)` of a numeral on its tile.
#[derive(Debug, Default)]
pub struct Ownership {
    /// `owner[offset]`: the first `(thread, e)` claiming it.
    pub owner: Vec<Option<Claimant>>,
    /// Every second claim: `(offset, first claimant, second claimant)`.
    pub collisions: Vec<(u64, Claimant, Claimant)>,
    /// Claims outside the tile: `(raw offset, claimant)`.
    pub outside: Vec<(u64, Claimant)>,
}

impl Ownership {
    /// Claims the tile for every thread and element in range, from the raw digit sums.
    pub fn of(n: &Numeral) -> Ownership {
        let size = n.size() as usize;
        let mut o = Ownership {
            owner: vec![None; size],
            ..Ownership::default()
        };
        for t in 0..n.threads() {
            for e in 0..n.elements {
                let off = n.raw_offset(t, e).expect("in range");
                match o.owner.get_mut(off as usize) {
                    Some(slot @ None) => *slot = Some((t, e)),
                    Some(Some(first)) => o.collisions.push((off, *first, (t, e))),
                    None => o.outside.push((off, (t, e))),
                }
            }
        }
        o
    }

    /// Offsets nobody claims.
    pub fn unclaimed(&self) -> Vec<usize> {
        (0..self.owner.len())
            .filter(|&i| self.owner[i].is_none())
            .collect()
    }

    /// Every element claimed exactly once, none outside.
    pub fn is_bijection(&self) -> bool {
        self.collisions.is_empty() && self.outside.is_empty() && self.unclaimed().is_empty()
    }
}

/// Digits that declare values they never take: `(digit, values taken, range)`. `lane / 4 % 9`
/// takes only 8 values in a 32-lane warp; such a map can still be a bijection, but the
/// declaration is wrong, and the checker reports it.
pub fn dead_digit_values(n: &Numeral) -> Vec<(usize, u32, u32)> {
    let mut out = Vec::new();
    for (i, d) in n.digits.iter().enumerate() {
        let mut taken = vec![false; d.range as usize];
        for t in 0..n.threads() {
            for e in 0..n.elements {
                let input = Numeral::input(d.source, t, e);
                taken[d.value_of(input) as usize] = true;
            }
        }
        let count = taken.iter().filter(|&&x| x).count() as u32;
        if count != d.range {
            out.push((i, count, d.range));
        }
    }
    out
}

/// The brute-force verdict: every element claimed exactly once, and every digit takes every
/// value it declares. Under broadcast digits (lane or warp digits at place 0; an element
/// digit at place 0 fails), every combination of their values is taken, and the threads taking
/// each one claim every element exactly once.
pub fn is_exact(n: &Numeral) -> bool {
    if !n.digits.iter().any(|d| d.place == 0) {
        return Ownership::of(n).is_bijection() && dead_digit_values(n).is_empty();
    }
    if n.digits
        .iter()
        .any(|d| d.place == 0 && d.source == Source::Element)
        || !dead_digit_values(n).is_empty()
    {
        return false;
    }
    let class = |t: u32| -> Vec<u32> {
        n.digits
            .iter()
            .filter(|d| d.place == 0)
            .map(|d| d.value_of(Numeral::input(d.source, t, 0)))
            .collect()
    };
    let mut claims: std::collections::HashMap<Vec<u32>, Vec<u32>> = Default::default();
    for t in 0..n.threads() {
        let counts = claims
            .entry(class(t))
            .or_insert_with(|| vec![0; n.size() as usize]);
        for e in 0..n.elements {
            match counts.get_mut(n.raw_offset(t, e).expect("in range") as usize) {
                Some(c) => *c += 1,
                None => return false,
            }
        }
    }
    let combinations: u64 = n
        .digits
        .iter()
        .filter(|d| d.place == 0)
        .map(|d| d.range as u64)
        .product();
    claims.len() as u64 == combinations && claims.values().all(|c| c.iter().all(|&k| k == 1))
}
