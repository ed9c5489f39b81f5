//! The benchmark's cases: each a generated function, written as the README and the guides show
//! it, and the thread's part of the kernel around it, as a plain `unsafe fn` that the kernel
//! entry (`kernels.rs`, nvptx only) calls with the hardware's thread index and the host tests
//! (`tests/writes.rs`) call for every thread of the layout.
//!
//! Every case reads its thread's input at `input + t * N` and writes its output at `output + t *
//! N` (a gather, a conversion) or into the matrix (a scatter), both through [`Frag`], 16-byte
//! aligned, so that the kernel's own loads and stores are `v4` accesses on both sides of the
//! benchmark. `benches/sass/cuda/hand.cu` holds the same kernels written by hand.
//!
//! # Safety (every case)
//! `t` is below the layout's thread count; `input` and `output` are 16-byte aligned and hold
//! `N` elements for each thread; a matrix holds the tile (rows of stride `ld` elements). Where
//! the case moves `f32` pairs (`align = 8`, `vector = 2`), the matrix or shared tile is 8-byte
//! aligned and `ld` is even, as the hand twins' `float2` accesses assume; `gather_a_packed`'s
//! `a` is 4-byte aligned and `lda` even (its twin's 32-bit words). `align` declares this once:
//! a debug build checks it, a release build relies on it.
// The contract above is every case's: one section, not one a function.
#![allow(clippy::missing_safety_doc)]

use fraglayout::catalog::SM100_TMEM_32dp32b16x;
use fraglayout::catalog::SM80_16x8x16_F16_C;
use fraglayout::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C, SM90_64x256x16_F32_C};
use fraglayout::convert::examples::{SM80_16x8x16_F32_C_1x2, VEC4_16x8_ROW};
use fraglayout::pack::pack_b16_array;
use fraglayout::shared::{SharedLayout, SwizzleMode};
use fraglayout::tmem::{accumulator, fragment_or_panic, Lanes, MmaLayout};
use fraglayout::{convert_layout, fragment_layout, Lane, Numeral, Thread};

/// The row stride of the constant-stride cases (elements).
pub const CLD: usize = 256;

/// The `wgmma` epilogue's staging tile: 64 x 256 `f32` in the 128-byte swizzle mode, 8 slabs
/// of 64 rows x 128 bytes (docs/SHARED.md).
pub const C_TILE: SharedLayout = SharedLayout::hopper(64, 256, 4, SwizzleMode::B128);

/// The `tcgen05.mma` accumulator M = 128, N = 64 (layout D) as the warpgroup holds it after
/// `tcgen05.ld.32x32b.x16` at columns 0, 16, 32 and 48: 64 `f32` a thread (docs/TMEM.md).
pub const TMEM_D: Numeral = fragment_or_panic(
    &accumulator(MmaLayout::D, 64).numeral(),
    &SM100_TMEM_32dp32b16x,
    Lanes::Quarter,
)
.numeral();

/// A thread's `N` values as the kernels load and store them: 16-byte aligned.
#[repr(C, align(16))]
#[derive(Clone, Copy)]
pub struct Frag<T, const N: usize>(pub [T; N]);

/// A thread's two words as the packed conversion's kernel loads and stores them: 8-byte aligned.
#[repr(C, align(8))]
#[derive(Clone, Copy)]
pub struct U32x2(pub [u32; 2]);

/// Two `f32` as one 8-byte access (docs/KERNEL.md).
#[repr(C, align(8))]
#[derive(Clone, Copy)]
pub struct F32x2(pub [f32; 2]);

#[inline(always)]
unsafe fn load<T: Copy, const N: usize>(input: *const T, t: u32) -> [T; N] {
    unsafe { (*(input.add(t as usize * N) as *const Frag<T, N>)).0 }
}

#[inline(always)]
unsafe fn store<T: Copy, const N: usize>(output: *mut T, t: u32, values: [T; N]) {
    unsafe { *(output.add(t as usize * N) as *mut Frag<T, N>) = Frag(values) }
}

// ---------------------------------------------------------------------------------------------
// The generated functions, as users write them.

/// The README's epilogue through a raw pointer (docs/KERNEL.md), run-time row stride.
#[fragment_layout(SM80_16x8x16_F32_C, align = 8)]
unsafe fn store_acc(lane: Lane, acc: &[f32; 4], d: *mut f32, ld: usize) {
    |row, col, value| unsafe { *d.add(row * ld + col) = value }
}

/// The same, constant row stride.
#[fragment_layout(SM80_16x8x16_F32_C, align = 8)]
unsafe fn store_acc_c(lane: Lane, acc: &[f32; 4], d: *mut f32) {
    |row, col, value| unsafe { *d.add(row * CLD + col) = value }
}

#[fragment_layout(SM80_16x8x16_F32_C, gather, align = 8)]
unsafe fn load_acc(lane: Lane, a: *const f32, ld: usize) -> [f32; 4] {
    |row, col| unsafe { *a.add(row * ld + col) }
}

#[fragment_layout(SM80_16x8x16_F32_C, gather, align = 8)]
unsafe fn load_acc_c(lane: Lane, a: *const f32) -> [f32; 4] {
    |row, col| unsafe { *a.add(row * CLD + col) }
}

#[fragment_layout(SM80_16x8x16_F32_C, vector = 2)]
unsafe fn store_acc_vec2(lane: Lane, acc: &[f32; 4], d: *mut f32, ld: usize) {
    |row, col, values| unsafe { *(d.add(row * ld + col) as *mut F32x2) = F32x2(values) }
}

#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather, align = 4)]
unsafe fn load_a(lane: Lane, a: *const u16, lda: usize) -> [u16; 8] {
    |row, col| unsafe { *a.add(row * lda + col) }
}

#[fragment_layout(SM90_64x256x16_F32_C, align = 8)]
unsafe fn store_wgmma(thread: Thread<128>, acc: &[f32; 128], d: *mut f32, ld: usize) {
    |row, col, value| unsafe { *d.add(row * ld + col) = value }
}

#[fragment_layout(SM80_16x8x16_F32_C, bounds(m, n), align = 8)]
unsafe fn store_edge(lane: Lane, acc: &[f32; 4], d: *mut f32, ld: usize, m: usize, n: usize) {
    |row, col, value| unsafe { *d.add(row * ld + col) = value }
}

#[fragment_layout(SM90_64x256x16_F32_C, shared = C_TILE, align = 8)]
unsafe fn stage(thread: Thread<128>, acc: &[f32; 128], smem: *mut f32) {
    |offset, value| unsafe { *smem.add(offset) = value }
}

#[fragment_layout(SM90_64x256x16_F32_C, shared = C_TILE, vector = 2)]
unsafe fn stage_vec2(thread: Thread<128>, acc: &[f32; 128], smem: *mut f32) {
    |offset, values| unsafe { *(smem.add(offset) as *mut F32x2) = F32x2(values) }
}

#[fragment_layout(TMEM_D)]
unsafe fn store_tmem_d(thread: Thread<128>, acc: &[f32; 64], d: *mut f32, ld: usize) {
    |row, col, value| unsafe { *d.add(row * ld + col) = value }
}

#[convert_layout(SM80_16x8x16_F32_C => VEC4_16x8_ROW)]
fn acc_to_rows(lane: Lane, from: &[f32; 4], shuffle: impl FnMut(f32, u32) -> f32) -> [f32; 4] {}

#[convert_layout(SM80_16x8x16_F32_C_1x2 => SM80_16x8x16_F16_A_ROW)]
fn p_as_a(lane: Lane, from: &[f32; 8], shuffle: impl FnMut(f32, u32) -> f32) -> [f32; 8] {}

#[convert_layout(SM80_16x8x16_F16_C => VEC4_16x8_ROW)]
fn f16_acc_to_rows(lane: Lane, from: &[u32; 2], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 2] {}

// ---------------------------------------------------------------------------------------------
// The thread's part of each kernel.

/// `scatter_ld`: the accumulator to `d`, stride `ld`.
#[inline(always)]
pub unsafe fn scatter_ld(t: u32, acc: *const f32, d: *mut f32, ld: usize) {
    unsafe { store_acc(Lane::new_unchecked(t), &load(acc, t), d, ld) }
}

/// `scatter`: the accumulator to `d`, stride [`CLD`].
#[inline(always)]
pub unsafe fn scatter(t: u32, acc: *const f32, d: *mut f32) {
    unsafe { store_acc_c(Lane::new_unchecked(t), &load(acc, t), d) }
}

/// `gather_ld`: the accumulator's elements from `a`, stride `ld`, to `out`.
#[inline(always)]
pub unsafe fn gather_ld(t: u32, a: *const f32, ld: usize, out: *mut f32) {
    unsafe { store::<f32, 4>(out, t, load_acc(Lane::new_unchecked(t), a, ld)) }
}

/// `gather`: the accumulator's elements from `a`, stride [`CLD`], to `out`.
#[inline(always)]
pub unsafe fn gather(t: u32, a: *const f32, out: *mut f32) {
    unsafe { store::<f32, 4>(out, t, load_acc_c(Lane::new_unchecked(t), a)) }
}

/// `vector2`: the accumulator to `d` two elements a store.
#[inline(always)]
pub unsafe fn vector2(t: u32, acc: *const f32, d: *mut f32, ld: usize) {
    unsafe { store_acc_vec2(Lane::new_unchecked(t), &load(acc, t), d, ld) }
}

/// `gather_a_packed`: the `f16` A operand from `a`, stride `lda`, two to a word, to `out`.
#[inline(always)]
pub unsafe fn gather_a_packed(t: u32, a: *const u16, lda: usize, out: *mut u32) {
    unsafe {
        store::<u32, 4>(
            out,
            t,
            pack_b16_array(&load_a(Lane::new_unchecked(t), a, lda)),
        )
    }
}

/// `wgmma_store`: the `m64n256` accumulator (128 threads) to `d`, stride `ld`.
#[inline(always)]
pub unsafe fn wgmma_store(t: u32, acc: *const f32, d: *mut f32, ld: usize) {
    unsafe { store_wgmma(Thread::new_unchecked(t), &load(acc, t), d, ld) }
}

/// `bounds`: the accumulator to `d`, only the elements in the first `m` rows and `n` columns.
#[inline(always)]
pub unsafe fn bounds(t: u32, acc: *const f32, d: *mut f32, ld: usize, m: usize, n: usize) {
    unsafe { store_edge(Lane::new_unchecked(t), &load(acc, t), d, ld, m, n) }
}

/// `stage`: the `m64n256` accumulator into [`C_TILE`] at `smem`.
#[inline(always)]
pub unsafe fn stage_swizzled(t: u32, acc: *const f32, smem: *mut f32) {
    unsafe { stage(Thread::new_unchecked(t), &load(acc, t), smem) }
}

/// `stage_vec2`: the same, two elements a store.
#[inline(always)]
pub unsafe fn stage_swizzled_vec2(t: u32, acc: *const f32, smem: *mut f32) {
    unsafe { stage_vec2(Thread::new_unchecked(t), &load(acc, t), smem) }
}

/// `acc_rows4`: the accumulator as rows of 4 (4 shuffles), from `input` to `output`.
#[inline(always)]
pub unsafe fn acc_rows4(
    t: u32,
    input: *const f32,
    output: *mut f32,
    shuffle: impl FnMut(f32, u32) -> f32,
) {
    let lane = unsafe { Lane::new_unchecked(t) };
    unsafe { store::<f32, 4>(output, t, acc_to_rows(lane, &load(input, t), shuffle)) }
}

/// `fa2_pair`: FlashAttention-2's two accumulators as the next A operand (the identity).
#[inline(always)]
pub unsafe fn fa2_pair(
    t: u32,
    input: *const f32,
    output: *mut f32,
    shuffle: impl FnMut(f32, u32) -> f32,
) {
    let lane = unsafe { Lane::new_unchecked(t) };
    unsafe { store::<f32, 8>(output, t, p_as_a(lane, &load(input, t), shuffle)) }
}

/// `f16_rows4`: the `f16` accumulator, two to a word, as rows of 4 (2 shuffles).
#[inline(always)]
pub unsafe fn f16_rows4(
    t: u32,
    input: *const u32,
    output: *mut u32,
    shuffle: impl FnMut(u32, u32) -> u32,
) {
    let lane = unsafe { Lane::new_unchecked(t) };
    let from = unsafe { (*(input.add(t as usize * 2) as *const U32x2)).0 };
    let to = f16_acc_to_rows(lane, &from, shuffle);
    unsafe { *(output.add(t as usize * 2) as *mut U32x2) = U32x2(to) }
}

/// `tcgen05_epilogue`'s store: the registers the loads of [`TMEM_D`] gave thread `t`, to `d`.
#[inline(always)]
pub unsafe fn tcgen05_store(t: u32, acc: &[f32; 64], d: *mut f32, ld: usize) {
    unsafe { store_tmem_d(Thread::new_unchecked(t), acc, d, ld) }
}

/// [`tcgen05_store`] of registers read from `acc` (the host's stand-in for the loads).
#[inline(always)]
pub unsafe fn tcgen05_epilogue(t: u32, acc: *const f32, d: *mut f32, ld: usize) {
    unsafe { tcgen05_store(t, &load(acc, t), d, ld) }
}
