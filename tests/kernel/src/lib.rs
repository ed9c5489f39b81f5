//! The epilogue of `docs/KERNEL.md` as a crate of device code. `epilogue.rs` is the code the
//! guide shows (`tests/tests/kernel_md.rs` holds the two equal and runs it on the host for the
//! 32 lanes of a warp); on `nvptx64-nvidia-cuda`, `kernel.rs` adds a kernel entry that calls
//! it and a panic handler, and `.ci/kernel-check` builds the crate to PTX, checks that the
//! kernel calls nothing (no panic path) and assembles it with ptxas.
#![no_std]
#![cfg_attr(target_arch = "nvptx64", feature(abi_ptx, stdarch_nvptx))]

pub mod epilogue;

#[cfg(target_arch = "nvptx64")]
mod kernel;
