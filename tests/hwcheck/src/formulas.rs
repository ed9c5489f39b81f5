//! For `--host-only`: the PTX ISA fragment formulas of `fraglayout_tests::ptx` (written from
//! the ISA text, not from the numerals), looked up by catalog name. The host simulation of an
//! instruction places elements with these, the check reads them with the generated code, so a
//! numeral that disagrees with the ISA fails on the host too.

use fraglayout_tests::ptx;

/// `(thread, element) -> (row, col)` in the catalog tile.
pub type Formula = Box<dyn Fn(u32, u32) -> (u32, u32)>;

/// Volta: the formula of one 8x8x4 product, placed in the stacked tile of the lane's
/// computation (`rows` rows per computation).
fn volta(f: fn(u32, u32) -> (u32, u32), rows: u32) -> Formula {
    Box::new(move |lane, i| {
        let (r, c) = f(lane, i);
        (rows * ptx::volta_computation(lane) + r, c)
    })
}

fn plain(f: fn(u32, u32) -> (u32, u32)) -> Formula {
    Box::new(f)
}

/// The ISA formula of the catalog layout `name`, if there is one.
pub fn formula(name: &str) -> Option<Formula> {
    Some(match name {
        "SM70_8x8x4_F16_A_ROW" => volta(ptx::m8n8k4_f16_a_row, 8),
        "SM70_8x8x4_F16_A_COL" => volta(ptx::m8n8k4_f16_a_col, 8),
        "SM70_8x8x4_F16_B_ROW" => volta(ptx::m8n8k4_f16_b_row, 4),
        "SM70_8x8x4_F16_B_COL" => volta(ptx::m8n8k4_f16_b_col, 4),
        "SM70_8x8x4_F16_C" => volta(ptx::m8n8k4_f16_c, 8),
        "SM70_8x8x4_F32_C" => volta(ptx::m8n8k4_f32_c, 8),
        "SM80_16x8x16_F16_A_ROW" | "SM80_16x8x16_BF16_A_ROW" => plain(ptx::m16n8k16_f16_a),
        "SM80_16x8x16_F16_B_COL" | "SM80_16x8x16_BF16_B_COL" => plain(ptx::m16n8k16_f16_b),
        "SM80_16x8x16_F32_C"
        | "SM80_16x8x16_F16_C"
        | "SM75_16x8x8_F32_C"
        | "SM75_16x8x8_F16_C"
        | "SM80_16x8x4_F32_C"
        | "SM80_16x8x16_S32_C"
        | "SM80_16x8x32_S32_C"
        | "SM89_16x8x32_F32_C"
        | "SM89_16x8x32_F16_C"
        | "SM80_16x8x64_S32_C"
        | "SM80_16x8x128_S32_C"
        | "SM80_16x8x256_S32_C"
        | "SM90_16x8x4_F64_C"
        | "SM90_16x8x8_F64_C"
        | "SM90_16x8x16_F64_C"
        | "SM80_SPARSE_16x8x16_F32_C"
        | "SM80_SPARSE_16x8x16_F16_C"
        | "SM80_SPARSE_16x8x32_F32_C"
        | "SM80_SPARSE_16x8x32_F16_C"
        | "SM80_SPARSE_16x8x8_F32_C"
        | "SM80_SPARSE_16x8x32_S32_C"
        | "SM80_SPARSE_16x8x64_S32_C"
        | "SM80_SPARSE_16x8x128_S32_C"
        | "SM89_SPARSE_16x8x64_F32_C" => plain(ptx::m16n8k16_c),
        "SM80_SPARSE_16x8x16_F16_A_ROW" | "SM80_SPARSE_16x8x16_BF16_A_ROW" => {
            plain(ptx::sparse_m16n8k16_f16_a)
        }
        "SM80_SPARSE_16x8x32_F16_A_ROW" | "SM80_SPARSE_16x8x32_BF16_A_ROW" => {
            plain(ptx::sparse_m16n8k32_f16_a)
        }
        "SM80_SPARSE_16x8x8_TF32_A_ROW" => plain(ptx::sparse_m16n8k8_tf32_a),
        "SM80_SPARSE_16x8x16_TF32_A_ROW" => plain(ptx::sparse_m16n8k16_tf32_a),
        "SM80_SPARSE_16x8x32_S8_A_ROW" | "SM80_SPARSE_16x8x32_U8_A_ROW" => {
            plain(ptx::sparse_m16n8k32_i8_a)
        }
        "SM80_SPARSE_16x8x64_S8_A_ROW"
        | "SM80_SPARSE_16x8x64_U8_A_ROW"
        | "SM89_SPARSE_16x8x64_E4M3_A_ROW"
        | "SM89_SPARSE_16x8x64_E5M2_A_ROW" => plain(ptx::sparse_m16n8k64_i8_a),
        "SM80_SPARSE_16x8x64_S4_A_ROW" | "SM80_SPARSE_16x8x64_U4_A_ROW" => {
            plain(ptx::sparse_m16n8k64_i4_a)
        }
        "SM80_SPARSE_16x8x128_S4_A_ROW" | "SM80_SPARSE_16x8x128_U4_A_ROW" => {
            plain(ptx::sparse_m16n8k128_i4_a)
        }
        "SM80_SPARSE_16x8x16_F16_B_COL" | "SM80_SPARSE_16x8x16_BF16_B_COL" => {
            plain(ptx::m16n8k16_f16_b)
        }
        "SM80_SPARSE_16x8x32_F16_B_COL" | "SM80_SPARSE_16x8x32_BF16_B_COL" => {
            plain(ptx::sparse_m16n8k32_f16_b)
        }
        "SM80_SPARSE_16x8x8_TF32_B_COL" => plain(ptx::m16n8k8_tf32_b),
        "SM80_SPARSE_16x8x16_TF32_B_COL" => plain(ptx::m16n8k16_f64_b),
        "SM80_SPARSE_16x8x32_S8_B_COL" | "SM80_SPARSE_16x8x32_U8_B_COL" => {
            plain(ptx::m16n8k32_i8_b)
        }
        "SM80_SPARSE_16x8x64_S8_B_COL"
        | "SM80_SPARSE_16x8x64_U8_B_COL"
        | "SM89_SPARSE_16x8x64_E4M3_B_COL"
        | "SM89_SPARSE_16x8x64_E5M2_B_COL" => plain(ptx::sparse_m16n8k64_i8_b),
        "SM80_SPARSE_16x8x64_S4_B_COL" | "SM80_SPARSE_16x8x64_U4_B_COL" => {
            plain(ptx::m16n8k64_i4_b)
        }
        "SM80_SPARSE_16x8x128_S4_B_COL" | "SM80_SPARSE_16x8x128_U4_B_COL" => {
            plain(ptx::sparse_m16n8k128_i4_b)
        }
        "SM75_16x8x8_F16_A_ROW" | "SM80_16x8x8_BF16_A_ROW" => plain(ptx::m16n8k8_f16_a),
        "SM75_16x8x8_F16_B_COL" | "SM80_16x8x8_BF16_B_COL" => plain(ptx::m16n8k8_f16_b),
        "SM80_16x8x8_TF32_A_ROW" | "SM90_16x8x8_F64_A_ROW" => plain(ptx::m16n8k8_tf32_a),
        "SM80_16x8x8_TF32_B_COL" | "SM90_16x8x8_F64_B_COL" => plain(ptx::m16n8k8_tf32_b),
        "SM80_16x8x4_TF32_A_ROW" | "SM90_16x8x4_F64_A_ROW" => plain(ptx::m16n8k4_tf32_a),
        "SM80_16x8x4_TF32_B_COL" | "SM90_16x8x4_F64_B_COL" => plain(ptx::m16n8k4_tf32_b),
        "SM90_16x8x16_F64_A_ROW" => plain(ptx::m16n8k16_f64_a),
        "SM90_16x8x16_F64_B_COL" => plain(ptx::m16n8k16_f64_b),
        "SM75_8x8x16_S8_A_ROW" | "SM75_8x8x16_U8_A_ROW" => plain(ptx::m8n8k16_i8_a),
        "SM75_8x8x16_S8_B_COL"
        | "SM75_8x8x16_U8_B_COL"
        | "SM80_16x8x16_S8_B_COL"
        | "SM80_16x8x16_U8_B_COL" => plain(ptx::m16n8k16_i8_b),
        "SM75_8x8x16_S32_C" | "SM75_8x8x32_S32_C" | "SM75_8x8x128_S32_C" | "SM80_8x8x128_S32_C"
        | "SM80_8x8x4_F64_C" => plain(ptx::m8n8_c),
        "SM80_16x8x16_S8_A_ROW" | "SM80_16x8x16_U8_A_ROW" => plain(ptx::m16n8k16_i8_a),
        "SM80_16x8x32_S8_A_ROW"
        | "SM80_16x8x32_U8_A_ROW"
        | "SM89_16x8x32_E4M3_A_ROW"
        | "SM89_16x8x32_E5M2_A_ROW" => plain(ptx::m16n8k32_i8_a),
        "SM80_16x8x32_S8_B_COL"
        | "SM80_16x8x32_U8_B_COL"
        | "SM89_16x8x32_E4M3_B_COL"
        | "SM89_16x8x32_E5M2_B_COL" => plain(ptx::m16n8k32_i8_b),
        "SM75_8x8x32_S4_A_ROW" | "SM75_8x8x32_U4_A_ROW" => plain(ptx::m8n8k32_i4_a),
        "SM75_8x8x32_S4_B_COL"
        | "SM75_8x8x32_U4_B_COL"
        | "SM80_16x8x32_S4_B_COL"
        | "SM80_16x8x32_U4_B_COL" => plain(ptx::m16n8k32_i4_b),
        "SM80_16x8x32_S4_A_ROW" | "SM80_16x8x32_U4_A_ROW" => plain(ptx::m16n8k32_i4_a),
        "SM80_16x8x64_S4_A_ROW" | "SM80_16x8x64_U4_A_ROW" => plain(ptx::m16n8k64_i4_a),
        "SM80_16x8x64_S4_B_COL" | "SM80_16x8x64_U4_B_COL" => plain(ptx::m16n8k64_i4_b),
        "SM75_8x8x128_B1_A_ROW" | "SM80_8x8x128_B1_A_ROW" => plain(ptx::m8n8k128_b1_a),
        "SM75_8x8x128_B1_B_COL" | "SM80_8x8x128_B1_B_COL" | "SM80_16x8x128_B1_B_COL" => {
            plain(ptx::m8n8k128_b1_b)
        }
        "SM80_16x8x128_B1_A_ROW" => plain(ptx::m16n8k128_b1_a),
        "SM80_16x8x256_B1_A_ROW" => plain(ptx::m16n8k256_b1_a),
        "SM80_16x8x256_B1_B_COL" => plain(ptx::m16n8k256_b1_b),
        "SM80_8x8x4_F64_A_ROW" => plain(ptx::m8n8k4_f64_a),
        "SM80_8x8x4_F64_B_COL" => plain(ptx::m8n8k4_f64_b),
        n if n.ends_with("_LDSM_N") || n.ends_with("_STSM_N") => plain(ptx::ldmatrix),
        n if n.ends_with("_LDSM_T") || n.ends_with("_STSM_T") => plain(ptx::ldmatrix_trans),
        n if n.starts_with("SM90_64x") && n.ends_with("_C") => plain(ptx::wgmma_d),
        "SM90_64xNx16_F16_A_RS" | "SM90_64xNx16_BF16_A_RS" => plain(ptx::wgmma_a_k16),
        "SM90_64xNx8_TF32_A_RS" => plain(ptx::wgmma_a_k8),
        "SM90_64xNx32_S8_A_RS"
        | "SM90_64xNx32_U8_A_RS"
        | "SM90_64xNx32_E4M3_A_RS"
        | "SM90_64xNx32_E5M2_A_RS" => plain(ptx::wgmma_a_k32),
        "SM90_SPARSE_64xNx32_F16_A_RS" | "SM90_SPARSE_64xNx32_BF16_A_RS" => {
            plain(ptx::wgmma_sp_a_k32)
        }
        "SM90_SPARSE_64xNx16_TF32_A_RS" => plain(ptx::wgmma_sp_a_k16),
        "SM90_SPARSE_64xNx64_S8_A_RS"
        | "SM90_SPARSE_64xNx64_U8_A_RS"
        | "SM90_SPARSE_64xNx64_E4M3_A_RS"
        | "SM90_SPARSE_64xNx64_E5M2_A_RS" => plain(ptx::wgmma_sp_a_k64),
        _ => return None,
    })
}

/// The ISA metadata figure of the catalog metadata layout `name` (see
/// [`ptx::SparseMetadata`]; for `wgmma`, over the warpgroup's 128 threads), if it is one.
pub fn metadata(name: &str) -> Option<ptx::SparseMetadata> {
    Some(match name {
        "SM80_SPARSE_16x8x16_F16_E"
        | "SM80_SPARSE_16x8x16_BF16_E"
        | "SM80_SPARSE_16x8x8_TF32_E" => ptx::sparse_metadata_one_lane,
        "SM80_SPARSE_16x8x32_F16_E"
        | "SM80_SPARSE_16x8x32_BF16_E"
        | "SM80_SPARSE_16x8x16_TF32_E" => ptx::sparse_metadata_pair_two_rows,
        "SM80_SPARSE_16x8x32_S8_E"
        | "SM80_SPARSE_16x8x32_U8_E"
        | "SM80_SPARSE_16x8x64_S4_E"
        | "SM80_SPARSE_16x8x64_U4_E" => ptx::sparse_metadata_pair_one_row,
        "SM80_SPARSE_16x8x64_S8_E"
        | "SM80_SPARSE_16x8x64_U8_E"
        | "SM89_SPARSE_16x8x64_E4M3_E"
        | "SM89_SPARSE_16x8x64_E5M2_E"
        | "SM80_SPARSE_16x8x128_S4_E"
        | "SM80_SPARSE_16x8x128_U4_E" => ptx::sparse_metadata_quad,
        "SM90_SPARSE_64xNx32_F16_E"
        | "SM90_SPARSE_64xNx32_BF16_E"
        | "SM90_SPARSE_64xNx16_TF32_E" => ptx::wgmma_sp_metadata_pair,
        "SM90_SPARSE_64xNx64_S8_E"
        | "SM90_SPARSE_64xNx64_U8_E"
        | "SM90_SPARSE_64xNx64_E4M3_E"
        | "SM90_SPARSE_64xNx64_E5M2_E" => ptx::wgmma_sp_metadata_quad,
        _ => return None,
    })
}
