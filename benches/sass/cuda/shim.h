// The few CUDA names the benchmark's kernels use. Under nvcc: the lane from %laneid. Under a
// host C++20 compiler (cuda/check.cpp): the kernels as plain functions of the thread that
// cuda/check.cpp runs, one std::thread per lane where they shuffle, and __shfl_sync emulated
// over the warp: every lane posts its value, all meet, each reads its source, all meet again.
#pragma once

#ifdef __CUDACC__

__device__ __forceinline__ unsigned lane_id() {
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    return lane;
}

__device__ __forceinline__ unsigned thread_id() { return threadIdx.x; }

#else

#include <barrier>
#include <cstddef>
#include <cstdint>

// CUDA's own vector types and their make_ functions (host code in the CUDA headers).
#include <vector_functions.h>
#include <vector_types.h>

#undef __global__
#undef __device__
#undef __forceinline__
#define __global__
#define __device__
#define __forceinline__ inline

// The thread the host runs the kernel as (set by cuda/check.cpp).
inline thread_local unsigned fl_thread = 0;
inline unsigned lane_id() { return fl_thread % 32; }
inline unsigned thread_id() { return fl_thread; }

// One warp's shuffles: 32 lanes, each a std::thread, meeting at fl_warp_barrier.
inline unsigned fl_posted[32];
inline std::barrier<> fl_warp_barrier(32);

inline unsigned fl_shuffle(unsigned value, int src) {
    fl_posted[lane_id()] = value;
    fl_warp_barrier.arrive_and_wait();
    unsigned got = fl_posted[src & 31];
    fl_warp_barrier.arrive_and_wait();
    return got;
}

inline unsigned __shfl_sync(unsigned, unsigned value, int src) { return fl_shuffle(value, src); }
inline float __shfl_sync(unsigned, float value, int src) {
    return __builtin_bit_cast(float, fl_shuffle(__builtin_bit_cast(unsigned, value), src));
}

#endif
