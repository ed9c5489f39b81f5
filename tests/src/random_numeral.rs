//! Random valid numerals for property tests: each input's extent (32 lanes, the warps, the
//! elements) cut into a random mixed-radix factorisation, the digits in a random place order,
//! the tile any `rows x cols` of the right size (so tiles that are not powers of two come with
//! element counts that are not).
//!
//! A [`Shape`] fixes the tile and the counts; two numerals drawn over one shape are a pair a
//! conversion can be asked about.

use layout_core::{Digit, Numeral, Source, LANES};

/// A small deterministic generator (SplitMix64), so a seed names a case.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` at least 1).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// One of `xs` (not empty).
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }

    /// `xs` in a random order (Fisher-Yates).
    pub fn shuffle<T>(&mut self, xs: &mut [T]) {
        for i in (1..xs.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            xs.swap(i, j);
        }
    }
}

/// A tile and the counts of a numeral over it: `rows * cols = 32 * warps * elements`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Tile rows.
    pub rows: u32,
    /// Tile columns.
    pub cols: u32,
    /// Warps.
    pub warps: u32,
    /// Elements per thread.
    pub elements: u32,
}

impl Shape {
    /// `warps` and `elements` picked from the lists, the tile's width a random divisor of its
    /// size.
    pub fn random(rng: &mut Rng, warp_choices: &[u32], element_choices: &[u32]) -> Shape {
        let warps = rng.pick(warp_choices);
        let elements = rng.pick(element_choices);
        let size = LANES * warps * elements;
        let cols = width(rng, size);
        Shape {
            rows: size / cols,
            cols,
            warps,
            elements,
        }
    }
}

/// A random numeral that owns its digits.
#[derive(Clone, Debug)]
pub struct RandomNumeral {
    /// The tile and counts.
    pub shape: Shape,
    /// The digits, in place order.
    pub digits: Vec<Digit>,
}

impl RandomNumeral {
    /// A random bijection over `shape`: each input's extent cut into random radices (low
    /// digit first), all digits in a random place order. With `warps_on_top`, the warp digits
    /// take the highest places, in their divisor order, so that each warp holds one
    /// contiguous band of the tile (as `wgmma` layouts do).
    pub fn random(rng: &mut Rng, shape: Shape, warps_on_top: bool) -> RandomNumeral {
        let mut low = Vec::new();
        let mut top = Vec::new();
        for (source, extent) in [
            (Source::Lane, LANES),
            (Source::Warp, shape.warps),
            (Source::Element, shape.elements),
        ] {
            let mut divisor = 1;
            for range in radices(rng, extent) {
                let d = Digit::new(source, divisor, range, 0);
                if warps_on_top && source == Source::Warp {
                    top.push(d);
                } else {
                    low.push(d);
                }
                divisor *= range;
            }
        }
        rng.shuffle(&mut low);
        low.extend(top);
        let mut place = 1;
        for d in &mut low {
            d.place = place;
            place *= d.range;
        }
        RandomNumeral { shape, digits: low }
    }

    /// The numeral, named `name`.
    pub fn numeral<'a>(&'a self, name: &'a str) -> Numeral<'a> {
        Numeral::new(
            name,
            self.shape.rows,
            self.shape.cols,
            self.shape.elements,
            &self.digits,
        )
        .with_warps(self.shape.warps)
    }
}

/// A random divisor of `size`: a tile width.
pub fn width(rng: &mut Rng, size: u32) -> u32 {
    let widths: Vec<u32> = (1..=size).filter(|c| size % c == 0).collect();
    rng.pick(&widths)
}

/// The digits of a random numeral over `warps` warps and `elements` elements, and the size of
/// the tile they cover: each input's extent cut into random radices (low digit first), a digit
/// made a broadcast digit (place 0) where `broadcast(rng, source)` says, the others, in a random
/// order, at places that are the running product.
pub fn placed_digits(
    rng: &mut Rng,
    warps: u32,
    elements: u32,
    mut broadcast: impl FnMut(&mut Rng, Source) -> bool,
) -> (Vec<Digit>, u32) {
    let mut digits = Vec::new();
    for (source, extent) in [
        (Source::Lane, LANES),
        (Source::Warp, warps),
        (Source::Element, elements),
    ] {
        let mut divisor = 1;
        for r in radices(rng, extent) {
            let place = u32::from(!broadcast(rng, source));
            digits.push(Digit::new(source, divisor, r, place));
            divisor *= r;
        }
    }
    rng.shuffle(&mut digits);
    let mut place = 1;
    for d in digits.iter_mut().filter(|d| !d.is_broadcast()) {
        d.place = place;
        place *= d.range;
    }
    (digits, place)
}

/// `n` as a random product of factors of 2 or more, low factor first (none for `n = 1`).
pub fn radices(rng: &mut Rng, mut n: u32) -> Vec<u32> {
    let mut out = Vec::new();
    while n > 1 {
        let divisors: Vec<u32> = (2..=n).filter(|d| n % d == 0).collect();
        let d = rng.pick(&divisors);
        out.push(d);
        n /= d;
    }
    out
}
