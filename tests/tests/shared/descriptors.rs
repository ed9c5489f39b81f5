//! `wgmma` / `tcgen05` descriptors and TMA boxes of grids of atoms, against values transcribed
//! from CuTe (`make_gmma_desc`, `tile_to_shape`) and DeepGEMM (`make_umma_desc`, one TMA copy
//! a slab), and against an emulation of the hardware's read: the ISA's canonical layout at
//! the descriptor's start, swizzled on absolute address bits, must land on every element's
//! byte in the layout, for every MMA over the tile.

use layout_core::shared::{
    AtomOrder, Base, Descriptor, DescriptorError, Operand, SharedLayout, SwizzleMode, TmaError,
};

const MODES: [SwizzleMode; 4] = [
    SwizzleMode::None,
    SwizzleMode::B32,
    SwizzleMode::B64,
    SwizzleMode::B128,
];

/// The tile for `operand` with `mn x k` elements, K-major or not, in `order`.
fn tile(
    mode: SwizzleMode,
    e: u32,
    operand: Operand,
    mn: u32,
    k: u32,
    k_major: bool,
    order: AtomOrder,
) -> SharedLayout {
    let (rows, cols) = match operand {
        Operand::A => (mn, k),
        Operand::B => (k, mn),
    };
    // Lines run along K when K-major: rows for A, columns for B.
    let l = match mode {
        SwizzleMode::None => SharedLayout::core_matrices(rows, cols, e),
        m => SharedLayout::hopper(rows, cols, e, m),
    };
    let l = if k_major == (operand == Operand::A) {
        l
    } else {
        l.col_major()
    };
    l.with_order(order)
}

/// The PTX ISA's canonical layouts (units of elements, `T = 16 / e`, `W = S / 16`), in bytes
/// from the descriptor's start: `((8,m),(T,2k)):((W T, SBO),(1,T))` K-major swizzled,
/// `((8,m),(T,2k)):((T,SBO),(1,LBO))` K-major interleaved, `((T,W,m),(8,k)):((1,T,LBO),(W T,SBO))`
/// MN-major swizzled, `((T,1,m),(8,k)):((1,T,SBO),(T,LBO))` MN-major interleaved.
fn canonical(mode: SwizzleMode, k_major: bool, e: u64, lbo: u64, sbo: u64, mn: u64, k: u64) -> u64 {
    let t = 16 / e;
    let w = (mode.bytes() as u64 / 16).max(1);
    let el = |x: u64| x * e;
    match (k_major, mode == SwizzleMode::None) {
        (true, false) => el((mn % 8) * w * t + k % t + (k / t) * t) + (mn / 8) * sbo,
        (true, true) => el((mn % 8) * t + k % t) + (mn / 8) * sbo + (k / t) * lbo,
        (false, false) => {
            el(mn % t + (mn / t % w) * t + (k % 8) * w * t) + (mn / (t * w)) * lbo + (k / 8) * sbo
        }
        (false, true) => el(mn % t + (k % 8) * t) + (mn / t) * sbo + (k / 8) * lbo,
    }
}

/// The modes' swizzle on absolute byte addresses: bits [4, 4 + B) ^= bits [7, 7 + B).
fn swizzle_address(a: u64, mode: SwizzleMode) -> u64 {
    let b = match mode {
        SwizzleMode::None => 0,
        SwizzleMode::B32 => 1,
        SwizzleMode::B64 => 2,
        SwizzleMode::B128 => 3,
    };
    a ^ (((a >> 7) & ((1 << b) - 1)) << 4)
}

/// Field by field, as the PTX ISA lays out the `wgmma` descriptor.
fn pack_wgmma(start: u64, lbo: u64, sbo: u64, offset: u64, mode: SwizzleMode) -> u64 {
    let layout = match mode {
        SwizzleMode::None => 0,
        SwizzleMode::B128 => 1,
        SwizzleMode::B64 => 2,
        SwizzleMode::B32 => 3,
    };
    ((start & 0x3FFFF) >> 4)
        | ((lbo & 0x3FFFF) >> 4) << 16
        | ((sbo & 0x3FFFF) >> 4) << 32
        | offset << 49
        | layout << 62
}

/// Every element of every MMA read through the descriptor, as the hardware would.
fn reads_the_layout(l: &SharedLayout, d: &Descriptor, operand: Operand, mn_inst: u32, base: u64) {
    let e = l.elem_bytes() as u64;
    let k_inst = 32 / l.elem_bytes();
    for block in 0..d.mn_blocks() {
        for step in 0..d.k_steps() {
            let start = base + d.start(block, step).unwrap() as u64;
            for mn in 0..mn_inst {
                for k in 0..k_inst {
                    let (gm, gk) = (block * mn_inst + mn, step * k_inst + k);
                    let (r, c) = if operand == Operand::A {
                        (gm, gk)
                    } else {
                        (gk, gm)
                    };
                    let want = base + l.byte_offset(r, c).unwrap() as u64;
                    let off = canonical(
                        d.mode(),
                        d.k_major(),
                        e,
                        d.lbo() as u64,
                        d.sbo() as u64,
                        mn as u64,
                        k as u64,
                    );
                    let got = swizzle_address(start + off, d.mode());
                    assert_eq!(got, want, "{l}: MMA ({block}, {step}) element ({mn}, {k})");
                }
            }
        }
    }
}

#[test]
fn the_worked_descriptors_are_cute_s_and_deepgemm_s() {
    let a = SharedLayout::hopper(128, 64, 2, SwizzleMode::B128);
    let d = Descriptor::derive(&a, Operand::A, 64).unwrap();
    assert_eq!((d.k_major(), d.lbo(), d.sbo()), (true, 16, 1024));
    // M-major 128 x 64 f16 read by a UMMA of M = 128: CuTe's bands, DeepGEMM's slabs.
    let mn = SharedLayout::hopper(128, 64, 2, SwizzleMode::B128).col_major();
    let bands = Descriptor::derive(&mn.with_order(AtomOrder::Bands), Operand::A, 128).unwrap();
    assert_eq!(
        (bands.k_major(), bands.lbo(), bands.sbo()),
        (false, 1024, 2048)
    );
    let slabs = Descriptor::derive(&mn, Operand::A, 128).unwrap();
    assert_eq!((slabs.lbo(), slabs.sbo()), (8192, 1024));
    // A wgmma A operand of M = 64 spans one M atom: CuTe leaves LBO 0.
    let one = Descriptor::derive(&mn.with_order(AtomOrder::Bands), Operand::A, 64).unwrap();
    assert_eq!((one.lbo(), one.sbo(), one.mn_blocks()), (0, 2048, 2));
    // K = 128 bf16, K-major: the second K atom starts (M / 8) * 1024 bytes on.
    let k2 = SharedLayout::hopper(64, 128, 2, SwizzleMode::B128);
    let d = Descriptor::derive(&k2, Operand::A, 64).unwrap();
    assert_eq!(d.k_steps(), 8);
    for step in 0..8 {
        let k = step * 16;
        assert_eq!(
            d.start(0, step),
            Some((k / 64) * 8 * 1024 + 2 * (k % 64)),
            "step {step}"
        );
    }
    // An MN-major B of N = 256 in bands: four MN atoms, LBO the next atom.
    let b = SharedLayout::hopper(64, 256, 2, SwizzleMode::B128).with_order(AtomOrder::Bands);
    let d = Descriptor::derive(&b, Operand::B, 256).unwrap();
    assert_eq!((d.k_major(), d.lbo(), d.sbo()), (false, 1024, 4096));
    reads_the_layout(&b, &d, Operand::B, 256, 0);
}

#[test]
fn cute_and_slab_strides_hold_over_a_generated_set() {
    for mode in [SwizzleMode::B32, SwizzleMode::B64, SwizzleMode::B128] {
        let s = mode.bytes();
        for e in [1u32, 2, 4] {
            let big_e = s / e;
            for (atoms, k_lines) in [(1u32, 32u32), (2, 32), (4, 64), (2, 64)] {
                let m = big_e * atoms;
                let l = SharedLayout::hopper(k_lines, m, e, mode);
                // B operand K x N with N contiguous: MN-major, N = all atoms in one MMA.
                let bands = Descriptor::derive(&l.with_order(AtomOrder::Bands), Operand::B, m);
                let slabs = Descriptor::derive(&l, Operand::B, m);
                let (bands, slabs) = (bands.unwrap(), slabs.unwrap());
                let k_step_used = 32 / e > 8;
                let lbo = |x: u32| if atoms > 1 { x } else { 0 };
                let sbo = |x: u32| if k_step_used { x } else { 0 };
                assert_eq!(
                    (bands.lbo(), bands.sbo()),
                    (lbo(8 * s), sbo(atoms * 8 * s)),
                    "{l} bands"
                );
                assert_eq!(
                    (slabs.lbo(), slabs.sbo()),
                    (lbo(k_lines * s), sbo(8 * s)),
                    "{l} slabs"
                );
                // K-major A, M x K with K over `atoms` atoms: SBO 8 rows of the atom.
                let ka = SharedLayout::hopper(64, m, e, mode);
                let d = Descriptor::derive(&ka, Operand::A, 64).unwrap();
                assert_eq!((d.lbo(), d.sbo()), (16, 8 * s), "{ka}");
            }
        }
    }
}

#[test]
fn every_mma_reads_every_element_where_the_layout_puts_it() {
    let mut checked = 0;
    for mode in MODES {
        for e in [1u32, 2, 4] {
            for operand in [Operand::A, Operand::B] {
                for k_major in [true, false] {
                    for order in [AtomOrder::Slabs, AtomOrder::Bands] {
                        for (mn_inst, mn_tiles, k) in [
                            (64u32, 2u32, 2 * 128 / e),
                            (128, 1, 64 / e),
                            (64, 1, 32 / e),
                        ] {
                            let l = tile(mode, e, operand, mn_inst * mn_tiles, k, k_major, order);
                            if l.check().is_err() {
                                continue;
                            }
                            let d = Descriptor::derive(&l, operand, mn_inst)
                                .unwrap_or_else(|err| panic!("{l} ({operand:?}): {err}"));
                            assert_eq!(d.k_major(), k_major, "{l}");
                            reads_the_layout(&l, &d, operand, mn_inst, 0x8000);
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(checked >= 120, "{checked} tiles");
}

/// CuTe's `make_gmma_desc` / `make_umma_desc` (`mma_traits_sm90_gmma.hpp`,
/// `mma_traits_sm100.hpp`): one MMA's tile in 16-byte units, `logical_divide`d into its
/// canonical modes, each `(size, stride)`; LBO and SBO are two of the strides, and a mode of
/// size one has stride 0. K-major: `((8, n), (1, 2))`, SBO the `n` mode, LBO the 16-byte unit
/// along K. MN-major: `((W, n), (8, k))` (`W = 1` interleaved), swizzled LBO the `n` mode and
/// SBO the `k` mode, interleaved the other way round. `at(mn, k)` is the unswizzled byte of
/// the MMA's element; returns `(LBO, SBO)` in bytes.
fn cute_fields(
    mode: SwizzleMode,
    k_major: bool,
    e: u64,
    mn_inst: u64,
    at: impl Fn(u64, u64) -> u64,
) -> (u64, u64) {
    let (t, k_inst) = (16 / e, 32 / e);
    let w = (mode.bytes() as u64 / 16).max(1);
    let stride = |size: u64, mn: u64, k: u64| if size == 1 { 0 } else { at(mn, k) - at(0, 0) };
    if k_major {
        (stride(2, 0, t), stride(mn_inst / 8, 8, 0))
    } else {
        let n = stride(mn_inst / (t * w), t * w, 0);
        let k = stride(k_inst / 8, 0, 8);
        if mode == SwizzleMode::None {
            (k, n)
        } else {
            (n, k)
        }
    }
}

/// Every descriptor field is CuTe's, bit for bit: a field whose mode one MMA reads once
/// (size one: tf32 MN-major, an 8-row K-major B) is 0, where the layout has a stride there.
#[test]
fn lbo_and_sbo_are_cute_s_with_size_one_modes_at_zero() {
    let (mut checked, mut zeros) = (0, 0);
    for mode in MODES {
        for e in [1u32, 2, 4] {
            let (t, w) = (16 / e, (mode.bytes() / 16).max(1));
            for operand in [Operand::A, Operand::B] {
                for k_major in [true, false] {
                    for order in [AtomOrder::Slabs, AtomOrder::Bands] {
                        for (mn_inst, mn_tiles, k) in [
                            (64u32, 2u32, 2 * 128 / e),
                            (128, 1, 64 / e),
                            (64, 1, 32 / e),
                            (8, 8, 64 / e),
                        ] {
                            // CuTe divides the MMA's MN extent into whole canonical blocks.
                            if mn_inst % if k_major { 8 } else { t * w } != 0 {
                                continue;
                            }
                            let l = tile(mode, e, operand, mn_inst * mn_tiles, k, k_major, order);
                            let Ok(d) = Descriptor::derive(&l, operand, mn_inst) else {
                                continue;
                            };
                            let at = |mn: u64, k: u64| {
                                let (r, c) = match operand {
                                    Operand::A => (mn, k),
                                    Operand::B => (k, mn),
                                };
                                let linear = l.linear(r as u32, c as u32).unwrap();
                                u64::from(linear) * u64::from(e)
                            };
                            let want = cute_fields(mode, k_major, e.into(), mn_inst.into(), at);
                            let got = (u64::from(d.lbo()), u64::from(d.sbo()));
                            assert_eq!(got, want, "{l} ({operand:?}, MMA of {mn_inst})");
                            reads_the_layout(&l, &d, operand, mn_inst, 0x8000);
                            checked += 1;
                            zeros += usize::from(got.0 == 0) + usize::from(got.1 == 0);
                        }
                    }
                }
            }
        }
    }
    assert!(
        checked >= 150 && zeros >= 30,
        "{checked} tiles, {zeros} zero fields"
    );
    // tf32 MN-major interleaved, 64 lines of K of 16 bytes a slab: one MMA reads 8 K, one
    // block (the next 8, 128 bytes on, are the next MMA's), and the next 4 M a slab on.
    let tf32 = SharedLayout::core_matrices(64, 64, 4).col_major();
    let d = Descriptor::derive(&tf32, Operand::A, 64).unwrap();
    assert_eq!(tf32.byte_offset(0, 8), Some(128));
    assert_eq!((d.lbo(), d.sbo()), (0, 64 * 16));
}

#[test]
fn the_encodings_are_the_isa_s_bit_fields() {
    let l = SharedLayout::hopper(128, 64, 2, SwizzleMode::B64).col_major();
    let d = Descriptor::derive(&l, Operand::A, 64).unwrap();
    let base = 0x1_2000;
    for (block, step) in [(0, 0), (1, 0), (1, 3)] {
        let start = base + d.start(block, step).unwrap() as u64;
        let w = d.wgmma(base as u32, block, step, Base::Refuse).unwrap();
        assert_eq!(
            w,
            pack_wgmma(start, d.lbo() as u64, d.sbo() as u64, 0, SwizzleMode::B64)
        );
        let t = d.tcgen05(base as u32, block, step, Base::Refuse).unwrap();
        let low = w & ((1 << 46) - 1);
        assert_eq!(
            t,
            low | 1 << 46 | 4 << 61,
            "tcgen05 64-byte swizzle is 4 at bit 61"
        );
    }
    // A base 128 bytes past the 512-byte repeat: refused, or carried as base offset 1.
    let off = 0x1_2080;
    assert_eq!(
        d.wgmma(off, 0, 0, Base::Refuse),
        Err(DescriptorError::Misaligned {
            address: off,
            repeat: 512
        })
    );
    let carried = d.wgmma(off, 0, 0, Base::Carry).unwrap();
    assert_eq!((carried >> 49) & 7, 1);
    assert_eq!(
        d.wgmma(0x1_2008, 0, 0, Base::Carry)
            .unwrap_err()
            .message()
            .as_str(),
        "shared address 73736 is not 16-byte aligned below 262144: align the tile to 16 bytes"
    );
    assert!(matches!(
        d.wgmma(base as u32, 2, 0, Base::Refuse),
        Err(DescriptorError::OutOfTile { .. })
    ));
}

#[test]
fn tiles_no_descriptor_addresses_are_refused_with_the_reason() {
    let padded = SharedLayout::padded(64, 64, 2, 8);
    assert_eq!(
        Descriptor::derive(&padded, Operand::A, 64),
        Err(DescriptorError::NoMode)
    );
    // A plain row-major tile with 128-byte rows is not the interleaved core-matrix layout.
    let plain = SharedLayout::hopper(64, 64, 2, SwizzleMode::None);
    let err = Descriptor::derive(&plain, Operand::A, 64).unwrap_err();
    assert!(matches!(err, DescriptorError::Mismatch { .. }), "{err}");
    assert!(
        err.message()
            .as_str()
            .starts_with("element (1, 0) of the MMA at MN block 0, K step 0 lies at byte 128"),
        "{err}"
    );
    let short = SharedLayout::hopper(96, 64, 2, SwizzleMode::B128);
    assert_eq!(
        Descriptor::derive(&short, Operand::A, 64).unwrap_err().message().as_str(),
        "the tile's MN extent 96 is not a whole number of MMAs of 64: use a tile of a multiple of 64"
    );
    // Slabs of 2048 lines of 128 bytes put the next MN atom 256 KiB on: past the field.
    let tall = SharedLayout::hopper(2048, 256, 1, SwizzleMode::B128);
    let err = Descriptor::derive(&tall, Operand::B, 256).unwrap_err();
    assert_eq!(
        err,
        DescriptorError::Stride {
            lbo: true,
            bytes: 262144
        },
        "{err}"
    );
}

#[test]
fn tma_boxes_follow_the_atoms() {
    let c = SharedLayout::hopper(64, 256, 4, SwizzleMode::B128);
    let b = c.tma_box(1024).unwrap();
    assert_eq!(
        (b.inner, b.outer, b.copies, b.copy_bytes()),
        (32, 64, 8, 8192)
    );
    let mn = SharedLayout::hopper(128, 64, 2, SwizzleMode::B128).col_major();
    let bands = mn.with_order(AtomOrder::Bands).tma_box(256).unwrap();
    assert_eq!((bands.inner, bands.outer, bands.copies), (64, 8, 16));
    let slabs = mn.tma_box(256).unwrap();
    assert_eq!((slabs.inner, slabs.outer, slabs.copies), (64, 64, 2));
    let n256 = SharedLayout::hopper(64, 256, 2, SwizzleMode::B128).with_order(AtomOrder::Bands);
    let b = n256.tma_box(512).unwrap();
    assert_eq!((b.inner, b.outer, b.copies), (64, 8, 32));
    // Every copy lands where the layout puts its first element, one after the other.
    for l in [c, mn, mn.with_order(AtomOrder::Bands), n256] {
        let b = l.tma_box(4096).unwrap();
        for i in 0..b.copies {
            let (line, pos) = b.origin(i).unwrap();
            let (r, col) = if l.major() == layout_core::shared::Major::Row {
                (line, pos)
            } else {
                (pos, line)
            };
            assert_eq!(l.byte_offset(r, col), b.destination(i), "{l} copy {i}");
        }
        assert_eq!(
            b.copies as u64 * b.copy_bytes() as u64,
            l.span_bytes(),
            "{l}"
        );
    }
    let err = |l: SharedLayout, stride| l.tma_box(stride).unwrap_err();
    assert_eq!(
        err(SharedLayout::row_major(8, 512, 2), 1024).message().as_str(),
        "a line of 512 elements is over TMA's box limit of 256: use a swizzle mode's atoms, one box per atom column"
    );
    assert_eq!(
        err(SharedLayout::row_major(8, 4, 2), 16),
        TmaError::InnerBytes { bytes: 8 }
    );
    assert_eq!(
        err(c, 1000),
        TmaError::GlobalStride {
            bytes: 1000,
            line_bytes: 1024
        }
    );
    assert_eq!(
        err(SharedLayout::padded(8, 64, 2, 8), 128),
        TmaError::NotDense
    );
    assert!(matches!(
        err(SharedLayout::hopper(257, 64, 2, SwizzleMode::B128), 128),
        TmaError::BoxDim { inner: false, .. }
    ));
    let tall = SharedLayout::hopper(512, 64, 2, SwizzleMode::B128)
        .tma_box(128)
        .unwrap();
    assert_eq!((tall.outer, tall.copies), (256, 2));
}
