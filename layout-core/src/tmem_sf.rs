//! Block-scaled `tcgen05.mma` scale factors in tensor memory: which TMEM lanes, column and byte
//! hold the scale factor of row (or column) `m` and K-block `s`.
//!
//! PTX ISA 9.7.16.10.7: "Scale factors for A and B matrices need to be duplicated to all 32 lane
//! partitions of tensor memory." CuTe's `UMMA::tmem_sf_frg` (`mma_traits_sm100_frag.hpp`) lays
//! them out, 8-bit factors four to a 32-bit column, in virtual TMEM addresses `lane + 128 *
//! byte column`:
//!
//! | [`Duplication`] | CuTe atom | scale factor `(m, s)` at |
//! |---|---|---|
//! | `FourByOne` (SFA; SFB of `cta_group::1`, and of `cta_group::2` unless M = 128) | `(((32, MN/32), 4), (VS, NSF)) : (((1, 512), 32), (0, 128))` | lanes `m % 32 + 32 r`, `r = 0..4`; column `m / 32`; byte `s` |
//! | `TwoByTwo` (SFB of `cta_group::2` with M = 128) | `(((32, MN/64), 2, 2), (VS, NSF)) : (((1, 512), 64, 32), (0, 128))` | lanes `m % 32 + 64 (m / (MN/2)) + 32 r`, `r = 0..2`; column `(m / 32) % (MN/64)`; byte `s` |
//!
//! As a numeral ([`scale_factors`]) the *thread* is the TMEM lane (`warp * 32 + lane`, 128 of
//! them), the *element* the byte past the first column (`4 * column + byte`, the project's
//! packing of 8-bit elements), and the tile the `MN x 4` scale factors of 4 K-blocks (the 4
//! bytes of a column, which `a_sf_id` / `b_sf_id` select among for 1X and 2X). The lane-quarter
//! copies are broadcast digits ([`Digit::broadcast`]): the check proves the layout covers its
//! tile exactly once for each value of them.
//!
//! ```
//! use fraglayout::tmem_sf::{scale_factors_or_panic, Duplication};
//! use fraglayout::Numeral;
//! // SFA of an M = 128 MMA: 4 columns, every row in all four lane quarters.
//! const SFA: Numeral = scale_factors_or_panic(128, Duplication::FourByOne).numeral();
//! const _: () = fraglayout::assert_bijection(&SFA);
//! assert_eq!((SFA.rows, SFA.cols, SFA.elements, SFA.copies()), (128, 4, 16, 4));
//! // Row 37, K-block 2: column 1, byte 2, in TMEM lanes 5, 37, 69 and 101.
//! for lane in [5, 37, 69, 101] {
//!     assert_eq!(SFA.coords(lane, 4 * 1 + 2), Some((37, 2)));
//! }
//! ```
//!
//! `tcgen05.cp.32x128b.warpx4` copies the 32 16-byte rows of a shared-memory atom
//! ([`shared::ScaleAtoms`](crate::shared::ScaleAtoms)) into lanes `r + 32 q` of every quarter
//! `q`, 4 columns each: exactly the `FourByOne` layout of its 128 rows.
//!
//! ISA + CuTe cross-checked, not silicon-verified: no sm_100a machine ran these.

use crate::message::Message;
use crate::{Digit, Numeral, Source};

/// How the scale factors are duplicated across the four TMEM lane quarters (CuTe's
/// `TmemAllocMode::ScaleFactorDuplicated4by1` / `2by2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Duplication {
    /// Every row in all four quarters: `MN / 32` columns.
    FourByOne,
    /// The first `MN / 2` rows in quarters 0 and 1, the others in 2 and 3: `MN / 64` columns.
    TwoByTwo,
}

impl Duplication {
    /// Rows one column holds across the quarters: 32 or 64.
    pub const fn rows_per_column(self) -> u32 {
        match self {
            Duplication::FourByOne => 32,
            Duplication::TwoByTwo => 64,
        }
    }

    /// CuTe's name, `ScaleFactorDuplicated4by1` or `ScaleFactorDuplicated2by2`.
    pub const fn cute_name(self) -> &'static str {
        match self {
            Duplication::FourByOne => "ScaleFactorDuplicated4by1",
            Duplication::TwoByTwo => "ScaleFactorDuplicated2by2",
        }
    }
}

/// Why [`scale_factors`] has no layout for these numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum ScaleFactorError {
    /// MN is not a positive multiple of the rows a column holds (32 or 64), up to 256.
    Rows { mn: u32, step: u32 },
}

impl ScaleFactorError {
    /// The error in words, lowercase, with the fix.
    pub const fn message(&self) -> Message {
        let mut m = Message::new();
        match *self {
            ScaleFactorError::Rows { mn, step } => {
                m.push_num(mn as u64);
                m.push(" scale-factor rows (MN): use a multiple of ");
                m.push_num(step as u64);
                m.push(" from ");
                m.push_num(step as u64);
                m.push(" to 256 (round N = 192 up to 256, as CUTLASS does for SFB)");
            }
        }
        m
    }
}

/// The most digits a scale-factor layout has.
const DIGITS: usize = 5;

/// A scale-factor layout that owns its digits: the result of [`scale_factors`]. Read it through
/// [`numeral`](Self::numeral).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmemScaleFactors {
    digits: [Digit; DIGITS],
    len: usize,
    rows: u32,
    duplication: Duplication,
    name: Message,
}

impl TmemScaleFactors {
    /// The layout as a [`Numeral`] over 4 warps (the 128 TMEM lanes), borrowing these digits.
    pub const fn numeral(&self) -> Numeral<'_> {
        Numeral::new(
            self.name.as_str(),
            self.rows,
            4,
            self.columns() * 4,
            self.digits.split_at(self.len).0,
        )
        .with_warps(4)
    }

    /// The 32-bit TMEM columns the scale factors occupy: `MN / 32` or `MN / 64`.
    pub const fn columns(&self) -> u32 {
        self.rows / self.duplication.rows_per_column()
    }

    /// The duplication.
    pub const fn duplication(&self) -> Duplication {
        self.duplication
    }

    const fn push(&mut self, d: Digit) {
        self.digits[self.len] = d;
        self.len += 1;
    }
}

/// The scale factors of `mn` rows (M for SFA, N for SFB) of one block-scaled `tcgen05.mma` in
/// TMEM with `duplication` (see the [module table](self)), named `"TMEM SF 4x1, MN = 128"` and
/// the like; an error unless `mn` is a multiple of 32 (4x1) or 64 (2x2) up to 256.
pub const fn scale_factors(
    mn: u32,
    duplication: Duplication,
) -> Result<TmemScaleFactors, ScaleFactorError> {
    let step = duplication.rows_per_column();
    if mn == 0 || mn > 256 || mn % step != 0 {
        return Err(ScaleFactorError::Rows { mn, step });
    }
    let mut name = Message::new();
    name.push(match duplication {
        Duplication::FourByOne => "TMEM SF 4x1, MN = ",
        Duplication::TwoByTwo => "TMEM SF 2x2, MN = ",
    });
    name.push_num(mn as u64);
    let mut out = TmemScaleFactors {
        digits: [Digit::lane(1, 1, 1); DIGITS],
        len: 0,
        rows: mn,
        duplication,
        name,
    };
    // Byte s of a column: K-block s, the tile's column.
    out.push(Digit::element(1, 4, 1));
    // Lane m % 32: rows of the tile, 4 scale factors each.
    out.push(Digit::lane(1, 32, 4));
    let columns = mn / step;
    if columns > 1 {
        // Column m / 32 (within its half for 2x2): rows 32 apart.
        out.push(Digit::element(4, columns, 4 * 32));
    }
    match duplication {
        Duplication::FourByOne => out.push(Digit::broadcast(Source::Warp, 1, 4)),
        Duplication::TwoByTwo => {
            out.push(Digit::broadcast(Source::Warp, 1, 2));
            // Quarters 2 and 3 hold the second half of the rows.
            out.push(Digit::warp(2, 2, 4 * (mn / 2)));
        }
    }
    Ok(out)
}

/// [`scale_factors`], panicking (failing compilation in `const`) with the error's message.
pub const fn scale_factors_or_panic(mn: u32, duplication: Duplication) -> TmemScaleFactors {
    match scale_factors(mn, duplication) {
        Ok(l) => l,
        Err(e) => panic!("{}", e.message().as_str()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_checks_and_counts_its_columns() {
        for dup in [Duplication::FourByOne, Duplication::TwoByTwo] {
            let step = dup.rows_per_column();
            for mn in (step..=256).step_by(step as usize) {
                let l = scale_factors(mn, dup).unwrap();
                let n = l.numeral();
                assert!(n.check().is_ok(), "{}", n.name);
                assert_eq!(l.columns(), mn / step);
                assert_eq!(n.copies(), u64::from(128 / step));
            }
        }
    }

    #[test]
    fn bad_sizes_say_the_multiple() {
        let e = scale_factors(96, Duplication::TwoByTwo).unwrap_err();
        assert_eq!(e, ScaleFactorError::Rows { mn: 96, step: 64 });
        assert!(e
            .message()
            .as_str()
            .starts_with("96 scale-factor rows (MN): use a multiple of 64 from 64"));
        assert!(scale_factors(0, Duplication::FourByOne).is_err());
        assert!(scale_factors(288, Duplication::FourByOne).is_err());
    }
}
