//! The conversions the hardware check runs: the ones kernel authors meet
//! (`layout_core::convert::examples`), and seeded random pairs of mixed-radix numerals over
//! the same tile.

use layout_core::catalog::{SM70_8x8x4_F16_B_COL, SM75_8x8x16_S8_B_COL};
use layout_core::convert::examples::EXAMPLES;
use layout_core::{Digit, Numeral, Source};

use crate::values::Rng;

/// Where each lane's fragment is, under both layouts of a conversion: `[lane][e]` tile
/// offsets, from [`Numeral::coords`] (never from the plan).
pub struct Case {
    /// The check's name: `convert FROM => TO`.
    pub name: String,
    /// The source and destination numerals (the plan is built from these).
    pub from_to: (OwnedNumeral, OwnedNumeral),
}

/// A numeral that owns its name and digits.
#[derive(Clone, Debug)]
pub struct OwnedNumeral {
    pub name: String,
    pub rows: u32,
    pub cols: u32,
    pub elements: u32,
    pub digits: Vec<Digit>,
}

impl OwnedNumeral {
    fn of(n: &Numeral) -> OwnedNumeral {
        OwnedNumeral {
            name: n.name.to_string(),
            rows: n.rows,
            cols: n.cols,
            elements: n.elements,
            digits: n.digits.to_vec(),
        }
    }

    /// The numeral, borrowing these digits (one warp).
    pub fn numeral(&self) -> Numeral<'_> {
        Numeral::new(
            &self.name,
            self.rows,
            self.cols,
            self.elements,
            &self.digits,
        )
    }

    /// `[lane][e]`: the row-major tile offset of each lane's element `e`.
    pub fn offsets(&self) -> Vec<u32> {
        let n = self.numeral();
        (0..32)
            .flat_map(|lane| (0..n.elements).map(move |e| (lane, e)))
            .map(|(lane, e)| {
                let (row, col) = n.coords(lane, e).expect("in range");
                row * n.cols + col
            })
            .collect()
    }
}

/// The conversions kernel authors meet: `layout_core::convert::examples::EXAMPLES`.
fn authored() -> Vec<(Numeral<'static>, Numeral<'static>)> {
    EXAMPLES.iter().map(|x| (x.from, x.to)).collect()
}

/// Catalog pairs beyond the examples: the `m8n8k4` B operand to the `m8n8k16` one, a 4 x 4
/// lane transpose whose rounds fill one register each, made uniform by the lanes that keep
/// their values reading themselves (`Plan`'s uniform fills: 0 selects).
pub fn catalog_pairs() -> Vec<(Numeral<'static>, Numeral<'static>)> {
    vec![(SM70_8x8x4_F16_B_COL, SM75_8x8x16_S8_B_COL)]
}

/// The random pairs: (seed, elements per lane, tile columns). Elements 4 and 8 make
/// power-of-two tiles (16 x 8, 4 x 64); 3 and 6, tiles of 96 and 192 (3 x 32, 16 x 12) with
/// radix-3 digits. Seed 14 gives a round where every lane fills the same register (the
/// generator's one path the authored cases miss); all are exchanges (`convert.rs` tests that
/// every path of the kernel generator runs).
const RANDOM: [(u64, u32, u32); 4] = [(1, 4, 8), (2, 8, 64), (14, 3, 32), (7, 6, 12)];

/// `n` as a random product of factors of 2 or more, low factor first.
fn radices(rng: &mut Rng, mut n: u32) -> Vec<u32> {
    let mut out = Vec::new();
    while n > 1 {
        let divisors: Vec<u32> = (2..=n).filter(|d| n % d == 0).collect();
        let d = divisors[rng.below(divisors.len() as u64) as usize];
        out.push(d);
        n /= d;
    }
    out
}

/// A random mixed-radix numeral over 32 lanes and `elements` elements: each input cut into
/// random radices, the digits in a random place order, places the running product (so a
/// bijection onto `0 .. 32 * elements`), over a `rows x cols` tile of that size.
pub fn random_numeral(rng: &mut Rng, name: String, elements: u32, cols: u32) -> OwnedNumeral {
    let mut digits = Vec::new();
    for (source, extent) in [(Source::Lane, 32), (Source::Element, elements)] {
        let mut divisor = 1;
        for r in radices(rng, extent) {
            digits.push(Digit::new(source, divisor, r, 0));
            divisor *= r;
        }
    }
    for i in (1..digits.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        digits.swap(i, j);
    }
    let mut place = 1;
    for d in &mut digits {
        d.place = place;
        place *= d.range;
    }
    let size = 32 * elements;
    assert_eq!(size % cols, 0, "{cols} columns do not divide {size}");
    OwnedNumeral {
        name,
        rows: size / cols,
        cols,
        elements,
        digits,
    }
}

/// Every conversion, authored first, then the catalog pairs, then the random pairs.
pub fn cases() -> Vec<Case> {
    let mut v: Vec<Case> = authored()
        .iter()
        .chain(&catalog_pairs())
        .map(|(from, to)| Case {
            name: format!("convert {} => {}", from.name, to.name),
            from_to: (OwnedNumeral::of(from), OwnedNumeral::of(to)),
        })
        .collect();
    for (seed, elements, cols) in RANDOM {
        let mut rng = Rng::new(0xc0_4e7 + seed);
        let tile = format!("{}x{cols}", 32 * elements / cols);
        let from = random_numeral(&mut rng, format!("RANDOM{seed}_{tile}_A"), elements, cols);
        let to = random_numeral(&mut rng, format!("RANDOM{seed}_{tile}_B"), elements, cols);
        v.push(Case {
            name: format!("convert {} => {} (random, seed {seed})", from.name, to.name),
            from_to: (from, to),
        });
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_numerals_are_bijections_with_mixed_places() {
        let mut three = false;
        for c in cases()
            .iter()
            .skip(authored().len() + catalog_pairs().len())
        {
            for n in [&c.from_to.0, &c.from_to.1] {
                assert!(n.numeral().is_bijection(), "{}", n.name);
                let mut offsets = n.offsets();
                offsets.sort();
                assert_eq!(offsets, (0..32 * n.elements).collect::<Vec<_>>());
                three |= n.digits.iter().any(|d| d.range % 3 == 0);
            }
            assert_ne!(c.from_to.0.digits, c.from_to.1.digits, "{}", c.name);
        }
        assert!(three, "some random numeral has a radix-3 digit");
    }

    #[test]
    fn radices_multiply_to_the_extent() {
        let mut rng = Rng::new(9);
        for n in [1, 2, 12, 32, 96] {
            let r = radices(&mut rng, n);
            assert_eq!(r.iter().product::<u32>(), n);
            assert!(r.iter().all(|&d| d >= 2));
        }
    }
}
