//! `#[fragment_layout(.., shared = LAYOUT)]` past one warp's plain lanes: the `wgmma`
//! accumulator of a warpgroup (128 threads in 4 warps) and a numeral whose lane digit straddles
//! rows (a band, `thread_wrap() != 0`). For every thread the generated scatter writes exactly
//! the cells the test's own arithmetic names (the ISA's formula, or the numeral's digits, for
//! `(row, col)`; the layout's formula written out here for the offset, and checked against
//! `SharedLayout::offset`), all threads together fill the tile, and the gather reads every
//! thread's fragment back.

use fraglayout::generated::{
    shared_conflict_message, shared_lane_mask, shared_offsets, ElementAt, SharedOffset,
};
use fraglayout::{fragment_layout, numeral};
use fraglayout_tests::transcription;
use layout_core::catalog::{SM80_16x8x16_F32_C, SM90_64x16x16_F32_C, SM90_64x256x16_F32_C};
use layout_core::shared::{AtomOrder, SharedLayout, Swizzle, SwizzleMode};

// The warpgroup's 64 x 16 f32 accumulator, 8 elements a thread.
const WG_PLAIN: SharedLayout = SharedLayout::row_major(64, 16, 4);
// Offset bit 5 (row bit 1) flips offset bit 3 (column bit 3): rows `r` and `r + 2`, 128 bytes
// apart, use the two halves of the banks.
const WG_SWIZZLED: SharedLayout = SharedLayout::swizzled(64, 16, 4, Swizzle::new(1, 3, 2));
const WG_COLUMNS: SharedLayout = SharedLayout::padded(64, 16, 4, 4).col_major();

// Grids of 128-byte atoms: the Hopper epilogue tile in 8 slabs of 64 rows, and the 64 x 16
// accumulator stored M-contiguous (lines are columns), two atoms down M, in CuTe's bands.
const WG_SLABS: SharedLayout = SharedLayout::hopper(64, 256, 4, SwizzleMode::B128);
const WG_BANDS: SharedLayout = SharedLayout::hopper(64, 16, 4, SwizzleMode::B128)
    .col_major()
    .with_order(AtomOrder::Bands);

numeral! {
    /// `lane % 4` at place 2 spans offsets 2..8 of 6-column rows: a band, so the lane's part
    /// of the offset is split into row and column at run time and each element carries.
    pub BAND: 32 x 6, elements 6 { e % 2 => 1, lane % 4 => 2, e / 2 => 8, lane / 4 => 24 }
}

const BAND_PLAIN: SharedLayout = SharedLayout::row_major(32, 6, 4);
const BAND_PADDED: SharedLayout = SharedLayout::padded(32, 6, 4, 2);
// Offset bit 4 (row bit 1 of the 8-element pitch) flips column bit 1: columns 4 and 5 of
// those rows move into the padding, 6 and 7.
const BAND_SWIZZLED: SharedLayout = BAND_PADDED.with_swizzle(Swizzle::new(1, 1, 3));
const BAND_COLUMNS: SharedLayout = SharedLayout::padded(32, 6, 4, 1).col_major();

/// A scatter and a gather of one numeral through one layout, element by element.
macro_rules! pair {
    ($n:ident, $len:literal, $put:ident, $get:ident, $layout:ident) => {
        #[fragment_layout($n, shared = $layout)]
        fn $put(thread: u32, frag: &[f32; $len], smem: &mut [f32]) {
            |offset, value| smem[offset] = value
        }
        #[fragment_layout($n, gather, shared = $layout)]
        fn $get(thread: u32, smem: &[f32]) -> [f32; $len] {
            |offset| smem[offset]
        }
    };
}

pair!(SM90_64x16x16_F32_C, 8, put_wg_plain, get_wg_plain, WG_PLAIN);
pair!(
    SM90_64x16x16_F32_C,
    8,
    put_wg_swizzled,
    get_wg_swizzled,
    WG_SWIZZLED
);
pair!(
    SM90_64x16x16_F32_C,
    8,
    put_wg_columns,
    get_wg_columns,
    WG_COLUMNS
);
pair!(
    SM90_64x256x16_F32_C,
    128,
    put_wg_slabs,
    get_wg_slabs,
    WG_SLABS
);
pair!(SM90_64x16x16_F32_C, 8, put_wg_bands, get_wg_bands, WG_BANDS);

// Fragments placed inside a larger tile: a warp's m16n8k16 accumulator at (16, 40) of a
// swizzled 64 x 64 f32 tile, a warpgroup's 64 x 16 accumulator at column 200 of the slabs.
const BIG: SharedLayout = SharedLayout::swizzled(64, 64, 4, Swizzle::new(3, 2, 3));

#[fragment_layout(SM80_16x8x16_F32_C, shared = BIG, at = (16, 40), vector = 2, conflict_free)]
fn put_placed(lane: u32, frag: &[f32; 4], smem: &mut [f32]) {
    |offset, values| smem[offset..offset + 2].copy_from_slice(&values)
}

#[fragment_layout(SM80_16x8x16_F32_C, gather, shared = BIG, at = (16, 40))]
fn get_placed(lane: u32, smem: &[f32]) -> [f32; 4] {
    |offset| smem[offset]
}

#[fragment_layout(SM90_64x16x16_F32_C, shared = WG_SLABS, at = (0, 200))]
fn put_wg_placed(thread: u32, frag: &[f32; 8], smem: &mut [f32]) {
    |offset, value| smem[offset] = value
}

#[fragment_layout(SM90_64x16x16_F32_C, gather, shared = WG_SLABS, at = (0, 200))]
fn get_wg_placed(thread: u32, smem: &[f32]) -> [f32; 8] {
    |offset| smem[offset]
}

#[fragment_layout(SM90_64x256x16_F32_C, shared = WG_SLABS, vector = 2)]
fn put_wg_slab_pairs(thread: u32, frag: &[f32; 128], smem: &mut [f32]) {
    |offset, values| smem[offset..offset + 2].copy_from_slice(&values)
}

/// `align = 8` through a raw pointer: each pair of the slab tile one 8-byte access.
///
/// # Safety
/// `smem` holds the tile and is 8-byte aligned.
#[fragment_layout(SM90_64x256x16_F32_C, shared = WG_SLABS, align = 8)]
unsafe fn put_wg_slab_aligned(thread: u32, frag: &[f32; 128], smem: *mut f32) {
    |offset, value| unsafe { *smem.add(offset) = value }
}

/// # Safety
/// As [`put_wg_slab_aligned`], for reads.
#[fragment_layout(SM90_64x256x16_F32_C, gather, shared = WG_SLABS, align = 8)]
unsafe fn get_wg_slab_aligned(thread: u32, smem: *const f32) -> [f32; 128] {
    |offset| unsafe { smem.add(offset).read() }
}

pair!(BAND, 6, put_band_plain, get_band_plain, BAND_PLAIN);
pair!(BAND, 6, put_band_padded, get_band_padded, BAND_PADDED);
pair!(BAND, 6, put_band_swizzled, get_band_swizzled, BAND_SWIZZLED);
pair!(BAND, 6, put_band_columns, get_band_columns, BAND_COLUMNS);

// Two f32 a store, 8 bytes (two phases of 16 lanes a warp): compiles only if the bank model
// finds every warp's stores conflict-free.
#[fragment_layout(SM90_64x16x16_F32_C, shared = WG_SWIZZLED, vector = 2, conflict_free)]
fn put_wg_pairs(thread: u32, frag: &[f32; 8], smem: &mut [f32]) {
    |offset: u16, values| smem[offset as usize..offset as usize + 2].copy_from_slice(&values)
}

#[fragment_layout(SM90_64x16x16_F32_C, gather, shared = WG_SWIZZLED, vector = 2)]
fn get_wg_pairs(thread: u32, smem: &[f32]) -> [f32; 8] {
    |offset| [smem[offset], smem[offset + 1]]
}

/// What is checked: a numeral's `threads` threads of `N` elements each, `coords` its
/// `(thread, element) -> (row, col)` computed by the test, through `layout` with its offset
/// formula `offset` written out by the test.
struct Case<'a, const N: usize> {
    name: &'static str,
    threads: u32,
    rows: u32,
    cols: u32,
    coords: &'a dyn Fn(u32, u32) -> (u32, u32),
    layout: SharedLayout,
    offset: fn(u32, u32) -> usize,
    put: fn(u32, &[f32; N], &mut [f32]),
    get: fn(u32, &[f32]) -> [f32; N],
}

fn tag(thread: u32, e: usize) -> f32 {
    (thread as usize * 16 + e + 1) as f32
}

/// Each thread alone writes exactly its cells; all threads together fill every cell of the
/// tile once; every thread gathers its fragment back; a thread outside the numeral writes
/// nothing and gathers the default.
fn check<const N: usize>(c: &Case<N>) {
    let name = c.name;
    assert!(c.layout.check().is_ok(), "{name}: {:?}", c.layout);
    for r in 0..c.rows {
        for col in 0..c.cols {
            let want = Some((c.offset)(r, col) as u32);
            assert_eq!(c.layout.offset(r, col), want, "{name}: ({r}, {col})");
        }
    }
    let span = c.layout.span() as usize;
    let mut all = vec![0.0f32; span];
    for t in 0..c.threads {
        let frag: [f32; N] = std::array::from_fn(|e| tag(t, e));
        let mut alone = vec![0.0f32; span];
        (c.put)(t, &frag, &mut alone);
        let mut want = vec![0.0f32; span];
        for (e, &value) in frag.iter().enumerate() {
            let (r, col) = (c.coords)(t, e as u32);
            want[(c.offset)(r, col)] = value;
        }
        assert_eq!(cells(&alone), cells(&want), "{name}: thread {t}");
        (c.put)(t, &frag, &mut all);
    }
    let filled = all.iter().filter(|v| **v != 0.0).count();
    assert_eq!(filled, (c.rows * c.cols) as usize, "{name}");
    assert_eq!(filled, c.threads as usize * N, "{name}");
    for t in 0..c.threads {
        let want: [f32; N] = std::array::from_fn(|e| tag(t, e));
        assert_eq!((c.get)(t, &all), want, "{name}: thread {t}");
    }
    let mut none = vec![0.0f32; span];
    (c.put)(c.threads, &[1.0; N], &mut none);
    assert!(none.iter().all(|v| *v == 0.0), "{name}");
    assert_eq!((c.get)(c.threads, &all), [0.0; N], "{name}");
}

/// The written cells of a tile, `(offset, value)`.
fn cells(tile: &[f32]) -> Vec<(usize, f32)> {
    tile.iter()
        .copied()
        .enumerate()
        .filter(|c| c.1 != 0.0)
        .collect()
}

/// `offset ^ ((offset >> shift) & (mask << base))`, CuTe's `Swizzle<bits, base, shift>`.
fn swizzle(offset: u32, bits: u32, base: u32, shift: u32) -> usize {
    (offset ^ ((offset >> shift) & (((1 << bits) - 1) << base))) as usize
}

#[test]
fn a_warpgroup_accumulator_lands_where_the_isa_puts_it() {
    let isa = transcription::formula("SM90_64x16x16_F32_C").expect("an ISA transcription");
    let n = &SM90_64x16x16_F32_C;
    assert_eq!((n.threads(), n.elements, n.rows, n.cols), (128, 8, 64, 16));
    let case = |name, layout, offset: fn(u32, u32) -> usize, put, get| Case::<8> {
        name,
        threads: 128,
        rows: 64,
        cols: 16,
        coords: &isa,
        layout,
        offset,
        put,
        get,
    };
    check(&case(
        "row-major",
        WG_PLAIN,
        |r, c| (r * 16 + c) as usize,
        put_wg_plain,
        get_wg_plain,
    ));
    check(&case(
        "swizzled",
        WG_SWIZZLED,
        |r, c| swizzle(r * 16 + c, 1, 3, 2),
        put_wg_swizzled,
        get_wg_swizzled,
    ));
    check(&case(
        "column-major",
        WG_COLUMNS,
        |r, c| (c * 68 + r) as usize,
        put_wg_columns,
        get_wg_columns,
    ));
    // Pairs both ways, each with the element-wise other, so either side's fault shows.
    check(&case(
        "pairs",
        WG_SWIZZLED,
        |r, c| swizzle(r * 16 + c, 1, 3, 2),
        put_wg_pairs,
        get_wg_swizzled,
    ));
    check(&case(
        "pairs back",
        WG_SWIZZLED,
        |r, c| swizzle(r * 16 + c, 1, 3, 2),
        put_wg_swizzled,
        get_wg_pairs,
    ));
    // Warps 1..4 are rows 16..64: a warpgroup index read as a lane would put them in rows 0..16.
    assert_eq!(isa(127, 7).0, 63);
}

/// The byte swizzle of a 128-byte atom, `o ^ (((o >> 7) & 7) << 4)`, on f32 offsets.
fn swz128_f32(element: usize) -> usize {
    let o = element * 4;
    (o ^ (((o >> 7) & 7) << 4)) / 4
}

#[test]
fn a_warpgroup_accumulator_lands_in_grids_of_atoms() {
    let wide = transcription::formula("SM90_64x256x16_F32_C").expect("an ISA transcription");
    let slabs = Case::<128> {
        name: "slabs",
        threads: 128,
        rows: 64,
        cols: 256,
        coords: &wide,
        layout: WG_SLABS,
        // Slab c / 32 of 64 rows x 32 f32, each swizzled as one 128-byte atom column.
        offset: |r, c| 2048 * (c as usize / 32) + swz128_f32(32 * r as usize + c as usize % 32),
        put: put_wg_slabs,
        get: get_wg_slabs,
    };
    check(&slabs);
    check(&Case {
        name: "slab pairs",
        put: put_wg_slab_pairs,
        ..slabs
    });
    // No thread's part carries across a slab's edge: every element is the thread's swizzled
    // base plus or xor a constant, as from one base in a hand-written store.
    let n = &SM90_64x256x16_F32_C;
    let table: [ElementAt; 128] = n.element_table();
    let offsets = shared_offsets(n, &WG_SLABS, &table);
    assert!(
        offsets.iter().all(|o| *o != SharedOffset::Swizzle),
        "{offsets:?}"
    );
    // A constant XORed in is split as the generated code splits it: the bits a thread's
    // swizzled offset may have (its unswizzled bits, and those the swizzle toggles from them)
    // XORed, the rest added. The XORed part is the column block's 16-byte chunk bits within
    // its slab (blocks 1 to 3 of each slab's 4: 24 blocks of 4 elements), three bases a
    // thread besides its own; the slab, row 8 and column 1 are added, for all but the 3
    // elements at the thread's own row and column in slab 0. `put_wg_slabs` above writes
    // them where the layout's formula puts them.
    let mask = shared_lane_mask(n, &WG_SLABS);
    let swizzle = WG_SLABS.swizzle();
    let bits = mask | (swizzle.apply(mask as u32) ^ mask as u32) as usize;
    let split: Vec<(usize, usize)> = offsets
        .iter()
        .filter_map(|o| match o {
            SharedOffset::Xor(k) => Some((k & bits, k & !bits)),
            _ => None,
        })
        .collect();
    assert_eq!(split.iter().filter(|(x, _)| *x != 0).count(), 96);
    assert_eq!(split.iter().filter(|(x, a)| *x != 0 && *a != 0).count(), 93);
    let mut xors: Vec<usize> = split.iter().map(|s| s.0).collect();
    xors.sort();
    xors.dedup();
    assert_eq!(xors, [8, 16, 24]);
    let isa = transcription::formula("SM90_64x16x16_F32_C").expect("an ISA transcription");
    check(&Case::<8> {
        name: "bands",
        threads: 128,
        rows: 64,
        cols: 16,
        coords: &isa,
        layout: WG_BANDS,
        // Atoms of 32 rows (M) x 8 columns (K lines): atom r / 32 of band c / 8.
        offset: |r, c| {
            let (m, k) = (r as usize, c as usize);
            256 * (m / 32) + 512 * (k / 8) + swz128_f32(32 * (k % 8) + m % 32)
        },
        put: put_wg_bands,
        get: get_wg_bands,
    });
}

/// Each thread writes its elements at the layout's offset of `at` plus the element's
/// coordinates (the ISA's), nothing else, and reads them back.
fn placed<const N: usize>(
    name: &str,
    threads: u32,
    coords: &dyn Fn(u32, u32) -> (u32, u32),
    (layout, at): (SharedLayout, (u32, u32)),
    put: fn(u32, &[f32; N], &mut [f32]),
    get: fn(u32, &[f32]) -> [f32; N],
) {
    let span = layout.span() as usize;
    let mut all = vec![0.0f32; span];
    for t in 0..threads {
        let frag: [f32; N] = std::array::from_fn(|e| tag(t, e));
        let mut alone = vec![0.0f32; span];
        put(t, &frag, &mut alone);
        let mut want = vec![0.0f32; span];
        for (e, &value) in frag.iter().enumerate() {
            let (r, c) = coords(t, e as u32);
            want[layout.offset(at.0 + r, at.1 + c).unwrap() as usize] = value;
        }
        assert_eq!(cells(&alone), cells(&want), "{name}: thread {t}");
        put(t, &frag, &mut all);
        assert_eq!(get(t, &all), frag, "{name}: thread {t}");
    }
}

#[test]
fn a_fragment_placed_in_a_larger_tile_lands_at_its_place() {
    let warp = transcription::formula("SM80_16x8x16_F32_C").expect("an ISA transcription");
    placed("warp", 32, &warp, (BIG, (16, 40)), put_placed, get_placed);
    let wg = transcription::formula("SM90_64x16x16_F32_C").expect("an ISA transcription");
    placed(
        "warpgroup",
        128,
        &wg,
        (WG_SLABS, (0, 200)),
        put_wg_placed,
        get_wg_placed,
    );
    // The bank model counts the placed access: at (16, 40) the pairs are conflict-free (the
    // word `conflict_free` above compiled), and the same place in the unswizzled tile is not.
    let n = &layout_core::catalog::SM80_16x8x16_F32_C;
    let plain = SharedLayout::row_major(64, 64, 4);
    let m = fraglayout::generated::shared_conflict_message_at(n, &plain, 2, false, "P", (16, 40));
    assert!(m.expect("a conflict").as_str().contains("conflict"));
    let past = fraglayout::generated::shared_tile_error_at(n, &BIG, "BIG", Some((56, 0)));
    assert_eq!(
        past.expect("outside").as_str(),
        "`at = (56, 0)` puts numeral `SM80_16x8x16_F32_C`'s 16 x 8 tile past the shared layout \
         `BIG`'s 64 x 64 tile: place it at a row of at most 48 and a column of at most 56"
    );
}

#[test]
fn the_warpgroup_conflict_check_counts_every_warp() {
    let n = &SM90_64x16x16_F32_C;
    // `put_wg_pairs` compiled with `conflict_free`: the model agrees, and the same stores into
    // the plain tile (rows 128 bytes apart in one bank row) conflict, so the check can fail.
    assert!(shared_conflict_message(n, &WG_SWIZZLED, 2, false, "S").is_none());
    let m = shared_conflict_message(n, &WG_PLAIN, 2, false, "WG_PLAIN").expect("a conflict");
    assert!(m.as_str().contains("2-way conflict"), "{m}");
}

#[test]
fn a_numeral_with_a_band_lands_where_its_digits_put_it() {
    assert_eq!(BAND.thread_wrap(), 6);
    // The digits by hand: `e % 2 => 1, lane % 4 => 2, e / 2 => 8, lane / 4 => 24`.
    let digits = |t: u32, e: u32| {
        let at = e % 2 + (t % 4) * 2 + (e / 2) * 8 + (t / 4) * 24;
        (at / 6, at % 6)
    };
    // Lane 3, element 1: offset 1 + 6 = 7, row 1, column 1 (the lane's 6 carried).
    assert_eq!(digits(3, 1), (1, 1));
    let case = |name, layout, offset: fn(u32, u32) -> usize, put, get| Case::<6> {
        name,
        threads: 32,
        rows: 32,
        cols: 6,
        coords: &digits,
        layout,
        offset,
        put,
        get,
    };
    check(&case(
        "band row-major",
        BAND_PLAIN,
        |r, c| (r * 6 + c) as usize,
        put_band_plain,
        get_band_plain,
    ));
    check(&case(
        "band padded",
        BAND_PADDED,
        |r, c| (r * 8 + c) as usize,
        put_band_padded,
        get_band_padded,
    ));
    check(&case(
        "band swizzled",
        BAND_SWIZZLED,
        |r, c| swizzle(r * 8 + c, 1, 1, 3),
        put_band_swizzled,
        get_band_swizzled,
    ));
    check(&case(
        "band column-major",
        BAND_COLUMNS,
        |r, c| (c * 33 + r) as usize,
        put_band_columns,
        get_band_columns,
    ));
}

#[test]
fn aligned_pairs_land_where_the_element_scatter_puts_them() {
    // Each thread alone, into an 8-byte aligned tile: the same cells as `put_wg_slabs`, which
    // `a_warpgroup_accumulator_lands_in_grids_of_atoms` holds to the layout's formula; and
    // the gather reads the fragment back.
    let span = WG_SLABS.span() as usize;
    for thread in 0..=128 {
        let frag: [f32; 128] = core::array::from_fn(|e| (thread * 128 + e as u32 + 1) as f32);
        let mut want = vec![0.0f32; span];
        put_wg_slabs(thread, &frag, &mut want);
        let mut words = vec![0u64; span / 2];
        let d = words.as_mut_ptr() as *mut f32;
        // SAFETY: `words` holds the tile, 8-byte aligned.
        unsafe { put_wg_slab_aligned(thread, &frag, d) };
        // SAFETY: `words` holds `span` initialized `f32`s.
        let got = unsafe { core::slice::from_raw_parts(d, span) };
        assert_eq!(got, &want[..], "thread {thread}");
        // SAFETY: as above, for reads.
        let back = unsafe { get_wg_slab_aligned(thread, d) };
        let want_back = if thread < 128 { frag } else { [0.0; 128] };
        assert_eq!(back, want_back, "thread {thread}");
    }
}
