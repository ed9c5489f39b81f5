//! `layout_core::shared`, one subject per module: random layouts are bijections onto their
//! span; derived `ldmatrix` / `stmatrix` addresses move exactly the fragment, by a host
//! simulation of the instructions written from the ISA text; the bank model against a
//! brute-force count; the kernel tiles whose counts are known; the swizzle search; the
//! functions `#[matrix_rows]` generates; the scatters and gathers `shared = LAYOUT` generates
//! (a warp's accumulator, a warpgroup's, a numeral with a band); the pictures of tiles and bank
//! use.

mod banks;
mod bijection;
mod descriptors;
mod divide;
mod find;
mod generated;
mod grids;
mod known;
mod linear;
mod matrices;
mod pictures;
mod scatter;
mod scatter_wide;

use layout_core::catalog::{Entry, CATALOG};
use layout_core::{Digit, Numeral};

/// Two numerals over one 32 x 32 f32 tile that no unpadded single-XOR swizzle serves together
/// (`find.rs`, `linear.rs`): here each lane holds one row ...
pub(crate) const COLUMNS: Numeral = Numeral::new(
    "columns",
    32,
    32,
    32,
    &[Digit::element(1, 32, 1), Digit::lane(1, 32, 32)],
);

/// ... and here lane bit 0 picks the column's parity, the elements run along the row two
/// apart and then 16 rows down, the other lane bits pick the row.
pub(crate) const BLOCKS: Numeral = Numeral::new(
    "blocks",
    32,
    32,
    32,
    &[
        Digit::lane(1, 2, 1),
        Digit::element(1, 16, 2),
        Digit::lane(2, 16, 32),
        Digit::element(16, 2, 512),
    ],
);

/// A small deterministic generator (SplitMix64), so a seed names a case.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`.
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        (self.next() % n as u64) as u32
    }

    pub(crate) fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u32) as usize]
    }
}

/// The catalog layouts of 16-bit elements (the ones `ldmatrix` / `stmatrix` can move), with
/// the `wgmma` f16 accumulators cut to a few N (the others differ only in width).
pub(crate) fn sixteen_bit() -> Vec<&'static Entry> {
    let kept_n = ["x8x16_", "x24x16_", "x128x16_", "x256x16_"];
    CATALOG
        .iter()
        .filter(|e| e.element_bits == 16)
        .filter(|e| {
            let name = e.name();
            !(name.starts_with("SM90_64x") && name.ends_with("_F16_C"))
                || kept_n.iter().any(|n| name.contains(n))
        })
        .collect()
}
