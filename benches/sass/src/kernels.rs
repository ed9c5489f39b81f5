//! The kernel entries on rustc's `nvptx64-nvidia-cuda` target: one per case, named as the case,
//! the thread index from `%laneid` (a warp's cases) or `%tid.x` (a warpgroup's: blocks of 128
//! threads), the shuffle `shfl.sync.idx.b32` over the full warp. Inline assembly, as a kernel
//! on this target writes them: `core::arch::nvptx` has neither.

use crate::cases;
use core::arch::asm;
use core::arch::nvptx;

/// `%laneid`: below 32.
#[inline(always)]
fn lane() -> u32 {
    let lane: u32;
    unsafe { asm!("mov.u32 {}, %laneid;", out(reg32) lane, options(pure, nomem, nostack)) };
    lane
}

/// `%tid.x`: below 128 in the warpgroup's blocks.
#[inline(always)]
fn thread() -> u32 {
    unsafe { nvptx::_thread_idx_x() as u32 }
}

/// `shfl.sync.idx.b32` over all 32 lanes: `value` of lane `src`.
#[inline(always)]
fn shuffle(value: u32, src: u32) -> u32 {
    let out: u32;
    unsafe {
        asm!(
            "shfl.sync.idx.b32 {}, {}, {}, 31, -1;",
            out(reg32) out,
            in(reg32) value,
            in(reg32) src,
            options(nomem, nostack),
        )
    };
    out
}

#[inline(always)]
fn shuffle_f32(value: f32, src: u32) -> f32 {
    f32::from_bits(shuffle(value.to_bits(), src))
}

#[no_mangle]
pub unsafe extern "ptx-kernel" fn scatter_ld(acc: *const f32, d: *mut f32, ld: usize) {
    unsafe { cases::scatter_ld(lane(), acc, d, ld) }
}

#[no_mangle]
pub unsafe extern "ptx-kernel" fn scatter(acc: *const f32, d: *mut f32) {
    unsafe { cases::scatter(lane(), acc, d) }
}

#[no_mangle]
pub unsafe extern "ptx-kernel" fn gather_ld(a: *const f32, ld: usize, out: *mut f32) {
    unsafe { cases::gather_ld(lane(), a, ld, out) }
}

#[no_mangle]
pub unsafe extern "ptx-kernel" fn gather(a: *const f32, out: *mut f32) {
    unsafe { cases::gather(lane(), a, out) }
}

#[no_mangle]
pub unsafe extern "ptx-kernel" fn vector2(acc: *const f32, d: *mut f32, ld: usize) {
    unsafe { cases::vector2(lane(), acc, d, ld) }
}

#[no_mangle]
pub unsafe extern "ptx-kernel" fn gather_a_packed(a: *const u16, lda: usize, out: *mut u32) {
    unsafe { cases::gather_a_packed(lane(), a, lda, out) }
}

#[no_mangle]
pub unsafe extern "ptx-kernel" fn wgmma_store(acc: *const f32, d: *mut f32, ld: usize) {
    unsafe { cases::wgmma_store(thread(), acc, d, ld) }
}

#[no_mangle]
pub unsafe extern "ptx-kernel" fn bounds(
    acc: *const f32,
    d: *mut f32,
    ld: usize,
    m: usize,
    n: usize,
) {
    unsafe { cases::bounds(lane(), acc, d, ld, m, n) }
}

#[no_mangle]
pub unsafe extern "ptx-kernel" fn stage(acc: *const f32, smem: *mut f32) {
    unsafe { cases::stage_swizzled(thread(), acc, smem) }
}

#[no_mangle]
pub unsafe extern "ptx-kernel" fn stage_vec2(acc: *const f32, smem: *mut f32) {
    unsafe { cases::stage_swizzled_vec2(thread(), acc, smem) }
}

#[no_mangle]
pub unsafe extern "ptx-kernel" fn acc_rows4(input: *const f32, output: *mut f32) {
    unsafe { cases::acc_rows4(lane(), input, output, shuffle_f32) }
}

#[no_mangle]
pub unsafe extern "ptx-kernel" fn fa2_pair(input: *const f32, output: *mut f32) {
    unsafe { cases::fa2_pair(lane(), input, output, shuffle_f32) }
}

#[no_mangle]
pub unsafe extern "ptx-kernel" fn f16_rows4(input: *const u32, output: *mut u32) {
    unsafe { cases::f16_rows4(lane(), input, output, shuffle) }
}

/// `tcgen05.ld.sync.aligned.32x32b.x16` at TMEM address `taddr`, then
/// `tcgen05.wait::ld`: 16 columns of the warp's 32 lanes.
#[inline(always)]
unsafe fn tmem_load16(taddr: u32, v: &mut [f32; 16]) {
    unsafe {
        asm!(
            "tcgen05.ld.sync.aligned.32x32b.x16.b32 {{{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}}}, [{}];",
            out(reg32) v[0], out(reg32) v[1], out(reg32) v[2], out(reg32) v[3],
            out(reg32) v[4], out(reg32) v[5], out(reg32) v[6], out(reg32) v[7],
            out(reg32) v[8], out(reg32) v[9], out(reg32) v[10], out(reg32) v[11],
            out(reg32) v[12], out(reg32) v[13], out(reg32) v[14], out(reg32) v[15],
            in(reg32) taddr,
            options(nostack),
        )
    }
}

/// The Blackwell epilogue: the warpgroup reads the M = 128, N = 64 accumulator at TMEM address
/// `taddr` (4 loads of 16 columns, each warp its 32 lanes), then stores it through the composite
/// fragment. sm_100a only (`.ci/sass-bench` assembles it at PTX 8.6).
#[no_mangle]
pub unsafe extern "ptx-kernel" fn tcgen05_epilogue(taddr: u32, d: *mut f32, ld: usize) {
    let t = thread();
    let base = taddr + ((t & !31) << 16);
    let mut acc = [0.0f32; 64];
    for k in 0..4 {
        let mut v = [0.0f32; 16];
        unsafe { tmem_load16(base + 16 * k as u32, &mut v) };
        acc[16 * k..16 * k + 16].copy_from_slice(&v);
    }
    unsafe { asm!("tcgen05.wait::ld.sync.aligned;", options(nostack)) };
    unsafe { cases::tcgen05_store(t, &acc, d, ld) }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    unsafe { nvptx::trap() }
}
