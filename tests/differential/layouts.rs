// The layouts the differential tests run, one of each distinct numeral, and what each has:
// `NAME: ELEMENTS, THREADS[, vector][, packed(REGISTERS)];` (`vector` where its pairs of elements
// are adjacent, `packed` where its elements are 16 bits wide). Each list but the gathers' is a
// test binary of its own, 3 to 5 MB of expanded code each (0.5 to 0.7 GB to compile; all of it
// in one binary takes 2.5 GB), built side by side: `main.rs` runs `mma` and the gathers and
// checks that the lists together cover the catalog, `differential_LIST.rs` the others.
layouts! {
    mma {
        SM70_8x8x4_F16_A_ROW: 4, 32, vector, packed(2);
        SM70_8x8x4_F16_A_COL: 4, 32, packed(2);
        SM70_8x8x4_F16_B_ROW: 4, 32, vector, packed(2);
        SM70_8x8x4_F16_B_COL: 4, 32, packed(2);
        SM70_8x8x4_F32_C: 8, 32, vector;
        SM70_8x8x4_F16_C: 8, 32, vector, packed(4);
        SM80_16x8x16_F16_A_ROW: 8, 32, vector, packed(4);
        SM80_16x8x16_F16_B_COL: 4, 32, packed(2);
        SM80_16x8x16_F32_C: 4, 32, vector;
        SM75_16x8x8_F16_B_COL: 2, 32, packed(1);
        SM80_16x8x8_TF32_A_ROW: 4, 32;
        SM80_16x8x8_TF32_B_COL: 2, 32;
        SM80_16x8x4_TF32_A_ROW: 2, 32;
        SM80_16x8x4_TF32_B_COL: 1, 32;
        SM75_8x8x16_S8_A_ROW: 4, 32, vector;
        SM75_8x8x16_S8_B_COL: 4, 32;
        SM75_8x8x16_S32_C: 2, 32, vector;
        SM80_16x8x16_S8_A_ROW: 8, 32, vector;
        SM80_16x8x32_S8_A_ROW: 16, 32, vector;
        SM80_16x8x32_S8_B_COL: 8, 32;
        SM75_8x8x32_S4_A_ROW: 8, 32, vector;
        SM75_8x8x32_S4_B_COL: 8, 32;
        SM80_16x8x32_S4_A_ROW: 16, 32, vector;
        SM80_16x8x64_S4_A_ROW: 32, 32, vector;
        SM80_16x8x64_S4_B_COL: 16, 32;
        SM80_8x8x4_F64_A_ROW: 1, 32;
        SM75_U32x4_LDSM_N: 8, 32, vector, packed(4);
        SM75_U16x8_LDSM_T: 8, 32, packed(4);
        SM80_SPARSE_16x8x32_S8_E: 8, 32, vector;
        SM80_SPARSE_16x8x64_S8_B_COL: 16, 32;
        SM80_SPARSE_16x8x128_S4_B_COL: 32, 32;
    }
    b1_sm90_tmem {
        SM75_8x8x128_B1_A_ROW: 32, 32, vector;
        SM75_8x8x128_B1_B_COL: 32, 32;
        SM80_16x8x128_B1_A_ROW: 64, 32, vector;
        SM80_16x8x256_B1_A_ROW: 128, 32, vector;
        SM80_16x8x256_B1_B_COL: 64, 32;
        SM90_16x8x16_F64_A_ROW: 8, 32;
        SM90_16x8x16_F64_B_COL: 4, 32;
        SM90_64xNx16_F16_A_RS: 8, 128, vector, packed(4);
        SM90_64xNx8_TF32_A_RS: 4, 128;
        SM90_64xNx32_S8_A_RS: 16, 128, vector;
        SM90_SPARSE_64xNx32_F16_E: 8, 128, vector;
        SM90_SPARSE_64xNx64_S8_E: 8, 128, vector;
        SM100_TMEM_32dp32b1x: 1, 32;
        SM100_TMEM_32dp32b2x: 2, 32;
        SM100_TMEM_32dp32b1x_16b: 2, 32, vector, packed(1);
        SM100_TMEM_32dp32b2x_16b: 4, 32, vector, packed(2);
        SM100_TMEM_16dp64b1x: 1, 32;
        SM100_TMEM_16dp64b2x: 2, 32;
        SM100_TMEM_16dp64b1x_16b: 2, 32, vector, packed(1);
        SM100_TMEM_16dp64b2x_16b: 4, 32, vector, packed(2);
        SM100_TMEM_16dp128b2x: 4, 32;
        SM100_TMEM_16dp128b1x_16b: 4, 32, vector, packed(2);
        SM100_TMEM_16dp128b2x_16b: 8, 32, vector, packed(4);
        SM100_TMEM_16dp256b2x: 8, 32, vector;
        SM100_TMEM_16dp256b1x_16b: 8, 32, vector, packed(4);
        SM100_TMEM_16dp256b2x_16b: 16, 32, vector, packed(8);
        SM100_TMEM_16dp32b1x: 1, 32;
        SM100_TMEM_16dp32b2x: 2, 32;
        SM100_TMEM_16dp32b1x_16b: 2, 32, vector, packed(1);
        SM100_TMEM_16dp32b2x_16b: 4, 32, vector, packed(2);
    }
    wgmma_n8_144 {
        SM90_64x8x16_F32_C: 4, 128, vector;
        SM90_64x16x16_F32_C: 8, 128, vector;
        SM90_64x24x16_F32_C: 12, 128, vector;
        SM90_64x32x16_F32_C: 16, 128, vector;
        SM90_64x40x16_F32_C: 20, 128, vector;
        SM90_64x48x16_F32_C: 24, 128, vector;
        SM90_64x56x16_F32_C: 28, 128, vector;
        SM90_64x64x16_F32_C: 32, 128, vector;
        SM90_64x72x16_F32_C: 36, 128, vector;
        SM90_64x80x16_F32_C: 40, 128, vector;
        SM90_64x88x16_F32_C: 44, 128, vector;
        SM90_64x96x16_F32_C: 48, 128, vector;
        SM90_64x104x16_F32_C: 52, 128, vector;
        SM90_64x112x16_F32_C: 56, 128, vector;
        SM90_64x120x16_F32_C: 60, 128, vector;
        SM90_64x128x16_F32_C: 64, 128, vector;
        SM90_64x136x16_F32_C: 68, 128, vector;
        SM90_64x144x16_F32_C: 72, 128, vector;
    }
    wgmma_n152_208 {
        SM90_64x152x16_F32_C: 76, 128, vector;
        SM90_64x160x16_F32_C: 80, 128, vector;
        SM90_64x168x16_F32_C: 84, 128, vector;
        SM90_64x176x16_F32_C: 88, 128, vector;
        SM90_64x184x16_F32_C: 92, 128, vector;
        SM90_64x192x16_F32_C: 96, 128, vector;
        SM90_64x200x16_F32_C: 100, 128, vector;
        SM90_64x208x16_F32_C: 104, 128, vector;
    }
    wgmma_n216_256 {
        SM90_64x216x16_F32_C: 108, 128, vector;
        SM90_64x224x16_F32_C: 112, 128, vector;
        SM90_64x232x16_F32_C: 116, 128, vector;
        SM90_64x240x16_F32_C: 120, 128, vector;
        SM90_64x248x16_F32_C: 124, 128, vector;
        SM90_64x256x16_F32_C: 128, 128, vector;
    }
    gathers {
        SM120_16x8x32_SFA_1X: 1;
        SM120_16x8x32_SFB_1X: 1;
        SM120_16x8x64_SFA_2X: 2;
        SM120_16x8x64_SFB_2X: 2;
        SM120_16x8x64_SFA_4X: 4;
        SM120_16x8x64_SFB_4X: 4;
    }
}
