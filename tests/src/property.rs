//! Property tests without a framework: a property is a function of one seed, run on a fixed
//! list of seeds, so a run checks the same cases on every machine and a failure names the seed
//! that reproduces it. The cases themselves are drawn from the seed with
//! [`Rng`] by the property.
//!
//! ```
//! use fraglayout_tests::property::for_seeds;
//! use fraglayout_tests::random_numeral::Rng;
//!
//! // 100 seeds: a number below 10 is below 10.
//! for_seeds("below", 100, &[], |seed| {
//!     let x = Rng(seed).below(10);
//!     if x < 10 { Ok(()) } else { Err(format!("{x}")) }
//! });
//! ```
//!
//! A failure panics with `PROPERTY failed on seed S: MESSAGE`; `FL_SEED=S cargo test NAME`
//! runs that seed alone.

use crate::random_numeral::Rng;

/// Runs `property` on the seeds `pinned` (cases that once failed, kept so they are always
/// run), then on `count` seeds drawn from a stream fixed by `name` (two properties get
/// different seeds); with `FL_SEED=S` in the environment, on `S` alone. Panics naming the
/// first seed whose case fails, its message, and how many seeds had passed.
pub fn for_seeds(
    name: &str,
    count: usize,
    pinned: &[u64],
    property: impl Fn(u64) -> Result<(), String>,
) {
    if let Some(seed) = std::env::var("FL_SEED").ok().and_then(|s| s.parse().ok()) {
        if let Err(e) = property(seed) {
            panic!("{name} failed on seed {seed}: {e}");
        }
        return;
    }
    let mut stream = Rng(name_seed(name));
    let seeds = pinned
        .iter()
        .copied()
        .chain((0..count).map(|_| stream.next_u64()));
    for (passed, seed) in seeds.enumerate() {
        if let Err(e) = property(seed) {
            panic!(
                "{name} failed on seed {seed} after {passed} passed: {e}\n\
                 (run it alone with FL_SEED={seed})"
            );
        }
    }
}

/// A seed for the stream of `name` (FNV-1a of its bytes).
fn name_seed(name: &str) -> u64 {
    name.bytes().fold(0xCBF2_9CE4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// `Err(message)` unless `condition`, for the `?` style of a property.
pub fn ensure(condition: bool, message: impl FnOnce() -> String) -> Result<(), String> {
    if condition {
        Ok(())
    } else {
        Err(message())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;

    #[test]
    fn pinned_seeds_come_first_then_count_seeds_fixed_by_the_name() {
        let seen = RefCell::new(Vec::new());
        for_seeds("a", 5, &[7, 9], |s| {
            seen.borrow_mut().push(s);
            Ok(())
        });
        let first = seen.take();
        assert_eq!(first.len(), 7);
        assert_eq!(first[..2], [7, 9]);
        for_seeds("a", 5, &[], |s| {
            seen.borrow_mut().push(s);
            Ok(())
        });
        assert_eq!(
            seen.take(),
            first[2..],
            "the same name draws the same seeds"
        );
        for_seeds("b", 5, &[], |s| {
            seen.borrow_mut().push(s);
            Ok(())
        });
        assert!(seen.take().iter().all(|s| !first.contains(s)));
    }

    #[test]
    fn a_failure_names_its_seed_and_stops() {
        let ran = RefCell::new(0);
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            for_seeds("fails", 10, &[1, 2, 3], |s| {
                *ran.borrow_mut() += 1;
                ensure(s != 2, || "two".into())
            })
        }));
        let msg = *r.unwrap_err().downcast::<String>().unwrap();
        assert!(
            msg.starts_with("fails failed on seed 2 after 1 passed: two"),
            "{msg}"
        );
        assert_eq!(*ran.borrow(), 2);
    }
}
