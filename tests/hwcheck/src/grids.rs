//! The grids family: `wgmma.mma_async` (`sm_90a`) reading A and B tiles several 128-byte
//! swizzle atoms wide, laid out by the shared-memory model (`SharedLayout::hopper` grids of
//! atoms, in [`AtomOrder::Slabs`] and [`AtomOrder::Bands`]), each instruction's descriptors
//! derived by `layout_core::shared::Descriptor` (`crate::wgmma_tiles::Tiled`), never typed
//! here. The host simulation reads the images through the ISA's reading of the descriptors
//! (`crate::descriptor`), so a derived LBO, SBO or start that the ISA reads elsewhere fails on
//! the host too.
//!
//! | case | instruction | A (64 x K) | B (K x N) | LBO / SBO of B |
//! |---|---|---|---|---|
//! | K = 128, two K atoms | `m64n64k16.f32.bf16.bf16`, 8 instructions | K-major, 2 atoms along K | K-major, 2 atoms along K | 16 (unused) / 1024 slabs, 2048 bands |
//! | N = 256, four N atoms | `m64n256k16.f32.bf16.bf16`, 4 instructions, `imm-trans-b` 1 | K-major, one atom (K = 64) | N-major, 4 atoms along N | slabs 8192 / 1024, bands (CuTe) 1024 / 4096 |
//!
//! Each case runs in both orders: slabs (each column of atoms contiguous: DeepGEMM, Triton,
//! ThunderKittens; CuTe's `tile_to_shape` of a K-major atom) and bands (8 lines across every
//! atom, then the next 8: CuTe's `tile_to_shape` of an MN-major atom). Shared memory is loaded
//! with TMA ([`Load`]): A and B lie row-major in global memory (B transposed when K-major), each
//! has a tensor map (`cuTensorMapEncodeTiled`, 128-byte swizzle) with the box of
//! `SharedLayout::tma_box`, and thread 0 issues one `cp.async.bulk.tensor.2d` per copy to the
//! copy's destination, completing on an `mbarrier` all threads wait on. The simulation writes
//! the image as those copies do (the box dense from its destination, the swizzle on address
//! bits: `Load::emulate`), so a box, a copy's coordinates or destination that does not put
//! each element where the model's `byte_offset` does fails there, as does a descriptor that
//! does not read it there.
//!
//! The inputs are position-coded: each element's value is a function of its row and column
//! such that no two elements of a row, nor of a column, are alike (±1 ..= ±128: A, B and every
//! partial sum stay exact in bf16 and f32; no code is 0, so a read of the zeros after the
//! operands shows too). A code for every element of the tile would need more values than
//! bf16 holds exactly (A has 8192 elements, bf16 256 consecutive integers). C holds its
//! element's index, every one different.

use layout_core::shared::{AtomOrder, Major as Lines, Operand, SharedLayout, SwizzleMode, TmaBox};

use crate::check::TensorMap;
use crate::descriptor::Major;
use crate::mma::Matrix;
use crate::wgmma_tiles::Tiled;

/// Rows of A (the instruction's M).
const M: usize = 64;
/// Bytes of a bf16 element.
const EB: u32 = 2;
/// The swizzle every grid uses.
const MODE: SwizzleMode = SwizzleMode::B128;

/// One case of the family: how B lies, and the atoms' order in both operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// `Major::K`: K = 128, A and B two atoms along K. `Major::Mn`: N = 256, B four atoms
    /// along N, read transposed.
    pub b_major: Major,
    /// The atoms' order in A and B.
    pub order: AtomOrder,
}

/// The family's cases, in order.
pub const GRIDS: [Grid; 4] = [
    Grid {
        b_major: Major::K,
        order: AtomOrder::Slabs,
    },
    Grid {
        b_major: Major::K,
        order: AtomOrder::Bands,
    },
    Grid {
        b_major: Major::Mn,
        order: AtomOrder::Bands,
    },
    Grid {
        b_major: Major::Mn,
        order: AtomOrder::Slabs,
    },
];

impl Grid {
    /// The instruction, with its N.
    pub fn instr(&self) -> &'static str {
        match self.b_major {
            Major::K => "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16",
            Major::Mn => "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16",
        }
    }

    /// K over all instructions.
    pub fn k(&self) -> usize {
        match self.b_major {
            Major::K => 128,
            Major::Mn => 64,
        }
    }

    /// The instruction's N.
    pub fn n(&self) -> usize {
        match self.b_major {
            Major::K => 64,
            Major::Mn => 256,
        }
    }

    /// A (64 x K, K-major) from byte 0 and B (K x N) after it, as the model lays them out,
    /// with their derived descriptors.
    pub fn operands(&self) -> (Tiled, Tiled) {
        let (k, n) = (self.k() as u32, self.n() as u32);
        let a = SharedLayout::hopper(M as u32, k, EB, MODE).with_order(self.order);
        let b = SharedLayout::hopper(k, n, EB, MODE).with_order(self.order);
        // B's lines are its columns when K-major, its rows when N-major.
        let b = match self.b_major {
            Major::K => b.col_major(),
            Major::Mn => b,
        };
        let a = Tiled::of(a, Operand::A, M, 0);
        let b = Tiled::of(b, Operand::B, self.n(), a.bytes());
        (a, b)
    }

    /// The check's description: `grids: A MxK K-major, B KxN X-major, atoms in ORDER,
    /// 128-byte swizzle, K k in S instructions`.
    pub fn label(&self) -> String {
        let (k, n) = (self.k(), self.n());
        let b = match self.b_major {
            Major::K => "K-major",
            Major::Mn => "N-major",
        };
        format!(
            "grids: A {M}x{k} K-major, B {k}x{n} {b}, atoms in {}, {}, K {k} in {} instructions",
            self.order.name(),
            MODE.name(),
            self.operands().0.steps()
        )
    }
}

/// How TMA fills one operand: the global tensor (the operand's elements row-major over its
/// layout's lines, lines `line_len * elem_bytes` apart), the box and the copies, from
/// `SharedLayout::tma_box`.
#[derive(Clone, Copy, Debug)]
pub struct Load {
    op: Tiled,
    tma: TmaBox,
}

impl Load {
    /// The load of `op`.
    ///
    /// # Panics
    /// Where the model gives the layout no TMA box.
    pub fn of(op: Tiled) -> Load {
        let l = op.layout();
        let stride = u64::from(l.line_len() * l.elem_bytes());
        let tma = l.tma_box(stride).unwrap_or_else(|e| panic!("{l:?}: {e}"));
        Load { op, tma }
    }

    /// Elements of the global tensor.
    pub fn elements(&self) -> usize {
        self.op.layout().size() as usize
    }

    /// The global tensor of the tile `bits` (row-major, `rows x cols`).
    pub fn global(&self, bits: &[u64]) -> Vec<u64> {
        let l = self.op.layout();
        let (cols, len) = (l.cols() as usize, l.line_len() as usize);
        assert_eq!(bits.len(), self.elements(), "the operand's elements");
        let mut g = vec![0; bits.len()];
        for (i, &v) in bits.iter().enumerate() {
            let (r, c) = (i / cols, i % cols);
            let (line, pos) = match l.major() {
                Lines::Row => (r, c),
                Lines::Col => (c, r),
            };
            g[line * len + pos] = v;
        }
        g
    }

    /// The tensor map over input `source`, written into input `into`.
    pub fn map(&self, source: usize, into: usize) -> TensorMap {
        let l = self.op.layout();
        TensorMap {
            source,
            into,
            elem_bytes: l.elem_bytes(),
            dims: [u64::from(l.line_len()), u64::from(l.lines())],
            box_dim: [self.tma.inner, self.tma.outer],
            swizzle: match self.tma.mode {
                SwizzleMode::None => 0,
                SwizzleMode::B32 => 1,
                SwizzleMode::B64 => 2,
                SwizzleMode::B128 => 3,
            },
        }
    }

    /// Each copy: the image byte it writes from, and the global `(pos, line)` it starts at
    /// (the coordinates `cp.async.bulk.tensor` takes, innermost first).
    pub fn copies(&self) -> Vec<(usize, (u32, u32))> {
        (0..self.tma.copies)
            .map(|i| {
                let dst = self.tma.destination(i).expect("a copy") as usize;
                let (line, pos) = self.tma.origin(i).expect("a copy");
                (self.op.base() + dst, (pos, line))
            })
            .collect()
    }

    /// Bytes all copies write.
    pub fn bytes(&self) -> usize {
        (self.tma.copies * self.tma.copy_bytes()) as usize
    }

    /// What the copies do to the image (elements of the operand's size, from a 1024-byte
    /// aligned address), as the CUDA driver API ("Tensor Map Object Management") and the PTX
    /// ISA ("Tensor copy", "Tensor swizzling modes") describe `cp.async.bulk.tensor` from a
    /// tiled map: the box is written densely from the copy's destination, a box row after the
    /// other, `inner` elements each; the swizzle then acts on the shared-memory address: the
    /// 16-byte unit bits [4, 4 + b) XORed with bits [7, 7 + b), `b = log2(span / 16)`.
    ///
    /// # Panics
    /// On a swizzled box whose rows are narrower than the swizzle's span (not emulated).
    pub fn emulate(&self, global: &[u64], image: &mut [u64]) {
        let l = self.op.layout();
        let (eb, len) = (l.elem_bytes() as usize, l.line_len() as usize);
        let (inner, outer) = (self.tma.inner as usize, self.tma.outer as usize);
        let span = self.tma.mode.bytes() as usize;
        assert!(
            span == 0 || inner * eb == span,
            "box rows of {} bytes",
            inner * eb
        );
        let units = (span / 16).max(1) - 1;
        for (dst, (x, y)) in self.copies() {
            for r in 0..outer {
                for c in 0..inner {
                    let a = dst + (r * inner + c) * eb;
                    let a = a ^ (((a >> 7) & units) << 4);
                    image[a / eb] = global[(y as usize + r) * len + x as usize + c];
                }
            }
        }
    }
}

/// The kernel parameters the TMA fill reads, before `param_desc`: the global A and B, and
/// their tensor maps.
pub const TMA_PARAMS: &str = "    .param .u64 param_ga,\n    .param .u64 param_gb,\n    \
                              .param .u64 param_ma,\n    .param .u64 param_mb,\n";

/// PTX filling the image at `%s` (`bytes`, 1024-byte aligned) with `loads` (A's, B's), for
/// 128 threads: zeros everywhere first (the diagnoses read past B), then thread 0 arms an
/// `mbarrier` with every copy's bytes and issues the copies (`cp.async.bulk.tensor.2d`, map
/// `i` the generic address in `param_ma` / `param_mb`, in global memory: the host wrote it
/// there, so `fence.proxy.tensormap` acquires it, system-wide, before its first use), and
/// every thread waits on the barrier's phase 0. Uses `%i`, `%ad`, `%x0..%x3`, `%done` like `ptx_text::copy_shared`.
pub fn tma_fill(loads: &[Load; 2], bytes: usize) -> String {
    let total: usize = loads.iter().map(Load::bytes).sum();
    let mut s = format!(
        "    mov.b32 %x0, 0;\n    mov.b32 %x1, 0;\n    mov.b32 %x2, 0;\n    mov.b32 %x3, 0;\n\
         \x20   mov.u32 %i, %t;\nZERO:\n    setp.ge.u32 %done, %i, {};\n    @%done bra ZERO_END;\n\
         \x20   mad.lo.u32 %ad, %i, 16, %s;\n    st.shared.v4.b32 [%ad], {{%x0, %x1, %x2, %x3}};\n\
         \x20   add.u32 %i, %i, 128;\n    bra ZERO;\nZERO_END:\n\
         \x20   .reg .b32 %mb, %dst, %cx, %cy;\n    .reg .b64 %tm<2>, %tx;\n    .reg .pred %lead, %ready;\n\
         \x20   .shared .align 8 .b64 mbar;\n    mov.u32 %mb, mbar;\n    setp.eq.u32 %lead, %t, 0;\n\
         \x20   @%lead mbarrier.init.shared::cta.b64 [%mb], 1;\n    fence.mbarrier_init.release.cluster;\n\
         \x20   fence.proxy.async.shared::cta;\n    bar.sync 0;\n    @!%lead bra TMA_WAIT;\n\
         \x20   ld.param.u64 %tm0, [param_ma];\n    ld.param.u64 %tm1, [param_mb];\n\
         \x20   fence.proxy.tensormap::generic.acquire.sys [%tm0], 128;\n\
         \x20   fence.proxy.tensormap::generic.acquire.sys [%tm1], 128;\n\
         \x20   mbarrier.arrive.expect_tx.shared::cta.b64 %tx, [%mb], {total};\n",
        bytes / 16
    );
    for (i, l) in loads.iter().enumerate() {
        for (dst, (x, y)) in l.copies() {
            s += &format!(
                "    add.u32 %dst, %s, {dst};\n    mov.b32 %cx, {x};\n    mov.b32 %cy, {y};\n\
                 \x20   cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes \
                 [%dst], [%tm{i}, {{%cx, %cy}}], [%mb];\n"
            );
        }
    }
    s + "TMA_WAIT:\n    mbarrier.try_wait.parity.shared::cta.b64 %ready, [%mb], 0;\n    \
         @!%ready bra TMA_WAIT;\n    bar.sync 0;\n"
}

/// The code of `(row, col)` with row multiplier `mul` (odd): `p = (col + mul * row) mod 256`
/// as `p + 1` for `p < 128`, else `127 - p`: ±1 ..= ±128, distinct along a row of up to 256
/// and a column of up to 256 (an odd `mul` is invertible mod 256).
fn code(row: usize, col: usize, mul: usize) -> i64 {
    let p = ((col + mul * row) % 256) as i64;
    if p < 128 {
        p + 1
    } else {
        127 - p
    }
}

/// A `rows x cols` matrix of `ty` holding [`code`]s with row multiplier `mul`.
pub fn coded(rows: usize, cols: usize, ty: &str, mul: usize) -> Matrix {
    assert!(mul % 2 == 1 && rows <= 256 && cols <= 256, "codes repeat");
    let values = (0..rows * cols)
        .map(|i| code(i / cols, i % cols, mul))
        .collect();
    Matrix::of(rows, cols, ty, values)
}

/// A `rows x cols` matrix of `ty` holding each element's index, centred on 0.
pub fn indexed(rows: usize, cols: usize, ty: &str) -> Matrix {
    let half = (rows * cols / 2) as i64;
    Matrix::of(
        rows,
        cols,
        ty,
        (0..(rows * cols) as i64).map(|i| i - half).collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::descriptor::Descriptor as Isa;
    use std::collections::BTreeSet;

    /// B's `(LBO, SBO)` and its instructions' starts (from B's base), from CuTe's
    /// `make_gmma_desc` (bands), DeepGEMM's `make_umma_desc` (slabs) and the atoms' sizes:
    /// the numbers of `docs/SHARED.md` and the frontier notes, typed here, not derived.
    #[test]
    fn the_derived_descriptors_are_the_worked_ones() {
        let want = |g: Grid| -> ((usize, usize), Vec<usize>) {
            match (g.b_major, g.order) {
                // K-major: SBO the next 8 columns of B; K steps 32 bytes apart in an atom,
                // the second K atom a slab (64 x 128 bytes) or one atom (1024) on.
                (Major::K, AtomOrder::Slabs) => ((16, 1024), vec![0, 32, 64, 96, 8192]),
                (Major::K, AtomOrder::Bands) => ((16, 2048), vec![0, 32, 64, 96, 1024]),
                // N-major: LBO the next N atom, SBO the next 8 rows of K; a step is 16 rows.
                (Major::Mn, AtomOrder::Bands) => ((1024, 4096), vec![0, 8192, 16384, 24576]),
                (Major::Mn, AtomOrder::Slabs) => ((8192, 1024), vec![0, 2048, 4096, 6144]),
            }
        };
        for g in GRIDS {
            let (a, b) = g.operands();
            let ((lbo, sbo), starts) = want(g);
            let base = a.bytes();
            for (j, s) in starts.iter().enumerate() {
                let d = Isa::decode(b.descriptor(j));
                assert_eq!((d.lbo, d.sbo, d.layout), (lbo, sbo, 1), "{g:?}");
                assert_eq!(d.start, base + s, "{g:?} step {j}");
            }
            let a0 = Isa::decode(a.descriptor(0));
            let a_sbo = match (g.b_major, g.order) {
                (Major::K, AtomOrder::Bands) => 2048,
                _ => 1024,
            };
            assert_eq!((a0.start, a0.sbo, a0.layout), (0, a_sbo, 1), "{g:?}");
        }
    }

    /// Every element every instruction reads, through the ISA's reading of the derived
    /// descriptors, is where the model put it, and together they read each operand once.
    #[test]
    fn the_isa_reads_every_element_where_the_model_put_it() {
        for g in GRIDS {
            let (a, b) = g.operands();
            let k = 16;
            for (op, mn, major) in [(a, M, Major::K), (b, g.n(), g.b_major)] {
                let mut seen = BTreeSet::new();
                for j in 0..op.steps() {
                    let d = Isa::decode(op.descriptor(j));
                    for m in 0..mn {
                        for kk in 0..k {
                            let at = op.byte(m, j * k + kk);
                            assert_eq!(d.byte(major, m, kk, 2), at, "{g:?} ({m}, {kk})");
                            assert!(seen.insert(at));
                        }
                    }
                }
                assert_eq!(seen.len() * 2, op.bytes(), "{g:?}");
            }
        }
    }

    #[test]
    fn the_orders_differ_and_fit_static_shared_memory() {
        let (_, slabs) = GRIDS[3].operands();
        let (_, bands) = GRIDS[2].operands();
        assert_ne!(slabs.byte(64, 1), bands.byte(64, 1));
        for g in GRIDS {
            let (a, b) = g.operands();
            assert!(a.bytes() + b.bytes() + 1024 <= 48 * 1024, "{g:?}");
            assert_eq!(a.steps(), b.steps());
            assert_eq!(a.steps() * 16, g.k());
            assert!(
                !g.label().contains("tile"),
                "--only tile selects other checks"
            );
        }
    }

    #[test]
    fn codes_differ_along_rows_and_columns_and_stay_exact() {
        let a = coded(64, 128, "bf16", 37);
        let b = coded(64, 256, "bf16", 101);
        for m in [&a, &b] {
            for r in 0..m.rows {
                let row: BTreeSet<i64> = (0..m.cols).map(|c| m.values[r * m.cols + c]).collect();
                assert_eq!(row.len(), m.cols);
            }
            for c in 0..m.cols {
                let col: BTreeSet<i64> = (0..m.rows).map(|r| m.values[r * m.cols + c]).collect();
                assert_eq!(col.len(), m.rows);
            }
            assert!(m.values.iter().all(|v| (1..=128).contains(&v.abs())));
        }
        let c = indexed(64, 256, "f32");
        assert_eq!(c.values.iter().collect::<BTreeSet<_>>().len(), 64 * 256);
        // Every partial sum of D = A B + C of the K = 128 case below 2^24: exact in f32.
        let b = coded(128, 64, "bf16", 101);
        for i in 0..64 {
            for j in 0..64 {
                let bound: i64 = (0..128)
                    .map(|k| (a.values[i * 128 + k] * b.values[k * 64 + j]).abs())
                    .sum::<i64>()
                    + c.values[i * 256 + j].abs();
                assert!(bound < 1 << 24, "({i}, {j}): {bound}");
            }
        }
    }
}
