// The benchmark's accumulator stores written with CuTe, as a CUTLASS 3 epilogue writes them:
// the MMA's TiledMMA, its thread's partition of the output tile (partition_C), the
// accumulator fragment, and cute::copy_aligned (cute::copy itself assumes no alignment for a
// tile with a run-time stride and stores element by element: 30 and 183 instructions here). The
// tile's row stride is a run-time int64_t (the Rust cases' `usize`). cuda/check.cpp runs them on
// the host against the reference.
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>

#include "shim.h"

// The fragment from the kernel's input: registers in the MMA's order, 16 bytes a load.
template <class Fragment>
__device__ __forceinline__ void fill(Fragment& frag, const float* acc, unsigned t) {
    constexpr int N = decltype(cute::size(frag))::value;
    const float4* a = reinterpret_cast<const float4*>(acc) + t * (N / 4);
    CUTE_UNROLL
    for (int j = 0; j < N / 4; ++j) {
        float4 v = a[j];
        frag(4 * j) = v.x;
        frag(4 * j + 1) = v.y;
        frag(4 * j + 2) = v.z;
        frag(4 * j + 3) = v.w;
    }
}

extern "C" __global__ void cute_scatter_ld(const float* acc, float* d, int64_t ld) {
    using namespace cute;
    unsigned l = lane_id();
    auto mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{});
    Tensor gD = make_tensor(make_gmem_ptr(d), make_shape(Int<16>{}, Int<8>{}),
                            make_stride(ld, Int<1>{}));
    auto thr = mma.get_thread_slice(l);
    Tensor tDgD = thr.partition_C(gD);
    Tensor frag = thr.partition_fragment_C(gD);
    fill(frag, acc, l);
    copy_aligned(frag, tDgD);
}

extern "C" __global__ void cute_wgmma_store(const float* acc, float* d, int64_t ld) {
    using namespace cute;
    unsigned t = thread_id();
    auto mma = make_tiled_mma(
        SM90_64x256x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>{});
    Tensor gD = make_tensor(make_gmem_ptr(d), make_shape(Int<64>{}, Int<256>{}),
                            make_stride(ld, Int<1>{}));
    auto thr = mma.get_thread_slice(t);
    Tensor tDgD = thr.partition_C(gD);
    Tensor frag = thr.partition_fragment_C(gD);
    fill(frag, acc, t);
    copy_aligned(frag, tDgD);
}
