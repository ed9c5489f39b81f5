//! `mma.sp` / `mma.sp::ordered_metadata`: every catalog sparse instruction, once for each value
//! of the sparsity selector. The kernel is generated from the catalog entries of A (its
//! non-zeros), B, C/D and the metadata; the inputs are gathered with the generated code, D is
//! scattered with it and compared bit-exactly with a host matmul of the dense A.
//!
//! The inputs: a 16 x 16 tile of metadata fields drawn at random (for 2:4 and pairwise 4:8 two
//! distinct indices, in increasing order, so both spellings take them; for tf32 `0b0100` or
//! `0b1110`), packed into each lane's register with the metadata numeral; the non-zeros of A
//! (never 0) gathered from the `M x K/2` tile with the A numeral; the dense A the host
//! multiplies, built from the two by the storage rules (non-zero `j` of a chunk at the position
//! its field names). The selector `f` makes the instruction read tile columns `f * F ..` only,
//! so a metadata layout with a wrong lane, row or column fails.
//!
//! The host simulation (`--host-only`) decodes the registers with the ISA's figures instead:
//! A's non-zeros by the fragment formulas, the fields by the metadata figures for selector `f`
//! (`ptx::sparse_metadata_*`), their positions by `ptx::SparseChunk`.

use fraglayout_tests::ptx::{SparseChunk, SparseMetadata};
use fraglayout_tests::transcription::metadata;
use layout_core::catalog::{Entry, Operand};

use crate::check::{Check, Planned};
use crate::mma::{
    gather_all, generated, kernel_for, lanes_of_product, matmul, operands_of, parse, required,
    runs_on_sm90, seed, unplace, verify_d, Matrix, Product,
};
use crate::values::{encoder, exact_range, shuffled, Rng};

/// One sparse instruction with the catalog entries of its A, B, C/D and metadata.
#[derive(Clone, Copy)]
pub struct SparseGroup {
    /// The instruction, as spelled in the catalog.
    pub instr: &'static str,
    /// A's entry (the `M x K/2` non-zeros).
    pub a: &'static Entry,
    /// B's entry.
    pub b: &'static Entry,
    /// C/D's entry.
    pub c: &'static Entry,
    /// The metadata's entry.
    pub e: &'static Entry,
}

/// Every `mma.sp` instruction of the catalog that an sm_90 GPU runs, in catalog order.
pub fn sparse_groups() -> Vec<SparseGroup> {
    operands_of("mma.sp")
        .into_iter()
        .map(|(instr, [a, b, c, e])| SparseGroup {
            instr,
            a: required(instr, a, "A"),
            b: required(instr, b, "B"),
            c: required(instr, c, "C/D"),
            e: required(instr, e, "metadata"),
        })
        .filter(|g| [g.a, g.b, g.c, g.e].iter().all(|e| runs_on_sm90(e.arch)))
        .collect()
}

/// The chunking of a sparse instruction's A and the fields per row (`F`); the selector takes
/// `16 / F` values.
fn geometry(g: &SparseGroup) -> (SparseChunk, u32) {
    let ins = parse(g.instr);
    let chunk = SparseChunk::of(ins.a);
    (chunk, ins.k / chunk.width())
}

/// Every sparse check: each instruction with each selector value, named as
/// [`sparse_check`] names it.
pub fn sparse_plan() -> Vec<Planned> {
    let mut v = Vec::new();
    for g in sparse_groups() {
        let (_, fields) = geometry(&g);
        for f in 0..16 / fields {
            let name = format!("{} (selector {f})", g.instr);
            v.push(Planned::new(name, move || sparse_check(&g, f)));
        }
    }
    v
}

/// The metadata of a check: a tile of random valid fields, every selector's columns side by
/// side (`rows x 16`, as the metadata layouts lay it out), and the dense columns (within its
/// chunk) of the non-zeros each field names.
pub(crate) struct Metadata {
    /// The fields, row-major.
    pub tile: Matrix,
    /// For each field of `tile`, the dense columns it names, in order.
    pub columns: Vec<Vec<u32>>,
}

impl Metadata {
    /// `rows x 16` random fields for chunks of kind `chunk`, from `seed`.
    pub fn random(rows: usize, chunk: SparseChunk, seed: u64) -> Metadata {
        let mut rng = Rng::new(seed);
        let mut codes = Vec::new();
        let mut columns = Vec::new();
        for _ in 0..rows * 16 {
            let (code, cols) = random_field(chunk, &mut rng);
            codes.push(i64::from(code));
            columns.push(cols);
        }
        Metadata {
            tile: Matrix {
                rows,
                cols: 16,
                bits: codes.iter().map(|&c| c as u64).collect(),
                values: codes,
            },
            columns,
        }
    }

    /// The dense column of compressed column `col` of row `row`, with selector `f` reading `fields`
    /// fields per row: non-zero `col % kept` of chunk `col / kept` sits where its field says.
    pub fn dense_column(
        &self,
        chunk: SparseChunk,
        fields: u32,
        f: u32,
        row: usize,
        col: usize,
    ) -> usize {
        let (kept, width) = (chunk.kept() as usize, chunk.width() as usize);
        let ch = col / kept;
        let field = row * 16 + (f * fields) as usize + ch;
        ch * width + self.columns[field][col % kept] as usize
    }

    /// The dense `rows x k` A made of the non-zeros `kept` (row-major, `rows x k/2`) placed by the
    /// fields selector `f` reads (`fields` per row), zeros elsewhere.
    pub fn densify(
        &self,
        kept: &[i64],
        chunk: SparseChunk,
        fields: u32,
        f: u32,
        k: usize,
    ) -> Vec<i64> {
        let rows = kept.len() / (k / 2);
        let mut dense = vec![0i64; rows * k];
        for row in 0..rows {
            for col in 0..k / 2 {
                dense[row * k + self.dense_column(chunk, fields, f, row, col)] =
                    kept[row * (k / 2) + col];
            }
        }
        dense
    }
}

/// The non-zeros of a sparse A: `rows x cols` shuffled values of `ty` in its exact range for an
/// accumulator `acc`, 0 replaced (a misplaced non-zero shows).
pub(crate) fn non_zeros(rows: usize, cols: usize, ty: &str, acc: &str, seed: u64) -> Matrix {
    let (lo, hi) = exact_range(ty, acc, Operand::A);
    let kept = shuffled(rows * cols, lo, hi, seed)
        .into_iter()
        .map(|v| if v == 0 { hi } else { v })
        .collect();
    Matrix::of(rows, cols, ty, kept)
}

/// How the ISA reads the metadata registers: the figure of the instruction's metadata layout,
/// the selector it runs with, the chunking, and whether the indices must be ordered.
pub(crate) struct Decode {
    /// `(selector, thread, n) -> (row, chunk)` of the field in bits `4n..`
    /// (`ptx::sparse_metadata_*`, `ptx::wgmma_sp_metadata_*`).
    pub figure: SparseMetadata,
    /// The sparsity selector.
    pub selector: u32,
    /// The chunking of A.
    pub chunk: SparseChunk,
    /// `.sp::ordered_metadata`: the two indices of a chunk must increase.
    pub ordered: bool,
}

impl Decode {
    /// The dense `rows x k` A: the fields read from each thread's metadata word (`words`, one
    /// per thread) as the figure says for the selector, the non-zeros `kept` (row-major,
    /// `rows x k/2`) placed at the positions they name. Panics where a field is read twice, not
    /// at all, or is undefined.
    pub fn dense(&self, kept: &[f64], words: &[u32], rows: usize, k: usize) -> Vec<f64> {
        let (chunk, half) = (self.chunk, k / 2);
        let chunks = k / chunk.width() as usize;
        let mut field: Vec<Option<u32>> = vec![None; rows * chunks];
        for (thread, &word) in words.iter().enumerate() {
            for n in 0..8 {
                if let Some((row, ch)) = (self.figure)(self.selector, thread as u32, n) {
                    let slot = &mut field[row as usize * chunks + ch as usize];
                    assert!(slot.is_none(), "field of row {row}, chunk {ch} read twice");
                    *slot = Some(word >> (4 * n) & 0xf);
                }
            }
        }
        let mut a = vec![0.0; rows * k];
        for row in 0..rows {
            for ch in 0..chunks {
                let code = field[row * chunks + ch].unwrap_or_else(|| {
                    panic!("no thread holds the field of row {row}, chunk {ch}")
                });
                let cols = chunk
                    .positions(code, self.ordered)
                    .unwrap_or_else(|| panic!("metadata field {code:#06b} is undefined"));
                for (j, col) in cols.into_iter().enumerate() {
                    let from = row * half + ch * chunk.kept() as usize + j;
                    a[row * k + ch * chunk.width() as usize + col as usize] = kept[from];
                }
            }
        }
        a
    }
}

/// A random valid field for one chunk, with the dense columns (within the chunk) of its
/// non-zeros in order: two distinct indices, the smaller in bits 1..0 (2:4: of an element,
/// 4:8: of a pair of elements), or tf32's `0b0100` (column 0) / `0b1110` (column 1).
fn random_field(chunk: SparseChunk, rng: &mut Rng) -> (u32, Vec<u32>) {
    if chunk == SparseChunk::OneOfTwo {
        return if rng.below(2) == 0 {
            (0b0100, vec![0])
        } else {
            (0b1110, vec![1])
        };
    }
    let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    let (lo, hi) = pairs[rng.below(6) as usize];
    let columns = match chunk {
        SparseChunk::PairsOfEight => vec![2 * lo, 2 * lo + 1, 2 * hi, 2 * hi + 1],
        _ => vec![lo, hi],
    };
    (lo | hi << 2, columns)
}

/// The check of one sparse instruction with selector `f`.
pub fn sparse_check(g: &SparseGroup, f: u32) -> Check {
    let ins = parse(g.instr);
    let (chunk, fields) = geometry(g);
    let kernel = kernel_for(g.instr, g.a, g.b, g.c, Some((g.e, f)));
    let (la, lb, lc, le) = (
        generated(g.a),
        generated(g.b),
        generated(g.c),
        generated(g.e),
    );
    let (na, nb, nc, ne) = (g.a.numeral, g.b.numeral, g.c.numeral, g.e.numeral);
    let (m, k) = (ins.m as usize, ins.k as usize);
    assert_eq!((na.rows, na.cols), (ins.m, ins.k / 2), "{}: A", g.instr);
    assert_eq!((nb.rows, nb.cols), (ins.k, ins.n), "{}: B", g.instr);
    assert_eq!((ne.rows, ne.cols), (16, 16), "{}: metadata", g.instr);
    let name = format!("{} (selector {f})", g.instr);

    // The metadata tile, every selector's columns; A's non-zeros and the dense A they make with
    // the fields of this selector's columns.
    let meta = Metadata::random(m, chunk, seed(&name, 4));
    let compressed = non_zeros(m, k / 2, ins.a, ins.c, seed(&name, 1));
    let a = Matrix::of(
        m,
        k,
        ins.a,
        meta.densify(&compressed.values, chunk, fields, f, k),
    );
    let b = ins.random(Operand::B, nb, &name);
    let c = ins.random(Operand::C, nc, &name);
    let want: Vec<u64> = matmul(&a, &b, &c, 1, Product::Multiply)
        .into_iter()
        .map(encoder(ins.d))
        .collect();
    let inputs = vec![
        gather_all(la, 32, &compressed),
        gather_all(lb, 32, &b),
        gather_all(lc, 32, &c),
        gather_all(le, 32, &meta.tile),
    ];
    assert!(inputs[3].len() == 32, "{}: one metadata register", g.instr);
    let out_words = inputs[2].len();

    let verify = verify_d(lc, nc, ins.d, want);

    let (a_e, b_e, c_e, e_e) = (g.a, g.b, g.c, g.e);
    let types = (ins.a, ins.b, ins.c, ins.d);
    let ordered = g.instr.starts_with("mma.sp::ordered_metadata.");
    let simulate = Box::new(move |inp: &[Vec<u32>]| {
        simulate_sparse(inp, [a_e, b_e, c_e, e_e], types, f, ordered)
    });
    Check::warp(name, kernel, inputs, out_words, simulate, verify)
}

/// The instruction as the ISA describes it, on the host: A's non-zeros placed by the fragment
/// formula, the fields read from the lanes the metadata figure gives selector `f`, the dense A
/// rebuilt by the storage rules, D = A B + C handed back by the ISA formula.
fn simulate_sparse(
    inp: &[Vec<u32>],
    [a_e, b_e, c_e, e_e]: [&Entry; 4],
    (ta, tb, tc, td): (&str, &str, &str, &str),
    f: u32,
    ordered: bool,
) -> Vec<u32> {
    let kept = unplace(a_e, ta, &inp[0]);
    let b = unplace(b_e, tb, &inp[1]);
    let c = unplace(c_e, tc, &inp[2]);
    let figure = metadata(e_e.name()).unwrap_or_else(|| panic!("no ISA figure for {}", e_e.name()));
    let rows = a_e.numeral.rows as usize;
    let k = 2 * a_e.numeral.cols as usize;
    let read = Decode {
        figure,
        selector: f,
        chunk: SparseChunk::of(ta),
        ordered,
    };
    let a = read.dense(&kept, &inp[3], rows, k);
    lanes_of_product(&a, &b, &c, k, 1, Product::Multiply, c_e, td)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layouts::layout;
    use crate::values::unpack_words;
    use layout_core::catalog::CATALOG;
    use std::collections::BTreeMap;

    #[test]
    fn every_sparse_instruction_is_grouped_and_checked_once_per_selector() {
        let groups = sparse_groups();
        let listed: std::collections::BTreeSet<&str> = CATALOG
            .iter()
            .flat_map(|e| e.instructions.iter().copied())
            .filter(|i| i.starts_with("mma.sp"))
            .collect();
        assert_eq!(groups.len(), listed.len(), "every one runs on sm_90");
        let checks: Vec<Check> = sparse_plan().iter().map(Planned::build).collect();
        let mut per_selector = BTreeMap::new();
        for g in &groups {
            let (_, fields) = geometry(g);
            per_selector.insert(g.instr, 16 / fields);
            assert!([4, 8, 16].contains(&fields), "{}", g.instr);
        }
        assert_eq!(checks.len() as u32, per_selector.values().sum::<u32>());
        let one = per_selector
            .iter()
            .find(|(i, _)| i.contains(".m16n8k16.row.col.f16."))
            .unwrap();
        assert_eq!(*one.1, 4, "m16n8k16 f16: selectors 0..=3");
        for c in &checks {
            assert!(c.kernel.ptx.contains(", %e0, "), "{}", c.name);
            assert!(c.kernel.ptx.contains("param_e"), "{}", c.name);
        }
    }

    #[test]
    fn sparse_kernels_carry_the_selector_and_the_ptx_version_of_their_spelling() {
        for g in sparse_groups() {
            let k = kernel_for(g.instr, g.a, g.b, g.c, Some((g.e, 1)));
            assert!(k.ptx.contains(&format!("{} {{%d0", g.instr)), "{}", g.instr);
            assert!(k.ptx.contains(", %e0, 1;\n"), "{}", g.instr);
            assert!(k.name.ends_with("_f1"), "{}", k.name);
            let fp8 = g.instr.contains(".e4m3.") || g.instr.contains(".e5m2.");
            let version = match (g.instr.contains("::ordered_metadata"), fp8) {
                (true, _) => "8.5",
                (false, true) => "8.4",
                (false, false) => "7.1",
            };
            assert!(
                k.ptx.contains(&format!(".version {version}\n")),
                "{}",
                g.instr
            );
            let target = if fp8 { "sm_89" } else { "sm_80" };
            assert_eq!(k.target, target, "{}", g.instr);
        }
    }

    #[test]
    fn random_fields_name_what_the_storage_rules_decode() {
        let mut rng = Rng::new(7);
        for chunk in [
            SparseChunk::TwoOfFour,
            SparseChunk::OneOfTwo,
            SparseChunk::PairsOfEight,
        ] {
            for _ in 0..64 {
                let (code, cols) = random_field(chunk, &mut rng);
                assert_eq!(chunk.positions(code, true), Some(cols.clone()), "{code:#b}");
                assert_eq!(cols.len() as u32, chunk.kept());
            }
        }
    }

    #[test]
    fn a_metadata_word_for_the_wrong_selector_fails_on_the_host() {
        // Selector 1 of m16n8k16 f16 reads lanes with threadID_in_group 1: zero their words and
        // every field becomes 0b0000, which the ISA leaves undefined.
        let g = sparse_groups()
            .into_iter()
            .find(|g| g.instr.contains(".m16n8k16.row.col.f32.f16."))
            .unwrap();
        let c = sparse_check(&g, 1);
        let mut inputs = c.inputs.clone();
        for lane in (1..32).step_by(4) {
            inputs[3][lane] = 0;
        }
        let sim = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (c.simulate)(&inputs)));
        assert!(sim.is_err());
        // Swapping two lanes' metadata words changes D.
        let good = (c.verify)(&(c.simulate)(&c.inputs));
        assert!(good.passed(), "{}", good.line());
        let mut swapped = c.inputs.clone();
        swapped[3].swap(1, 5);
        let bad = (c.verify)(&(c.simulate)(&swapped));
        assert!(bad.mismatched > 0, "{}", bad.line());
        // The same fields gathered with the 8- and 4-bit types' metadata layout: D differs.
        let (good, other) = (generated(g.e), layout("SM80_SPARSE_16x8x32_S8_E"));
        let mut tile = vec![0u64; 16 * 16];
        for lane in 0..32 {
            let fields = unpack_words(&c.inputs[3][lane..lane + 1], 4, 8);
            (good.scatter)(lane as u32, &fields, &mut tile, 16);
        }
        let mut wrong = c.inputs.clone();
        wrong[3] = (0..32)
            .flat_map(|lane| (other.unwrap().gather)(lane, &tile, 16))
            .collect();
        assert_ne!(wrong[3], c.inputs[3]);
        let bad = (c.verify)(&(c.simulate)(&wrong));
        assert!(bad.mismatched > 0, "{}", bad.line());
    }
}
