//! The GPU side, through cudarc with libcuda loaded at run time. The only `unsafe` of the
//! crate is here: asking whether libcuda is present, the driver's version, launching a kernel,
//! and loading a module once more to read the JIT's error log.

use std::sync::Arc;

use cudarc::driver::{sys, CudaContext, CudaSlice, LaunchConfig, PushKernelArg};
use cudarc::nvrtc::Ptx;

use crate::check::Check;

/// Whether the CUDA driver library can be loaded (cudarc panics on first use otherwise).
pub fn driver_present() -> bool {
    // SAFETY: only tries to dlopen libcuda and reports whether it worked.
    unsafe { cudarc::driver::sys::is_culib_present() }
}

/// A usable device: its context, name, compute capability and driver.
pub struct Device {
    ctx: Arc<CudaContext>,
    /// The GPU's name.
    pub name: String,
    /// `(major, minor)`.
    pub capability: (i32, i32),
    /// The driver: its CUDA version (`cuDriverGetVersion`) and, on Linux, the kernel
    /// module's version, e.g. `CUDA 13.0, kernel module 580.95.05`.
    pub driver: String,
}

/// The CUDA version the driver supports and the NVIDIA kernel module's version.
fn driver_version() -> String {
    let mut v: std::ffi::c_int = 0;
    // SAFETY: writes one int through a valid pointer.
    let cuda = match unsafe { sys::cuDriverGetVersion(&mut v) } {
        sys::CUresult::CUDA_SUCCESS => format!("CUDA {}.{}", v / 1000, v % 1000 / 10),
        e => format!("CUDA version unknown ({e:?})"),
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

/// Device 0, or why there is none.
pub fn open() -> Result<Device, String> {
    let ctx = CudaContext::new(0).map_err(|e| format!("CudaContext::new(0): {e:?}"))?;
    let name = ctx.name().unwrap_or_else(|e| format!("(no name: {e:?})"));
    let capability = ctx
        .compute_capability()
        .map_err(|e| format!("compute capability: {e:?}"))?;
    Ok(Device {
        ctx,
        name,
        capability,
        driver: driver_version(),
    })
}

impl Device {
    /// Runs `check`'s kernel once (one block) and returns its output buffer.
    pub fn run(&self, check: &Check) -> Result<Vec<u32>, String> {
        let err = |what: &str| {
            let k = check.kernel.name.clone();
            let what = what.to_string();
            move |e: cudarc::driver::DriverError| format!("{k}: {what}: {e:?}")
        };
        let module = self
            .ctx
            .load_module(Ptx::from_src(check.kernel.ptx.clone()))
            .map_err(|e| {
                format!(
                    "{}: loading the PTX (JIT): {e:?}; JIT log: {}",
                    check.kernel.name,
                    self.jit_log(&check.kernel.ptx)
                )
            })?;
        let func = module
            .load_function(&check.kernel.name)
            .map_err(err("finding the entry"))?;
        let stream = self.ctx.default_stream();
        let inputs: Vec<CudaSlice<u32>> = check
            .inputs
            .iter()
            .map(|v| stream.clone_htod(v))
            .collect::<Result<_, _>>()
            .map_err(err("copying inputs"))?;
        let mut out = stream
            .alloc_zeros::<u32>(check.out_words)
            .map_err(err("allocating the output"))?;
        let cfg = LaunchConfig {
            grid_dim: (1, 1, 1),
            block_dim: (check.threads, 1, 1),
            shared_mem_bytes: 0,
        };
        let mut launch = stream.launch_builder(&func);
        for i in &inputs {
            launch.arg(i);
        }
        launch.arg(&mut out);
        // SAFETY: the kernel was generated with one `.u64` pointer parameter per buffer, in this
        // order, and touches only `[thread][word]` within the sizes allocated here.
        unsafe { launch.launch(cfg) }.map_err(err("launching"))?;
        stream.synchronize().map_err(err("synchronizing"))?;
        stream.clone_dtoh(&out).map_err(err("copying the output"))
    }

    /// Loads `ptx` once more through `cuModuleLoadDataEx` with an error-log buffer, for the
    /// JIT's own words on why it refused the module (the plain load says only
    /// `CUDA_ERROR_INVALID_PTX`).
    fn jit_log(&self, ptx: &str) -> String {
        const LOG: usize = 16 * 1024;
        if let Err(e) = self.ctx.bind_to_thread() {
            return format!("(unavailable: {e:?})");
        }
        let mut text = ptx.as_bytes().to_vec();
        text.push(0);
        let mut log = vec![0u8; LOG];
        let mut options = [
            sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER,
            sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
        ];
        let mut values: [*mut std::ffi::c_void; 2] =
            [log.as_mut_ptr().cast(), LOG as *mut std::ffi::c_void];
        let mut module: sys::CUmodule = std::ptr::null_mut();
        // SAFETY: `text` is NUL-terminated PTX; the log buffer is LOG bytes and outlives the
        // call; the option arrays have matching lengths; a module loaded after all is unloaded.
        let r = unsafe {
            let r = sys::cuModuleLoadDataEx(
                &mut module,
                text.as_ptr().cast(),
                options.len() as std::ffi::c_uint,
                options.as_mut_ptr(),
                values.as_mut_ptr(),
            );
            if r == sys::CUresult::CUDA_SUCCESS {
                sys::cuModuleUnload(module);
            }
            r
        };
        let end = log.iter().position(|&b| b == 0).unwrap_or(LOG);
        let words = String::from_utf8_lossy(&log[..end])
            .trim()
            .replace('\n', " | ");
        match (r, words.is_empty()) {
            (sys::CUresult::CUDA_SUCCESS, _) => "(the second load succeeded)".into(),
            (r, true) => format!("(empty; {r:?})"),
            (_, false) => words,
        }
    }
}
