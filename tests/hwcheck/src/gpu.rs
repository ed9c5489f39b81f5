//! The GPU side, through cudarc with libcuda loaded at run time. The only `unsafe` of the
//! crate is here: asking whether libcuda is present, and launching a kernel.

use std::sync::Arc;

use cudarc::driver::{CudaContext, CudaSlice, LaunchConfig, PushKernelArg};
use cudarc::nvrtc::Ptx;

use crate::check::Check;

/// Whether the CUDA driver library can be loaded (cudarc panics on first use otherwise).
pub fn driver_present() -> bool {
    // SAFETY: only tries to dlopen libcuda and reports whether it worked.
    unsafe { cudarc::driver::sys::is_culib_present() }
}

/// A usable device: its context, name and compute capability.
pub struct Device {
    ctx: Arc<CudaContext>,
    /// The GPU's name.
    pub name: String,
    /// `(major, minor)`.
    pub capability: (i32, i32),
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
            .map_err(err("loading the PTX (JIT)"))?;
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
}
