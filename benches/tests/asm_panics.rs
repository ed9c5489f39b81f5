//! The x86-64 code of the forms a GPU kernel uses has no panic path: a raw-pointer scatter
//! (one element a store, `align = 8` and `vector = 2`), a `vector` gather, a shared-tile store and a
//! partial tile (`bounds`) through a raw pointer, a slice through `get_unchecked_mut`, with the
//! thread index a plain `u32` (compared with the layout's threads once, no panic) or a `Lane`,
//! and a `#[convert_layout]` lane exchange. Each function's disassembly must leave the function
//! only by returning: no call (by name or through the GOT) and no jump to another symbol, which
//! is how a bounds check, an overflow check or an `unwrap` reaches core's panics (on a GPU, a
//! trap). The conversion calls only the shuffle it is given, through a register. As a control,
//! the same scatter into a slice must call a panic, so the check cannot pass by failing to read
//! the code.
//!
//! Needs objdump (binutils) and optimized code (release: no overflow checks, no debug
//! assertions), so it is ignored by `cargo test`; run it with
//!
//! ```text
//! cargo test --release -p fraglayout-benches --test perf -- asm_panics:: --ignored --nocapture
//! ```

use crate::support::{disassemble, Insn};
use fraglayout::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F32_C};
use fraglayout::convert::Plan;
use fraglayout::shared::{SharedLayout, Swizzle};
use fraglayout::{convert_layout, fragment_layout, Lane};
use std::hint::black_box;

/// Element by element through a raw pointer, adding to what is there (the plain store
/// compiles to the same code as `vector = 2` below, which the linker then shares); the lane a
/// `u32`.
#[no_mangle]
#[inline(never)]
#[fragment_layout(SM80_16x8x16_F32_C)]
pub unsafe fn fl_nopanic_pointer(lane: u32, acc: &[f32; 4], d: *mut f32, ld: usize) {
    |row, col, value| unsafe { *d.add(row * ld + col) += value }
}

/// Two elements a store (`vector = 2`), as a cuda-oxide epilogue writes it.
#[no_mangle]
#[inline(never)]
#[fragment_layout(SM80_16x8x16_F32_C, vector = 2)]
pub unsafe fn fl_nopanic_vector(lane: u32, acc: &[f32; 4], d: *mut f32, ld: usize) {
    |row, col, values| unsafe { *(d.add(row * ld + col) as *mut [f32; 2]) = values }
}

/// One element a call, `align = 8`: each pair one 8-byte store, and the declaration's debug
/// checks gone from a release build.
#[no_mangle]
#[inline(never)]
#[fragment_layout(SM80_16x8x16_F32_C, align = 8)]
pub unsafe fn fl_nopanic_aligned(lane: u32, acc: &[f32; 4], d: *mut f32, ld: usize) {
    |row, col, value| unsafe { *d.add(row * ld + col) = value }
}

/// The same with a `Lane`: no comparison either.
#[no_mangle]
#[inline(never)]
#[fragment_layout(SM80_16x8x16_F32_C, vector = 2)]
pub unsafe fn fl_nopanic_vector_lane(lane: Lane, acc: &[f32; 4], d: *mut f32, ld: usize) {
    |row, col, values| unsafe { *(d.add(row * ld + col) as *mut [f32; 2]) = values }
}

/// The A operand's `vector = 2` gather through a raw pointer.
#[no_mangle]
#[inline(never)]
#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather, vector = 2)]
pub unsafe fn fl_nopanic_vector_gather(lane: Lane, a: *const u16, lda: usize) -> [u16; 8] {
    |row, col| unsafe { *(a.add(row * lda + col) as *const [u16; 2]) }
}

/// A swizzled shared tile (`shared = LAYOUT`) stored through a raw pointer.
const SMEM: SharedLayout = SharedLayout::swizzled(16, 8, 4, Swizzle::new(1, 1, 3));

#[no_mangle]
#[inline(never)]
#[fragment_layout(SM80_16x8x16_F32_C, shared = SMEM, vector = 2)]
pub unsafe fn fl_nopanic_shared(lane: u32, acc: &[f32; 4], smem: *mut f32) {
    |offset, values| unsafe { *(smem.add(offset) as *mut [f32; 2]) = values }
}

/// A slice without bounds checks, as a kernel written with `get_unchecked_mut` does.
#[no_mangle]
#[inline(never)]
#[fragment_layout(SM80_16x8x16_F32_C)]
pub unsafe fn fl_nopanic_unchecked(lane: u32, acc: &[f32; 4], d: &mut [f32], ld: usize) {
    |row, col, value| unsafe { *d.get_unchecked_mut(row * ld + col) = value }
}

/// A partial tile (`bounds`) through a raw pointer: the elements inside `rows x cols` only.
#[no_mangle]
#[inline(never)]
#[fragment_layout(SM80_16x8x16_F32_C, bounds(rows, cols))]
pub unsafe fn fl_nopanic_bounds(
    lane: u32,
    acc: &[f32; 4],
    d: *mut f32,
    ld: usize,
    rows: usize,
    cols: usize,
) {
    |row, col, value| unsafe { *d.add(row * ld + col) = value }
}

/// A lane exchange (the accumulator as a B operand) through the shuffle a backend passes.
#[no_mangle]
#[inline(never)]
#[convert_layout(SM80_16x8x16_F32_C => SM80_16x8x16_F16_B_COL)]
pub fn fl_nopanic_convert(lane: Lane, from: &[f32; 4], shuffle: fn(f32, u32) -> f32) -> [f32; 4] {}

/// The control: the same scatter into a slice checks its bounds.
#[no_mangle]
#[inline(never)]
#[fragment_layout(SM80_16x8x16_F32_C)]
pub fn fl_panics_control(lane: u32, acc: &[f32; 4], d: &mut [f32], ld: usize) {
    |row, col, value| d[row * ld + col] = value
}

/// Where `symbol`'s code can go other than on in itself: every call (by name, through memory
/// such as the GOT, where a panic in the standard library is reached from a PIE, or through a
/// register), and every jump to another symbol (a tail call).
fn exits(symbol: &str, insns: &[Insn]) -> Vec<String> {
    insns
        .iter()
        .filter(|i| {
            let target = i.operands.split_once('<').map(|(_, t)| t);
            let other = target.is_some_and(|t| {
                let name = t.trim_end_matches('>');
                name.split_once('+').map_or(name, |(n, _)| n) != symbol
            });
            i.mnemonic.starts_with("call") || (i.mnemonic.starts_with('j') && other)
        })
        .map(|i| format!("{} {}", i.mnemonic, i.operands))
        .collect()
}

/// A call through a register alone (`call r14`): the function pointer it was handed.
fn calls_a_register(exit: &str) -> bool {
    exit.strip_prefix("call ")
        .is_some_and(|r| r.trim().chars().all(|c| c.is_ascii_alphanumeric()))
}

/// Keeps the functions in this binary.
fn link_them() {
    type Scatter = unsafe fn(u32, &[f32; 4], *mut f32, usize);
    let scatters: [Scatter; 3] = [fl_nopanic_pointer, fl_nopanic_vector, fl_nopanic_aligned];
    let lane: unsafe fn(Lane, &[f32; 4], *mut f32, usize) = fl_nopanic_vector_lane;
    let gather: unsafe fn(Lane, *const u16, usize) -> [u16; 8] = fl_nopanic_vector_gather;
    let shared: unsafe fn(u32, &[f32; 4], *mut f32) = fl_nopanic_shared;
    let unchecked: unsafe fn(u32, &[f32; 4], &mut [f32], usize) = fl_nopanic_unchecked;
    type Bounded = unsafe fn(u32, &[f32; 4], *mut f32, usize, usize, usize);
    let bounded: Bounded = fl_nopanic_bounds;
    black_box((unchecked, bounded));
    type Shuffle = fn(f32, u32) -> f32;
    let convert: fn(Lane, &[f32; 4], Shuffle) -> [f32; 4] = fl_nopanic_convert;
    let control: fn(u32, &[f32; 4], &mut [f32], usize) = fl_panics_control;
    black_box((scatters, lane, gather, shared, convert, control));
}

#[test]
#[ignore = "needs objdump and --release: see the module docs"]
fn raw_pointer_vector_and_conversion_code_has_no_panic_path() {
    if cfg!(debug_assertions) {
        panic!("the check is about optimized code: run with --release");
    }
    link_them();
    for symbol in [
        "fl_nopanic_pointer",
        "fl_nopanic_vector",
        "fl_nopanic_aligned",
        "fl_nopanic_vector_lane",
        "fl_nopanic_vector_gather",
        "fl_nopanic_shared",
        "fl_nopanic_unchecked",
        "fl_nopanic_bounds",
    ] {
        let (text, insns) = disassemble(symbol);
        println!("{text}");
        let out = exits(symbol, &insns);
        assert!(out.is_empty(), "{symbol} leaves by {out:?}:\n{text}");
    }
    // The conversion calls the shuffle, once a round, and nothing else.
    let (text, insns) = disassemble("fl_nopanic_convert");
    println!("{text}");
    let out = exits("fl_nopanic_convert", &insns);
    let rounds = Plan::new(&SM80_16x8x16_F32_C, &SM80_16x8x16_F16_B_COL)
        .expect("convertible")
        .rounds();
    assert!(
        out.len() == rounds as usize && out.iter().all(|e| calls_a_register(e)),
        "fl_nopanic_convert leaves by {out:?}, not only the shuffle's {rounds} rounds:\n{text}"
    );
    let (text, insns) = disassemble("fl_panics_control");
    let out = exits("fl_panics_control", &insns);
    assert!(
        out.iter().any(|e| !calls_a_register(e)),
        "control: the slice's bounds check should call a panic, leaves by {out:?}\n{text}"
    );
}
