//! A thread index that carries its range: [`Thread<N>`] holds a value below `N`, so code
//! generated for a layout of at most `N` threads checks nothing.
//!
//! | thread parameter | what `#[fragment_layout]` does with it |
//! |---|---|
//! | an integer (`u32`, `usize`, ...) | compares it with the layout's thread count once a call; a value outside writes nothing (a gather returns its fill values) |
//! | `Thread<N>`, `N` = the layout's threads (`Lane` for a warp) | nothing: every value is a thread of the layout |
//! | `Thread<N>`, `N` above them | compares, as for an integer |
//! | `Thread<N>`, `N` below them | a compile error: the layout's other threads could never be named |
//! | `Thread<N>`, `N` a const parameter (of the function or its `impl`) | the same, for each instantiation the compiler builds (`cargo build`; `cargo check` builds none) |
//!
//! `#[convert_layout]` reads the lane within its warp (`index % 32`): it takes any `Thread<N>`
//! of `N >= 32`, and refuses one below (lanes `N..32` would act as others).
//!
//! A function generic over `N` fails to build where it is called with too few threads:
//!
//! ```compile_fail,E0080
//! use fraglayout::catalog::SM80_16x8x16_F32_C;
//! use fraglayout::{fragment_layout, Thread};
//!
//! #[fragment_layout(SM80_16x8x16_F32_C)]
//! fn store<const N: u32>(t: Thread<N>, acc: &[f32; 4], d: &mut [f32]) {
//!     |row, col, value| d[row * 8 + col] = value
//! }
//!
//! let mut d = [0.0f32; 16 * 8];
//! store(Thread::<16>::wrapping(3), &[1.0; 4], &mut d); // lanes 16..32 could not be named
//! ```
//!
//! ```
//! use fraglayout::catalog::SM80_16x8x16_F32_C;
//! use fraglayout::{fragment_layout, Lane};
//!
//! #[fragment_layout(SM80_16x8x16_F32_C)]
//! fn store(lane: Lane, acc: &[f32; 4], d: &mut [f32], ld: usize) {
//!     |row, col, value| d[row * ld + col] = value
//! }
//!
//! let mut d = [0.0f32; 16 * 8];
//! for t in 0..128 {
//!     // A warpgroup's thread `t` is lane `t % 32` of its warp: an `and`, no check.
//!     store(Lane::wrapping(t), &[1.0, 2.0, 3.0, 4.0], &mut d, 8);
//! }
//! assert_eq!((d[0], d[1], d[8 * 8]), (1.0, 2.0, 3.0));
//! assert_eq!(Lane::new(31).map(Lane::get), Some(31));
//! assert_eq!(Lane::new(32), None);
//! ```

use core::fmt;
use layout_core::generated::ThreadIndex;

/// A thread index below `N`: `0 <= get() < N`, by construction.
///
/// [`new`](Self::new) checks, [`wrapping`](Self::wrapping) takes the index modulo `N` (an
/// `and` for a power of two), and [`new_unchecked`](Self::new_unchecked) takes a value the
/// hardware guarantees (`%laneid`). `Thread<0>` has no value: naming its constructors is a
/// compile error.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Thread<const N: u32>(u32);

/// A lane of a warp: `Thread<32>`.
pub type Lane = Thread<32>;

impl<const N: u32> Thread<N> {
    /// The number of threads: `N`.
    pub const COUNT: u32 = {
        assert!(N > 0, "Thread<0> has no thread: use Thread<N> with N >= 1");
        N
    };

    /// The thread `index`, if it is below `N`.
    ///
    /// ```
    /// use fraglayout::Thread;
    /// assert_eq!(Thread::<128>::new(127).map(|t| t.get()), Some(127));
    /// assert!(Thread::<128>::new(128).is_none());
    /// ```
    #[inline(always)]
    pub const fn new(index: u32) -> Option<Self> {
        if index < Self::COUNT {
            Some(Thread(index))
        } else {
            None
        }
    }

    /// The thread `index % N`: a warpgroup's thread `t` as the lane of its warp
    /// (`Lane::wrapping(t)` is lane `t % 32`).
    ///
    /// ```
    /// use fraglayout::Lane;
    /// assert_eq!(Lane::wrapping(70).get(), 6);
    /// ```
    #[inline(always)]
    pub const fn wrapping(index: u32) -> Self {
        Thread(index % Self::COUNT)
    }

    /// The thread `index`, unchecked: for a value the hardware bounds, such as `%laneid`
    /// (always below 32) or `%tid.x` in a block of `N` threads.
    ///
    /// # Safety
    ///
    /// `index < N`. Generated code relies on it: a raw-pointer body of a larger index writes
    /// outside the footprint its caller promised, and any body may touch another thread's
    /// elements.
    #[allow(unsafe_code)]
    #[inline(always)]
    pub const unsafe fn new_unchecked(index: u32) -> Self {
        debug_assert!(
            index < Self::COUNT,
            "Thread::new_unchecked: index not below N"
        );
        Thread(index)
    }

    /// The index, below `N`.
    #[inline(always)]
    pub const fn get(self) -> u32 {
        self.0
    }
}

impl<const N: u32> From<Thread<N>> for u32 {
    #[inline(always)]
    fn from(t: Thread<N>) -> u32 {
        t.0
    }
}

impl<const N: u32> fmt::Debug for Thread<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Thread<{N}>({})", self.0)
    }
}

impl<const N: u32> fmt::Display for Thread<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// The check folds away: `N` and the layout's thread count are constants, and for
/// `N <= threads` every value is inside (`ThreadIndex::COUNT` makes `N < threads` a compile
/// error).
impl<const N: u32> ThreadIndex for Thread<N> {
    const COUNT: Option<u32> = Some(N);

    #[inline(always)]
    fn below(self, threads: u32) -> Option<u32> {
        if N <= threads || self.0 < threads {
            Some(self.0)
        } else {
            None
        }
    }

    #[inline(always)]
    fn warp_lane(self) -> u32 {
        // A `Lane` is its own lane: no instruction.
        if N <= 32 {
            self.0
        } else {
            self.0 % 32
        }
    }
}
