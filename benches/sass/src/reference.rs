//! What each case must write, from the PTX ISA's formulas transcribed here as plain functions
//! (independent of the catalog and of the generated code), for the inputs every check gives:
//! the Rust cases on the host (`tests/writes.rs`) and the CUDA kernels compiled for the host
//! (`cuda/check.cpp`, compared by `fl-sass check`).
//!
//! Inputs, position-coded, the same in `cuda/check.cpp`: a thread's values (`input[i]`, `N` a
//! thread) and a source matrix (`a[i]`) are `(i + 1) as f32`; 16-bit ones `i + 1`, and a
//! packed word `i` the halves `2i + 1` (low) and `2i + 2`. Outputs start as [`UNWRITTEN`]; a
//! run's output is compared as 32-bit words (16-bit matrices are only read).

use std::vec;
use std::vec::Vec;

/// The word an output cell holds until a kernel writes it.
pub const UNWRITTEN: u32 = 0xdead_beef;
/// The row stride of the run-time-stride cases: the `m16n8k16` tile's (8 columns) and the
/// `wgmma` tile's (256).
pub const LD_MMA: usize = 24;
/// The run-time row stride of the `wgmma` cases.
pub const LD_WGMMA: usize = 264;

/// `(row, col)` of element `e` of lane `l`: `mma.m16n8k16` f32 / f16 accumulator (PTX ISA,
/// "Matrix Fragments for mma.m16n8k16", C / D: `groupID = l / 4` rows, `+ 8` for `c2, c3`).
pub fn mma_c(l: u32, e: u32) -> (u32, u32) {
    (l / 4 + 8 * (e / 2), 2 * (l % 4) + e % 2)
}

/// `mma.m16n8k16` A, `.f16` (`a0..a7`): rows `groupID + 8` for `a2, a3, a6, a7`, columns `+ 8`
/// for `a4..a7`.
pub fn mma_a(l: u32, e: u32) -> (u32, u32) {
    (l / 4 + 8 * (e / 2 % 2), 2 * (l % 4) + e % 2 + 8 * (e / 4))
}

/// `wgmma.m64nNk16` f32 D, thread `t` of the warpgroup: warp `t / 32` owns rows `16 (t / 32)`
/// on, each 8 columns as `mma`'s C.
pub fn wgmma_d(t: u32, e: u32) -> (u32, u32) {
    (
        16 * (t / 32) + t % 32 / 4 + 8 * (e / 2 % 2),
        2 * (t % 4) + e % 2 + 8 * (e / 4),
    )
}

/// The `tcgen05.mma` M = 128 accumulator (layout D) after `tcgen05.ld.32x32b`: thread `t`
/// reads TMEM lane `t`, which holds row `t`, one column a register (PTX ISA, "Matrix
/// fragments for tcgen05.mma", layout D; "tcgen05.ld", shape 32x32b).
pub fn tmem_d(t: u32, e: u32) -> (u32, u32) {
    (t, e)
}

/// Two accumulators side by side (16 x 16): elements 4 to 7 the right one's.
pub fn acc2(l: u32, e: u32) -> (u32, u32) {
    let (r, c) = mma_c(l, e % 4);
    (r, c + 8 * (e / 4))
}

/// Rows of 4: lane `l` holds row `l / 2`, columns `4 (l % 2)` on.
pub fn rows4(l: u32, e: u32) -> (u32, u32) {
    (l / 2, 4 * (l % 2) + e)
}

/// The 64 x 256 `f32` staging tile, 128-byte swizzle (CUTLASS's `Swizzle<3, 4, 3>` on bytes):
/// slabs of 32 columns, rows of 128 bytes, each row's 16-byte chunk `j` at `j ^ (row % 8)`.
pub fn c_tile(row: u32, col: u32) -> usize {
    let linear = col % 32 + 32 * row + 64 * 32 * (col / 32);
    (linear ^ ((linear >> 5 & 7) << 2)) as usize
}

/// An input value: `(i + 1) as f32`, as a word.
pub fn value(i: usize) -> u32 {
    (i as f32 + 1.0).to_bits()
}

/// A 16-bit input value.
pub fn half(i: usize) -> u16 {
    (i + 1) as u16
}

/// A packed input word.
pub fn packed(i: usize) -> u32 {
    u32::from(half(2 * i)) | u32::from(half(2 * i + 1)) << 16
}

/// One run of a case: its arguments, its inputs and what it must leave in its output.
#[derive(Clone, Debug)]
pub struct Run {
    /// `""`, or which run of a case of several (`whole`, `partial`).
    pub label: &'static str,
    /// The row stride passed (the constant-stride cases: the constant).
    pub ld: usize,
    /// `bounds(m, n)`: the valid rows and columns.
    pub m: usize,
    pub n: usize,
    /// The output, every word.
    pub expected: Vec<u32>,
}

/// A layout's formula: `(thread, element) -> (row, col)`.
pub type Formula = fn(u32, u32) -> (u32, u32);

/// How a case's threads touch memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Its `N` values (`f32`) to a matrix of `rows` rows of stride `ld`.
    Scatter,
    /// `N` values (`f32`) of a source matrix to its output.
    Gather,
    /// The `f16` A operand, packed, of a 16-bit source matrix.
    GatherPacked,
    /// Its 128 values to the staging tile.
    Stage,
    /// Its `N` values (words) through shuffles to its output.
    Convert,
}

/// A case: its kernel's name and shape.
#[derive(Clone, Copy, Debug)]
pub struct Case {
    /// The kernel's name (the Rust entry; the CUDA ones are `hand_NAME` and `cute_NAME`).
    pub name: &'static str,
    pub kind: Kind,
    /// Threads: 32 or 128.
    pub threads: u32,
    /// Values a thread: its input's (a scatter, a conversion) or its output's (a gather).
    pub n: usize,
    /// The rows of its matrix (scatter, gather).
    pub rows: usize,
    /// `Some(ld)`: a constant stride the kernel takes no argument for.
    pub const_ld: Option<usize>,
    /// `(l, e) -> (row, col)` of its layout; a conversion's destination layout.
    pub layout: Formula,
    /// A conversion's source layout.
    pub from: Option<Formula>,
    /// A conversion on 16-bit values, two to a word.
    pub packed: bool,
    /// Whether `cuda/cute.cu` has it.
    pub cute: bool,
    /// Its target: `sm_90a`, set against `cuda/hand.cu`; `sm_100a`, counted only (assembled at
    /// PTX 8.6; no hand twin, and no machine here to run it).
    pub arch: &'static str,
}

const fn case(name: &'static str, kind: Kind, threads: u32, n: usize) -> Case {
    Case {
        name,
        kind,
        threads,
        n,
        rows: 16,
        const_ld: None,
        layout: mma_c,
        from: None,
        packed: false,
        cute: false,
        arch: "sm_90a",
    }
}

/// Every case in the table's order. A new case: one entry here, its function in `cases.rs`, a
/// line each in `kernels.rs` (its entry) and `tests/writes.rs` (its host run), its twin in
/// `cuda/hand.cu` and a line in `cuda/check.cpp` (an `sm_100a` case: no twin).
pub const CASES: &[Case] = &[
    Case {
        cute: true,
        ..case("scatter_ld", Kind::Scatter, 32, 4)
    },
    Case {
        const_ld: Some(crate::cases::CLD),
        ..case("scatter", Kind::Scatter, 32, 4)
    },
    case("gather_ld", Kind::Gather, 32, 4),
    Case {
        const_ld: Some(crate::cases::CLD),
        ..case("gather", Kind::Gather, 32, 4)
    },
    case("vector2", Kind::Scatter, 32, 4),
    Case {
        layout: mma_a,
        ..case("gather_a_packed", Kind::GatherPacked, 32, 8)
    },
    Case {
        rows: 64,
        layout: wgmma_d,
        cute: true,
        ..case("wgmma_store", Kind::Scatter, 128, 128)
    },
    case("bounds", Kind::Scatter, 32, 4),
    Case {
        layout: wgmma_d,
        ..case("stage", Kind::Stage, 128, 128)
    },
    Case {
        layout: wgmma_d,
        ..case("stage_vec2", Kind::Stage, 128, 128)
    },
    Case {
        layout: rows4,
        from: Some(mma_c),
        ..case("acc_rows4", Kind::Convert, 32, 4)
    },
    Case {
        layout: mma_a,
        from: Some(acc2),
        ..case("fa2_pair", Kind::Convert, 32, 8)
    },
    Case {
        layout: rows4,
        from: Some(mma_c),
        packed: true,
        ..case("f16_rows4", Kind::Convert, 32, 2)
    },
    Case {
        rows: 128,
        layout: tmem_d,
        arch: "sm_100a",
        ..case("tcgen05_epilogue", Kind::Scatter, 128, 64)
    },
];

/// The case named `name`.
pub fn find(name: &str) -> Option<&'static Case> {
    CASES.iter().find(|c| c.name == name)
}

/// The 16 x 8 tile whole, then 9 x 5 of it.
const BOUNDS: [(&str, usize, usize); 2] = [("whole", 16, 8), ("partial", 9, 5)];

/// The runs of `case`, each with what it must write.
pub fn runs(case: &Case) -> Vec<Run> {
    let ld = case.const_ld.unwrap_or(if case.threads == 128 {
        LD_WGMMA
    } else {
        LD_MMA
    });
    let extents: &[(&str, usize, usize)] = if case.name == "bounds" {
        &BOUNDS
    } else {
        &[("", usize::MAX, usize::MAX)]
    };
    extents
        .iter()
        .map(|&(label, m, n)| Run {
            label,
            ld,
            m,
            n,
            expected: expected(case, ld, m, n),
        })
        .collect()
}

/// Every `(thread, element)` of a layout of `threads` threads and `n` elements.
fn cells(threads: u32, n: usize) -> impl Iterator<Item = (u32, u32)> {
    (0..threads).flat_map(move |t| (0..n as u32).map(move |e| (t, e)))
}

fn expected(case: &Case, ld: usize, m: usize, n: usize) -> Vec<u32> {
    let f = case.layout;
    let slot = |t: u32, e: u32| t as usize * case.n + e as usize;
    let at = |(r, c): (u32, u32)| r as usize * ld + c as usize;
    match case.kind {
        Kind::Scatter => {
            let mut out = vec![UNWRITTEN; case.rows * ld];
            for (t, e) in cells(case.threads, case.n) {
                let (r, c) = f(t, e);
                if (r as usize) < m && (c as usize) < n {
                    out[at((r, c))] = value(slot(t, e));
                }
            }
            out
        }
        Kind::Gather => cells(case.threads, case.n)
            .map(|(t, e)| value(at(f(t, e))))
            .collect(),
        Kind::GatherPacked => (0..case.threads)
            .flat_map(|t| (0..case.n as u32 / 2).map(move |w| (t, w)))
            .map(|(t, w)| {
                let h = |e| u32::from(half(at(f(t, e))));
                h(2 * w) | h(2 * w + 1) << 16
            })
            .collect(),
        Kind::Stage => {
            let mut out = vec![UNWRITTEN; 64 * 256];
            for (t, e) in cells(case.threads, case.n) {
                let (r, c) = f(t, e);
                out[c_tile(r, c)] = value(slot(t, e));
            }
            out
        }
        Kind::Convert => convert_expected(case),
    }
}

/// A conversion: each destination element the source's value at the same `(row, col)`.
fn convert_expected(case: &Case) -> Vec<u32> {
    let from = case.from.expect("a conversion's source layout");
    let per_word = if case.packed { 2 } else { 1 };
    let elements = case.n as u32 * per_word;
    let source = |cell: (u32, u32)| {
        cells(case.threads, elements as usize)
            .find(|&(l, e)| from(l, e) == cell)
            .expect("both layouts cover the tile")
    };
    let element = |l: u32, e: u32| -> u32 {
        let (sl, se) = source((case.layout)(l, e));
        if case.packed {
            let word = packed(sl as usize * case.n + se as usize / 2);
            word >> (16 * (se % 2)) & 0xffff
        } else {
            value(sl as usize * case.n + se as usize)
        }
    };
    cells(case.threads, case.n)
        .map(|(l, w)| {
            if case.packed {
                element(l, 2 * w) | element(l, 2 * w + 1) << 16
            } else {
                element(l, w)
            }
        })
        .collect()
}

/// Where `got` differs from `want`: a line naming the first few cells, or `None`.
pub fn compare(got: &[u32], want: &[u32]) -> Option<std::string::String> {
    use std::fmt::Write;
    if got.len() != want.len() {
        return Some(std::format!("{} words, expected {}", got.len(), want.len()));
    }
    let wrong: Vec<usize> = (0..want.len()).filter(|&i| got[i] != want[i]).collect();
    if wrong.is_empty() {
        return None;
    }
    let mut s = std::format!("{} of {} words differ", wrong.len(), want.len());
    for &i in wrong.iter().take(4) {
        let _ = write!(s, "; word {i}: {:#x}, expected {:#x}", got[i], want[i]);
    }
    Some(s)
}
