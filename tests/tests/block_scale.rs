//! sm_120 `mma.sync ... .block_scale`: the scale-factor layouts against CuTe's `SFALayout` /
//! `SFBLayout` (evaluated here as CuTe layouts), the PTX ISA's lane rule and, for A, Triton's
//! lane bases, for every valid selector; forbidden selectors refused; the gathered scale
//! registers fed, with A and B fragments, to a CPU model of the block-scaled product that
//! reads them as the ISA says, against the product computed directly.

use fraglayout_tests::cute::eval;
use fraglayout_tests::ptx;
use layout_core::catalog::{
    self as cat, instruction, provider, scale_layout, scale_register, SM120_16x8x64_SFA_4X,
    SM120_16x8x64_SFB_4X, ScaleVec, Scaled, Selector, SelectorError,
};
use layout_core::Numeral;
use layout_macros::fragment_layout;

/// A CuTe layout `(thread modes, value modes)`, each mode `(size, stride)`, innermost first:
/// the index of `(t, v)` is the thread modes' value at `t` plus the value modes' at `v`.
struct CuteLayout {
    thread: &'static [(u64, u64)],
    value: &'static [(u64, u64)],
}

impl CuteLayout {
    fn index(&self, t: u32, v: u32) -> u32 {
        let at = |modes: &[(u64, u64)], x: u32| eval(&modes.to_vec(), u64::from(x));
        (at(self.thread, t) + at(self.value, v)) as u32
    }
}

/// CuTe `SM120_16x8x32_TN_VS` / `SM120_16x8x64_TN_VS` (`mma_traits_sm120.hpp`): `SFALayout`
/// `((2,2,8),K):((8,0,1),16)` over `(M16, K)` and `SFBLayout` `((4,8),K):((0,1),8)` over
/// `(N8, K)`, K = 32 (1X) or 64, and the scale vector size VS (32, 32, 16).
fn cute(side: Scaled, vec: ScaleVec) -> (CuteLayout, u32, u32) {
    let (k, vs) = match vec {
        ScaleVec::X1 => (32, 32),
        ScaleVec::X2 => (64, 32),
        ScaleVec::X4 => (64, 16),
    };
    let value: &'static [(u64, u64)] = match (side, k) {
        (Scaled::A, 32) => &[(32, 16)],
        (Scaled::A, _) => &[(64, 16)],
        (Scaled::B, 32) => &[(32, 8)],
        (Scaled::B, _) => &[(64, 8)],
    };
    let thread: &'static [(u64, u64)] = match side {
        Scaled::A => &[(2, 8), (2, 0), (8, 1)],
        Scaled::B => &[(4, 0), (8, 1)],
    };
    (CuteLayout { thread, value }, k, vs)
}

/// CuTe's answer for lane `t`, scale `e`: the `(row, col)` in our scale tile (A: `m, kb`;
/// B: `kb, n`) of every value of the K-block `e`, which must agree.
fn cute_at(side: Scaled, vec: ScaleVec, t: u32, e: u32) -> (u32, u32) {
    let (layout, k, vs) = cute(side, vec);
    let mut at = None;
    for v in (0..k).filter(|v| v / vs == e) {
        let idx = layout.index(t, v);
        let here = match side {
            Scaled::A => (idx % 16, idx / 16 / vs),
            Scaled::B => (idx / 8 / vs, idx % 8),
        };
        assert!(
            at.is_none_or(|a| a == here),
            "lane {t} value {v}: {here:?} vs {at:?}"
        );
        at = Some(here);
    }
    at.unwrap()
}

/// Triton `getSM120DotScaledScaleLayout`: A-scale lane bases `{{8,0},{0,0},{1,0},{2,0},{4,0}}`
/// (row, col), a lane's row the XOR of the bases of its set bits.
fn triton_a_row(lane: u32) -> u32 {
    const BASES: [u32; 5] = [8, 0, 1, 2, 4];
    (0..5)
        .filter(|b| lane >> b & 1 == 1)
        .fold(0, |r, b| r ^ BASES[b])
}

/// Every selector of `side` and `vec` the ISA allows, from its Tables 35-37 (written out
/// here, not read from the library).
fn valid(side: Scaled, vec: ScaleVec) -> Vec<Selector> {
    let tids = match side {
        Scaled::A => 0..2,
        Scaled::B => 0..4,
    };
    let bids: &[u32] = match vec {
        ScaleVec::X1 => &[0, 1, 2, 3],
        ScaleVec::X2 => &[0, 2],
        ScaleVec::X4 => &[0],
    };
    tids.flat_map(|thread_id| {
        bids.iter()
            .map(move |&byte_id| Selector { thread_id, byte_id })
    })
    .collect()
}

const SIDES: [Scaled; 2] = [Scaled::A, Scaled::B];

const ZERO: Selector = Selector {
    thread_id: 0,
    byte_id: 0,
};

#[test]
fn every_scale_layout_matches_cute_the_isa_and_triton_for_every_selector() {
    let mut checked = 0;
    for side in SIDES {
        for vec in ScaleVec::ALL {
            let blocks = [1, 2, 4][vec as usize];
            for sel in valid(side, vec) {
                let l = scale_layout(side, vec, sel).unwrap();
                let n = l.numeral;
                assert_eq!(n.elements, blocks, "{}", n.name);
                for lane in 0..32 {
                    for e in 0..blocks {
                        let isa = match side {
                            Scaled::A => ptx::block_scale_a(lane, e),
                            Scaled::B => ptx::block_scale_b(lane, e),
                        };
                        assert_eq!(n.coords(lane, e), Some(isa), "{} {lane} {e}", n.name);
                        assert_eq!(cute_at(side, vec, lane, e), isa, "{} {lane} {e}", n.name);
                        if side == Scaled::A {
                            assert_eq!(triton_a_row(lane), isa.0, "lane {lane}");
                        }
                        checked += 1;
                    }
                    // The lanes read: A the pair q in {2 tid, 2 tid + 1}, B the lane q = tid.
                    let q = lane % 4;
                    let read = match side {
                        Scaled::A => q / 2 == sel.thread_id,
                        Scaled::B => q == sel.thread_id,
                    };
                    assert_eq!(l.reads(lane), read, "{} {sel:?} lane {lane}", n.name);
                }
                let count = match side {
                    Scaled::A => 16,
                    Scaled::B => 8,
                };
                for index in 0..count {
                    for kb in 0..blocks {
                        let lane = match side {
                            Scaled::A => ptx::block_scale_a_lane(sel.thread_id, index),
                            Scaled::B => ptx::block_scale_b_lane(sel.thread_id, index),
                        };
                        let want = (lane, sel.byte_id + kb);
                        assert_eq!(l.provider(index, kb), Ok(want), "{} {sel:?}", n.name);
                        assert_eq!(provider(side, vec, sel, index, kb), Ok(want));
                    }
                }
                assert_eq!(
                    l.provider(count, 0),
                    Err(SelectorError::Outside {
                        side,
                        vec,
                        index: count,
                        block: 0
                    })
                );
            }
        }
    }
    // 1X: 32 lanes x 1 x (8 + 16) selectors; 2X: x 2 x (4 + 8); 4X: x 4 x (2 + 4).
    assert_eq!(checked, 32 * (24 + 2 * 12 + 4 * 6));
}

#[test]
fn forbidden_selectors_are_refused_with_the_fix() {
    for side in SIDES {
        for vec in ScaleVec::ALL {
            let ok = valid(side, vec);
            for thread_id in 0..6 {
                for byte_id in 0..6 {
                    let sel = Selector { thread_id, byte_id };
                    let got = scale_layout(side, vec, sel);
                    assert_eq!(got.is_ok(), ok.contains(&sel), "{side:?} {vec:?} {sel:?}");
                    if let Err(e) = got {
                        let thread_bad = thread_id >= [2, 4][side as usize];
                        assert_eq!(matches!(e, SelectorError::ThreadId { .. }), thread_bad);
                        assert_eq!(provider(side, vec, sel, 0, 0), Err(e));
                    }
                }
            }
        }
    }
    let msg = |side, vec, thread_id, byte_id| {
        scale_layout(side, vec, Selector { thread_id, byte_id })
            .unwrap_err()
            .message()
            .as_str()
            .to_string()
    };
    assert_eq!(
        msg(Scaled::A, ScaleVec::X4, 0, 1),
        "byte-id-a = 1 is not allowed with scale_vec::4X: use 0 (4 bytes read from byte-id on)"
    );
    assert_eq!(
        msg(Scaled::B, ScaleVec::X2, 0, 1),
        "byte-id-b = 1 is not allowed with scale_vec::2X: use 0 or 2 (2 bytes read from \
         byte-id on)"
    );
    assert_eq!(
        msg(Scaled::B, ScaleVec::X1, 0, 4),
        "byte-id-b = 4 is not allowed with scale_vec::1X: use 0, 1, 2 or 3 (1 byte read \
         from byte-id on)"
    );
    assert_eq!(
        msg(Scaled::A, ScaleVec::X1, 2, 0),
        "thread-id-a = 2 is not allowed: use 0 to 1 (the lane pair q = 2 tid, 2 tid + 1 of \
         each quad)"
    );
    assert_eq!(
        provider(Scaled::A, ScaleVec::X2, ZERO, 3, 2)
            .unwrap_err()
            .to_string(),
        "row 3, K-block 2 is outside the scale tile: use row 0 to 15 and K-block 0 to 1 for \
         scale_vec::2X"
    );
}

/// The scale registers of A through the generated gather: the 4X numeral covers a lane's four
/// bytes, K-blocks 0 to 3 of its row.
#[fragment_layout(SM120_16x8x64_SFA_4X, gather)]
fn gather_sfa(lane: u32, sf: &[u8], ld: usize) -> [u8; 4] {
    |row, col| sf[row * ld + col]
}

/// The scale registers of B (stored `n`-major: `sf[n * ld + kb]`) through the generated gather.
#[fragment_layout(SM120_16x8x64_SFB_4X, gather)]
fn gather_sfb(lane: u32, sf: &[u8], ld: usize) -> [u8; 4] {
    |row, col| sf[col * ld + row]
}

#[test]
fn scale_registers_hold_the_lanes_scales_in_order() {
    // 16 rows x 4 K-blocks of A, 8 columns x 4 of B, every byte distinct.
    let sfa: Vec<u8> = (0..64).map(|i| 3 * i + 1).collect();
    let sfb: Vec<u8> = (0..32).map(|i| 200 + i).collect();
    for lane in 0..32 {
        // A plain transcription: the ISA's row of the lane, bytes = K-blocks 0..3.
        let m = ptx::block_scale_a(lane, 0).0 as usize;
        let want_a = u32::from_le_bytes(std::array::from_fn(|j| sfa[m * 4 + j]));
        let n = (lane / 4) as usize;
        let want_b = u32::from_le_bytes(std::array::from_fn(|j| sfb[n * 4 + j]));
        let got_a = scale_register(Scaled::A, lane, |m, j| sfa[(m * 4 + j) as usize]);
        let got_b = scale_register(Scaled::B, lane, |n, j| sfb[(n * 4 + j) as usize]);
        assert_eq!((got_a, got_b), (want_a, want_b), "lane {lane}");
        assert_eq!(u32::from_le_bytes(gather_sfa(lane, &sfa, 4)), want_a);
        assert_eq!(u32::from_le_bytes(gather_sfb(lane, &sfb, 4)), want_b);
    }
}

/// One block-scaled shape: its instruction, K per instruction, the scale vector, and the ISA's
/// A / B formulas the model reads the fragments with.
struct Shape {
    ptx: &'static str,
    k: usize,
    vec: ScaleVec,
    a: ptx_fn,
    b: ptx_fn,
}

#[allow(non_camel_case_types)]
type ptx_fn = fn(u32, u32) -> (u32, u32);

const SHAPES: [Shape; 3] = [
    Shape {
        ptx: "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e3m2.e2m1.f32.ue8m0",
        k: 32,
        vec: ScaleVec::X1,
        a: ptx::m16n8k32_i8_a,
        b: ptx::m16n8k32_i8_b,
    },
    Shape {
        ptx: "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
        k: 64,
        vec: ScaleVec::X2,
        a: ptx::m16n8k64_i4_a,
        b: ptx::m16n8k64_i4_b,
    },
    Shape {
        ptx: "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
        k: 64,
        vec: ScaleVec::X4,
        a: ptx::m16n8k64_i4_a,
        b: ptx::m16n8k64_i4_b,
    },
];

/// A mistake the model can be made to make; each must change the result.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Fault {
    None,
    /// Reads the byte after the selected one.
    WrongByte,
    /// Takes row `g` from the odd lane of the pair and `g + 8` from the even one.
    SwappedPair,
    /// Reads A's scales from B's registers and B's from A's.
    SwappedOperands,
    /// Reads with thread-id-a + 1 (mod 2) registers filled only where thread-id-a reads.
    OtherThreadId,
}

/// Position-coded inputs over 4 K-blocks: A, B and C small and varied; every scale distinct
/// (A's 1 to 64, B's 65 to 96).
struct Inputs {
    k: usize,
    vs: usize,
    a: Vec<i64>,
    b: Vec<i64>,
    c: Vec<i64>,
    sfa: Vec<u8>,
    sfb: Vec<u8>,
}

impl Inputs {
    fn new(vs: usize) -> Inputs {
        let k = 4 * vs;
        Inputs {
            k,
            vs,
            a: (0..16 * k)
                .map(|i| ((i / k * 37 + i % k * 11) % 23) as i64 - 11)
                .collect(),
            b: (0..k * 8)
                .map(|i| ((i / 8 * 13 + i % 8 * 29) % 19) as i64 - 9)
                .collect(),
            c: (0..128).collect(),
            sfa: (1..=64).collect(),
            sfb: (65..=96).collect(),
        }
    }

    /// `D = C + sum_k (A[m][k] sA[m][k / vs]) (B[k][n] sB[k / vs][n])`, row-major 16 x 8.
    fn direct(&self) -> Vec<i64> {
        let mut d = self.c.clone();
        for m in 0..16 {
            for n in 0..8 {
                for k in 0..self.k {
                    let kb = k / self.vs;
                    let sa = self.sfa[m * 4 + kb] as i64;
                    let sb = self.sfb[n * 4 + kb] as i64;
                    d[m * 8 + n] += self.a[m * self.k + k] * sa * self.b[k * 8 + n] * sb;
                }
            }
        }
        d
    }
}

/// The instruction as the ISA describes it, on registers: A, B and C read with the ISA's
/// formulas, each row's scale from lane `4 (m % 8) + 2 tid_a + m / 8` and each column's from
/// lane `4 n + tid_b`, byte `byte-id + kb`. Returns D as a 16 x 8 matrix.
#[allow(clippy::too_many_arguments)]
fn model(
    shape: &Shape,
    fa: &[Vec<i64>],
    fb: &[Vec<i64>],
    c: &[i64],
    (ra, rb): (&[u32; 32], &[u32; 32]),
    (sa, sb): (Selector, Selector),
    fault: Fault,
) -> Vec<i64> {
    let (k, vs) = (shape.k, shape.vec.block_size() as usize);
    let (mut a, mut b) = (vec![0; 16 * k], vec![0; k * 8]);
    for lane in 0..32u32 {
        for (e, &v) in fa[lane as usize].iter().enumerate() {
            let (m, kk) = (shape.a)(lane, e as u32);
            a[m as usize * k + kk as usize] = v;
        }
        for (e, &v) in fb[lane as usize].iter().enumerate() {
            let (kk, n) = (shape.b)(lane, e as u32);
            b[kk as usize * 8 + n as usize] = v;
        }
    }
    let (ra, rb) = if fault == Fault::SwappedOperands {
        (rb, ra)
    } else {
        (ra, rb)
    };
    let byte = |reg: u32, sel: Selector, kb: usize| {
        let j = sel.byte_id as usize + kb + usize::from(fault == Fault::WrongByte);
        reg.to_le_bytes()[j % 4] as i64
    };
    let mut d = c.to_vec();
    for m in 0..16u32 {
        let half = if fault == Fault::SwappedPair {
            1 - m / 8
        } else {
            m / 8
        };
        let lane_a = 4 * (m % 8) + 2 * sa.thread_id + half;
        for n in 0..8u32 {
            let lane_b = 4 * n + sb.thread_id;
            for kk in 0..k {
                let kb = kk / vs;
                let s = byte(ra[lane_a as usize], sa, kb) * byte(rb[lane_b as usize], sb, kb);
                d[m as usize * 8 + n as usize] +=
                    a[m as usize * k + kk] * b[kk * 8 + n as usize] * s;
            }
        }
    }
    d
}

/// Runs one shape over the 4 K-blocks (4 / blocks instructions) with registers gathered by
/// the catalog layouts, the scale registers once, byte-id stepping through them; returns the
/// model's D for `fault`.
fn run(shape: &Shape, inputs: &Inputs, tid: (u32, u32), fault: Fault) -> Vec<i64> {
    let found = instruction(shape.ptx).unwrap();
    let (na, nb, nc) = (found.a.unwrap(), found.b.unwrap(), found.c.unwrap());
    assert_eq!(found.scale_a.unwrap().operand, cat::Operand::ScaleA);
    let blocks = shape.vec.blocks();
    let (mut ra, mut rb) = ([0u32; 32], [0u32; 32]);
    for lane in 0..32u32 {
        ra[lane as usize] =
            scale_register(Scaled::A, lane, |m, j| inputs.sfa[(m * 4 + j) as usize]);
        rb[lane as usize] =
            scale_register(Scaled::B, lane, |n, j| inputs.sfb[(n * 4 + j) as usize]);
    }
    let mut read_tid_a = tid.0;
    if fault == Fault::OtherThreadId {
        // Only the lanes thread-id-a reads hold scales; the model reads the other pair.
        let l = scale_layout(
            Scaled::A,
            shape.vec,
            Selector {
                thread_id: tid.0,
                byte_id: 0,
            },
        );
        for lane in 0..32 {
            if !l.unwrap().reads(lane) {
                ra[lane as usize] = 0;
            }
        }
        read_tid_a = 1 - tid.0;
    }
    let gather = |n: &Numeral, at: &dyn Fn(u32, u32) -> i64| -> Vec<Vec<i64>> {
        (0..32)
            .map(|lane| {
                (0..n.elements)
                    .map(|e| {
                        let (r, c) = n.coords(lane, e).unwrap();
                        at(r, c)
                    })
                    .collect()
            })
            .collect()
    };
    let mut d = inputs.c.clone();
    for step in 0..4 / blocks {
        let k0 = (step * blocks) as usize * inputs.vs;
        let fa = gather(na.numeral, &|m, k| {
            inputs.a[m as usize * inputs.k + k0 + k as usize]
        });
        let fb = gather(nb.numeral, &|k, n| {
            inputs.b[(k0 + k as usize) * 8 + n as usize]
        });
        let sel = |thread_id| Selector {
            thread_id,
            byte_id: step * blocks,
        };
        assert!(scale_layout(Scaled::A, shape.vec, sel(tid.0)).is_ok());
        assert!(scale_layout(Scaled::B, shape.vec, sel(tid.1)).is_ok());
        // C in, D out through the catalog's accumulator layout.
        let fc = gather(nc.numeral, &|m, n| d[m as usize * 8 + n as usize]);
        let mut c = vec![0; 128];
        for lane in 0..32u32 {
            for e in 0..4 {
                let (m, n) = ptx::m16n8k16_c(lane, e);
                c[m as usize * 8 + n as usize] = fc[lane as usize][e as usize];
            }
        }
        d = model(
            shape,
            &fa,
            &fb,
            &c,
            (&ra, &rb),
            (sel(read_tid_a), sel(tid.1)),
            fault,
        );
    }
    d
}

#[test]
fn the_block_scaled_product_from_gathered_registers_is_the_direct_one() {
    for shape in &SHAPES {
        let inputs = Inputs::new(shape.vec.block_size() as usize);
        assert_eq!(inputs.k % shape.k, 0);
        let want = inputs.direct();
        for tid_a in 0..2 {
            for tid_b in 0..4 {
                let got = run(shape, &inputs, (tid_a, tid_b), Fault::None);
                assert_eq!(got, want, "{} tid ({tid_a}, {tid_b})", shape.ptx);
            }
        }
    }
}

#[test]
fn a_wrong_byte_pair_operand_or_thread_id_is_caught() {
    for shape in &SHAPES {
        let inputs = Inputs::new(shape.vec.block_size() as usize);
        let want = inputs.direct();
        for fault in [
            Fault::WrongByte,
            Fault::SwappedPair,
            Fault::SwappedOperands,
            Fault::OtherThreadId,
        ] {
            for tid_a in 0..2 {
                let got = run(shape, &inputs, (tid_a, 1), fault);
                assert_ne!(got, want, "{} {fault:?} undetected", shape.ptx);
            }
        }
    }
}

#[test]
fn block_scale_instructions_find_every_operand() {
    for shape in &SHAPES {
        let i = instruction(shape.ptx).unwrap();
        let (sa, sb) = (i.scale_a.unwrap(), i.scale_b.unwrap());
        let l = scale_layout(Scaled::A, shape.vec, ZERO).unwrap();
        assert_eq!(sa.numeral.name, l.numeral.name);
        assert_eq!(
            sb.numeral.name,
            scale_layout(Scaled::B, shape.vec, ZERO)
                .unwrap()
                .numeral
                .name
        );
        assert_eq!((sa.registers(), sb.registers()), (1, 1));
        assert_eq!(i.c.unwrap().element_type, "f32");
        assert_eq!(i.d().unwrap().numeral.name, i.c.unwrap().numeral.name);
        // The default `.scale_vec` spelling finds the same layouts.
        let default = shape.ptx.replace(".scale_vec::1X", "");
        let default = default.replace("mxf4.block_scale.scale_vec::2X", "mxf4.block_scale");
        if default != shape.ptx {
            let j = instruction(&default).unwrap();
            assert_eq!(j.scale_a.unwrap().name(), sa.name(), "{default}");
            assert_eq!(j.a.unwrap().name(), i.a.unwrap().name(), "{default}");
        }
    }
    // 4X with ue8m0 is not listed (ptxas 13.0 refuses it), nor 2X with ue4m3.
    assert!(instruction(
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue8m0"
    )
    .is_none());
    assert!(instruction(
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue4m3"
    )
    .is_none());
}
