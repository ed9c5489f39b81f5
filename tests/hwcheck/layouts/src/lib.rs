//! Generated per-lane code for every layout the check runs: one module per catalog numeral,
//! written by `#[fragment_layout]` through one `macro_rules!`.
//!
//! Each module has
//! - `gather(lane, m, ld) -> Vec<u32>`: the lane's registers as 32-bit words, read from the
//!   row-major matrix `m` of element bit patterns. 16-bit elements use the macro's
//!   `gather, packed`; 1- (b1), 4- (also the 4-bit fields of `mma.sp` metadata), 8-, 32- and
//!   64-bit elements are gathered with `gather` and packed by
//!   [`pack_words`](crate::pack::pack_words) (the crate's packing convention).
//! - `scatter(lane, elements, out, ld)`: the lane's elements written into `out`.
//! - `scatter_bounded(lane, elements, out, ld, rows, cols)`: the same for a partial tile,
//!   through `bounds(rows, cols)`.
//!
//! The lengths given to the macro are checked against the numeral when it expands.
//!
//! This is a crate of its own, not a module of hwcheck, so that the expansion (by far the
//! slowest code of the workspace to compile) is compiled once, not again for hwcheck's
//! unit-test build. hwcheck names it `crate::layouts`.
#![allow(non_snake_case)]

pub mod pack;

/// The generated functions of one layout.
pub struct Layout {
    /// The numeral's name.
    pub name: &'static str,
    /// Registers (32-bit words) of `lane`, gathered from a row-major matrix of bit patterns.
    pub gather: fn(u32, &[u64], usize) -> Vec<u32>,
    /// Writes `lane`'s elements (bit patterns, in element order) into a row-major matrix.
    pub scatter: fn(u32, &[u64], &mut [u64], usize),
    /// Like `scatter`, for a tile of which only `rows x cols` is valid.
    pub scatter_bounded: fn(u32, &[u64], &mut [u64], usize, usize, usize),
}

macro_rules! gather_fn {
    (b16, $name:ident, $n:tt, $r:tt) => {
        #[fragment_layout($name, gather, packed)]
        fn gather_packed(lane: u32, m: &[u64], ld: usize) -> [u32; $r] {
            |row, col| m[row * ld + col] as u16
        }
        pub fn gather(lane: u32, m: &[u64], ld: usize) -> Vec<u32> {
            gather_packed(lane, m, ld).to_vec()
        }
    };
    ($bits:tt, $name:ident, $n:tt) => {
        #[fragment_layout($name, gather)]
        fn gather_elements(lane: u32, m: &[u64], ld: usize) -> [u64; $n] {
            |row, col| m[row * ld + col]
        }
        pub fn gather(lane: u32, m: &[u64], ld: usize) -> Vec<u32> {
            crate::pack::pack_words(&gather_elements(lane, m, ld), $bits)
        }
    };
}

macro_rules! layouts {
    ($($name:ident: $kind:tt $n:tt $(/ $r:tt)?;)*) => {
        $(
            pub mod $name {
                use layout_core::catalog::*;
                use layout_macros::fragment_layout;

                gather_fn!($kind, $name, $n $(, $r)?);

                #[fragment_layout($name)]
                fn scatter_array(lane: u32, frag: &[u64; $n], out: &mut [u64], ld: usize) {
                    |row, col, value| out[row * ld + col] = value
                }

                #[fragment_layout($name, bounds(rows, cols))]
                fn scatter_bounded_array(
                    lane: u32,
                    frag: &[u64; $n],
                    out: &mut [u64],
                    ld: usize,
                    rows: usize,
                    cols: usize,
                ) {
                    |row, col, value| out[row * ld + col] = value
                }

                pub fn scatter(lane: u32, frag: &[u64], out: &mut [u64], ld: usize) {
                    scatter_array(lane, frag.try_into().expect("fragment length"), out, ld)
                }

                pub fn scatter_bounded(
                    lane: u32,
                    frag: &[u64],
                    out: &mut [u64],
                    ld: usize,
                    rows: usize,
                    cols: usize,
                ) {
                    let frag = frag.try_into().expect("fragment length");
                    scatter_bounded_array(lane, frag, out, ld, rows, cols)
                }
            }
        )*

        /// Every layout with generated code.
        pub static LAYOUTS: &[Layout] = &[
            $(
                Layout {
                    name: stringify!($name),
                    gather: $name::gather,
                    scatter: $name::scatter,
                    scatter_bounded: $name::scatter_bounded,
                },
            )*
        ];
    };
}

// NAME: element bits (b16: packed), elements per thread [/ registers, for b16].
layouts! {
    // Volta m8n8k4 f16.
    SM70_8x8x4_F16_A_ROW: b16 4 / 2;
    SM70_8x8x4_F16_A_COL: b16 4 / 2;
    SM70_8x8x4_F16_B_ROW: b16 4 / 2;
    SM70_8x8x4_F16_B_COL: b16 4 / 2;
    SM70_8x8x4_F16_C: b16 8 / 4;
    SM70_8x8x4_F32_C: 32 8;
    // m16n8k16 f16 / bf16.
    SM80_16x8x16_F16_A_ROW: b16 8 / 4;
    SM80_16x8x16_BF16_A_ROW: b16 8 / 4;
    SM80_16x8x16_F16_B_COL: b16 4 / 2;
    SM80_16x8x16_BF16_B_COL: b16 4 / 2;
    SM80_16x8x16_F32_C: 32 4;
    SM80_16x8x16_F16_C: b16 4 / 2;
    // m16n8k8 f16 / bf16 / tf32, m16n8k4 tf32.
    SM75_16x8x8_F16_A_ROW: b16 4 / 2;
    SM80_16x8x8_BF16_A_ROW: b16 4 / 2;
    SM75_16x8x8_F16_B_COL: b16 2 / 1;
    SM80_16x8x8_BF16_B_COL: b16 2 / 1;
    SM75_16x8x8_F32_C: 32 4;
    SM75_16x8x8_F16_C: b16 4 / 2;
    SM80_16x8x8_TF32_A_ROW: 32 4;
    SM80_16x8x8_TF32_B_COL: 32 2;
    SM80_16x8x4_TF32_A_ROW: 32 2;
    SM80_16x8x4_TF32_B_COL: 32 1;
    SM80_16x8x4_F32_C: 32 4;
    // 8-bit integers.
    SM75_8x8x16_S8_A_ROW: 8 4;
    SM75_8x8x16_U8_A_ROW: 8 4;
    SM75_8x8x16_S8_B_COL: 8 4;
    SM75_8x8x16_U8_B_COL: 8 4;
    SM75_8x8x16_S32_C: 32 2;
    SM80_16x8x16_S8_A_ROW: 8 8;
    SM80_16x8x16_U8_A_ROW: 8 8;
    SM80_16x8x16_S8_B_COL: 8 4;
    SM80_16x8x16_U8_B_COL: 8 4;
    SM80_16x8x16_S32_C: 32 4;
    SM80_16x8x32_S8_A_ROW: 8 16;
    SM80_16x8x32_U8_A_ROW: 8 16;
    SM80_16x8x32_S8_B_COL: 8 8;
    SM80_16x8x32_U8_B_COL: 8 8;
    SM80_16x8x32_S32_C: 32 4;
    // fp8.
    SM89_16x8x32_E4M3_A_ROW: 8 16;
    SM89_16x8x32_E5M2_A_ROW: 8 16;
    SM89_16x8x32_E4M3_B_COL: 8 8;
    SM89_16x8x32_E5M2_B_COL: 8 8;
    SM89_16x8x32_F32_C: 32 4;
    SM89_16x8x32_F16_C: b16 4 / 2;
    // 4-bit integers.
    SM75_8x8x32_S4_A_ROW: 4 8;
    SM75_8x8x32_U4_A_ROW: 4 8;
    SM75_8x8x32_S4_B_COL: 4 8;
    SM75_8x8x32_U4_B_COL: 4 8;
    SM75_8x8x32_S32_C: 32 2;
    SM80_16x8x32_S4_A_ROW: 4 16;
    SM80_16x8x32_U4_A_ROW: 4 16;
    SM80_16x8x32_S4_B_COL: 4 8;
    SM80_16x8x32_U4_B_COL: 4 8;
    SM80_16x8x64_S4_A_ROW: 4 32;
    SM80_16x8x64_U4_A_ROW: 4 32;
    SM80_16x8x64_S4_B_COL: 4 16;
    SM80_16x8x64_U4_B_COL: 4 16;
    SM80_16x8x64_S32_C: 32 4;
    // Single-bit (b1), 32 per register.
    SM75_8x8x128_B1_A_ROW: 1 32;
    SM75_8x8x128_B1_B_COL: 1 32;
    SM75_8x8x128_S32_C: 32 2;
    SM80_8x8x128_B1_A_ROW: 1 32;
    SM80_8x8x128_B1_B_COL: 1 32;
    SM80_8x8x128_S32_C: 32 2;
    SM80_16x8x128_B1_A_ROW: 1 64;
    SM80_16x8x128_B1_B_COL: 1 32;
    SM80_16x8x128_S32_C: 32 4;
    SM80_16x8x256_B1_A_ROW: 1 128;
    SM80_16x8x256_B1_B_COL: 1 64;
    SM80_16x8x256_S32_C: 32 4;
    // f64.
    SM80_8x8x4_F64_A_ROW: 64 1;
    SM80_8x8x4_F64_B_COL: 64 1;
    SM80_8x8x4_F64_C: 64 2;
    SM90_16x8x4_F64_A_ROW: 64 2;
    SM90_16x8x4_F64_B_COL: 64 1;
    SM90_16x8x4_F64_C: 64 4;
    SM90_16x8x8_F64_A_ROW: 64 4;
    SM90_16x8x8_F64_B_COL: 64 2;
    SM90_16x8x8_F64_C: 64 4;
    SM90_16x8x16_F64_A_ROW: 64 8;
    SM90_16x8x16_F64_B_COL: 64 4;
    SM90_16x8x16_F64_C: 64 4;
    // Sparse mma.sp: A over its non-zeros, B, C/D and the metadata (4-bit fields).
    SM80_SPARSE_16x8x16_F16_A_ROW: b16 4 / 2;
    SM80_SPARSE_16x8x16_BF16_A_ROW: b16 4 / 2;
    SM80_SPARSE_16x8x16_F16_B_COL: b16 4 / 2;
    SM80_SPARSE_16x8x16_BF16_B_COL: b16 4 / 2;
    SM80_SPARSE_16x8x16_F32_C: 32 4;
    SM80_SPARSE_16x8x16_F16_C: b16 4 / 2;
    SM80_SPARSE_16x8x16_F16_E: 4 8;
    SM80_SPARSE_16x8x16_BF16_E: 4 8;
    SM80_SPARSE_16x8x32_F16_A_ROW: b16 8 / 4;
    SM80_SPARSE_16x8x32_BF16_A_ROW: b16 8 / 4;
    SM80_SPARSE_16x8x32_F16_B_COL: b16 8 / 4;
    SM80_SPARSE_16x8x32_BF16_B_COL: b16 8 / 4;
    SM80_SPARSE_16x8x32_F32_C: 32 4;
    SM80_SPARSE_16x8x32_F16_C: b16 4 / 2;
    SM80_SPARSE_16x8x32_F16_E: 4 8;
    SM80_SPARSE_16x8x32_BF16_E: 4 8;
    SM80_SPARSE_16x8x8_TF32_A_ROW: 32 2;
    SM80_SPARSE_16x8x8_TF32_B_COL: 32 2;
    SM80_SPARSE_16x8x8_F32_C: 32 4;
    SM80_SPARSE_16x8x8_TF32_E: 4 8;
    SM80_SPARSE_16x8x16_TF32_A_ROW: 32 4;
    SM80_SPARSE_16x8x16_TF32_B_COL: 32 4;
    SM80_SPARSE_16x8x16_TF32_E: 4 8;
    SM80_SPARSE_16x8x32_S8_A_ROW: 8 8;
    SM80_SPARSE_16x8x32_U8_A_ROW: 8 8;
    SM80_SPARSE_16x8x32_S8_B_COL: 8 8;
    SM80_SPARSE_16x8x32_U8_B_COL: 8 8;
    SM80_SPARSE_16x8x32_S32_C: 32 4;
    SM80_SPARSE_16x8x32_S8_E: 4 8;
    SM80_SPARSE_16x8x32_U8_E: 4 8;
    SM80_SPARSE_16x8x64_S8_A_ROW: 8 16;
    SM80_SPARSE_16x8x64_U8_A_ROW: 8 16;
    SM80_SPARSE_16x8x64_S8_B_COL: 8 16;
    SM80_SPARSE_16x8x64_U8_B_COL: 8 16;
    SM80_SPARSE_16x8x64_S32_C: 32 4;
    SM80_SPARSE_16x8x64_S8_E: 4 8;
    SM80_SPARSE_16x8x64_U8_E: 4 8;
    SM80_SPARSE_16x8x64_S4_A_ROW: 4 16;
    SM80_SPARSE_16x8x64_U4_A_ROW: 4 16;
    SM80_SPARSE_16x8x64_S4_B_COL: 4 16;
    SM80_SPARSE_16x8x64_U4_B_COL: 4 16;
    SM80_SPARSE_16x8x64_S4_E: 4 8;
    SM80_SPARSE_16x8x64_U4_E: 4 8;
    SM80_SPARSE_16x8x128_S4_A_ROW: 4 32;
    SM80_SPARSE_16x8x128_U4_A_ROW: 4 32;
    SM80_SPARSE_16x8x128_S4_B_COL: 4 32;
    SM80_SPARSE_16x8x128_U4_B_COL: 4 32;
    SM80_SPARSE_16x8x128_S32_C: 32 4;
    SM80_SPARSE_16x8x128_S4_E: 4 8;
    SM80_SPARSE_16x8x128_U4_E: 4 8;
    SM89_SPARSE_16x8x64_E4M3_A_ROW: 8 16;
    SM89_SPARSE_16x8x64_E5M2_A_ROW: 8 16;
    SM89_SPARSE_16x8x64_E4M3_B_COL: 8 16;
    SM89_SPARSE_16x8x64_E5M2_B_COL: 8 16;
    SM89_SPARSE_16x8x64_F32_C: 32 4;
    SM89_SPARSE_16x8x64_E4M3_E: 4 8;
    SM89_SPARSE_16x8x64_E5M2_E: 4 8;
    // ldmatrix / stmatrix.
    SM75_U32x1_LDSM_N: b16 2 / 1;
    SM75_U32x2_LDSM_N: b16 4 / 2;
    SM75_U32x4_LDSM_N: b16 8 / 4;
    SM75_U16x2_LDSM_T: b16 2 / 1;
    SM75_U16x4_LDSM_T: b16 4 / 2;
    SM75_U16x8_LDSM_T: b16 8 / 4;
    SM90_U32x1_STSM_N: b16 2 / 1;
    SM90_U32x2_STSM_N: b16 4 / 2;
    SM90_U32x4_STSM_N: b16 8 / 4;
    SM90_U16x2_STSM_T: b16 2 / 1;
    SM90_U16x4_STSM_T: b16 4 / 2;
    SM90_U16x8_STSM_T: b16 8 / 4;
    SM75_U32x1_MOVM_T: b16 2 / 1;
    // wgmma f32 accumulators for the N the check runs.
    SM90_64x8x16_F32_C: 32 4;
    SM90_64x16x16_F32_C: 32 8;
    SM90_64x24x16_F32_C: 32 12;
    SM90_64x64x16_F32_C: 32 32;
    SM90_64x128x16_F32_C: 32 64;
    SM90_64x256x16_F32_C: 32 128;
    // wgmma f16 and s32 accumulators, and A in registers.
    SM90_64x8x16_F16_C: b16 4 / 2;
    SM90_64x64x16_F16_C: b16 32 / 16;
    SM90_64x256x16_F16_C: b16 128 / 64;
    SM90_64x8x32_S32_C: 32 4;
    SM90_64x64x32_S32_C: 32 32;
    SM90_64x256x32_S32_C: 32 128;
    SM90_64xNx16_F16_A_RS: b16 8 / 4;
    SM90_64xNx16_BF16_A_RS: b16 8 / 4;
    SM90_64xNx8_TF32_A_RS: 32 4;
    SM90_64xNx32_S8_A_RS: 8 16;
    SM90_64xNx32_U8_A_RS: 8 16;
    SM90_64xNx32_E4M3_A_RS: 8 16;
    SM90_64xNx32_E5M2_A_RS: 8 16;
    // Sparse wgmma.mma_async.sp: A in registers (its non-zeros) and the metadata.
    SM90_SPARSE_64xNx32_F16_A_RS: b16 8 / 4;
    SM90_SPARSE_64xNx32_BF16_A_RS: b16 8 / 4;
    SM90_SPARSE_64xNx16_TF32_A_RS: 32 4;
    SM90_SPARSE_64xNx64_S8_A_RS: 8 16;
    SM90_SPARSE_64xNx64_U8_A_RS: 8 16;
    SM90_SPARSE_64xNx64_E4M3_A_RS: 8 16;
    SM90_SPARSE_64xNx64_E5M2_A_RS: 8 16;
    SM90_SPARSE_64xNx32_F16_E: 4 8;
    SM90_SPARSE_64xNx32_BF16_E: 4 8;
    SM90_SPARSE_64xNx16_TF32_E: 4 8;
    SM90_SPARSE_64xNx64_S8_E: 4 8;
    SM90_SPARSE_64xNx64_U8_E: 4 8;
    SM90_SPARSE_64xNx64_E4M3_E: 4 8;
    SM90_SPARSE_64xNx64_E5M2_E: 4 8;
}

/// The generated code for numeral `name`.
pub fn layout(name: &str) -> Option<&'static Layout> {
    LAYOUTS.iter().find(|l| l.name == name)
}
