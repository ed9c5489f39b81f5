//! The commands whose work depends on numbers in their arguments (`banks`, `smem`, `convert`,
//! and the layouts every command names): seeded argument vectors, their mutants, and the
//! judgement of one run of the `fraglayout` binary on them.
//!
//! A run is clean when the binary exits 0, 1 or 2 (not a panic's 101, not a signal), within
//! the budget, with at most [`OUT_LIMIT`] bytes on stdout and [`ERR_LIMIT`] (plus twice the
//! arguments) on stderr.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::rng::Rng;

/// The most a command may print on stdout: the largest answers (a 4096-instruction `ldmatrix`
/// of a tiled fragment, its address code included) are about 0.5 MB.
pub const OUT_LIMIT: usize = 4 << 20;

/// The most a command may print on stderr, beyond twice its arguments (a message quotes them).
pub const ERR_LIMIT: usize = 64 << 10;

/// The seed argument vectors, one per line, words split as a shell would (single quotes).
pub const SEEDS: &str = "\
banks ldmatrix.x4 SM80_16x8x16_F16_A_ROW --tile 64x64 --swizzle 128B
banks stmatrix.x2 SM80_16x8x16_F16_C rows.16 --tile 16x64 --find
banks store.8 SM80_16x8x16_F32_C --pad 4 --find --max-pad 16
banks load.4 SM90_64x16x16_F32_C --warp 2 --at 0,0
banks rows.16 --tile 64x64 --swizzle 3,3,3 --col-major
banks ldmatrix.x4.trans SM80_16x8x16_F16_B_COL[2x2] --tile 64x64 --swizzle 'Swizzle<3,4,3>'
banks store.4 'SM80_16x8x16_F16_C[1x8]' --tile 16x64 --elem 2 --find
banks store.8 '16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2, lane / 4 => 8, e / 2 => 64 }' --elem 4
banks rows.1 --tile 1024x1024 --elem 1
banks ldmatrix.x2 SM80_16x8x16_F16_B_COL --tile 16x64 --svg -
smem --tile 8x64 --swizzle 128B
smem --tile 64x64 --elem 4 --pad 4 --show bank
smem --tile 16x16 --col-major --swizzle 1,3,3 --svg -
smem --tile=128x32 --elem=8 --swizzle=64B
smem --tile 32768x65536 --elem 1
smem --tile 65536x64 --swizzle 128B --operand a --mma 64 --global-stride 128
smem --tile 2048x2048 --swizzle 128B --atoms bands --operand b --json
banks ldmatrix.x1 SM80_16x8x16_F16_C[128x256] --tile 2048x2048 --json
banks store.8 SM90_64x16x16_F32_C --tile 64x16 --elem 4 --warp all --find
convert fa2
convert --examples
convert SM80_16x8x16_F32_C[1x2] SM80_16x8x16_F16_A_ROW --bits 16
convert SM80_16x8x16_F32_C SM80_16x8x16_F16_A_ROW
convert 'A: 1 x 134217728, warps 4194304 { lane => 1, warp => 32 }' 'B: 1 x 134217728, warps 4194304 { lane => 4194304, warp => 1 }'
convert '16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2, lane / 4 => 8, e / 2 => 64 }' SM80_16x8x16_F32_C --svg -
expand --convert SM80_16x8x16_F32_C[1x2] SM80_16x8x16_F16_A_ROW
show SM90_64x256x16_F32_C[2x2]
json SM80_16x8x16_F32_C[4x4]
svg SM80_16x8x16_F16_A_ROW[1x2]
";

/// Words the mutator puts in: options, access words, layouts and values.
const WORDS: &[&str] = &[
    "--tile",
    "--elem",
    "--swizzle",
    "--pad",
    "--col-major",
    "--at",
    "--warp",
    "--svg",
    "--find",
    "--max-pad",
    "--operand",
    "--mma",
    "--global-stride",
    "--atoms",
    "--json",
    "all",
    "a",
    "b",
    "interleave",
    "--show",
    "--bits",
    "--examples",
    "-",
    "ldmatrix.x4",
    "stmatrix.x1.trans",
    "store.16",
    "load.2",
    "rows.32",
    "rows.0",
    "store.3",
    "SM80_16x8x16_F32_C",
    "SM90_64x256x16_F32_C[8x8]",
    "SM80_16x8x16_F16_A_ROW[64x64]",
    "SM80_16x8x16_F32_C[0x1]",
    "SM70_8x8x4_F16_A_ROW",
    "fa2",
    "32B",
    "none",
    "5,0,3",
    "Swizzle<5,5,5>",
    "chunk",
    "bank",
    "8",
    "16",
    "0,16",
    "'1 x 32 { lane => 1 }'",
];

/// Numbers the mutator puts in place of a number.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "7",
    "8",
    "16",
    "31",
    "32",
    "33",
    "64",
    "127",
    "128",
    "255",
    "1024",
    "4095",
    "4096",
    "65535",
    "65536",
    "1048576",
    "4294967295",
    "4294967296",
    "99999999999999999999",
];

/// The seeds as argument vectors.
pub fn seeds() -> Vec<Vec<String>> {
    SEEDS.lines().map(words).collect()
}

/// `line`'s words, split on spaces, single quotes grouping.
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, part) in line.split('\'').enumerate() {
        if i % 2 == 1 {
            out.push(part.to_string());
        } else {
            out.extend(part.split_whitespace().map(String::from));
        }
    }
    out
}

/// A mutant of `args`: a number changed to an edge value, a word put in, left out, repeated or
/// swapped, or the tail of `other` spliced on; one to three such changes.
pub fn mutate(rng: &mut Rng, args: &[String], other: &[String]) -> Vec<String> {
    let mut out = args.to_vec();
    for _ in 0..=rng.below(3) {
        let at = rng.below(out.len().max(1));
        match rng.below(6) {
            0 | 1 if !out.is_empty() => out[at] = renumber(rng, &out[at]),
            2 => out.insert(at.min(out.len()), rng.pick(WORDS).to_string()),
            3 if out.len() > 1 => {
                out.remove(at);
            }
            4 if !out.is_empty() => {
                let w = out[at].clone();
                out.insert(at, w);
            }
            _ => {
                let from = rng.below(other.len().max(1));
                out.truncate(at.max(1));
                out.extend(other.iter().skip(from.max(1)).cloned());
            }
        }
    }
    out
}

/// `word` with one of its runs of digits replaced by an edge value.
fn renumber(rng: &mut Rng, word: &str) -> String {
    let runs: Vec<(usize, usize)> = {
        let b = word.as_bytes();
        let mut runs = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if b[i].is_ascii_digit() {
                let start = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                runs.push((start, i));
            } else {
                i += 1;
            }
        }
        runs
    };
    match runs.as_slice() {
        [] => rng.pick(NUMBERS).to_string(),
        runs => {
            let (s, e) = *rng.pick(runs);
            format!("{}{}{}", &word[..s], rng.pick(NUMBERS), &word[e..])
        }
    }
}

/// What a clean run did.
pub struct Run {
    pub code: i32,
    pub took: Duration,
    pub out: usize,
    pub err: usize,
    /// The kind of answer, for the fuzzer's feedback: the command, the exit code and the start
    /// of the error.
    pub feature: String,
}

/// Runs `bin` on `args` in the directory `dir` (where the files it is told to write land),
/// judged (see the module docs); a finding is its description.
pub fn judge(bin: &Path, dir: &Path, args: &[String], budget: Duration) -> Result<Run, String> {
    let start = Instant::now();
    let mut child = Command::new(bin)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    let out = drain(child.stdout.take().expect("piped"), OUT_LIMIT);
    let err = drain(child.stderr.take().expect("piped"), ERR_LIMIT * 2);
    let status = loop {
        if let Some(s) = child.try_wait().map_err(|e| e.to_string())? {
            break s;
        }
        if start.elapsed() > budget {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("slow: over {} ms", budget.as_millis()));
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let took = start.elapsed();
    let (out, _) = out.join().expect("reader");
    let (err, err_text) = err.join().expect("reader");
    let arg_bytes: usize = args.iter().map(String::len).sum();
    let code = status
        .code()
        .ok_or_else(|| format!("killed by a signal: {status}"))?;
    if !matches!(code, 0..=2) {
        return Err(format!(
            "exit {code}: {}",
            err_text.lines().next().unwrap_or("")
        ));
    }
    if out > OUT_LIMIT {
        return Err(format!("stdout: more than {OUT_LIMIT} bytes"));
    }
    if err > ERR_LIMIT + 2 * arg_bytes {
        return Err(format!("stderr: {err} bytes"));
    }
    let head: String = err_text.chars().take(40).collect();
    Ok(Run {
        code,
        took,
        out,
        err,
        feature: format!("{} {code} {head}", args.first().map_or("", String::as_str)),
    })
}

/// Reads `r` to its end in a thread: the bytes read (counting past `keep`), and the first
/// `keep` of them as text.
fn drain(
    mut r: impl Read + Send + 'static,
    keep: usize,
) -> std::thread::JoinHandle<(usize, String)> {
    std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut total = 0;
        let mut buf = [0u8; 1 << 16];
        while let Ok(n) = r.read(&mut buf) {
            if n == 0 {
                break;
            }
            total += n;
            let room = keep.saturating_sub(kept.len()).min(n);
            kept.extend_from_slice(&buf[..room]);
        }
        (total, String::from_utf8_lossy(&kept).into_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_split_as_a_shell_would() {
        let seeds = seeds();
        assert!(seeds.len() > 20);
        let numeral = seeds
            .iter()
            .find(|s| s[1] == "store.8" && s[2].contains('{'))
            .unwrap();
        assert_eq!(numeral.len(), 5, "{numeral:?}");
        assert!(seeds.iter().all(|s| [
            "banks", "smem", "convert", "expand", "show", "json", "svg"
        ]
        .contains(&s[0].as_str())));
    }

    #[test]
    fn mutants_are_deterministic_and_change_something() {
        let seeds = seeds();
        let (mut a, mut b) = (Rng::new(3), Rng::new(3));
        let mut changed = 0;
        for s in &seeds {
            let m = mutate(&mut a, s, &seeds[0]);
            assert_eq!(m, mutate(&mut b, s, &seeds[0]));
            changed += usize::from(&m != s);
        }
        assert!(changed > seeds.len() / 2, "{changed}");
        assert_eq!(renumber(&mut Rng::new(1), "64x64").matches('x').count(), 1);
    }
}
