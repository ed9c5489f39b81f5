//! `mma.sync`: every catalog instruction, its kernel generated from the catalog entries, its
//! inputs gathered with the generated code, its output scattered with the generated code and
//! compared bit-exactly with a host matmul.

use std::collections::BTreeMap;

use fraglayout_tests::transcription::formula;
use layout_core::catalog::{Entry, Operand, CATALOG};
use layout_core::Numeral;

use crate::check::{ident, Check, Kernel, Planned, Report, Verify};
use crate::layouts::{layout, Layout};
use crate::ptx_text::{load_regs, param_ptr, reg_list, store_regs};
use crate::values::{bits_of, decoder, encoder, exact_range, pack_words, shuffled, unpack_words};

/// One `mma.sync` instruction with the catalog entries of its A, B and C/D.
#[derive(Clone, Copy)]
pub struct MmaGroup {
    /// The instruction, as spelled in the catalog.
    pub instr: &'static str,
    /// A's entry.
    pub a: &'static Entry,
    /// B's entry.
    pub b: &'static Entry,
    /// C/D's entry.
    pub c: &'static Entry,
}

/// Whether a kernel for an entry of arch `arch` runs on the check's GPU, an sm_90 device
/// (H200): a plain target runs on its architecture and every later one, an arch-specific
/// (`a`) or family (`f`) target only on its own, so everything up to `sm_90` and `sm_90a`
/// runs, and `sm_100a`, `sm_120a` or any other target past sm_90 does not.
pub fn runs_on_sm90(arch: &str) -> bool {
    let Some(rest) = arch.strip_prefix("sm_") else {
        return false;
    };
    let end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    match (rest[..end].parse::<u32>(), &rest[end..]) {
        (Ok(n), "") => n <= 90,
        (Ok(90), "a") => true,
        _ => false,
    }
}

/// Every `mma.sync` instruction of the catalog that an sm_90 GPU runs, in catalog order.
///
/// Instructions whose entries need a later or another architecture's target
/// ([`runs_on_sm90`]) are left out: the `.kind::f8f6f4` ones need sm_120a, and an sm_120a
/// kernel neither assembles for nor loads on the H200, so there is nothing to check there.
pub fn mma_groups() -> Vec<MmaGroup> {
    operands_of("mma.sync.")
        .into_iter()
        .map(|(instr, [a, b, c, e])| {
            assert!(e.is_none(), "{instr}: a dense mma with a metadata entry");
            MmaGroup {
                instr,
                a: required(instr, a, "A"),
                b: required(instr, b, "B"),
                c: required(instr, c, "C/D"),
            }
        })
        .filter(|g| [g.a, g.b, g.c].iter().all(|e| runs_on_sm90(e.arch)))
        .collect()
}

/// Every catalog instruction starting with `prefix`, in catalog order, with its entries by
/// operand: `[A, B, C/D, metadata]`. An operand with two entries stops it.
pub fn operands_of(prefix: &str) -> Vec<(&'static str, [Option<&'static Entry>; 4])> {
    let mut order: Vec<&'static str> = Vec::new();
    let mut parts: BTreeMap<&'static str, [Option<&'static Entry>; 4]> = BTreeMap::new();
    for e in CATALOG {
        let slot = match e.operand {
            Operand::A => 0,
            Operand::B => 1,
            Operand::C => 2,
            Operand::Metadata => 3,
            Operand::Matrices | Operand::Tmem | Operand::ScaleA | Operand::ScaleB => continue,
        };
        for &i in e.instructions.iter().filter(|i| i.starts_with(prefix)) {
            let p = parts.entry(i).or_insert_with(|| {
                order.push(i);
                [None; 4]
            });
            assert!(p[slot].is_none(), "{i}: two {:?} entries", e.operand);
            p[slot] = Some(e);
        }
    }
    order.into_iter().map(|i| (i, parts[i])).collect()
}

/// The `what` entry of `instr`, which the catalog must have.
pub fn required(instr: &str, entry: Option<&'static Entry>, what: &str) -> &'static Entry {
    entry.unwrap_or_else(|| panic!("{instr}: no {what} entry in the catalog"))
}

/// How an instruction combines an element of A with one of B before it sums over `k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Product {
    /// `a * b`: every arithmetic type.
    Multiply,
    /// `.and.popc` (b1): the number of `k` with `a & b` set; on 0/1 values, `a * b`.
    And,
    /// `.xor.popc` (b1): the number of `k` with `a ^ b` set, that is with `a != b`.
    Xor,
}

impl Product {
    /// The product of one pair of element values (for `And` / `Xor`, each 0 or 1).
    fn of(self, a: i64, b: i64) -> i64 {
        match self {
            Product::Multiply => a * b,
            Product::And | Product::Xor => {
                assert!(
                    (0..=1).contains(&a) && (0..=1).contains(&b),
                    "b1 values {a}, {b} are not bits"
                );
                if self == Product::And {
                    a & b
                } else {
                    a ^ b
                }
            }
        }
    }

    /// [`of`](Self::of) on decoded values: the f64 `a * b` for `Multiply`; the bit operations
    /// take values that must be exactly 0 or 1.
    fn of_decoded(self, a: f64, b: f64) -> f64 {
        match self {
            Product::Multiply => a * b,
            _ => {
                let bit = |v: f64| {
                    assert!(v == 0.0 || v == 1.0, "b1 value {v} is not a bit");
                    v as i64
                };
                self.of(bit(a), bit(b)) as f64
            }
        }
    }
}

/// The parts of an `mma.sync` (or `mma.sp`) instruction: shape `(m, n, k)`, the types of D, A,
/// B, C, and the product (`.xor.popc` / `.and.popc` for b1).
pub(crate) struct Instr {
    pub m: u32,
    pub n: u32,
    pub k: u32,
    pub d: &'static str,
    pub a: &'static str,
    pub b: &'static str,
    pub c: &'static str,
    pub product: Product,
}

pub(crate) fn parse(instr: &'static str) -> Instr {
    let parts: Vec<&'static str> = instr.split('.').collect();
    let shape = parts
        .iter()
        .find(|p| p.starts_with('m') && p.contains('n') && p.contains('k'))
        .expect("shape");
    let num = |from: char, to: char| -> u32 {
        let s = &shape[shape.find(from).unwrap() + 1..];
        let s = match s.find(to) {
            Some(i) => &s[..i],
            None => s,
        };
        s.parse().expect("shape number")
    };
    // Single-bit instructions end in `.{bitOp}.popc`, after the four types.
    let (types, product) = match parts[parts.len() - 2..] {
        [op, "popc"] => {
            let product = match op {
                "xor" => Product::Xor,
                "and" => Product::And,
                other => panic!("{instr}: unknown bit operation {other}"),
            };
            (&parts[parts.len() - 6..parts.len() - 2], product)
        }
        _ => (&parts[parts.len() - 4..], Product::Multiply),
    };
    Instr {
        m: num('m', 'n'),
        n: num('n', 'k'),
        k: num('k', '.'),
        d: types[0],
        a: types[1],
        b: types[2],
        c: types[3],
        product,
    }
}

impl Instr {
    /// Random values for operand `operand` (A, B or C) over `n`'s tile, exact in the operand's
    /// type with this accumulator ([`exact_range`]), seeded by `name` and the operand (salts
    /// 1, 2, 3; a sparse check seeds A's non-zeros with 1 too, its metadata with 4).
    pub(crate) fn random(&self, operand: Operand, n: &Numeral, name: &str) -> Matrix {
        let (ty, salt) = match operand {
            Operand::A => (self.a, 1),
            Operand::B => (self.b, 2),
            Operand::C => (self.c, 3),
            other => panic!("no random {other:?} operand"),
        };
        let range = exact_range(ty, self.c, operand);
        let (rows, cols) = (n.rows as usize, n.cols as usize);
        Matrix::random(rows, cols, ty, range, seed(name, salt))
    }
}

/// The PTX ISA version and target for a kernel whose entries need `arch`: the lowest that
/// has the instruction and that ptxas 13.0 (and the 13.0 driver) still accepts.
pub fn version_target(arch: &str, instr: &str) -> (&'static str, &'static str) {
    let ordered = instr.starts_with("mma.sp::ordered_metadata.");
    let sparse = instr.starts_with("mma.sp.");
    match arch {
        // mma.sp: PTX ISA 7.1, with e4m3 / e5m2 8.4; `.sp::ordered_metadata`: 8.5.
        "sm_80" if ordered => ("8.5", "sm_80"),
        "sm_89" if ordered => ("8.5", "sm_89"),
        "sm_80" if sparse => ("7.1", "sm_80"),
        "sm_89" if sparse => ("8.4", "sm_89"),
        // b1 mma (m8n8k128 .xor.popc on sm_75): PTX ISA 7.0; `.and.popc` (sm_80): 7.1.
        "sm_75" if instr.contains(".b1.") => ("7.0", "sm_75"),
        // movmatrix: PTX ISA 7.8.
        "sm_75" if instr.starts_with("movmatrix") => ("7.8", "sm_75"),
        "sm_80" if instr.contains(".and.popc") => ("7.1", "sm_80"),
        // ptxas 13 dropped sm_70/sm_72 targets; sm_75 is its lowest (PTX ISA 6.5).
        "sm_70" | "sm_75" => ("6.5", "sm_75"),
        "sm_80" => ("7.0", "sm_80"),
        // fp8 mma.sync: PTX ISA 8.4; with f16 accumulators 8.7.
        "sm_89" if instr.contains(".f16.e") => ("8.7", "sm_89"),
        "sm_89" => ("8.4", "sm_89"),
        "sm_90" => ("7.8", "sm_90"),
        // wgmma with mixed integer types (s8 x u8), dense or sparse: PTX ISA 8.4.
        "sm_90a" if instr.contains(".s8.u8") || instr.contains(".u8.s8") => ("8.4", "sm_90a"),
        // Sparse wgmma.mma_async.sp: PTX ISA 8.2.
        "sm_90a" if instr.starts_with("wgmma.mma_async.sp.") => ("8.2", "sm_90a"),
        "sm_90a" => ("8.0", "sm_90a"),
        other => panic!("no PTX target for {other}"),
    }
}

/// The highest of the entries' architectures.
fn max_arch<'a>(archs: &[&'a str]) -> &'a str {
    archs
        .iter()
        .copied()
        .max_by_key(|a| {
            let n: u32 = a[3..5].parse().unwrap_or(0);
            (n, a.len())
        })
        .unwrap()
}

/// PTX register class and load/store type for `regs` registers of an operand.
fn reg_class(entry: &Entry, accumulator: bool) -> (&'static str, &'static str) {
    match (entry.element_type, accumulator) {
        ("f64", _) => ("f64", "fd"),
        ("f32", true) => ("f32", "f"),
        _ => ("b32", "r"),
    }
}

/// The kernel for `instr`, generated from its catalog entries: each lane loads its A, B and
/// C registers from `[lane][reg]` arrays, runs the instruction, stores D the same way. (A set
/// of entries can serve several instructions: the b1 ones serve `.xor.popc` and `.and.popc`.)
pub fn ptx_for(instr: &str, a: &Entry, b: &Entry, c: &Entry) -> Kernel {
    kernel_for(instr, a, b, c, None)
}

/// [`ptx_for`], and for `mma.sp` the metadata entry and the sparsity selector: the lanes load
/// their metadata register `e` like the others, the selector is the immediate `f` (the kernel
/// is named after the instruction and `f`). Parameters `a, b, c[, e], d`, in that order.
pub fn kernel_for(
    instr: &str,
    a: &Entry,
    b: &Entry,
    c: &Entry,
    sparse: Option<(&Entry, u32)>,
) -> Kernel {
    let mut ops = vec![("a", a, false), ("b", b, false), ("c", c, true)];
    if let Some((e, _)) = sparse {
        ops.push(("e", e, false));
    }
    ops.push(("d", c, true));
    for (_, e, _) in &ops {
        assert!(
            e.instructions.contains(&instr),
            "{instr}: not an instruction of {}",
            e.name()
        );
    }
    let archs: Vec<&str> = ops.iter().map(|(_, e, _)| e.arch).collect();
    let (version, target) = version_target(max_arch(&archs), instr);
    let name = match sparse {
        Some((_, f)) => format!("{}_f{f}", ident(instr)),
        None => ident(instr),
    };
    let out = ops.len() - 1;
    let mut body = String::new();
    let mut decls = String::new();
    for (op, e, acc) in &ops {
        let (ty, _) = reg_class(e, *acc);
        decls += &format!("    .reg .{ty} %{op}<{}>;\n", e.registers());
    }
    body += "    mov.u32 %t, %tid.x;\n";
    for (i, (op, e, acc)) in ops.iter().enumerate() {
        let (ty, _) = reg_class(e, *acc);
        let step = e.register_bits() / 8;
        body += &param_ptr(i, &format!("param_{op}"), e.registers() * step);
        if i != out {
            body += &load_regs(ty, op, i, e.registers(), step);
        }
    }
    let list = |op: &str, e: &Entry| reg_list(op, e.registers());
    let metadata = match sparse {
        Some((_, f)) => format!(", %e0, {f}"),
        None => String::new(),
    };
    body += &format!(
        "    {instr} {}, {}, {}, {}{metadata};\n",
        list("d", c),
        list("a", a),
        list("b", b),
        list("c", c)
    );
    let (dty, _) = reg_class(c, true);
    body += &store_regs(dty, "d", out, c.registers(), c.register_bits() / 8);
    let entries: Vec<&str> = ops[..out].iter().map(|(_, e, _)| e.name()).collect();
    let params: Vec<String> = ops
        .iter()
        .map(|(op, _, _)| format!("    .param .u64 param_{op}"))
        .collect();
    let ptx = format!(
        "// Generated by fraglayout-hwcheck from the catalog entries {}.\n\
         .version {version}\n.target {target}\n.address_size 64\n\n\
         .visible .entry {name}(\n{}\n)\n{{\n\
         .reg .b32 %t;\n    .reg .b64 %o;\n    .reg .b64 %p<{}>;\n{decls}{body}    ret;\n}}\n",
        entries.join(" / "),
        params.join(",\n"),
        ops.len()
    );
    Kernel { name, target, ptx }
}

/// A seed from a name, so every instruction and operand gets its own values.
pub(crate) fn seed(name: &str, salt: u64) -> u64 {
    name.bytes()
        .fold(salt, |h, b| h.wrapping_mul(131).wrapping_add(u64::from(b)))
}

/// A row-major matrix of `rows x cols` integer values and their bit patterns in `ty`.
pub struct Matrix {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Values, row-major.
    pub values: Vec<i64>,
    /// Bit patterns in the element type, row-major.
    pub bits: Vec<u64>,
}

impl Matrix {
    /// Shuffled values in `lo..=hi` (see [`shuffled`]).
    pub fn random(rows: usize, cols: usize, ty: &str, (lo, hi): (i64, i64), seed: u64) -> Matrix {
        Matrix::of(rows, cols, ty, shuffled(rows * cols, lo, hi, seed))
    }

    /// A row-major matrix of `values`, encoded as `ty`.
    pub fn of(rows: usize, cols: usize, ty: &str, values: Vec<i64>) -> Matrix {
        let bits = values.iter().copied().map(encoder(ty)).collect();
        Matrix {
            rows,
            cols,
            values,
            bits,
        }
    }
}

/// The generated code of `e`'s layout, which every entry a check runs has.
pub(crate) fn generated(e: &Entry) -> &'static Layout {
    layout(e.name()).unwrap_or_else(|| panic!("no generated code for {}", e.name()))
}

/// Every lane's registers gathered with the generated code, `[lane][word]`.
pub fn gather_all(l: &Layout, threads: u32, m: &Matrix) -> Vec<u32> {
    (0..threads)
        .flat_map(|lane| (l.gather)(lane, &m.bits, m.cols))
        .collect()
}

/// Scatters every thread's elements (from `[thread][word]` registers) with the generated code;
/// also the partial-tile scatter for extent `part`, into a matrix of sentinels.
pub fn scatter_all(
    l: &Layout,
    entry_elems: usize,
    bits: u32,
    threads: u32,
    words: &[u32],
    (rows, cols): (usize, usize),
    part: (usize, usize),
) -> (Vec<u64>, Vec<u64>) {
    let per = words.len() / threads as usize;
    let mut full = vec![SENTINEL; rows * cols];
    let mut partial = vec![SENTINEL; rows * cols];
    for t in 0..threads {
        let w = &words[t as usize * per..(t as usize + 1) * per];
        let elements = unpack_words(w, bits, entry_elems);
        (l.scatter)(t, &elements, &mut full, cols);
        (l.scatter_bounded)(t, &elements, &mut partial, cols, part.0, part.1);
    }
    (full, partial)
}

/// Never an element bit pattern here (no 64-bit value used is all ones).
pub const SENTINEL: u64 = u64::MAX;

/// Compares the scattered result with the expected bit patterns, and the partial-tile
/// scatter with the full one.
pub fn compare(
    ty: &str,
    full: &[u64],
    partial: &[u64],
    want: &[u64],
    cols: usize,
    part: (usize, usize),
) -> Report {
    let mut r = Report::default();
    let value = decoder(ty);
    for (&g, &w) in full.iter().zip(want) {
        let got = if g == SENTINEL { f64::NAN } else { value(g) };
        r.compare(got, value(w), g == w);
    }
    let wrong = partial
        .iter()
        .enumerate()
        .filter(|&(i, &p)| {
            let inside = i / cols < part.0 && i % cols < part.1;
            if inside {
                p != full[i]
            } else {
                p != SENTINEL
            }
        })
        .count();
    if wrong == 0 {
        r.notes.push(format!("partial {}x{} ok", part.0, part.1));
    } else {
        r.note_failed = true;
        r.notes
            .push(format!("partial {}x{}: {wrong} wrong", part.0, part.1));
    }
    r
}

/// The judgement of a warp's D: every lane's registers scattered with `lc` (the generated code
/// of the C/D numeral `nc`) into the whole tile and into a partial one, compared bit-exactly
/// with `want`.
pub fn verify_d(lc: &'static Layout, nc: &Numeral, d_ty: &'static str, want: Vec<u64>) -> Verify {
    let (cols, rows) = (nc.cols as usize, nc.rows as usize);
    let c_elems = nc.elements as usize;
    let part = partial_extent(rows, cols);
    Box::new(move |out: &[u32]| {
        let (full, partial) = scatter_all(lc, c_elems, bits_of(d_ty), 32, out, (rows, cols), part);
        compare(d_ty, &full, &partial, &want, cols, part)
    })
}

/// The partial extent checked for a `rows x cols` tile: a little over half of each.
pub fn partial_extent(rows: usize, cols: usize) -> (usize, usize) {
    (rows / 2 + 1, cols / 2 + 1)
}

/// The host matmul of `products` stacked independent products (Volta has 4): D = A B + C,
/// each `a * b` being `product` (`popc` of AND / XOR for b1).
pub(crate) fn matmul(
    a: &Matrix,
    b: &Matrix,
    c: &Matrix,
    products: usize,
    product: Product,
) -> Vec<i64> {
    let (m, k) = (a.rows / products, a.cols);
    let n = b.cols;
    let mut d = vec![0i64; c.rows * c.cols];
    for p in 0..products {
        for i in 0..m {
            for j in 0..n {
                let row = p * m + i;
                let mut s = c.values[row * n + j];
                for kk in 0..k {
                    s += product.of(a.values[row * k + kk], b.values[(p * k + kk) * n + j]);
                }
                d[row * n + j] = s;
            }
        }
    }
    d
}

/// Every `mma.sync` check, in catalog order, named by its instruction.
pub fn mma_plan() -> Vec<Planned> {
    mma_groups()
        .into_iter()
        .map(|g| Planned::new(g.instr.to_string(), move || mma_check(&g)))
        .collect()
}

/// The check of one `mma.sync` instruction.
pub fn mma_check(g: &MmaGroup) -> Check {
    let ins = parse(g.instr);
    let kernel = ptx_for(g.instr, g.a, g.b, g.c);
    let (la, lb, lc) = (generated(g.a), generated(g.b), generated(g.c));
    let (na, nb, nc) = (g.a.numeral, g.b.numeral, g.c.numeral);
    let products = (na.rows / ins.m) as usize;
    assert_eq!(na.cols, ins.k, "{}: A columns", g.instr);
    assert_eq!(nb.cols, ins.n, "{}: B columns", g.instr);
    let a = ins.random(Operand::A, na, g.instr);
    let b = ins.random(Operand::B, nb, g.instr);
    let c = ins.random(Operand::C, nc, g.instr);
    let want: Vec<u64> = matmul(&a, &b, &c, products, ins.product)
        .into_iter()
        .map(encoder(ins.d))
        .collect();
    let inputs = vec![
        gather_all(la, 32, &a),
        gather_all(lb, 32, &b),
        gather_all(lc, 32, &c),
    ];
    let out_words = inputs[2].len();

    let verify = verify_d(lc, nc, ins.d, want);

    let (a_e, b_e, c_e) = (g.a, g.b, g.c);
    let types = (ins.a, ins.b, ins.c, ins.d);
    let product = ins.product;
    let simulate = Box::new(move |inp: &[Vec<u32>]| {
        simulate_mma(inp, a_e, b_e, c_e, types, products, product)
    });
    Check::warp(
        g.instr.to_string(),
        kernel,
        inputs,
        out_words,
        simulate,
        verify,
    )
}

/// Rebuilds a matrix from every lane's registers with the ISA formula.
pub(crate) fn unplace(e: &Entry, ty: &str, words: &[u32]) -> Vec<f64> {
    let f = formula(e.name()).unwrap_or_else(|| panic!("no ISA formula for {}", e.name()));
    let n = e.numeral;
    let per = words.len() / 32;
    let mut m = vec![f64::NAN; (n.rows * n.cols) as usize];
    let value = decoder(ty);
    for lane in 0..32u32 {
        let w = &words[lane as usize * per..(lane as usize + 1) * per];
        let el = unpack_words(w, bits_of(ty), n.elements as usize);
        for (i, &bits) in el.iter().enumerate() {
            let (r, c) = f(lane, i as u32);
            m[(r * n.cols + c) as usize] = value(bits);
        }
    }
    m
}

/// The instruction as the ISA describes it, on the host: elements placed by the ISA formulas
/// (not the numerals), D = A B + C exactly (for b1, `popc` of AND / XOR), D handed back to
/// the lanes by the ISA formula.
fn simulate_mma(
    inp: &[Vec<u32>],
    a_e: &Entry,
    b_e: &Entry,
    c_e: &Entry,
    (ta, tb, tc, td): (&str, &str, &str, &str),
    products: usize,
    product: Product,
) -> Vec<u32> {
    let a = unplace(a_e, ta, &inp[0]);
    let b = unplace(b_e, tb, &inp[1]);
    let c = unplace(c_e, tc, &inp[2]);
    let k = a_e.numeral.cols as usize;
    lanes_of_product(&a, &b, &c, k, products, product, c_e, td)
}

/// D = A B + C of row-major `a` (`.. x k`, `products` stacked products), `b` and `c`, handed
/// back to the lanes by the ISA formula of D's entry `c_e` and packed as type `td`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn lanes_of_product(
    a: &[f64],
    b: &[f64],
    c: &[f64],
    k: usize,
    products: usize,
    product: Product,
    c_e: &Entry,
    td: &str,
) -> Vec<u32> {
    let m = c_e.numeral.rows as usize / products;
    let n = c_e.numeral.cols as usize;
    let f = formula(c_e.name()).expect("formula");
    let bits = encoder(td);
    let mut out = Vec::new();
    for lane in 0..32u32 {
        let el: Vec<u64> = (0..c_e.numeral.elements)
            .map(|i| {
                let (row, col) = f(lane, i);
                let (row, col) = (row as usize, col as usize);
                let p = row / m;
                let mut s = c[row * n + col];
                for kk in 0..k {
                    s += product.of_decoded(a[row * k + kk], b[(p * k + kk) * n + col]);
                }
                bits(s as i64)
            })
            .collect();
        out.extend(pack_words(&el, bits_of(td)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_instructions_an_sm90_gpu_runs_are_grouped() {
        for (arch, runs) in [
            ("sm_70", true),
            ("sm_75", true),
            ("sm_80", true),
            ("sm_89", true),
            ("sm_90", true),
            ("sm_90a", true),
            ("sm_100", false),
            ("sm_100a", false),
            ("sm_120a", false),
            ("sm_120f", false),
            ("sm_89a", false),
            ("compute_90", false),
        ] {
            assert_eq!(runs_on_sm90(arch), runs, "{arch}");
        }
        let groups = mma_groups();
        let grouped: Vec<&str> = groups.iter().map(|g| g.instr).collect();
        assert!(!grouped.is_empty());
        assert!(
            grouped.iter().all(|i| !i.contains(".kind::")),
            "{grouped:?}"
        );
        // Every catalog mma.sync instruction is grouped exactly when all its entries run.
        let mut skipped = 0;
        for e in CATALOG {
            for &i in e.instructions.iter().filter(|i| i.starts_with("mma.sync.")) {
                let runs = CATALOG
                    .iter()
                    .filter(|x| x.instructions.contains(&i))
                    .all(|x| runs_on_sm90(x.arch));
                assert_eq!(grouped.contains(&i), runs, "{i}");
                skipped += usize::from(!runs);
            }
        }
        assert!(
            skipped > 0,
            "the sm_120a instructions are in the catalog and skipped"
        );
    }

    #[test]
    fn single_bit_instructions_parse_their_types_and_bit_operation() {
        let x = parse("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc");
        assert_eq!((x.m, x.n, x.k), (16, 8, 256));
        assert_eq!((x.d, x.a, x.b, x.c), ("s32", "b1", "b1", "s32"));
        assert_eq!(x.product, Product::Xor);
        let a = parse("mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.and.popc");
        assert_eq!((a.m, a.n, a.k, a.product), (8, 8, 128, Product::And));
        let i = parse("mma.sync.aligned.m16n8k32.row.col.s32.s4.u4.s32");
        assert_eq!((i.a, i.b, i.product), ("s4", "u4", Product::Multiply));
    }

    #[test]
    fn bit_products_are_and_and_xor_of_bits() {
        let pairs = [(0, 0), (0, 1), (1, 0), (1, 1)];
        let and: Vec<i64> = pairs.iter().map(|&(a, b)| Product::And.of(a, b)).collect();
        let xor: Vec<i64> = pairs.iter().map(|&(a, b)| Product::Xor.of(a, b)).collect();
        assert_eq!(and, [0, 0, 0, 1]);
        assert_eq!(xor, [0, 1, 1, 0]);
        assert_eq!(Product::Multiply.of(-3, 5), -15);
        assert!(std::panic::catch_unwind(|| Product::Xor.of(2, 1)).is_err());
        assert!(std::panic::catch_unwind(|| Product::And.of_decoded(0.5, 1.0)).is_err());
    }

    #[test]
    fn single_bit_kernels_get_the_ptx_version_their_bit_operation_needs() {
        // m8n8k128 .xor.popc on sm_75 needs PTX ISA 7.0, .and.popc needs 7.1 (and sm_80).
        let xor = "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc";
        let and = "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc";
        assert_eq!(version_target("sm_75", xor), ("7.0", "sm_75"));
        assert_eq!(version_target("sm_80", and), ("7.1", "sm_80"));
        for g in mma_groups().iter().filter(|g| g.instr.contains(".b1.")) {
            let k = ptx_for(g.instr, g.a, g.b, g.c);
            let want = if g.instr.contains(".and.") {
                ".version 7.1\n"
            } else {
                ".version 7.0\n"
            };
            assert!(k.ptx.contains(want), "{}: {want}", g.instr);
            assert!(
                k.ptx.contains(&format!("    {} {{%d0", g.instr)),
                "{}",
                g.instr
            );
            let sm75 = g.instr.contains(".m8n8k128.") && g.instr.contains(".xor.");
            assert_eq!(
                k.target,
                if sm75 { "sm_75" } else { "sm_80" },
                "{}",
                g.instr
            );
        }
    }
}
