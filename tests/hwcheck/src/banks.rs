//! The bank model (`layout_core::shared::banks`) held against the GPU: for families of
//! shared-memory loads whose predicted wavefronts double from one access pattern to the next,
//! the cycles measured with `%clock64` around a repeated access must order the same way.
//!
//! | family | patterns (lane `l`'s byte address) | predicted wavefronts |
//! |---|---|---|
//! | `ld.shared.b32` | `4 s l`, stride `s` = 1, 2, 4, 8 words | 1, 2, 4, 8 |
//! | `ld.shared.v2.b32` | `s l`, `s` = 8, 16, 32, 64 bytes (two half-warp phases) | 2, 4, 8, 16 |
//! | `ld.shared.v4.b32` | `s l`, `s` = 16, 32, 64, 128 bytes (four quarter-warp phases) | 4, 8, 16, 32 |
//! | `ldmatrix.x4` of the `m16n8k16` A fragment | the model's row addresses in a 16x64 tile in the 128-byte swizzle, then plain 16x16, 16x32, 16x64 tiles (rows of 32, 64, 128 bytes) | 4, 8, 16, 32 |
//!
//! The addresses are the model's (`Request`, `ldmatrix_rows`), and so are the predictions
//! (`wavefronts()`); a unit test pins both.
//!
//! One kernel per family runs each pattern in turn, with the same code: 16 warps (512 threads,
//! enough to keep the shared-memory pipe busy, so that time follows wavefronts rather than
//! latency), each lane loading from its pattern address. A repetition is `ITERATIONS` passes of
//! `LOADS` independent loads (each `128 * j` bytes further: the same banks, distinct words, so
//! no two are one load to the compiler), timed by `%clock64` after a `bar.sync`; the next pass's
//! addresses depend on the previous pass's values (`and` with a zero the compiler cannot see),
//! so no load can be hoisted out of the loop. Each thread writes its start and end clock per
//! repetition; a repetition takes the latest end minus the earliest start, and a pattern the
//! median of its `REPEATS` repetitions.
//!
//! The check passes when each pattern's median is at least `1 + MARGIN` times the previous one
//! (the model predicts twice); its note lists every median and ratio. On the host there is no
//! clock: `--host-only` reports it `SKIPPED`, not passed.

use layout_core::catalog::SM80_16x8x16_F16_A_ROW;
use layout_core::shared::{ldmatrix_rows, MatrixVariant, Request, SharedLayout, SwizzleMode};

use crate::check::{Check, Kernel, Planned, Report};
use crate::mma::version_target;
use crate::ptx_text::param_ptr;

/// Threads of the block: 16 warps.
const THREADS: u32 = 512;
/// Independent loads per pass.
const LOADS: u32 = 8;
/// Passes per repetition.
const ITERATIONS: u32 = 8;
/// Timed repetitions per pattern.
const REPEATS: usize = 5;
/// The least ratio of one pattern's median cycles to the previous one's (predicted: 2).
pub const MARGIN: f64 = 0.25;
/// Why the host cannot judge these checks.
const NO_CLOCK: &str =
    "the host simulation has no clock: the bank model is held against cycles on the GPU only";

/// How the lanes load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Load {
    /// `ld.shared.b32`, `.v2.b32`, `.v4.b32`: bytes per lane.
    Words(u32),
    /// `ldmatrix.sync.aligned.m8n8.x4.shared.b16`.
    Matrices,
}

impl Load {
    /// Registers one load fills.
    fn regs(self) -> u32 {
        match self {
            Load::Words(w) => w / 4,
            Load::Matrices => 4,
        }
    }

    /// The instruction.
    fn instr(self) -> &'static str {
        match self {
            Load::Words(4) => "ld.shared.b32",
            Load::Words(8) => "ld.shared.v2.b32",
            Load::Words(16) => "ld.shared.v4.b32",
            Load::Words(w) => panic!("no load of {w} bytes"),
            Load::Matrices => MatrixVariant::X4.ldmatrix().expect("x4"),
        }
    }

    /// One load into registers `%v{first}..` from `%a + offset`.
    fn line(self, first: u32, offset: u32) -> String {
        let regs: Vec<String> = (first..first + self.regs())
            .map(|r| format!("%v{r}"))
            .collect();
        let dst = match self {
            Load::Words(4) => regs[0].clone(),
            _ => format!("{{{}}}", regs.join(", ")),
        };
        format!("    {} {dst}, [%a+{offset}];\n", self.instr())
    }
}

/// One access pattern: each lane's address, and what the model predicts.
#[derive(Clone, Debug)]
struct Pattern {
    label: String,
    addresses: [u32; 32],
    /// The model's count for one load of the pattern.
    predicted: u32,
}

impl Pattern {
    /// The pattern of `request` (every lane active), its count from the model.
    fn of(label: String, request: Request) -> Pattern {
        let w = request
            .wavefronts()
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        Pattern {
            label,
            addresses: std::array::from_fn(|l| request.address(l as u32).expect("active")),
            predicted: w.total,
        }
    }
}

/// A check: one instruction, its patterns in the order the model says they slow down.
struct Family {
    name: String,
    load: Load,
    patterns: Vec<Pattern>,
}

/// `width`-byte loads, lane `l` at `stride * l`, for each stride.
fn strided(width: u32, strides: [u32; 4], unit: &str, per: u32) -> Family {
    let load = Load::Words(width);
    let patterns = strides
        .iter()
        .map(|&s| {
            let mut r = Request::new(width);
            for l in 0..32 {
                r.set(l, Some(s * l));
            }
            Pattern::of(format!("stride {} {unit}", s / per), r)
        })
        .collect();
    let list: Vec<String> = strides.iter().map(|s| (s / per).to_string()).collect();
    Family {
        name: format!(
            "{} bank conflicts (stride {} {unit})",
            load.instr(),
            list.join(", ")
        ),
        load,
        patterns,
    }
}

/// `ldmatrix.x4` of the `m16n8k16` A fragment at the corner of 16-row tiles.
fn matrices() -> Family {
    let tiles = [
        (
            "16x64 tile, 128-byte swizzle",
            SharedLayout::hopper(16, 64, 2, SwizzleMode::B128),
        ),
        ("16x16 tile, row-major", SharedLayout::row_major(16, 16, 2)),
        ("16x32 tile, row-major", SharedLayout::row_major(16, 32, 2)),
        ("16x64 tile, row-major", SharedLayout::row_major(16, 64, 2)),
    ];
    let patterns = tiles
        .iter()
        .map(|(label, l)| {
            let rows = ldmatrix_rows(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW, l)
                .unwrap_or_else(|e| panic!("{label}: {e}"));
            Pattern::of(label.to_string(), rows.request())
        })
        .collect();
    Family {
        name: format!(
            "{} bank conflicts (SM80_16x8x16_F16_A_ROW: 128-byte swizzle, then rows of 32, 64, 128 bytes)",
            Load::Matrices.instr()
        ),
        load: Load::Matrices,
        patterns,
    }
}

/// Every family.
fn families() -> Vec<Family> {
    vec![
        strided(4, [4, 8, 16, 32], "words", 4),
        strided(8, [8, 16, 32, 64], "bytes", 1),
        strided(16, [16, 32, 64, 128], "bytes", 1),
        matrices(),
    ]
}

/// Words of the output: start and end clock (two 64-bit values) per pattern, repetition and
/// thread, then each thread's sink word.
fn out_words(patterns: usize) -> usize {
    patterns * REPEATS * THREADS as usize * 4 + THREADS as usize
}

/// The kernel of a family. Parameters: `addr` (`[pattern][lane]` byte addresses), `zero` (one
/// word, 0), `out`.
fn family_ptx(f: &Family, kernel: &str) -> Kernel {
    let (version, target) = version_target("sm_75", f.load.instr());
    let span = f
        .patterns
        .iter()
        .flat_map(|p| p.addresses.iter())
        .max()
        .expect("a pattern")
        + 16;
    let bytes = (span + 128 * (LOADS - 1)).next_multiple_of(1024);
    let regs = LOADS * f.load.regs();
    let mut s = format!(
        "// Generated by fraglayout-hwcheck.\n.version {version}\n.target {target}\n.address_size 64\n\n\
         .visible .entry {kernel}(\n    .param .u64 param_addr,\n    .param .u64 param_zero,\n    .param .u64 param_out\n)\n{{\n\
         \x20   .reg .b32 %t, %lane, %s, %z, %a0, %a, %d, %sink, %i, %v<{regs}>;\n    .reg .b64 %o, %p<4>, %c0, %c1;\n    .reg .pred %more;\n\
         \x20   .shared .align 1024 .b8 smem[{bytes}];\n    mov.u32 %t, %tid.x;\n    and.b32 %lane, %t, 31;\n    mov.u32 %s, smem;\n    mov.u32 %sink, 0;\n\
         \x20   ld.param.u64 %p1, [param_zero];\n    cvta.to.global.u64 %p1, %p1;\n    ld.global.u32 %z, [%p1];\n\
         \x20   ld.param.u64 %p0, [param_addr];\n    cvta.to.global.u64 %p0, %p0;\n    mul.wide.u32 %o, %lane, 4;\n    add.u64 %p0, %p0, %o;\n"
    );
    s += &param_ptr(2, "param_out", 16);
    for p in 0..f.patterns.len() {
        s += &format!(
            "    ld.global.u32 %a0, [%p0+{}];\n    add.u32 %a0, %a0, %s;\n",
            128 * p
        );
        for r in 0..REPEATS {
            let label = format!("P{p}R{r}");
            s += &format!(
                "    bar.sync 0;\n    mov.u64 %c0, %clock64;\n    mov.u32 %i, 0;\n{label}:\n"
            );
            s += "    and.b32 %d, %sink, %z;\n    add.u32 %a, %a0, %d;\n";
            for j in 0..LOADS {
                s += &f.load.line(j * f.load.regs(), 128 * j);
            }
            for v in 0..regs {
                s += &format!("    xor.b32 %sink, %sink, %v{v};\n");
            }
            s += &format!(
                "    add.u32 %i, %i, 1;\n    setp.lt.u32 %more, %i, {ITERATIONS};\n    @%more bra {label};\n"
            );
            // Wait for the last pass's loads before reading the clock.
            s += "    and.b32 %d, %sink, %z;\n    add.u32 %sink, %sink, %d;\n    mov.u64 %c1, %clock64;\n";
            let at = (p * REPEATS + r) * THREADS as usize * 16;
            s += &format!("    st.global.v2.u64 [%p2+{at}], {{%c0, %c1}};\n");
        }
    }
    s += &param_ptr(3, "param_out", 4);
    let at = f.patterns.len() * REPEATS * THREADS as usize * 16;
    s += &format!("    st.global.u32 [%p3+{at}], %sink;\n    ret;\n}}\n");
    Kernel {
        name: kernel.to_string(),
        target,
        ptx: s,
    }
}

/// Each pattern's median cycles over its repetitions: a repetition from the earliest start to
/// the latest end of any thread; `None` for a repetition whose clocks run backwards.
fn medians(out: &[u32], patterns: usize) -> Vec<Option<u64>> {
    let clock = |i: usize| u64::from(out[i]) | u64::from(out[i + 1]) << 32;
    (0..patterns)
        .map(|p| {
            let mut reps: Vec<u64> = Vec::new();
            for r in 0..REPEATS {
                let base = (p * REPEATS + r) * THREADS as usize * 4;
                let (mut start, mut end) = (u64::MAX, 0);
                for t in 0..THREADS as usize {
                    start = start.min(clock(base + 4 * t));
                    end = end.max(clock(base + 4 * t + 2));
                }
                reps.push(end.checked_sub(start).filter(|&c| c > 0)?);
            }
            reps.sort_unstable();
            Some(reps[REPEATS / 2])
        })
        .collect()
}

/// The judgement: each median at least `1 + MARGIN` times the previous; one compared pair per
/// step (the measured ratio against the predicted one), every median in the note.
fn judge(out: &[u32], patterns: &[Pattern]) -> Report {
    let m = medians(out, patterns.len());
    let mut r = Report::default();
    let mut note = Vec::new();
    for (i, (p, c)) in patterns.iter().zip(&m).enumerate() {
        let Some(c) = c else {
            r.note_failed = true;
            note.push(format!("{}: no cycles measured", p.label));
            continue;
        };
        let mut line = format!("{} ({} wavefronts): {c} cycles", p.label, p.predicted);
        if let Some(Some(prev)) = i.checked_sub(1).map(|j| m[j]) {
            let ratio = *c as f64 / prev as f64;
            let predicted = f64::from(p.predicted) / f64::from(patterns[i - 1].predicted);
            r.compare(ratio, predicted, ratio >= 1.0 + MARGIN);
            line += &format!(" (x{ratio:.2}, predicted x{predicted:.0})");
        }
        note.push(line);
    }
    r.notes.push(note.join(", "));
    r
}

/// The bank-conflict checks, one per family, not built yet.
pub fn bank_plan() -> Vec<Planned> {
    families()
        .into_iter()
        .map(|f| Planned::new(f.name.clone(), move || bank_check(&f)))
        .collect()
}

/// The check of one family of access patterns.
fn bank_check(f: &Family) -> Check {
    let kernel = format!("banks_{}", crate::check::ident(f.load.instr()));
    let addr: Vec<u32> = f.patterns.iter().flat_map(|p| p.addresses).collect();
    let patterns = f.patterns.clone();
    let n = patterns.len();
    Check {
        name: f.name.clone(),
        kernel: family_ptx(f, &kernel),
        inputs: vec![addr, vec![0]],
        out_words: out_words(n),
        threads: THREADS,
        simulate: Box::new(|_| panic!("{NO_CLOCK}")),
        verify: Box::new(move |out: &[u32]| judge(out, &patterns)),
        diagnose: Vec::new(),
        simulation_passes: true,
        host_skip: Some(NO_CLOCK),
        tensor_maps: Vec::new(),
    }
}

/// Every bank-conflict check, built (for tests).
#[cfg(test)]
fn bank_checks() -> Vec<Check> {
    bank_plan().iter().map(Planned::build).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ptx_text::reg_list;

    #[test]
    fn the_model_predicts_doubling_wavefronts_in_every_family() {
        let got: Vec<Vec<u32>> = families()
            .iter()
            .map(|f| f.patterns.iter().map(|p| p.predicted).collect())
            .collect();
        assert_eq!(
            got,
            [
                vec![1, 2, 4, 8],
                vec![2, 4, 8, 16],
                vec![4, 8, 16, 32],
                vec![4, 8, 16, 32]
            ]
        );
        // The swizzled ldmatrix rows: lane r of matrix 0 at row r, unit r.
        let m = matrices();
        assert_eq!(m.patterns[0].addresses[3], 3 * 128 + 16 * 3);
        assert_eq!(m.patterns[3].addresses[3], 3 * 128);
    }

    /// An output where pattern `p` takes `cycles[p]` per repetition, every thread alike.
    fn output(cycles: &[u64]) -> Vec<u32> {
        let mut out = vec![0u32; out_words(cycles.len())];
        for (p, &c) in cycles.iter().enumerate() {
            for r in 0..REPEATS {
                for t in 0..THREADS as usize {
                    let at = ((p * REPEATS + r) * THREADS as usize + t) * 4;
                    let start = 1000 * (p * REPEATS + r) as u64 + t as u64 % 7;
                    let end = start + c - 6;
                    out[at..at + 4].copy_from_slice(&[
                        start as u32,
                        (start >> 32) as u32,
                        end as u32,
                        (end >> 32) as u32,
                    ]);
                }
            }
        }
        out
    }

    #[test]
    fn cycles_must_grow_with_the_predicted_wavefronts() {
        let f = &families()[0];
        let good = judge(&output(&[700, 1300, 2600, 5400]), &f.patterns);
        assert!(good.passed(), "{}", good.line());
        assert!(
            good.line()
                .contains("stride 2 words (2 wavefronts): 1300 cycles (x1.86, predicted x2)"),
            "{}",
            good.line()
        );
        // Two patterns out of order, or too close, fail.
        let swapped = judge(&output(&[700, 2600, 1300, 5400]), &f.patterns);
        assert_eq!(
            (swapped.mismatched, swapped.total),
            (1, 3),
            "{}",
            swapped.line()
        );
        let flat = judge(&output(&[700, 800, 900, 1000]), &f.patterns);
        assert_eq!(flat.mismatched, 3);
        // No clock at all (an output never written) is a failure, not a pass.
        let none = judge(&vec![0; out_words(4)], &f.patterns);
        assert!(!none.passed() && none.line().contains("no cycles measured"));
    }

    #[test]
    fn kernels_load_from_each_pattern_address_and_time_each_repetition() {
        for c in bank_checks() {
            let k = &c.kernel;
            assert_eq!(c.host_skip, Some(NO_CLOCK));
            assert_eq!(k.ptx.matches("mov.u64 %c0, %clock64;").count(), 4 * REPEATS);
            assert_eq!(k.ptx.matches("mov.u64 %c1, %clock64;").count(), 4 * REPEATS);
            assert_eq!(c.inputs[0].len(), 4 * 32);
            for j in 0..LOADS {
                assert!(
                    k.ptx.contains(&format!(", [%a+{}];\n", 128 * j)),
                    "{}",
                    c.name
                );
            }
            assert!(k.ptx.contains("    ld.global.u32 %a0, [%p0+384];\n"));
            assert!(!k.name.contains("wgmma"));
        }
        let names: Vec<String> = bank_checks().into_iter().map(|c| c.name).collect();
        assert_eq!(
            names[0],
            "ld.shared.b32 bank conflicts (stride 1, 2, 4, 8 words)"
        );
        assert!(names[3].starts_with("ldmatrix.sync.aligned.m8n8.x4.shared.b16 bank conflicts"));
        let v4 = reg_list("v", 4);
        assert!(bank_checks()[2]
            .kernel
            .ptx
            .contains(&format!("ld.shared.v4.b32 {v4}, [%a+0];")));
    }
}
