//! The x86-64 code of `#[matrix_rows]`: where the row address is a sum or an XOR of lane-bit
//! terms (a padded tile, the 128-byte swizzle) the function is straight-line register
//! arithmetic, with no memory access (no table), no division and no loop; only where neither
//! fits (the swizzled tile read at a row off its period) does it read a table. The table case
//! is the control: it must show a memory read, so the check cannot pass by failing to read
//! the code.
//!
//! Needs objdump (binutils) and optimized code, so it is ignored by `cargo test`; run it with
//!
//! ```text
//! cargo test --release -p fraglayout-benches --test perf -- asm_rows:: --ignored --nocapture
//! ```

use crate::support::{disassemble, Insn};
use fraglayout::catalog::{SM80_16x8x16_F16_A_ROW, SM90_64x64x16_F16_C};
use fraglayout::matrix_rows;
use fraglayout::shared::{SharedLayout, SwizzleMode};
use std::hint::black_box;

const SWIZZLED: SharedLayout = SharedLayout::hopper(64, 64, 2, SwizzleMode::B128);
const PADDED: SharedLayout = SharedLayout::padded(64, 64, 2, 8);

/// The 128-byte swizzle: an XOR of three terms.
#[no_mangle]
#[inline(never)]
#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SWIZZLED, at = (16, 32))]
pub fn fl_rows_xor(lane: u32) -> u32 {}

/// Padding: a sum of two terms.
#[no_mangle]
#[inline(never)]
#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, PADDED, at = (16, 32))]
pub fn fl_rows_add(lane: u32) -> u32 {}

/// A warpgroup accumulator staged through stmatrix: thread bits 5 and 6 pick the warp.
#[no_mangle]
#[inline(never)]
#[matrix_rows(stmatrix.x4, SM90_64x64x16_F16_C, SWIZZLED, first = 4)]
pub fn fl_rows_warpgroup(thread: u32) -> u32 {}

/// The control: at row 4 the swizzle's row bits carry, so the code is a table.
#[no_mangle]
#[inline(never)]
#[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SWIZZLED, at = (4, 0))]
pub fn fl_rows_table(lane: u32) -> u32 {}

/// Whether an instruction reads or writes memory: an operand in brackets other than `lea`'s
/// address arithmetic.
fn touches_memory(insns: &[Insn]) -> bool {
    insns.iter().any(|i| {
        let m = &i.mnemonic;
        m != "lea" && i.operands.contains('[') && !m.starts_with("nop")
    })
}

#[test]
#[ignore = "needs objdump and --release: see the module docs"]
fn sums_and_xors_are_register_arithmetic_and_only_tables_read_memory() {
    if cfg!(debug_assertions) {
        panic!("the check is about optimized code: run with --release");
    }
    let fns: [fn(u32) -> u32; 4] = [fl_rows_xor, fl_rows_add, fl_rows_warpgroup, fl_rows_table];
    black_box(fns);
    for symbol in ["fl_rows_xor", "fl_rows_add", "fl_rows_warpgroup"] {
        let (text, insns) = disassemble(symbol);
        println!("{text}");
        assert!(!touches_memory(&insns), "{symbol} reads memory:\n{text}");
        assert!(
            !insns
                .iter()
                .map(|i| i.mnemonic.as_str())
                .any(|m| matches!(m, "div" | "idiv")
                    || m.starts_with('j')
                    || m.starts_with("call")),
            "{symbol} divides, branches or calls:\n{text}"
        );
        assert!(
            insns.len() <= 16,
            "{symbol}: {} instructions\n{text}",
            insns.len()
        );
    }
    let (text, insns) = disassemble("fl_rows_table");
    println!("{text}");
    assert!(touches_memory(&insns), "control: the table is read\n{text}");
}
