//! `wgmma.mma_async` (sm_90a), `m64nNk16` with f16 inputs and f32 accumulators: A and B in
//! shared memory in the canonical no-swizzle K-major layout, read through matrix descriptors;
//! the 128 threads' accumulators gathered (C) and scattered (D) with the generated code.
//!
//! PTX ISA facts used (section "Matrix Descriptor" and "Shared Memory Matrix Layout" of
//! `wgmma`): a descriptor is 64 bits, start address `>> 4` in bits 0-13, leading-dimension
//! byte offset `>> 4` in bits 16-29, stride-dimension byte offset `>> 4` in bits 32-45, base
//! offset in bits 49-51 (0 here), swizzle mode in bits 62-63 (0: none). Without swizzling the
//! operand is made of 8 x 16-byte core matrices (8 rows of 8 f16, rows 16 bytes apart); in the
//! K-major layout the leading-dimension offset is the distance between core matrices adjacent
//! in K, the stride offset between core matrices adjacent in M (for A) or N (for B). B (K x N)
//! is K-major when each column of B is contiguous, i.e. with the default (no transpose) flags.
//!
//! When the check fails on the GPU, two variants tell the causes apart: a one-hot product
//! (its note says which thread and register got the 1, against the numeral and the ISA
//! formula), and the same check with LBO and SBO exchanged in the descriptors, which passes
//! only if the hardware reads those two fields the other way round from our reading.

use layout_core::catalog::{Operand, CATALOG};

use crate::check::{ident, Check, Kernel};
use crate::formulas::formula;
use crate::layouts::layout;
use crate::mma::{compare, gather_all, partial_extent, scatter_all, version_target, Matrix};
use crate::values::{bits_of, decode, encode, pack_words, unpack_words};

/// The N the check runs (each needs an entry in `layouts`).
pub const NS: [u32; 6] = [8, 16, 24, 64, 128, 256];

const K: usize = 16;
const M: usize = 64;
/// Bytes in one core matrix (8 rows of 16 bytes).
const CORE: usize = 128;

/// How an operand with `mn_blocks` core matrices along M (A) or N (B) and two along K sits in
/// shared memory: the byte steps between core matrices adjacent in K and in M/N, and the
/// descriptor's leading- and stride-dimension byte offsets (LBO, SBO).
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

    /// Byte offset of element `(mn, k)` (f16) of the operand.
    fn offset(&self, mn: usize, k: usize) -> usize {
        (mn / 8) * self.mn_step + (k / 8) * self.k_step + (mn % 8) * 16 + (k % 8) * 2
    }

    /// The descriptor of the operand at byte `offset` of the image (the kernel adds the shared
    /// memory base to the start address field): start `>> 4` in bits 0-13, LBO `>> 4` in
    /// 16-29, SBO `>> 4` in 32-45, base offset and swizzle mode 0.
    fn descriptor(&self, offset: usize) -> u64 {
        let field = |bytes: usize| (bytes as u64 >> 4) & 0x3fff;
        field(offset) | field(self.lbo) << 16 | field(self.sbo) << 32
    }
}

/// Bytes of the shared-memory image for N: A, B, and zeros after them for a misread
/// descriptor to land in (the one-hot and swapped diagnoses read there on purpose).
fn image_bytes(n: usize) -> usize {
    M * K * 2 + K * n * 2 + 2 * CORE
}

/// The shared-memory image: A (64 x 16, as `A[m][k]`) then B (16 x N, as `B[k][n]`), both
/// K-major, placed by `p`; and the two descriptors.
fn image(a: &[u64], b: &[u64], n: usize, p: Placement) -> (Vec<u32>, Vec<u32>) {
    let b_off = M * K * 2;
    let mut mem = vec![0u64; image_bytes(n) / 2];
    let mut put = |byte: usize, v: u64| {
        assert_eq!(mem[byte / 2], 0, "two elements at byte {byte}");
        mem[byte / 2] = v | 1 << 63;
    };
    for m in 0..M {
        for k in 0..K {
            put(p.offset(m, k), a[m * K + k]);
        }
    }
    for k in 0..K {
        for j in 0..n {
            put(b_off + p.offset(j, k), b[k * n + j]);
        }
    }
    let mem: Vec<u64> = mem.iter().map(|v| v & 0xffff).collect();
    let d = [p.descriptor(0), p.descriptor(b_off)];
    (pack_words(&mem, 16), pack_words(&d, 64))
}

/// The kernel: copy the image into shared memory, build the descriptors, load C into the
/// accumulators `[thread][reg]`, one `wgmma`, store D `[thread][reg]`.
fn wgmma_ptx(instr: &str, n: u32) -> Kernel {
    let (version, target) = version_target("sm_90a", instr);
    let name = ident(instr);
    let regs = n / 2;
    let bytes = image_bytes(n as usize) as u32;
    let chunks = bytes / 16;
    let d: Vec<String> = (0..regs).map(|i| format!("%d{i}")).collect();
    let mut s = format!(
        "// Generated by fraglayout-hwcheck.\n.version {version}\n.target {target}\n.address_size 64\n\n\
         .visible .entry {name}(\n    .param .u64 param_mem,\n    .param .u64 param_desc,\n    .param .u64 param_c,\n    .param .u64 param_d\n)\n{{\n\
         \x20   .reg .b32 %t, %s, %i, %ad, %x<4>;\n    .reg .b64 %o, %q, %p<4>, %da, %db, %sb;\n    .reg .pred %done, %scale;\n    .reg .f32 %d<{regs}>;\n\
         \x20   .shared .align 128 .b8 smem[{bytes}];\n    mov.u32 %t, %tid.x;\n    mov.u32 %s, smem;\n\
         \x20   ld.param.u64 %p0, [param_mem];\n    cvta.to.global.u64 %p0, %p0;\n    mov.u32 %i, %t;\n\
         COPY:\n    setp.ge.u32 %done, %i, {chunks};\n    @%done bra COPIED;\n\
         \x20   mul.wide.u32 %o, %i, 16;\n    add.u64 %q, %p0, %o;\n    ld.global.v4.b32 {{%x0, %x1, %x2, %x3}}, [%q];\n\
         \x20   mad.lo.u32 %ad, %i, 16, %s;\n    st.shared.v4.b32 [%ad], {{%x0, %x1, %x2, %x3}};\n    add.u32 %i, %i, 128;\n    bra COPY;\n\
         COPIED:\n    fence.proxy.async.shared::cta;\n    bar.sync 0;\n\
         \x20   ld.param.u64 %p1, [param_desc];\n    cvta.to.global.u64 %p1, %p1;\n    ld.global.u64 %da, [%p1];\n    ld.global.u64 %db, [%p1+8];\n\
         \x20   cvt.u64.u32 %sb, %s;\n    shr.u64 %sb, %sb, 4;\n    add.u64 %da, %da, %sb;\n    add.u64 %db, %db, %sb;\n\
         \x20   ld.param.u64 %p2, [param_c];\n    cvta.to.global.u64 %p2, %p2;\n    mul.wide.u32 %o, %t, {rb};\n    add.u64 %p2, %p2, %o;\n",
        rb = regs * 4
    );
    for r in 0..regs {
        s += &format!("    ld.global.f32 %d{r}, [%p2+{}];\n", 4 * r);
    }
    s += &format!(
        "    setp.eq.u32 %scale, %t, %t;\n    wgmma.fence.sync.aligned;\n    {instr} {{{}}}, %da, %db, %scale, 1, 1, 0, 0;\n    wgmma.commit_group.sync.aligned;\n    wgmma.wait_group.sync.aligned 0;\n",
        d.join(", ")
    );
    s += "    ld.param.u64 %p3, [param_d];\n    cvta.to.global.u64 %p3, %p3;\n    add.u64 %p3, %p3, %o;\n";
    for r in 0..regs {
        s += &format!("    st.global.f32 [%p3+{}], %d{r};\n", 4 * r);
    }
    s += "    ret;\n}\n";
    Kernel {
        name,
        target,
        ptx: s,
    }
}

/// A (64 x 16), B (16 x n), C (64 x n) as values, for the full and the one-hot check.
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

/// The one-hot positions: A(37, 11) and B(11, n - 3), so D(37, n - 3) = 1.
fn hot(n: usize) -> ((usize, usize), (usize, usize)) {
    ((37, 11), (11, n - 3))
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

fn build(instr: &'static str, n: u32, inp: Inputs, variant: Variant) -> Check {
    let nn = n as usize;
    let c_entry = CATALOG
        .iter()
        .find(|e| e.operand == Operand::C && e.instructions.contains(&instr))
        .expect("accumulator entry");
    let l = layout(c_entry.name())
        .unwrap_or_else(|| panic!("no generated code for {}", c_entry.name()));
    let elems = c_entry.numeral.elements as usize;
    let placement = match variant {
        Variant::Swapped => Placement::swapped(),
        Variant::Full | Variant::OneHot => Placement::as_read(),
    };
    let (mem, desc) = image(&inp.a.bits, &inp.b.bits, nn, placement);
    let c_regs = gather_all(l, 128, &inp.c);
    let mut want = vec![0u64; M * nn];
    for i in 0..M {
        for j in 0..nn {
            let s: i64 = inp.c.values[i * nn + j]
                + (0..K)
                    .map(|k| inp.a.values[i * K + k] * inp.b.values[k * nn + j])
                    .sum::<i64>();
            want[i * nn + j] = encode("f32", s);
        }
    }
    let part = partial_extent(M, nn);
    let cname = c_entry.name();
    let verify = Box::new(move |out: &[u32]| {
        let (full, partial) = scatter_all(l, elems, 32, 128, out, (M, nn), part);
        let mut r = compare("f32", &full, &partial, &want, nn, part);
        if variant == Variant::OneHot {
            r.notes.push(one_hot_note(out, elems, cname, nn));
        }
        r
    });
    let simulate = Box::new(move |inp: &[Vec<u32>]| simulate_wgmma(inp, nn, cname, elems));
    let name = match variant {
        Variant::Full => instr.to_string(),
        Variant::OneHot => format!("{instr} one-hot"),
        Variant::Swapped => format!("{instr} with LBO and SBO swapped"),
    };
    Check {
        name,
        kernel: wgmma_ptx(instr, n),
        inputs: vec![mem, desc, c_regs],
        out_words: 128 * elems,
        threads: 128,
        simulate,
        verify,
        diagnose: Vec::new(),
        simulation_passes: variant != Variant::Swapped,
    }
}

/// Where the one-hot product landed: the (thread, register) holding a nonzero value, where
/// the numeral and where the ISA formula put it, against where it should be.
fn one_hot_note(out: &[u32], elems: usize, cname: &str, n: usize) -> String {
    let numeral = layout_core::catalog::find(cname).expect("entry").numeral;
    let f = formula(cname).expect("formula");
    let ((m0, _), (_, n0)) = hot(n);
    let mut found = Vec::new();
    for t in 0..128u32 {
        for i in 0..elems as u32 {
            let v = f32::from_bits(out[t as usize * elems + i as usize]);
            if v != 0.0 {
                found.push(format!(
                    "thread {t} reg {i} = {v} (numeral: {:?}, ISA formula: {:?})",
                    numeral.coords(t, i).unwrap(),
                    f(t, i)
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

/// The instruction on the host: A and B read from the image through the descriptors'
/// fields (canonical K-major, no swizzle), D = A B + C, handed to the threads by the ISA
/// formula for the accumulator.
fn simulate_wgmma(inp: &[Vec<u32>], n: usize, cname: &str, elems: usize) -> Vec<u32> {
    let mem = unpack_words(&inp[0], 16, inp[0].len() * 2);
    let desc = unpack_words(&inp[1], 64, 2);
    let field = |d: u64, at: u32| ((d >> at) & 0x3fff) as usize * 16;
    let read = |d: u64, mn: usize, k: usize| {
        let byte = field(d, 0) + (mn / 8) * field(d, 32) + (k / 8) * field(d, 16);
        decode("f16", mem[(byte + (mn % 8) * 16 + (k % 8) * 2) / 2])
    };
    let f = formula(cname).expect("formula");
    let mut out = Vec::new();
    for t in 0..128u32 {
        let c = unpack_words(
            &inp[2][t as usize * elems..(t as usize + 1) * elems],
            32,
            elems,
        );
        let el: Vec<u64> = (0..elems)
            .map(|i| {
                let (row, col) = f(t, i as u32);
                let s = decode("f32", c[i])
                    + (0..K)
                        .map(|k| read(desc[0], row as usize, k) * read(desc[1], col as usize, k))
                        .sum::<f64>();
                encode("f32", s as i64)
            })
            .collect();
        out.extend(pack_words(&el, bits_of("f32")));
    }
    let _ = n;
    out
}

/// The `wgmma` checks: for each N, the full check with a one-hot diagnosis.
pub fn wgmma_checks() -> Vec<Check> {
    NS.iter()
        .map(|&n| {
            let nn = n as usize;
            let instr: &'static str = CATALOG
                .iter()
                .filter(|e| e.operand == Operand::C && e.numeral.cols == n)
                .flat_map(|e| e.instructions.iter().copied())
                .find(|i| i.ends_with("k16.f32.f16.f16"))
                .expect("wgmma f16 instruction");
            let seed = u64::from(n) * 7919;
            let random = || Inputs {
                a: Matrix::random(M, K, "f16", (-128, 127), seed + 1),
                b: Matrix::random(K, nn, "f16", (-128, 127), seed + 2),
                c: Matrix::random(M, nn, "f32", (-1024, 1023), seed + 3),
            };
            let ((am, ak), (bk, bn)) = hot(nn);
            let probe = Inputs {
                a: one_hot(M, K, "f16", (am, ak)),
                b: one_hot(K, nn, "f16", (bk, bn)),
                c: Matrix {
                    rows: M,
                    cols: nn,
                    values: vec![0; M * nn],
                    bits: vec![0; M * nn],
                },
            };
            let mut check = build(instr, n, random(), Variant::Full);
            check.diagnose = vec![
                build(instr, n, probe, Variant::OneHot),
                build(instr, n, random(), Variant::Swapped),
            ];
            check
        })
        .collect()
}
