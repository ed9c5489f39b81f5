//! The CUDA driver API, loaded at run time: `libcuda.so.1` opened with `dlopen` and the entry
//! points the check calls looked up with `dlsym`, so that the binary builds, and runs
//! (skipping), where no CUDA is installed.
//!
//! Each entry point is declared here as `cuda.h` (CUDA 12 and 13) declares it, under the name
//! the driver exports: the `_v2` entry points for the memory functions, whose unversioned names
//! are the 32-bit `CUdeviceptr` ABI of CUDA 3.1 and older. Handles (`CUcontext`, `CUmodule`,
//! `CUfunction`, `CUstream`) are opaque pointers, `CUdevice` and the enums (`CUresult`,
//! `CUdevice_attribute`, `CUjit_option`, the `CUtensorMap*` ones) are C `int`s, `CUdeviceptr`
//! and `cuuint64_t` are `unsigned long long`, `cuuint32_t` is `unsigned int`, a `CUtensorMap`
//! is 128 bytes aligned to 64.

use std::ffi::{c_char, c_int, c_uint, c_void, CStr};
use std::sync::OnceLock;

/// `CUresult`: 0 is `CUDA_SUCCESS`.
pub type CuResult = c_int;
/// `CUdevice`: a device ordinal's handle.
pub type CuDevice = c_int;
/// `CUdeviceptr`: a device address.
pub type CuDevicePtr = u64;
/// `CUcontext`, `CUmodule`, `CUfunction`, `CUstream`: opaque handles (null is the default
/// stream).
pub type Handle = *mut c_void;

/// `CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR`.
pub const ATTRIBUTE_CAPABILITY_MAJOR: c_int = 75;
/// `CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR`.
pub const ATTRIBUTE_CAPABILITY_MINOR: c_int = 76;
/// `CU_JIT_ERROR_LOG_BUFFER`: the option value is a `char *` the JIT writes its errors to.
pub const JIT_ERROR_LOG_BUFFER: c_int = 5;
/// `CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES`: the option value is the buffer's size, as a pointer-
/// sized integer.
pub const JIT_ERROR_LOG_BUFFER_SIZE_BYTES: c_int = 6;

/// The library names tried, in order: the driver's soname, then the development link.
const LIBRARIES: [&CStr; 2] = [c"libcuda.so.1", c"libcuda.so"];

extern "C" {
    fn dlopen(filename: *const c_char, flags: c_int) -> *mut c_void;
    fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
}

/// `RTLD_NOW`: resolve every symbol of the library when it is opened.
const RTLD_NOW: c_int = 2;

/// The opened library, or null where none of [`LIBRARIES`] opens.
fn library() -> *mut c_void {
    struct Lib(*mut c_void);
    // SAFETY: the handle is only passed to `dlsym`, which may be called from any thread.
    unsafe impl Send for Lib {}
    unsafe impl Sync for Lib {}
    static LIB: OnceLock<Lib> = OnceLock::new();
    LIB.get_or_init(|| {
        for name in LIBRARIES {
            // SAFETY: a NUL-terminated name; dlopen reports failure as null.
            let h = unsafe { dlopen(name.as_ptr(), RTLD_NOW) };
            if !h.is_null() {
                return Lib(h);
            }
        }
        Lib(std::ptr::null_mut())
    })
    .0
}

/// Whether the driver library opens.
pub fn present() -> bool {
    !library().is_null()
}

/// The driver's entry points (see the module docs for their C declarations).
pub struct Api {
    pub init: unsafe extern "C" fn(flags: c_uint) -> CuResult,
    pub driver_get_version: unsafe extern "C" fn(version: *mut c_int) -> CuResult,
    pub device_get: unsafe extern "C" fn(device: *mut CuDevice, ordinal: c_int) -> CuResult,
    pub device_get_name:
        unsafe extern "C" fn(name: *mut c_char, len: c_int, dev: CuDevice) -> CuResult,
    pub device_get_attribute:
        unsafe extern "C" fn(value: *mut c_int, attribute: c_int, dev: CuDevice) -> CuResult,
    pub primary_ctx_retain: unsafe extern "C" fn(ctx: *mut Handle, dev: CuDevice) -> CuResult,
    pub ctx_set_current: unsafe extern "C" fn(ctx: Handle) -> CuResult,
    pub ctx_synchronize: unsafe extern "C" fn() -> CuResult,
    pub module_load_data:
        unsafe extern "C" fn(module: *mut Handle, image: *const c_void) -> CuResult,
    pub module_load_data_ex: unsafe extern "C" fn(
        module: *mut Handle,
        image: *const c_void,
        options: c_uint,
        option_keys: *mut c_int,
        option_values: *mut *mut c_void,
    ) -> CuResult,
    pub module_get_function: unsafe extern "C" fn(
        function: *mut Handle,
        module: Handle,
        name: *const c_char,
    ) -> CuResult,
    pub module_unload: unsafe extern "C" fn(module: Handle) -> CuResult,
    pub mem_alloc: unsafe extern "C" fn(ptr: *mut CuDevicePtr, bytes: usize) -> CuResult,
    pub mem_free: unsafe extern "C" fn(ptr: CuDevicePtr) -> CuResult,
    pub memcpy_htod:
        unsafe extern "C" fn(dst: CuDevicePtr, src: *const c_void, bytes: usize) -> CuResult,
    pub memcpy_dtoh:
        unsafe extern "C" fn(dst: *mut c_void, src: CuDevicePtr, bytes: usize) -> CuResult,
    pub memset_d8: unsafe extern "C" fn(dst: CuDevicePtr, value: u8, count: usize) -> CuResult,
    #[allow(clippy::type_complexity)]
    pub launch_kernel: unsafe extern "C" fn(
        function: Handle,
        grid_x: c_uint,
        grid_y: c_uint,
        grid_z: c_uint,
        block_x: c_uint,
        block_y: c_uint,
        block_z: c_uint,
        shared_bytes: c_uint,
        stream: Handle,
        params: *mut *mut c_void,
        extra: *mut *mut c_void,
    ) -> CuResult,
    pub get_error_name: unsafe extern "C" fn(error: CuResult, name: *mut *const c_char) -> CuResult,
    #[allow(clippy::type_complexity)]
    pub tensor_map_encode_tiled: unsafe extern "C" fn(
        map: *mut c_void,
        data_type: c_int,
        rank: c_uint,
        global: *mut c_void,
        dims: *const u64,
        strides: *const u64,
        box_dim: *const c_uint,
        element_strides: *const c_uint,
        interleave: c_int,
        swizzle: c_int,
        l2_promotion: c_int,
        oob_fill: c_int,
    ) -> CuResult,
}

/// The entry points, looked up once; why not, where the library does not open or lacks one.
pub fn api() -> Result<&'static Api, String> {
    static API: OnceLock<Result<Api, String>> = OnceLock::new();
    API.get_or_init(load).as_ref().map_err(Clone::clone)
}

/// The address of `name` in the library, as the function pointer type `F`.
///
/// # Safety
/// `F` must be an `extern "C"` function pointer type matching the symbol's C declaration.
unsafe fn symbol<F: Copy>(lib: *mut c_void, name: &CStr) -> Result<F, String> {
    assert_eq!(
        size_of::<F>(),
        size_of::<*mut c_void>(),
        "a function pointer"
    );
    // SAFETY: `lib` is an open library and `name` NUL-terminated; null means not found.
    let p = unsafe { dlsym(lib, name.as_ptr()) };
    if p.is_null() {
        return Err(format!("libcuda has no {}", name.to_string_lossy()));
    }
    // SAFETY: a non-null code address, read as the pointer type the caller vouches for.
    Ok(unsafe { std::mem::transmute_copy::<*mut c_void, F>(&p) })
}

fn load() -> Result<Api, String> {
    let lib = library();
    if lib.is_null() {
        return Err("libcuda.so.1 does not open".into());
    }
    // SAFETY: each type below is the C declaration of the symbol it is looked up under.
    unsafe {
        Ok(Api {
            init: symbol(lib, c"cuInit")?,
            driver_get_version: symbol(lib, c"cuDriverGetVersion")?,
            device_get: symbol(lib, c"cuDeviceGet")?,
            device_get_name: symbol(lib, c"cuDeviceGetName")?,
            device_get_attribute: symbol(lib, c"cuDeviceGetAttribute")?,
            primary_ctx_retain: symbol(lib, c"cuDevicePrimaryCtxRetain")?,
            ctx_set_current: symbol(lib, c"cuCtxSetCurrent")?,
            ctx_synchronize: symbol(lib, c"cuCtxSynchronize")?,
            module_load_data: symbol(lib, c"cuModuleLoadData")?,
            module_load_data_ex: symbol(lib, c"cuModuleLoadDataEx")?,
            module_get_function: symbol(lib, c"cuModuleGetFunction")?,
            module_unload: symbol(lib, c"cuModuleUnload")?,
            mem_alloc: symbol(lib, c"cuMemAlloc_v2")?,
            mem_free: symbol(lib, c"cuMemFree_v2")?,
            memcpy_htod: symbol(lib, c"cuMemcpyHtoD_v2")?,
            memcpy_dtoh: symbol(lib, c"cuMemcpyDtoH_v2")?,
            memset_d8: symbol(lib, c"cuMemsetD8_v2")?,
            launch_kernel: symbol(lib, c"cuLaunchKernel")?,
            get_error_name: symbol(lib, c"cuGetErrorName")?,
            tensor_map_encode_tiled: symbol(lib, c"cuTensorMapEncodeTiled")?,
        })
    }
}

/// `Ok` for `CUDA_SUCCESS`; otherwise the error's name and number, e.g.
/// `CUDA_ERROR_INVALID_PTX (218)`.
pub fn check(api: &Api, r: CuResult) -> Result<(), String> {
    if r == 0 {
        return Ok(());
    }
    let mut name: *const c_char = std::ptr::null();
    // SAFETY: writes one pointer to a static string, or fails for an unknown code.
    let known = unsafe { (api.get_error_name)(r, &mut name) } == 0 && !name.is_null();
    if known {
        // SAFETY: the driver's own NUL-terminated static string.
        let text = unsafe { CStr::from_ptr(name) }.to_string_lossy();
        Err(format!("{text} ({r})"))
    } else {
        Err(format!("CUDA error {r}"))
    }
}
