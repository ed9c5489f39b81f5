//! The declaration of a tile's data path: what a kernel author decides, once.

use super::elem::Elem;
use crate::catalog::TmemShape;
use crate::shared::{AtomOrder, SwizzleMode};

/// Which coordinate of an operand is contiguous: K, or M (for A) / N (for B).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Majorness {
    /// K contiguous: A row-major (`M x K`), B column-major (each of N's columns a run of K).
    K,
    /// M (A) or N (B) contiguous.
    Mn,
}

impl Majorness {
    /// `"K-major"` or `"MN-major"`.
    pub const fn name(self) -> &'static str {
        match self {
            Majorness::K => "K-major",
            Majorness::Mn => "MN-major",
        }
    }

    /// The other one.
    pub const fn flipped(self) -> Majorness {
        match self {
            Majorness::K => Majorness::Mn,
            Majorness::Mn => Majorness::K,
        }
    }
}

/// The tensor-core instruction of the main loop. Its K is 32 bytes of A's element (16 for
/// f16 / bf16), as the descriptors read ([`MMA_K_BYTES`](crate::shared::MMA_K_BYTES)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mma {
    /// `wgmma.mma_async` `m64nNkK` with A and B from shared memory: the tile's M is a
    /// multiple of 64, each 64 rows one warpgroup's accumulator in registers.
    Wgmma {
        /// The instruction's N.
        n: u32,
    },
    /// `tcgen05.mma.cta_group::G` with A and B from shared memory and D in TMEM; with
    /// `cta_group` 2 the tile is the CTA pair's, each CTA holding half of M and half of B's
    /// N (the derived steps are one CTA's).
    Tcgen05 {
        /// The instruction's M: 64 or 128 (`cta_group::1`), 128 or 256 (`cta_group::2`).
        m: u32,
        /// The instruction's N.
        n: u32,
        /// 1 or 2.
        cta_group: u32,
    },
}

impl Mma {
    /// The instruction's N.
    pub const fn n(&self) -> u32 {
        match *self {
            Mma::Wgmma { n } | Mma::Tcgen05 { n, .. } => n,
        }
    }

    /// The CTAs one MMA spans: 1, or `cta_group`.
    pub const fn ctas(&self) -> u32 {
        match *self {
            Mma::Wgmma { .. } => 1,
            Mma::Tcgen05 { cta_group, .. } => cta_group,
        }
    }
}

/// Where the accumulator lives between the main loop and the epilogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Accumulator {
    /// In registers (`wgmma`).
    Registers,
    /// In tensor memory (`tcgen05.mma`), read back by each warp of a warpgroup with
    /// `tcgen05.ld.<shape>.x<num>` (`.pack::16b` when `packed`).
    Tmem {
        /// The access shape.
        shape: TmemShape,
        /// `.num`: 1, 2, 4 ... up to [`TmemShape::max_num`].
        num: u32,
        /// `.pack::16b`.
        packed: bool,
    },
}

/// How the accumulator reaches D in global memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Epilogue {
    /// Each thread stores its elements, converted to D's type, one by one.
    Direct,
    /// Converted to D's type, then stored in vectors of the runs of columns each thread holds.
    Vector,
    /// Converted, written to a shared tile in `mode`, then stored by TMA.
    TmaStore {
        /// The shared tile's swizzle, the store tensor map's.
        mode: SwizzleMode,
    },
}

impl Epilogue {
    /// `"direct stores"`, `"vector stores"` or `"TMA store"`.
    pub const fn name(&self) -> &'static str {
        match self {
            Epilogue::Direct => "direct stores",
            Epilogue::Vector => "vector stores",
            Epilogue::TmaStore { .. } => "TMA store",
        }
    }
}

/// A tile's data path, declared once: every step ([`DataPath::derive`]) and its certificate
/// ([`Path::certify`](super::Path::certify)) come from it.
///
/// Built in `const` from [`DataPath::new`] and the builder methods; the fields are public to
/// read (and to mutate in tests of the certificate).
///
/// ```
/// use fraglayout::datapath::{DataPath, Elem, Majorness};
/// use fraglayout::shared::{AtomOrder, SwizzleMode};
/// // A Hopper tile: 128 x 256 x 64 bf16, f32 accumulators, m64n256k16, 4 stages.
/// const TILE: DataPath = DataPath::new(128, 256, 64)
///     .types(Elem::Bf16, Elem::Bf16, Elem::F32, Elem::Bf16)
///     .majors(Majorness::K, Majorness::K)
///     .wgmma(256)
///     .staging(SwizzleMode::B128, AtomOrder::Slabs, 4);
/// assert_eq!((TILE.m, TILE.n, TILE.k, TILE.a_read), (128, 256, 64, Majorness::K));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DataPath {
    /// Tile rows (of A and D).
    pub m: u32,
    /// Tile columns (of B and D).
    pub n: u32,
    /// The K of one stage.
    pub k: u32,
    /// A's element type.
    pub a: Elem,
    /// B's element type.
    pub b: Elem,
    /// The accumulator's type.
    pub c: Elem,
    /// D's type in global memory.
    pub d: Elem,
    /// A's majorness in global memory (and so in shared: TMA does not transpose).
    pub a_major: Majorness,
    /// B's majorness in global memory.
    pub b_major: Majorness,
    /// The majorness the MMA instruction reads A in (`wgmma`'s `imm-trans-a`, the `tcgen05`
    /// instruction descriptor's `a_major`); [`majors`](Self::majors) sets it to `a_major`.
    pub a_read: Majorness,
    /// The majorness the MMA reads B in.
    pub b_read: Majorness,
    /// The instruction.
    pub mma: Mma,
    /// The shared tiles' swizzle, the tensor maps' and the descriptors'.
    pub swizzle: SwizzleMode,
    /// How a stage's atoms follow each other.
    pub order: AtomOrder,
    /// Stages of A and B in shared memory.
    pub stages: u32,
    /// Where the accumulator lives.
    pub accumulator: Accumulator,
    /// How D is stored.
    pub epilogue: Epilogue,
    /// The global tensors' extents `(M, N, K)`, which set their strides (the tile's own by
    /// default).
    pub problem: (u32, u32, u32),
}

impl DataPath {
    /// A tile `m x n x k`: bf16 A and B, f32 C and D, both K-major, `wgmma` of N = `n`, the
    /// 128-byte swizzle in slabs, 1 stage, accumulators in registers, direct stores.
    pub const fn new(m: u32, n: u32, k: u32) -> DataPath {
        DataPath {
            m,
            n,
            k,
            a: Elem::Bf16,
            b: Elem::Bf16,
            c: Elem::F32,
            d: Elem::F32,
            a_major: Majorness::K,
            b_major: Majorness::K,
            a_read: Majorness::K,
            b_read: Majorness::K,
            mma: Mma::Wgmma { n },
            swizzle: SwizzleMode::B128,
            order: AtomOrder::Slabs,
            stages: 1,
            accumulator: Accumulator::Registers,
            epilogue: Epilogue::Direct,
            problem: (m, n, k),
        }
    }

    /// The element types of A, B, C (the accumulator) and D.
    pub const fn types(self, a: Elem, b: Elem, c: Elem, d: Elem) -> DataPath {
        DataPath { a, b, c, d, ..self }
    }

    /// A's and B's majorness in global memory, which the MMA then reads them in.
    pub const fn majors(self, a: Majorness, b: Majorness) -> DataPath {
        DataPath {
            a_major: a,
            b_major: b,
            a_read: a,
            b_read: b,
            ..self
        }
    }

    /// The majorness the MMA instruction reads A and B in, where it differs from
    /// [`majors`](Self::majors) (a hand-set transpose bit, which the certificate refuses).
    pub const fn mma_reads(self, a: Majorness, b: Majorness) -> DataPath {
        DataPath {
            a_read: a,
            b_read: b,
            ..self
        }
    }

    /// `wgmma.mma_async` with N = `n`, accumulators in registers.
    pub const fn wgmma(self, n: u32) -> DataPath {
        DataPath {
            mma: Mma::Wgmma { n },
            accumulator: Accumulator::Registers,
            ..self
        }
    }

    /// `tcgen05.mma.cta_group::<cta_group>` with M = `m`, N = `n`, D read back with
    /// `tcgen05.ld.<shape>.x<num>`.
    pub const fn tcgen05(
        self,
        m: u32,
        n: u32,
        cta_group: u32,
        shape: TmemShape,
        num: u32,
        packed: bool,
    ) -> DataPath {
        DataPath {
            mma: Mma::Tcgen05 { m, n, cta_group },
            accumulator: Accumulator::Tmem { shape, num, packed },
            ..self
        }
    }

    /// The swizzle, the atom order and the stages of A and B in shared memory.
    pub const fn staging(self, swizzle: SwizzleMode, order: AtomOrder, stages: u32) -> DataPath {
        DataPath {
            swizzle,
            order,
            stages,
            ..self
        }
    }

    /// The epilogue.
    pub const fn epilogue(self, epilogue: Epilogue) -> DataPath {
        DataPath { epilogue, ..self }
    }

    /// The global tensors' extents (`M x K` A, `K x N` B, `M x N` D), which set their
    /// strides.
    pub const fn problem(self, m: u32, n: u32, k: u32) -> DataPath {
        DataPath {
            problem: (m, n, k),
            ..self
        }
    }
}
