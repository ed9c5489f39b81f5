//! The kernel entry on rustc's own `nvptx64-nvidia-cuda` target (nightly: the `ptx-kernel`
//! ABI), and the panic handler the target needs: a trap, which ends the kernel with an error
//! the host sees at its next synchronisation.

use crate::epilogue::epilogue;
use core::arch::nvptx;
use fraglayout::Lane;

/// Blocks of 4 warps, each warp a 32 x 32 tile of D (2 x 2 warps: 64 x 64 a block), the grid
/// over D's tiles. The accumulators stand in for those of an `mma.sync` loop.
///
/// # Safety
/// `c` and `d` hold `gridDim.y * 64` rows of stride `ld` and `gridDim.x * 64` columns; `c`,
/// `d` and `ld` are multiples of 2 elements.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn gemm_epilogue(
    c: *const f32,
    d: *mut f32,
    ld: usize,
    alpha: f32,
    beta: f32,
) {
    let thread = unsafe { nvptx::_thread_idx_x() } as u32;
    // %tid.x % 32 is below 32: the lane, with nothing to check.
    let lane = Lane::wrapping(thread);
    let warp = (thread / 32) as usize;
    let row0 = unsafe { nvptx::_block_idx_y() } as usize * 64 + warp / 2 * 32;
    let col0 = unsafe { nvptx::_block_idx_x() } as usize * 64 + warp % 2 * 32;
    let acc: [f32; 32] = core::array::from_fn(|e| (thread * 32 + e as u32) as f32);
    let at = row0 * ld + col0;
    unsafe { epilogue(lane, &acc, c.add(at), d.add(at), ld, (alpha, beta)) };
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    unsafe { nvptx::trap() }
}
