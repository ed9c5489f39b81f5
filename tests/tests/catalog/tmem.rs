//! `tcgen05.ld` / `tcgen05.st` and the `tcgen05.mma` accumulator in TMEM, without a Blackwell
//! GPU: every access layout against CuTe's `SM100_TMEM_LOAD_*` traits evaluated as CuTe
//! layouts (the PTX formulas are the other transcription, in `invariants.rs`); a CPU model of
//! tensor memory in which a store and a load of one shape round-trip; the accumulator layouts
//! against the PTX data-path formulas and CuTe's `tmem_frg` atoms; and the composed epilogue
//! fragments against storing D and loading it back through the model.

use fraglayout_tests::cute::{eval, Modes};
use fraglayout_tests::tmem_model::{At, Tmem};
use fraglayout_tests::transcription::{self, TCGEN05_SHAPES};
use layout_core::catalog::{self as cat, Operand, TmemShape, CATALOG};
use layout_core::tmem::{
    a_duplicated, accumulator, fragment, non_interleaved, FragmentError, Lanes, MmaLayout,
};
use layout_core::Numeral;

/// CuTe's `TMEM::DP_b`: the lane stride in bit addressing.
const DP_B: u64 = 1 << 21;

/// One `SM100_TMEM_LOAD_{cute}{n}x[_16b]` trait, transcribed from CuTe's notation
/// (`copy_traits_sm100.hpp`): the `DstLayout`'s thread and value modes, and the `ValID`. CuTe
/// declares each `SM100_TMEM_STORE_*` trait as its load's mirrored (`SrcLayout` = the load's
/// `DstLayout`, the same `ValID`), so this one transcription is the store's too.
struct Trait {
    thread: Modes,
    value: Modes,
    val_id: Modes,
}

fn cute_trait(cute: &str, n: u64, packed: bool) -> Trait {
    let (thread, value, row_bits, lanes) = match cute {
        // (32, 32N):(32N, 1)
        "32dp32b" => (vec![(32, 32 * n)], vec![(32 * n, 1)], 32 * n, 32),
        // ((16,2),32N):((64N,32N),1)
        "16dp32b" => (
            vec![(16, 64 * n), (2, 32 * n)],
            vec![(32 * n, 1)],
            64 * n,
            16,
        ),
        // ((2,2,8),(32,N)):((512N,32,64N),(1,64))
        "16dp64b" => (
            vec![(2, 512 * n), (2, 32), (8, 64 * n)],
            vec![(32, 1), (n, 64)],
            64 * n,
            16,
        ),
        // ((4,8),(32,2,N)):((32,128N),(1,1024N,128))
        "16dp128b" => (
            vec![(4, 32), (8, 128 * n)],
            vec![(32, 1), (2, 1024 * n), (n, 128)],
            128 * n,
            16,
        ),
        // ((4,8),(64,2,N)):((64,256N),(1,2048N,256))
        "16dp256b" => (
            vec![(4, 64), (8, 256 * n)],
            vec![(64, 1), (2, 2048 * n), (n, 256)],
            256 * n,
            16,
        ),
        _ => panic!("no CuTe op {cute}"),
    };
    // ValID: (row_bits, lanes):(1, DP_b), or for `_16b` ((16, row_bits/16), lanes):((1, 32), DP_b).
    let val_id = if packed {
        vec![(16, 1), (row_bits / 16, 32), (lanes, DP_B)]
    } else {
        vec![(row_bits, 1), (lanes, DP_B)]
    };
    Trait {
        thread,
        value,
        val_id,
    }
}

impl Trait {
    /// The TMEM bit address of value bit `v` of thread `t`.
    fn address(&self, t: u64, v: u64) -> u64 {
        let logical = eval(&self.thread, t) + eval(&self.value, v);
        eval(&self.val_id, logical)
    }

    /// `(TMEM lane, column)` of element `i` (`bits` wide) of thread `t`, checking that its
    /// bits are contiguous from the low end of one column.
    fn cell(&self, t: u64, i: u64, bits: u64) -> (u32, u32) {
        let a = self.address(t, i * bits);
        assert_eq!(
            a % 32,
            0,
            "thread {t}, element {i}: not at a column's low bit"
        );
        for b in 1..bits {
            assert_eq!(
                self.address(t, i * bits + b),
                a + b,
                "thread {t}, element {i}"
            );
        }
        ((a / DP_B) as u32, ((a % DP_B) / 32) as u32)
    }
}

#[test]
fn every_tmem_access_matches_cute_traits() {
    let mut seen = 0;
    for (name, t) in transcription::tcgen05_accesses() {
        let transcription::Transcription::Tcgen05(shape, num, packed) = t else {
            unreachable!()
        };
        let cute = TCGEN05_SHAPES.iter().find(|s| s.1 == shape).unwrap().0;
        let e = cat::find(&name).unwrap_or_else(|| panic!("{name} not in the catalog"));
        let n = e.numeral;
        let tr = cute_trait(cute, u64::from(num), packed);
        let bits = u64::from(e.element_bits);
        assert_eq!(
            tr.value.iter().map(|m| m.0).product::<u64>(),
            n.elements as u64 * bits
        );
        for lane in 0..32 {
            for i in 0..n.elements {
                let want = tr.cell(u64::from(lane), u64::from(i), bits);
                assert_eq!(
                    n.coords(lane, i),
                    Some(want),
                    "{name}: lane {lane}, element {i}"
                );
            }
        }
        seen += 1;
    }
    assert_eq!(seen, 2 * (8 + 8 + 7 + 6 + 8));
}

#[test]
fn tmem_entries_list_ld_and_st_with_their_register_counts() {
    let tmem: Vec<_> = CATALOG
        .iter()
        .filter(|e| e.operand == Operand::Tmem)
        .collect();
    assert_eq!(tmem.len(), 74);
    for e in &tmem {
        assert_eq!(e.arch, "sm_100a", "{}", e.name());
        let [ld, st] = e.instructions else {
            panic!("{}: {:?}", e.name(), e.instructions)
        };
        let packed = e.name().ends_with("_16b");
        assert_eq!(ld.contains(".pack::16b."), packed, "{ld}");
        assert_eq!(st.contains(".unpack::16b."), packed, "{st}");
        assert_eq!(ld.replace("ld.", "st.").replace("pack::", "unpack::"), *st);
        let found = cat::instruction(ld).and_then(|i| i.tmem).unwrap();
        assert_eq!(found.name(), e.name());
        assert_eq!(
            cat::instruction(st).and_then(|i| i.tmem).unwrap().name(),
            e.name()
        );
        // Table 47: x1 takes 1, 1, 2, 4, 1 registers; xN N times that, at most 128.
        let num: u32 = ld
            .split(".x")
            .nth(1)
            .unwrap()
            .split('.')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let per = match ld.split('.').nth(4).unwrap() {
            "16x128b" => 2,
            "16x256b" => 4,
            _ => 1,
        };
        assert_eq!(e.registers(), per * num, "{}", e.name());
        assert!(e.registers() <= 128);
    }
    for shape in TmemShape::ALL {
        let wider = format!(
            "tcgen05.ld.sync.aligned.{}.x{}.b32",
            shape.ptx(),
            2 * shape.max_num()
        );
        assert!(
            cat::instruction(&wider).is_none(),
            "{wider}: over 128 registers"
        );
    }
}

#[test]
fn store_then_load_is_the_identity_for_every_shape_and_num() {
    const SENTINEL: u32 = 0xdead_beef;
    for e in CATALOG.iter().filter(|e| e.operand == Operand::Tmem) {
        let n = e.numeral;
        let bits = e.element_bits;
        let mut tmem = Tmem::new(SENTINEL);
        // All four warps at once, 16-lane shapes in the upper half, at a column that fits.
        let column = 512 - n.cols;
        let mut written = 0;
        for warp in 0..4 {
            let at = At {
                warp,
                lane_offset: 32 - n.rows,
                column,
            };
            let regs: Vec<Vec<u32>> = (0..32)
                .map(|l| (0..e.registers()).map(|r| code(warp, l, r, bits)).collect())
                .collect();
            tmem.store(n, bits, at, &regs);
            assert_eq!(tmem.load(n, bits, at), regs, "{}: warp {warp}", e.name());
            written += n.rows * n.cols;
        }
        let touched: u32 = tmem.0.iter().flatten().filter(|&&v| v != SENTINEL).count() as u32;
        assert_eq!(
            touched,
            written,
            "{}: cells outside the footprint",
            e.name()
        );
    }
}

/// A register value no other (warp, lane, register) has, each 16-bit half distinct and
/// non-zero.
fn code(warp: u32, lane: u32, r: u32, bits: u32) -> u32 {
    let id = (warp * 32 + lane) * 128 + r; // below 0x4000
    if bits == 32 {
        0x8000_0000 | (warp << 24) | (lane << 16) | r
    } else {
        (0x4000 | id) << 16 | 0x8000 | id
    }
}

/// The N each accumulator layout is checked at: every N it takes up to 256.
fn ns(layout: MmaLayout) -> impl Iterator<Item = u32> {
    (1..=256).filter(move |&n| layout.takes(n))
}

const LAYOUTS: [MmaLayout; 6] = [
    MmaLayout::A,
    MmaLayout::B,
    MmaLayout::D,
    MmaLayout::E,
    MmaLayout::F,
    MmaLayout::G,
];

/// PTX ISA 9.7.16.10.5 (Layouts A, B, D, F; `docs/frontier.md` section 1.5; E and G as
/// apache/tvm's `tmem_datapath_layout` reads the figures: E folds the column halves over the
/// two 64-lane halves as B does, G the column quarters over the four 32-lane quarters): the
/// TMEM lane and column of D`[m][n]` in the CTA's tile, N = `big_n`. For F, rows 64.. are the
/// second M = 64 tile, at lane offset 16.
fn ptx_accumulator(layout: MmaLayout, big_n: u32, m: u32, n: u32) -> (u32, u32) {
    match layout {
        MmaLayout::A | MmaLayout::D => (m, n),
        MmaLayout::F => {
            let (h, m) = (m / 64, m % 64);
            (32 * (m / 16) + m % 16 + 16 * h, n)
        }
        MmaLayout::B | MmaLayout::E => (m + 64 * (n / (big_n / 2)), n % (big_n / 2)),
        MmaLayout::G => (m + 32 * (n / (big_n / 4)), n % (big_n / 4)),
    }
}

/// CuTe's `UMMA::tmem_frg` and `tmem_frg_ws` atoms (`mma_traits_sm100_frag.hpp`), virtual
/// address `dp + 128 * col`: D and A `(128,N):(1,128)`; F `((16,4),N):((1,32),128)` (+16
/// lanes for the second, interleaved tile); B per CTA and E `(64,(N/2,2)):(1,(128,64))`; G
/// `(32,(N/4,4)):(1,(128,32))`.
fn cute_accumulator(layout: MmaLayout, big_n: u32, m: u32, n: u32) -> (u32, u32) {
    let (m, n, big_n) = (u64::from(m), u64::from(n), u64::from(big_n));
    let a = match layout {
        MmaLayout::A | MmaLayout::D => eval(&vec![(128, 1)], m) + 128 * n,
        MmaLayout::F => eval(&vec![(16, 1), (4, 32)], m % 64) + 16 * (m / 64) + 128 * n,
        MmaLayout::B | MmaLayout::E => m + eval(&vec![(big_n / 2, 128), (2, 64)], n),
        MmaLayout::G => eval(&vec![(32, 1)], m) + eval(&vec![(big_n / 4, 128), (4, 32)], n),
    };
    ((a % 128) as u32, (a / 128) as u32)
}

#[test]
fn every_accumulator_layout_covers_its_tile_once_as_ptx_and_cute_place_it() {
    for layout in LAYOUTS {
        for big_n in ns(layout) {
            let acc = accumulator(layout, big_n);
            let n = acc.numeral();
            assert!(n.is_bijection(), "{}", n.name);
            let mut seen = vec![0u32; n.size() as usize];
            for lane in 0..128 {
                for col in 0..n.elements {
                    let (m, c) = n.coords(lane, col).unwrap();
                    seen[(m * n.cols + c) as usize] += 1;
                    assert_eq!(
                        ptx_accumulator(layout, big_n, m, c),
                        (lane, col),
                        "{}",
                        n.name
                    );
                    assert_eq!(
                        cute_accumulator(layout, big_n, m, c),
                        (lane, col),
                        "{}",
                        n.name
                    );
                }
            }
            assert!(seen.iter().all(|&k| k == 1), "{}", n.name);
        }
    }
}

/// Stores each D element's code at its TMEM cell, then reads the warpgroup's registers back
/// through the load layout as `fragment` describes the loads, and compares with the composite.
fn agrees_with_the_model(acc: &Numeral, load: &cat::Entry, lanes: Lanes, frag: &Numeral) {
    let mut tmem = Tmem::new(0);
    for lane in 0..128 {
        for col in 0..acc.elements {
            let (m, c) = acc.coords(lane, col).unwrap();
            tmem.0[lane as usize][col as usize] = 1 + m * acc.cols + c;
        }
    }
    let base = if lanes == Lanes::Upper {
        acc.size() as u32 / 2
    } else {
        0
    };
    let regs = tmem.read_back(load.numeral, lanes, acc.elements);
    for warp in 0..4 {
        let regs = &regs[32 * warp as usize..][..32];
        for (lane, r) in regs.iter().enumerate() {
            let t = 32 * warp + lane as u32;
            assert_eq!(r.len() as u32, frag.elements, "{}", frag.name);
            for (j, &v) in r.iter().enumerate() {
                let (m, c) = frag.coords(t, j as u32).unwrap();
                assert_eq!(
                    v,
                    1 + base + m * frag.cols + c,
                    "{}: thread {t}, register {j}",
                    frag.name
                );
            }
        }
    }
}

/// Every thread and register of each composite (`fragment` itself compares every TMEM lane
/// and column only), over N whose column blocks are no power of two as well.
#[test]
fn composed_fragments_agree_with_storing_d_and_loading_it_back() {
    let b32 = || {
        CATALOG
            .iter()
            .filter(|e| e.operand == Operand::Tmem && e.element_bits == 32)
    };
    let mut composed = 0;
    for layout in LAYOUTS {
        // 24 and 200 columns: 3 and 25 blocks of an 8-column shape.
        for big_n in [24, 32, 64, 200, 256]
            .into_iter()
            .filter(|&n| layout.takes(n))
        {
            let acc = accumulator(layout, big_n);
            let acc = acc.numeral();
            for load in b32().filter(|e| acc.elements % e.numeral.cols == 0) {
                for lanes in [Lanes::Quarter, Lanes::Lower, Lanes::Upper] {
                    let Ok(frag) = fragment(&acc, load.numeral, lanes) else {
                        continue;
                    };
                    agrees_with_the_model(&acc, load, lanes, &frag.numeral());
                    composed += 1;
                }
            }
        }
    }
    assert!(composed > 500, "{composed}");
}

#[test]
fn fragment_refuses_what_is_no_tile_and_says_why() {
    let d = accumulator(MmaLayout::D, 64);
    let d = d.numeral();
    // D's lanes 0..16 of each quarter are rows 0..16, 32..48, ...: not a tile of half the rows.
    let e = fragment(&d, &cat::SM100_TMEM_16dp256b1x, Lanes::Lower).unwrap_err();
    assert!(matches!(e, FragmentError::NotATile { .. }), "{e:?}");
    assert!(e.message().as_str().contains("use `Lanes::Quarter`"));
    let e = fragment(&d, &cat::SM100_TMEM_32dp32b32x, Lanes::Upper).unwrap_err();
    assert_eq!(e, FragmentError::HalfOf32Lanes);
    let e = fragment(&d, &cat::SM100_TMEM_32dp32b128x, Lanes::Quarter).unwrap_err();
    assert_eq!(
        e,
        FragmentError::Columns {
            shape: 128,
            accumulator: 64
        }
    );
    assert!(
        e.message().as_str().contains("128 columns"),
        "{}",
        e.message().as_str()
    );
    let e = fragment(
        &cat::SM80_16x8x16_F32_C,
        &cat::SM100_TMEM_32dp32b1x,
        Lanes::Quarter,
    );
    assert_eq!(e.unwrap_err(), FragmentError::NotFourWarps { warps: 1 });
    let e = fragment(&d, &cat::SM90_64x8x16_F32_C, Lanes::Quarter).unwrap_err();
    assert_eq!(e, FragmentError::NotAShape { rows: 64, warps: 4 });
}

#[test]
fn the_f_halves_read_with_16_lane_shapes_are_the_two_m64_tiles() {
    let f = accumulator(MmaLayout::F, 128);
    let f = f.numeral();
    let lower = fragment(&f, &cat::SM100_TMEM_16dp256b4x, Lanes::Lower).unwrap();
    let upper = fragment(&f, &cat::SM100_TMEM_16dp256b4x, Lanes::Upper).unwrap();
    // Each an M = 64 tile read with the m16n8 accumulator pattern per warp, like a wgmma D.
    for frag in [lower.numeral(), upper.numeral()] {
        assert_eq!((frag.rows, frag.cols, frag.elements), (64, 128, 64));
        let wgmma = cat::SM90_64x128x16_F32_C;
        for t in 0..128 {
            for j in 0..64 {
                assert_eq!(
                    frag.coords(t, j),
                    wgmma.coords(t, j),
                    "thread {t}, register {j}"
                );
            }
        }
    }
}

/// Which load shape hands the wgmma-style accumulator layout (each warp's 16 rows as `m16n8`
/// tiles, what the `stmatrix` epilogues consume) its registers with no shuffle, asked of the
/// conversion planner for one M = 64 tile (layout F, lower half), N = 64: `.16x256b` at every
/// `.num` (CUTLASS's `sm100_get_tmem_load_op` picks `16dp256b` for `stmatrix` by hand), and no
/// other 16-lane shape.
#[test]
fn the_planner_picks_16x256b_to_feed_stmatrix() {
    use layout_core::convert::{Class, Plan};
    let f = accumulator(MmaLayout::F, 64);
    let f = f.numeral();
    let target = &cat::SM90_64x64x16_F32_C;
    let (mut free, mut shuffled) = (Vec::new(), Vec::new());
    for load in CATALOG
        .iter()
        .filter(|e| e.operand == Operand::Tmem && e.element_bits == 32 && e.numeral.rows == 16)
    {
        let Ok(frag) = fragment(&f, load.numeral, Lanes::Lower) else {
            continue;
        };
        let plan = Plan::new(&frag.numeral(), target).unwrap();
        if plan.class() == Class::LaneExchange {
            assert!(plan.rounds() > 0, "{}", load.name());
            shuffled.push(load.name());
        } else {
            free.push(load.name());
        }
    }
    assert_eq!(
        free,
        [
            "SM100_TMEM_16dp256b1x",
            "SM100_TMEM_16dp256b2x",
            "SM100_TMEM_16dp256b4x",
            "SM100_TMEM_16dp256b8x"
        ]
    );
    assert!(shuffled.len() >= 12, "{shuffled:?}");
}

/// The `.ws` layouts as the epilogue reads them: G's 32 x N tile, read with
/// `tcgen05.ld.32x32b`, gives each warp its quarter of the columns for all 32 rows; E's with
/// `.32x32b` gives warps 0-1 the left half and warps 2-3 the right half, as B's does.
#[test]
fn the_ws_layouts_hand_each_warp_a_block_of_columns() {
    let g = accumulator(MmaLayout::G, 128);
    let g = g.numeral();
    let frag = fragment(&g, &cat::SM100_TMEM_32dp32b32x, Lanes::Quarter).unwrap();
    let frag = frag.numeral();
    assert_eq!((frag.rows, frag.cols, frag.elements), (32, 128, 32));
    for t in 0..128 {
        for j in 0..32 {
            assert_eq!(frag.coords(t, j), Some((t % 32, 32 * (t / 32) + j)));
        }
    }
    let e = accumulator(MmaLayout::E, 64);
    let e = e.numeral();
    let b = accumulator(MmaLayout::B, 64);
    let b = b.numeral();
    assert_eq!((e.rows, e.cols, e.elements), (64, 64, 32));
    for lane in 0..128 {
        for col in 0..32 {
            assert_eq!(e.coords(lane, col), b.coords(lane, col));
        }
    }
    assert_ne!(e.name, b.name);
}

/// CuTe's `TmemAllocMode::Duplicated` A operand (`mma_traits_sm100_frag.hpp`: "Subpart0 =
/// A[0:32], Subpart1 = A[32:64], Subpart2 = A[0:32], Subpart3 = A[32:64]" for each CTA's 64
/// rows; apache/tvm's "replica A" for datapath B, `(64,K):(1@lane,1@col)` replicated at lane
/// stride 64): every word of the 64 x C tile in exactly two lanes, `m` and `m + 64`, and a
/// warp reading its quarter with `.32x32b` gets rows `32 (w % 2) ..`.
#[test]
fn duplicated_a_holds_each_row_in_two_lane_halves() {
    for columns in (8..=256).step_by(8) {
        let a = a_duplicated(columns);
        let n = a.numeral();
        assert!(n.is_bijection(), "{}", n.name);
        assert_eq!(
            (n.rows, n.cols, n.elements, n.copies()),
            (64, columns, columns, 2)
        );
        let mut seen = vec![0u32; (64 * columns) as usize];
        for lane in 0..128 {
            for col in 0..columns {
                let (m, c) = n.coords(lane, col).unwrap();
                assert_eq!((m, c), (lane % 64, col), "{}", n.name);
                seen[(m * columns + c) as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&k| k == 2), "{}", n.name);
    }
    // In the TMEM model: A's words stored at both places, read back per warp.
    let a = a_duplicated(16);
    let a = a.numeral();
    let mut tmem = Tmem::new(0);
    for lane in 0..128 {
        for col in 0..16 {
            let (m, c) = a.coords(lane, col).unwrap();
            tmem.0[lane as usize][col as usize] = 1 + m * 16 + c;
        }
    }
    let regs = tmem.read_back(&cat::SM100_TMEM_32dp32b16x, Lanes::Quarter, 16);
    let frag = fragment(&a, &cat::SM100_TMEM_32dp32b16x, Lanes::Quarter).unwrap();
    let frag = frag.numeral();
    assert_eq!(frag.copies(), 2);
    for (t, r) in regs.iter().enumerate() {
        let want: Vec<u32> = (0..16).map(|c| 1 + (t as u32 % 64) * 16 + c).collect();
        assert_eq!(*r, want, "thread {t}");
        for (j, &v) in r.iter().enumerate() {
            let (m, c) = frag.coords(t as u32, j as u32).unwrap();
            assert_eq!(v, 1 + m * 16 + c, "thread {t}, register {j}");
        }
    }
}

/// What `tmem::fragment`'s check rests on (it compares the composite at every TMEM lane and
/// every column, not at every thread and register): each `tcgen05.ld` shape sends each bit of
/// the lane and of the register to one bit of the row or of the column, and a register's cell
/// is the sum of its bits' cells.
#[test]
fn every_tmem_access_moves_row_or_column_bit_by_bit() {
    for e in CATALOG.iter().filter(|e| e.operand == Operand::Tmem) {
        let n = e.numeral;
        assert!(cat::is_tmem_access(n), "{}", e.name());
        assert_eq!(n.coords(0, 0), Some((0, 0)), "{}", e.name());
        let lane_bits: Vec<(u32, u32)> = (0..5).map(|b| n.coords(1 << b, 0).unwrap()).collect();
        let reg_bits: Vec<(u32, u32)> = (0..n.elements.trailing_zeros())
            .map(|b| n.coords(0, 1 << b).unwrap())
            .collect();
        for &(r, c) in lane_bits.iter().chain(&reg_bits) {
            assert!(
                (r == 0 && c.is_power_of_two()) || (c == 0 && r.is_power_of_two()),
                "{}: ({r}, {c})",
                e.name()
            );
        }
        for lane in 0..32u32 {
            for j in 0..n.elements {
                let mut want = (0, 0);
                let bits = (0..5)
                    .filter(|b| lane >> b & 1 == 1)
                    .map(|b| lane_bits[b as usize])
                    .chain(
                        (0..reg_bits.len())
                            .filter(|&b| j >> b & 1 == 1)
                            .map(|b| reg_bits[b]),
                    );
                for (r, c) in bits {
                    assert_eq!((want.0 & r, want.1 & c), (0, 0), "{}", e.name());
                    want = (want.0 | r, want.1 | c);
                }
                assert_eq!(n.coords(lane, j), Some(want), "{}: {lane}, {j}", e.name());
            }
        }
    }
}

/// An f16 or bf16 D (one element to a 32-bit column, in its low half) read with a
/// `.pack::16b` shape, two columns to a register: every composite against CuTe's
/// `SM100_TMEM_LOAD_*_16b` trait (each 16-bit value's TMEM cell) and CuTe's accumulator atom,
/// read as `fragment` describes the loads (loads across the columns, then the second lane
/// half). Every packed shape and `.num` at most 256 columns wide is composed over D at N = 256
/// and, for the 16-lane ones, over each M = 64 tile of F.
#[test]
fn packed_loads_of_a_16_bit_d_agree_with_cute() {
    let mut composed = 0;
    for (name, t) in transcription::tcgen05_accesses() {
        let transcription::Transcription::Tcgen05(shape, num, true) = t else {
            continue;
        };
        let cute = TCGEN05_SHAPES.iter().find(|s| s.1 == shape).unwrap().0;
        let load = cat::find(&name).unwrap();
        let n = load.numeral;
        let tr = cute_trait(cute, u64::from(num), true);
        let cells: Vec<Vec<(u32, u32)>> = (0..32)
            .map(|l| {
                (0..u64::from(n.elements))
                    .map(|i| {
                        let a = tr.address(l, 16 * i);
                        assert_eq!(a % 32, 0, "{name}: the low half of a column");
                        ((a / DP_B) as u32, ((a % DP_B) / 32) as u32)
                    })
                    .collect()
            })
            .collect();
        for layout in LAYOUTS {
            for big_n in [64, 256].into_iter().filter(|&n| layout.takes(n)) {
                let acc = accumulator(layout, big_n);
                let acc = acc.numeral();
                let mut at = vec![vec![None; acc.elements as usize]; 128];
                for m in 0..acc.rows {
                    for c in 0..big_n {
                        let (lane, col) = cute_accumulator(layout, big_n, m, c);
                        at[lane as usize][col as usize] = Some((m, c));
                    }
                }
                for lanes in [Lanes::Quarter, Lanes::Lower, Lanes::Upper] {
                    let frag = match fragment(&acc, n, lanes) {
                        Ok(f) => f,
                        Err(e) => {
                            let must = n.cols <= big_n
                                && ((layout == MmaLayout::D && lanes == Lanes::Quarter)
                                    || (layout == MmaLayout::F && n.rows == 16));
                            assert!(!must, "{name} on {}: {e:?}", acc.name);
                            continue;
                        }
                    };
                    let frag = frag.numeral();
                    let halves = if lanes == Lanes::Quarter {
                        32 / n.rows
                    } else {
                        1
                    };
                    let first = if lanes == Lanes::Upper { 16 } else { 0 };
                    let blocks = acc.elements / n.cols;
                    assert_eq!(frag.elements, n.elements * blocks * halves, "{name}");
                    let skip = if lanes == Lanes::Upper {
                        acc.rows / 2
                    } else {
                        0
                    };
                    for t in 0..128 {
                        for i in 0..frag.elements {
                            let (k, e) = (i / n.elements, i % n.elements);
                            let (block, half) = (k % blocks, k / blocks);
                            let (l, c) = cells[(t % 32) as usize][e as usize];
                            let lane = 32 * (t / 32) + first + 16 * half + l;
                            let (m, col) = at[lane as usize][(block * n.cols + c) as usize]
                                .expect("every cell holds an element of D");
                            assert_eq!(
                                frag.coords(t, i),
                                Some((m - skip, col)),
                                "{name} on {}: thread {t}, element {i}",
                                acc.name
                            );
                        }
                    }
                    composed += 1;
                }
            }
        }
    }
    assert!(composed > 150, "{composed}");
}

/// CuTe's `UMMA::tmem_frg_1sm` for M = 64 (`mma_traits_sm100_frag.hpp`): the atom
/// `((16,4),N):((1,32),128)` in virtual addresses (`dp + 128 * col`), tiled by
/// `tiled_product` over the M = 64 tiles with a compact column-major layout of stride 1
/// (`Interleaved`) or 2 (`NonInterleaved`, the 1-SM `_TS` MMAs). The atom's complement in
/// that product is `(2, _):(16, 128 N)`: tile index `k` lands at `16 (k % 2) + 128 N (k / 2)`.
/// `(TMEM lane, column)` of D`[m][n]` of M = 64 tile `tile`.
fn cute_tmem_frg_1sm_m64(
    non_interleaved: bool,
    big_n: u32,
    tile: u32,
    m: u32,
    n: u32,
) -> (u32, u32) {
    let stride = if non_interleaved { 2 } else { 1 };
    let k = u64::from(tile * stride);
    let atom = eval(&vec![(16, 1), (4, 32)], u64::from(m)) + 128 * u64::from(n);
    let a = atom + eval(&vec![(2, 16), (4, 128 * u64::from(big_n))], k);
    ((a % 128) as u32, (a / 128) as u32)
}

/// CuTe's interleaved pair of M = 64 tiles is layout F (the second tile at lanes + 16); the
/// non-interleaved pair of the `_TS` MMAs puts the second tile in the first's lanes at columns
/// N .. 2N, where reading F's lower tile at base column N reads it.
#[test]
fn the_non_interleaved_second_m64_tile_is_f_lower_at_columns_n() {
    for big_n in ns(MmaLayout::F) {
        let f = accumulator(MmaLayout::F, big_n);
        let f = f.numeral();
        for m in 0..64 {
            for n in 0..big_n {
                for tile in 0..2 {
                    let (lane, col) = cute_tmem_frg_1sm_m64(false, big_n, tile, m, n);
                    assert_eq!(f.coords(lane, col), Some((m + 64 * tile, n)), "N = {big_n}");
                }
                let first = cute_tmem_frg_1sm_m64(true, big_n, 0, m, n);
                let (lane, col) = cute_tmem_frg_1sm_m64(true, big_n, 1, m, n);
                assert_eq!((lane, col), (first.0, first.1 + big_n), "N = {big_n}");
                assert!(lane % 32 < 16, "the lower lanes only");
                assert_eq!(f.coords(lane, col - big_n), Some((m, n)));
            }
        }
    }
}

/// `tmem::non_interleaved`: the warpgroup's fragment of both non-interleaved M = 64 tiles
/// after each warp reads its lower lanes, for every 16-lane shape (`.b32` and packed) that
/// fits, against CuTe's `tmem_frg_1sm<.., NonInterleaved>` read through the shape.
#[test]
fn the_non_interleaved_pair_read_back_is_cutes() {
    let mut composed = 0;
    for big_n in [8, 64, 136, 256] {
        let mut at = vec![vec![None; 2 * big_n as usize]; 128];
        for tile in 0..2 {
            for m in 0..64 {
                for n in 0..big_n {
                    let (lane, col) = cute_tmem_frg_1sm_m64(true, big_n, tile, m, n);
                    at[lane as usize][col as usize] = Some((m + 64 * tile, n));
                }
            }
        }
        for load in CATALOG.iter().filter(|e| e.operand == Operand::Tmem) {
            let n = load.numeral;
            let got = non_interleaved(big_n, n);
            if big_n % n.cols != 0 {
                assert!(matches!(got, Err(FragmentError::Columns { .. })));
                continue;
            }
            if n.rows == 32 {
                assert_eq!(got.unwrap_err(), FragmentError::HalfOf32Lanes);
                continue;
            }
            let frag = got.unwrap_or_else(|e| panic!("{} at N = {big_n}: {e:?}", load.name()));
            let frag = frag.numeral();
            assert_eq!((frag.rows, frag.cols), (128, big_n), "{}", frag.name);
            assert!(frag.is_bijection(), "{}", frag.name);
            for t in 0..128 {
                for i in 0..frag.elements {
                    let (block, e) = (i / n.elements, i % n.elements);
                    let (l, c) = n.coords(t % 32, e).unwrap();
                    let cell = at[(32 * (t / 32) + l) as usize][(block * n.cols + c) as usize];
                    assert_eq!(
                        frag.coords(t, i),
                        cell,
                        "{}: thread {t}, element {i}",
                        frag.name
                    );
                }
            }
            composed += 1;
        }
    }
    assert!(composed > 100, "{composed}");
}
