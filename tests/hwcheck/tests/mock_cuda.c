/* A stand-in for libcuda.so.1, for tests/run.rs: the entry points src/gpu/driver.rs looks up,
 * declared as cuda.h declares them, over host memory. It runs no kernel: a launch checks that
 * its parameters are the addresses of live allocations, one per `.param .u64` of the loaded
 * entry, and leaves the output as the driver got it (zeroed). Every call is appended to the
 * file named by MOCK_CUDA_LOG as one line; an inconsistent call adds a line starting `BAD`.
 * With MOCK_CUDA_REFUSE set, loading PTX fails as an invalid module, and the load with an error
 * log buffer writes "mock ptxas: refused" into it. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef void *CUcontext;
typedef void *CUmodule;
typedef void *CUfunction;
typedef void *CUstream;

#define CUDA_SUCCESS 0
#define CUDA_ERROR_INVALID_VALUE 1
#define CUDA_ERROR_INVALID_PTX 218
#define CUDA_ERROR_NOT_FOUND 500

static void say(const char *fmt, ...) {
    const char *path = getenv("MOCK_CUDA_LOG");
    if (!path) return;
    FILE *f = fopen(path, "a");
    if (!f) return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
    fputc('\n', f);
    fclose(f);
}

#define MAX_ALLOCS 64
static struct { void *p; size_t bytes; } allocs[MAX_ALLOCS];

static size_t alloc_bytes(CUdeviceptr p) {
    for (int i = 0; i < MAX_ALLOCS; i++)
        if (allocs[i].p && (CUdeviceptr)(uintptr_t)allocs[i].p == p) return allocs[i].bytes;
    return 0;
}

static int context;
static char *module_text;
static char entry_name[256];

CUresult cuInit(unsigned int flags) { say("cuInit %u", flags); return CUDA_SUCCESS; }
CUresult cuDriverGetVersion(int *v) { *v = 13000; return CUDA_SUCCESS; }
CUresult cuDeviceGet(CUdevice *d, int ordinal) { *d = ordinal; return CUDA_SUCCESS; }
CUresult cuDeviceGetName(char *name, int len, CUdevice d) {
    snprintf(name, (size_t)len, "fraglayout mock GPU %d", d);
    return CUDA_SUCCESS;
}
CUresult cuDeviceGetAttribute(int *v, int attribute, CUdevice d) {
    (void)d;
    if (attribute == 75) { *v = 9; return CUDA_SUCCESS; }
    if (attribute == 76) { *v = 0; return CUDA_SUCCESS; }
    return CUDA_ERROR_INVALID_VALUE;
}
CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice d) {
    (void)d;
    *ctx = &context;
    return CUDA_SUCCESS;
}
CUresult cuCtxSetCurrent(CUcontext ctx) {
    if (ctx != &context) say("BAD cuCtxSetCurrent of another context");
    return CUDA_SUCCESS;
}
CUresult cuCtxSynchronize(void) { say("cuCtxSynchronize"); return CUDA_SUCCESS; }

CUresult cuModuleLoadData(CUmodule *m, const void *image) {
    if (getenv("MOCK_CUDA_REFUSE")) return CUDA_ERROR_INVALID_PTX;
    free(module_text);
    module_text = strdup((const char *)image);
    *m = &module_text;
    say("cuModuleLoadData %zu bytes", strlen(module_text));
    return CUDA_SUCCESS;
}
CUresult cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned int n, int *keys,
                            void **values) {
    (void)m;
    (void)image;
    char *log = NULL;
    size_t size = 0;
    for (unsigned int i = 0; i < n; i++) {
        if (keys[i] == 5) log = (char *)values[i];
        if (keys[i] == 6) size = (size_t)(uintptr_t)values[i];
    }
    say("cuModuleLoadDataEx %u options, log buffer of %zu bytes", n, size);
    if (log && size > 0) snprintf(log, size, "mock ptxas: refused");
    return CUDA_ERROR_INVALID_PTX;
}
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
    char pattern[300];
    snprintf(pattern, sizeof pattern, ".entry %s(", name);
    if (m != &module_text || !module_text || !strstr(module_text, pattern)) {
        say("BAD cuModuleGetFunction %s: no such entry", name);
        return CUDA_ERROR_NOT_FOUND;
    }
    snprintf(entry_name, sizeof entry_name, "%s", name);
    *f = entry_name;
    say("cuModuleGetFunction %s", name);
    return CUDA_SUCCESS;
}
CUresult cuModuleUnload(CUmodule m) {
    if (m != &module_text) say("BAD cuModuleUnload of another module");
    say("cuModuleUnload");
    return CUDA_SUCCESS;
}

CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t bytes) {
    for (int i = 0; i < MAX_ALLOCS; i++) {
        if (!allocs[i].p) {
            allocs[i].p = malloc(bytes);
            allocs[i].bytes = bytes;
            *p = (CUdeviceptr)(uintptr_t)allocs[i].p;
            say("cuMemAlloc %zu", bytes);
            return CUDA_SUCCESS;
        }
    }
    return CUDA_ERROR_INVALID_VALUE;
}
CUresult cuMemFree_v2(CUdeviceptr p) {
    for (int i = 0; i < MAX_ALLOCS; i++) {
        if (allocs[i].p && (CUdeviceptr)(uintptr_t)allocs[i].p == p) {
            free(allocs[i].p);
            allocs[i].p = NULL;
            say("cuMemFree");
            return CUDA_SUCCESS;
        }
    }
    say("BAD cuMemFree of no allocation");
    return CUDA_ERROR_INVALID_VALUE;
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes) {
    if (bytes > alloc_bytes(dst)) say("BAD cuMemcpyHtoD of %zu bytes", bytes);
    else memcpy((void *)(uintptr_t)dst, src, bytes);
    say("cuMemcpyHtoD %zu", bytes);
    return CUDA_SUCCESS;
}
CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes) {
    if (bytes > alloc_bytes(src)) say("BAD cuMemcpyDtoH of %zu bytes", bytes);
    else memcpy(dst, (const void *)(uintptr_t)src, bytes);
    say("cuMemcpyDtoH %zu", bytes);
    return CUDA_SUCCESS;
}
CUresult cuMemsetD8_v2(CUdeviceptr dst, unsigned char value, size_t count) {
    if (count > alloc_bytes(dst)) say("BAD cuMemsetD8 of %zu bytes", count);
    else memset((void *)(uintptr_t)dst, value, count);
    say("cuMemsetD8 %zu", count);
    return CUDA_SUCCESS;
}

CUresult cuLaunchKernel(CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz,
                        unsigned int bx, unsigned int by, unsigned int bz, unsigned int shared,
                        CUstream stream, void **params, void **extra) {
    if (f != entry_name) say("BAD cuLaunchKernel of no function");
    /* The entry's parameters: its `.param .u64` declarations up to the body's `{`. */
    int count = 0;
    char pattern[300];
    snprintf(pattern, sizeof pattern, ".entry %s(", entry_name);
    const char *at = module_text ? strstr(module_text, pattern) : NULL;
    const char *body = at ? strchr(at, '{') : NULL;
    while (at && (at = strstr(at + 1, ".param .u64")) && at < body) count++;
    say("cuLaunchKernel grid %u,%u,%u block %u,%u,%u shared %u stream %s params %d extra %s", gx,
        gy, gz, bx, by, bz, shared, stream ? "other" : "default", count, extra ? "set" : "none");
    for (int i = 0; i < count; i++) {
        CUdeviceptr p = *(CUdeviceptr *)params[i];
        size_t bytes = alloc_bytes(p);
        if (!bytes) say("BAD parameter %d is no allocation", i);
        else say("param %d: %zu bytes", i, bytes);
    }
    return CUDA_SUCCESS;
}

CUresult cuGetErrorName(CUresult error, const char **name) {
    switch (error) {
    case CUDA_ERROR_INVALID_VALUE: *name = "CUDA_ERROR_INVALID_VALUE"; return CUDA_SUCCESS;
    case CUDA_ERROR_INVALID_PTX: *name = "CUDA_ERROR_INVALID_PTX"; return CUDA_SUCCESS;
    case CUDA_ERROR_NOT_FOUND: *name = "CUDA_ERROR_NOT_FOUND"; return CUDA_SUCCESS;
    default: return CUDA_ERROR_INVALID_VALUE;
    }
}

/* A 2-D map over a live allocation large enough for its lines; the map's bytes are a pattern. */
CUresult cuTensorMapEncodeTiled(void *map, int type, unsigned int rank, void *global,
                                const unsigned long long *dims,
                                const unsigned long long *strides, const unsigned int *box,
                                const unsigned int *element_strides, int interleave,
                                int swizzle, int l2, int oob) {
    size_t bytes = alloc_bytes((CUdeviceptr)(uintptr_t)global);
    if ((uintptr_t)map % 64) say("BAD tensor map not 64-byte aligned");
    if (rank != 2) say("BAD tensor map of rank %u", rank);
    else if (!bytes) say("BAD tensor map over no allocation");
    else if (dims[1] * strides[0] > bytes) say("BAD tensor map past its allocation");
    else if (element_strides[0] != 1 || element_strides[1] != 1 || interleave || l2 || oob)
        say("BAD tensor map options");
    if (rank == 2)
        say("cuTensorMapEncodeTiled type %d dims %llu,%llu stride %llu box %u,%u swizzle %d", type,
            dims[0], dims[1], strides[0], box[0], box[1], swizzle);
    memset(map, 0x5a, 128);
    return CUDA_SUCCESS;
}
