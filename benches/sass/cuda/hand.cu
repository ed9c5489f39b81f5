// The SASS benchmark's kernels written by hand, as a skilled CUTLASS engineer writes them: the
// lane from %laneid, the thread's base computed once, float2 / float4 where elements are
// adjacent and aligned, a swizzle folded per column block, shuffles with selects. Each kernel
// does the work of the Rust case of the same name (benches/sass/src/cases.rs) with the same
// arguments: a Rust `usize` stride is a `size_t` here. Written from the PTX ISA's fragment
// figures; cuda/check.cpp runs each on the host against the same reference as the Rust cases.
#include "shim.h"

// mma.m16n8k16 accumulator, lane l: rows l / 4 (c0, c1) and + 8 (c2, c3), columns 2 (l % 4)
// and + 1. Its row stride: 256 in the constant-stride cases.
constexpr size_t CLD = 256;

extern "C" __global__ void hand_scatter_ld(const float* acc, float* d, size_t ld) {
    unsigned l = lane_id();
    float4 a = reinterpret_cast<const float4*>(acc)[l];
    float* p = d + (l >> 2) * ld + (l & 3) * 2;
    *reinterpret_cast<float2*>(p) = make_float2(a.x, a.y);
    *reinterpret_cast<float2*>(p + 8 * ld) = make_float2(a.z, a.w);
}

extern "C" __global__ void hand_scatter(const float* acc, float* d) {
    unsigned l = lane_id();
    float4 a = reinterpret_cast<const float4*>(acc)[l];
    float* p = d + (l >> 2) * CLD + (l & 3) * 2;
    *reinterpret_cast<float2*>(p) = make_float2(a.x, a.y);
    *reinterpret_cast<float2*>(p + 8 * CLD) = make_float2(a.z, a.w);
}

extern "C" __global__ void hand_gather_ld(const float* a, size_t ld, float* out) {
    unsigned l = lane_id();
    const float* p = a + (l >> 2) * ld + (l & 3) * 2;
    float2 top = *reinterpret_cast<const float2*>(p);
    float2 bottom = *reinterpret_cast<const float2*>(p + 8 * ld);
    reinterpret_cast<float4*>(out)[l] = make_float4(top.x, top.y, bottom.x, bottom.y);
}

extern "C" __global__ void hand_gather(const float* a, float* out) {
    unsigned l = lane_id();
    const float* p = a + (l >> 2) * CLD + (l & 3) * 2;
    float2 top = *reinterpret_cast<const float2*>(p);
    float2 bottom = *reinterpret_cast<const float2*>(p + 8 * CLD);
    reinterpret_cast<float4*>(out)[l] = make_float4(top.x, top.y, bottom.x, bottom.y);
}

// `vector = 2`: the same stores as the scalar scatter, which a skilled engineer pairs anyway.
extern "C" __global__ void hand_vector2(const float* acc, float* d, size_t ld) {
    unsigned l = lane_id();
    float4 a = reinterpret_cast<const float4*>(acc)[l];
    float* p = d + (l >> 2) * ld + (l & 3) * 2;
    *reinterpret_cast<float2*>(p) = make_float2(a.x, a.y);
    *reinterpret_cast<float2*>(p + 8 * ld) = make_float2(a.z, a.w);
}

// mma.m16n8k16 A (.f16, a0..a7): pairs at row l / 4 and + 8, columns 2 (l % 4) and + 8; each
// pair one 32-bit load, a0 in the low half.
extern "C" __global__ void hand_gather_a_packed(const unsigned short* a, size_t lda,
                                                unsigned* out) {
    unsigned l = lane_id();
    const unsigned short* p = a + (l >> 2) * lda + (l & 3) * 2;
    unsigned w0 = *reinterpret_cast<const unsigned*>(p);
    unsigned w1 = *reinterpret_cast<const unsigned*>(p + 8 * lda);
    unsigned w2 = *reinterpret_cast<const unsigned*>(p + 8);
    unsigned w3 = *reinterpret_cast<const unsigned*>(p + 8 * lda + 8);
    reinterpret_cast<uint4*>(out)[l] = make_uint4(w0, w1, w2, w3);
}

// wgmma.m64n256k16 f32 D, thread t of the warpgroup: rows 16 (t / 32) + (t % 32) / 4 and + 8,
// columns 2 (t % 4) + 8 j and + 1 for j < 32; registers 4j .. 4j + 3.
extern "C" __global__ void hand_wgmma_store(const float* acc, float* d, size_t ld) {
    unsigned t = thread_id();
    const float4* a = reinterpret_cast<const float4*>(acc) + t * 32;
    float* p = d + ((t >> 5) * 16 + ((t & 31) >> 2)) * ld + (t & 3) * 2;
    float* q = p + 8 * ld;
#pragma unroll
    for (int j = 0; j < 32; ++j) {
        float4 v = a[j];
        *reinterpret_cast<float2*>(p + 8 * j) = make_float2(v.x, v.y);
        *reinterpret_cast<float2*>(q + 8 * j) = make_float2(v.z, v.w);
    }
}

// bounds(m, n): a whole tile as hand_scatter_ld; a partial one element by element, each store
// under its own test.
extern "C" __global__ void hand_bounds(const float* acc, float* d, size_t ld, size_t m,
                                       size_t n) {
    unsigned l = lane_id();
    float4 a = reinterpret_cast<const float4*>(acc)[l];
    size_t row = l >> 2, col = (l & 3) * 2;
    float* p = d + row * ld + col;
    if (m >= 16 && n >= 8) {
        *reinterpret_cast<float2*>(p) = make_float2(a.x, a.y);
        *reinterpret_cast<float2*>(p + 8 * ld) = make_float2(a.z, a.w);
        return;
    }
    if (row < m) {
        if (col < n) p[0] = a.x;
        if (col + 1 < n) p[1] = a.y;
    }
    if (row + 8 < m) {
        if (col < n) p[8 * ld] = a.z;
        if (col + 1 < n) p[8 * ld + 1] = a.w;
    }
}

// The 64 x 256 f32 staging tile, 128-byte swizzle: slabs of 32 columns (64 rows x 128 bytes,
// 2048 elements), a row's 16-byte chunk c at c ^ (row % 8). Thread t's column block j % 4
// within a slab has one swizzled base, folded once; slabs are + 2048, row + 8 is + 256.
__device__ __forceinline__ void stage_pairs(const float* acc, float* smem) {
    unsigned t = thread_id();
    const float4* a = reinterpret_cast<const float4*>(acc) + t * 32;
    unsigned row = (t >> 5) * 16 + ((t & 31) >> 2);
    unsigned col = (t & 3) * 2;
    float* base[4];
#pragma unroll
    for (int b = 0; b < 4; ++b) {
        base[b] = smem + (row * 32 + ((col + 8 * b) ^ ((row & 7) << 2)));
    }
#pragma unroll
    for (int j = 0; j < 32; ++j) {
        float4 v = a[j];
        float* p = base[j % 4] + 2048 * (j / 4);
        *reinterpret_cast<float2*>(p) = make_float2(v.x, v.y);
        *reinterpret_cast<float2*>(p + 256) = make_float2(v.z, v.w);
    }
}

extern "C" __global__ void hand_stage(const float* acc, float* smem) { stage_pairs(acc, smem); }

extern "C" __global__ void hand_stage_vec2(const float* acc, float* smem) {
    stage_pairs(acc, smem);
}

// The accumulator as rows of 4 (lane L: row L / 2, columns 4 (L % 2) on). Element 2h + b of
// lane s goes to lane 16h + 2 (s / 4) + (s / 2 % 2), slot 2 (s % 2) + b. Round (i, j): lane s
// offers element 2 (i ^ s % 2) + j (an odd lane swaps its halves once); lane L reads lane
// 4 (L / 2 % 8) + 2 (L % 2) + (i ^ L / 16) into slot 2 (i ^ L / 16) + j (a lane of the upper
// half swaps them back).
extern "C" __global__ void hand_acc_rows4(const float* in, float* out) {
    unsigned l = lane_id();
    float4 a = reinterpret_cast<const float4*>(in)[l];
    unsigned src = ((l << 1) & 30) ^ (l >> 4);
    if (l & 1) a = make_float4(a.z, a.w, a.x, a.y);
    float x0 = __shfl_sync(~0u, a.x, src);
    float x1 = __shfl_sync(~0u, a.y, src);
    float x2 = __shfl_sync(~0u, a.z, src ^ 1);
    float x3 = __shfl_sync(~0u, a.w, src ^ 1);
    reinterpret_cast<float4*>(out)[l] =
        (l & 16) ? make_float4(x2, x3, x0, x1) : make_float4(x0, x1, x2, x3);
}

// FlashAttention-2's pair: the two accumulators are already the A operand, element for element.
extern "C" __global__ void hand_fa2_pair(const float* in, float* out) {
    unsigned l = lane_id();
    const float* a = in + 8 * size_t(l);
    float* o = out + 8 * size_t(l);
    float4 lo = *reinterpret_cast<const float4*>(a);
    float4 hi = *reinterpret_cast<const float4*>(a + 4);
    *reinterpret_cast<float4*>(o) = lo;
    *reinterpret_cast<float4*>(o + 4) = hi;
}

// The f16 accumulator, two to a word, as rows of 4: each destination word is one source word.
// Word h of lane s goes to lane 16h + 2 (s / 4) + (s / 2 % 2), word s % 2. Round i: lane s
// offers word i ^ s % 2; lane L reads lane 4 (L / 2 % 8) + 2 (L % 2) + (i ^ L / 16) into word
// i ^ L / 16.
extern "C" __global__ void hand_f16_rows4(const unsigned* in, unsigned* out) {
    unsigned l = lane_id();
    uint2 a = reinterpret_cast<const uint2*>(in)[l];
    unsigned src = ((l << 1) & 30) ^ (l >> 4);
    if (l & 1) a = make_uint2(a.y, a.x);
    unsigned y0 = __shfl_sync(~0u, a.x, src);
    unsigned y1 = __shfl_sync(~0u, a.y, src ^ 1);
    reinterpret_cast<uint2*>(out)[l] = (l & 16) ? make_uint2(y1, y0) : make_uint2(y0, y1);
}
