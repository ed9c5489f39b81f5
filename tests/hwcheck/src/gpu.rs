//! The GPU side: device 0 opened through the CUDA driver API, which [`driver`] loads at run
//! time; a check's kernel run on it; a refused module loaded once more to read the JIT's
//! error log. The crate's only `unsafe` is in this module and [`driver`]'s.

mod driver;

use std::ffi::{c_char, c_int, c_void, CStr};

use crate::check::{Check, TensorMap};
use driver::{check, Api, CuDevicePtr, Handle};

/// Whether the CUDA driver library can be loaded.
pub fn driver_present() -> bool {
    driver::present()
}

/// A usable device: its context, name, compute capability and driver.
pub struct Device {
    api: &'static Api,
    /// The device's primary context, made current on the calling thread by each run.
    ctx: Handle,
    /// The GPU's name.
    pub name: String,
    /// `(major, minor)`.
    pub capability: (i32, i32),
    /// The driver: its CUDA version (`cuDriverGetVersion`) and, on Linux, the kernel
    /// module's version, e.g. `CUDA 13.0, kernel module 580.95.05`.
    pub driver: String,
}

/// The CUDA version the driver supports and the NVIDIA kernel module's version.
fn driver_version(api: &Api) -> String {
    let mut v: c_int = 0;
    // SAFETY: writes one int through a valid pointer.
    let cuda = match check(api, unsafe { (api.driver_get_version)(&mut v) }) {
        Ok(()) => format!("CUDA {}.{}", v / 1000, v % 1000 / 10),
        Err(e) => format!("CUDA version unknown ({e})"),
    };
    // "NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.95.05  Tue ..."
    let module = std::fs::read_to_string("/proc/driver/nvidia/version")
        .ok()
        .and_then(|t| {
            let line = t.lines().next()?.to_string();
            let after = line.split("Kernel Module").nth(1)?;
            after.split_whitespace().next().map(str::to_string)
        });
    match module {
        Some(m) => format!("{cuda}, kernel module {m}"),
        None => cuda,
    }
}

/// Device 0, or why there is none: the driver initialised, the device's primary context
/// retained and made current.
pub fn open() -> Result<Device, String> {
    let api = driver::api()?;
    let call = |what: &str, r| check(api, r).map_err(|e| format!("{what}: {e}"));
    let mut dev = 0;
    let mut ctx: Handle = std::ptr::null_mut();
    let mut name = [0 as c_char; 256];
    let (mut major, mut minor) = (0, 0);
    // SAFETY: each call writes through pointers to locals of the types the driver declares;
    // the name buffer's length is passed with it.
    unsafe {
        call("cuInit", (api.init)(0))?;
        call("cuDeviceGet(0)", (api.device_get)(&mut dev, 0))?;
        call(
            "cuDevicePrimaryCtxRetain",
            (api.primary_ctx_retain)(&mut ctx, dev),
        )?;
        call("cuCtxSetCurrent", (api.ctx_set_current)(ctx))?;
        call(
            "compute capability",
            (api.device_get_attribute)(&mut major, driver::ATTRIBUTE_CAPABILITY_MAJOR, dev),
        )?;
        call(
            "compute capability",
            (api.device_get_attribute)(&mut minor, driver::ATTRIBUTE_CAPABILITY_MINOR, dev),
        )?;
    }
    // SAFETY: the driver NUL-terminates the name within the buffer it was given.
    let name = match check(api, unsafe {
        (api.device_get_name)(name.as_mut_ptr(), name.len() as c_int, dev)
    }) {
        Ok(()) => unsafe { CStr::from_ptr(name.as_ptr()) }
            .to_string_lossy()
            .into_owned(),
        Err(e) => format!("(no name: {e})"),
    };
    Ok(Device {
        api,
        ctx,
        name,
        capability: (major, minor),
        driver: driver_version(api),
    })
}

/// Device memory, freed when dropped.
struct Buffer<'a> {
    api: &'a Api,
    ptr: CuDevicePtr,
    bytes: usize,
}

impl<'a> Buffer<'a> {
    /// `bytes` bytes of device memory (at least 4: the driver refuses an empty allocation).
    fn new(api: &'a Api, bytes: usize) -> Result<Self, String> {
        let bytes = bytes.max(4);
        let mut ptr = 0;
        // SAFETY: writes one device address.
        check(api, unsafe { (api.mem_alloc)(&mut ptr, bytes) })?;
        Ok(Buffer { api, ptr, bytes })
    }
}

impl Drop for Buffer<'_> {
    fn drop(&mut self) {
        // SAFETY: an allocation of ours, freed once.
        unsafe { (self.api.mem_free)(self.ptr) };
    }
}

/// A loaded module, unloaded when dropped.
struct Module<'a> {
    api: &'a Api,
    handle: Handle,
}

impl Drop for Module<'_> {
    fn drop(&mut self) {
        // SAFETY: a module of ours, unloaded once.
        unsafe { (self.api.module_unload)(self.handle) };
    }
}

/// A `CUtensorMap`: 128 opaque bytes, 64-byte aligned.
#[repr(C, align(64))]
struct MapBytes([u64; 16]);

/// `m` encoded over the device tensor at `global`.
fn encode(api: &Api, m: &TensorMap, global: CuDevicePtr) -> Result<MapBytes, String> {
    let mut map = MapBytes([0; 16]);
    // CU_TENSOR_MAP_DATA_TYPE_UINT8, _UINT16, _UINT32.
    let data_type = match m.elem_bytes {
        1 => 0,
        2 => 1,
        4 => 2,
        b => return Err(format!("no tensor map type of {b} bytes")),
    };
    let strides = [m.dims[0] * u64::from(m.elem_bytes)];
    let element_strides = [1u32, 1];
    // SAFETY: the map is 128 bytes aligned to 64; the arrays have the rank's lengths (one
    // stride less); `global` is a live allocation of `dims` elements.
    let r = unsafe {
        (api.tensor_map_encode_tiled)(
            (&mut map as *mut MapBytes).cast(),
            data_type,
            2,
            global as *mut c_void,
            m.dims.as_ptr(),
            strides.as_ptr(),
            m.box_dim.as_ptr(),
            element_strides.as_ptr(),
            0,
            m.swizzle as c_int,
            0,
            0,
        )
    };
    driver::check(api, r).map_err(|e| format!("encoding a tensor map: {e}"))?;
    Ok(map)
}

/// Each of `maps` encoded over its source input's buffer and copied into its `into` input's.
fn write_maps(api: &Api, maps: &[TensorMap], buffers: &[Buffer]) -> Result<(), String> {
    for m in maps {
        let map = encode(api, m, buffers[m.source].ptr)?;
        let into = &buffers[m.into];
        if into.bytes < size_of::<MapBytes>() {
            return Err(format!("input {} holds no tensor map", m.into));
        }
        // SAFETY: copies the map's 128 bytes into an allocation at least as large.
        let r =
            unsafe { (api.memcpy_htod)(into.ptr, map.0.as_ptr().cast(), size_of::<MapBytes>()) };
        driver::check(api, r).map_err(|e| format!("copying a tensor map: {e}"))?;
    }
    Ok(())
}

impl Device {
    /// Runs `check`'s kernel once (one block of `check.threads`, no dynamic shared memory),
    /// its tensor maps encoded into their inputs first, and returns its output buffer.
    pub fn run(&self, check: &Check) -> Result<Vec<u32>, String> {
        let api = self.api;
        let k = &check.kernel.name;
        let call = |what: &str, r| driver::check(api, r).map_err(|e| format!("{k}: {what}: {e}"));
        // SAFETY: the context is the device's primary one, retained for the process.
        call("making the context current", unsafe {
            (api.ctx_set_current)(self.ctx)
        })?;
        let mut text = check.kernel.ptx.as_bytes().to_vec();
        text.push(0);
        let mut handle: Handle = std::ptr::null_mut();
        // SAFETY: `text` is NUL-terminated PTX; the driver writes one module handle.
        let loaded = unsafe { (api.module_load_data)(&mut handle, text.as_ptr().cast()) };
        if let Err(e) = driver::check(api, loaded) {
            return Err(format!(
                "{k}: loading the PTX (JIT): {e}; JIT log: {}",
                self.jit_log(&text)
            ));
        }
        let module = Module { api, handle };
        let entry = std::ffi::CString::new(k.as_str()).map_err(|e| format!("{k}: {e}"))?;
        let mut function: Handle = std::ptr::null_mut();
        // SAFETY: a loaded module and a NUL-terminated entry name; writes one handle.
        call("finding the entry", unsafe {
            (api.module_get_function)(&mut function, module.handle, entry.as_ptr())
        })?;
        let mut buffers = Vec::with_capacity(check.inputs.len() + 1);
        for input in &check.inputs {
            let b = Buffer::new(api, size_of_val(input.as_slice()))
                .map_err(|e| format!("{k}: allocating an input: {e}"))?;
            // SAFETY: copies the input's bytes into an allocation at least as large.
            call("copying inputs", unsafe {
                (api.memcpy_htod)(b.ptr, input.as_ptr().cast(), size_of_val(input.as_slice()))
            })?;
            buffers.push(b);
        }
        write_maps(api, &check.tensor_maps, &buffers).map_err(|e| format!("{k}: {e}"))?;
        let out_bytes = check.out_words * size_of::<u32>();
        let out =
            Buffer::new(api, out_bytes).map_err(|e| format!("{k}: allocating the output: {e}"))?;
        // SAFETY: zeroes the output allocation, `out.bytes` long.
        call("zeroing the output", unsafe {
            (api.memset_d8)(out.ptr, 0, out.bytes)
        })?;
        buffers.push(out);
        // The kernel's parameters, one `.u64` pointer per buffer in order: the driver reads
        // each through the pointer to it.
        let mut addresses: Vec<CuDevicePtr> = buffers.iter().map(|b| b.ptr).collect();
        let mut params: Vec<*mut c_void> = addresses
            .iter_mut()
            .map(|a| (a as *mut CuDevicePtr).cast())
            .collect();
        // SAFETY: the kernel was generated with one `.u64` pointer parameter per buffer, in this
        // order, and touches only `[thread][word]` within the sizes allocated here; `params`
        // and `addresses` outlive the launch, which the synchronisation below waits for.
        call("launching", unsafe {
            (api.launch_kernel)(
                function,
                1,
                1,
                1,
                check.threads,
                1,
                1,
                0,
                std::ptr::null_mut(),
                params.as_mut_ptr(),
                std::ptr::null_mut(),
            )
        })?;
        // SAFETY: no arguments.
        call("synchronizing", unsafe { (api.ctx_synchronize)() })?;
        let mut result = vec![0u32; check.out_words];
        let out = buffers.last().expect("the output buffer");
        // SAFETY: copies `out_bytes` (at most the allocation) into a vector of that size.
        call("copying the output", unsafe {
            (api.memcpy_dtoh)(result.as_mut_ptr().cast(), out.ptr, out_bytes)
        })?;
        Ok(result)
    }

    /// Loads the NUL-terminated PTX `text` once more through `cuModuleLoadDataEx` with an
    /// error-log buffer, for the JIT's own words on why it refused the module (the plain load
    /// says only `CUDA_ERROR_INVALID_PTX`).
    fn jit_log(&self, text: &[u8]) -> String {
        const LOG: usize = 16 * 1024;
        let api = self.api;
        let mut log = vec![0u8; LOG];
        let mut options = [
            driver::JIT_ERROR_LOG_BUFFER,
            driver::JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
        ];
        let mut values: [*mut c_void; 2] = [log.as_mut_ptr().cast(), LOG as *mut c_void];
        let mut module: Handle = std::ptr::null_mut();
        // SAFETY: `text` is NUL-terminated PTX; the log buffer is LOG bytes and outlives the
        // call; the option arrays have matching lengths; a module loaded after all is unloaded.
        let r = unsafe {
            let r = (api.module_load_data_ex)(
                &mut module,
                text.as_ptr().cast(),
                options.len() as std::ffi::c_uint,
                options.as_mut_ptr(),
                values.as_mut_ptr(),
            );
            if r == 0 {
                (api.module_unload)(module);
            }
            r
        };
        let end = log.iter().position(|&b| b == 0).unwrap_or(LOG);
        let words = String::from_utf8_lossy(&log[..end])
            .trim()
            .replace('\n', " | ");
        match (driver::check(api, r), words.is_empty()) {
            (Ok(()), _) => "(the second load succeeded)".into(),
            (Err(e), true) => format!("(empty; {e})"),
            (Err(_), false) => words,
        }
    }
}
