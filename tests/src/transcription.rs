//! The one table from catalog name to ISA formula, built only from the [`ptx`] transcriptions
//! (written from the ISA text, never from the numerals). The catalog tests compare every
//! numeral with it; hwcheck's `--host-only` simulation places elements with it, so a numeral
//! that disagrees with the ISA fails on the host too.
//!
//! ```
//! use fraglayout_tests::transcription::{find, formula};
//! // Lane 5 of the m16n8k16 accumulator: c0 at row groupID = 1, column 2 * (5 % 4) = 2.
//! assert_eq!(formula("SM80_16x8x16_F32_C").unwrap()(5, 0), (1, 2));
//! // Volta: lane 4 is in computation 2 (quad-pair 1), so its rows start at 8.
//! assert_eq!(find("SM70_8x8x4_F16_C").unwrap().at(4, 0), (8, 0));
//! assert!(find("SM90_64x40x32_S32_C").is_none(), "integer wgmma has no N = 40");
//! ```

use std::borrow::Cow;

use crate::ptx::{self, SparseMetadata};

/// A PTX formula: `(thread, element) -> (row, col)` in the operand's PTX orientation.
pub type Formula = fn(u32, u32) -> (u32, u32);

/// How the formula of a catalog layout is built from the [`ptx`] transcriptions.
#[derive(Clone, Copy, Debug)]
pub enum Transcription {
    /// The formula as the ISA states it.
    Plain(Formula),
    /// Volta `m8n8k4`: the formula of one 8x8x4 product, shifted to the block of the lane's
    /// computation (quad-pair) in the vertically stacked tile, `rows` rows per product.
    Volta(Formula, u32),
    /// A metadata figure over the catalog's tile of every selector's fields, `chunks` 4-bit
    /// fields per row of A and selector: field `n` of `thread` is at
    /// `(row, selector * chunks + chunk)` for the one selector that reads it.
    Metadata(SparseMetadata, u32),
    /// `tcgen05.ld` / `tcgen05.st`: the shape as PTX spells it, `.num`, and whether packed
    /// (`.pack::16b` / `.unpack::16b`).
    Tcgen05(&'static str, u32, bool),
}

impl Transcription {
    /// `(row, col)` of `thread`'s element `i` in the catalog tile.
    ///
    /// # Panics
    /// For [`Transcription::Metadata`], when not exactly one selector reads the field (the
    /// figure is then no layout of the tile).
    pub fn at(self, thread: u32, i: u32) -> (u32, u32) {
        match self {
            Transcription::Plain(f) => f(thread, i),
            Transcription::Volta(f, rows) => {
                let (r, c) = f(thread, i);
                (r + rows * ptx::volta_computation(thread), c)
            }
            Transcription::Metadata(figure, chunks) => {
                let held: Vec<(u32, u32)> = (0..16 / chunks)
                    .filter_map(|sel| {
                        figure(sel, thread, i).map(|(row, c)| (row, sel * chunks + c))
                    })
                    .collect();
                assert_eq!(
                    held.len(),
                    1,
                    "thread {thread}, field {i}: read by {held:?}"
                );
                held[0]
            }
            Transcription::Tcgen05(shape, num, false) => ptx::tcgen05_b32(shape, num, thread, i),
            Transcription::Tcgen05(shape, num, true) => ptx::tcgen05_16b(shape, num, thread, i),
        }
    }
}

use Transcription::{Plain, Volta};

/// Every name but the `wgmma` accumulators and the metadata, by formula.
const FORMULAS: &[(&[&str], Transcription)] = &[
    (
        &["SM80_16x8x16_F16_A_ROW", "SM80_16x8x16_BF16_A_ROW"],
        Plain(ptx::m16n8k16_f16_a),
    ),
    (
        &[
            "SM120_16x8x32_SFA_1X",
            "SM120_16x8x64_SFA_2X",
            "SM120_16x8x64_SFA_4X",
        ],
        Plain(ptx::block_scale_a),
    ),
    (
        &[
            "SM120_16x8x32_SFB_1X",
            "SM120_16x8x64_SFB_2X",
            "SM120_16x8x64_SFB_4X",
        ],
        Plain(ptx::block_scale_b),
    ),
    (
        &["SM80_16x8x16_F16_B_COL", "SM80_16x8x16_BF16_B_COL"],
        Plain(ptx::m16n8k16_f16_b),
    ),
    (
        &[
            "SM80_16x8x16_F32_C",
            "SM80_16x8x16_F16_C",
            "SM75_16x8x8_F32_C",
            "SM75_16x8x8_F16_C",
            "SM80_16x8x4_F32_C",
            "SM80_16x8x16_S32_C",
            "SM80_16x8x32_S32_C",
            "SM80_16x8x64_S32_C",
            "SM80_16x8x128_S32_C",
            "SM80_16x8x256_S32_C",
            "SM89_16x8x32_F32_C",
            "SM89_16x8x32_F16_C",
            "SM120_16x8x32_F32_C",
            "SM120_16x8x32_F16_C",
            "SM120_16x8x64_F32_C",
            "SM90_16x8x4_F64_C",
            "SM90_16x8x8_F64_C",
            "SM90_16x8x16_F64_C",
            "SM80_SPARSE_16x8x16_F32_C",
            "SM80_SPARSE_16x8x16_F16_C",
            "SM80_SPARSE_16x8x32_F32_C",
            "SM80_SPARSE_16x8x32_F16_C",
            "SM80_SPARSE_16x8x8_F32_C",
            "SM80_SPARSE_16x8x32_S32_C",
            "SM80_SPARSE_16x8x64_S32_C",
            "SM80_SPARSE_16x8x128_S32_C",
            "SM89_SPARSE_16x8x64_F32_C",
        ],
        Plain(ptx::m16n8k16_c),
    ),
    (
        &["SM75_16x8x8_F16_A_ROW", "SM80_16x8x8_BF16_A_ROW"],
        Plain(ptx::m16n8k8_f16_a),
    ),
    (
        &["SM75_16x8x8_F16_B_COL", "SM80_16x8x8_BF16_B_COL"],
        Plain(ptx::m16n8k8_f16_b),
    ),
    (
        &["SM80_16x8x8_TF32_A_ROW", "SM90_16x8x8_F64_A_ROW"],
        Plain(ptx::m16n8k8_tf32_a),
    ),
    (
        &["SM80_16x8x8_TF32_B_COL", "SM90_16x8x8_F64_B_COL"],
        Plain(ptx::m16n8k8_tf32_b),
    ),
    (
        &["SM80_16x8x4_TF32_A_ROW", "SM90_16x8x4_F64_A_ROW"],
        Plain(ptx::m16n8k4_tf32_a),
    ),
    (
        &["SM80_16x8x4_TF32_B_COL", "SM90_16x8x4_F64_B_COL"],
        Plain(ptx::m16n8k4_tf32_b),
    ),
    (&["SM90_16x8x16_F64_A_ROW"], Plain(ptx::m16n8k16_f64_a)),
    (&["SM90_16x8x16_F64_B_COL"], Plain(ptx::m16n8k16_f64_b)),
    (
        &["SM80_16x8x16_S8_A_ROW", "SM80_16x8x16_U8_A_ROW"],
        Plain(ptx::m16n8k16_i8_a),
    ),
    (
        &[
            "SM80_16x8x16_S8_B_COL",
            "SM80_16x8x16_U8_B_COL",
            "SM75_8x8x16_S8_B_COL",
            "SM75_8x8x16_U8_B_COL",
        ],
        Plain(ptx::m16n8k16_i8_b),
    ),
    (
        &[
            "SM80_16x8x32_S8_A_ROW",
            "SM80_16x8x32_U8_A_ROW",
            "SM89_16x8x32_E4M3_A_ROW",
            "SM89_16x8x32_E5M2_A_ROW",
            "SM120_16x8x32_E4M3_A_ROW",
            "SM120_16x8x32_E5M2_A_ROW",
            "SM120_16x8x32_E3M2_A_ROW",
            "SM120_16x8x32_E2M3_A_ROW",
            "SM120_16x8x32_E2M1_A_ROW",
        ],
        Plain(ptx::m16n8k32_i8_a),
    ),
    (
        &[
            "SM80_16x8x32_S8_B_COL",
            "SM80_16x8x32_U8_B_COL",
            "SM89_16x8x32_E4M3_B_COL",
            "SM89_16x8x32_E5M2_B_COL",
            "SM120_16x8x32_E4M3_B_COL",
            "SM120_16x8x32_E5M2_B_COL",
            "SM120_16x8x32_E3M2_B_COL",
            "SM120_16x8x32_E2M3_B_COL",
            "SM120_16x8x32_E2M1_B_COL",
        ],
        Plain(ptx::m16n8k32_i8_b),
    ),
    (
        &["SM80_16x8x32_S4_A_ROW", "SM80_16x8x32_U4_A_ROW"],
        Plain(ptx::m16n8k32_i4_a),
    ),
    (
        &[
            "SM80_16x8x32_S4_B_COL",
            "SM80_16x8x32_U4_B_COL",
            "SM75_8x8x32_S4_B_COL",
            "SM75_8x8x32_U4_B_COL",
        ],
        Plain(ptx::m16n8k32_i4_b),
    ),
    (
        &[
            "SM80_16x8x64_S4_A_ROW",
            "SM80_16x8x64_U4_A_ROW",
            "SM120_16x8x64_E2M1_A_ROW",
        ],
        Plain(ptx::m16n8k64_i4_a),
    ),
    (
        &[
            "SM80_16x8x64_S4_B_COL",
            "SM80_16x8x64_U4_B_COL",
            "SM120_16x8x64_E2M1_B_COL",
        ],
        Plain(ptx::m16n8k64_i4_b),
    ),
    (
        &["SM75_8x8x16_S8_A_ROW", "SM75_8x8x16_U8_A_ROW"],
        Plain(ptx::m8n8k16_i8_a),
    ),
    (
        &["SM75_8x8x32_S4_A_ROW", "SM75_8x8x32_U4_A_ROW"],
        Plain(ptx::m8n8k32_i4_a),
    ),
    (
        &[
            "SM75_8x8x16_S32_C",
            "SM75_8x8x32_S32_C",
            "SM75_8x8x128_S32_C",
            "SM80_8x8x128_S32_C",
            "SM80_8x8x4_F64_C",
        ],
        Plain(ptx::m8n8_c),
    ),
    (
        &["SM75_8x8x128_B1_A_ROW", "SM80_8x8x128_B1_A_ROW"],
        Plain(ptx::m8n8k128_b1_a),
    ),
    (
        &[
            "SM75_8x8x128_B1_B_COL",
            "SM80_8x8x128_B1_B_COL",
            "SM80_16x8x128_B1_B_COL",
        ],
        Plain(ptx::m8n8k128_b1_b),
    ),
    (&["SM80_16x8x128_B1_A_ROW"], Plain(ptx::m16n8k128_b1_a)),
    (&["SM80_16x8x256_B1_A_ROW"], Plain(ptx::m16n8k256_b1_a)),
    (&["SM80_16x8x256_B1_B_COL"], Plain(ptx::m16n8k256_b1_b)),
    (&["SM80_8x8x4_F64_A_ROW"], Plain(ptx::m8n8k4_f64_a)),
    (&["SM80_8x8x4_F64_B_COL"], Plain(ptx::m8n8k4_f64_b)),
    (
        &[
            "SM75_U32x1_LDSM_N",
            "SM75_U32x2_LDSM_N",
            "SM75_U32x4_LDSM_N",
            "SM90_U32x1_STSM_N",
            "SM90_U32x2_STSM_N",
            "SM90_U32x4_STSM_N",
        ],
        Plain(ptx::ldmatrix),
    ),
    (
        &[
            "SM75_U16x2_LDSM_T",
            "SM75_U16x4_LDSM_T",
            "SM75_U16x8_LDSM_T",
            "SM90_U16x2_STSM_T",
            "SM90_U16x4_STSM_T",
            "SM90_U16x8_STSM_T",
        ],
        Plain(ptx::ldmatrix_trans),
    ),
    // movmatrix: the numeral is `a` over the source matrix (and `d` over the transposed one,
    // which the catalog test `movmatrix_transposes_in_the_ldmatrix_x1_layout` checks against
    // the ISA's figure).
    (&["SM75_U32x1_MOVM_T"], Plain(ptx::movmatrix_a)),
    (
        &["SM90_64xNx16_F16_A_RS", "SM90_64xNx16_BF16_A_RS"],
        Plain(ptx::wgmma_a_k16),
    ),
    (&["SM90_64xNx8_TF32_A_RS"], Plain(ptx::wgmma_a_k8)),
    (
        &[
            "SM90_64xNx32_S8_A_RS",
            "SM90_64xNx32_U8_A_RS",
            "SM90_64xNx32_E4M3_A_RS",
            "SM90_64xNx32_E5M2_A_RS",
        ],
        Plain(ptx::wgmma_a_k32),
    ),
    // Sparse mma.sp: A over its non-zeros, then B.
    (
        &[
            "SM80_SPARSE_16x8x16_F16_A_ROW",
            "SM80_SPARSE_16x8x16_BF16_A_ROW",
        ],
        Plain(ptx::sparse_m16n8k16_f16_a),
    ),
    (
        &[
            "SM80_SPARSE_16x8x32_F16_A_ROW",
            "SM80_SPARSE_16x8x32_BF16_A_ROW",
        ],
        Plain(ptx::sparse_m16n8k32_f16_a),
    ),
    (
        &["SM80_SPARSE_16x8x8_TF32_A_ROW"],
        Plain(ptx::sparse_m16n8k8_tf32_a),
    ),
    (
        &["SM80_SPARSE_16x8x16_TF32_A_ROW"],
        Plain(ptx::sparse_m16n8k16_tf32_a),
    ),
    (
        &[
            "SM80_SPARSE_16x8x32_S8_A_ROW",
            "SM80_SPARSE_16x8x32_U8_A_ROW",
        ],
        Plain(ptx::sparse_m16n8k32_i8_a),
    ),
    (
        &[
            "SM80_SPARSE_16x8x64_S8_A_ROW",
            "SM80_SPARSE_16x8x64_U8_A_ROW",
            "SM89_SPARSE_16x8x64_E4M3_A_ROW",
            "SM89_SPARSE_16x8x64_E5M2_A_ROW",
        ],
        Plain(ptx::sparse_m16n8k64_i8_a),
    ),
    (
        &[
            "SM80_SPARSE_16x8x64_S4_A_ROW",
            "SM80_SPARSE_16x8x64_U4_A_ROW",
        ],
        Plain(ptx::sparse_m16n8k64_i4_a),
    ),
    (
        &[
            "SM80_SPARSE_16x8x128_S4_A_ROW",
            "SM80_SPARSE_16x8x128_U4_A_ROW",
        ],
        Plain(ptx::sparse_m16n8k128_i4_a),
    ),
    (
        &[
            "SM80_SPARSE_16x8x16_F16_B_COL",
            "SM80_SPARSE_16x8x16_BF16_B_COL",
        ],
        Plain(ptx::m16n8k16_f16_b),
    ),
    (
        &[
            "SM80_SPARSE_16x8x32_F16_B_COL",
            "SM80_SPARSE_16x8x32_BF16_B_COL",
        ],
        Plain(ptx::sparse_m16n8k32_f16_b),
    ),
    (
        &["SM80_SPARSE_16x8x8_TF32_B_COL"],
        Plain(ptx::m16n8k8_tf32_b),
    ),
    // The ISA draws sparse m16n8k16 tf32 B with the image of dense m16n8k16 f64 B.
    (
        &["SM80_SPARSE_16x8x16_TF32_B_COL"],
        Plain(ptx::m16n8k16_f64_b),
    ),
    (
        &[
            "SM80_SPARSE_16x8x32_S8_B_COL",
            "SM80_SPARSE_16x8x32_U8_B_COL",
        ],
        Plain(ptx::m16n8k32_i8_b),
    ),
    (
        &[
            "SM80_SPARSE_16x8x64_S8_B_COL",
            "SM80_SPARSE_16x8x64_U8_B_COL",
            "SM89_SPARSE_16x8x64_E4M3_B_COL",
            "SM89_SPARSE_16x8x64_E5M2_B_COL",
        ],
        Plain(ptx::sparse_m16n8k64_i8_b),
    ),
    (
        &[
            "SM80_SPARSE_16x8x64_S4_B_COL",
            "SM80_SPARSE_16x8x64_U4_B_COL",
        ],
        Plain(ptx::m16n8k64_i4_b),
    ),
    (
        &[
            "SM80_SPARSE_16x8x128_S4_B_COL",
            "SM80_SPARSE_16x8x128_U4_B_COL",
        ],
        Plain(ptx::sparse_m16n8k128_i4_b),
    ),
    // Sparse wgmma: A in registers (its non-zeros).
    (
        &[
            "SM90_SPARSE_64xNx32_F16_A_RS",
            "SM90_SPARSE_64xNx32_BF16_A_RS",
        ],
        Plain(ptx::wgmma_sp_a_k32),
    ),
    (
        &["SM90_SPARSE_64xNx16_TF32_A_RS"],
        Plain(ptx::wgmma_sp_a_k16),
    ),
    (
        &[
            "SM90_SPARSE_64xNx64_S8_A_RS",
            "SM90_SPARSE_64xNx64_U8_A_RS",
            "SM90_SPARSE_64xNx64_E4M3_A_RS",
            "SM90_SPARSE_64xNx64_E5M2_A_RS",
        ],
        Plain(ptx::wgmma_sp_a_k64),
    ),
    // Volta: A and the accumulators 8 rows per product, B 4.
    (&["SM70_8x8x4_F16_A_ROW"], Volta(ptx::m8n8k4_f16_a_row, 8)),
    (&["SM70_8x8x4_F16_A_COL"], Volta(ptx::m8n8k4_f16_a_col, 8)),
    (&["SM70_8x8x4_F16_B_ROW"], Volta(ptx::m8n8k4_f16_b_row, 4)),
    (&["SM70_8x8x4_F16_B_COL"], Volta(ptx::m8n8k4_f16_b_col, 4)),
    (&["SM70_8x8x4_F16_C"], Volta(ptx::m8n8k4_f16_c, 8)),
    (&["SM70_8x8x4_F32_C"], Volta(ptx::m8n8k4_f32_c, 8)),
];

/// A family of metadata entries read through one ISA figure: `(names, figure, chunks per row
/// of A)` (4-bit fields per row and selector).
pub type MetadataFigure = (&'static [&'static str], SparseMetadata, u32);

/// The `mma.sp` metadata entries by ISA figure.
pub const SPARSE_METADATA: &[MetadataFigure] = &[
    (
        &[
            "SM80_SPARSE_16x8x16_F16_E",
            "SM80_SPARSE_16x8x16_BF16_E",
            "SM80_SPARSE_16x8x8_TF32_E",
        ],
        ptx::sparse_metadata_one_lane,
        4,
    ),
    (
        &[
            "SM80_SPARSE_16x8x32_F16_E",
            "SM80_SPARSE_16x8x32_BF16_E",
            "SM80_SPARSE_16x8x16_TF32_E",
        ],
        ptx::sparse_metadata_pair_two_rows,
        8,
    ),
    (
        &[
            "SM80_SPARSE_16x8x32_S8_E",
            "SM80_SPARSE_16x8x32_U8_E",
            "SM80_SPARSE_16x8x64_S4_E",
            "SM80_SPARSE_16x8x64_U4_E",
        ],
        ptx::sparse_metadata_pair_one_row,
        8,
    ),
    (
        &[
            "SM80_SPARSE_16x8x64_S8_E",
            "SM80_SPARSE_16x8x64_U8_E",
            "SM89_SPARSE_16x8x64_E4M3_E",
            "SM89_SPARSE_16x8x64_E5M2_E",
            "SM80_SPARSE_16x8x128_S4_E",
            "SM80_SPARSE_16x8x128_U4_E",
        ],
        ptx::sparse_metadata_quad,
        16,
    ),
];

/// The sparse `wgmma` metadata entries by ISA figure (over the warpgroup's 128 threads).
pub const WGMMA_SP_METADATA: &[MetadataFigure] = &[
    (
        &[
            "SM90_SPARSE_64xNx32_F16_E",
            "SM90_SPARSE_64xNx32_BF16_E",
            "SM90_SPARSE_64xNx16_TF32_E",
        ],
        ptx::wgmma_sp_metadata_pair,
        8,
    ),
    (
        &[
            "SM90_SPARSE_64xNx64_S8_E",
            "SM90_SPARSE_64xNx64_U8_E",
            "SM90_SPARSE_64xNx64_E4M3_E",
            "SM90_SPARSE_64xNx64_E5M2_E",
        ],
        ptx::wgmma_sp_metadata_quad,
        16,
    ),
];

/// The N the `wgmma` syntax allows for f16 / bf16 / tf32 / e4m3 / e5m2: 8..=256 step 8
/// (32 values).
pub fn wgmma_float_ns() -> impl Iterator<Item = u32> + Clone {
    (8..=256).step_by(8)
}

/// The N the `wgmma` syntax allows for s8 / u8: 8, 16, 24, then 32..=256 step 16 (18 values).
pub fn wgmma_int_ns() -> impl Iterator<Item = u32> + Clone {
    [8, 16, 24].into_iter().chain((32..=256).step_by(16))
}

/// The `wgmma` accumulators, one entry per N: f32 / f16 `m64nNk16` and s32 `m64nNk32`.
fn wgmma_accumulators() -> impl Iterator<Item = String> {
    let float = wgmma_float_ns().flat_map(|n| {
        [
            format!("SM90_64x{n}x16_F32_C"),
            format!("SM90_64x{n}x16_F16_C"),
        ]
    });
    float.chain(wgmma_int_ns().map(|n| format!("SM90_64x{n}x32_S32_C")))
}

/// The `tcgen05.ld` / `tcgen05.st` shapes: CuTe's op-name part, the PTX shape, the largest
/// `.num` (128 registers per thread).
pub const TCGEN05_SHAPES: [(&str, &str, u32); 5] = [
    ("32dp32b", "32x32b", 128),
    ("16dp64b", "16x64b", 128),
    ("16dp128b", "16x128b", 64),
    ("16dp256b", "16x256b", 32),
    ("16dp32b", "16x32bx2", 128),
];

/// Every `tcgen05` access layout: `SM100_TMEM_{cute}{num}x` and `..._16b`.
pub fn tcgen05_accesses() -> impl Iterator<Item = (String, Transcription)> {
    TCGEN05_SHAPES.into_iter().flat_map(|(cute, shape, max)| {
        (0..8)
            .map(|k| 1u32 << k)
            .filter(move |&n| n <= max)
            .flat_map(move |n| {
                [false, true].map(|packed| {
                    let suffix = if packed { "_16b" } else { "" };
                    (
                        format!("SM100_TMEM_{cute}{n}x{suffix}"),
                        Transcription::Tcgen05(shape, n, packed),
                    )
                })
            })
    })
}

/// Every name with its transcription, spelled out independently of the catalog, in table
/// order (a name listed twice appears twice; the catalog tests reject that).
pub fn entries() -> impl Iterator<Item = (Cow<'static, str>, Transcription)> {
    let formulas = FORMULAS
        .iter()
        .flat_map(|&(names, t)| names.iter().map(move |&n| (Cow::Borrowed(n), t)));
    let metadata =
        SPARSE_METADATA
            .iter()
            .chain(WGMMA_SP_METADATA)
            .flat_map(|&(names, figure, chunks)| {
                names
                    .iter()
                    .map(move |&n| (Cow::Borrowed(n), Transcription::Metadata(figure, chunks)))
            });
    let accumulators = wgmma_accumulators().map(|n| (Cow::Owned(n), Plain(ptx::wgmma_d)));
    let tmem = tcgen05_accesses().map(|(n, t)| (Cow::Owned(n), t));
    formulas.chain(metadata).chain(accumulators).chain(tmem)
}

/// The transcription of the catalog layout `name`, if there is one.
pub fn find(name: &str) -> Option<Transcription> {
    entries().find(|(n, _)| n == name).map(|(_, t)| t)
}

/// The ISA formula of the catalog layout `name`, `(thread, element) -> (row, col)` in its
/// catalog tile, if there is one.
pub fn formula(name: &str) -> Option<impl Fn(u32, u32) -> (u32, u32)> {
    find(name).map(|t| move |thread, i| t.at(thread, i))
}

/// The ISA metadata figure of the catalog metadata layout `name` (see [`SparseMetadata`]; for
/// `wgmma`, over the warpgroup's 128 threads), if it is one.
pub fn metadata(name: &str) -> Option<SparseMetadata> {
    match find(name)? {
        Transcription::Metadata(figure, _) => Some(figure),
        _ => None,
    }
}
