use fraglayout::catalog::SM80_16x8x16_F32_C;
use fraglayout::{fragment_layout, Lane, Numeral};

/// A warp's 32 x 32 tile of D: 2 x 4 `m16n8k16` accumulators, 32 `f32` a lane.
pub const WARP_TILE: Numeral = SM80_16x8x16_F32_C.tiled_or_panic(2, 4).numeral();

/// Two `f32` as one 8-byte access: its alignment lets the backend use `ld/st.global.v2`.
#[repr(C, align(8))]
#[derive(Clone, Copy)]
pub struct F32x2(pub [f32; 2]);

/// C's elements of lane `lane`, two at a time.
///
/// # Safety
/// `c` points to 32 rows of stride `ld`, readable; `c` and `ld` are multiples of 2 elements.
#[fragment_layout(WARP_TILE, gather, vector = 2)]
pub unsafe fn load_c(lane: Lane, c: *const f32, ld: usize) -> [f32; 32] {
    |row, col| unsafe { (*(c.add(row * ld + col) as *const F32x2)).0 }
}

/// D's elements of lane `lane`, two at a time.
///
/// # Safety
/// As [`load_c`], for writes to `d`.
#[fragment_layout(WARP_TILE, vector = 2)]
pub unsafe fn store_d(lane: Lane, frag: &[f32; 32], d: *mut f32, ld: usize) {
    |row, col, values| unsafe { *(d.add(row * ld + col) as *mut F32x2) = F32x2(values) }
}

/// `D = alpha * acc + beta * C` on the warp's tile, `acc` the accumulators its `mma.sync`
/// loop left in lane `lane`.
///
/// # Safety
/// As [`load_c`] and [`store_d`]; `c` and `d` may be the same tile.
#[inline(always)]
pub unsafe fn epilogue(
    lane: Lane,
    acc: &[f32; 32],
    c: *const f32,
    d: *mut f32,
    ld: usize,
    (alpha, beta): (f32, f32),
) {
    let c_frag = unsafe { load_c(lane, c, ld) };
    let d_frag: [f32; 32] = core::array::from_fn(|e| alpha * acc[e] + beta * c_frag[e]);
    unsafe { store_d(lane, &d_frag, d, ld) };
}
