//! The x86-64 code of a generated single-lane epilogue and operand load has no division and no
//! loop over the elements: the disassembly of `fl_one_lane_scatter_generated` and
//! `fl_one_lane_gather_generated` (`#[no_mangle]`, `#[inline(never)]`) has no `div`/`idiv` and
//! no backward jump. And a conversion that is a renaming of registers (`#[convert_layout]` on
//! the FlashAttention-2 pair, and on `ldmatrix.x4` blocks in the other order) compiles to
//! exactly the instructions of returning the fragment as it is (or with its registers renamed
//! by hand): no shuffle, no select, nothing but the copy of the array. A conversion between
//! layouts of the user's (every form written, the constants choosing) compiles to the code of
//! the same conversion between the library's (the accumulator as a B operand; the f16
//! accumulator as rows of 4 on packed words): the linker keeps one copy for both.
//!
//! Needs objdump (binutils) and optimized code, so it is ignored by `cargo test`; run it with
//!
//! ```text
//! cargo test --release -p fraglayout-benches --test perf -- asm:: --ignored --nocapture
//! ```
//!
//! It disassembles this test binary itself, which links the functions. As a control,
//! `fl_asm_control` (a division in a loop, defined here) must show both, so the check cannot
//! pass by failing to read the code.

use crate::support::{disassemble, Insn};
use fraglayout::catalog::{
    SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F16_C, SM80_16x8x16_F32_C,
};
use fraglayout::convert::examples::VEC4_16x8_ROW;
use fraglayout::{convert_layout, numeral, Numeral};
use fraglayout_benches::{
    fl_one_lane_gather_generated, fl_one_lane_scatter_generated, fl_one_lane_scatter_unpaired,
};
use std::hint::black_box;

/// Whether any instruction divides.
fn has_division(insns: &[Insn]) -> bool {
    insns
        .iter()
        .any(|i| matches!(i.mnemonic.as_str(), "div" | "idiv"))
}

/// Jumps to an address at or before their own, inside the function: loops.
fn backward_jumps(insns: &[Insn]) -> Vec<String> {
    let (start, end) = (insns[0].addr, insns[insns.len() - 1].addr);
    insns
        .iter()
        .filter(|i| i.mnemonic.starts_with('j'))
        .filter_map(|i| {
            let target = i.operands.split_whitespace().next()?;
            let target = u64::from_str_radix(target.trim_start_matches("0x"), 16).ok()?;
            (start..=end)
                .contains(&target)
                .then_some(target <= i.addr)
                .filter(|&back| back)
                .map(|_| format!("{:x}: {} {}", i.addr, i.mnemonic, i.operands))
        })
        .collect()
}

/// Keeps the functions in this binary.
fn link_them() {
    let scatter: fn(u32, &[f32; 4], &mut [f32], usize) = fl_one_lane_scatter_generated;
    let gather: fn(u32, &[u16], usize) -> [u16; 8] = fl_one_lane_gather_generated;
    let unpaired: fn(u32, &[f32; 4], &mut [f32], usize) = fl_one_lane_scatter_unpaired;
    let control: fn(&[u32], u32) -> u32 = fl_asm_control;
    black_box((scatter, unpaired, gather, control));
    let conversions: [Conversion; 4] = [
        fl_convert_fa2_generated,
        fl_convert_fa2_by_hand,
        fl_convert_across_generated,
        fl_convert_across_by_hand,
    ];
    black_box(conversions);
    let exchange: [Conversion4; 2] = [fl_convert_acc_to_b, fl_convert_acc_to_b_own];
    black_box(exchange);
    let packed: [PackedConversion2; 2] = [fl_convert_f16_rows, fl_convert_f16_rows_own];
    black_box(packed);
}

/// An exchange between lanes with selects where a register choice depends on the lane (the
/// accumulator as a B operand): the selects, `pick` and `place`, are loops over the registers
/// in library code, which must unroll completely.
#[no_mangle]
#[inline(never)]
#[convert_layout(SM80_16x8x16_F32_C => SM80_16x8x16_F16_B_COL)]
pub fn fl_convert_acc_to_b(lane: u32, from: &[f32; 4], shuffle: fn(f32, u32) -> f32) -> [f32; 4] {}

/// A conversion with the shuffle a backend passes in (here a plain function pointer).
type Conversion = fn(u32, &[f32; 8], fn(f32, u32) -> f32) -> [f32; 8];
/// The same for 4 elements per lane.
type Conversion4 = fn(u32, &[f32; 4], fn(f32, u32) -> f32) -> [f32; 4];
/// Two `u32` words a lane, 16-bit values two to a word.
type PackedConversion2 = fn(u32, &[u32; 2], fn(u32, u32) -> u32) -> [u32; 2];

/// Two `m16n8k16` accumulators side by side.
const ACC2: Numeral = SM80_16x8x16_F32_C.tiled_or_panic(1, 2).numeral();

numeral! {
    /// `ldmatrix.x4` with matrix 1 right of matrix 0 (the A operand's order has it below).
    LDSM_X4_ACROSS: 16 x 16, elements 8 {
        e % 2 => 1, lane % 4 => 2, lane / 4 => 16, e / 2 % 2 => 8, e / 4 => 128,
    }
}

/// The FlashAttention-2 accumulator-to-A conversion, generated.
#[no_mangle]
#[inline(never)]
#[convert_layout(ACC2 => SM80_16x8x16_F16_A_ROW)]
pub fn fl_convert_fa2_generated(
    lane: u32,
    from: &[f32; 8],
    shuffle: fn(f32, u32) -> f32,
) -> [f32; 8] {
}

/// The same by hand: a kernel author who knows the layouts agree returns the registers.
#[no_mangle]
#[inline(never)]
pub fn fl_convert_fa2_by_hand(
    _lane: u32,
    from: &[f32; 8],
    _shuffle: fn(f32, u32) -> f32,
) -> [f32; 8] {
    *from
}

/// `ldmatrix.x4` blocks in the other order to the A operand, generated: a renaming.
#[no_mangle]
#[inline(never)]
#[convert_layout(LDSM_X4_ACROSS => SM80_16x8x16_F16_A_ROW)]
pub fn fl_convert_across_generated(
    lane: u32,
    from: &[f32; 8],
    shuffle: fn(f32, u32) -> f32,
) -> [f32; 8] {
}

/// The same by hand: registers 2, 3 and 4, 5 trade places.
#[no_mangle]
#[inline(never)]
pub fn fl_convert_across_by_hand(
    _lane: u32,
    f: &[f32; 8],
    _shuffle: fn(f32, u32) -> f32,
) -> [f32; 8] {
    [f[0], f[1], f[4], f[5], f[2], f[3], f[6], f[7]]
}

/// Layouts of the user's: the library's under names the macro cannot read, so every form is
/// written and the plan's constants choose (`convert/expand.rs`, `convert/packed.rs`).
const OWN_ACC: Numeral = SM80_16x8x16_F32_C;
const OWN_B: Numeral = SM80_16x8x16_F16_B_COL;
const OWN_F16_ACC: Numeral = SM80_16x8x16_F16_C;
const OWN_ROWS: Numeral = fraglayout::convert::examples::VEC4_16x8_ROW;

/// The accumulator as a B operand (the plan's tables, with selects) through the user's names.
#[no_mangle]
#[inline(never)]
#[convert_layout(OWN_ACC => OWN_B)]
pub fn fl_convert_acc_to_b_own(
    lane: u32,
    from: &[f32; 4],
    shuffle: fn(f32, u32) -> f32,
) -> [f32; 4] {
}

/// The f16 accumulator as rows of 4 on packed words, through the library's names.
#[no_mangle]
#[inline(never)]
#[convert_layout(SM80_16x8x16_F16_C => VEC4_16x8_ROW)]
pub fn fl_convert_f16_rows(lane: u32, from: &[u32; 2], shuffle: fn(u32, u32) -> u32) -> [u32; 2] {}

/// The same through the user's names.
#[no_mangle]
#[inline(never)]
#[convert_layout(OWN_F16_ACC => OWN_ROWS)]
pub fn fl_convert_f16_rows_own(
    lane: u32,
    from: &[u32; 2],
    shuffle: fn(u32, u32) -> u32,
) -> [u32; 2] {
}

/// The control: divides in a loop.
#[no_mangle]
#[inline(never)]
pub fn fl_asm_control(values: &[u32], divisor: u32) -> u32 {
    values
        .iter()
        .map(|v| v / divisor)
        .fold(0, u32::wrapping_add)
}

#[test]
#[ignore = "needs objdump and --release: see the module docs"]
fn generated_code_has_no_division_and_no_loop() {
    if cfg!(debug_assertions) {
        panic!("the check is about optimized code: run with --release");
    }
    link_them();
    for symbol in [
        "fl_one_lane_scatter_generated",
        "fl_one_lane_scatter_unpaired",
        "fl_one_lane_gather_generated",
        "fl_convert_acc_to_b",
    ] {
        let (text, insns) = disassemble(symbol);
        println!("{text}");
        println!("{symbol}: {} instructions", insns.len());
        assert!(!has_division(&insns), "{symbol} divides:\n{text}");
        let back = backward_jumps(&insns);
        assert!(back.is_empty(), "{symbol} loops: {back:?}\n{text}");
    }
    let (text, insns) = disassemble("fl_asm_control");
    assert!(has_division(&insns), "control: should divide\n{text}");
    assert!(
        !backward_jumps(&insns).is_empty(),
        "control: should loop\n{text}"
    );
}

/// The instructions of `symbol` as a sorted list, with vector register numbers dropped: two
/// functions doing the same loads and stores compare equal whatever order and registers the
/// register allocator picked.
fn code_of(symbol: &str) -> (String, Vec<String>) {
    let (text, insns) = disassemble(symbol);
    let mut code: Vec<String> = insns
        .iter()
        .map(|i| {
            let operands: String = i
                .operands
                .split(',')
                .map(|o| match o.strip_prefix("xmm") {
                    Some(n) if n.chars().all(|c| c.is_ascii_digit()) => "xmm",
                    _ => o,
                })
                .collect::<Vec<_>>()
                .join(",");
            format!("{} {operands}", i.mnemonic)
        })
        .collect();
    code.sort();
    (text, code)
}

#[test]
#[ignore = "needs objdump and --release: see the module docs"]
fn a_renaming_conversion_is_the_hand_written_copy() {
    if cfg!(debug_assertions) {
        panic!("the check is about optimized code: run with --release");
    }
    link_them();
    // The plans themselves: no round, so nothing is shuffled and nothing selected.
    for (from, to) in [
        (&ACC2, &SM80_16x8x16_F16_A_ROW),
        (&LDSM_X4_ACROSS, &SM80_16x8x16_F16_A_ROW),
    ] {
        let plan = fraglayout::convert::Plan::new(from, to).expect("convertible");
        assert_eq!((plan.rounds(), plan.selects()), (0, 0), "{}", from.name);
    }
    for (generated, by_hand) in [
        ("fl_convert_fa2_generated", "fl_convert_fa2_by_hand"),
        ("fl_convert_across_generated", "fl_convert_across_by_hand"),
    ] {
        let (text, code) = code_of(generated);
        let (hand_text, hand) = code_of(by_hand);
        println!("{text}\n{hand_text}");
        println!(
            "{generated}: {} instructions, {by_hand}: {}",
            code.len(),
            hand.len()
        );
        assert_eq!(code, hand, "{generated} differs from {by_hand}");
        assert!(
            !code
                .iter()
                .any(|i| i.starts_with("call") || i.starts_with("jmp")),
            "{generated} calls the shuffle:\n{text}"
        );
    }
}

/// The address of `symbol` in this test binary (`nm`).
fn address(symbol: &str) -> u64 {
    let exe = std::env::current_exe().expect("test binary path");
    let out = std::process::Command::new("nm")
        .arg(&exe)
        .output()
        .expect("nm runs (binutils)");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|line| {
            let mut parts = line.split_whitespace();
            let addr = parts.next()?;
            (parts.nth(1)? == symbol).then(|| u64::from_str_radix(addr, 16).ok())?
        })
        .unwrap_or_else(|| panic!("no symbol `{symbol}` in {}", exe.display()))
}

/// A conversion between layouts of the user's (every form written, the plan's constants
/// choosing, each block a call on its constant move) compiles to no more instructions than the
/// same conversion between the library's, whose form the macro decides and writes with
/// literals: the constants fold, the calls inline, and nothing of the forms not taken is left.
/// Where the code is the same, the linker keeps one copy under both names.
#[test]
#[ignore = "needs objdump and --release: see the module docs"]
fn own_layouts_convert_in_the_code_of_the_librarys() {
    if cfg!(debug_assertions) {
        panic!("the check is about optimized code: run with --release");
    }
    link_them();
    for (own, library) in [
        ("fl_convert_acc_to_b_own", "fl_convert_acc_to_b"),
        ("fl_convert_f16_rows_own", "fl_convert_f16_rows"),
    ] {
        if address(own) == address(library) {
            println!("{own}: the code of {library}, one copy");
            continue;
        }
        let (text, code) = code_of(own);
        let (library_text, library_code) = code_of(library);
        println!("{text}\n{library_text}");
        assert!(
            code.len() <= library_code.len(),
            "{own}: {} instructions, {library}: {}",
            code.len(),
            library_code.len()
        );
    }
}
