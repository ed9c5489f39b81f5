//! The PTX ISA fragment formulas, transcribed as plain functions of `(lane, element)`.
//!
//! Each returns `(row, col)` in the PTX orientation of the operand (A: M x K, B: K x N,
//! C/D: M x N). `group = lane / 4` is PTX's `groupID`, `tig = lane % 4` its `threadID_in_group`.
//! They are written from the ISA text, not from the numerals, so a test comparing the two
//! catches a wrong numeral.

/// `mma.m16n8k16` f16/bf16 A (16 x 16), elements a0..a7.
pub fn m16n8k16_f16_a(lane: u32, i: u32) -> (u32, u32) {
    let (group, tig) = (lane >> 2, lane % 4);
    let row = if i < 2 || (4..6).contains(&i) {
        group
    } else {
        group + 8
    };
    let col = if i < 4 {
        tig * 2 + (i & 1)
    } else {
        tig * 2 + (i & 1) + 8
    };
    (row, col)
}

/// `mma.m16n8k16` f16/bf16 B (16 x 8, K x N), elements b0..b3.
pub fn m16n8k16_f16_b(lane: u32, i: u32) -> (u32, u32) {
    let (group, tig) = (lane >> 2, lane % 4);
    let row = if i < 2 {
        tig * 2 + (i & 1)
    } else {
        tig * 2 + (i & 1) + 8
    };
    (row, group)
}

/// `mma.m16n8k16` C/D (16 x 8), f32 or f16 accumulators, elements c0..c3; the ISA gives the
/// same formula for the s32 C/D of `m16n8k128` and `m16n8k256` (b1).
pub fn m16n8k16_c(lane: u32, i: u32) -> (u32, u32) {
    let (group, tig) = (lane >> 2, lane % 4);
    let row = if i < 2 { group } else { group + 8 };
    (row, tig * 2 + (i & 1))
}

/// PTX's `groupID` and `threadID_in_group`.
fn gt(lane: u32) -> (u32, u32) {
    (lane >> 2, lane % 4)
}

/// `mma.m16n8k8` f16/bf16 A (16 x 8), a0..a3.
pub fn m16n8k8_f16_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i < 2 { g } else { g + 8 };
    (row, t * 2 + (i & 1))
}

/// `mma.m16n8k8` f16/bf16 B (8 x 8), b0, b1.
pub fn m16n8k8_f16_b(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (t * 2 + i, g)
}

/// `mma.m16n8k8` tf32 / f64 A (16 x 8), a0..a3.
pub fn m16n8k8_tf32_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i == 0 || i == 2 { g } else { g + 8 };
    let col = if i < 2 { t } else { t + 4 };
    (row, col)
}

/// `mma.m16n8k8` tf32 / f64 B (8 x 8), b0, b1.
pub fn m16n8k8_tf32_b(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (if i == 0 { t } else { t + 4 }, g)
}

/// `mma.m16n8k4` tf32 / f64 A (16 x 4), a0, a1.
pub fn m16n8k4_tf32_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (if i == 0 { g } else { g + 8 }, t)
}

/// `mma.m16n8k4` tf32 / f64 B (4 x 8), b0.
pub fn m16n8k4_tf32_b(lane: u32, _i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (t, g)
}

/// `mma.m16n8k16` f64 A (16 x 16), a0..a7.
pub fn m16n8k16_f64_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    if i % 2 == 0 {
        (g, i * 2 + t)
    } else {
        (g + 8, i * 2 - 2 + t)
    }
}

/// `mma.m16n8k16` f64 B (16 x 8), b0..b3.
pub fn m16n8k16_f64_b(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (t + i * 4, g)
}

/// `mma.m16n8k16` s8/u8 A (16 x 16), a0..a7.
pub fn m16n8k16_i8_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (if i < 4 { g } else { g + 8 }, t * 4 + (i & 3))
}

/// `mma.m16n8k16` s8/u8 B (16 x 8) and `mma.m8n8k16` B, b0..b3.
pub fn m16n8k16_i8_b(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (t * 4 + i, g)
}

/// `mma.m16n8k32` s8/u8/e4m3/e5m2 A (16 x 32), a0..a15; the ISA gives the same figure and
/// formula for the `.e3m2` / `.e2m3` / `.e2m1` A of `.kind::f8f6f4` (each in an 8-bit
/// container).
pub fn m16n8k32_i8_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i < 4 || (8..12).contains(&i) {
        g
    } else {
        g + 8
    };
    let col = if i < 8 {
        t * 4 + (i & 3)
    } else {
        t * 4 + (i & 3) + 16
    };
    (row, col)
}

/// `mma.m16n8k32` s8/u8/e4m3/e5m2 B (32 x 8), b0..b7; likewise the `.e3m2` / `.e2m3` /
/// `.e2m1` B of `.kind::f8f6f4`.
pub fn m16n8k32_i8_b(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i < 4 {
        t * 4 + (i & 3)
    } else {
        t * 4 + (i & 3) + 16
    };
    (row, g)
}

/// `mma.m16n8k32` s4/u4 A (16 x 32), a0..a15.
pub fn m16n8k32_i4_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (if i < 8 { g } else { g + 8 }, t * 8 + (i & 7))
}

/// `mma.m16n8k32` s4/u4 B (32 x 8) and `mma.m8n8k32` B, b0..b7.
pub fn m16n8k32_i4_b(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (t * 8 + (i & 7), g)
}

/// `mma.m16n8k64` s4/u4 A (16 x 64), a0..a31.
pub fn m16n8k64_i4_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i < 8 || (16..24).contains(&i) {
        g
    } else {
        g + 8
    };
    let col = if i < 16 {
        t * 8 + (i & 7)
    } else {
        t * 8 + (i & 7) + 32
    };
    (row, col)
}

/// `mma.m16n8k64` s4/u4 B (64 x 8), b0..b15.
pub fn m16n8k64_i4_b(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i < 8 {
        t * 8 + (i & 7)
    } else {
        t * 8 + (i & 7) + 32
    };
    (row, g)
}

/// `mma.m8n8k16` s8/u8 A (8 x 16), a0..a3.
pub fn m8n8k16_i8_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (g, t * 4 + i)
}

/// `mma.m8n8k32` s4/u4 A (8 x 32), a0..a7.
pub fn m8n8k32_i4_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (g, t * 8 + i)
}

/// `mma.m8n8k128` b1 A (8 x 128), a0..a31.
pub fn m8n8k128_b1_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (g, t * 32 + i)
}

/// `mma.m8n8k128` b1 B (128 x 8) and `mma.m16n8k128` b1 B, b0..b31.
pub fn m8n8k128_b1_b(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (t * 32 + i, g)
}

/// `mma.m16n8k128` b1 A (16 x 128), a0..a63.
pub fn m16n8k128_b1_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (if i < 32 { g } else { g + 8 }, t * 32 + (i & 0x1f))
}

/// `mma.m16n8k256` b1 A (16 x 256), a0..a127. The ISA prints the column for `i < 64` as
/// `threadID_in_group * 32 + i`; this is the `(i & 0x1F)` of its other formulas (see
/// [`m16n8k256_b1_a_as_printed`]).
pub fn m16n8k256_b1_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i < 32 || (64..96).contains(&i) {
        g
    } else {
        g + 8
    };
    let col = if i < 64 {
        t * 32 + (i & 0x1f)
    } else {
        t * 32 + (i & 0x1f) + 128
    };
    (row, col)
}

/// `mma.m16n8k256` b1 A exactly as the ISA text prints it (`+ i`, not `+ (i & 0x1F)`, for
/// `i < 64`): not a layout, kept to show why [`m16n8k256_b1_a`] reads it otherwise.
pub fn m16n8k256_b1_a_as_printed(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i < 32 || (64..96).contains(&i) {
        g
    } else {
        g + 8
    };
    let col = if i < 64 {
        t * 32 + i
    } else {
        t * 32 + (i & 0x1f) + 128
    };
    (row, col)
}

/// `mma.m16n8k256` b1 B (256 x 8), b0..b63.
pub fn m16n8k256_b1_b(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i < 32 {
        t * 32 + (i & 0x1f)
    } else {
        t * 32 + (i & 0x1f) + 128
    };
    (row, g)
}

/// `mma.m8n8k16` / `mma.m8n8k32` / `mma.m8n8k128` C/D (s32) and `mma.m8n8k4` f64 C/D (8 x 8),
/// c0, c1.
pub fn m8n8_c(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (g, t * 2 + i)
}

/// `mma.m8n8k4` f64 A (8 x 4), a0.
pub fn m8n8k4_f64_a(lane: u32, _i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (g, t)
}

/// `mma.m8n8k4` f64 B (4 x 8), b0.
pub fn m8n8k4_f64_b(lane: u32, _i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (t, g)
}

/// Volta `mma.m8n8k4` f16: the quad-pair (MMA computation 1..4 is quad-pair 0..3) of a lane:
/// lanes 0-3 and 16-19 are computation 1, 4-7 and 20-23 computation 2, and so on.
pub fn volta_computation(lane: u32) -> u32 {
    match lane {
        0..=3 | 16..=19 => 0,
        4..=7 | 20..=23 => 1,
        8..=11 | 24..=27 => 2,
        _ => 3,
    }
}

/// Volta `m8n8k4` f16 A, `.row` (8 x 4 within the lane's computation), a0..a3.
pub fn m8n8k4_f16_a_row(lane: u32, i: u32) -> (u32, u32) {
    let row = if lane < 16 { lane % 4 } else { lane % 4 + 4 };
    (row, i)
}

/// Volta `m8n8k4` f16 A, `.col`, a0..a3.
pub fn m8n8k4_f16_a_col(lane: u32, i: u32) -> (u32, u32) {
    let row = if lane < 16 { i % 4 } else { i % 4 + 4 };
    (row, lane % 4)
}

/// Volta `m8n8k4` f16 B, `.row` (4 x 8), b0..b3.
pub fn m8n8k4_f16_b_row(lane: u32, i: u32) -> (u32, u32) {
    let col = if lane < 16 { i } else { i + 4 };
    (lane % 4, col)
}

/// Volta `m8n8k4` f16 B, `.col`, b0..b3.
pub fn m8n8k4_f16_b_col(lane: u32, i: u32) -> (u32, u32) {
    let col = if lane < 16 { lane % 4 } else { lane % 4 + 4 };
    (i, col)
}

/// Volta `m8n8k4` C/D with `.ctype = .f16` (8 x 8), c0..c7.
pub fn m8n8k4_f16_c(lane: u32, i: u32) -> (u32, u32) {
    let row = if lane < 16 { lane % 4 } else { lane % 4 + 4 };
    (row, i)
}

/// Volta `m8n8k4` C/D with `.ctype = .f32` (8 x 8), c0..c7.
pub fn m8n8k4_f32_c(lane: u32, i: u32) -> (u32, u32) {
    let x = (lane & 0b1) + (i & 0b10);
    let row = if lane < 16 { x } else { x + 4 };
    let col = (i & 0b100) + (lane & 0b10) + (i & 0b1);
    (row, col)
}

/// `ldmatrix` / `stmatrix` without `.trans`, element `i` of lane `lane`, in the stacked tile:
/// register `i / 2` is matrix `i / 2`; in each matrix a group of four lanes holds one row,
/// lane `4r + c` holding columns `2c, 2c + 1` of row `r`.
pub fn ldmatrix(lane: u32, i: u32) -> (u32, u32) {
    let matrix = i / 2;
    (8 * matrix + lane / 4, 2 * (lane % 4) + i % 2)
}

/// `ldmatrix` / `stmatrix` with `.trans`: each matrix is read column-major, so lane `4r + c`
/// holds rows `2c, 2c + 1` of column `r`.
pub fn ldmatrix_trans(lane: u32, i: u32) -> (u32, u32) {
    let matrix = i / 2;
    (8 * matrix + 2 * (lane % 4) + i % 2, lane / 4)
}

/// `movmatrix.m8n8.trans.b16` source `a` (Figure "movmatrix source matrix fragment layout"):
/// a group of four lanes holds one row of the 8 x 8 source matrix, lane `l` element `i` at
/// row `l / 4`, column `2 * (l % 4) + i`.
pub fn movmatrix_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (g, t * 2 + i)
}

/// `movmatrix.m8n8.trans.b16` destination `d` (Figure "movmatrix result matrix fragment
/// layout"), as the position in the *source* matrix of the element lane `l` receives in half
/// `i`: a group of four lanes holds one column, lane `l` rows `2 * (l % 4) + i` of column
/// `l / 4`.
pub fn movmatrix_d_from(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (t * 2 + i, g)
}

/// `wgmma` accumulator D of `m64nNk*` (from Figure "WGMMA .m64nNk16 register fragment layout
/// for accumulator matrix D"): thread `t` of 128, element `i` of N/2. Each warp's 16 rows hold
/// the `m16n8` accumulator pattern repeated over the N/8 blocks of 8 columns.
pub fn wgmma_d(thread: u32, i: u32) -> (u32, u32) {
    let (warp, lane) = (thread / 32, thread % 32);
    let (g, t) = gt(lane);
    let block = i / 4;
    let row = 16 * warp + if i % 4 < 2 { g } else { g + 8 };
    (row, 8 * block + 2 * t + (i & 1))
}

/// `wgmma` A from registers, `m64nNk16` f16/bf16 (64 x 16), figure transcribed per warp.
pub fn wgmma_a_k16(thread: u32, i: u32) -> (u32, u32) {
    let (r, c) = m16n8k16_f16_a(thread % 32, i);
    (16 * (thread / 32) + r, c)
}

/// `wgmma` A from registers, `m64nNk8` tf32 (64 x 8).
pub fn wgmma_a_k8(thread: u32, i: u32) -> (u32, u32) {
    let (r, c) = m16n8k8_tf32_a(thread % 32, i);
    (16 * (thread / 32) + r, c)
}

/// `wgmma` A from registers, `m64nNk32` 8-bit (64 x 32).
pub fn wgmma_a_k32(thread: u32, i: u32) -> (u32, u32) {
    let (r, c) = m16n8k32_i8_a(thread % 32, i);
    (16 * (thread / 32) + r, c)
}

// Sparse `mma.sp` / `mma.sp::ordered_metadata` (PTX ISA 9.7.14.6). A is given as the `M x K/2`
// tile of its non-zeros: column `c` of a row is non-zero number `c % kept` of chunk `c / kept`
// (9.7.14.6.1, Sparse matrix storage, the lower column first). Where the fragment text says a
// thread holds "the non-zeros of dense columns firstcol..=lastcol", these are compressed columns
// `firstcol / 2 ..= lastcol / 2`.

/// How a row of sparse A is chunked (9.7.14.6.1, Sparse matrix storage).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SparseChunk {
    /// f16, bf16, s8, u8, e4m3, e5m2: 2 non-zeros in each 4 columns, two 2-bit indices.
    TwoOfFour,
    /// tf32: 1 non-zero in each 2 columns, one 4-bit index (`0b0100` or `0b1110`).
    OneOfTwo,
    /// s4, u4: 4 non-zeros in each 8 columns, in two pairs named by two 2-bit indices.
    PairsOfEight,
}

impl SparseChunk {
    /// The chunking of sparse A of PTX type `ty`.
    pub fn of(ty: &str) -> SparseChunk {
        match ty {
            "tf32" => SparseChunk::OneOfTwo,
            "s4" | "u4" => SparseChunk::PairsOfEight,
            _ => SparseChunk::TwoOfFour,
        }
    }

    /// Dense columns per chunk.
    pub fn width(self) -> u32 {
        match self {
            SparseChunk::TwoOfFour => 4,
            SparseChunk::OneOfTwo => 2,
            SparseChunk::PairsOfEight => 8,
        }
    }

    /// Non-zeros kept per chunk.
    pub fn kept(self) -> u32 {
        self.width() / 2
    }

    /// The dense columns (within the chunk) of the kept non-zeros, in order, for the 4-bit
    /// metadata field `field`; `None` for a value the ISA leaves undefined (equal indices, and
    /// with `ordered` any decreasing pair; for tf32 anything but `0b0100` and `0b1110`).
    pub fn positions(self, field: u32, ordered: bool) -> Option<Vec<u32>> {
        let (lo, hi) = (field & 3, (field >> 2) & 3);
        let pair_ok = lo != hi && (!ordered || lo < hi) && field < 16;
        match self {
            SparseChunk::OneOfTwo => match field {
                0b0100 => Some(vec![0]),
                0b1110 => Some(vec![1]),
                _ => None,
            },
            SparseChunk::TwoOfFour if pair_ok => Some(vec![lo, hi]),
            SparseChunk::PairsOfEight if pair_ok => {
                Some(vec![2 * lo, 2 * lo + 1, 2 * hi, 2 * hi + 1])
            }
            _ => None,
        }
    }
}

/// Sparse `mma.m16n8k16` f16/bf16 A (16 x 8 non-zeros), a0..a3: `row = groupID` for a0, a1,
/// `+ 8` for a2, a3; dense columns `threadID_in_group * 4 ..= + 3`.
pub fn sparse_m16n8k16_f16_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i < 2 { g } else { g + 8 };
    let firstcol = t * 4;
    (row, firstcol / 2 + i % 2)
}

/// Sparse `mma.m16n8k32` f16/bf16 A (16 x 16 non-zeros), a0..a7: `row = groupID` for
/// `0 <= i < 2 || 4 <= i < 6`, `+ 8` otherwise; dense columns `threadID_in_group * 4 ..= + 3`
/// for `i < 4`, `+ 16` for `i >= 4`.
pub fn sparse_m16n8k32_f16_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i < 2 || (4..6).contains(&i) {
        g
    } else {
        g + 8
    };
    let firstcol = if i < 4 { t * 4 } else { t * 4 + 16 };
    (row, firstcol / 2 + i % 2)
}

/// Sparse `mma.m16n8k8` tf32 A (16 x 4 non-zeros), a0, a1: `row = groupID` for a0, `+ 8` for
/// a1; dense columns `threadID_in_group * 2 ..= + 1`.
pub fn sparse_m16n8k8_tf32_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i == 0 { g } else { g + 8 };
    let firstcol = t * 2;
    (row, firstcol / 2)
}

/// Sparse `mma.m16n8k16` tf32 A (16 x 8 non-zeros), a0..a3: `row = groupID` for a0, a2, `+ 8`
/// for a1, a3; dense columns `threadID_in_group * 2 ..= + 1` for a0, a1, `+ 8` for a2, a3.
pub fn sparse_m16n8k16_tf32_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i == 0 || i == 2 { g } else { g + 8 };
    let firstcol = if i < 2 { t * 2 } else { t * 2 + 8 };
    (row, firstcol / 2)
}

/// Sparse `mma.m16n8k32` s8/u8 A (16 x 16 non-zeros), a0..a7: `row = groupID` for `i < 4`,
/// `+ 8` otherwise; dense columns `threadID_in_group * 8 ..= + 7`.
pub fn sparse_m16n8k32_i8_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i < 4 { g } else { g + 8 };
    let firstcol = t * 8;
    (row, firstcol / 2 + i % 4)
}

/// Sparse `mma.m16n8k64` s8/u8/e4m3/e5m2 A (16 x 32 non-zeros), a0..a15: `row = groupID` for
/// `0 <= i < 4 || 8 <= i < 12`, `+ 8` otherwise; dense columns `threadID_in_group * 8 ..= + 7`
/// for `i < 8`, `+ 32` for `i >= 8`.
pub fn sparse_m16n8k64_i8_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i < 4 || (8..12).contains(&i) {
        g
    } else {
        g + 8
    };
    let firstcol = if i < 8 { t * 8 } else { t * 8 + 32 };
    (row, firstcol / 2 + i % 4)
}

/// Sparse `mma.m16n8k64` s4/u4 A (16 x 32 non-zeros), a0..a15: `row = groupID` for `i < 8`,
/// `+ 8` otherwise; dense columns `threadID_in_group * 16 ..= + 15`.
pub fn sparse_m16n8k64_i4_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i < 8 { g } else { g + 8 };
    let firstcol = t * 16;
    (row, firstcol / 2 + i % 8)
}

/// Sparse `mma.m16n8k128` s4/u4 A (16 x 64 non-zeros), a0..a31: `row = groupID` for
/// `0 <= i < 8 || 16 <= i < 24`, `+ 8` otherwise; dense columns `threadID_in_group * 16 ..= + 15`
/// for `i < 16`, `+ 64` for `i >= 16`.
pub fn sparse_m16n8k128_i4_a(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    let row = if i < 8 || (16..24).contains(&i) {
        g
    } else {
        g + 8
    };
    let firstcol = if i < 16 { t * 16 } else { t * 16 + 64 };
    (row, firstcol / 2 + i % 8)
}

/// Sparse `mma.m16n8k32` f16/bf16 B (32 x 8), b0..b7, from the figure: lane
/// `4 * col + threadID_in_group` holds rows `2 * threadID_in_group`, `+ 1` of each 8-row band,
/// band `r` in `b(2r)`, `b(2r+1)`.
pub fn sparse_m16n8k32_f16_b(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (8 * (i / 2) + t * 2 + i % 2, g)
}

/// Sparse `mma.m16n8k64` s8/u8/e4m3/e5m2 B (64 x 8), b0..b15, from the figures: lane
/// `4 * col + threadID_in_group` holds rows `4 * threadID_in_group ..= + 3` of each 16-row band,
/// band `r` in `b(4r)..b(4r+3)`.
pub fn sparse_m16n8k64_i8_b(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (16 * (i / 4) + t * 4 + i % 4, g)
}

/// Sparse `mma.m16n8k128` s4/u4 B (128 x 8), b0..b31, from the figures: lane
/// `4 * col + threadID_in_group` holds rows `8 * threadID_in_group ..= + 7` of each 32-row band,
/// band `r` in `b(8r)..b(8r+7)`.
pub fn sparse_m16n8k128_i4_b(lane: u32, i: u32) -> (u32, u32) {
    let (g, t) = gt(lane);
    (32 * (i / 8) + t * 8 + i % 8, g)
}

/// The metadata figures, as `(selector, lane, n) -> (row, chunk)`: which chunk of which row of
/// A the 4-bit field in bits `4n..4n+3` of `lane`'s metadata register describes when the
/// instruction's sparsity selector is `selector`; `None` for a lane the selector does not read.
/// For `wgmma.mma_async.sp` the lane is the thread of the warpgroup (0..128).
pub type SparseMetadata = fn(u32, u32, u32) -> Option<(u32, u32)>;

/// Sparse metadata of f16/bf16 `m16n8k16` and tf32 `m16n8k8` (4 chunks per row; figures
/// "Sparse MMA .m16n8k16 metadata layout for .f16/.bf16 type", "Sparse MMA .m16n8k8 metadata
/// layout for .tf32 type"): lane `T(i)` of each group, `i` = the selector in 0..=3, holds chunk `c`
/// of row `groupID` in bits `[4c+3..4c]` and of row `groupID + 8` in bits `[4c+19..4c+16]`.
pub fn sparse_metadata_one_lane(selector: u32, lane: u32, n: u32) -> Option<(u32, u32)> {
    let (g, t) = gt(lane);
    if selector > 3 || t != selector || n >= 8 {
        return None;
    }
    Some((if n < 4 { g } else { g + 8 }, n % 4))
}

/// Sparse metadata of f16/bf16 `m16n8k32` and tf32 `m16n8k16` (8 chunks per row; figures
/// "... m16n8k32 metadata layout for .f16/.bf16 type", "... m16n8k16 metadata layout for .tf32
/// type"): the pair `T(2i)`, `T(2i+1)`, `i` = the selector in 0..=1; `T(2i)` holds chunks 0-3,
/// `T(2i+1)` chunks 4-7, each of row `groupID` in bits 0-15 and of row `groupID + 8` in bits
/// 16-31, chunk `c` at bits `4 * (c % 4)`.
pub fn sparse_metadata_pair_two_rows(selector: u32, lane: u32, n: u32) -> Option<(u32, u32)> {
    let (g, t) = gt(lane);
    if selector > 1 || t / 2 != selector || n >= 8 {
        return None;
    }
    let row = if n < 4 { g } else { g + 8 };
    let first_chunk = if t % 2 == 0 { 0 } else { 4 };
    Some((row, first_chunk + n % 4))
}

/// Sparse metadata of s8/u8 `m16n8k32` and s4/u4 `m16n8k64` (8 chunks per row; figures "...
/// m16n8k32 metadata layout for .u8/.s8 type", "... m16n8k64 metadata layout for .u4/.s4 type"):
/// the pair `T(2i)`, `T(2i+1)`, `i` = the selector in 0..=1; `T(2i)` holds row `groupID`,
/// `T(2i+1)` row `groupID + 8`, chunk `c` in bits `[4c+3..4c]`.
pub fn sparse_metadata_pair_one_row(selector: u32, lane: u32, n: u32) -> Option<(u32, u32)> {
    let (g, t) = gt(lane);
    if selector > 1 || t / 2 != selector || n >= 8 {
        return None;
    }
    let row = if t % 2 == 0 { g } else { g + 8 };
    Some((row, n))
}

/// Sparse metadata of s8/u8/e4m3/e5m2 `m16n8k64` and s4/u4 `m16n8k128` (16 chunks per row;
/// figures "... metadata layout for columns 0–31 / 32–63" and "columns 0–63 / 64–127"): selector
/// 0 only, all four lanes: `T0` row `groupID` chunks 0-7, `T1` row `groupID + 8` chunks 0-7, `T2`
/// row `groupID` chunks 8-15, `T3` row `groupID + 8` chunks 8-15, chunk `c` at bits
/// `4 * (c % 8)`.
pub fn sparse_metadata_quad(selector: u32, lane: u32, n: u32) -> Option<(u32, u32)> {
    let (g, t) = gt(lane);
    if selector != 0 || n >= 8 {
        return None;
    }
    let row = if t == 0 || t == 2 { g } else { g + 8 };
    let first_chunk = if t < 2 { 0 } else { 8 };
    Some((row, first_chunk + n))
}

// Sparse `wgmma.mma_async.sp` (PTX ISA 9.7.15.6): "each warp in the warpgroup provides sparsity
// information for 16 rows of matrix A" (warp `w`: rows `16w..16w+15`, 9.7.15.6.2), and the
// metadata figures of one warp are the `mma.sp` ones. A in registers is transcribed the same
// way, each warp's 16 rows as the sparse `mma.sp` A of the same K (the ISA draws it as figures
// only; its text: four `.b32` registers, each with the non-zeros of one chunk group).

/// Rows of `(lane, i) -> (row, col)` of one warp moved to warp `thread / 32`'s 16 rows.
fn per_warp(f: fn(u32, u32) -> (u32, u32), thread: u32, i: u32) -> (u32, u32) {
    let (r, c) = f(thread % 32, i);
    (16 * (thread / 32) + r, c)
}

/// Sparse `wgmma` `m64nNk32` f16/bf16 A from registers (64 x 16 non-zeros), a0..a7: per warp,
/// the sparse `mma.m16n8k32` f16 A.
pub fn wgmma_sp_a_k32(thread: u32, i: u32) -> (u32, u32) {
    per_warp(sparse_m16n8k32_f16_a, thread, i)
}

/// Sparse `wgmma` `m64nNk16` tf32 A from registers (64 x 8 non-zeros), a0..a3: per warp, the
/// sparse `mma.m16n8k16` tf32 A.
pub fn wgmma_sp_a_k16(thread: u32, i: u32) -> (u32, u32) {
    per_warp(sparse_m16n8k16_tf32_a, thread, i)
}

/// Sparse `wgmma` `m64nNk64` e4m3/e5m2/s8/u8 A from registers (64 x 32 non-zeros), a0..a15: per
/// warp, the sparse `mma.m16n8k64` 8-bit A.
pub fn wgmma_sp_a_k64(thread: u32, i: u32) -> (u32, u32) {
    per_warp(sparse_m16n8k64_i8_a, thread, i)
}

/// Sparse `wgmma` metadata of f16/bf16 `m64nNk32` and tf32 `m64nNk16` (figures "Sparse WGMMA
/// .m64nNk32 metadata layout for .f16/.bf16 type" and "... .m64nNk16 ... .tf32 type", the
/// `mma.sp` `m16n8k32` f16 and `m16n8k16` tf32 figures): in each warp, the pair `T(2i)`,
/// `T(2i+1)` for selector `i` in 0..=1, as [`sparse_metadata_pair_two_rows`], on the warp's
/// rows. A [`SparseMetadata`] over the 128 threads of the warpgroup.
pub fn wgmma_sp_metadata_pair(selector: u32, thread: u32, n: u32) -> Option<(u32, u32)> {
    let (row, chunk) = sparse_metadata_pair_two_rows(selector, thread % 32, n)?;
    Some((16 * (thread / 32) + row, chunk))
}

/// Sparse `wgmma` metadata of e4m3/e5m2/s8/u8 `m64nNk64` (figures "Sparse WGMMA .m64nNk64
/// metadata layout ... for columns 0–31 / 32–63", the `mma.sp` `m16n8k64` figures): selector 0,
/// every thread, as [`sparse_metadata_quad`] on the warp's rows.
pub fn wgmma_sp_metadata_quad(selector: u32, thread: u32, n: u32) -> Option<(u32, u32)> {
    let (row, chunk) = sparse_metadata_quad(selector, thread % 32, n)?;
    Some((16 * (thread / 32) + row, chunk))
}

/// `tcgen05.ld` / `tcgen05.st` `.b32` (PTX ISA 9.7.16.8, Table 47 and the shape figures, as
/// `docs/frontier.md` section 1.3 quotes them): `(TMEM lane, 32-bit column)` relative to
/// `taddr` of register `j` of `lane`, for `shape` as PTX spells it (`"16x256b"`) at `.num` =
/// `num`; `.16x32bx2` with immediate = `num`.
pub fn tcgen05_b32(shape: &str, num: u32, lane: u32, j: u32) -> (u32, u32) {
    let (g, q) = gt(lane);
    match shape {
        "32x32b" => (lane, j),
        "16x64b" => (g + 8 * (lane % 2), 2 * j + (lane / 2) % 2),
        "16x128b" => (g + 8 * (j % 2), 4 * (j / 2) + q),
        "16x256b" => (g + 8 * ((j / 2) % 2), 8 * (j / 4) + 2 * q + j % 2),
        "16x32bx2" => (lane % 16, j + num * (lane / 16)),
        _ => panic!("no tcgen05 shape {shape}"),
    }
}

/// `tcgen05.ld ... .pack::16b` / `tcgen05.st ... .unpack::16b`: element `i` is half `i % 2` of
/// register `i / 2`, the `.b32` pattern applied to pairs of columns (low half from the even
/// column); `.16x32bx2` with immediate = `2 * num`.
pub fn tcgen05_16b(shape: &str, num: u32, lane: u32, i: u32) -> (u32, u32) {
    let (l, c) = tcgen05_b32(shape, num, lane, i / 2);
    (l, 2 * c + i % 2)
}

/// `mma.sync ... .block_scale` `scale-a-data` (PTX ISA 9.7.14.3): the lanes of the pair
/// `threadID_in_group` in `{2 thread-id-a, 2 thread-id-a + 1}` supply the scales, the even one
/// row `groupID`, the odd one row `groupID + 8` (the text names the pair, the figures the
/// rows); byte `byte-id-a + i` is K-block `i`. Over
/// every lane (either thread-id): `(groupID + 8 (tig % 2), i)` in the `M x blocks` tile.
pub fn block_scale_a(lane: u32, i: u32) -> (u32, u32) {
    let (group, tig) = (lane / 4, lane % 4);
    (group + 8 * (tig % 2), i)
}

/// `scale-b-data`: the lane with `threadID_in_group == thread-id-b` supplies column `groupID`;
/// byte `byte-id-b + i` is K-block `i`. Over every lane: `(i, groupID)` in the `blocks x N`
/// tile.
pub fn block_scale_b(lane: u32, i: u32) -> (u32, u32) {
    (i, lane / 4)
}

/// The lane whose `scale-a-data` the instruction reads for row `m` with `thread-id-a` = `tid`.
pub fn block_scale_a_lane(tid: u32, m: u32) -> u32 {
    4 * (m % 8) + 2 * tid + m / 8
}

/// The lane whose `scale-b-data` the instruction reads for column `n` with `thread-id-b` =
/// `tid`.
pub fn block_scale_b_lane(tid: u32, n: u32) -> u32 {
    4 * n + tid
}
