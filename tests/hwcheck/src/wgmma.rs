//! `wgmma.mma_async` and sparse `wgmma.mma_async.sp` (sm_90a): every catalog type combination,
//! with A and B in shared memory in the canonical no-swizzle K-major layout read through matrix
//! descriptors (and a few in each swizzle mode), and every catalog layout of A in registers. The 128 threads' accumulators are
//! gathered (C) and scattered (D), and A in registers and the sparse metadata gathered, with
//! the generated code.
//!
//! | variant | instructions | N |
//! |---|---|---|
//! | A and B in shared memory | `m64nNk16.f32.f16.f16` | 8, 16, 24, 64, 128, 256 |
//! | A and B in shared memory | every other `dtype.atype.btype` of the catalog accumulators (f32: f16, bf16, tf32, fp8; f16: f16, fp8; s32: s8/u8) | 8, 256 |
//! | A in registers, B in shared memory | every instruction of every catalog A entry | 64 |
//! | sparse, A and B in shared memory | every `wgmma.mma_async.sp` type combination of the catalog accumulators, each sparsity selector | 8, 256 |
//! | sparse, A in registers | every instruction of every sparse A entry, each sparsity selector | 64 |
//! | A and B tiles in each swizzle mode (none, 32-, 64-, 128-byte), K of 128 bytes in 4 instructions | `m64n16k16.f32.f16.f16`, `m64n16k8.f32.tf32.tf32`, `m64n16k32.f32.e4m3.e4m3` | 16 |
//! | grids: A and B several 128-byte atoms wide, in slabs and in bands (`crate::grids`) | `m64n64k16.f32.bf16.bf16` (K 128, both K-major), `m64n256k16.f32.bf16.bf16` (K 64, B N-major) | 64, 256 |
//!
//! The tiled cases and the grids lay A and B out through the shared-memory model
//! (`crate::wgmma_tiles`, `crate::grids`: `SharedLayout::hopper` tiles and grids of atoms),
//! one descriptor pair per instruction derived from the same layouts by
//! `layout_core::shared::Descriptor`, all instructions accumulating into D; the simulation
//! reads them as the ISA says (`crate::descriptor`, K-major, or MN-major for a grid's B read
//! with `imm-trans-b` 1), not through the model.
//!
//! PTX ISA facts used (section "Matrix Descriptor" and "Shared Memory Matrix Layout" of
//! `wgmma`): a descriptor is 64 bits, start address `>> 4` in bits 0-13, leading-dimension
//! byte offset `>> 4` in bits 16-29, stride-dimension byte offset `>> 4` in bits 32-45, base
//! offset in bits 49-51 (0 here), swizzle mode in bits 62-63 (0: none). Without swizzling an
//! operand is made of core matrices of 8 rows of 16 bytes (8 f16, 4 tf32 or 16 8-bit elements
//! of K per row), rows 16 bytes apart; one dense instruction's K is two core matrices for every
//! type (k16 f16/bf16, k8 tf32, k32 8-bit). In the K-major layout the leading-dimension
//! offset is the distance between core matrices adjacent in K, the stride offset between core
//! matrices adjacent in M (for A) or N (for B). B (K x N) is K-major when each column of B is
//! contiguous: the only layout tf32, fp8 and integer `wgmma` take, and the default (no
//! transpose) for f16/bf16. Operands: f16/bf16 take `scale-d, imm-scale-a, imm-scale-b`, then
//! `imm-trans-a` (only with A in shared memory) and `imm-trans-b`; tf32 and fp8 take
//! `scale-d, imm-scale-a, imm-scale-b`; integers only `scale-d`.
//!
//! Sparse `wgmma.mma_async.sp` (9.7.15.6) doubles the K (k32 f16/bf16, k16 tf32, k64 8-bit):
//! A is the `64 x K/2` tile of its non-zeros, two core matrices of K like a dense A, read
//! through its descriptor the same way; B is `K x N`, four core matrices of K; `sp-meta` (one
//! register per thread, gathered from a random tile of valid fields with the metadata numeral)
//! and the immediate `sp-sel` come after `b-desc`. The host multiplies the dense A the
//! non-zeros and the fields the selector reads make (`sparse::Metadata`); the simulation reads
//! the fields through the ISA's figures instead (`ptx::wgmma_sp_metadata_*`).
//!
//! When a check fails on the GPU, two variants tell the causes apart: a one-hot product (its
//! note says which thread and register got the 1, against the numeral and the ISA formula),
//! and the same check with LBO and SBO exchanged in the descriptors, which passes only if the
//! hardware reads those two fields the other way round from our reading. Tiled cases have no
//! LBO to swap (the swizzled modes do not use it); in the 32- and 128-byte modes their second
//! variant exchanges the layout types 1 and 3 instead, which passes only if the hardware
//! numbers the two modes the other way round from the ISA. Grids do swap LBO and SBO (in the
//! descriptor words, A's and B's alike) where the swapped reads stay inside the image.

use fraglayout_tests::ptx::SparseChunk;
use fraglayout_tests::transcription::{formula, metadata};
use layout_core::catalog::{Entry, Operand, CATALOG};

use crate::check::{ident, Check, Kernel, Planned};
use crate::descriptor::{Descriptor, Major};
use crate::grids::{self, coded, indexed, Grid, Load, GRIDS};
use crate::mma::{
    compare, gather_all, generated, partial_extent, scatter_all, version_target, Matrix,
};
use crate::ptx_text::{copy_shared, load_regs, param_ptr, reg_list, store_regs};
use crate::sparse::{non_zeros, Decode, Metadata};
use crate::values::{bits_of, decode, decoder, encoder, exact_range, pack_words, unpack_words};
use crate::wgmma_tiles::{Tiled, K_BYTES};
use layout_core::shared::{Operand as Side, SwizzleMode};

/// The N of `m64nNk16.f32.f16.f16` with A and B in shared memory.
pub const NS: [usize; 6] = [8, 16, 24, 64, 128, 256];
/// The N of the other type combinations with A and B in shared memory, dense and sparse.
pub const OTHER_NS: [usize; 2] = [8, 256];
/// The N of the checks with A in registers.
pub const RS_N: usize = 64;
/// The instructions run with A and B tiled in each swizzle mode (`wgmma_tiles`), one per
/// element size: K of [`K_BYTES`] in four instructions; N = 16, two 8-row groups of B (so
/// B's SBO is read too) at a sixteenth of the host work of N = 64 per check.
pub const TILED: [&str; 3] = [
    "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16",
    "wgmma.mma_async.sync.aligned.m64n16k8.f32.tf32.tf32",
    "wgmma.mma_async.sync.aligned.m64n16k32.f32.e4m3.e4m3",
];

const M: usize = 64;
/// Bytes in one core matrix (8 rows of 16 bytes).
const CORE: usize = 128;
/// Bytes of A in shared memory (64 rows of two core matrices): also where B starts.
const A_BYTES: usize = M * A_CORES * 16;
/// Core matrices along K of A (the non-zeros, for sparse A), whatever the type.
const A_CORES: usize = 2;

/// Bytes of a grid case's image: the most static shared memory a kernel may declare (48 KiB),
/// less 1 KiB, which holds the TMA's `mbarrier`.
const GRID_IMAGE: usize = 47 * 1024;

/// The sparse part of a `wgmma.mma_async.sp` check.
#[derive(Clone, Copy)]
struct Sparse {
    /// The metadata's catalog entry.
    e: &'static Entry,
    /// The sparsity selector `sp-sel`.
    selector: u32,
    /// How A's rows are chunked.
    chunk: SparseChunk,
    /// Metadata fields per row of A (one per chunk): the selector reads columns
    /// `selector * fields ..` of the metadata tile.
    fields: u32,
}

/// How A and B lie in shared memory.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Smem {
    /// Core matrices side by side along K, one instruction ([`Placement`]).
    Cores,
    /// The shared-memory model's K-major tiles in a swizzle mode, K of [`K_BYTES`] in
    /// several instructions ([`Tiled`]).
    Tiles(SwizzleMode),
    /// Tiles several atoms wide (`crate::grids`).
    Grid(Grid),
}

/// One `wgmma` the check runs.
struct Case {
    /// The instruction, with its N.
    instr: String,
    n: usize,
    /// The instruction's K (for sparse A, twice the non-zeros per row).
    k: usize,
    d_ty: &'static str,
    a_ty: &'static str,
    b_ty: &'static str,
    /// The accumulator's catalog entry.
    c: &'static Entry,
    /// A in registers: its catalog entry; `None` for A in shared memory.
    a_regs: Option<&'static Entry>,
    /// `wgmma.mma_async.sp`: the metadata and the selector.
    sparse: Option<Sparse>,
    /// How A and B lie in shared memory.
    smem: Smem,
    /// Instructions along K, accumulating into the same D: 1, or 4 for tiles.
    steps: usize,
}

impl Case {
    /// The case of `instr` (`wgmma.mma_async{.sp}.sync.aligned.m64nNkK.D.A.B`); sparse ones with
    /// their metadata entry and selector.
    fn new(
        instr: &str,
        c: &'static Entry,
        a_regs: Option<&'static Entry>,
        sparse: Option<(&'static Entry, u32)>,
    ) -> Case {
        let parts: Vec<&str> = instr.split('.').collect();
        let at = parts
            .iter()
            .position(|p| p.starts_with("m64n"))
            .unwrap_or_else(|| panic!("{instr}: no m64nNkK shape"));
        let (n, k) = parts[at][4..].split_once('k').expect("m64nNkK");
        // The types follow the shape, after `.satfinite` where the instruction has it.
        let at = at + usize::from(parts[at + 1] == "satfinite");
        let ty = |i: usize| -> &'static str {
            [
                "f32", "f16", "s32", "bf16", "tf32", "e4m3", "e5m2", "s8", "u8",
            ]
            .into_iter()
            .find(|t| *t == parts[at + i])
            .unwrap_or_else(|| panic!("{instr}: type {}", parts[at + i]))
        };
        let (n, k): (usize, usize) = (n.parse().expect("N"), k.parse().expect("K"));
        let a_ty = ty(2);
        let sparse = sparse.map(|(e, selector)| {
            let chunk = SparseChunk::of(a_ty);
            let fields = k as u32 / chunk.width();
            assert!(selector < 16 / fields, "{instr}: selector {selector}");
            Sparse {
                e,
                selector,
                chunk,
                fields,
            }
        });
        assert_eq!(
            sparse.is_some(),
            instr.starts_with("wgmma.mma_async.sp."),
            "{instr}: metadata"
        );
        let case = Case {
            instr: instr.to_string(),
            n,
            k,
            d_ty: ty(1),
            a_ty,
            b_ty: ty(3),
            c,
            a_regs,
            sparse,
            smem: Smem::Cores,
            steps: 1,
        };
        assert_eq!(
            case.n,
            c.numeral.cols as usize,
            "{instr}: N of {}",
            c.name()
        );
        assert_eq!(
            case.a_cols() * case.bytes(),
            A_CORES * 16,
            "{instr}: A is two core matrices of K"
        );
        case
    }

    /// The case of `instr` with A and B tiled in `mode`, over K of [`K_BYTES`].
    fn tiled(instr: &str, mode: SwizzleMode) -> Case {
        let c = CATALOG
            .iter()
            .find(|e| e.operand == Operand::C && e.instructions.contains(&instr))
            .unwrap_or_else(|| panic!("{instr}: no accumulator entry"));
        let case = Case::new(instr, c, None, None);
        let steps = K_BYTES / (case.k * case.bytes());
        Case {
            smem: Smem::Tiles(mode),
            steps,
            ..case
        }
    }

    /// The case of a grid (`crate::grids`).
    fn grid(g: Grid) -> Case {
        let case = Case::tiled(g.instr(), SwizzleMode::B128);
        let steps = g.operands().0.steps();
        assert_eq!(steps * case.k, g.k(), "{g:?}");
        Case {
            smem: Smem::Grid(g),
            steps,
            ..case
        }
    }

    /// How B lies: K-major but for an N-major grid (read with `imm-trans-b` 1).
    fn b_major(&self) -> Major {
        match self.smem {
            Smem::Grid(g) => g.b_major,
            _ => Major::K,
        }
    }

    /// K of the whole product: the instruction's, times the steps.
    fn k_total(&self) -> usize {
        self.k * self.steps
    }

    /// Columns of A over all steps.
    fn a_width(&self) -> usize {
        self.a_cols() * self.steps
    }

    /// A and B as the model lays them out, when tiled or a grid: A from byte 0, B after it.
    fn tiles(&self) -> Option<(Tiled, Tiled)> {
        let mode = match self.smem {
            Smem::Cores => return None,
            Smem::Grid(g) => return Some(g.operands()),
            Smem::Tiles(mode) => mode,
        };
        let (k, eb) = (self.k_total(), self.bytes());
        let a = Tiled::new(mode, Side::A, M, k, eb, 0);
        Some((a, Tiled::new(mode, Side::B, self.n, k, eb, a.bytes())))
    }

    /// Bytes of one A or B element.
    fn bytes(&self) -> usize {
        bits_of(self.a_ty) as usize / 8
    }

    /// Columns of the A operand: K, or the K/2 non-zeros of a sparse A.
    fn a_cols(&self) -> usize {
        match self.sparse {
            Some(_) => self.k / 2,
            None => self.k,
        }
    }

    /// Core matrices of B along K: 2 (dense), 4 (sparse).
    fn b_cores(&self) -> usize {
        self.k * self.bytes() / 16
    }

    /// The check's name: the instruction, where A comes from when not shared memory, and the
    /// sparsity selector.
    fn name(&self) -> String {
        if let Smem::Grid(g) = self.smem {
            return format!("{} ({})", self.instr, g.label());
        }
        if let Smem::Tiles(mode) = self.smem {
            return format!(
                "{} (K {} in {} instructions, A and B tiles with {})",
                self.instr,
                self.k_total(),
                self.steps,
                mode.name()
            );
        }
        match (self.a_regs, self.sparse) {
            (None, None) => self.instr.clone(),
            (Some(_), None) => format!("{} (A in registers)", self.instr),
            (None, Some(s)) => format!("{} (selector {})", self.instr, s.selector),
            (Some(_), Some(s)) => {
                format!("{} (A in registers, selector {})", self.instr, s.selector)
            }
        }
    }

    /// Bytes of the shared-memory image: A, B, and zeros after them for a misread descriptor
    /// to land in (the one-hot and swapped diagnoses read there on purpose): at least two core
    /// matrices, and all that B's swapped descriptor reaches as the ISA reads it.
    ///
    /// Tiles: A, B and 1024 bytes of zeros, for the reversed-mode diagnosis: 32-byte rows read
    /// as 128-byte ones reach at most `7 * (128 - 32) + 32` bytes past B's last 8 rows.
    ///
    /// Grids: [`GRID_IMAGE`], nearly all static shared memory, so that the swapped diagnosis
    /// has zeros to read past B wherever it fits ([`swapped_inside`]).
    fn image_bytes(&self) -> usize {
        if let Smem::Grid(_) = self.smem {
            return GRID_IMAGE;
        }
        if let Some((a, b)) = self.tiles() {
            return a.bytes() + b.bytes() + 1024;
        }
        let (blocks, cores) = (self.n / 8, self.b_cores());
        let b = blocks * cores * CORE;
        let swapped = Placement::swapped(cores);
        let reach = (blocks - 1) * swapped.sbo + (cores - 1) * swapped.lbo + CORE;
        A_BYTES + (b + 2 * CORE).max(reach.next_multiple_of(CORE))
    }
}

/// The metadata entry listing `pattern` (a sparse instruction with `m64nN`).
fn metadata_entry(pattern: &str) -> &'static Entry {
    CATALOG
        .iter()
        .find(|e| e.operand == Operand::Metadata && e.instructions.contains(&pattern))
        .unwrap_or_else(|| panic!("{pattern}: no metadata entry"))
}

/// The selectors a sparse instruction takes (one case each), or `None` for a dense one.
fn selectors(instr: &str, a_ty: &str) -> Vec<Option<u32>> {
    if !instr.starts_with("wgmma.mma_async.sp.") {
        return vec![None];
    }
    let k: u32 = instr
        .split('.')
        .find_map(|p| p.strip_prefix("m64n")?.split_once('k')?.1.parse().ok())
        .expect("K");
    let fields = k / SparseChunk::of(a_ty).width();
    (0..16 / fields).map(Some).collect()
}

/// The cases of one instruction with a concrete N: one, or one per selector when sparse.
fn cases_of(instr: &str, c: &'static Entry, a_regs: Option<&'static Entry>) -> Vec<Case> {
    let a_ty = instr.rsplit('.').nth(1).expect("A type");
    selectors(instr, a_ty)
        .into_iter()
        .map(|sel| {
            let sparse = sel.map(|f| {
                let n = instr.split('.').find(|p| p.starts_with("m64n")).unwrap();
                let generic = format!("m64nNk{}", n.split_once('k').unwrap().1);
                (metadata_entry(&instr.replace(n, &generic)), f)
            });
            Case::new(instr, c, a_regs, sparse)
        })
        .collect()
}

/// The `wgmma` (`sm_90a`) entries of `operand` with each of their instructions that starts
/// with `prefix`, in catalog order.
fn instructions(
    operand: Operand,
    prefix: &'static str,
) -> impl Iterator<Item = (&'static Entry, &'static str)> {
    CATALOG
        .iter()
        .filter(move |e| e.arch == "sm_90a" && e.operand == operand)
        .flat_map(move |e| {
            e.instructions
                .iter()
                .filter(move |i| i.starts_with(prefix))
                .map(move |&i| (e, i))
        })
}

/// Every case, in order: dense shared-memory A (f16 -> f32 first), dense A in registers, the
/// tiled ones (each of [`TILED`] in each swizzle mode), then the same for sparse (no tiles).
fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for prefix in ["wgmma.mma_async.sync.", "wgmma.mma_async.sp.sync."] {
        let mut ss: Vec<Case> = instructions(Operand::C, prefix)
            .flat_map(|(c, i)| cases_of(i, c, None))
            .filter(|c| {
                if c.instr.ends_with("k16.f32.f16.f16") && c.sparse.is_none() {
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
                c.sparse.map(|s| s.selector),
            )
        });
        let rs = instructions(Operand::A, prefix).flat_map(|(a, pattern)| {
            let instr = pattern.replace("m64nN", &format!("m64n{RS_N}"));
            let c = CATALOG
                .iter()
                .find(|e| e.operand == Operand::C && e.instructions.contains(&instr.as_str()))
                .unwrap_or_else(|| panic!("{instr}: no accumulator entry"));
            cases_of(&instr, c, Some(a))
        });
        out.extend(ss);
        out.extend(rs);
        if prefix == "wgmma.mma_async.sync." {
            for instr in TILED {
                out.extend(SwizzleMode::ALL.map(|mode| Case::tiled(instr, mode)));
            }
            out.extend(GRIDS.map(Case::grid));
        }
    }
    out
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
    /// As the ISA reads the descriptor for an operand `cores` core matrices deep in K: LBO is
    /// the step along K, SBO the step along M/N. The K core matrices of one M/N block sit side
    /// by side.
    fn as_read(cores: usize) -> Placement {
        Placement {
            k_step: CORE,
            mn_step: cores * CORE,
            lbo: CORE,
            sbo: cores * CORE,
        }
    }

    /// The hypothesis that the hardware reads LBO and SBO the other way round: the data as
    /// `as_read` places it, the two fields exchanged. Read as the ISA says, this descriptor
    /// steps `cores` core matrices along K and one along M/N: wrong data, but inside the
    /// padded image.
    fn swapped(cores: usize) -> Placement {
        let p = Placement::as_read(cores);
        Placement {
            lbo: p.sbo,
            sbo: p.lbo,
            ..p
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

/// The shared-memory image (as words): A (64 x K over all steps, `A[m][k]`, or a sparse A's
/// non-zeros; zeros when A is in registers) then B (K x N, `B[k][n]`), both K-major: core
/// matrices as [`Placement`] says (swapped for [`Variant::Swapped`]), or tiles as the model
/// lays them out ([`Tiled`]); and the descriptors, A's then B's for each step (for
/// [`Variant::ModeReversed`] with layout types 1 and 3 exchanged).
fn image(case: &Case, a: &[u64], b: &[u64], variant: Variant) -> (Vec<u32>, Vec<u32>) {
    type At = Box<dyn Fn(usize, usize) -> usize>;
    let (ka, k, n, eb) = (case.a_width(), case.k_total(), case.n, case.bytes());
    let (a_at, b_at, desc): (At, At, Vec<u64>) = match case.tiles() {
        Some((ta, tb)) => {
            let d = (0..case.steps)
                .flat_map(|j| [ta.descriptor(j), tb.descriptor(j)])
                .collect();
            (
                Box::new(move |m, kk| ta.byte(m, kk)),
                Box::new(move |j, kk| tb.byte(j, kk)),
                d,
            )
        }
        None => {
            let place = |cores| {
                if variant == Variant::Swapped {
                    Placement::swapped(cores)
                } else {
                    Placement::as_read(cores)
                }
            };
            let (pa, pb) = (place(A_CORES), place(case.b_cores()));
            (
                Box::new(move |m, kk| pa.offset(m, kk, eb)),
                Box::new(move |j, kk| A_BYTES + pb.offset(j, kk, eb)),
                vec![pa.descriptor(0), pb.descriptor(A_BYTES)],
            )
        }
    };
    let mut mem = vec![0u64; case.image_bytes() / eb];
    let mut put = |byte: usize, v: u64| {
        assert_eq!(mem[byte / eb], 0, "two elements at byte {byte}");
        mem[byte / eb] = v | 1 << 63;
    };
    if case.a_regs.is_none() {
        for m in 0..M {
            for kk in 0..ka {
                put(a_at(m, kk), a[m * ka + kk]);
            }
        }
    }
    for kk in 0..k {
        for j in 0..n {
            put(b_at(j, kk), b[kk * n + j]);
        }
    }
    let mask = (1u64 << (8 * eb)) - 1;
    let mem: Vec<u64> = mem.iter().map(|v| v & mask).collect();
    let desc: Vec<u64> = match variant {
        Variant::ModeReversed => desc.into_iter().map(reverse_mode).collect(),
        // Tiles and grids swap the fields in the words, core matrices by their `Placement`.
        Variant::Swapped if case.tiles().is_some() => desc.into_iter().map(swap_fields).collect(),
        _ => desc,
    };
    (pack_words(&mem, 8 * eb as u32), pack_words(&desc, 64))
}

/// `d` with layout types 1 (128-byte) and 3 (32-byte swizzle) exchanged: the hypothesis that
/// the hardware numbers the swizzle modes the other way round.
fn reverse_mode(d: u64) -> u64 {
    let code = match d >> 62 {
        1 => 3,
        3 => 1,
        c => c,
    };
    (d & !(3 << 62)) | code << 62
}

/// `d` with its LBO and SBO fields (bits 16-29, 32-45) exchanged.
fn swap_fields(d: u64) -> u64 {
    let (lbo, sbo) = ((d >> 16) & 0x3fff, (d >> 32) & 0x3fff);
    (d & !(0x3fff << 16 | 0x3fff << 32)) | sbo << 16 | lbo << 32
}

/// Whether every element A's and B's descriptors read with LBO and SBO exchanged, as the ISA
/// reads them, lies inside the case's image (so the swapped diagnosis reads only the image).
fn swapped_inside(case: &Case) -> bool {
    let Some((a, b)) = case.tiles() else {
        return true;
    };
    let (eb, limit) = (case.bytes(), case.image_bytes());
    (0..case.steps).all(|j| {
        [(a, M, Major::K), (b, case.n, case.b_major())]
            .into_iter()
            .all(|(op, mn, major)| {
                let d = Descriptor::decode(swap_fields(op.descriptor(j)));
                (0..mn).all(|m| (0..case.k).all(|kk| d.byte(major, m, kk, eb) + eb <= limit))
            })
    })
}

/// PTX register type of the accumulator: `.f32`, or 32-bit words (`.f16x2`, `.s32`).
fn d_class(d_ty: &str) -> &'static str {
    if d_ty == "f32" {
        "f32"
    } else {
        "b32"
    }
}

/// The kernel: copy the image into shared memory (1024-byte aligned, as the 128-byte swizzle
/// needs; a grid's with TMA, `grids::tma_fill`), build the descriptors (`%da`, `%db`;
/// `%da{j}`, `%db{j}` for step `j` of a tiled case), load C (and A in registers, and the
/// sparse metadata) `[thread][reg]`, one `wgmma` per step into the same D, store D
/// `[thread][reg]`. Parameters: `mem, desc[, a], c[, e], d`; a grid's `ga, gb, ma, mb` (A and
/// B in global memory, their tensor maps) in place of `mem`.
fn wgmma_ptx(case: &Case) -> Kernel {
    let (version, target) = match case.smem {
        // fence.proxy.tensormap: PTX ISA 8.3.
        Smem::Grid(_) => ("8.3", "sm_90a"),
        _ => version_target("sm_90a", &case.instr),
    };
    let name = ident(&case.name());
    let regs = case.c.registers();
    let dt = d_class(case.d_ty);
    let bytes = case.image_bytes() as u32;
    let steps = case.steps;
    let step_regs = if steps > 1 {
        format!(", %da<{steps}>, %db<{steps}>")
    } else {
        String::new()
    };
    let a_regs = case.a_regs.map_or(0, |a| a.registers());
    let a_param = if a_regs > 0 {
        "    .param .u64 param_a,\n"
    } else {
        ""
    };
    let (e_param, e_reg, pointers) = if case.sparse.is_some() {
        ("    .param .u64 param_e,\n", ", %e", 6)
    } else {
        ("", "", 5)
    };
    let (mem_param, fill) = match case.smem {
        Smem::Grid(_) => (
            grids::TMA_PARAMS,
            grids::tma_fill(&loads(case), bytes as usize),
        ),
        _ => (
            "    .param .u64 param_mem,\n",
            format!(
                "    ld.param.u64 %p0, [param_mem];\n    cvta.to.global.u64 %p0, %p0;\n{}\
                 \x20   fence.proxy.async.shared::cta;\n    bar.sync 0;\n",
                copy_shared("COPY", 0, bytes / 16, 128, true)
            ),
        ),
    };
    let mut s = format!(
        "// Generated by fraglayout-hwcheck.\n.version {version}\n.target {target}\n.address_size 64\n\n\
         .visible .entry {name}(\n{mem_param}    .param .u64 param_desc,\n{a_param}    .param .u64 param_c,\n{e_param}    .param .u64 param_d\n)\n{{\n\
         \x20   .reg .b32 %t, %s, %i, %ad, %x<4>{e_reg};\n    .reg .b64 %o, %q, %p<{pointers}>, %da, %db, %sb{step_regs};\n    .reg .pred %done, %scale;\n    .reg .{dt} %d<{regs}>;\n    .reg .b32 %a<{}>;\n\
         \x20   .shared .align 1024 .b8 smem[{bytes}];\n    mov.u32 %t, %tid.x;\n    mov.u32 %s, smem;\n",
        a_regs.max(1)
    );
    s += &fill;
    s += "    ld.param.u64 %p1, [param_desc];\n    cvta.to.global.u64 %p1, %p1;\n\
          \x20   cvt.u64.u32 %sb, %s;\n    shr.u64 %sb, %sb, 4;\n";
    let desc = |j: usize| {
        if j == 0 {
            ("%da".to_string(), "%db".to_string())
        } else {
            (format!("%da{j}"), format!("%db{j}"))
        }
    };
    for j in 0..steps {
        let (da, db) = desc(j);
        s += &format!(
            "    ld.global.u64 {da}, [%p1+{}];\n    ld.global.u64 {db}, [%p1+{}];\n    add.u64 {da}, {da}, %sb;\n    add.u64 {db}, {db}, %sb;\n",
            16 * j,
            16 * j + 8
        );
    }
    if a_regs > 0 {
        s += &param_ptr(4, "param_a", a_regs * 4);
        s += &load_regs("b32", "a", 4, a_regs, 4);
    }
    if case.sparse.is_some() {
        s += &param_ptr(5, "param_e", 4);
        s += "    ld.global.b32 %e, [%p5];\n";
    }
    s += &param_ptr(2, "param_c", regs * 4);
    s += &load_regs(dt, "d", 2, regs, 4);
    let metadata = match case.sparse {
        Some(sp) => format!(", %e, {}", sp.selector),
        None => String::new(),
    };
    // imm-trans-b: 1 for an N-major B.
    let trans_b = u8::from(case.b_major() == Major::Mn);
    let tail = match (case.a_ty, case.a_regs.is_some()) {
        ("f16" | "bf16", false) => format!(", 1, 1, 0, {trans_b}"),
        ("f16" | "bf16", true) => format!(", 1, 1, {trans_b}"),
        ("tf32" | "e4m3" | "e5m2", _) => ", 1, 1".to_string(),
        _ => String::new(),
    };
    s += "    setp.eq.u32 %scale, %t, %t;\n    wgmma.fence.sync.aligned;\n";
    for j in 0..steps {
        let (da, db) = desc(j);
        let a = if a_regs > 0 {
            reg_list("a", a_regs)
        } else {
            da
        };
        s += &format!(
            "    {} {}, {a}, {db}{metadata}, %scale{tail};\n",
            case.instr,
            reg_list("d", regs)
        );
    }
    s += "    wgmma.commit_group.sync.aligned;\n    wgmma.wait_group.sync.aligned 0;\n";
    s += "    ld.param.u64 %p3, [param_d];\n    cvta.to.global.u64 %p3, %p3;\n    add.u64 %p3, %p3, %o;\n";
    s += &store_regs(dt, "d", 3, regs, 4);
    s += "    ret;\n}\n";
    Kernel {
        name,
        target,
        ptx: s,
    }
}

/// The operands of one check.
struct Inputs {
    /// A as the instruction takes it: 64 x K, or a sparse A's 64 x K/2 non-zeros.
    a: Matrix,
    /// The dense 64 x K A the host multiplies (`a`'s values when dense).
    a_dense: Vec<i64>,
    /// B (K x N).
    b: Matrix,
    /// C (64 x N).
    c: Matrix,
    /// Sparse: the 64 x 16 metadata tile.
    meta: Option<Matrix>,
}

/// D = A B + C of row-major `a` (`m x k`), `b` (`k x n`) and `c` (`m x n`), skipping zeros of
/// A (half of a sparse A). In `f64`, for the expected result (exact: every value, product and
/// partial sum is an integer far below 2^53, see [`crate::values`]) and the simulation alike;
/// plain indexed loops over one concrete type, since the unoptimised test build runs this for
/// every check (generic operators and iterator adapters there are a call per element).
fn product(a: &[f64], b: &[f64], c: &[f64], k: usize, n: usize) -> Vec<f64> {
    let mut d = c.to_vec();
    for (i, d_row) in d.chunks_exact_mut(n).enumerate() {
        for kk in 0..k {
            let x = a[i * k + kk];
            if x != 0.0 {
                let b_row = &b[kk * n..(kk + 1) * n];
                for j in 0..n {
                    d_row[j] += x * b_row[j];
                }
            }
        }
    }
    d
}

/// `values` as `f64`, exactly (they are small integers).
fn exact_f64(values: &[i64]) -> Vec<f64> {
    values.iter().map(|&v| v as f64).collect()
}

/// A one-hot matrix: 1 at `at`, 0 elsewhere.
fn one_hot(rows: usize, cols: usize, ty: &str, at: (usize, usize)) -> Matrix {
    let mut values = vec![0i64; rows * cols];
    values[at.0 * cols + at.1] = 1;
    Matrix::of(rows, cols, ty, values)
}

/// The one-hot positions in A (the operand: for sparse A, its non-zeros) and D: A(37,
/// K' - 5), where K' is A's columns over all steps, and D(37, N - 3); B holds its 1 at (the dense column of
/// A's 1, N - 3).
fn hot(case: &Case) -> ((usize, usize), (usize, usize)) {
    ((37, case.a_width() - 5), (37, case.n - 3))
}

/// What a check built by `build` is for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Variant {
    /// The check proper: random operands, placed as the ISA reads the descriptors.
    Full,
    /// Diagnosis: one 1 in A and in B; its note says where the product landed.
    OneHot,
    /// Diagnosis: the check proper with the descriptors' LBO and SBO exchanged (core
    /// matrices and grids). It passes on the GPU only if the hardware reads them the other
    /// way round from the ISA, and never on the simulation.
    Swapped,
    /// Diagnosis (tiles in the 32- or 128-byte swizzle): the check proper with the layout
    /// types 1 and 3 exchanged in the descriptors. It passes on the GPU only if the hardware
    /// numbers those two modes the other way round from the ISA, and never on the simulation.
    ModeReversed,
}

fn build(case: &Case, inp: Inputs, variant: Variant) -> Check {
    let (n, k, d_ty) = (case.n, case.k_total(), case.d_ty);
    let (mem, desc) = image(case, &inp.a.bits, &inp.b.bits, variant);
    let l = generated(case.c);
    let elems = case.c.numeral.elements as usize;
    let mut inputs = vec![mem, desc];
    if let Some(a) = case.a_regs {
        inputs.push(gather_all(generated(a), 128, &inp.a));
    }
    inputs.push(gather_all(l, 128, &inp.c));
    if let (Some(sp), Some(meta)) = (case.sparse, &inp.meta) {
        let words = gather_all(generated(sp.e), 128, meta);
        assert_eq!(words.len(), 128, "{}: one metadata register", case.instr);
        inputs.push(words);
    }
    // The expected D, computed when a result is verified (`--emit-ptx` never needs it).
    let (a, b, c) = (
        exact_f64(&inp.a_dense),
        exact_f64(&inp.b.values),
        exact_f64(&inp.c.values),
    );
    let part = partial_extent(M, n);
    let (cname, d_bits) = (case.c.name(), bits_of(d_ty));
    let at = hot(case).1;
    let verify = Box::new(move |out: &[u32]| {
        let want: Vec<u64> = product(&a, &b, &c, k, n)
            .into_iter()
            .map(|v| v as i64)
            .map(encoder(d_ty))
            .collect();
        let (full, partial) = scatter_all(l, elems, d_bits, 128, out, (M, n), part);
        let mut r = compare(d_ty, &full, &partial, &want, n, part);
        if variant == Variant::OneHot {
            r.notes.push(one_hot_note(out, d_ty, cname, at));
        }
        r
    });
    let sim = Sim::of(case);
    let check = Check {
        name: match variant {
            Variant::Full => case.name(),
            Variant::OneHot => format!("{} one-hot", case.name()),
            Variant::Swapped => format!("{} with LBO and SBO swapped", case.name()),
            Variant::ModeReversed => {
                format!("{} with the 32- and 128-byte codes exchanged", case.name())
            }
        },
        kernel: wgmma_ptx(case),
        out_words: 128 * case.c.registers() as usize,
        inputs,
        threads: 128,
        simulate: Box::new(move |inp: &[Vec<u32>]| sim.run(inp)),
        verify,
        diagnose: Vec::new(),
        simulation_passes: !matches!(variant, Variant::Swapped | Variant::ModeReversed),
        host_skip: None,
        tensor_maps: Vec::new(),
    };
    match case.smem {
        Smem::Grid(_) => with_tma(case, check, &inp.a.bits, &inp.b.bits),
        _ => check,
    }
}

/// A grid's TMA loads: A's, B's.
fn loads(case: &Case) -> [Load; 2] {
    let (a, b) = case.tiles().expect("a grid");
    [Load::of(a), Load::of(b)]
}

/// `check` (a grid's, inputs `mem, desc, c`) loading shared memory with TMA instead: inputs
/// A and B as global tensors (`a_bits`, `b_bits`: the tiles, row-major), two inputs for their
/// tensor maps, then `desc, c`; the simulation lays the image out as the copies write it
/// (`Load::emulate`) and goes on as before.
fn with_tma(case: &Case, mut check: Check, a_bits: &[u64], b_bits: &[u64]) -> Check {
    let loads = loads(case);
    let eb = case.bytes();
    let width = 8 * eb as u32;
    let mut inputs: Vec<Vec<u32>> = [a_bits, b_bits]
        .iter()
        .zip(&loads)
        .map(|(bits, l)| pack_words(&l.global(bits), width))
        .collect();
    inputs.extend([vec![0u32; 32], vec![0u32; 32]]);
    inputs.extend(check.inputs.drain(1..));
    check.inputs = inputs;
    check.tensor_maps = vec![loads[0].map(0, 2), loads[1].map(1, 3)];
    let image_elements = case.image_bytes() / eb;
    let sim = std::mem::replace(&mut check.simulate, Box::new(|_| Vec::new()));
    check.simulate = Box::new(move |inp: &[Vec<u32>]| {
        let mut image = vec![0u64; image_elements];
        for (l, words) in loads.iter().zip(inp) {
            l.emulate(&unpack_words(words, width, l.elements()), &mut image);
        }
        let mut rest = vec![pack_words(&image, width)];
        rest.extend(inp[4..].iter().cloned());
        sim(&rest)
    });
    check
}

/// Where the one-hot product landed: the (thread, element) holding a nonzero value, where the
/// numeral and where the ISA formula put it, against where it should be, `(m0, n0)`.
fn one_hot_note(out: &[u32], d_ty: &str, cname: &str, (m0, n0): (usize, usize)) -> String {
    let numeral = layout_core::catalog::find(cname).expect("entry").numeral;
    let f = formula(cname).expect("formula");
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
/// descriptors as the ISA reads them (`crate::descriptor`: canonical K-major, each swizzle
/// mode), A in registers placed by the ISA formula of its layout, a sparse A's dense form
/// rebuilt from the metadata registers through the ISA's figure, D = A B + C (summed over the
/// steps, one pair of descriptors each) handed to the threads by the ISA formula for the
/// accumulator.
struct Sim {
    n: usize,
    k: usize,
    /// Columns of the A operand (K, or K/2 for a sparse A's non-zeros).
    a_cols: usize,
    d_ty: &'static str,
    a_ty: &'static str,
    b_ty: &'static str,
    /// The accumulator's catalog name.
    c: &'static str,
    /// A in registers: its catalog name.
    a_regs: Option<&'static str>,
    /// How B lies (K-major, or N-major read transposed).
    b_major: Major,
    /// Sparse: how the ISA reads the metadata registers.
    sparse: Option<Decode>,
}

impl Sim {
    /// The simulation of `case`'s kernel.
    fn of(case: &Case) -> Sim {
        Sim {
            n: case.n,
            k: case.k,
            a_cols: case.a_cols(),
            d_ty: case.d_ty,
            a_ty: case.a_ty,
            b_ty: case.b_ty,
            c: case.c.name(),
            a_regs: case.a_regs.map(|a| a.name()),
            b_major: case.b_major(),
            sparse: case.sparse.map(|sp| Decode {
                figure: metadata(sp.e.name())
                    .unwrap_or_else(|| panic!("no ISA figure for {}", sp.e.name())),
                selector: sp.selector,
                chunk: sp.chunk,
                ordered: false,
            }),
        }
    }

    fn run(&self, inp: &[Vec<u32>]) -> Vec<u32> {
        let (n, k, ka, d_ty) = (self.n, self.k, self.a_cols, self.d_ty);
        let eb = bits_of(self.a_ty) as usize / 8;
        let mem = unpack_words(&inp[0], 8 * eb as u32, inp[0].len() * 4 / eb);
        // A's and B's descriptor for each step.
        let desc: Vec<Descriptor> = unpack_words(&inp[1], 64, inp[1].len() / 2)
            .into_iter()
            .map(Descriptor::decode)
            .collect();
        let (a_value, b_value) = (decoder(self.a_ty), decoder(self.b_ty));
        let read = |d: &Descriptor, value: fn(u64) -> f64, major, mn: usize, kk: usize| {
            value(mem[d.byte(major, mn, kk, eb) / eb])
        };
        let c_at = 2 + usize::from(self.a_regs.is_some());
        let elems = layout_core::catalog::find(self.c)
            .expect("C entry")
            .numeral
            .elements as usize;
        let f = formula(self.c).expect("accumulator formula");
        // C placed by the formula, D = A B + C over the steps, handed back by the formula.
        let per = inp[c_at].len() / 128;
        let mut d = gather(&inp[c_at], d_ty, elems, n, &f);
        for step in desc.chunks_exact(2) {
            let a: Vec<f64> = match self.a_regs {
                None => (0..M * ka)
                    .map(|i| read(&step[0], a_value, Major::K, i / ka, i % ka))
                    .collect(),
                Some(name) => {
                    let count = layout_core::catalog::find(name)
                        .expect("A entry")
                        .numeral
                        .elements;
                    let f = formula(name).expect("A formula");
                    gather(&inp[2], self.a_ty, count as usize, ka, f)
                }
            };
            let a = match &self.sparse {
                Some(read) => read.dense(&a, &inp[c_at + 1], M, k),
                None => a,
            };
            let b: Vec<f64> = (0..k * n)
                .map(|i| read(&step[1], b_value, self.b_major, i % n, i / n))
                .collect();
            d = product(&a, &b, &d, k, n);
        }
        let mut out = Vec::new();
        let d_bits = encoder(d_ty);
        for t in 0..128u32 {
            let el: Vec<u64> = (0..elems)
                .map(|i| {
                    let (row, col) = f(t, i as u32);
                    d_bits(d[row as usize * n + col as usize] as i64)
                })
                .collect();
            out.extend(pack_words(&el, bits_of(d_ty)));
        }
        debug_assert_eq!(out.len(), 128 * per, "simulated D words for N = {n}");
        out
    }
}

/// The `M` x `width` matrix that the 128 threads' registers `regs` hold (each thread's share
/// of equal length): `count` elements of type `ty` a thread, element `i` of thread `t` at
/// `at(t, i) = (row, col)`; entries no thread holds are NaN.
fn gather(
    regs: &[u32],
    ty: &str,
    count: usize,
    width: usize,
    at: impl Fn(u32, u32) -> (u32, u32),
) -> Vec<f64> {
    let per = regs.len() / 128;
    let mut m = vec![f64::NAN; M * width];
    let value = decoder(ty);
    for t in 0..128u32 {
        let w = &regs[t as usize * per..(t as usize + 1) * per];
        for (i, bits) in unpack_words(w, bits_of(ty), count).into_iter().enumerate() {
            let (row, col) = at(t, i as u32);
            m[row as usize * width + col as usize] = value(bits);
        }
    }
    m
}

/// The seed of a case's random operands.
fn case_seed(case: &Case) -> u64 {
    (case.n * 7919 + case.k * 31) as u64
        + case
            .name()
            .bytes()
            .fold(0u64, |h, b| h.wrapping_mul(131) ^ u64::from(b))
}

/// The operands of a case: random ones, or the one-hot probe; for sparse A, its non-zeros,
/// never 0, and random metadata (the same for every variant of a case).
fn operands(case: &Case, seed: u64, one_hot_probe: bool) -> Inputs {
    let (n, k, ka) = (case.n, case.k_total(), case.a_width());
    let meta = case
        .sparse
        .map(|sp| (sp, Metadata::random(M, sp.chunk, seed + 4)));
    let ((am, ak), (_, dn)) = hot(case);
    let grid = matches!(case.smem, Smem::Grid(_));
    let a = match (one_hot_probe, case.sparse) {
        (true, _) => one_hot(M, ka, case.a_ty, (am, ak)),
        (false, None) if grid => coded(M, k, case.a_ty, 37),
        (false, Some(_)) => non_zeros(M, ka, case.a_ty, case.d_ty, seed + 1),
        (false, None) => Matrix::random(
            M,
            k,
            case.a_ty,
            exact_range(case.a_ty, case.d_ty, Operand::A),
            seed + 1,
        ),
    };
    let a_dense = match &meta {
        Some((sp, m)) => m.densify(&a.values, sp.chunk, sp.fields, sp.selector, k),
        None => a.values.clone(),
    };
    let (b, c) = if one_hot_probe {
        // B's 1 in the row of the dense column A's 1 lands in.
        let dense_k = match &meta {
            Some((sp, m)) => m.dense_column(sp.chunk, sp.fields, sp.selector, am, ak),
            None => ak,
        };
        (
            one_hot(k, n, case.b_ty, (dense_k, dn)),
            Matrix::of(M, n, case.d_ty, vec![0; M * n]),
        )
    } else if grid {
        (coded(k, n, case.b_ty, 101), indexed(M, n, case.d_ty))
    } else {
        (
            Matrix::random(
                k,
                n,
                case.b_ty,
                exact_range(case.b_ty, case.d_ty, Operand::B),
                seed + 2,
            ),
            Matrix::random(
                M,
                n,
                case.d_ty,
                exact_range(case.d_ty, case.d_ty, Operand::C),
                seed + 3,
            ),
        )
    };
    Inputs {
        a,
        a_dense,
        b,
        c,
        meta: meta.map(|(_, m)| m.tile),
    }
}

/// The `wgmma` checks, one per case, named by [`Case::name`].
pub fn wgmma_plan() -> Vec<Planned> {
    cases()
        .into_iter()
        .map(|case| Planned::new(case.name(), move || wgmma_check(&case)))
        .collect()
}

/// The check of one case, with its one-hot diagnosis, and a swapped-descriptor one for core
/// matrices or a reversed-mode one for tiles in the 32- and 128-byte swizzle.
fn wgmma_check(case: &Case) -> Check {
    let seed = case_seed(case);
    let mut check = build(case, operands(case, seed, false), Variant::Full);
    check.diagnose = vec![build(case, operands(case, seed, true), Variant::OneHot)];
    let other = match case.smem {
        Smem::Cores => Some(Variant::Swapped),
        Smem::Tiles(SwizzleMode::B32 | SwizzleMode::B128) => Some(Variant::ModeReversed),
        Smem::Tiles(_) => None,
        Smem::Grid(_) if swapped_inside(case) => Some(Variant::Swapped),
        Smem::Grid(_) => None,
    };
    if let Some(v) = other {
        check
            .diagnose
            .push(build(case, operands(case, seed, false), v));
    }
    check
}

/// Every `wgmma` check, built (for tests).
#[cfg(test)]
fn wgmma_checks() -> Vec<Check> {
    wgmma_plan().iter().map(Planned::build).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    use crate::layouts::layout;

    /// The type suffix (`dtype.atype.btype`) and K of an instruction.
    fn types_and_k(instr: &str) -> (String, usize) {
        let (_, rest) = instr.split_once(".m64n").unwrap();
        let (shape, types) = rest.split_once('.').unwrap();
        (
            types.to_string(),
            shape.split_once('k').unwrap().1.parse().unwrap(),
        )
    }

    #[test]
    fn sparse_cases_cover_every_type_combination_at_each_selector() {
        let all = cases();
        let sparse: Vec<&Case> = all.iter().filter(|c| c.sparse.is_some()).collect();
        // Every dense case comes first, then the sparse ones.
        let first = all.iter().position(|c| c.sparse.is_some()).unwrap();
        assert!(all[first..].iter().all(|c| c.sparse.is_some()));
        // The sparse type combinations of the catalog accumulators.
        let combos: BTreeSet<(String, usize)> = CATALOG
            .iter()
            .filter(|e| e.operand == Operand::C)
            .flat_map(|e| e.instructions.iter())
            .filter(|i| i.starts_with("wgmma.mma_async.sp."))
            .map(|i| types_and_k(i))
            .collect();
        // 3 f16 / bf16, 1 tf32, 8 fp8, 4 integer, and the 4 integer ones with `.satfinite`.
        assert_eq!(combos.len(), 20, "{combos:?}");
        let mut seen: BTreeMap<(String, usize, usize, bool), BTreeSet<u32>> = BTreeMap::new();
        for c in &sparse {
            let sp = c.sparse.unwrap();
            let (types, k) = types_and_k(&c.instr);
            assert_eq!(k, c.k);
            assert!(combos.contains(&(types.clone(), k)), "{}", c.instr);
            let ns: &[usize] = if c.a_regs.is_some() {
                &[RS_N]
            } else {
                &OTHER_NS
            };
            assert!(ns.contains(&c.n), "{}", c.name());
            assert!(seen
                .entry((types, k, c.n, c.a_regs.is_some()))
                .or_default()
                .insert(sp.selector));
            // 9.7.15.6.3: sp-sel 0 or 1 for f16 / bf16 / tf32, 0 for the 8-bit types.
            let selectors = if c.k == 64 { 1 } else { 2 };
            assert_eq!(16 / sp.fields, selectors, "{}", c.instr);
            assert_eq!(c.a_cols(), c.k / 2);
            assert_eq!(c.b_cores(), 4, "{}", c.instr);
        }
        // Each combination at N = 8 and 256 in shared memory and N = 64 in registers, with every
        // selector.
        assert_eq!(seen.len(), combos.len() * (OTHER_NS.len() + 1));
        for ((types, k, n, _), sels) in &seen {
            let want: BTreeSet<u32> = if *k == 64 { [0].into() } else { [0, 1].into() };
            assert_eq!(sels, &want, "{types} N = {n}");
        }
    }

    #[test]
    fn sparse_kernels_take_the_metadata_and_selector_after_b_desc() {
        for c in cases() {
            let k = wgmma_ptx(&c);
            match c.sparse {
                Some(sp) => {
                    assert!(k.ptx.contains("param_e"), "{}", c.name());
                    let operands = format!(", %db, %e, {}, %scale", sp.selector);
                    assert!(k.ptx.contains(&operands), "{}", c.name());
                    let mixed = c.instr.contains(".s8.u8") || c.instr.contains(".u8.s8");
                    let version = if mixed { "8.4" } else { "8.2" };
                    assert!(k.ptx.contains(&format!(".version {version}\n")));
                    assert!(k.name.ends_with(&format!("selector_{}_", sp.selector)));
                }
                None => assert!(!k.ptx.contains("%e"), "{}", c.name()),
            }
        }
    }

    #[test]
    fn the_image_holds_all_a_swapped_sparse_descriptor_reads() {
        let all = cases();
        let c = all
            .iter()
            .find(|c| c.sparse.is_some() && c.n == 8 && c.a_regs.is_none())
            .unwrap();
        let b = c.n * c.k * c.bytes();
        // Four core matrices of K, read 512 bytes apart with the fields swapped.
        assert!(
            c.image_bytes() > A_BYTES + b + 2 * CORE,
            "{}",
            c.image_bytes()
        );
        let s = Placement::swapped(c.b_cores());
        assert!(A_BYTES + (c.b_cores() - 1) * s.lbo + CORE <= c.image_bytes());
        let dense = all.iter().find(|c| c.sparse.is_none() && c.n == 8).unwrap();
        let b = dense.n * dense.k * dense.bytes();
        assert_eq!(dense.image_bytes(), A_BYTES + b + 2 * CORE);
    }

    /// The check proper of the first sparse case matching `pred`, with its case.
    fn sparse_check(pred: impl Fn(&Case) -> bool) -> (Case, Check) {
        let c = cases()
            .into_iter()
            .find(|c| c.sparse.is_some() && pred(c))
            .unwrap();
        let check = build(&c, operands(&c, case_seed(&c), false), Variant::Full);
        (c, check)
    }

    #[test]
    fn a_wrong_metadata_layout_or_selector_fails_on_the_host() {
        let (c, check) = sparse_check(|c| {
            c.instr.ends_with("k32.f32.f16.f16")
                && c.n == 8
                && c.sparse.unwrap().selector == 1
                && c.a_regs.is_none()
        });
        let good = (check.verify)(&(check.simulate)(&check.inputs));
        assert!(good.passed(), "{}", good.line());
        let e = check.inputs.len() - 1;
        // The same tile gathered with the 8-bit types' metadata layout: D differs.
        let tile = operands(&c, case_seed(&c), false).meta.unwrap();
        let mut wrong = check.inputs.clone();
        wrong[e] = gather_all(layout("SM90_SPARSE_64xNx64_S8_E").unwrap(), 128, &tile);
        assert_ne!(wrong[e], check.inputs[e]);
        let bad = (check.verify)(&(check.simulate)(&wrong));
        assert!(bad.mismatched > 0, "{}", bad.line());
        // Selector 1 reads threads 2 and 3 of each group: zeroed, their fields are undefined.
        let mut zeroed = check.inputs.clone();
        for t in (0..128).filter(|t| t % 4 >= 2) {
            zeroed[e][t] = 0;
        }
        let sim =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (check.simulate)(&zeroed)));
        assert!(sim.is_err());
        // Threads 0 and 1 are not read by selector 1: zeroing them changes nothing.
        let mut unread = check.inputs.clone();
        for t in (0..128).filter(|t| t % 4 < 2) {
            unread[e][t] = 0;
        }
        assert!((check.verify)(&(check.simulate)(&unread)).passed());
    }

    #[test]
    fn tiled_cases_cover_every_mode_in_four_instructions() {
        let all = cases();
        let tiled: Vec<&Case> = all
            .iter()
            .filter(|c| matches!(c.smem, Smem::Tiles(_)))
            .collect();
        assert_eq!(tiled.len(), TILED.len() * SwizzleMode::ALL.len());
        for c in &tiled {
            assert_eq!(
                (c.steps, c.k_total() * c.bytes()),
                (4, K_BYTES),
                "{}",
                c.name()
            );
            assert!(c.a_regs.is_none() && c.sparse.is_none());
            let k = wgmma_ptx(c);
            assert_eq!(k.ptx.matches(&format!("    {} ", c.instr)).count(), 4);
            assert!(k.ptx.contains(", %da3, %db3, %scale"), "{}", c.name());
            assert!(
                k.ptx.contains(".shared .align 1024 .b8 smem[11264];"),
                "{}",
                c.name()
            );
        }
        // The tiled cases come before the sparse ones.
        let last = all.iter().rposition(|c| c.smem != Smem::Cores).unwrap();
        assert!(all[..=last].iter().all(|c| c.sparse.is_none()));
        let names: Vec<String> = wgmma_checks()
            .into_iter()
            .filter(|c| c.name.contains("tiles with"))
            .map(|c| {
                let d: Vec<String> = c.diagnose.iter().map(|d| d.name.clone()).collect();
                format!("{} [{}]", c.name, d.len())
            })
            .collect();
        assert!(names.contains(
            &"wgmma.mma_async.sync.aligned.m64n16k8.f32.tf32.tf32 (K 32 in 4 instructions, \
              A and B tiles with 32-byte swizzle) [2]"
                .to_string()
        ));
        assert!(names.contains(
            &"wgmma.mma_async.sync.aligned.m64n16k32.f32.e4m3.e4m3 (K 128 in 4 instructions, \
              A and B tiles with 64-byte swizzle) [1]"
                .to_string()
        ));
    }

    #[test]
    fn a_tile_read_in_another_mode_fails_on_the_host() {
        let c = Case::tiled(TILED[0], SwizzleMode::B64);
        let check = build(&c, operands(&c, case_seed(&c), false), Variant::Full);
        assert!((check.verify)(&(check.simulate)(&check.inputs)).passed());
        // The same descriptors with the 128-byte and the no-swizzle layout types.
        for code in [0u64, 1] {
            let desc: Vec<u64> = unpack_words(&check.inputs[1], 64, 8)
                .into_iter()
                .map(|d| (d & !(3 << 62)) | code << 62)
                .collect();
            let mut wrong = check.inputs.clone();
            wrong[1] = pack_words(&desc, 64);
            let bad = (check.verify)(&(check.simulate)(&wrong));
            assert!(bad.mismatched > 512, "layout type {code}: {}", bad.line());
        }
        // Each step's K: the fourth instruction's descriptors replaced by the third's.
        let mut repeated = check.inputs.clone();
        let third = repeated[1][8..12].to_vec();
        repeated[1][12..16].copy_from_slice(&third);
        assert!((check.verify)(&(check.simulate)(&repeated)).mismatched > 0);
    }

    #[test]
    fn grids_transpose_n_major_b_and_fail_with_the_other_orders_descriptors() {
        let grids: Vec<Case> = cases()
            .into_iter()
            .filter(|c| matches!(c.smem, Smem::Grid(_)))
            .collect();
        assert_eq!(grids.len(), GRIDS.len());
        // TMA copies: A's and B's, one per slab or per atom in bands (CuTe's N = 256 bf16
        // B in bands: boxes {64, 8} x 32); every byte of A and B awaited on the barrier.
        for (c, copies) in grids.iter().zip([2 + 2, 16 + 16, 1 + 32, 1 + 4]) {
            let k = wgmma_ptx(c);
            assert_eq!(k.ptx.matches("cp.async.bulk.tensor.2d").count(), copies);
            let (a, b) = c.tiles().unwrap();
            let tx = format!("[%mb], {};", a.bytes() + b.bytes());
            assert!(k.ptx.contains(&tx), "{}", c.name());
        }
        for c in &grids {
            let k = wgmma_ptx(c);
            let trans = u8::from(c.b_major() == Major::Mn);
            let tail = format!(", %da{0}, %db{0}, %scale, 1, 1, 0, {trans};", c.steps - 1);
            assert!(k.ptx.contains(&tail), "{}", c.name());
            assert!(k.ptx.contains(".shared .align 1024 .b8 smem[48128];"));
            assert!(c.name().contains("(grids: "), "{}", c.name());
            let (a, b) = c.tiles().unwrap();
            assert!(a.bytes() + b.bytes() + 1024 <= c.image_bytes());
        }
        // N = 256, B N-major in bands, given slabs' descriptors for B (and the other way).
        for (this, other) in [(&grids[2], &grids[3]), (&grids[3], &grids[2])] {
            let check = build(this, operands(this, 0, false), Variant::Full);
            assert!((check.verify)(&(check.simulate)(&check.inputs)).passed());
            let (_, b) = other.tiles().unwrap();
            // Inputs: global A and B, their tensor maps, the descriptors, C.
            assert_eq!(check.inputs.len(), 6);
            let mut desc = unpack_words(&check.inputs[4], 64, 2 * this.steps);
            for (j, d) in desc.iter_mut().skip(1).step_by(2).enumerate() {
                *d = b.descriptor(j);
            }
            let mut wrong = check.inputs.clone();
            wrong[4] = pack_words(&desc, 64);
            let bad = (check.verify)(&(check.simulate)(&wrong));
            assert!(bad.mismatched > 8192, "{}: {}", this.name(), bad.line());
        }
    }

    /// The TMA copies (the model's boxes, emulated as the copies write) put every element
    /// where the model's `byte_offset` does; the other order's copies do not.
    #[test]
    fn tma_copies_write_the_image_the_model_lays_out() {
        let emulated = |c: &Case, loads: [Load; 2], inp: &Inputs| {
            let mut image = vec![0u64; c.image_bytes() / 2];
            for (l, bits) in loads.iter().zip([&inp.a.bits, &inp.b.bits]) {
                l.emulate(&l.global(bits), &mut image);
            }
            pack_words(&image, 16)
        };
        for (g, other) in GRIDS.into_iter().zip([1, 0, 3, 2]) {
            let c = Case::grid(g);
            let inp = operands(&c, 0, false);
            let (mem, _) = image(&c, &inp.a.bits, &inp.b.bits, Variant::Full);
            assert_eq!(emulated(&c, loads(&c), &inp), mem, "{g:?}");
            let wrong = loads(&Case::grid(GRIDS[other]));
            assert_ne!(emulated(&c, wrong, &inp), mem, "{g:?}");
        }
    }

    #[test]
    fn a_sparse_a_in_registers_from_another_warp_fails_on_the_host() {
        let (_, check) = sparse_check(|c| c.instr.ends_with("k64.s32.s8.u8") && c.a_regs.is_some());
        assert!((check.verify)(&(check.simulate)(&check.inputs)).passed());
        // A's registers (4 words per thread): thread 5's and thread 37's exchanged.
        let mut swapped = check.inputs.clone();
        for w in 0..4 {
            swapped[2].swap(5 * 4 + w, 37 * 4 + w);
        }
        let bad = (check.verify)(&(check.simulate)(&swapped));
        assert!(bad.mismatched > 0, "{}", bad.line());
    }
}
