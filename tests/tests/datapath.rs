//! A tile's whole data path (`datapath`): the Hopper and Blackwell tiles derive and certify,
//! their steps match independent transcriptions (CuTe's `make_gmma_desc` / `make_umma_desc`
//! fields, the PTX ISA's descriptor bits and accumulator figures, the TMA box of a swizzled
//! tile), and each deliberately wrong declaration or hand-wired step is refused with the
//! element named.

use layout_core::catalog::TmemShape;
use layout_core::datapath::{
    AccPath, Cause, Certificate, DataPath, Elem, Epilogue, Majorness, Path, PathError, Tensor,
    SMEM_LIMIT,
};
use layout_core::shared::{AtomOrder, SwizzleMode};

/// 128 x 256 x 64 bf16 on Hopper: `wgmma` m64n256k16, f32 accumulators, 4 stages.
const HOPPER: DataPath = DataPath::new(128, 256, 64)
    .types(Elem::Bf16, Elem::Bf16, Elem::F32, Elem::Bf16)
    .majors(Majorness::K, Majorness::K)
    .wgmma(256)
    .staging(SwizzleMode::B128, AtomOrder::Slabs, 4);

/// 128 x 256 x 64 bf16 on Blackwell: `tcgen05.mma.cta_group::1` M = 128, N = 256, D read
/// with `tcgen05.ld.32x32b.x64`, stored through shared memory by TMA, 3 stages.
const BLACKWELL: DataPath = DataPath::new(128, 256, 64)
    .types(Elem::Bf16, Elem::Bf16, Elem::F32, Elem::Bf16)
    .tcgen05(128, 256, 1, TmemShape::S32x32b, 64, false)
    .staging(SwizzleMode::B128, AtomOrder::Slabs, 3)
    .epilogue(Epilogue::TmaStore {
        mode: SwizzleMode::B128,
    });

/// The declarations are `const`, and so is their derivation.
const HOPPER_STEPS: Option<u32> = match HOPPER.derive() {
    Ok(p) => Some(p.a.descriptor.sbo()),
    Err(_) => None,
};

/// The whole Hopper and Blackwell tiles certified in `const`, under default lints.
const _: () = match HOPPER.derive() {
    Ok(p) => match p.certify() {
        Ok(_) => (),
        Err(_) => panic!("the Hopper tile is refused"),
    },
    Err(_) => panic!("the Hopper tile has no path"),
};
const _: () = match BLACKWELL.derive() {
    Ok(p) => match p.certify() {
        Ok(_) => (),
        Err(_) => panic!("the Blackwell tile is refused"),
    },
    Err(_) => panic!("the Blackwell tile has no path"),
};

fn message(e: PathError) -> String {
    e.to_string()
}

/// The certificate, which must say what walking every element says.
fn certify(p: &Path) -> Result<Certificate, PathError> {
    let fast = p.certify();
    assert_eq!(fast, p.certify_exhaustive());
    fast
}

/// The 128-byte swizzle on absolute shared addresses: bits [4, 7) ^= bits [7, 10).
fn swizzle_128(a: u64) -> u64 {
    a ^ (((a >> 7) & 7) << 4)
}

/// The `wgmma` descriptor field by field (PTX ISA, "Matrix Descriptor Format"): start, LBO,
/// SBO in 16-byte units at bits 0, 16, 32; layout type at 62 (1 = 128-byte swizzle).
fn wgmma_desc(start: u64, lbo: u64, sbo: u64, layout_type: u64) -> u64 {
    (start >> 4) | (lbo >> 4) << 16 | (sbo >> 4) << 32 | layout_type << 62
}

/// The `tcgen05` shared-memory descriptor (PTX ISA, "Shared memory descriptor"): as `wgmma`'s
/// low fields, the fixed version `0b001` at bit 46, swizzle at bit 61 (2 = 128-byte).
fn umma_desc(start: u64, lbo: u64, sbo: u64, swizzle: u64) -> u64 {
    (start >> 4) | (lbo >> 4) << 16 | (sbo >> 4) << 32 | 1 << 46 | swizzle << 61
}

#[test]
fn the_hopper_tile_derives_as_cute_and_the_isa_say() {
    assert_eq!(HOPPER_STEPS, Some(1024));
    let p = HOPPER.derive().unwrap();
    // TMA: K-major, 128-byte swizzle: a box of 128 bytes of K (64 bf16) by every row, one
    // copy while K is one swizzle atom wide.
    for (op, rows) in [(&p.a, 128), (&p.b, 256)] {
        assert_eq!((op.tma.inner, op.tma.outer, op.tma.copies), (64, rows, 1));
        assert_eq!(op.tma.mode, SwizzleMode::B128);
        assert_eq!(op.global_stride, 64 * 2);
        // make_gmma_desc, K-major SW128: LBO 1 (16 bytes, unused), SBO 1024 (8 rows of
        // 128 bytes); 4 K steps of 16 bf16, each 32 bytes on.
        assert_eq!((op.descriptor.lbo(), op.descriptor.sbo()), (16, 1024));
        assert_eq!(op.descriptor.k_steps(), 4);
    }
    assert_eq!((p.m_blocks, p.n_blocks), (2, 1));
    // Shared memory: A 16 KiB, B 32 KiB a stage; 4 stages and 8 barriers.
    assert_eq!((p.smem.a_bytes, p.smem.b_bytes), (16384, 32768));
    assert_eq!(p.smem.total, 4 * (16384 + 32768) + 4 * 16);
    // Each K step's descriptor of stage 1 at a window based at 0x400 (1024-aligned).
    let base = 0x400;
    for step in 0..4u64 {
        for block in 0..2u64 {
            let start = base + 49152 + block * 64 * 128 + step * 32;
            assert_eq!(
                p.a_descriptor(base as u32, 1, block as u32, step as u32),
                Ok(wgmma_desc(start, 16, 1024, 1)),
                "A block {block} step {step}"
            );
        }
        let start = base + 49152 + 16384 + step * 32;
        assert_eq!(
            p.b_descriptor(base as u32, 1, 0, step as u32),
            Ok(wgmma_desc(start, 16, 1024, 1))
        );
    }
}

/// The PTX ISA's figure for the `wgmma` `m64nNk16` D fragment: thread `t`, element `i` at
/// `row = 16 (t / 32) + (t % 32) / 4 + 8 ((i / 2) % 2)`, `col = 8 (i / 4) + 2 (t % 4) + i % 2`.
fn wgmma_d(t: u32, i: u32) -> (u32, u32) {
    (
        16 * (t / 32) + (t % 32) / 4 + 8 * ((i / 2) % 2),
        8 * (i / 4) + 2 * (t % 4) + i % 2,
    )
}

#[test]
fn the_hopper_accumulator_is_the_isa_s_figure_and_the_tile_certifies() {
    let p = HOPPER.derive().unwrap();
    let AccPath::Registers { entry } = p.acc else {
        panic!("registers")
    };
    assert_eq!(entry.name(), "SM90_64x256x16_F32_C");
    let n = p.acc.numeral();
    for t in 0..128 {
        for i in 0..128 {
            assert_eq!(
                n.coords(t, i),
                Some(wgmma_d(t, i)),
                "thread {t} element {i}"
            );
        }
    }
    let c = certify(&p).unwrap();
    assert_eq!(
        (c.a_elements, c.b_elements, c.d_elements),
        (128 * 64, 256 * 64, 128 * 256)
    );
    // Vector stores: two adjacent columns a thread (`e % 2`), 4 bytes of bf16.
    let v = HOPPER.epilogue(Epilogue::Vector).derive().unwrap();
    assert_eq!(v.epilogue.vector, 2);
    certify(&v).unwrap();
}

#[test]
fn the_blackwell_tile_derives_and_certifies() {
    let p = BLACKWELL.derive().unwrap();
    for op in [&p.a, &p.b] {
        // make_umma_desc, K-major SW128: as make_gmma_desc.
        assert_eq!((op.descriptor.lbo(), op.descriptor.sbo()), (16, 1024));
    }
    assert_eq!(
        p.a_descriptor(0, 0, 0, 2),
        Ok(umma_desc(64, 16, 1024, 2)),
        "K step 2: 64 bytes on"
    );
    let AccPath::Tmem(t) = p.acc else {
        panic!("tmem")
    };
    assert_eq!((t.columns, t.total_columns, t.alloc), (256, 256, 256));
    // Layout D (M = 128, cta_group::1): D[m][n] at TMEM lane m, column n; `.32x32b` gives
    // thread t (warp t / 32 reads lanes 32 (t / 32) ..) register r the column r of lane t.
    let f = p.acc.numeral();
    assert_eq!((f.rows, f.cols, f.elements), (128, 256, 256));
    for thread in 0..128 {
        for r in 0..256 {
            assert_eq!(f.coords(thread, r), Some((thread, r)));
        }
    }
    // The TMA store: 128 x 256 bf16 in 128-byte slabs of 64 columns, 4 boxes.
    let (tile, store) = p.epilogue.staged.unwrap();
    assert_eq!((store.inner, store.outer, store.copies), (64, 128, 4));
    assert_eq!(tile.span_bytes(), 65536);
    assert_eq!(p.smem.total, 3 * (16384 + 32768) + 65536 + 3 * 16);
    let c = certify(&p).unwrap();
    assert_eq!(c.d_elements, 128 * 256);
}

#[test]
fn pairs_m64_and_mn_major_tiles_certify() {
    // cta_group::2, M = 256: each CTA 128 rows of A and 128 columns of B; D layout A.
    let pair = DataPath::new(256, 256, 64)
        .tcgen05(256, 256, 2, TmemShape::S32x32b, 32, false)
        .staging(SwizzleMode::B128, AtomOrder::Slabs, 4)
        .derive()
        .unwrap();
    assert_eq!(pair.a.layout.rows(), 128);
    assert_eq!(pair.b.layout.cols(), 128);
    certify(&pair).unwrap();
    // M = 64 (layout F), read by 16-lane loads of the lower half.
    let f = DataPath::new(64, 128, 64)
        .tcgen05(64, 128, 1, TmemShape::S16x256b, 8, false)
        .derive()
        .unwrap();
    certify(&f).unwrap();
    // MN-major f16 operands, in both atom orders: the boxes and descriptors still meet.
    for order in [AtomOrder::Slabs, AtomOrder::Bands] {
        let mn = HOPPER
            .types(Elem::F16, Elem::F16, Elem::F32, Elem::F32)
            .majors(Majorness::Mn, Majorness::Mn)
            .staging(SwizzleMode::B128, order, 2)
            .derive()
            .unwrap();
        certify(&mn).unwrap();
    }
}

// ---- mutations: each wrong declaration or hand-wired step refused, the element named ----

#[test]
fn swapped_lbo_and_sbo_are_refused_at_row_8() {
    let mut p = HOPPER.derive().unwrap();
    let d = p.a.descriptor;
    p.a.descriptor = d.with_strides(d.sbo(), d.lbo());
    let e = certify(&p).unwrap_err();
    // Row 8 is one SBO on: the TMA writes it at 8 x 128 bytes (unswizzled, row 8 % 8 = 0);
    // the swapped descriptor reads it 16 bytes on.
    assert_eq!(
        message(e),
        "a, global -> shared -> mma: element (m 8, k 0) of MN block 0, K step 0 lands at \
         shared byte 1024 (TMA copy 0), but the MMA reads it from byte 16: the descriptor has \
         LBO 1024 and SBO 16 bytes, the shared tile needs LBO 16 and SBO 1024 (they are \
         swapped): derive it with Descriptor::derive"
    );
    assert_eq!(swizzle_128(1024), 1024);
}

#[test]
fn a_tensor_map_swizzle_other_than_the_descriptor_s_is_refused() {
    let mut p = HOPPER.derive().unwrap();
    p.b.tma.mode = SwizzleMode::B64;
    let e = certify(&p).unwrap_err();
    // Rows 0..4 swizzle alike in both modes (bits 7, 8); row 4 (byte 512) moves by 4
    // units in the 128-byte mode and stays in the 64-byte one.
    assert_eq!(swizzle_128(512), 576);
    assert!(matches!(
        e,
        PathError::Joint {
            tensor: Tensor::B,
            mn: 4,
            k: 0,
            written: 512,
            read: 576,
            cause: Cause::Mode { .. },
            ..
        }
    ));
    assert!(message(e).starts_with("b, global -> shared -> mma: element (k 0, n 4)"));
    assert!(message(e).ends_with(
        "the tensor map has the 64-byte swizzle and the descriptor the 128-byte swizzle: \
         encode the tensor map with the 128-byte swizzle"
    ));
}

#[test]
fn a_tcgen05_ld_shape_that_misses_the_accumulator_is_refused() {
    // M = 64, N = 64: 64 columns; .32x32b.x128 reads 128.
    let wide = DataPath::new(64, 64, 64)
        .tcgen05(64, 64, 1, TmemShape::S32x32b, 128, false)
        .derive()
        .unwrap_err();
    assert_eq!(
        message(wide),
        "the accumulator cannot be read with tcgen05.ld.32x32b.x128: the shape reads 128 \
         columns, which do not divide the accumulator's 64; pick a smaller `.num`"
    );
    // Layout F holds each M = 64 tile in half of each quarter's lanes: a 32-lane shape reads
    // the whole quarter.
    let half = DataPath::new(64, 64, 64)
        .tcgen05(64, 64, 1, TmemShape::S32x32b, 64, false)
        .derive()
        .unwrap_err();
    assert!(matches!(half, PathError::Load { .. }), "{half}");
    // .pack::16b on f32 accumulators.
    let packed = BLACKWELL
        .tcgen05(128, 256, 1, TmemShape::S32x32b, 64, true)
        .derive()
        .unwrap_err();
    assert_eq!(
        message(packed),
        ".pack::16b reads 16-bit accumulators, these are f32: drop .pack::16b"
    );
}

#[test]
fn an_n_the_instruction_forbids_is_refused() {
    let e = DataPath::new(64, 20, 64).wgmma(20).derive().unwrap_err();
    assert_eq!(
        message(e),
        "wgmma N = 20: wgmma takes a multiple of 8 from 8 to 256: use N = 16 or 24"
    );
    // The fixes take.
    for n in [16, 24] {
        certify(&DataPath::new(64, n, 64).wgmma(n).derive().unwrap()).unwrap();
    }
    let pair = DataPath::new(256, 24, 64)
        .tcgen05(256, 24, 2, TmemShape::S32x32b, 8, false)
        .derive()
        .unwrap_err();
    assert_eq!(
        message(pair),
        "tcgen05.mma M = 256, cta_group::2 takes N a multiple of 16 from 16 to 256, not 24: \
         use N = 16 or 32"
    );
    let m = DataPath::new(96, 64, 64)
        .tcgen05(96, 64, 1, TmemShape::S32x32b, 8, false)
        .derive()
        .unwrap_err();
    assert!(
        matches!(
            m,
            PathError::Tcgen05M {
                m: 96,
                cta_group: 1
            }
        ),
        "{m}"
    );
    // An integer wgmma the catalog does not have (N = 40).
    let int = DataPath::new(64, 40, 64)
        .types(Elem::S8, Elem::S8, Elem::S32, Elem::S32)
        .wgmma(40)
        .derive()
        .unwrap_err();
    assert!(matches!(int, PathError::NoWgmma { n: 40, .. }), "{int}");
}

#[test]
fn majorness_opposite_to_the_global_tensor_s_is_refused() {
    let e = HOPPER
        .mma_reads(Majorness::Mn, Majorness::K)
        .derive()
        .map(|p| certify(&p))
        .unwrap()
        .unwrap_err();
    // K-major: (m 0, k 1) is 2 bytes on; read MN-major it is one 128-byte line on (swizzled
    // by row 1: unit 0 -> 1).
    assert_eq!(swizzle_128(128), 144);
    assert_eq!(
        message(e),
        "a, global -> shared -> mma: element (m 0, k 1) of MN block 0, K step 0 lands at \
         shared byte 2 (TMA copy 0), but the MMA reads it from byte 144: the MMA reads a \
         MN-major, global memory holds it K-major: set the instruction's a majorness to K-major"
    );
    // B read K-major while global memory holds it N-major.
    let b = HOPPER
        .types(Elem::F16, Elem::F16, Elem::F32, Elem::F32)
        .majors(Majorness::K, Majorness::Mn)
        .mma_reads(Majorness::K, Majorness::K)
        .derive()
        .map(|p| certify(&p))
        .unwrap()
        .unwrap_err();
    assert!(matches!(
        b,
        PathError::Joint {
            tensor: Tensor::B,
            cause: Cause::Read { .. },
            ..
        }
    ));
    // wgmma transposes 16-bit operands only.
    let fp8 = HOPPER
        .types(Elem::E4m3, Elem::E4m3, Elem::F32, Elem::F32)
        .majors(Majorness::Mn, Majorness::K)
        .derive()
        .unwrap_err();
    assert_eq!(
        message(fp8),
        "a is MN-major, but the MMA reads e4m3 K-major only: store a K-major in global memory"
    );
}

#[test]
fn a_stage_count_that_overflows_shared_memory_is_refused() {
    let e = HOPPER
        .staging(SwizzleMode::B128, AtomOrder::Slabs, 5)
        .derive()
        .unwrap_err();
    // 5 x (16 KiB + 32 KiB) + 5 x 16 bytes of barriers > 227 KiB; 4 fit.
    assert_eq!(SMEM_LIMIT, 227 * 1024);
    assert_eq!(
        message(e),
        "5 stages of 49152 bytes, 80 for the epilogue and the barriers take 245840 bytes of \
         shared memory, more than the 232448 a block has: use at most 4 stages"
    );
    let none = HOPPER
        .staging(SwizzleMode::B128, AtomOrder::Slabs, 0)
        .derive()
        .unwrap_err();
    assert_eq!(
        message(none),
        "0 stages: a and b need one at least: use 1 to 4 stages of 49152 bytes"
    );
    // With the TMA store's 64 KiB tile, 3 fit.
    let e = HOPPER
        .epilogue(Epilogue::TmaStore {
            mode: SwizzleMode::B128,
        })
        .derive()
        .unwrap_err();
    assert!(message(e).ends_with("use at most 3 stages"), "{e}");
}

#[test]
fn tmem_columns_past_512_and_misaligned_global_rows_are_refused() {
    let e = DataPath::new(128, 768, 64)
        .tcgen05(128, 256, 1, TmemShape::S32x32b, 32, false)
        .derive()
        .unwrap_err();
    assert_eq!(
        message(e),
        "the accumulators take 768 TMEM columns, more than 512: use a tile of at most 512 \
         columns of D"
    );
    // Global rows of 60 bf16 (120 bytes) cannot be a TMA tensor's.
    let e = HOPPER.problem(128, 256, 60).derive().unwrap_err();
    assert_eq!(
        message(e),
        "a's TMA box: a global stride of 120 bytes: TMA needs a multiple of 16 below 2^40, at \
         least the tile's line of 128 bytes: pad the global rows to 128 bytes"
    );
    // Registers for tcgen05, TMEM for wgmma.
    let mut d = HOPPER;
    d.accumulator = BLACKWELL.accumulator;
    assert!(matches!(d.derive(), Err(PathError::Place { tmem: false })));
}

/// Over declarations of every swizzle, atom order, majorness and operand size the
/// instructions take, the certificate on the axes answers as the walk over every element,
/// and every one that derives certifies; mutated strides and modes are refused by both.
#[test]
fn the_certificate_on_the_axes_answers_as_the_walk() {
    let (mut derived, mut refused) = (0, 0);
    let types = [
        (Elem::F16, Elem::F32),
        (Elem::Tf32, Elem::F32),
        (Elem::E4m3, Elem::F32),
    ];
    for (ab, c) in types {
        for mode in [
            SwizzleMode::None,
            SwizzleMode::B32,
            SwizzleMode::B64,
            SwizzleMode::B128,
        ] {
            for order in [AtomOrder::Slabs, AtomOrder::Bands] {
                for (a, b) in [
                    (Majorness::K, Majorness::K),
                    (Majorness::Mn, Majorness::K),
                    (Majorness::K, Majorness::Mn),
                    (Majorness::Mn, Majorness::Mn),
                ] {
                    for (m, n, k, tc) in [
                        (128, 64, 64, false),
                        (64, 128, 128, false),
                        (128, 64, 64, true),
                    ] {
                        let d = DataPath::new(m, n, k)
                            .types(ab, ab, c, c)
                            .majors(a, b)
                            .staging(mode, order, 2);
                        let d = if tc {
                            d.tcgen05(m, n, 1, TmemShape::S32x32b, 16, false)
                        } else {
                            d.wgmma(n)
                        };
                        let Ok(p) = d.derive() else {
                            continue;
                        };
                        derived += 1;
                        certify(&p).unwrap();
                        for op in [0, 1] {
                            let mut q = p;
                            let o = if op == 0 { &mut q.a } else { &mut q.b };
                            let (lbo, sbo) = (o.descriptor.lbo(), o.descriptor.sbo());
                            if lbo != sbo {
                                o.descriptor = o.descriptor.with_strides(sbo, lbo);
                                refused += usize::from(certify(&q).is_err());
                            }
                            let mut q = p;
                            let o = if op == 0 { &mut q.a } else { &mut q.b };
                            if o.tma.mode != SwizzleMode::B128 {
                                o.tma.mode = SwizzleMode::B128;
                                assert!(certify(&q).is_err(), "{d:?}");
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(
        derived > 100 && refused > 50,
        "{derived} derived, {refused} refused"
    );
}

/// The epilogue's stores into a TMA store's tile: the wgmma fragment's bf16 pairs, rows
/// `lane / 4` at `lane % 4` pairs. Unswizzled, the tile's rows are 512 bytes apart, so the 8
/// rows of a store fall on the same 4 banks: an 8-way conflict (bank `(512 r + 4 q) / 4 % 32
/// = q`); the 128-byte swizzle moves each row's 16-byte unit to `unit ^ r % 8`: none.
#[test]
fn the_epilogue_s_shared_stores_are_counted() {
    let staged = |mode| {
        HOPPER
            .staging(SwizzleMode::B128, AtomOrder::Slabs, 3)
            .epilogue(Epilogue::TmaStore { mode })
            .derive()
            .unwrap()
    };
    let plain = staged(SwizzleMode::None);
    assert_eq!(plain.epilogue.vector, 2);
    let bank = |r: u32, q: u32| (512 * r + 4 * q) / 4 % 32;
    assert!((0..8).all(|r| bank(r, 1) == 1));
    let w = plain.store_banks().unwrap().unwrap();
    assert_eq!((w.worst, w.total, w.ideal), (8, 8 * w.ideal, w.ideal));
    certify(&plain).unwrap();
    let swizzled = staged(SwizzleMode::B128).store_banks().unwrap().unwrap();
    assert!(swizzled.conflict_free(), "{swizzled:?}");
    // 2 blocks x 4 warps x 128 registers in stores of 2: 64 stores a warp and block, each a
    // request of 32 lanes x 4 bytes, one wavefront when conflict-free.
    assert_eq!(swizzled.ideal, 2 * 4 * 64);
    assert!(HOPPER.derive().unwrap().store_banks().is_none());
}

/// CuTe's `UMMA::InstrDescriptor` bit fields, written out: `c_format_` [4, 6), `a_format_`
/// [7, 10), `b_format_` [10, 13), `a_major_` 15, `b_major_` 16, `n_dim_` [17, 23) = N >> 3,
/// `m_dim_` [24, 29) = M >> 4; `F16F32Format` f16 0, bf16 1, tf32 2; `MXF8F6F4Format` e4m3 0,
/// e5m2 1; `S8Format` u8 0, s8 1; `CFormat` f16 0, f32 1, s32 2.
fn cute_idesc(c: u32, a: u32, b: u32, a_mn: bool, b_mn: bool, m: u32, n: u32) -> u32 {
    let mut d = 0u32;
    d |= c << 4;
    d |= a << 7;
    d |= b << 10;
    d |= u32::from(a_mn) << 15;
    d |= u32::from(b_mn) << 16;
    d |= (n >> 3) << 17;
    d |= (m >> 4) << 24;
    d
}

#[test]
fn the_tcgen05_instruction_descriptor_is_cute_s() {
    assert_eq!(
        BLACKWELL.idesc(),
        Some(cute_idesc(1, 1, 1, false, false, 128, 256))
    );
    assert_eq!(HOPPER.idesc(), None);
    let fp8 = DataPath::new(256, 128, 128)
        .types(Elem::E4m3, Elem::E5m2, Elem::F16, Elem::F16)
        .tcgen05(256, 128, 2, TmemShape::S32x32b, 32, false);
    assert_eq!(
        fp8.idesc(),
        Some(cute_idesc(0, 0, 1, false, false, 256, 128))
    );
    let mn = DataPath::new(64, 64, 64)
        .types(Elem::Tf32, Elem::Tf32, Elem::F32, Elem::F32)
        .majors(Majorness::Mn, Majorness::Mn)
        .tcgen05(64, 64, 1, TmemShape::S16x256b, 4, false);
    assert_eq!(mn.idesc(), Some(cute_idesc(1, 2, 2, true, true, 64, 64)));
    certify(&mn.derive().unwrap()).unwrap();
    let int = DataPath::new(128, 64, 64)
        .types(Elem::S8, Elem::U8, Elem::S32, Elem::S32)
        .tcgen05(128, 64, 1, TmemShape::S32x32b, 16, false);
    assert_eq!(
        int.idesc(),
        Some(cute_idesc(2, 1, 0, false, false, 128, 64))
    );
    // Types no kind multiplies are refused when derived.
    let e = BLACKWELL
        .types(Elem::F16, Elem::Bf16, Elem::F32, Elem::F32)
        .derive()
        .unwrap_err();
    assert!(message(e).starts_with("no tcgen05.mma kind multiplies f16 x bf16 into f32"));
}
