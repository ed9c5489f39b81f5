//! Blackwell block-scaled scale factors without a Blackwell GPU: the 512-byte shared/global atom
//! and its tiling against CUTLASS's `SfKMajorAtom` evaluated as a CuTe layout; the replicated
//! TMEM layouts against CuTe's `tmem_sf_frg` atoms and the PTX / DeepGEMM placement, and `tcgen05.cp.32x128b.warpx4` of an atom
//! landing where they say (a byte-level model of the copy); DeepGEMM's one-warp transpose as
//! generated code (a gather, the planned conversion, a scatter) against a plain transcription
//! of it, and its bank report. The transcriptions here are written from the sources' notation,
//! not from the layouts under test.

use fraglayout::convert::{Class, Plan};
use fraglayout::shared::{
    transposer_banks, Access, Request, ScaleAtoms, Wavefronts, SF_ATOM_WORDS, SF_CONTIGUOUS,
    SF_PACKED_WORDS, SF_TRANSPOSER,
};
use fraglayout::testing::Warp;
use fraglayout::tmem_sf::{scale_factors, Duplication};
use fraglayout::{convert_layout, fragment_layout, Numeral};
use fraglayout_tests::cute::{eval, Modes};

/// CuTe's `tile_to_shape(atom, shape, Step)` for a two-mode atom of cosize 512 (each mode
/// flattened, with the extent it covers): each target extent rounded up to whole atoms, the
/// tile counts laid out in the step's order (the smaller step the faster), each tile 512 on;
/// the two modes of the result.
fn tile_to_shape(atom: [(Modes, u64); 2], shape: [u64; 2], step: [u64; 2]) -> [Modes; 2] {
    let tiles = [0, 1].map(|i| shape[i].div_ceil(atom[i].1));
    let faster = |i: usize| -> u64 {
        (0..2)
            .filter(|&j| step[j] < step[i])
            .map(|j| tiles[j])
            .product()
    };
    let stride = [0, 1].map(|i| 512 * faster(i));
    [0, 1].map(|i| {
        let mut modes = atom[i].0.clone();
        modes.push((tiles[i], stride[i]));
        modes
    })
}

/// `Sm1xxBlockScaledBasicChunk<VS>`'s row mode `(32, 4) : (16, 4)` and K-block mode `(VS, 4) :
/// (0, 1)`, each with the extent it covers.
fn sf_modes(vs: u64) -> ((Modes, u64), (Modes, u64)) {
    (
        (vec![(32, 16), (4, 4)], 128),
        (vec![(vs, 0), (4, 1)], 4 * vs),
    )
}

/// `tile_atom_to_shape_SFA/SFB`: `tile_to_shape(SfKMajorAtom, (MN, K), Step<_2, _1, _3>)`,
/// `SfKMajorAtom = ((32, 4), (VS, 4)) : ((16, 4), (0, 1))`: the byte of element `(m, k)`'s
/// scale factor.
fn cute_sf_k_major(mn: u64, k_len: u64, vs: u64, m: u64, k: u64) -> u64 {
    let (rows, blocks) = sf_modes(vs);
    let [m_modes, k_modes] = tile_to_shape([rows, blocks], [mn, k_len], [2, 1]);
    eval(&m_modes, m) + eval(&k_modes, k)
}

/// The MN-major output scale factors (`Sm1xxBlockScaledOutputConfig<VS, Major::MN>::
/// tile_atom_to_shape_SFD`): `tile_to_shape(SfMNMajorAtom, (X, Y), Step<_1, _2, _3>)`,
/// `SfMNMajorAtom = ((VS, 4), (32, 4)) : ((0, 1), (16, 4))`, the scale vectors along mode 0
/// (extent `x`, `k` there), the rows along mode 1 (extent `y`, `m` there).
fn cute_sf_mn_major(x: u64, y: u64, vs: u64, k: u64, m: u64) -> u64 {
    let (rows, blocks) = sf_modes(vs);
    let [k_modes, m_modes] = tile_to_shape([blocks, rows], [x, y], [1, 2]);
    eval(&k_modes, k) + eval(&m_modes, m)
}

#[test]
fn the_atom_and_its_tiling_are_cutes_sf_k_major_atom() {
    for (mn, k_len, vs) in [
        (128, 128, 32),
        (256, 512, 16),
        (384, 256, 32),
        (200, 96, 16),
    ] {
        let sf = ScaleAtoms::of_operand(mn, k_len, vs);
        sf.check().unwrap();
        let mut seen = vec![0u32; sf.span_bytes() as usize];
        for m in 0..mn {
            for k in 0..k_len {
                let want = cute_sf_k_major(mn.into(), k_len.into(), vs.into(), m.into(), k.into());
                let got = sf.byte_of_element(m, k, vs).unwrap();
                assert_eq!(u64::from(got), want, "{mn} x {k_len}, VS {vs}, ({m}, {k})");
                if k % vs == 0 {
                    seen[got as usize] += 1;
                    assert_eq!(sf.decode(got), Some((m, k / vs)));
                }
            }
        }
        // Each scale factor has its own byte; the others are the padding of partial atoms.
        let used = seen.iter().filter(|&&c| c == 1).count() as u32;
        assert!(seen.iter().all(|&c| c <= 1));
        assert_eq!(used, mn * k_len.div_ceil(vs));
        let padding = (0..sf.span_bytes() as u32).filter(|&b| sf.decode(b).is_none());
        assert_eq!(padding.count() as u32, sf.span_bytes() as u32 - used);
    }
}

/// Both CUTLASS tilings, the K-major and the MN-major, put scale factor `(row, K-block)` at
/// the byte `ScaleAtoms` says: the MN-major atom's mode 0 is its K-block mode, so its tiling
/// repeats it along the K-blocks first too.
#[test]
fn the_k_major_and_mn_major_tilings_put_each_scale_factor_at_its_byte() {
    for (rows, kblocks) in [(128u32, 4u32), (256, 8), (384, 12), (512, 16), (200, 6)] {
        let sf = ScaleAtoms::new(rows, kblocks);
        for vs in [16u64, 32] {
            let (mn, k_len) = (u64::from(rows), vs * u64::from(kblocks));
            for m in 0..rows {
                for s in 0..kblocks {
                    let (m64, k) = (u64::from(m), vs * u64::from(s));
                    let got = u64::from(sf.byte(m, s).unwrap());
                    let k_major = cute_sf_k_major(mn, k_len, vs, m64, k);
                    let mn_major = cute_sf_mn_major(k_len, mn, vs, k, m64);
                    assert_eq!(
                        (got, got),
                        (k_major, mn_major),
                        "{rows} x {kblocks}, ({m}, {s})"
                    );
                }
            }
        }
    }
    // 256 rows x 8 K-blocks: row 0's K-block 4 is in the second atom.
    assert_eq!(ScaleAtoms::new(256, 8).byte(0, 4), Some(512));
    assert_eq!(cute_sf_mn_major(8 * 32, 256, 32, 4 * 32, 0), 512);
}

#[test]
fn one_atom_is_a_bijection_onto_512_bytes_as_the_frontier_formula_says() {
    let sf = ScaleAtoms::new(128, 4);
    let mut hit = [false; 512];
    for m in 0..128u32 {
        for s in 0..4u32 {
            let b = sf.byte(m, s).unwrap();
            // docs: 16 (m % 32) + 4 (m / 32) + s, and the K-first tiling past one atom.
            assert_eq!(b, 16 * (m % 32) + 4 * (m / 32) + s);
            assert!(!std::mem::replace(&mut hit[b as usize], true));
            let p = sf.place(m, s).unwrap();
            assert_eq!((p.row, p.word, p.byte_in_word), (m % 32, m / 32, s));
            assert_eq!(p.bank, (b / 4) % 32);
        }
    }
    assert!(hit.iter().all(|&h| h));
    // The K-first tiling: byte = 512 ((s / 4) + ceil(KB / 4) (m / 128)) + in-atom.
    let tile = ScaleAtoms::new(512, 10);
    for (m, s) in [(0, 0), (5, 9), (130, 4), (511, 7), (300, 2)] {
        let want = 512 * ((s / 4) + 3 * (m / 128)) + 16 * (m % 32) + 4 * ((m / 32) % 4) + s % 4;
        assert_eq!(tile.byte(m, s), Some(want), "({m}, {s})");
    }
}

/// CuTe's `tmem_sf_frg` atoms (`mma_traits_sm100_frag.hpp`) in virtual TMEM addresses `lane +
/// 128 * byte column`, for scale factor `(m, s)` and copy `r`: 4x1 `(((32, MN/32), 4), (VS,
/// NSF)) : (((1, 512), 32), (0, 128))`, 2x2 `(((32, MN/64), 2, 2), ...) : (((1, 512), 64, 32),
/// ...)`. Returns (TMEM lane, 32-bit column, byte).
fn cute_tmem_sf(dup: Duplication, mn: u64, m: u64, s: u64, r: u64) -> (u32, u32, u32) {
    let (mn_modes, rep) = match dup {
        Duplication::FourByOne => (vec![(32, 1), (mn / 32, 512)], (4, 32)),
        Duplication::TwoByTwo => (vec![(32, 1), (mn / 64, 512), (2, 64)], (2, 32)),
    };
    // VS collapses (stride 0): K-block s at stride 128.
    let v = eval(&mn_modes, m) + eval(&vec![rep], r) + 128 * s;
    let (lane, byte_col) = (v % 128, v / 128);
    ((lane) as u32, (byte_col / 4) as u32, (byte_col % 4) as u32)
}

/// The second transcription, from the PTX ISA ("duplicated to all 32 lane partitions": lane
/// `m % 32` of every quarter for 4x1) and DeepGEMM's copies (one `tcgen05.cp` per 128 rows, 4
/// columns on each time, atom word `(m / 32) % 4`, byte = K-block); for 2x2, the PTX ISA's
/// data-path layout B (M = 128, `cta_group::2`): quarters 0 and 1 compute the first half of
/// the columns, 2 and 3 the second, so column `m`'s factor is in the two quarters of its half,
/// a column per 32 of the half's columns. Every (TMEM lane, column, byte) that holds `(m, s)`.
fn ptx_tmem_sf(dup: Duplication, mn: u32, m: u32, s: u32) -> Vec<(u32, u32, u32)> {
    match dup {
        Duplication::FourByOne => (0..4)
            .map(|q| (32 * q + m % 32, 4 * (m / 128) + (m / 32) % 4, s))
            .collect(),
        Duplication::TwoByTwo => {
            let half = m / (mn / 2);
            (0..2)
                .map(|q| (32 * (2 * half + q) + m % 32, (m % (mn / 2)) / 32, s))
                .collect()
        }
    }
}

#[test]
fn tmem_scale_factors_are_cutes_tmem_sf_frg_replicated_per_quarter() {
    for dup in [Duplication::FourByOne, Duplication::TwoByTwo] {
        let step = dup.rows_per_column();
        let copies = 128 / step;
        for mn in (step..=256).step_by(step as usize) {
            let l = scale_factors(mn, dup).unwrap();
            let n = l.numeral();
            assert!(n.check().is_ok(), "{}", n.name);
            assert_eq!(u64::from(copies), n.copies(), "{}", n.name);
            // Every (TMEM lane, byte) names one scale factor; each factor is named `copies` times.
            let mut seen = vec![0u32; (mn * 4) as usize];
            for t in 0..128 {
                for e in 0..n.elements {
                    let (m, s) = n.coords(t, e).unwrap();
                    seen[(4 * m + s) as usize] += 1;
                }
            }
            assert!(seen.iter().all(|&c| c == copies), "{}", n.name);
            // CuTe puts copy r of (m, s) where the numeral reads (m, s).
            for m in 0..mn {
                for s in 0..4 {
                    let mut lanes = Vec::new();
                    for r in 0..copies {
                        let (lane, col, byte) =
                            cute_tmem_sf(dup, mn.into(), m.into(), s.into(), r.into());
                        assert!(col < l.columns(), "{}: column {col}", n.name);
                        assert_eq!(n.coords(lane, 4 * col + byte), Some((m, s)), "{}", n.name);
                        assert!(
                            ptx_tmem_sf(dup, mn, m, s).contains(&(lane, col, byte)),
                            "{}: ({m}, {s}) copy {r}",
                            n.name
                        );
                        lanes.push(lane);
                    }
                    lanes.sort_unstable();
                    lanes.dedup();
                    assert_eq!(lanes.len() as u32, copies, "{}: distinct quarters", n.name);
                }
            }
        }
    }
    // The frontier's counts: M = 128 SFA is 4 columns, N = 256 SFB 8.
    assert_eq!(
        scale_factors(128, Duplication::FourByOne)
            .unwrap()
            .columns(),
        4
    );
    assert_eq!(
        scale_factors(256, Duplication::FourByOne)
            .unwrap()
            .columns(),
        8
    );
}

/// Tensor memory at byte granularity, each byte a tag: 128 lanes by 512 columns of 4 bytes.
struct TmemBytes(Vec<Vec<[u32; 4]>>);

impl TmemBytes {
    fn new() -> TmemBytes {
        TmemBytes(vec![vec![[0; 4]; 512]; 128])
    }

    /// `tcgen05.cp.32x128b.warpx4 [taddr], sdesc`: 32 rows of 16 bytes from shared memory
    /// (`smem[base + 16 r ..]`, non-swizzled K-major, rows 16 bytes apart), row `r` into TMEM lane
    /// `r` of each of the four lane quarters (PTX ISA 9.7.16.9.2: `.warpx4` multicasts to the
    /// four warps' lanes), columns `column .. column + 4`.
    fn copy_32x128b_warpx4(&mut self, smem: &[u32], base: usize, column: usize) {
        for r in 0..32 {
            for q in 0..4 {
                for b in 0..16 {
                    self.0[32 * q + r][column + b / 4][b % 4] = smem[base + 16 * r + b];
                }
            }
        }
    }
}

#[test]
fn tcgen05_cp_of_the_atoms_lands_in_the_tmem_layout() {
    // SFB of N = 256 over K = 8 blocks: 2 atoms along N, 2 along K, K-first.
    let (mn, kblocks) = (256u32, 8u32);
    let sf = ScaleAtoms::new(mn, kblocks);
    let tag = |m: u32, s: u32| 1 + m * kblocks + s;
    // Shared memory as CuTe's layout places the factors (VS = 1: k is the K-block).
    let mut smem = vec![0u32; sf.span_bytes() as usize];
    for m in 0..mn {
        for s in 0..kblocks {
            let b = cute_sf_k_major(mn.into(), kblocks.into(), 1, m.into(), s.into());
            smem[b as usize] = tag(m, s);
        }
    }
    let layout = scale_factors(mn, Duplication::FourByOne).unwrap();
    let n = layout.numeral();
    for kgroup in 0..kblocks / 4 {
        // As CUTLASS and DeepGEMM do: one copy per 128 rows, 4 columns on each time.
        let mut tmem = TmemBytes::new();
        let c0 = 16;
        for mb in 0..mn / 128 {
            let atom = sf.byte(128 * mb, 4 * kgroup).unwrap() as usize;
            tmem.copy_32x128b_warpx4(&smem, atom, c0 + 4 * mb as usize);
        }
        for t in 0..128 {
            for e in 0..n.elements {
                let (m, s) = n.coords(t, e).unwrap();
                let cell = tmem.0[t as usize][c0 + (e / 4) as usize][(e % 4) as usize];
                assert_eq!(cell, tag(m, 4 * kgroup + s), "lane {t}, byte {e}");
            }
        }
    }
}

/// DeepGEMM's `utccp_required_smem_warp_transpose` with a vector store, written out: for `i`
/// in 0..4 lane `l` reads word `32 i + l`, then writes its 4 words to words `4 l ..`.
fn transpose_by_hand(smem: &mut [u32; 128]) {
    let mut regs = [[0u32; 4]; 32];
    for (l, r) in regs.iter_mut().enumerate() {
        for (i, v) in r.iter_mut().enumerate() {
            *v = smem[32 * i + l];
        }
    }
    for (l, r) in regs.iter().enumerate() {
        smem[4 * l..4 * l + 4].copy_from_slice(r);
    }
}

/// The loads: 4 `ld.shared.b32` a lane, one a register, each conflict-free (checked at
/// compile time).
#[fragment_layout(SF_TRANSPOSER, gather, shared = SF_PACKED_WORDS, conflict_free)]
fn load_rows(lane: u32, smem: &[u32]) -> [u32; 4] {
    |offset| smem[offset]
}

/// The store: one `st.shared.v4.b32` a lane, conflict-free (4 wavefronts, the least).
#[fragment_layout(SF_TRANSPOSER, shared = SF_ATOM_WORDS, vector = 4, conflict_free)]
fn store_atom(lane: u32, regs: &[u32; 4], smem: &mut [u32]) {
    |offset, values| smem[offset..offset + 4].copy_from_slice(&values)
}

/// Between them, the planned conversion: the identity, no shuffle.
#[convert_layout(SF_TRANSPOSER => SF_TRANSPOSER)]
fn keep(lane: u32, from: &[u32; 4], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 4] {}

/// A contiguous load of the packed block instead: a lane's 4 words are adjacent in memory (one
/// `ld.shared.v4` on the GPU), but down a column of the word tile, so `vector = 4` (adjacent
/// tile columns) does not take them; the gather reads them one by one here.
#[fragment_layout(SF_CONTIGUOUS, gather, shared = SF_PACKED_WORDS)]
fn load_contiguous(lane: u32, smem: &[u32]) -> [u32; 4] {
    |offset| smem[offset]
}

/// Which then takes shuffles to reach the store's registers.
#[convert_layout(SF_CONTIGUOUS => SF_TRANSPOSER)]
fn regroup(lane: u32, from: &[u32; 4], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 4] {}

/// Row-major packed scale factors of one 128-row block: word `m` holds row `m`'s K-blocks
/// `4 g .. 4 g + 4`, little-endian, each factor coded by its row and K-block.
fn packed_block(mb: u32, g: u32) -> [u32; 128] {
    std::array::from_fn(|m| {
        let row = 128 * mb + m as u32;
        u32::from_le_bytes(std::array::from_fn(|j| code(row, 4 * g + j as u32)))
    })
}

/// The scale factor of row `m`, K-block `s`: one byte, never 0, unique within a block's
/// neighbours (`m` and `s` both move it).
fn code(m: u32, s: u32) -> u8 {
    (1 + (m * 7 + s * 131) % 255) as u8
}

#[test]
fn the_transpose_is_planned_without_a_shuffle_and_generated() {
    let plan = Plan::new(&SF_TRANSPOSER, &SF_TRANSPOSER).unwrap();
    assert_eq!((plan.class(), plan.rounds()), (Class::Identity, 0));
    let contiguous = Plan::new(&SF_CONTIGUOUS, &SF_TRANSPOSER).unwrap();
    assert_eq!(contiguous.class(), Class::LaneExchange);
    // Lane l holds rows 4 l + j and wants rows l + 32 i: each lane needs a round per row it
    // must send away or receive, and the plan meets that bound.
    let bound = (0..32u32)
        .map(|l| {
            let held: Vec<u32> = (0..4).map(|j| 4 * l + j).collect();
            let wanted: Vec<u32> = (0..4).map(|i| l + 32 * i).collect();
            let out = held.iter().filter(|r| !wanted.contains(r)).count();
            let into = wanted.iter().filter(|r| !held.contains(r)).count();
            out.max(into) as u32
        })
        .max()
        .unwrap();
    assert_eq!(
        (contiguous.rounds(), contiguous.lower_bound()),
        (bound, bound)
    );
    assert!(bound > 0);
    // The generated transpose on every block of an M = 256, 8 K-block operand, K-first atoms:
    // every byte where CUTLASS's layout puts it.
    let sf = ScaleAtoms::new(256, 8);
    let mut global = vec![0u8; sf.span_bytes() as usize];
    let mut by_hand = global.clone();
    for mb in 0..2 {
        for g in 0..2 {
            let packed = packed_block(mb, g);
            let warp = Warp::run(|lane, shuffle| {
                let regs = keep(lane, &load_rows(lane, &packed), &mut *shuffle);
                let shuffled = regroup(lane, &load_contiguous(lane, &packed), &mut *shuffle);
                (regs, shuffled)
            });
            let mut atom = [0u32; 128];
            let mut again = [0u32; 128];
            for (lane, (regs, shuffled)) in (0..32).zip(&warp.lanes) {
                assert_eq!(
                    regs, shuffled,
                    "lane {lane}: both routes hold the same rows"
                );
                store_atom(lane, regs, &mut atom);
                store_atom(lane, shuffled, &mut again);
            }
            assert_eq!(atom, again);
            assert_eq!(
                warp.shuffles,
                u64::from(contiguous.rounds()),
                "only regroup shuffles"
            );
            let mut hand = packed;
            transpose_by_hand(&mut hand);
            assert_eq!(atom, hand, "block {mb}, K-group {g}");
            let base = sf.byte(128 * mb, 4 * g).unwrap() as usize;
            for (w, (a, h)) in atom.iter().zip(&hand).enumerate() {
                global[base + 4 * w..][..4].copy_from_slice(&a.to_le_bytes());
                by_hand[base + 4 * w..][..4].copy_from_slice(&h.to_le_bytes());
            }
        }
    }
    assert_eq!(global, by_hand);
    for m in 0..256 {
        for s in 0..8 {
            let b = cute_sf_k_major(256, 8, 1, m.into(), s.into());
            assert_eq!(global[b as usize], code(m, s), "({m}, {s})");
        }
    }
}

#[test]
fn the_transposer_bank_report() {
    let b = transposer_banks().unwrap();
    let w = |total, ideal, worst| Wavefronts {
        total,
        ideal,
        worst,
    };
    assert_eq!(b.reads, w(4, 4, 1), "4 ld.shared.b32, a wavefront each");
    assert_eq!(
        b.write,
        w(4, 4, 1),
        "one st.shared.v4: 4 phases, a wavefront each"
    );
    assert_eq!(
        b.scalar_writes,
        w(16, 4, 4),
        "st.shared.b32 at 4 l + i: 4-way"
    );
    // The same from the addresses DeepGEMM computes, with its current scalar stores at word
    // 4 l + (i ^ (l / 8)) (and loads of word 32 (i ^ (l / 8)) + l): conflict-free too.
    for i in 0..4u32 {
        let mut load = Request::new(4);
        let mut store = Request::new(4);
        let mut plain = Request::new(4);
        for l in 0..32u32 {
            load = load.with_lane(l, 4 * (32 * (i ^ (l / 8)) + l));
            store = store.with_lane(l, 4 * (4 * l + (i ^ (l / 8))));
            plain = plain.with_lane(l, 4 * (4 * l + i));
        }
        assert_eq!(load.wavefronts().unwrap(), w(1, 1, 1));
        assert_eq!(store.wavefronts().unwrap(), w(1, 1, 1));
        assert_eq!(plain.wavefronts().unwrap(), w(4, 1, 4));
    }
    // The contiguous v4 load of the packed block: 4 wavefronts, also the least.
    let v4 = Access::elements(&SF_CONTIGUOUS, 16)
        .wavefronts(&SF_PACKED_WORDS)
        .unwrap();
    assert_eq!(v4, w(4, 4, 1));
}

#[test]
fn the_word_views_are_the_atom_and_the_packed_rows() {
    // SF_PACKED_WORDS: word m holds row m; SF_ATOM_WORDS: word 4 (m % 32) + m / 32.
    let n: &Numeral = &SF_TRANSPOSER;
    for lane in 0..32 {
        for i in 0..4 {
            let (r, c) = n.coords(lane, i).unwrap();
            let m = r + 32 * c;
            assert_eq!(
                m,
                lane + 32 * i,
                "the transposer's lane {lane} register {i}"
            );
            assert_eq!(SF_PACKED_WORDS.offset(r, c), Some(m));
            let atom = ScaleAtoms::new(128, 4);
            assert_eq!(SF_ATOM_WORDS.byte_offset(r, c), atom.byte(m, 0));
            let (cr, cc) = SF_CONTIGUOUS.coords(lane, i).unwrap();
            assert_eq!(cr + 32 * cc, 4 * lane + i, "the contiguous load's word");
        }
    }
}
