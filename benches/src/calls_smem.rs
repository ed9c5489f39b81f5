//! One call of a store into a 128-byte-swizzled shared tile (`shared = SMEM`), side by side
//! with what a skilled engineer writes by hand: rows "shared" of the table "One call" in
//! docs/PERFORMANCE.md.
//!
//! The tile: the `m16n8k16` f32 accumulator (`SM80_16x8x16_F32_C`, 4 `f32` a lane: rows
//! `lane / 4 + {0, 8}`, columns `2 * (lane % 4) + {0, 1}`) in rows of 128 bytes (32 `f32`, 24 of
//! them padding: the first column block of a 16 x 32 staging tile), swizzled in Hopper's
//! 128-byte mode (`Swizzle<3, 4, 3>` on bytes, `Swizzle<3, 2, 3>` on `f32` offsets): the
//! 16-byte chunk `col / 4` of row `r` lands at chunk `(col / 4) ^ (r % 8)`.
//!
//! | version     | code                                                                           |
//! |-------------|--------------------------------------------------------------------------------|
//! | `generated` | `#[fragment_layout(.., shared = SMEM)]`, body `smem[offset] = value` (`shared4`) or, with `vector = 2`, `smem[offset..offset + 2].copy_from_slice(&values)` (`shared4_vec`), thread `u32` |
//! | `skilled`   | written by hand, CUTLASS style: the thread's swizzled offset computed once, each element at a constant offset from it (the thread part never carries into the swizzle's bits here), the same stores, the lane checked |
//! | `typed`     | `generated` with a [`Lane`] thread (no check)                                   |
//! | `unchecked` | `skilled` without the lane check                                               |
//!
//! Every measured function is `fl_call_CASE_VERSION(t, acc, smem)`, `#[no_mangle]
//! #[inline(never)]`; [`CASES`] runs each through a runner of its own ([`Entry::Other`]).
//! `tests/agree_smem.rs` checks that every version writes exactly the layout's offsets.

use crate::case::{Case, Entry, FromThread};
use core::hint::black_box;
use fraglayout::generated::ThreadIndex;
use fraglayout::shared::{SharedLayout, Swizzle};
use fraglayout::Lane;
use layout_core::catalog::SM80_16x8x16_F32_C;
use layout_macros::fragment_layout;

/// Elements of a line of the tile: 8 columns and 24 of padding, 128 bytes.
pub const PITCH: usize = 32;
/// The shared tile: 16 x 8 `f32` in lines of [`PITCH`], the 128-byte swizzle of `f32` offsets.
pub const SMEM: SharedLayout =
    SharedLayout::padded(16, 8, 4, PITCH as u32 - 8).with_swizzle(Swizzle::new(3, 2, 3));
/// Elements the tile spans: 512.
pub const SPAN: usize = SMEM.span() as usize;

/// A measured call: `(thread, fragment, tile)`.
pub type SharedCall = fn(u32, &[f32; 4], &mut [f32; SPAN]);

// ---------------------------------------------------------------------------------------------
// Generated.

#[fragment_layout(SM80_16x8x16_F32_C, shared = SMEM)]
pub fn shared4_generated<T: ThreadIndex>(lane: T, acc: &[f32; 4], smem: &mut [f32; SPAN]) {
    |offset, value| smem[offset] = value
}

#[fragment_layout(SM80_16x8x16_F32_C, shared = SMEM, vector = 2)]
pub fn shared4_vec_generated<T: ThreadIndex>(lane: T, acc: &[f32; 4], smem: &mut [f32; SPAN]) {
    |offset, values| smem[offset..offset + 2].copy_from_slice(&values)
}

// ---------------------------------------------------------------------------------------------
// Skilled, hand-written.

/// The lane's swizzled offset (row `lane / 4`, column `2 * (lane % 4)`): its 16-byte chunk
/// `col / 4` XORed with `row % 8`. Every element lies at a constant offset from it: `+ 1` stays
/// inside the chunk (the column is even), `+ 8` rows leave `row % 8` as it is. Written the
/// way LLVM compiles shortest in each twin (callgrind): the XOR over the whole offset where the
/// lane is checked (12 instructions against 13), the row added last where it is not (15
/// against 16).
#[inline(always)]
fn swizzled_base<const CHECK: bool>(lane: u32) -> usize {
    let lane = lane as usize;
    let (r, c) = (lane / 4, 2 * (lane % 4));
    if CHECK {
        (r * PITCH + c) ^ ((r % 8) << 2)
    } else {
        (r * PITCH) | (c ^ ((r % 8) << 2))
    }
}

#[inline]
pub fn shared4_skilled<const CHECK: bool>(lane: u32, acc: &[f32; 4], smem: &mut [f32; SPAN]) {
    if CHECK && lane >= 32 {
        return;
    }
    let b = swizzled_base::<CHECK>(lane);
    let s = &mut smem[b..b + 8 * PITCH + 2];
    s[0] = acc[0];
    s[1] = acc[1];
    s[8 * PITCH] = acc[2];
    s[8 * PITCH + 1] = acc[3];
}

#[inline]
pub fn shared4_vec_skilled<const CHECK: bool>(lane: u32, acc: &[f32; 4], smem: &mut [f32; SPAN]) {
    if CHECK && lane >= 32 {
        return;
    }
    let b = swizzled_base::<CHECK>(lane);
    let s = &mut smem[b..b + 8 * PITCH + 2];
    s[..2].copy_from_slice(&[acc[0], acc[1]]);
    s[8 * PITCH..].copy_from_slice(&[acc[2], acc[3]]);
}

// ---------------------------------------------------------------------------------------------
// The measured entry points and their runners.

macro_rules! entry {
    ($name:ident = $f:expr) => {
        #[no_mangle]
        #[inline(never)]
        pub fn $name(t: u32, acc: &[f32; 4], smem: &mut [f32; SPAN]) {
            $f(FromThread::from_thread(t), acc, smem)
        }
    };
}

entry!(fl_call_shared4_generated = shared4_generated::<u32>);
entry!(fl_call_shared4_skilled = shared4_skilled::<true>);
entry!(fl_call_shared4_typed = shared4_generated::<Lane>);
entry!(fl_call_shared4_unchecked = shared4_skilled::<false>);
entry!(fl_call_shared4_vec_generated = shared4_vec_generated::<u32>);
entry!(fl_call_shared4_vec_skilled = shared4_vec_skilled::<true>);
entry!(fl_call_shared4_vec_typed = shared4_vec_generated::<Lane>);
entry!(fl_call_shared4_vec_unchecked = shared4_vec_skilled::<false>);

/// Every measured function: `(case, version, function)`.
pub const CALLS: &[(&str, &str, SharedCall)] = &[
    ("shared4", "generated", fl_call_shared4_generated),
    ("shared4", "skilled", fl_call_shared4_skilled),
    ("shared4", "typed", fl_call_shared4_typed),
    ("shared4", "unchecked", fl_call_shared4_unchecked),
    ("shared4_vec", "generated", fl_call_shared4_vec_generated),
    ("shared4_vec", "skilled", fl_call_shared4_vec_skilled),
    ("shared4_vec", "typed", fl_call_shared4_vec_typed),
    ("shared4_vec", "unchecked", fl_call_shared4_vec_unchecked),
];

/// One call of `f` for thread `t` on a tile and a fragment of its own, through `black_box`;
/// a checksum of the tile.
#[inline(always)]
fn run(f: SharedCall, t: u32) -> f64 {
    let mut smem = [0.0f32; SPAN];
    let acc = [1.0, 2.0, 3.0, 4.0];
    black_box(f)(black_box(t), black_box(&acc), black_box(&mut smem));
    smem.iter()
        .enumerate()
        .map(|(i, &v)| (i + 1) as f64 * v as f64)
        .sum()
}

macro_rules! runners {
    ($($run:ident = $f:ident;)*) => {
        $(fn $run(t: u32) -> f64 {
            run($f, t)
        })*
    };
}

runners! {
    run_shared4_generated = fl_call_shared4_generated;
    run_shared4_skilled = fl_call_shared4_skilled;
    run_shared4_typed = fl_call_shared4_typed;
    run_shared4_unchecked = fl_call_shared4_unchecked;
    run_shared4_vec_generated = fl_call_shared4_vec_generated;
    run_shared4_vec_skilled = fl_call_shared4_vec_skilled;
    run_shared4_vec_typed = fl_call_shared4_vec_typed;
    run_shared4_vec_unchecked = fl_call_shared4_vec_unchecked;
}

/// The cases of this module, for [`calls::cases`](crate::calls::cases).
pub const CASES: &[Case] = &[
    Case {
        name: "shared4",
        threads: 32,
        versions: &[
            ("generated", Entry::Other(run_shared4_generated)),
            ("skilled", Entry::Other(run_shared4_skilled)),
            ("typed", Entry::Other(run_shared4_typed)),
            ("unchecked", Entry::Other(run_shared4_unchecked)),
        ],
    },
    Case {
        name: "shared4_vec",
        threads: 32,
        versions: &[
            ("generated", Entry::Other(run_shared4_vec_generated)),
            ("skilled", Entry::Other(run_shared4_vec_skilled)),
            ("typed", Entry::Other(run_shared4_vec_typed)),
            ("unchecked", Entry::Other(run_shared4_vec_unchecked)),
        ],
    },
];
