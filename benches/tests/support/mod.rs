//! What the assembly tests share: the disassembly of a function of the running test binary,
//! read with objdump (binutils). `main.rs` declares it once for the files that use it.

use std::process::Command;

/// One instruction: its address, mnemonic and operands (Intel syntax).
pub struct Insn {
    pub addr: u64,
    pub mnemonic: String,
    pub operands: String,
}

/// The disassembly of `symbol` in this test binary.
pub fn disassemble(symbol: &str) -> (String, Vec<Insn>) {
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
