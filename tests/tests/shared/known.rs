//! The kernel tiles whose bank behaviour is known: the 64 x 64 f16 operand tile read by
//! `ldmatrix` (1 wavefront per matrix in the 128-byte swizzle, 8-way conflicted row-major, free
//! again when padded by 8), and the `m16n8k16` accumulator staged through shared memory
//! (`stmatrix` of the f16 accumulator; the f32 accumulator scattered in 8-byte pairs), each
//! next to its ideal.

use layout_core::catalog::{
    SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F16_C, SM80_16x8x16_F32_C,
};
use layout_core::message::Message;
use layout_core::shared::{
    find, Access, FragmentAt, MatrixVariant, SharedLayout, SwizzleMode, Wavefronts,
};

fn count(access: Access, layout: &SharedLayout) -> (u32, u32, u32) {
    let w = access
        .wavefronts(layout)
        .unwrap_or_else(|e| panic!("{layout}: {e}"));
    (w.total, w.ideal, w.worst)
}

/// Every 16 x 16 A fragment and 16 x 8 B fragment position of a 64 x 64 tile.
fn operand_reads() -> Vec<Access<'static>> {
    let mut out = Vec::new();
    for i in 0..4 {
        for j in 0..4 {
            out.push(
                Access::matrices(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW)
                    .at(FragmentAt::new(16 * i, 16 * j)),
            );
        }
        for j in 0..8 {
            out.push(
                Access::matrices(MatrixVariant::X2_TRANS, &SM80_16x8x16_F16_B_COL)
                    .at(FragmentAt::new(16 * i, 8 * j)),
            );
        }
    }
    out
}

#[test]
fn operand_tile_in_the_128_byte_swizzle_is_one_wavefront_per_matrix() {
    let tile = SharedLayout::hopper(64, 64, 2, SwizzleMode::B128);
    for read in operand_reads() {
        let (total, ideal, worst) = count(read, &tile);
        assert_eq!((total, worst), (ideal, 1), "{read:?}");
        assert!(ideal == 4 || ideal == 2);
    }
}

#[test]
fn operand_tile_row_major_is_8_way_conflicted() {
    let tile = SharedLayout::row_major(64, 64, 2);
    for read in operand_reads() {
        let (total, ideal, worst) = count(read, &tile);
        // Each matrix's 8 rows are 128 bytes apart: the same 4 banks, 8 words each.
        assert_eq!((total, worst), (8 * ideal, 8), "{read:?}");
    }
    let w = Access::matrices(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW)
        .wavefronts(&tile)
        .unwrap();
    let mut m = Message::new();
    w.write(&mut m);
    assert_eq!(m.as_str(), "32 wavefronts, ideal 4 (8-way conflict)");
}

#[test]
fn operand_tile_padded_by_8_is_conflict_free() {
    let tile = SharedLayout::padded(64, 64, 2, 8);
    for read in operand_reads() {
        let (total, ideal, worst) = count(read, &tile);
        assert_eq!((total, worst), (ideal, 1), "{read:?}");
    }
}

/// A warp's 16 x 64 f16 accumulator tile (8 `m16n8k16` accumulators side by side) staged with
/// `stmatrix.x2`, one per accumulator.
fn staging() -> Vec<Access<'static>> {
    (0..8)
        .map(|j| {
            Access::matrices(MatrixVariant::X2, &SM80_16x8x16_F16_C).at(FragmentAt::new(0, 8 * j))
        })
        .collect()
}

#[test]
fn accumulator_staged_with_stmatrix() {
    let plain = SharedLayout::row_major(16, 64, 2);
    let swizzled = SharedLayout::hopper(16, 64, 2, SwizzleMode::B128);
    for store in staging() {
        assert_eq!(count(store, &plain), (16, 2, 8), "{store:?}");
        assert_eq!(count(store, &swizzled), (2, 2, 1), "{store:?}");
    }
    // The 16-byte row-wise reads for the global store are free either way: 4 instructions of
    // 4 quarter-warp phases over the 2048 bytes.
    assert_eq!(count(Access::rows(16), &plain), (16, 16, 1));
    assert_eq!(count(Access::rows(16), &swizzled), (16, 16, 1));
    // The search finds a layout that makes the stores and the reads conflict-free at once.
    let mut all = staging();
    all.push(Access::rows(16));
    let found = find(&plain, &all, 8).unwrap();
    assert!(found.conflict_free(), "{found:?}");
    assert_eq!(
        found.wavefronts,
        Wavefronts {
            total: 32,
            ideal: 32,
            worst: 1
        }
    );
    assert_eq!(found.layout.pad(), 0, "a swizzle, not padding");
}

#[test]
fn f32_accumulator_scattered_in_pairs() {
    // Lane l stores (c0, c1) at row l / 4, columns 2 (l % 4), + 1: 8 bytes. A half-warp covers
    // rows 0..4 of 256-byte rows, whose pairs all fall in banks 0..8: 4 words per bank.
    let plain = SharedLayout::row_major(16, 64, 4);
    let scatter = Access::elements(&SM80_16x8x16_F32_C, 8);
    assert_eq!(count(scatter, &plain), (16, 4, 4));
    // Element by element, 8-way: 32 lanes over rows 0..8, four banks' worth of columns.
    assert_eq!(
        count(Access::elements(&SM80_16x8x16_F32_C, 4), &plain),
        (32, 4, 8)
    );
    let found = find(&plain, &[scatter], 8).unwrap();
    assert!(found.conflict_free(), "{found:?}");
    assert_eq!(count(scatter, &found.layout), (4, 4, 1));
}
