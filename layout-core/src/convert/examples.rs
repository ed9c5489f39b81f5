//! The conversions kernel authors meet, as data: [`EXAMPLES`], and the layouts they need
//! beyond the catalog, each a checked public constant.
//!
//! Names follow CuTe's spirit: what the layout is, its tile, and its majorness
//! (`SM80_16x8x16_F32_C_1x2` is the catalog's [`SM80_16x8x16_F32_C`] tiled 1 x 2;
//! `VEC4_16x8_ROW` holds vectors of 4 along the rows of a 16 x 8 tile).
//!
//! `fraglayout convert --examples` prints the table, with each plan's class, rounds, lower
//! bound and selects; [docs/CONVERSIONS.md] carries it too.
//!
//! ```
//! use fraglayout::convert::examples::EXAMPLES;
//! use fraglayout::convert::{Class, Plan};
//! let fa2 = &EXAMPLES[0];
//! assert_eq!(fa2.name, "fa2");
//! let plan = Plan::new(&fa2.from, &fa2.to).unwrap();
//! assert_eq!((plan.class(), plan.rounds()), (Class::Identity, 0));
//! ```
//!
//! [docs/CONVERSIONS.md]: https://github.com/fraglayout/fraglayout/blob/main/docs/CONVERSIONS.md

// CuTe's spelling: the shape's `x` stays lowercase, as in the catalog.
#![allow(non_upper_case_globals)]

use crate::catalog::{
    SM70_8x8x4_F16_A_COL, SM70_8x8x4_F16_A_ROW, SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N,
    SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F32_C,
};
use crate::shared::{SF_CONTIGUOUS, SF_TRANSPOSER};
use crate::{assert_bijection, Digit, Numeral};

/// A conversion kernel authors meet: a warp holds a tile in layout `from` and the next step
/// needs it in layout `to`.
#[derive(Clone, Copy, Debug)]
pub struct Example {
    /// A short name, one word (`fa2`, `acc-to-b`): how `fraglayout convert --examples` lists it.
    pub name: &'static str,
    /// The kernel situation, in one line.
    pub what: &'static str,
    /// The layout the warp holds the tile in.
    pub from: Numeral<'static>,
    /// The layout the next step needs it in.
    pub to: Numeral<'static>,
}

/// Two `m16n8k16` f32 accumulators side by side: [`SM80_16x8x16_F32_C`] tiled 1 x 2, a 16 x 16
/// tile with 8 elements per lane, the right-hand tile's in elements 4 to 7.
pub const SM80_16x8x16_F32_C_1x2: Numeral = SM80_16x8x16_F32_C
    .tiled_or_panic(1, 2)
    .numeral()
    .renamed("SM80_16x8x16_F32_C_1x2");
const _: () = assert_bijection(&SM80_16x8x16_F32_C_1x2);

/// A warp's 2 x 4 grid of `m16n8k16` f32 accumulators: [`SM80_16x8x16_F32_C`] tiled 2 x 4, a
/// 32 x 32 tile with 32 elements per lane, tile `(i, j)` in elements `4 * (4i + j)` onwards.
pub const SM80_16x8x16_F32_C_2x4: Numeral = SM80_16x8x16_F32_C
    .tiled_or_panic(2, 4)
    .numeral()
    .renamed("SM80_16x8x16_F32_C_2x4");
const _: () = assert_bijection(&SM80_16x8x16_F32_C_2x4);

/// `ldmatrix.x4` (`SM75_U32x4_LDSM_N`) addressed as the 2 x 2 blocks of a 16 x 16 tile of
/// 16-bit elements, blocks in column-major order (matrix 1 below matrix 0, matrix 2 right of
/// it), as kernels load an A operand: lane `l` holds `(l / 4, 2 (l % 4) + {0, 1})` of each
/// matrix, matrix `m` in elements `2m, 2m + 1`.
pub const SM75_U32x4_LDSM_N_16x16_COL: Numeral = Numeral::new(
    "SM75_U32x4_LDSM_N_16x16_COL",
    16,
    16,
    8,
    &[
        Digit::element(1, 2, 1),
        Digit::lane(1, 4, 2),
        Digit::lane(4, 8, 16),
        Digit::element(2, 2, 128),
        Digit::element(4, 2, 8),
    ],
);
const _: () = assert_bijection(&SM75_U32x4_LDSM_N_16x16_COL);

/// The same four matrices with the blocks in row-major order (matrix 1 right of matrix 0,
/// matrix 2 below it): lane `l`'s registers hold what [`SM75_U32x4_LDSM_N_16x16_COL`] holds,
/// with matrices 1 and 2 swapped.
pub const SM75_U32x4_LDSM_N_16x16_ROW: Numeral = Numeral::new(
    "SM75_U32x4_LDSM_N_16x16_ROW",
    16,
    16,
    8,
    &[
        Digit::element(1, 2, 1),
        Digit::lane(1, 4, 2),
        Digit::lane(4, 8, 16),
        Digit::element(2, 2, 8),
        Digit::element(4, 2, 128),
    ],
);
const _: () = assert_bijection(&SM75_U32x4_LDSM_N_16x16_ROW);

/// 16 x 8 in row vectors of 4: lane `l` holds row `l / 2`, columns `4 (l % 2)` to
/// `4 (l % 2) + 3` (one 16-byte store of f32).
pub const VEC4_16x8_ROW: Numeral = Numeral::new(
    "VEC4_16x8_ROW",
    16,
    8,
    4,
    &[
        Digit::element(1, 4, 1),
        Digit::lane(1, 2, 4),
        Digit::lane(2, 16, 8),
    ],
);
const _: () = assert_bijection(&VEC4_16x8_ROW);

/// 16 x 16 in row vectors of 8: lane `l` holds row `l / 2`, columns `8 (l % 2)` to
/// `8 (l % 2) + 7` (one 16-byte store of f16, two of f32).
pub const VEC8_16x16_ROW: Numeral = Numeral::new(
    "VEC8_16x16_ROW",
    16,
    16,
    8,
    &[
        Digit::element(1, 8, 1),
        Digit::lane(1, 2, 8),
        Digit::lane(2, 16, 16),
    ],
);
const _: () = assert_bijection(&VEC8_16x16_ROW);

/// 32 x 32 in row vectors of 8: lane `l` holds columns `8 (l % 4)` to `8 (l % 4) + 7` of rows
/// `l / 4 + 8k`, `k = 0..4` (vector `k` in elements `8k` to `8k + 7`).
pub const VEC8_32x32_ROW: Numeral = Numeral::new(
    "VEC8_32x32_ROW",
    32,
    32,
    32,
    &[
        Digit::element(1, 8, 1),
        Digit::lane(1, 4, 8),
        Digit::lane(4, 8, 32),
        Digit::element(8, 4, 256),
    ],
);
const _: () = assert_bijection(&VEC8_32x32_ROW);

/// 3 x 32 blocked (CUB's blocked arrangement): lane `l` holds offsets `3l`, `3l + 1`,
/// `3l + 2`, a tile of a non-power-of-two size.
pub const BLOCKED_3x32: Numeral = Numeral::new(
    "BLOCKED_3x32",
    3,
    32,
    3,
    &[Digit::element(1, 3, 1), Digit::lane(1, 32, 3)],
);
const _: () = assert_bijection(&BLOCKED_3x32);

/// 3 x 32 striped (CUB's striped arrangement): lane `l` holds column `l` of each row, element
/// `e` in row `e`.
pub const STRIPED_3x32: Numeral = Numeral::new(
    "STRIPED_3x32",
    3,
    32,
    3,
    &[Digit::lane(1, 32, 1), Digit::element(1, 3, 32)],
);
const _: () = assert_bijection(&STRIPED_3x32);

/// Beside each layout of this module ([`numeral`] finds them by name), a hidden empty struct
/// of its name, in the type namespace only, as the catalog declares: by it `#[convert_layout]`
/// and `#[fragment_layout]` check at no compile-time cost that a name in scope is this
/// module's layout, whose digits the macros then read from their own copy.
macro_rules! markers {
    ($($name:ident),*) => {
        $(crate::catalog::declare::layouts!(@marker pub $name);)*
        /// The names with a hidden struct: the layouts this module declares.
        #[doc(hidden)]
        pub const MARKED: &[&str] = &[$(stringify!($name)),*];
    };
}
markers!(
    SM80_16x8x16_F32_C_1x2,
    SM80_16x8x16_F32_C_2x4,
    SM75_U32x4_LDSM_N_16x16_COL,
    SM75_U32x4_LDSM_N_16x16_ROW,
    VEC4_16x8_ROW,
    VEC8_16x16_ROW,
    VEC8_32x32_ROW,
    BLOCKED_3x32,
    STRIPED_3x32
);

/// The conversions kernel authors meet, FlashAttention-2's first.
pub const EXAMPLES: &[Example] = &[
    Example {
        name: "fa2",
        what: "two m16n8k16 f32 accumulators side by side as the next m16n8k16's A operand (FlashAttention-2's P @ V)",
        from: SM80_16x8x16_F32_C_1x2,
        to: SM80_16x8x16_F16_A_ROW,
    },
    Example {
        name: "ldsm-a",
        what: "ldmatrix.x4 addressed as the 2 x 2 blocks of A, straight into mma's A operand",
        from: SM75_U32x4_LDSM_N_16x16_COL,
        to: SM80_16x8x16_F16_A_ROW,
    },
    Example {
        name: "ldsm-a-swapped",
        what: "ldmatrix.x4 with its blocks in row-major order into mma's A operand: registers renamed",
        from: SM75_U32x4_LDSM_N_16x16_ROW,
        to: SM80_16x8x16_F16_A_ROW,
    },
    Example {
        name: "transpose-8x8",
        what: "an 8 x 8 tile of 16-bit elements transposed in registers, as movmatrix does",
        from: SM75_U32x1_LDSM_N,
        to: SM75_U16x2_LDSM_T,
    },
    Example {
        name: "acc-vec4",
        what: "an m16n8k16 f32 accumulator to rows of 4 per lane, for 16-byte global stores",
        from: SM80_16x8x16_F32_C,
        to: VEC4_16x8_ROW,
    },
    Example {
        name: "acc2-vec8",
        what: "two m16n8k16 f32 accumulators side by side to rows of 8 per lane (16-byte f16 stores)",
        from: SM80_16x8x16_F32_C_1x2,
        to: VEC8_16x16_ROW,
    },
    Example {
        name: "acc8-vec8",
        what: "a warp's 2 x 4 grid of m16n8k16 accumulators to rows of 8 per lane, for a 32 x 32 epilogue",
        from: SM80_16x8x16_F32_C_2x4,
        to: VEC8_32x32_ROW,
    },
    Example {
        name: "acc-to-b",
        what: "an m16n8k16 f32 accumulator reused as the next m16n8k16's B operand",
        from: SM80_16x8x16_F32_C,
        to: SM80_16x8x16_F16_B_COL,
    },
    Example {
        name: "blocked-striped",
        what: "3 values per lane, blocked to striped (CUB's arrangements), a non-power-of-two tile",
        from: BLOCKED_3x32,
        to: STRIPED_3x32,
    },
    Example {
        name: "m8n8k4-a",
        what: "the sm_70 m8n8k4 A operand from .row to .col, for an mma of the other majorness",
        from: SM70_8x8x4_F16_A_ROW,
        to: SM70_8x8x4_F16_A_COL,
    },
    Example {
        name: "sf-atom",
        what: "Blackwell scale factors loaded 4 packed rows a lane, regrouped for the st.shared.v4 that writes their 512-byte atom (DeepGEMM's strided loads need no shuffle)",
        from: SF_CONTIGUOUS,
        to: SF_TRANSPOSER,
    },
];

/// The example layouts by name: every `from` and `to` of [`EXAMPLES`] that is not in the
/// catalog, once each, in order of first use.
///
/// ```
/// use fraglayout::convert::examples::numeral;
/// assert_eq!(numeral("VEC4_16x8_ROW").map(|n| n.cols), Some(8));
/// assert!(numeral("SM80_16x8x16_F32_C").is_none()); // a catalog name: `catalog::find`
/// ```
pub fn numeral(name: &str) -> Option<&'static Numeral<'static>> {
    EXAMPLES
        .iter()
        .flat_map(|x| [&x.from, &x.to])
        .find(|n| n.name == name && crate::catalog::find(name).is_none())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::{Class, Plan};
    use crate::LANES;

    /// The largest tile among the examples, in elements.
    const MAX_TILE: usize = 32 * 32;

    /// Every example converts; its plan, replayed lane by lane (each lane's source fragment
    /// holds its tile offsets, each round reads the offering lane's register), leaves every
    /// lane with exactly its destination fragment; and its rounds equal the lower bound,
    /// recounted here from the layouts alone: the most values one lane must send to, or take
    /// from, other lanes.
    #[test]
    fn every_example_converts_at_its_lower_bound() {
        assert!(EXAMPLES.len() >= 8);
        for x in EXAMPLES {
            let (from, to) = (&x.from, &x.to);
            let plan = match Plan::new(from, to) {
                Ok(p) => p,
                Err(e) => panic!("{}: {}", x.name, e.message().as_str()),
            };
            assert!((from.size() as usize) <= MAX_TILE, "{}", x.name);
            let n = to.elements;
            let offset = |layout: &Numeral, lane: u32, e: u32| layout.offset(lane, e).unwrap();
            // The holder of each offset in `from`, by brute force.
            let mut holder = [u32::MAX; MAX_TILE];
            for l in 0..LANES {
                for e in 0..n {
                    holder[offset(from, l, e) as usize] = l;
                }
            }
            let (mut sends, mut takes) = ([0u32; 32], [0u32; 32]);
            for l in 0..LANES {
                for e in 0..n {
                    let h = holder[offset(to, l, e) as usize];
                    if h != l {
                        takes[l as usize] += 1;
                        sends[h as usize] += 1;
                    }
                }
            }
            let bound = sends.iter().chain(&takes).copied().max().unwrap();
            assert_eq!(plan.lower_bound(), bound, "{}", x.name);
            assert_eq!(plan.rounds(), bound, "{}", x.name);
            for l in 0..LANES {
                let mut got = [u32::MAX; 32];
                for e in 0..n {
                    if let Some(s) = plan.local_source(e, l) {
                        got[e as usize] = offset(from, l, s);
                    }
                }
                for r in 0..plan.rounds() {
                    let src = plan.src_lane(r, l);
                    let value = offset(from, src, plan.send(r, src));
                    if let Some(d) = plan.recv(r, l) {
                        got[d as usize] = value;
                    }
                }
                for e in 0..n {
                    assert_eq!(
                        got[e as usize],
                        offset(to, l, e),
                        "{}: lane {l}, e {e}",
                        x.name
                    );
                }
            }
        }
    }

    #[test]
    fn the_free_examples_are_free_and_the_others_exchange() {
        let class = |name: &str| {
            let x = EXAMPLES.iter().find(|x| x.name == name).unwrap();
            Plan::new(&x.from, &x.to).unwrap().class()
        };
        assert_eq!(class("fa2"), Class::Identity);
        assert_eq!(class("ldsm-a"), Class::Identity);
        assert_eq!(class("ldsm-a-swapped"), Class::Renaming);
        for name in ["transpose-8x8", "acc-vec4", "acc8-vec8", "blocked-striped"] {
            assert_eq!(class(name), Class::LaneExchange, "{name}");
        }
    }

    #[test]
    fn example_layouts_are_found_by_name_and_catalog_names_are_not() {
        for x in EXAMPLES {
            for n in [&x.from, &x.to] {
                match numeral(n.name) {
                    Some(found) => assert_eq!(found, n),
                    None => assert!(crate::catalog::find(n.name).is_some(), "{}", n.name),
                }
            }
        }
        assert!(numeral("SM80_16x8x16_F32_C_1x2").is_some());
        // Every layout found by name has its hidden struct, and only those.
        for x in EXAMPLES {
            for name in [x.from.name, x.to.name] {
                // Found by name and not declared here: the scale-factor layouts of `shared`.
                let elsewhere = [SF_CONTIGUOUS.name, SF_TRANSPOSER.name].contains(&name);
                if numeral(name).is_some() {
                    assert_eq!(MARKED.contains(&name), !elsewhere, "{name}");
                }
            }
        }
        for name in MARKED {
            assert!(numeral(name).is_some(), "{name}");
        }
        assert!(numeral("SM80_16x8x16_F32_C").is_none());
        assert!(numeral("nonsense").is_none());
    }
}
