//! What a measured case is, shared by the modules of cases (`calls.rs`, `calls_smem.rs`,
//! `calls_convert.rs`): its versions' entry points and the thread index they take.

use fraglayout::Thread;

/// The thread index an entry point hands its version: the `u32` itself, or a typed index the
/// callers keep in range (`run_calls` cycles over the case's threads).
pub trait FromThread {
    /// `t`, below the case's thread count, as this type.
    fn from_thread(t: u32) -> Self;
}

impl FromThread for u32 {
    #[inline(always)]
    fn from_thread(t: u32) -> u32 {
        t
    }
}

impl<const N: u32> FromThread for Thread<N> {
    #[inline(always)]
    fn from_thread(t: u32) -> Self {
        // SAFETY: every caller passes a thread of the case (`run_calls`, `tests/agree_calls.rs`).
        unsafe { Thread::new_unchecked(t) }
    }
}

/// A scatter call: `(thread, fragment, matrix, origin, ld)`.
pub type ScatterCall<const N: usize> = fn(u32, &[f32; N], &mut [f32], usize, usize);
/// A scatter on a partial tile: `(thread, fragment, matrix, origin, ld, rows, cols)`.
pub type BoundedScatterCall<const N: usize> =
    fn(u32, &[f32; N], &mut [f32], usize, usize, usize, usize);
/// A gather call: `(thread, matrix, origin, ld) -> fragment`.
pub type GatherCall<T, const N: usize> = fn(u32, &[T], usize, usize) -> [T; N];

/// One measured case: its name, its thread count, and its versions by name.
pub struct Case {
    /// `scatter4`, `gather8_ld`, ...
    pub name: &'static str,
    /// Threads of the layout (32 or 128).
    pub threads: u32,
    /// `(version, entry)`.
    pub versions: &'static [(&'static str, Entry)],
}

/// A measured entry point.
#[derive(Clone, Copy)]
pub enum Entry {
    /// A scatter of 4 `f32`.
    S4(ScatterCall<4>),
    /// A scatter of 128 `f32`.
    S128(ScatterCall<128>),
    /// A scatter of 4 `f32` on the valid `rows x cols` of its tile.
    SB4(BoundedScatterCall<4>, usize, usize),
    /// A scatter of 128 `f32` on the valid `rows x cols` of its tile.
    SB128(BoundedScatterCall<128>, usize, usize),
    /// A gather of 4 `f32`.
    G4(GatherCall<f32, 4>),
    /// A gather of 8 `u16`.
    G8(GatherCall<u16, 8>),
    /// A gather of 128 `f32`.
    G128(GatherCall<f32, 128>),
    /// Any other call: a runner that makes one call of the measured `fl_call_*` function for
    /// thread `t` on inputs of its own (through `black_box`) and returns a checksum of what it
    /// wrote or read. Its case's module checks that the versions agree.
    Other(fn(u32) -> f64),
}
