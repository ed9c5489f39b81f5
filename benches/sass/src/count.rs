//! The counting of `.ci/sass-bench`: each kernel's body in `nvdisasm -c` output, by class.
//!
//! A kernel's body is every instruction of its function except:
//! - the common prologue, `LDC R1, c[0x0][...]` (the stack pointer: `0x28` on `sm_90a`, `0x37c`
//!   on `sm_100a`) as the first instruction;
//! - an `EXIT` without a predicate (a predicated `@P0 EXIT` is an early return: it counts);
//! - the trailing `BRA` to its own label (the self-loop after the last `EXIT`);
//! - `NOP` (padding, and the placeholder `tcgen05.wait::ld` leaves on `sm_100a`).
//!
//! Classes, by the opcode without its modifiers (`STG.E.64` is `STG`):
//! - memory: `LD*`, `ST*`, `ULD*` (`LDG`, `STG`, `LDS`, `STS`, `LDC`, `ULDC`, ...), `ATOM*`,
//!   `RED*`;
//! - integer: `IMAD`, `IADD3`, `LOP3`, `SHF`, `LEA`, `SEL`, `MOV`, `PRMT`, `IMNMX`, `IABS`,
//!   `POPC`, `FLO`, `BMSK`, `BREV`, `SGXT` and their uniform `U` forms;
//! - predicate / branch: `ISETP`, `FSETP`, `PLOP3`, `P2R`, `R2P`, `VOTE`, `BRA`, `BRX`,
//!   `JMP`, `BSSY`, `BSYNC`, `WARPSYNC`, `CALL`, `RET`, a predicated `EXIT`, and their `U` forms;
//! - other: the rest (`S2R`, `CS2R`, `SHFL`, float arithmetic, `tcgen05`'s `UTC*`, ...).

use std::string::{String, ToString};
use std::vec::Vec;

/// Instructions of one kernel's body, by class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    pub memory: u32,
    pub integer: u32,
    pub branch: u32,
    pub other: u32,
}

impl Count {
    /// Every instruction of the body.
    pub fn total(&self) -> u32 {
        self.memory + self.integer + self.branch + self.other
    }

    /// `memory / integer / predicate-branch / other`.
    pub fn breakdown(&self) -> String {
        std::format!(
            "{} / {} / {} / {}",
            self.memory,
            self.integer,
            self.branch,
            self.other
        )
    }
}

/// The class of an instruction, by its opcode (modifiers and predicate removed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Memory,
    Integer,
    Branch,
    Other,
}

const INTEGER: &[&str] = &[
    "IMAD", "IADD3", "IADD", "LOP3", "LOP", "SHF", "SHL", "SHR", "LEA", "SEL", "MOV", "PRMT",
    "IMNMX", "IABS", "POPC", "FLO", "BMSK", "BREV", "SGXT",
];
const BRANCH: &[&str] = &[
    "ISETP", "FSETP", "PLOP3", "P2R", "R2P", "VOTE", "BRA", "BRX", "JMP", "BSSY", "BSYNC",
    "WARPSYNC", "CALL", "RET", "EXIT",
];

/// The class of `opcode` (`STG`, `IMAD`, ...).
pub fn class(opcode: &str) -> Class {
    let plain = |list: &[&str]| {
        list.contains(&opcode) || opcode.strip_prefix('U').is_some_and(|o| list.contains(&o))
    };
    if ["LD", "ST", "ULD", "ATOM", "RED"]
        .iter()
        .any(|p| opcode.starts_with(p))
    {
        Class::Memory
    } else if plain(INTEGER) {
        Class::Integer
    } else if plain(BRANCH) {
        Class::Branch
    } else {
        Class::Other
    }
}

/// One instruction of a listing: its predicate (`@P0`, `@!PT`), opcode with modifiers and
/// operands, and the label on it, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Instruction {
    predicate: Option<String>,
    opcode: String,
    operands: String,
    label: Option<String>,
}

/// Every function of an `nvdisasm -c` listing, in order: its name and its instructions.
fn functions(listing: &str) -> Vec<(String, Vec<Instruction>)> {
    let mut out: Vec<(String, Vec<Instruction>)> = Vec::new();
    let mut label = None;
    for line in listing.lines() {
        let line = line.trim();
        if let Some(name) = line
            .strip_prefix(".text.")
            .and_then(|l| l.strip_suffix(':'))
        {
            out.push((name.to_string(), Vec::new()));
            label = None;
        } else if let Some(l) = line.strip_suffix(':').filter(|l| l.starts_with(".L")) {
            label = Some(l.to_string());
        } else if let Some(rest) = line.strip_prefix("/*") {
            // `/*0080*/   @P0 STG.E desc[UR4][R2.64], R5 ;`
            let Some((_, text)) = rest.split_once("*/") else {
                continue;
            };
            let text = text.trim().trim_end_matches(';').trim();
            let (predicate, text) = match text.strip_prefix('@') {
                Some(t) => {
                    let (p, t) = t.split_once(' ').unwrap_or((t, ""));
                    (Some(p.to_string()), t.trim())
                }
                None => (None, text),
            };
            let (opcode, operands) = text.split_once(' ').unwrap_or((text, ""));
            if let Some((_, body)) = out.last_mut() {
                body.push(Instruction {
                    predicate,
                    opcode: opcode.to_string(),
                    operands: operands.trim().to_string(),
                    label: label.take(),
                });
            }
        }
    }
    out
}

/// The counted body of each function of `listing` (see the module's docs), by name.
pub fn count(listing: &str) -> Vec<(String, Count)> {
    functions(listing)
        .into_iter()
        .map(|(name, body)| {
            let mut count = Count::default();
            for (i, ins) in body.iter().enumerate() {
                let base = ins.opcode.split('.').next().unwrap_or("");
                let prologue = i == 0 && base == "LDC" && ins.operands.starts_with("R1, c[0x0][");
                let exit = base == "EXIT" && ins.predicate.is_none();
                let self_loop = base == "BRA"
                    && ins.predicate.is_none()
                    && ins
                        .label
                        .as_ref()
                        .is_some_and(|l| ins.operands == std::format!("`({l})"));
                if prologue || exit || self_loop || base == "NOP" {
                    continue;
                }
                match class(base) {
                    Class::Memory => count.memory += 1,
                    Class::Integer => count.integer += 1,
                    Class::Branch => count.branch += 1,
                    Class::Other => count.other += 1,
                }
            }
            (name, count)
        })
        .collect()
}
