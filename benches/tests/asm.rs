//! The x86-64 code of a generated single-lane epilogue and operand load has no division and no
//! loop over the elements: the disassembly of `fl_one_lane_scatter_generated` and
//! `fl_one_lane_gather_generated` (`#[no_mangle]`, `#[inline(never)]`) has no `div`/`idiv` and
//! no backward jump.
//!
//! Needs objdump (binutils) and optimized code, so it is ignored by `cargo test`; run it with
//!
//! ```text
//! cargo test --release -p fraglayout-benches --test asm -- --ignored --nocapture
//! ```
//!
//! It disassembles this test binary itself, which links the functions. As a control,
//! `fl_asm_control` (a division in a loop, defined here) must show both, so the check cannot
//! pass by failing to read the code.

use fraglayout_benches::{
    fl_one_lane_gather_generated, fl_one_lane_scatter_generated, fl_one_lane_scatter_unpaired,
};
use std::hint::black_box;
use std::process::Command;

/// One instruction: its address, mnemonic and operands (Intel syntax).
struct Insn {
    addr: u64,
    mnemonic: String,
    operands: String,
}

/// The disassembly of `symbol` in this test binary.
fn disassemble(symbol: &str) -> (String, Vec<Insn>) {
    let exe = std::env::current_exe().expect("test binary path");
    let out = Command::new("objdump")
        .args(["-d", "--no-show-raw-insn", "-M", "intel"])
        .arg(format!("--disassemble={symbol}"))
        .arg(&exe)
        .output()
        .expect("objdump runs (apt-get install binutils)");
    assert!(out.status.success(), "objdump failed");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let insns: Vec<Insn> = text
        .lines()
        .filter_map(|line| {
            let (addr, rest) = line.trim_start().split_once(":\t")?;
            let addr = u64::from_str_radix(addr, 16).ok()?;
            let mut parts = rest.trim().splitn(2, char::is_whitespace);
            let mnemonic = parts.next()?.to_string();
            let operands = parts.next().unwrap_or("").trim().to_string();
            Some(Insn {
                addr,
                mnemonic,
                operands,
            })
        })
        .collect();
    assert!(
        !insns.is_empty(),
        "no code for `{symbol}` in {}",
        exe.display()
    );
    (text, insns)
}

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
