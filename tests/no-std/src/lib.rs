//! A `#![no_std]` crate holding one function of every `#[fragment_layout]` mode: if generated
//! code named `std`, `Vec` or `format!`, this crate would not build.
#![no_std]
#![forbid(unsafe_code)]

use fraglayout::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C};
use fraglayout::fragment_layout;

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
