// The CUDA kernels of cuda/hand.cu (and cuda/cute.cu with -DFL_CUTE) run on the host, for every
// thread of their layout, with the inputs benches/sass/src/reference.rs describes; each run's
// output goes to OUTDIR/PREFIX_CASE[.LABEL].bin as 32-bit words, which `fl-sass check` compares
// with the reference. Built by .ci/sass-bench with a host C++20 compiler:
//     g++ -std=c++20 -O1 -pthread -I cuda -I CUDA_INCLUDE [-DFL_CUTE -I CUTLASS_INCLUDE
//         -I CUDA_INCLUDE/cccl] -x c++ cuda/check.cpp -o check && ./check OUTDIR
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#ifdef FL_CUTE
#include "cute.cu"
#endif
#include "hand.cu"

namespace {

const char* out_dir;

// The reference's constants (reference.rs).
constexpr unsigned UNWRITTEN = 0xdeadbeef;
constexpr size_t LD_MMA = 24, LD_WGMMA = 264;

unsigned value(size_t i) {
    float f = float(i) + 1.0f;
    unsigned w;
    std::memcpy(&w, &f, 4);
    return w;
}
unsigned short half(size_t i) { return (unsigned short)(i + 1); }
unsigned packed(size_t i) { return unsigned(half(2 * i)) | unsigned(half(2 * i + 1)) << 16; }

// A buffer of 32-bit words, 16-byte aligned.
struct Buffer {
    std::vector<uint4> storage;
    explicit Buffer(size_t words, std::function<unsigned(size_t)> code) : storage((words + 3) / 4) {
        for (size_t i = 0; i < words; ++i) (&storage[0].x)[i] = code(i);
    }
    float* f() { return reinterpret_cast<float*>(storage.data()); }
    unsigned* u() { return reinterpret_cast<unsigned*>(storage.data()); }
};

// Every thread in turn; a warp's 32 lanes at once where the kernel shuffles.
void each_thread(unsigned threads, bool shuffles, const std::function<void()>& kernel) {
    if (!shuffles) {
        for (unsigned t = 0; t < threads; ++t) {
            fl_thread = t;
            kernel();
        }
        return;
    }
    std::vector<std::thread> lanes;
    for (unsigned t = 0; t < 32; ++t) {
        lanes.emplace_back([t, &kernel] {
            fl_thread = t;
            kernel();
        });
    }
    for (auto& lane : lanes) lane.join();
}

void save(const std::string& name, Buffer& out, size_t words) {
    std::string path = std::string(out_dir) + "/" + name + ".bin";
    FILE* file = std::fopen(path.c_str(), "wb");
    if (!file || std::fwrite(out.u(), 4, words, file) != words || std::fclose(file) != 0) {
        std::fprintf(stderr, "error: cannot write %s\n", path.c_str());
        std::exit(1);
    }
}

// A scatter of `threads` x `n` values to `rows` rows of stride `ld`.
void scatter(const std::string& name, unsigned threads, size_t n, size_t rows, size_t ld,
             const std::function<void(const float*, float*)>& kernel) {
    Buffer in(threads * n, value), out(rows * ld, [](size_t) { return UNWRITTEN; });
    each_thread(threads, false, [&] { kernel(in.f(), out.f()); });
    save(name, out, rows * ld);
}

// A gather of `n` values a thread from 16 rows of stride `ld`.
void gather(const std::string& name, size_t n, size_t ld,
            const std::function<void(const float*, float*)>& kernel) {
    Buffer a(16 * ld, value), out(32 * n, [](size_t) { return UNWRITTEN; });
    each_thread(32, false, [&] { kernel(a.f(), out.f()); });
    save(name, out, 32 * n);
}

// The staging tile: 128 values a thread into 64 x 256.
void stage(const std::string& name, const std::function<void(const float*, float*)>& kernel) {
    Buffer in(128 * 128, value), out(64 * 256, [](size_t) { return UNWRITTEN; });
    each_thread(128, false, [&] { kernel(in.f(), out.f()); });
    save(name, out, 64 * 256);
}

// A conversion of `n` words a lane.
void convert(const std::string& name, size_t n, bool is_packed,
             const std::function<void(unsigned*, unsigned*)>& kernel) {
    Buffer in(32 * n, is_packed ? packed : value), out(32 * n, [](size_t) { return UNWRITTEN; });
    each_thread(32, true, [&] { kernel(in.u(), out.u()); });
    save(name, out, 32 * n);
}

void hand() {
    scatter("hand_scatter_ld", 32, 4, 16, LD_MMA,
            [](const float* i, float* o) { hand_scatter_ld(i, o, LD_MMA); });
    scatter("hand_scatter", 32, 4, 16, CLD, [](const float* i, float* o) { hand_scatter(i, o); });
    gather("hand_gather_ld", 4, LD_MMA,
           [](const float* a, float* o) { hand_gather_ld(a, LD_MMA, o); });
    gather("hand_gather", 4, CLD, [](const float* a, float* o) { hand_gather(a, o); });
    scatter("hand_vector2", 32, 4, 16, LD_MMA,
            [](const float* i, float* o) { hand_vector2(i, o, LD_MMA); });
    {
        std::vector<unsigned short> a(16 * LD_MMA + 8);
        // 4-byte aligned, as the kernel's 32-bit loads need.
        unsigned short* a0 = a.data() + (reinterpret_cast<uintptr_t>(a.data()) % 4 ? 1 : 0);
        for (size_t i = 0; i < 16 * LD_MMA; ++i) a0[i] = half(i);
        Buffer out(32 * 4, [](size_t) { return UNWRITTEN; });
        each_thread(32, false, [&] { hand_gather_a_packed(a0, LD_MMA, out.u()); });
        save("hand_gather_a_packed", out, 32 * 4);
    }
    scatter("hand_wgmma_store", 128, 128, 64, LD_WGMMA,
            [](const float* i, float* o) { hand_wgmma_store(i, o, LD_WGMMA); });
    scatter("hand_bounds.whole", 32, 4, 16, LD_MMA,
            [](const float* i, float* o) { hand_bounds(i, o, LD_MMA, 16, 8); });
    scatter("hand_bounds.partial", 32, 4, 16, LD_MMA,
            [](const float* i, float* o) { hand_bounds(i, o, LD_MMA, 9, 5); });
    stage("hand_stage", [](const float* i, float* o) { hand_stage(i, o); });
    stage("hand_stage_vec2", [](const float* i, float* o) { hand_stage_vec2(i, o); });
    convert("hand_acc_rows4", 4, false, [](unsigned* i, unsigned* o) {
        hand_acc_rows4(reinterpret_cast<const float*>(i), reinterpret_cast<float*>(o));
    });
    convert("hand_fa2_pair", 8, false, [](unsigned* i, unsigned* o) {
        hand_fa2_pair(reinterpret_cast<const float*>(i), reinterpret_cast<float*>(o));
    });
    convert("hand_f16_rows4", 2, true, [](unsigned* i, unsigned* o) { hand_f16_rows4(i, o); });
}

#ifdef FL_CUTE
void cute_kernels() {
    scatter("cute_scatter_ld", 32, 4, 16, LD_MMA,
            [](const float* i, float* o) { cute_scatter_ld(i, o, LD_MMA); });
    scatter("cute_wgmma_store", 128, 128, 64, LD_WGMMA,
            [](const float* i, float* o) { cute_wgmma_store(i, o, LD_WGMMA); });
}
#endif

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: check OUTDIR\n");
        return 2;
    }
    out_dir = argv[1];
    hand();
#ifdef FL_CUTE
    cute_kernels();
#endif
    return 0;
}
