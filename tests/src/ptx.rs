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
