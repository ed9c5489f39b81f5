//! A `#![no_std]` crate holding one function of every `#[fragment_layout]` mode, a
//! `#[convert_layout]` conversion with shuffle rounds and selects, and `#[matrix_rows]` row
//! addresses (a sum, an XOR and a table): if generated code named `std`, `Vec` or `format!`,
//! this crate would not build.
#![no_std]
#![forbid(unsafe_code)]

use fraglayout::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F32_C};
use fraglayout::shared::{SharedLayout, SwizzleMode};
use fraglayout::{convert_layout, fragment_layout, matrix_rows};

/// Scatter with bounds.
#[fragment_layout(SM80_16x8x16_F32_C, bounds(rows, cols))]
pub fn store_c(lane: u32, frag: &[f32; 4], out: &mut [f32], ld: usize, rows: usize, cols: usize) {
    |row, col, value| out[row * ld + col] = value
}

/// Packed gather with bounds and a fill value.
#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather, packed, bounds(rows, cols), fill = 0)]
pub fn load_a(lane: u32, a: &[u16], lda: usize, rows: usize, cols: usize) -> [u32; 4] {
    |row, col| a[row * lda + col]
}

/// Plain gather.
#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather)]
pub fn load_a_plain(lane: u32, a: &[u16], lda: usize) -> [u16; 8] {
    |row, col| a[row * lda + col]
}

/// A conversion between lanes, with selects: the accumulator as a B operand.
#[convert_layout(SM80_16x8x16_F32_C => SM80_16x8x16_F16_B_COL)]
pub fn acc_to_b(lane: u32, from: &[f32; 4], shuffle: impl FnMut(f32, u32) -> f32) -> [f32; 4] {}

const SMEM_SWIZZLED: SharedLayout = SharedLayout::hopper(64, 64, 2, SwizzleMode::B128);
const SMEM_PADDED: SharedLayout = SharedLayout::padded(64, 64, 2, 8);

/// `ldmatrix.x4` row addresses in a 128-byte swizzled tile.
#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SMEM_SWIZZLED, conflict_free)]
pub fn a_row_swizzled(lane: u32) -> u32 {}

/// The same in a padded tile.
#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SMEM_PADDED)]
pub fn a_row_padded(lane: u32) -> u32 {}

/// A placement off the swizzle's period: a table of addresses.
#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SMEM_SWIZZLED, at = (4, 0))]
pub fn a_row_table(lane: u32) -> u32 {}
