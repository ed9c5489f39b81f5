//! The checker's verdict equals a brute-force ownership map's, over random numerals: random
//! radices for each input, random place orders, random tile shapes, and random mistakes.

use fraglayout_tests::ownership::{dead_digit_values, is_exact, Ownership};
use layout_core::expand::thread_part;
use layout_core::{Digit, Numeral, Source};
use proptest::prelude::*;

/// A small deterministic generator (SplitMix64), so a seed names a numeral.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }
}

/// `n` as a random product of factors of 2 or more, low factor first.
fn radices(rng: &mut Rng, mut n: u32) -> Vec<u32> {
    let mut out = Vec::new();
    while n > 1 {
        let divisors: Vec<u32> = (2..=n).filter(|d| n % d == 0).collect();
        let d = rng.pick(&divisors);
        out.push(d);
        n /= d;
    }
    out
}

/// A random numeral and whether a mistake was put in.
struct Case {
    rows: u32,
    cols: u32,
    warps: u32,
    elements: u32,
    digits: Vec<Digit>,
    mutated: bool,
}

impl Case {
    fn numeral(&self) -> Numeral<'_> {
        Numeral::new("random", self.rows, self.cols, self.elements, &self.digits)
            .with_warps(self.warps)
    }
}

fn generate(seed: u64) -> Case {
    let mut rng = Rng(seed);
    let warps = rng.pick(&[1, 1, 2, 4]);
    let elements = rng.pick(&[1, 2, 3, 4, 6, 8]);
    let mut digits = Vec::new();
    for (source, extent) in [
        (Source::Lane, 32),
        (Source::Warp, warps),
        (Source::Element, elements),
    ] {
        let mut divisor = 1;
        for r in radices(&mut rng, extent) {
            digits.push(Digit::new(source, divisor, r, 0));
            divisor *= r;
        }
    }
    // A random place order: places are the running product in that order.
    for i in (1..digits.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        digits.swap(i, j);
    }
    let mut place = 1;
    for d in &mut digits {
        d.place = place;
        place *= d.range;
    }
    let size = place;
    let col_choices: Vec<u32> = (1..=size).filter(|c| size % c == 0).collect();
    let cols = rng.pick(&col_choices);
    let mut case = Case {
        rows: size / cols,
        cols,
        warps,
        elements,
        digits,
        mutated: false,
    };
    if rng.below(2) == 0 {
        mutate(&mut rng, &mut case);
    }
    case
}

/// One random mistake; ranges stay 2 or more, divisors and places 1 or more, so the brute force
/// and the checker judge the same thing.
fn mutate(rng: &mut Rng, c: &mut Case) {
    c.mutated = true;
    let n = c.digits.len();
    let i = rng.below(n as u64) as usize;
    match rng.below(9) {
        0 => c.digits[i].place = 1 + rng.below(2 * c.rows as u64 * c.cols as u64) as u32,
        1 => c.digits[i].range += 1,
        2 => c.digits[i].range = (c.digits[i].range * 2).max(2),
        3 => c.digits[i].range = (c.digits[i].range - 1).max(2),
        4 => c.digits[i].divisor *= rng.pick(&[2, 3]),
        5 if n > 1 => {
            c.digits.remove(i);
        }
        6 => {
            let d = c.digits[i];
            c.digits.push(d);
        }
        7 => {
            let j = rng.below(n as u64) as usize;
            let (pi, pj) = (c.digits[i].place, c.digits[j].place);
            c.digits[i].place = pj;
            c.digits[j].place = pi;
        }
        _ => match rng.below(3) {
            0 => c.rows += 1,
            1 => c.elements += 1,
            _ => c.warps += 1,
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn checker_agrees_with_brute_force(seed in any::<u64>()) {
        let case = generate(seed);
        let n = case.numeral();
        let brute = is_exact(&n);
        prop_assert_eq!(n.check().is_ok(), brute, "seed {}: {:?}", seed, n);
        if brute {
            for t in 0..n.threads() {
                for e in 0..n.elements {
                    let off = n.offset(t, e).unwrap();
                    prop_assert_eq!(n.decode(off), Some((t, e)));
                }
            }
        } else {
            prop_assert!(!n.errors().is_empty());
            // The stages never mix: the errors of one check are all about single digits and
            // counts, or all about the chains (what numeral! relies on with a row missing).
            let chains: Vec<bool> = n.errors().iter().map(|e| e.is_about_the_chains()).collect();
            prop_assert!(chains.iter().all(|&c| c == chains[0]), "seed {}: {:?}", seed, n.errors());
        }
    }

    /// What generated code computes, a thread part once plus a constant per element, is the
    /// numeral's coordinate everywhere; and where the pairing rule fires, element `2k + 1` is
    /// the right-hand neighbour of `2k`.
    #[test]
    fn generated_code_arithmetic_agrees_with_coords(seed in any::<u64>()) {
        let case = generate(seed);
        let n = case.numeral();
        if !n.is_bijection() || n.inseparable_digit().is_some() {
            // Generated code refuses these at compile time; the test below counts how many
            // random numerals get through.
            return Ok(());
        }
        let terms = n.thread_terms();
        for t in 0..n.threads() {
            let (tr, tc) = thread_part(&terms, t);
            for e in 0..n.elements {
                let (er, ec) = n.element_part(e);
                let (r, c) = n.coords(t, e).unwrap();
                prop_assert_eq!((tr + er, tc + ec), (r as usize, c as usize), "seed {} t {} e {}", seed, t, e);
                if n.adjacent_pairs() && e % 2 == 1 {
                    prop_assert_eq!(n.coords(t, e - 1), Some((r, c - 1)));
                }
            }
        }
    }
}

#[test]
fn most_random_valid_numerals_are_separable_and_some_pair() {
    let (mut valid, mut separable, mut paired) = (0, 0, 0);
    for seed in 0..3000 {
        let case = generate(seed);
        let n = case.numeral();
        if n.is_bijection() {
            valid += 1;
            if n.inseparable_digit().is_none() {
                separable += 1;
                paired += usize::from(n.adjacent_pairs());
            }
        }
    }
    assert!(
        separable * 10 > valid * 6,
        "{separable} of {valid} separable"
    );
    assert!(paired > 50, "the pairing rule fires on {paired}");
}

#[test]
fn the_generator_makes_both_verdicts_and_mutations_that_stay_valid() {
    let (mut valid, mut invalid, mut mutated_but_valid) = (0, 0, 0);
    for seed in 0..3000 {
        let case = generate(seed);
        let ok = is_exact(&case.numeral());
        assert!(ok || case.mutated, "unmutated numeral {seed} must be valid");
        match (ok, case.mutated) {
            (true, true) => mutated_but_valid += 1,
            (true, false) => valid += 1,
            (false, _) => invalid += 1,
        }
    }
    assert!(
        valid > 1000 && invalid > 1000,
        "{valid} valid, {invalid} invalid"
    );
    assert!(
        mutated_but_valid > 10,
        "some mistakes are harmless: {mutated_but_valid}"
    );
}

#[test]
fn a_digit_declaring_values_it_never_takes_is_rejected_though_the_map_is_a_bijection() {
    // Found by the property test: `lane / 4 % 9` only takes 8 values.
    let digits = [
        Digit::lane(1, 4, 1),
        Digit::element(1, 2, 4),
        Digit::lane(4, 9, 8),
    ];
    let n = Numeral::new("over", 16, 4, 2, &digits);
    assert!(Ownership::of(&n).is_bijection());
    assert_eq!(dead_digit_values(&n), [(2, 8, 9)]);
    assert_eq!(
        n.check().unwrap_err().message(&n).as_str(),
        "lane digits cover 36 of 32 lanes: the ranges must multiply to 32; give `lane / 4 % 9` range 8"
    );
}
