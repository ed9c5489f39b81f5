//! `wgmma.mma_async.sync.aligned` (sm_90a): warpgroup layouts over 4 warps, 128 threads,
//! `thread = warp * 32 + lane`. Warp `w` owns rows `16w..16w+15` of every 64-row tile.
//!
//! - The accumulator D of `m64nNk16` / `m64nNk8` / `m64nNk32` (one figure for all three), for
//!   every `N` from 8 to 256 in steps of 8: [`wgmma_accumulator`] builds it, and the named
//!   constants `SM90_64xNx16_F32_C` / `SM90_64xNx16_F16_C` (for each `N`) and
//!   `SM90_64xNx32_S32_C` (for the `N` that integer `wgmma` allows) are it, renamed. Each warp's
//!   16 x N slice is `N / 8` side-by-side copies of the `mma.m16n8` accumulator: element
//!   `i` is in n-block `i / 4`. The digit `e / 4` has range `N / 8`, which is not a power of
//!   two for most `N`: the mixed radix handles it.
//! - A from registers (the `RS` forms): 64 x K, each warp's 16 rows laid out as the matching
//!   `mma.m16n8kK` A fragment.
//! - The accumulator entries also list the sparse `wgmma.mma_async.sp` instructions of their N
//!   (`m64nNk32` f16 / bf16, `m64nNk16` tf32, `m64nNk64` 8-bit): the ISA gives sparse D as the
//!   dense D of the same `.dtype` (9.7.15.6.2). Their A and metadata are in `sm90_wgmma_sparse`.
//!
//! The ISA gives these layouts as figures only (Figures 148-153 in PTX ISA 8.x).

use super::declare::layouts;
use super::entry::{concat, total, Entry};
use crate::{Digit, Numeral};

/// The PTX ISA section of the `m64nNk16` fragments.
pub const WGMMA_K16: &str = "PTX ISA 9.7.15.5.1.1.1, Matrix Fragments for wgmma.mma_async.m64nNk16";
/// The PTX ISA section of the `m64nNk8` fragments.
pub const WGMMA_K8: &str = "PTX ISA 9.7.15.5.1.1.2, Matrix Fragments for wgmma.mma_async.m64nNk8";
/// The PTX ISA section of the `m64nNk32` fragments.
pub const WGMMA_K32: &str = "PTX ISA 9.7.15.5.1.1.3, Matrix Fragments for wgmma.mma_async.m64nNk32";

/// The digits of the `m64nN` accumulator, `e / 4` last so that `N = 8` (where it has range 1)
/// can drop it.
const fn accumulator_digits(n: u32) -> [Digit; 6] {
    [
        Digit::element(1, 2, 1),
        Digit::lane(1, 4, 2),
        Digit::lane(4, 8, n),
        Digit::element(2, 2, 8 * n),
        Digit::warp(1, 4, 16 * n),
        Digit::element(4, n / 8, 8),
    ]
}

const fn all_accumulator_digits() -> [[Digit; 6]; 32] {
    let mut t = [accumulator_digits(8); 32];
    let mut i = 0;
    while i < 32 {
        t[i] = accumulator_digits(8 * (i as u32 + 1));
        i += 1;
    }
    t
}

const ACCUMULATOR_DIGITS: [[Digit; 6]; 32] = all_accumulator_digits();

/// The accumulator D of `wgmma.mma_async.m64nNk*` for `N = n`: 64 x n over 4 warps, `n / 2`
/// elements per thread (f32 / s32 registers, or f16 packed two per `.f16x2`). Named
/// `"SM90_64xNx16_F32_C"`; the catalog constants rename it.
///
/// PTX (Figure "WGMMA .m64nNk16 register fragment layout for accumulator matrix D"): thread
/// `t`, element `i` is at `row = 16 * (t / 32) + (t % 32) / 4 + 8 * ((i / 2) % 2)`,
/// `col = 8 * (i / 4) + 2 * (t % 4) + i % 2`.
///
/// | digit      | range   | place  | source                         |
/// |------------|---------|--------|--------------------------------|
/// | `e % 2`    | 2       | 1      | col bit 0                      |
/// | `lane % 4` | 4       | 2      | col bits 1-2                   |
/// | `e / 4`    | `n / 8` | 8      | n-block (absent for `n = 8`)   |
/// | `lane / 4` | 8       | `n`    | row 0..8                       |
/// | `e / 2 % 2`| 2       | `8n`   | row + 8                        |
/// | `warp`     | 4       | `16n`  | rows + 16 per warp             |
///
/// Panics (fails compilation in `const`) unless `n` is a multiple of 8 in 8..=256.
pub const fn wgmma_accumulator(n: u32) -> Numeral<'static> {
    assert!(
        n >= 8 && n <= 256 && n % 8 == 0,
        "wgmma N must be a multiple of 8 from 8 to 256"
    );
    let all: &'static [[Digit; 6]; 32] = &ACCUMULATOR_DIGITS;
    let digits: &'static [Digit; 6] = &all[(n / 8 - 1) as usize];
    let used: &'static [Digit] = if n == 8 { digits.split_at(5).0 } else { digits };
    Numeral::new("SM90_64xNx16_F32_C", 64, n, n / 2, used).with_warps(4)
}

layouts! {
    entries A_ENTRIES { operand: A, element_bits: 16, arch: "sm_90a", ptx_section: WGMMA_K16 }

    /// A of `wgmma.mma_async.m64nNk16` f16/bf16 from registers: 64 x 16 (M x K), 8 elements in 4
    /// `.f16x2` registers per thread; each warp's 16 rows as in `mma.m16n8k16` A.
    ///
    /// PTX (Figure "WGMMA .m64nNk16 register fragment layout for matrix A"):
    /// `row = 16 * warp + groupID + 8 * ((i / 2) % 2)`,
    /// `col = 2 * threadID_in_group + (i % 2) + 8 * (i / 4)`.
    pub SM90_64xNx16_F16_A_RS: 64 x 16, warps 4 {
        e % 2        => 1   "col bit 0",
        lane % 4     => 2   "col bits 1-2",
        e / 4 % 2    => 8   "col + 8",
        lane / 4 % 8 => 16  "row 0..8",
        e / 2 % 2    => 128 "row + 8",
        warp % 4     => 256 "rows + 16 per warp",
    }
    entry { element_type: "f16", instructions: &[
        "wgmma.mma_async.sync.aligned.m64nNk16.f32.f16.f16",
        "wgmma.mma_async.sync.aligned.m64nNk16.f16.f16.f16",
    ] }

    /// A of `m64nNk16` bf16: the layout of [`SM90_64xNx16_F16_A_RS`].
    pub SM90_64xNx16_BF16_A_RS = SM90_64xNx16_F16_A_RS;
    entry { element_type: "bf16",
        instructions: &["wgmma.mma_async.sync.aligned.m64nNk16.f32.bf16.bf16"] }

    entries { arch: "sm_90a", ptx_section: WGMMA_K8 }

    /// A of `wgmma.mma_async.m64nNk8` tf32 from registers: 64 x 8 (M x K), 4 `.b32` registers per
    /// thread; each warp's 16 rows as in `mma.m16n8k8` tf32 A (rows before columns).
    ///
    /// PTX (Figure "WGMMA .m64nNk8 register fragment layout for matrix A"):
    /// `row = 16 * warp + groupID + 8 * (i % 2)`, `col = threadID_in_group + 4 * (i / 2)`.
    pub SM90_64xNx8_TF32_A_RS: 64 x 8, warps 4 {
        lane % 4     => 1   "col bits 0-1",
        e / 2 % 2    => 4   "col + 4",
        lane / 4 % 8 => 8   "row 0..8",
        e % 2        => 64  "row + 8",
        warp % 4     => 128 "rows + 16 per warp",
    }
    entry { operand: A, element_type: "tf32", element_bits: 32,
        instructions: &["wgmma.mma_async.sync.aligned.m64nNk8.f32.tf32.tf32"] }

    entries { operand: A, element_bits: 8, arch: "sm_90a", ptx_section: WGMMA_K32 }

    /// A of `wgmma.mma_async.m64nNk32` s8/u8/e4m3/e5m2 from registers: 64 x 32 (M x K), 16
    /// elements in 4 `.b32` registers per thread; each warp's 16 rows as in `mma.m16n8k32` A.
    ///
    /// PTX (Figure "WGMMA .m64nNk32 register fragment layout for matrix A"):
    /// `row = 16 * warp + groupID + 8 * ((i / 4) % 2)`,
    /// `col = 4 * threadID_in_group + (i % 4) + 16 * (i / 8)`.
    pub SM90_64xNx32_S8_A_RS: 64 x 32, warps 4 {
        e % 4        => 1   "col bits 0-1",
        lane % 4     => 4   "col bits 2-3",
        e / 8 % 2    => 16  "col + 16",
        lane / 4 % 8 => 32  "row 0..8",
        e / 4 % 2    => 256 "row + 8",
        warp % 4     => 512 "rows + 16 per warp",
    }
    entry { element_type: "s8", instructions: &[
        "wgmma.mma_async.sync.aligned.m64nNk32.s32.s8.s8",
        "wgmma.mma_async.sync.aligned.m64nNk32.s32.s8.u8",
        "wgmma.mma_async.sync.aligned.m64nNk32.satfinite.s32.s8.s8",
        "wgmma.mma_async.sync.aligned.m64nNk32.satfinite.s32.s8.u8",
    ] }

    /// A of `m64nNk32` u8: the layout of [`SM90_64xNx32_S8_A_RS`].
    pub SM90_64xNx32_U8_A_RS = SM90_64xNx32_S8_A_RS;
    entry { element_type: "u8", instructions: &[
        "wgmma.mma_async.sync.aligned.m64nNk32.s32.u8.s8",
        "wgmma.mma_async.sync.aligned.m64nNk32.s32.u8.u8",
        "wgmma.mma_async.sync.aligned.m64nNk32.satfinite.s32.u8.s8",
        "wgmma.mma_async.sync.aligned.m64nNk32.satfinite.s32.u8.u8",
    ] }

    /// A of `m64nNk32` e4m3: the layout of [`SM90_64xNx32_S8_A_RS`].
    pub SM90_64xNx32_E4M3_A_RS = SM90_64xNx32_S8_A_RS;
    entry { element_type: "e4m3", instructions: &[
        "wgmma.mma_async.sync.aligned.m64nNk32.f32.e4m3.e4m3",
        "wgmma.mma_async.sync.aligned.m64nNk32.f32.e4m3.e5m2",
        "wgmma.mma_async.sync.aligned.m64nNk32.f16.e4m3.e4m3",
        "wgmma.mma_async.sync.aligned.m64nNk32.f16.e4m3.e5m2",
    ] }

    /// A of `m64nNk32` e5m2: the layout of [`SM90_64xNx32_S8_A_RS`].
    pub SM90_64xNx32_E5M2_A_RS = SM90_64xNx32_S8_A_RS;
    entry { element_type: "e5m2", instructions: &[
        "wgmma.mma_async.sync.aligned.m64nNk32.f32.e5m2.e4m3",
        "wgmma.mma_async.sync.aligned.m64nNk32.f32.e5m2.e5m2",
        "wgmma.mma_async.sync.aligned.m64nNk32.f16.e5m2.e4m3",
        "wgmma.mma_async.sync.aligned.m64nNk32.f16.e5m2.e5m2",
    ] }
}

/// Declares, for each `N`, the f32 and f16 accumulator constants and their catalog entries.
macro_rules! float_accumulators {
    ($($n:literal $f32:ident $f16:ident),* $(,)?) => {
        layouts! {
            entries FLOAT_ENTRIES { operand: C, arch: "sm_90a", ptx_section: WGMMA_K16 }
            $(
                #[doc = concat!(
                    "C/D of `wgmma.mma_async{,.sp}.m64n", $n, "k*` with f32 accumulators (f16, \
                     bf16, tf32, e4m3, e5m2 multiplicands): [`wgmma_accumulator`]`(", $n,
                    ")`, 64 x ", $n, ", ", $n, " / 2 `.f32` registers per thread."
                )]
                pub $f32 = wgmma_accumulator($n);
                entry { element_type: "f32", element_bits: 32, instructions: &[
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k16.f32.f16.f16"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k16.f32.bf16.bf16"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k8.f32.tf32.tf32"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k32.f32.e4m3.e4m3"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k32.f32.e4m3.e5m2"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k32.f32.e5m2.e4m3"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k32.f32.e5m2.e5m2"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k32.f32.f16.f16"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k32.f32.bf16.bf16"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k16.f32.tf32.tf32"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k64.f32.e4m3.e4m3"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k64.f32.e4m3.e5m2"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k64.f32.e5m2.e4m3"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k64.f32.e5m2.e5m2"),
                ] }

                #[doc = concat!(
                    "C/D of `wgmma.mma_async{,.sp}.m64n", $n, "k*` with f16 accumulators: the \
                     layout of [`", stringify!($f32), "`], packed two per `.f16x2` register."
                )]
                pub $f16 = wgmma_accumulator($n);
                entry { element_type: "f16", element_bits: 16, instructions: &[
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k16.f16.f16.f16"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k32.f16.e4m3.e4m3"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k32.f16.e4m3.e5m2"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k32.f16.e5m2.e4m3"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k32.f16.e5m2.e5m2"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k32.f16.f16.f16"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k64.f16.e4m3.e4m3"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k64.f16.e4m3.e5m2"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k64.f16.e5m2.e4m3"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k64.f16.e5m2.e5m2"),
                ] }
            )*
        }
    };
}

/// Declares, for each `N` integer `wgmma` allows, the s32 accumulator and its entry.
macro_rules! int_accumulators {
    ($($n:literal $s32:ident),* $(,)?) => {
        layouts! {
            entries INT_ENTRIES {
                operand: C, element_type: "s32", element_bits: 32, arch: "sm_90a",
                ptx_section: WGMMA_K32,
            }
            $(
                #[doc = concat!(
                    "C/D of integer `wgmma.mma_async.m64n", $n, "k32` and `wgmma.mma_async.sp.m64n",
                    $n, "k64` (s32): [`wgmma_accumulator`]`(", $n, ")`."
                )]
                pub $s32 = wgmma_accumulator($n);
                entry { instructions: &[
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k32.s32.s8.s8"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k32.s32.s8.u8"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k32.s32.u8.s8"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k32.s32.u8.u8"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k64.s32.s8.s8"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k64.s32.s8.u8"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k64.s32.u8.s8"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k64.s32.u8.u8"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k32.satfinite.s32.s8.s8"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k32.satfinite.s32.s8.u8"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k32.satfinite.s32.u8.s8"),
                    concat!("wgmma.mma_async.sync.aligned.m64n", $n, "k32.satfinite.s32.u8.u8"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k64.satfinite.s32.s8.s8"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k64.satfinite.s32.s8.u8"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k64.satfinite.s32.u8.s8"),
                    concat!("wgmma.mma_async.sp.sync.aligned.m64n", $n, "k64.satfinite.s32.u8.u8"),
                ] }
            )*
        }
    };
}

float_accumulators!(
    8 SM90_64x8x16_F32_C SM90_64x8x16_F16_C,
    16 SM90_64x16x16_F32_C SM90_64x16x16_F16_C,
    24 SM90_64x24x16_F32_C SM90_64x24x16_F16_C,
    32 SM90_64x32x16_F32_C SM90_64x32x16_F16_C,
    40 SM90_64x40x16_F32_C SM90_64x40x16_F16_C,
    48 SM90_64x48x16_F32_C SM90_64x48x16_F16_C,
    56 SM90_64x56x16_F32_C SM90_64x56x16_F16_C,
    64 SM90_64x64x16_F32_C SM90_64x64x16_F16_C,
    72 SM90_64x72x16_F32_C SM90_64x72x16_F16_C,
    80 SM90_64x80x16_F32_C SM90_64x80x16_F16_C,
    88 SM90_64x88x16_F32_C SM90_64x88x16_F16_C,
    96 SM90_64x96x16_F32_C SM90_64x96x16_F16_C,
    104 SM90_64x104x16_F32_C SM90_64x104x16_F16_C,
    112 SM90_64x112x16_F32_C SM90_64x112x16_F16_C,
    120 SM90_64x120x16_F32_C SM90_64x120x16_F16_C,
    128 SM90_64x128x16_F32_C SM90_64x128x16_F16_C,
    136 SM90_64x136x16_F32_C SM90_64x136x16_F16_C,
    144 SM90_64x144x16_F32_C SM90_64x144x16_F16_C,
    152 SM90_64x152x16_F32_C SM90_64x152x16_F16_C,
    160 SM90_64x160x16_F32_C SM90_64x160x16_F16_C,
    168 SM90_64x168x16_F32_C SM90_64x168x16_F16_C,
    176 SM90_64x176x16_F32_C SM90_64x176x16_F16_C,
    184 SM90_64x184x16_F32_C SM90_64x184x16_F16_C,
    192 SM90_64x192x16_F32_C SM90_64x192x16_F16_C,
    200 SM90_64x200x16_F32_C SM90_64x200x16_F16_C,
    208 SM90_64x208x16_F32_C SM90_64x208x16_F16_C,
    216 SM90_64x216x16_F32_C SM90_64x216x16_F16_C,
    224 SM90_64x224x16_F32_C SM90_64x224x16_F16_C,
    232 SM90_64x232x16_F32_C SM90_64x232x16_F16_C,
    240 SM90_64x240x16_F32_C SM90_64x240x16_F16_C,
    248 SM90_64x248x16_F32_C SM90_64x248x16_F16_C,
    256 SM90_64x256x16_F32_C SM90_64x256x16_F16_C,
);

int_accumulators!(
    8 SM90_64x8x32_S32_C,
    16 SM90_64x16x32_S32_C,
    24 SM90_64x24x32_S32_C,
    32 SM90_64x32x32_S32_C,
    48 SM90_64x48x32_S32_C,
    64 SM90_64x64x32_S32_C,
    80 SM90_64x80x32_S32_C,
    96 SM90_64x96x32_S32_C,
    112 SM90_64x112x32_S32_C,
    128 SM90_64x128x32_S32_C,
    144 SM90_64x144x32_S32_C,
    160 SM90_64x160x32_S32_C,
    176 SM90_64x176x32_S32_C,
    192 SM90_64x192x32_S32_C,
    208 SM90_64x208x32_S32_C,
    224 SM90_64x224x32_S32_C,
    240 SM90_64x240x32_S32_C,
    256 SM90_64x256x32_S32_C,
);

const PARTS: &[&[Entry]] = &[A_ENTRIES, FLOAT_ENTRIES, INT_ENTRIES];
const ALL: [Entry; total(PARTS)] = concat(PARTS);

pub(super) const ENTRIES: &[Entry] = &ALL;
