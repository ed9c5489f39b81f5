//! `#[fragment_layout(.., shared = LAYOUT)]`: for every lane the generated scatter writes
//! exactly the cells `SharedLayout::offset` names for the lane's elements (and no other), and
//! the gather reads them back, on row-major, padded, swizzled and column-major tiles, element
//! by element and with `vector = 2`.

use fraglayout::fragment_layout;
use layout_core::catalog::SM80_16x8x16_F32_C;
use layout_core::shared::{SharedLayout, Swizzle};
use layout_core::Numeral;

const PLAIN: SharedLayout = SharedLayout::row_major(16, 8, 4);
const PADDED: SharedLayout = SharedLayout::padded(16, 8, 4, 4);
const SWIZZLED: SharedLayout = SharedLayout::swizzled(16, 8, 4, Swizzle::new(1, 1, 3));
const COLUMNS: SharedLayout = SharedLayout::padded(16, 8, 4, 2).col_major();

macro_rules! pair {
    ($put:ident, $get:ident, $layout:ident $(, $opt:tt)*) => {
        #[fragment_layout(SM80_16x8x16_F32_C, shared = $layout $(, $opt)*)]
        fn $put(lane: u32, frag: &[f32; 4], smem: &mut [f32]) {
            |offset, value| smem[offset] = value
        }
        #[fragment_layout(SM80_16x8x16_F32_C, gather, shared = $layout $(, $opt)*)]
        fn $get(lane: u32, smem: &[f32]) -> [f32; 4] {
            |offset| smem[offset]
        }
    };
}

pair!(put_plain, get_plain, PLAIN);
pair!(put_padded, get_padded, PADDED);
pair!(put_swizzled, get_swizzled, SWIZZLED);
pair!(put_columns, get_columns, COLUMNS);

#[fragment_layout(SM80_16x8x16_F32_C, shared = SWIZZLED, vector = 2, conflict_free)]
fn put_pairs(lane: u32, frag: &[f32; 4], smem: &mut [f32]) {
    |offset: u16, values| smem[offset as usize..offset as usize + 2].copy_from_slice(&values)
}

#[fragment_layout(SM80_16x8x16_F32_C, gather, shared = PADDED, vector = 2)]
fn get_pairs(lane: u32, smem: &[f32]) -> [f32; 4] {
    |offset| [smem[offset], smem[offset + 1]]
}

type Put = fn(u32, &[f32; 4], &mut [f32]);
type Get = fn(u32, &[f32]) -> [f32; 4];

fn tag(lane: u32, e: u32) -> f32 {
    (lane * 16 + e + 1) as f32
}

/// Each lane alone writes exactly its cells; all lanes together fill the tile, and every lane
/// gathers its fragment back.
fn check(n: &Numeral, layout: &SharedLayout, put: Put, get: Get) {
    assert!(layout.check().is_ok(), "{layout:?}");
    let span = layout.span() as usize;
    let mut all = vec![0.0f32; span];
    for lane in 0..32 {
        let frag: [f32; 4] = std::array::from_fn(|e| tag(lane, e as u32));
        let mut alone = vec![0.0f32; span];
        put(lane, &frag, &mut alone);
        let mut want = vec![0.0f32; span];
        for e in 0..4 {
            let (r, c) = n.coords(lane, e).unwrap();
            want[layout.offset(r, c).unwrap() as usize] = tag(lane, e);
        }
        assert_eq!(alone, want, "lane {lane} on {layout:?}");
        put(lane, &frag, &mut all);
    }
    assert_eq!(all.iter().filter(|v| **v != 0.0).count(), 128);
    for lane in 0..32 {
        let want: [f32; 4] = std::array::from_fn(|e| tag(lane, e as u32));
        assert_eq!(get(lane, &all), want, "lane {lane} on {layout:?}");
    }
    // A lane outside the layout writes nothing and gathers the default.
    let mut none = vec![0.0f32; span];
    put(32, &[1.0; 4], &mut none);
    assert!(none.iter().all(|v| *v == 0.0));
    assert_eq!(get(32, &all), [0.0; 4]);
}

#[test]
fn scatter_writes_the_cells_offset_names_and_gather_reads_them_back() {
    let n = &SM80_16x8x16_F32_C;
    check(n, &PLAIN, put_plain, get_plain);
    check(n, &PADDED, put_padded, get_padded);
    check(n, &SWIZZLED, put_swizzled, get_swizzled);
    check(n, &COLUMNS, put_columns, get_columns);
    check(n, &SWIZZLED, put_pairs, get_swizzled);
    check(n, &PADDED, put_padded, get_pairs);
}

#[test]
fn the_swizzle_moves_cells_the_plain_layout_keeps() {
    // The test above would pass for a swizzle the code ignored only if it moved nothing.
    let moved = (0..16)
        .flat_map(|r| (0..8).map(move |c| (r, c)))
        .filter(|&(r, c)| SWIZZLED.offset(r, c) != PLAIN.offset(r, c))
        .count();
    assert_eq!(moved, 64);
}
