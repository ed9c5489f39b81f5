//! `wgmma.mma_async` (sm_90a): every catalog type combination, with A and B in shared memory
//! in the canonical no-swizzle K-major layout read through matrix descriptors, and every
//! catalog layout of A in registers. The 128 threads' accumulators are gathered (C) and
//! scattered (D), and A in registers gathered, with the generated code.
//!
//! | variant | instructions | N |
//! |---|---|---|
//! | A and B in shared memory | `m64nNk16.f32.f16.f16` | 8, 16, 24, 64, 128, 256 |
//! | A and B in shared memory | every other `dtype.atype.btype` of the catalog accumulators (f32: f16, bf16, tf32, fp8; f16: f16, fp8; s32: s8/u8) | 8, 256 |
//! | A in registers, B in shared memory | every instruction of every catalog A entry | 64 |
//!
//! PTX ISA facts used (section "Matrix Descriptor" and "Shared Memory Matrix Layout" of
//! `wgmma`): a descriptor is 64 bits, start address `>> 4` in bits 0-13, leading-dimension
//! byte offset `>> 4` in bits 16-29, stride-dimension byte offset `>> 4` in bits 32-45, base
//! offset in bits 49-51 (0 here), swizzle mode in bits 62-63 (0: none). Without swizzling an
//! operand is made of core matrices of 8 rows of 16 bytes (8 f16, 4 tf32 or 16 8-bit elements
//! of K per row), rows 16 bytes apart; one instruction's K is two core matrices for every
//! type (k16 f16/bf16, k8 tf32, k32 8-bit). In the K-major layout the leading-dimension
//! offset is the distance between core matrices adjacent in K, the stride offset between core
//! matrices adjacent in M (for A) or N (for B). B (K x N) is K-major when each column of B is
//! contiguous: the only layout tf32, fp8 and integer `wgmma` take, and the default (no
//! transpose) for f16/bf16. Operands: f16/bf16 take `scale-d, imm-scale-a, imm-scale-b`, then
//! `imm-trans-a` (only with A in shared memory) and `imm-trans-b`; tf32 and fp8 take
//! `scale-d, imm-scale-a, imm-scale-b`; integers only `scale-d`.
//!
//! When a check fails on the GPU, two variants tell the causes apart: a one-hot product (its
//! note says which thread and register got the 1, against the numeral and the ISA formula),
//! and the same check with LBO and SBO exchanged in the descriptors, which passes only if the
//! hardware reads those two fields the other way round from our reading.

use layout_core::catalog::{Entry, Operand, CATALOG};

use crate::check::{ident, Check, Kernel};
use crate::formulas::formula;
use crate::layouts::layout;
use crate::mma::{compare, gather_all, partial_extent, scatter_all, version_target, Matrix};
use crate::values::{bits_of, decode, encode, exact_range, pack_words, unpack_words};

/// The N of `m64nNk16.f32.f16.f16` with A and B in shared memory.
pub const NS: [usize; 6] = [8, 16, 24, 64, 128, 256];
/// The N of the other type combinations with A and B in shared memory.
pub const OTHER_NS: [usize; 2] = [8, 256];
/// The N of the checks with A in registers.
pub const RS_N: usize = 64;

const M: usize = 64;
/// Bytes in one core matrix (8 rows of 16 bytes).
const CORE: usize = 128;
/// Bytes of A in shared memory (64 rows of two core matrices): also where B starts.
const A_BYTES: usize = M * 2 * 16;

/// One `wgmma` the check runs.
struct Case {
    /// The instruction, with its N.
    instr: String,
    n: usize,
    k: usize,
    d_ty: &'static str,
    a_ty: &'static str,
    b_ty: &'static str,
    /// The accumulator's catalog entry.
    c: &'static Entry,
    /// A in registers: its catalog entry; `None` for A in shared memory.
    a_regs: Option<&'static Entry>,
}

impl Case {
    /// The case of `instr` (`wgmma.mma_async.sync.aligned.m64nNkK.D.A.B`).
    fn new(instr: &str, c: &'static Entry, a_regs: Option<&'static Entry>) -> Case {
        let parts: Vec<&str> = instr.split('.').collect();
        let shape = parts[4];
        let (n, k) = shape[4..].split_once('k').expect("m64nNkK");
        let ty = |i: usize| -> &'static str {
            [
                "f32", "f16", "s32", "bf16", "tf32", "e4m3", "e5m2", "s8", "u8",
            ]
            .into_iter()
            .find(|t| *t == parts[i])
            .unwrap_or_else(|| panic!("{instr}: type {}", parts[i]))
        };
        let case = Case {
            instr: instr.to_string(),
            n: n.parse().expect("N"),
            k: k.parse().expect("K"),
            d_ty: ty(5),
            a_ty: ty(6),
            b_ty: ty(7),
            c,
            a_regs,
        };
        assert_eq!(
            case.n,
            c.numeral.cols as usize,
            "{instr}: N of {}",
            c.name()
        );
        assert_eq!(case.k * case.bytes(), 32, "{instr}: K is two core matrices");
        case
    }

    /// Bytes of one A or B element.
    fn bytes(&self) -> usize {
        bits_of(self.a_ty) as usize / 8
    }

    /// The check's name: the instruction, and where A comes from when not shared memory.
    fn name(&self) -> String {
        match self.a_regs {
            Some(_) => format!("{} (A in registers)", self.instr),
            None => self.instr.clone(),
        }
    }

    /// Bytes of the shared-memory image: A, B, and zeros after them for a misread descriptor
    /// to land in (the one-hot and swapped diagnoses read there on purpose).
    fn image_bytes(&self) -> usize {
        A_BYTES + self.k * self.n * self.bytes() + 2 * CORE
    }
}

/// Every case, in order: shared-memory A (f16 -> f32 first), then A in registers.
fn cases() -> Vec<Case> {
    let wgmma = |e: &&'static Entry| e.arch == "sm_90a";
    let mut ss: Vec<Case> = CATALOG
        .iter()
        .filter(wgmma)
        .filter(|e| e.operand == Operand::C)
        .flat_map(|c| c.instructions.iter().map(move |i| Case::new(i, c, None)))
        .filter(|c| {
            if c.instr.ends_with("k16.f32.f16.f16") {
                NS.contains(&c.n)
            } else {
                OTHER_NS.contains(&c.n)
            }
        })
        .collect();
    ss.sort_by_key(|c| {
        (
            !c.instr.ends_with("k16.f32.f16.f16"),
            c.d_ty,
            c.a_ty,
            c.b_ty,
            c.n,
        )
    });
    let rs = CATALOG
        .iter()
        .filter(wgmma)
        .filter(|e| e.operand == Operand::A)
        .flat_map(|a| {
            a.instructions.iter().map(move |pattern| {
                let instr = pattern.replace("m64nN", &format!("m64n{RS_N}"));
                let c = CATALOG
                    .iter()
                    .find(|e| e.operand == Operand::C && e.instructions.contains(&instr.as_str()))
                    .unwrap_or_else(|| panic!("{instr}: no accumulator entry"));
                Case::new(&instr, c, Some(a))
            })
        });
    ss.into_iter().chain(rs).collect()
}

/// How an operand sits in shared memory: the byte steps between core matrices adjacent in K
/// and in M/N, and the descriptor's leading- and stride-dimension byte offsets (LBO, SBO).
#[derive(Clone, Copy)]
struct Placement {
    k_step: usize,
    mn_step: usize,
    lbo: usize,
    sbo: usize,
}

impl Placement {
    /// As the ISA reads the descriptor: LBO is the step along K, SBO the step along M/N.
    /// The M/N blocks come in pairs (the two K halves side by side).
    fn as_read() -> Placement {
        Placement {
            k_step: CORE,
            mn_step: 2 * CORE,
            lbo: CORE,
            sbo: 2 * CORE,
        }
    }

    /// The hypothesis that the hardware reads LBO and SBO the other way round: the data as
    /// `as_read` places it, the two fields exchanged. Read as the ISA says, this descriptor
    /// steps 256 bytes along K and 128 along M/N: wrong data, but inside the padded image.
    fn swapped() -> Placement {
        Placement {
            lbo: 2 * CORE,
            sbo: CORE,
            ..Placement::as_read()
        }
    }

    /// Byte offset of element `(mn, k)` of an operand of `bytes`-byte elements.
    fn offset(&self, mn: usize, k: usize, bytes: usize) -> usize {
        let per_row = 16 / bytes;
        (mn / 8) * self.mn_step
            + (k / per_row) * self.k_step
            + (mn % 8) * 16
            + (k % per_row) * bytes
    }

    /// The descriptor of the operand at byte `offset` of the image (the kernel adds the shared
    /// memory base to the start address field): start `>> 4` in bits 0-13, LBO `>> 4` in
    /// 16-29, SBO `>> 4` in 32-45, base offset and swizzle mode 0.
    fn descriptor(&self, offset: usize) -> u64 {
        let field = |bytes: usize| (bytes as u64 >> 4) & 0x3fff;
        field(offset) | field(self.lbo) << 16 | field(self.sbo) << 32
    }
}

/// The shared-memory image (as words): A (64 x K, `A[m][k]`; zeros when A is in registers)
/// then B (K x N, `B[k][n]`), both K-major, placed by `p`; and the two descriptors.
fn image(case: &Case, a: &[u64], b: &[u64], p: Placement) -> (Vec<u32>, Vec<u32>) {
    let (k, n, eb) = (case.k, case.n, case.bytes());
    let mut mem = vec![0u64; case.image_bytes() / eb];
    let mut put = |byte: usize, v: u64| {
        assert_eq!(mem[byte / eb], 0, "two elements at byte {byte}");
        mem[byte / eb] = v | 1 << 63;
    };
    if case.a_regs.is_none() {
        for m in 0..M {
            for kk in 0..k {
                put(p.offset(m, kk, eb), a[m * k + kk]);
            }
        }
    }
    for kk in 0..k {
        for j in 0..n {
            put(A_BYTES + p.offset(j, kk, eb), b[kk * n + j]);
        }
    }
    let mask = (1u64 << (8 * eb)) - 1;
    let mem: Vec<u64> = mem.iter().map(|v| v & mask).collect();
    let d = [p.descriptor(0), p.descriptor(A_BYTES)];
    (pack_words(&mem, 8 * eb as u32), pack_words(&d, 64))
}

/// PTX register type of the accumulator: `.f32`, or 32-bit words (`.f16x2`, `.s32`).
fn d_class(d_ty: &str) -> &'static str {
    if d_ty == "f32" {
        "f32"
    } else {
        "b32"
    }
}

/// The kernel: copy the image into shared memory, build the descriptors, load C (and A in
/// registers) `[thread][reg]`, one `wgmma`, store D `[thread][reg]`.
fn wgmma_ptx(case: &Case) -> Kernel {
    let (version, target) = version_target("sm_90a", &case.instr);
    let name = ident(&case.name());
    let regs = case.c.registers();
    let dt = d_class(case.d_ty);
    let bytes = case.image_bytes() as u32;
    let chunks = bytes / 16;
    let list = |p: &str, count: u32| {
        let r: Vec<String> = (0..count).map(|i| format!("%{p}{i}")).collect();
        format!("{{{}}}", r.join(", "))
    };
    let a_regs = case.a_regs.map_or(0, |a| a.registers());
    let a_param = if a_regs > 0 {
        "    .param .u64 param_a,\n"
    } else {
        ""
    };
    let mut s = format!(
        "// Generated by fraglayout-hwcheck.\n.version {version}\n.target {target}\n.address_size 64\n\n\
         .visible .entry {name}(\n    .param .u64 param_mem,\n    .param .u64 param_desc,\n{a_param}    .param .u64 param_c,\n    .param .u64 param_d\n)\n{{\n\
         \x20   .reg .b32 %t, %s, %i, %ad, %x<4>;\n    .reg .b64 %o, %q, %p<5>, %da, %db, %sb;\n    .reg .pred %done, %scale;\n    .reg .{dt} %d<{regs}>;\n    .reg .b32 %a<{}>;\n\
         \x20   .shared .align 128 .b8 smem[{bytes}];\n    mov.u32 %t, %tid.x;\n    mov.u32 %s, smem;\n\
         \x20   ld.param.u64 %p0, [param_mem];\n    cvta.to.global.u64 %p0, %p0;\n    mov.u32 %i, %t;\n\
         COPY:\n    setp.ge.u32 %done, %i, {chunks};\n    @%done bra COPIED;\n\
         \x20   mul.wide.u32 %o, %i, 16;\n    add.u64 %q, %p0, %o;\n    ld.global.v4.b32 {{%x0, %x1, %x2, %x3}}, [%q];\n\
         \x20   mad.lo.u32 %ad, %i, 16, %s;\n    st.shared.v4.b32 [%ad], {{%x0, %x1, %x2, %x3}};\n    add.u32 %i, %i, 128;\n    bra COPY;\n\
         COPIED:\n    fence.proxy.async.shared::cta;\n    bar.sync 0;\n\
         \x20   ld.param.u64 %p1, [param_desc];\n    cvta.to.global.u64 %p1, %p1;\n    ld.global.u64 %da, [%p1];\n    ld.global.u64 %db, [%p1+8];\n\
         \x20   cvt.u64.u32 %sb, %s;\n    shr.u64 %sb, %sb, 4;\n    add.u64 %da, %da, %sb;\n    add.u64 %db, %db, %sb;\n",
        a_regs.max(1)
    );
    if a_regs > 0 {
        s += &format!(
            "    ld.param.u64 %p4, [param_a];\n    cvta.to.global.u64 %p4, %p4;\n    mul.wide.u32 %o, %t, {};\n    add.u64 %p4, %p4, %o;\n",
            a_regs * 4
        );
        for r in 0..a_regs {
            s += &format!("    ld.global.b32 %a{r}, [%p4+{}];\n", 4 * r);
        }
    }
    s += &format!(
        "    ld.param.u64 %p2, [param_c];\n    cvta.to.global.u64 %p2, %p2;\n    mul.wide.u32 %o, %t, {};\n    add.u64 %p2, %p2, %o;\n",
        regs * 4
    );
    for r in 0..regs {
        s += &format!("    ld.global.{dt} %d{r}, [%p2+{}];\n", 4 * r);
    }
    let a = if a_regs > 0 {
        list("a", a_regs)
    } else {
        "%da".to_string()
    };
    let tail = match (case.a_ty, case.a_regs.is_some()) {
        ("f16" | "bf16", false) => ", 1, 1, 0, 0",
        ("f16" | "bf16", true) => ", 1, 1, 0",
        ("tf32" | "e4m3" | "e5m2", _) => ", 1, 1",
        _ => "",
    };
    s += &format!(
        "    setp.eq.u32 %scale, %t, %t;\n    wgmma.fence.sync.aligned;\n    {} {}, {a}, %db, %scale{tail};\n    wgmma.commit_group.sync.aligned;\n    wgmma.wait_group.sync.aligned 0;\n",
        case.instr,
        list("d", regs)
    );
    s += "    ld.param.u64 %p3, [param_d];\n    cvta.to.global.u64 %p3, %p3;\n    add.u64 %p3, %p3, %o;\n";
    for r in 0..regs {
        s += &format!("    st.global.{dt} [%p3+{}], %d{r};\n", 4 * r);
    }
    s += "    ret;\n}\n";
    Kernel {
        name,
        target,
        ptx: s,
    }
}

/// A (64 x K), B (K x N), C (64 x N) as values.
struct Inputs {
    a: Matrix,
    b: Matrix,
    c: Matrix,
}

fn one_hot(rows: usize, cols: usize, ty: &str, at: (usize, usize)) -> Matrix {
    let mut values = vec![0i64; rows * cols];
    values[at.0 * cols + at.1] = 1;
    Matrix::of(rows, cols, ty, values)
}

/// The one-hot positions: A(37, K - 5) and B(K - 5, N - 3), so D(37, N - 3) = 1.
fn hot(k: usize, n: usize) -> ((usize, usize), (usize, usize)) {
    ((37, k - 5), (k - 5, n - 3))
}

/// What a check built by `build` is for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Variant {
    /// The check proper: random operands, placed as the ISA reads the descriptors.
    Full,
    /// Diagnosis: one 1 in A and in B; its note says where the product landed.
    OneHot,
    /// Diagnosis: the check proper with the descriptors' LBO and SBO exchanged. It passes on
    /// the GPU only if the hardware reads them the other way round from the ISA, and never
    /// on the simulation.
    Swapped,
}

/// The generated code for catalog layout `name`.
fn generated(name: &str) -> &'static crate::layouts::Layout {
    layout(name).unwrap_or_else(|| panic!("no generated code for {name}"))
}

fn build(case: &Case, inp: Inputs, variant: Variant) -> Check {
    let (n, k, d_ty) = (case.n, case.k, case.d_ty);
    let placement = match variant {
        Variant::Swapped => Placement::swapped(),
        Variant::Full | Variant::OneHot => Placement::as_read(),
    };
    let (mem, desc) = image(case, &inp.a.bits, &inp.b.bits, placement);
    let l = generated(case.c.name());
    let elems = case.c.numeral.elements as usize;
    let mut inputs = vec![mem, desc];
    if let Some(a) = case.a_regs {
        inputs.push(gather_all(generated(a.name()), 128, &inp.a));
    }
    inputs.push(gather_all(l, 128, &inp.c));
    let mut want = vec![0u64; M * n];
    for i in 0..M {
        for j in 0..n {
            let s: i64 = inp.c.values[i * n + j]
                + (0..k)
                    .map(|kk| inp.a.values[i * k + kk] * inp.b.values[kk * n + j])
                    .sum::<i64>();
            want[i * n + j] = encode(d_ty, s);
        }
    }
    let part = partial_extent(M, n);
    let (cname, d_bits) = (case.c.name(), bits_of(d_ty));
    let verify = Box::new(move |out: &[u32]| {
        let (full, partial) = scatter_all(l, elems, d_bits, 128, out, (M, n), part);
        let mut r = compare(d_ty, &full, &partial, &want, n, part);
        if variant == Variant::OneHot {
            r.notes.push(one_hot_note(out, d_ty, cname, (k, n)));
        }
        r
    });
    let sim = Sim {
        n,
        k,
        d_ty,
        a_ty: case.a_ty,
        b_ty: case.b_ty,
        c: cname,
        a_regs: case.a_regs.map(|a| a.name()),
    };
    Check {
        name: match variant {
            Variant::Full => case.name(),
            Variant::OneHot => format!("{} one-hot", case.name()),
            Variant::Swapped => format!("{} with LBO and SBO swapped", case.name()),
        },
        kernel: wgmma_ptx(case),
        out_words: 128 * case.c.registers() as usize,
        inputs,
        threads: 128,
        simulate: Box::new(move |inp: &[Vec<u32>]| sim.run(inp)),
        verify,
        diagnose: Vec::new(),
        simulation_passes: variant != Variant::Swapped,
    }
}

/// Where the one-hot product landed: the (thread, element) holding a nonzero value, where the
/// numeral and where the ISA formula put it, against where it should be.
fn one_hot_note(out: &[u32], d_ty: &str, cname: &str, (k, n): (usize, usize)) -> String {
    let numeral = layout_core::catalog::find(cname).expect("entry").numeral;
    let f = formula(cname).expect("formula");
    let ((m0, _), (_, n0)) = hot(k, n);
    let elems = numeral.elements as usize;
    let words = out.len() / 128;
    let mut found = Vec::new();
    for t in 0..128u32 {
        let w = &out[t as usize * words..(t as usize + 1) * words];
        for (i, bits) in unpack_words(w, bits_of(d_ty), elems)
            .into_iter()
            .enumerate()
        {
            let v = decode(d_ty, bits);
            if v != 0.0 {
                found.push(format!(
                    "thread {t} element {i} = {v} (numeral: {:?}, ISA formula: {:?})",
                    numeral.coords(t, i as u32).unwrap(),
                    f(t, i as u32)
                ));
            }
        }
    }
    if found.is_empty() {
        format!("one-hot: D({m0}, {n0}) = 1 expected, all of D is 0 (operands not read where the descriptors say)")
    } else {
        format!(
            "one-hot: D({m0}, {n0}) = 1 expected, found {}",
            found.join(", ")
        )
    }
}

/// The instruction on the host: B (and A in shared memory) read from the image through the
/// descriptors' fields (canonical K-major, no swizzle), A in registers placed by the ISA
/// formula of its layout, D = A B + C handed to the threads by the ISA formula for the
/// accumulator.
struct Sim {
    n: usize,
    k: usize,
    d_ty: &'static str,
    a_ty: &'static str,
    b_ty: &'static str,
    /// The accumulator's catalog name.
    c: &'static str,
    /// A in registers: its catalog name.
    a_regs: Option<&'static str>,
}

impl Sim {
    fn run(&self, inp: &[Vec<u32>]) -> Vec<u32> {
        let (n, k, d_ty) = (self.n, self.k, self.d_ty);
        let eb = bits_of(self.a_ty) as usize / 8;
        let mem = unpack_words(&inp[0], 8 * eb as u32, inp[0].len() * 4 / eb);
        let desc = unpack_words(&inp[1], 64, 2);
        let field = |d: u64, at: u32| ((d >> at) & 0x3fff) as usize * 16;
        let per_row = 16 / eb;
        let read = |d: u64, ty: &str, mn: usize, kk: usize| {
            let byte = field(d, 0)
                + (mn / 8) * field(d, 32)
                + (kk / per_row) * field(d, 16)
                + (mn % 8) * 16
                + (kk % per_row) * eb;
            decode(ty, mem[byte / eb])
        };
        let a: Vec<f64> = match self.a_regs {
            None => (0..M * k)
                .map(|i| read(desc[0], self.a_ty, i / k, i % k))
                .collect(),
            Some(name) => {
                let f = formula(name).expect("A formula");
                let per = inp[2].len() / 128;
                let count = layout_core::catalog::find(name)
                    .expect("A entry")
                    .numeral
                    .elements;
                let mut a = vec![f64::NAN; M * k];
                for t in 0..128u32 {
                    let w = &inp[2][t as usize * per..(t as usize + 1) * per];
                    let el = unpack_words(w, bits_of(self.a_ty), count as usize);
                    for (i, bits) in el.into_iter().enumerate() {
                        let (r, c) = f(t, i as u32);
                        a[r as usize * k + c as usize] = decode(self.a_ty, bits);
                    }
                }
                a
            }
        };
        let b: Vec<f64> = (0..k * n)
            .map(|i| read(desc[1], self.b_ty, i % n, i / n))
            .collect();
        let c_in = inp.last().expect("C");
        let f = formula(self.c).expect("accumulator formula");
        let elems = layout_core::catalog::find(self.c)
            .expect("C entry")
            .numeral
            .elements as usize;
        let per = c_in.len() / 128;
        let mut out = Vec::new();
        for t in 0..128u32 {
            let c = unpack_words(
                &c_in[t as usize * per..(t as usize + 1) * per],
                bits_of(d_ty),
                elems,
            );
            let el: Vec<u64> = (0..elems)
                .map(|i| {
                    let (row, col) = f(t, i as u32);
                    let (row, col) = (row as usize, col as usize);
                    let s = decode(d_ty, c[i])
                        + (0..k)
                            .map(|kk| a[row * k + kk] * b[kk * n + col])
                            .sum::<f64>();
                    encode(d_ty, s as i64)
                })
                .collect();
            out.extend(pack_words(&el, bits_of(d_ty)));
        }
        debug_assert_eq!(out.len(), 128 * per, "{n}");
        out
    }
}

/// The `wgmma` checks: for each case, the full check with a one-hot and a swapped-descriptor
/// diagnosis.
pub fn wgmma_checks() -> Vec<Check> {
    cases()
        .iter()
        .map(|case| {
            let (k, n) = (case.k, case.n);
            let seed = (n * 7919 + k * 31) as u64
                + case
                    .name()
                    .bytes()
                    .fold(0u64, |h, b| h.wrapping_mul(131) ^ u64::from(b));
            let random = || Inputs {
                a: Matrix::random(
                    M,
                    k,
                    case.a_ty,
                    exact_range(case.a_ty, case.d_ty, Operand::A),
                    seed + 1,
                ),
                b: Matrix::random(
                    k,
                    n,
                    case.b_ty,
                    exact_range(case.b_ty, case.d_ty, Operand::B),
                    seed + 2,
                ),
                c: Matrix::random(
                    M,
                    n,
                    case.d_ty,
                    exact_range(case.d_ty, case.d_ty, Operand::C),
                    seed + 3,
                ),
            };
            let ((am, ak), (bk, bn)) = hot(k, n);
            let probe = Inputs {
                a: one_hot(M, k, case.a_ty, (am, ak)),
                b: one_hot(k, n, case.b_ty, (bk, bn)),
                c: Matrix::of(M, n, case.d_ty, vec![0; M * n]),
            };
            let mut check = build(case, random(), Variant::Full);
            check.diagnose = vec![
                build(case, probe, Variant::OneHot),
                build(case, random(), Variant::Swapped),
            ];
            check
        })
        .collect()
}
