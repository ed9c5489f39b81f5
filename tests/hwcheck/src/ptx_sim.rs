//! A host simulation of straight-line PTX kernels, for the conversion checks' `--host-only`
//! run: the kernel's own text is executed, one warp of 32 threads in lockstep, each
//! instruction with its semantics as the PTX ISA states them. Nothing here knows a layout or a
//! plan: a kernel that moves a value to the wrong lane or register is simulated doing so.
//!
//! The subset is what those kernels use, and anything else is an error, never skipped:
//!
//! | instruction | semantics |
//! |---|---|
//! | `mov.u32` / `mov.b32 d, a` | `d = a`; `a` may be `%tid.x` or `%laneid` |
//! | `ld.param.u64 d, [name]` | the pointer to the buffer of kernel parameter `name` |
//! | `cvta.to.global.u64 d, a` | `d = a` (the simulated pointers are global ones) |
//! | `mul.wide.u32 d, a, b` | `d = a * b`, 32 x 32 -> 64 bits |
//! | `add.u64 d, a, b` | `d = a + b` (mod 2^64) |
//! | `xor.b32 d, a, b` | `d = a ^ b` |
//! | `ld.global.{b32,u32} d, [p+off]` | a 4-byte-aligned word of a buffer, bounds-checked |
//! | `st.global.{b32,u32} [p+off], a` | the same, written |
//! | `setp.eq.u32 p, a, b` | `p = a == b` |
//! | `selp.b32 d, a, b, p` | `d = p ? a : b` |
//! | `shfl.sync.idx.b32 d, a, b, c, membermask` | see [`shfl_idx_source`]; membermask must be `0xffffffff` |
//! | `ret` | the end |
//!
//! A simulated pointer is `(buffer + 1) << 40 | byte offset`, buffers being the kernel's
//! parameters in order: the inputs, then the output. A register read before it is written is
//! an error.

use std::collections::HashMap;

/// Threads simulated: one warp.
pub const THREADS: u32 = 32;

/// Where a buffer's number sits in a simulated pointer.
const BUFFER_SHIFT: u32 = 40;

/// The lane `shfl.sync.idx` reads for the thread in lane `lane`, from its operands `b` (the
/// source lane) and `c` (clamp value in bits 0-4, segment mask in bits 8-12), as the ISA's
/// pseudo-code for the `.idx` mode states it: within the lane's segment (the bits `segmask`
/// keeps), the lane whose other bits are `b`'s; a result above the clamp's lane means the
/// thread's own lane. With `c = 0x1f` that is simply `b % 32`:
///
/// ```text
/// shfl_idx_source(lane 13, b 37, c 0x1f)   = 5      (37 % 32)
/// shfl_idx_source(lane 13, b 3,  c 0x181f) = 11     (segments of 8: lane 8 + 3)
/// shfl_idx_source(lane 13, b 9,  c 0x07)   = 13     (9 is above the clamp 7: own lane)
/// ```
pub fn shfl_idx_source(lane: u32, b: u32, c: u32) -> u32 {
    let lane = lane & 0x1f;
    let bval = b & 0x1f;
    let cval = c & 0x1f;
    let segmask = (c >> 8) & 0x1f;
    let max_lane = (lane & segmask) | (cval & !segmask & 0x1f);
    let min_lane = lane & segmask;
    let j = min_lane | (bval & !segmask & 0x1f);
    if j <= max_lane {
        j
    } else {
        lane
    }
}

/// One instruction: its opcode and its operands as written.
struct Instr<'a> {
    line: usize,
    op: &'a str,
    args: Vec<&'a str>,
}

/// The kernel's parameters (names, in order) and its body's instructions.
fn parse(ptx: &str) -> Result<(Vec<&str>, Vec<Instr<'_>>), String> {
    let mut params = Vec::new();
    let mut body = Vec::new();
    let mut inside = false;
    for (i, raw) in ptx.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        if !inside {
            if let Some(rest) = line.strip_prefix(".param .u64 ") {
                params.push(rest.trim_end_matches(',').trim());
            } else if line == "{" {
                inside = true;
            }
            continue;
        }
        if line == "}" {
            return Ok((params, body));
        }
        if line.starts_with(".reg ") {
            continue;
        }
        let text = line
            .strip_suffix(';')
            .ok_or_else(|| format!("line {}: no `;` at the end of `{line}`", i + 1))?;
        let (op, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let args = if rest.trim().is_empty() {
            Vec::new()
        } else {
            rest.split(',').map(str::trim).collect()
        };
        body.push(Instr {
            line: i + 1,
            op,
            args,
        });
    }
    Err("the kernel body has no closing `}`".into())
}

/// The simulated warp: registers per thread, and the buffers.
struct Warp<'a> {
    params: Vec<&'a str>,
    regs: Vec<HashMap<&'a str, u64>>,
    buffers: Vec<Vec<u32>>,
}

impl<'a> Warp<'a> {
    /// The value of operand `a` in thread `t`: a register, `%tid.x`, `%laneid`, or an
    /// immediate (decimal or `0x` hex).
    fn value(&self, t: u32, a: &str) -> Result<u64, String> {
        match a {
            "%tid.x" => Ok(u64::from(t)),
            "%laneid" => Ok(u64::from(t % 32)),
            _ if a.starts_with('%') => self.regs[t as usize]
                .get(a)
                .copied()
                .ok_or_else(|| format!("reads {a} before writing it")),
            _ => match a.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16),
                None => a.parse(),
            }
            .map_err(|_| format!("`{a}` is not a register or an immediate")),
        }
    }

    fn set(&mut self, t: u32, d: &'a str, v: u64) -> Result<(), String> {
        if !d.starts_with('%') || d.contains('.') {
            return Err(format!("`{d}` is not a register to write"));
        }
        self.regs[t as usize].insert(d, v);
        Ok(())
    }

    /// The buffer and word index `[p+off]` names in thread `t`.
    fn address(&self, t: u32, m: &str) -> Result<(usize, usize), String> {
        let inner = m
            .strip_prefix('[')
            .and_then(|m| m.strip_suffix(']'))
            .ok_or_else(|| format!("`{m}` is not a memory operand"))?;
        let (reg, off) = inner.split_once('+').unwrap_or((inner, "0"));
        let addr = self.value(t, reg)? + self.value(t, off)?;
        let (buffer, byte) = (addr >> BUFFER_SHIFT, addr & ((1 << BUFFER_SHIFT) - 1));
        let b = (buffer as usize)
            .checked_sub(1)
            .filter(|&b| b < self.buffers.len())
            .ok_or_else(|| format!("address {addr:#x} is in no buffer"))?;
        if byte % 4 != 0 || byte / 4 >= self.buffers[b].len() as u64 {
            return Err(format!(
                "byte {byte} of buffer {} ({} words) is not an aligned word in it",
                self.params[b],
                self.buffers[b].len()
            ));
        }
        Ok((b, (byte / 4) as usize))
    }

    /// Executes one instruction in every thread.
    fn step(&mut self, i: &Instr<'a>) -> Result<(), String> {
        let want = |n: usize| {
            if i.args.len() == n {
                Ok(())
            } else {
                Err(format!("{} takes {n} operands, not {}", i.op, i.args.len()))
            }
        };
        if i.op == "shfl.sync.idx.b32" {
            want(5)?;
            return self.shfl(&i.args);
        }
        for t in 0..THREADS {
            let a = &i.args;
            match i.op {
                "mov.u32" | "mov.b32" => {
                    want(2)?;
                    let v = self.value(t, a[1])? & 0xffff_ffff;
                    self.set(t, a[0], v)?;
                }
                "ld.param.u64" => {
                    want(2)?;
                    let name = a[1].trim_start_matches('[').trim_end_matches(']');
                    let k = self
                        .params
                        .iter()
                        .position(|p| *p == name)
                        .ok_or_else(|| format!("no parameter {name}"))?;
                    self.set(t, a[0], (k as u64 + 1) << BUFFER_SHIFT)?;
                }
                "cvta.to.global.u64" => {
                    want(2)?;
                    let v = self.value(t, a[1])?;
                    self.set(t, a[0], v)?;
                }
                "mul.wide.u32" => {
                    want(3)?;
                    let v =
                        (self.value(t, a[1])? & 0xffff_ffff) * (self.value(t, a[2])? & 0xffff_ffff);
                    self.set(t, a[0], v)?;
                }
                "add.u64" => {
                    want(3)?;
                    let v = self.value(t, a[1])?.wrapping_add(self.value(t, a[2])?);
                    self.set(t, a[0], v)?;
                }
                "xor.b32" => {
                    want(3)?;
                    let v = (self.value(t, a[1])? ^ self.value(t, a[2])?) & 0xffff_ffff;
                    self.set(t, a[0], v)?;
                }
                "ld.global.b32" | "ld.global.u32" => {
                    want(2)?;
                    let (b, w) = self.address(t, a[1])?;
                    let v = u64::from(self.buffers[b][w]);
                    self.set(t, a[0], v)?;
                }
                "st.global.b32" | "st.global.u32" => {
                    want(2)?;
                    let (b, w) = self.address(t, a[0])?;
                    self.buffers[b][w] = self.value(t, a[1])? as u32;
                }
                "and.b32" => {
                    want(3)?;
                    let v = self.value(t, a[1])? & self.value(t, a[2])? & 0xffff_ffff;
                    self.set(t, a[0], v)?;
                }
                "prmt.b32" => {
                    want(4)?;
                    let v = prmt(
                        self.value(t, a[1])? as u32,
                        self.value(t, a[2])? as u32,
                        self.value(t, a[3])? as u32,
                    )?;
                    self.set(t, a[0], u64::from(v))?;
                }
                "setp.ne.u32" => {
                    want(3)?;
                    let ne = (self.value(t, a[1])? as u32) != (self.value(t, a[2])? as u32);
                    self.set(t, a[0], u64::from(ne))?;
                }
                "setp.eq.u32" => {
                    want(3)?;
                    let eq = (self.value(t, a[1])? as u32) == (self.value(t, a[2])? as u32);
                    self.set(t, a[0], u64::from(eq))?;
                }
                "selp.b32" => {
                    want(4)?;
                    let pick = if self.value(t, a[3])? != 0 {
                        a[1]
                    } else {
                        a[2]
                    };
                    let v = self.value(t, pick)? & 0xffff_ffff;
                    self.set(t, a[0], v)?;
                }
                other => return Err(format!("no simulation of `{other}`")),
            }
        }
        Ok(())
    }

    /// `shfl.sync.idx.b32 d, a, b, c, membermask` across the warp: every thread's `a` is read
    /// before any `d` is written.
    fn shfl(&mut self, a: &[&'a str]) -> Result<(), String> {
        if a[0].contains('|') {
            return Err("shfl.sync with a predicate destination is not simulated".into());
        }
        let mut source = Vec::with_capacity(THREADS as usize);
        for t in 0..THREADS {
            if self.value(t, a[4])? as u32 != u32::MAX {
                return Err(format!(
                    "shfl.sync membermask {} leaves lanes of the warp out",
                    a[4]
                ));
            }
            source.push(self.value(t, a[1])? & 0xffff_ffff);
        }
        for t in 0..THREADS {
            let (b, c) = (self.value(t, a[2])? as u32, self.value(t, a[3])? as u32);
            let j = shfl_idx_source(t % 32, b, c);
            self.set(t, a[0], source[j as usize])?;
        }
        Ok(())
    }
}

/// `prmt.b32 d, a, b, c` in its default mode: byte `i` of `d` is byte `c >> 4 i & 7` of the
/// eight bytes `b:a` (`a` the low four). A selector nibble with its top bit set (sign
/// replication) is not simulated.
fn prmt(a: u32, b: u32, c: u32) -> Result<u32, String> {
    let bytes = (u64::from(b) << 32) | u64::from(a);
    let mut d = 0;
    for i in 0..4 {
        let sel = c >> (4 * i) & 0xf;
        if sel & 8 != 0 {
            return Err(format!(
                "prmt selector {c:#x}: sign replication is not simulated"
            ));
        }
        d |= ((bytes >> (8 * sel) & 0xff) as u32) << (8 * i);
    }
    Ok(d)
}

/// Runs the kernel `ptx` for one warp with buffers `inputs` and an output buffer of
/// `out_words` zeros (its last parameter); returns the output buffer, or the first problem
/// with its line.
pub fn run(ptx: &str, inputs: &[Vec<u32>], out_words: usize) -> Result<Vec<u32>, String> {
    let (params, body) = parse(ptx)?;
    if params.len() != inputs.len() + 1 {
        return Err(format!(
            "the kernel has {} parameters, the check {} buffers",
            params.len(),
            inputs.len() + 1
        ));
    }
    let mut buffers = inputs.to_vec();
    buffers.push(vec![0; out_words]);
    let mut warp = Warp {
        params,
        regs: vec![HashMap::new(); THREADS as usize],
        buffers,
    };
    for (k, i) in body.iter().enumerate() {
        if i.op == "ret" {
            if k + 1 != body.len() {
                return Err(format!("line {}: `ret` before the end", i.line));
            }
            return Ok(warp.buffers.pop().unwrap_or_default());
        }
        warp.step(i)
            .map_err(|e| format!("line {}: {}: {e}", i.line, i.op))?;
    }
    Err("the kernel does not end with `ret`".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shfl_idx_reads_the_isa_source_lane() {
        // c = 0x1f: the whole warp, b's low five bits.
        assert_eq!(shfl_idx_source(13, 37, 0x1f), 5);
        assert_eq!(shfl_idx_source(0, 31, 0x1f), 31);
        // Segments of 8 (CUDA's width 8: c = (32 - 8) << 8 | 0x1f): lane 13 is in lanes 8..16.
        assert_eq!(shfl_idx_source(13, 3, 0x181f), 11);
        assert_eq!(shfl_idx_source(13, 11, 0x181f), 11);
        // Clamp 7, no segments: a source above 7 means the thread's own lane.
        assert_eq!(shfl_idx_source(13, 9, 0x07), 13);
        assert_eq!(shfl_idx_source(13, 6, 0x07), 6);
    }

    /// A warp-reversing kernel: lane `l` stores what lane `31 - l` loaded.
    const REVERSE: &str = "\
.visible .entry k(
    .param .u64 param_in,
    .param .u64 param_out
)
{
    .reg .b32 %t, %l, %x, %v, %g;
    .reg .b64 %o, %p<2>;
    mov.u32 %t, %tid.x;
    mov.u32 %l, %laneid;
    ld.param.u64 %p0, [param_in];
    cvta.to.global.u64 %p0, %p0;
    mul.wide.u32 %o, %t, 4;
    add.u64 %p0, %p0, %o;
    ld.global.b32 %v, [%p0+0];
    xor.b32 %x, %l, 31;
    shfl.sync.idx.b32 %g, %v, %x, 0x1f, 0xffffffff;
    ld.param.u64 %p1, [param_out];
    cvta.to.global.u64 %p1, %p1;
    add.u64 %p1, %p1, %o;
    st.global.b32 [%p1+0], %g;
    ret;
}
";

    #[test]
    fn a_shuffle_kernel_runs_as_written() {
        let input: Vec<u32> = (0..32).map(|l| 1000 + l).collect();
        let out = run(REVERSE, &[input], 32).unwrap();
        let want: Vec<u32> = (0..32).map(|l| 1000 + 31 - l).collect();
        assert_eq!(out, want);
        // Selects: lanes below 16 keep their value, the others take the shuffled one.
        let selp = REVERSE.replace(
            "    ld.param.u64 %p1",
            "    setp.eq.u32 %q, %l, 3;\n    selp.b32 %g, %v, %g, %q;\n    ld.param.u64 %p1",
        );
        let out = run(&selp, &[(0..32).collect()], 32).unwrap();
        assert_eq!(out[3], 3);
        assert_eq!(out[4], 27);
    }

    #[test]
    fn what_it_cannot_simulate_is_an_error_with_its_line() {
        let input = vec![(0..32).collect::<Vec<u32>>()];
        for (from, to, says) in [
            (
                "xor.b32 %x, %l, 31;",
                "add.u32 %x, %l, 1;",
                "line 15: add.u32: no simulation",
            ),
            (
                "0x1f, 0xffffffff",
                "0x1f, 0xffff",
                "leaves lanes of the warp out",
            ),
            ("%g, %v, %x,", "%g, %w, %x,", "reads %w before writing it"),
            ("[%p1+0]", "[%p1+128]", "is not an aligned word"),
            ("[%p0+0]", "[%p0+2]", "is not an aligned word"),
            ("    ret;\n", "", "does not end with `ret`"),
            ("xor.b32 %x, %l, 31;", "xor.b32 %x, %l, 31", "no `;`"),
        ] {
            let ptx = REVERSE.replace(from, to);
            assert_ne!(ptx, REVERSE, "{from}");
            let e = run(&ptx, &input, 32).unwrap_err();
            assert!(e.contains(says), "{to}: {e}");
        }
        let e = run(REVERSE, &[], 32).unwrap_err();
        assert!(e.contains("2 parameters, the check 1 buffers"), "{e}");
    }
}
