//! Every input `#[fragment_layout]` accepts generates code that does what it says (issue 11):
//! numerals whose digits straddle rows unevenly, bodies with control flow of their own, lane
//! parameters of any integer type and value, typed coordinates, and threads outside the layout.
//! Each scatter runs over every thread and every cell is compared with `Numeral::coords`.

use layout_core::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C};
use layout_core::pack::unpack_b16_array;
use layout_core::Numeral;
use layout_macros::{fragment_layout, numeral};

/// A cell nothing wrote.
const EMPTY: u32 = u32::MAX;

/// A code naming `(thread, e)`, distinct for every element and never [`EMPTY`] or 0.
fn code(thread: u32, e: u32) -> u32 {
    thread * 1000 + e + 1
}

/// The fragment of codes of `thread`.
fn codes<const N: usize>(thread: u32) -> [u32; N] {
    core::array::from_fn(|e| code(thread, e as u32))
}

/// `out` after `store(thread, codes)` for every thread of `n`, into an `n.rows x ld` matrix.
fn scatter_all<const N: usize>(
    n: &Numeral,
    ld: usize,
    store: impl Fn(u32, &[u32; N], &mut [u32]),
) -> Vec<u32> {
    let mut out = vec![EMPTY; n.rows as usize * ld];
    for t in 0..n.threads() {
        store(t, &codes(t), &mut out);
    }
    out
}

/// Every cell of `out` holds the code `n.coords` puts there when `keep(thread, e)`, and
/// nothing else was written.
fn assert_cells(n: &Numeral, ld: usize, out: &[u32], keep: impl Fn(u32, u32) -> bool) {
    let mut want = vec![EMPTY; n.rows as usize * ld];
    for t in 0..n.threads() {
        for e in 0..n.elements {
            let (r, c) = n.coords(t, e).unwrap();
            if keep(t, e) {
                want[r as usize * ld + c as usize] = code(t, e);
            }
        }
    }
    let wrong = out.iter().zip(&want).filter(|(a, b)| a != b).count();
    assert_eq!(wrong, 0, "{}: {wrong} of {} cells wrong", n.name, out.len());
}

// ---------------------------------------------------------------------------------------------
// Digits that straddle rows unevenly.

numeral! {
    /// The numeral: `e % 3` and `e / 3` straddle the 2-column rows (element offsets
    /// 0..6 are rows 0..3 of both columns); `lane` is a plain row digit.
    pub ODD: 96 x 2, elements 6 { e % 3 => 1, e / 3 => 3, lane => 6 }
}

numeral! {
    /// A lane digit in the band: `lane % 4` at place 2 spans offsets 2..8 of 6-column rows,
    /// so generated code splits the lane's offset by one division by 6 and carries per element.
    /// Elements 2k and 2k + 1 are neighbours (`e % 2` at place 1), so pairs fire too.
    pub BAND: 32 x 6, elements 6 { e % 2 => 1, lane % 4 => 2, e / 2 => 8, lane / 4 => 24 }
}

numeral! {
    /// A warp digit in the band of a 3-warp group, 5-column rows.
    pub WARP_BAND: 48 x 10, warps 3, elements 5 { e => 1, warp => 5, lane => 15 }
}

numeral! {
    /// `lane % 4` fits in the 5 columns but does not divide them: element `e` at place 4 adds
    /// 4 to the column and carries (lane 1, element 1 is row 1, column 0). Found by the
    /// property test in `check_property.rs`.
    pub FIVE: 32 x 5, elements 5 { lane % 4 => 1, e => 4, lane / 4 => 20 }
}

#[fragment_layout(FIVE)]
fn store_five(lane: u32, frag: &[u32; 5], out: &mut [u32]) {
    |row, col, value| out[row * 5 + col] = value
}

#[fragment_layout(FIVE, gather)]
fn load_five(lane: u32, a: &[u32]) -> [u32; 5] {
    |row, col| a[row * 5 + col]
}

#[fragment_layout(ODD)]
fn store_odd(lane: u32, frag: &[u32; 6], out: &mut [u32]) {
    |row, col, value| out[row * 2 + col] = value
}

#[fragment_layout(ODD, gather)]
fn load_odd(lane: u32, a: &[u32]) -> [u32; 6] {
    |row, col| a[row * 2 + col]
}

#[fragment_layout(ODD, gather, packed)]
fn load_odd_packed(lane: u32, a: &[u16]) -> [u32; 3] {
    |row, col| a[row * 2 + col]
}

#[fragment_layout(ODD, bounds(m, n))]
fn store_odd_bounded(lane: u32, frag: &[u32; 6], out: &mut [u32], m: usize, n: usize) {
    |row, col, value| out[row * 2 + col] = value
}

#[fragment_layout(BAND)]
fn store_band(lane: u32, frag: &[u32; 6], out: &mut [u32]) {
    |row, col, value| out[row * 6 + col] = value
}

#[fragment_layout(BAND, unpaired)]
fn store_band_unpaired(lane: u32, frag: &[u32; 6], out: &mut [u32]) {
    |row, col, value| out[row * 6 + col] = value
}

#[fragment_layout(BAND, gather)]
fn load_band(lane: u32, a: &[u32]) -> [u32; 6] {
    |row, col| a[row * 6 + col]
}

#[fragment_layout(BAND, gather, packed, bounds(m, n), fill = 7)]
fn load_band_packed_bounded(lane: u32, a: &[u16], m: u32, n: u32) -> [u32; 3] {
    |row, col| a[row * 6 + col]
}

#[fragment_layout(BAND, bounds(m, n))]
fn store_band_bounded(lane: u32, frag: &[u32; 6], out: &mut [u32], m: usize, n: usize) {
    |row, col, value| out[row * 6 + col] = value
}

#[fragment_layout(WARP_BAND)]
fn store_warp_band(thread: u32, frag: &[u32; 5], out: &mut [u32]) {
    |row, col, value| out[row * 10 + col] = value
}

#[test]
fn numerals_with_digits_straddling_rows_are_what_the_layout_says() {
    assert!(ODD.inseparable_digit().is_some() && ODD.thread_wrap() == 0);
    assert!(BAND.thread_wrap() == 6 && BAND.adjacent_pairs());
    assert_eq!(WARP_BAND.thread_wrap(), 10);
    assert_cells(&ODD, 2, &scatter_all(&ODD, 2, store_odd), |_, _| true);
    assert_cells(&BAND, 6, &scatter_all(&BAND, 6, store_band), |_, _| true);
    let unpaired = scatter_all(&BAND, 6, store_band_unpaired);
    assert_cells(&BAND, 6, &unpaired, |_, _| true);
    let wg = scatter_all(&WARP_BAND, 10, store_warp_band);
    assert_cells(&WARP_BAND, 10, &wg, |_, _| true);
    assert_eq!(FIVE.thread_wrap(), 5);
    assert_eq!(FIVE.coords(1, 1), Some((1, 0)));
    assert_cells(&FIVE, 5, &scatter_all(&FIVE, 5, store_five), |_, _| true);
}

#[test]
fn gathers_of_straddling_numerals_read_each_element_from_its_cell() {
    let a: Vec<u32> = (0..192).collect();
    let h: Vec<u16> = (0..192).map(|i| i as u16 ^ 0x5a5a).collect();
    for lane in 0..32 {
        let odd = load_odd(lane, &a);
        let packed = unpack_b16_array::<3, 6>(&load_odd_packed(lane, &h));
        let band = load_band(lane, &a);
        for (e, v) in load_five(lane, &a).iter().enumerate() {
            let (r, c) = FIVE.coords(lane, e as u32).unwrap();
            assert_eq!(*v, r * 5 + c, "lane {lane} e {e}");
        }
        for e in 0..6 {
            let (r, c) = ODD.coords(lane, e as u32).unwrap();
            assert_eq!(odd[e], r * 2 + c, "lane {lane} e {e}");
            assert_eq!(packed[e], h[(r * 2 + c) as usize]);
            let (r, c) = BAND.coords(lane, e as u32).unwrap();
            assert_eq!(band[e], r * 6 + c, "lane {lane} e {e}");
        }
    }
}

#[test]
fn bounded_code_of_straddling_numerals_keeps_exactly_the_valid_part() {
    let h: Vec<u16> = (0..192).collect();
    for (n, ld) in [(&ODD, 2usize), (&BAND, 6)] {
        for m in 0..=n.rows as usize + 1 {
            for k in 0..=ld + 1 {
                let out = match n.cols {
                    2 => scatter_all(n, ld, |t, f, o| store_odd_bounded(t, f, o, m, k)),
                    _ => scatter_all(n, ld, |t, f, o| store_band_bounded(t, f, o, m, k)),
                };
                assert_cells(n, ld, &out, |t, e| {
                    let (r, c) = n.coords(t, e).unwrap();
                    (r as usize) < m && (c as usize) < k
                });
            }
        }
    }
    for (m, k) in [(32, 6), (0, 0), (9, 6), (32, 3), (17, 5)] {
        for lane in 0..32 {
            let got = unpack_b16_array::<3, 6>(&load_band_packed_bounded(lane, &h, m, k));
            for (e, v) in got.iter().enumerate() {
                let (r, c) = BAND.coords(lane, e as u32).unwrap();
                let inside = r < m && c < k;
                assert_eq!(*v, if inside { (r * 6 + c) as u16 } else { 7 });
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Bodies with control flow of their own act as the closure they look like.

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_nonzero(lane: u32, frag: &[u32; 4], out: &mut [u32]) {
    |row, col, value| {
        if value % 3 == 0 {
            return;
        }
        out[row * 8 + col] = value;
    }
}

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_checked(lane: u32, frag: &[u32; 4], out: &mut [u32]) {
    |row, col, value| -> Option<()> {
        let v = value.checked_sub(5)?.checked_add(5)?;
        *out.get_mut(row * 8 + col)? = v;
        Some(())
    }
}

#[fragment_layout(SM80_16x8x16_F32_C, gather)]
fn load_checked(lane: u32, a: &[u32]) -> [Option<u32>; 4] {
    |row, col| -> Option<u32> { a.get(row * 8 + col)?.checked_add(0) }
}

#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather)]
fn load_top_half(lane: u32, a: &[u32]) -> [u32; 8] {
    |row, col| {
        if row >= 8 {
            return 0;
        }
        a[row * 16 + col]
    }
}

// `break` and `continue` of the body's own loop and labelled block stay inlined.
#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_with_loops(lane: u32, frag: &[u32; 4], out: &mut [u32]) {
    |row, col, value| 'done: {
        for k in 0.. {
            if k < 2 {
                continue;
            }
            if value % 3 == 0 {
                break 'done;
            }
            out[row * 8 + col] = value;
            break;
        }
    }
}

#[test]
fn return_leaves_one_element_not_the_function() {
    let keep = |t: u32, e: u32| code(t, e) % 3 != 0;
    let c = &SM80_16x8x16_F32_C;
    assert_cells(c, 8, &scatter_all(c, 8, store_nonzero), keep);
    assert_cells(c, 8, &scatter_all(c, 8, store_with_loops), keep);
    // Codes below 5 fail `checked_sub(5)?`: thread 0's elements 0..4, codes 1..4.
    let out = scatter_all(c, 8, store_checked);
    assert_cells(c, 8, &out, |t, e| code(t, e) >= 5);
    let a: Vec<u32> = (0..256).collect();
    for lane in 0..32 {
        let top = load_top_half(lane, &a);
        for (e, v) in top.iter().enumerate() {
            let (r, col) = SM80_16x8x16_F16_A_ROW.coords(lane, e as u32).unwrap();
            assert_eq!(*v, if r >= 8 { 0 } else { r * 16 + col });
        }
        // Half the accumulator's rows are past the short slice: `?` gives `None` for them.
        let short = &a[..64];
        for (e, v) in load_checked(lane, short).iter().enumerate() {
            let (r, col) = c.coords(lane, e as u32).unwrap();
            let i = (r * 8 + col) as usize;
            assert_eq!(*v, short.get(i).copied());
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The lane: any integer type, converted without loss; outside the layout, no element runs.

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_usize(lane: usize, frag: &[u32; 4], out: &mut [u32]) {
    |row, col, value| out[row * 8 + col] = value
}

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_i8(lane: i8, frag: &[u32; 4], out: &mut [u32]) {
    |row, col, value| out[row * 8 + col] = value
}

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_c(lane: u32, frag: &[u32; 4], out: &mut [u32]) {
    |row, col, value| out[row * 8 + col] = value
}

#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather)]
fn load_a(lane: u64, a: &[u32]) -> [u32; 8] {
    |row, col| a[row * 16 + col]
}

#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather, packed)]
fn load_a_packed(lane: u32, a: &[u16]) -> [u32; 4] {
    |row, col| a[row * 16 + col]
}

#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather, fill = 9)]
fn load_a_fill(lane: i64, a: &[u32]) -> [u32; 8] {
    |row, col| a[row * 16 + col]
}

#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather, bounds(m, n), fill = 5)]
fn load_a_bounded(lane: u32, a: &[u32], m: u32, n: u32) -> [u32; 8] {
    |row, col| a[row * 16 + col]
}

#[test]
fn lanes_of_every_integer_type_convert_without_loss() {
    let c = &SM80_16x8x16_F32_C;
    let all = scatter_all(c, 8, store_c);
    assert_cells(c, 8, &all, |_, _| true);
    assert_eq!(
        scatter_all(c, 8, |t, f, o| store_usize(t as usize, f, o)),
        all
    );
    assert_eq!(scatter_all(c, 8, |t, f, o| store_i8(t as i8, f, o)), all);
    let a: Vec<u32> = (0..256).collect();
    for lane in 0..32 {
        let got = load_a(lane as u64, &a);
        assert_eq!(load_a_fill(lane as i64, &a), got);
        for (e, v) in got.iter().enumerate() {
            let (r, col) = SM80_16x8x16_F16_A_ROW.coords(lane, e as u32).unwrap();
            assert_eq!(*v, r * 16 + col);
        }
    }
}

#[test]
fn a_thread_outside_the_layout_writes_nothing_and_reads_nothing() {
    let frag = [1u32, 2, 3, 4];
    for lane in [32usize, 33, 36, 255, 1 << 32, usize::MAX] {
        let mut out = vec![EMPTY; 16 * 8];
        store_usize(lane, &frag, &mut out);
        assert!(out.iter().all(|&v| v == EMPTY), "lane {lane} wrote");
    }
    for lane in [-1i8, -128, 32, 127] {
        let mut out = vec![EMPTY; 16 * 8];
        store_i8(lane, &frag, &mut out);
        assert!(out.iter().all(|&v| v == EMPTY), "lane {lane} wrote");
    }
    let mut out = vec![EMPTY; 16 * 8];
    store_c(32, &frag, &mut out);
    assert!(out.iter().all(|&v| v == EMPTY), "store(32) wrote");
    // Reading nothing: a slice too short for any row would panic on a read.
    let none: [u32; 0] = [];
    let none16: [u16; 0] = [];
    for lane in [36u64, 1 << 40, u64::MAX] {
        assert_eq!(load_a(lane, &none), [0; 8], "default values");
    }
    assert_eq!(load_a_packed(36, &none16), [0; 4]);
    assert_eq!(load_a_fill(-1, &none), [9; 8], "the fill value");
    assert_eq!(load_a_fill(36, &none), [9; 8]);
    assert_eq!(load_a_bounded(36, &none, 16, 16), [5; 8]);
}

// ---------------------------------------------------------------------------------------------
// Typed coordinates, expressions in `bounds`, a fragment named like a closure parameter.

numeral! {
    /// A 2 x 1024 tile: columns up to 1023.
    pub WIDE: 2 x 1024, elements 64 { e % 2 => 1, lane => 2, e / 2 => 64 }
}

#[fragment_layout(WIDE)]
fn store_wide(lane: u32, frag: &[u32; 64], out: &mut [u32]) {
    |row: u8, col: u16, value| out[row as usize * 1024 + col as usize] = value
}

#[fragment_layout(WIDE, gather)]
fn load_wide(lane: u32, a: &[u32]) -> [u32; 64] {
    |row: i8, col: i16| a[row as usize * 1024 + col as usize]
}

#[fragment_layout(SM80_16x8x16_F32_C, bounds(m + 1, n - k))]
fn store_c_expr(lane: u32, frag: &[u32; 4], out: &mut [u32], m: usize, n: usize, k: usize) {
    |row, col, value| out[row * 8 + col] = value
}

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_fragment_named_row(lane: u32, row: &[u32; 4], out: &mut [u32]) {
    |row, col, value| out[row * 8 + col] = value
}

#[test]
fn typed_coordinates_hold_every_row_and_column() {
    let out = scatter_all(&WIDE, 1024, store_wide);
    assert_cells(&WIDE, 1024, &out, |_, _| true);
    let a: Vec<u32> = (0..2048).collect();
    for lane in 0..32 {
        for (e, v) in load_wide(lane, &a).iter().enumerate() {
            let (r, c) = WIDE.coords(lane, e as u32).unwrap();
            assert_eq!(*v, r * 1024 + c);
        }
    }
}

#[test]
fn bounds_take_expressions_and_a_fragment_may_be_called_row() {
    let c = &SM80_16x8x16_F32_C;
    let out = scatter_all(c, 8, |t, f, o| store_c_expr(t, f, o, 8, 7, 2));
    assert_cells(c, 8, &out, |t, e| {
        let (r, col) = c.coords(t, e).unwrap();
        r < 9 && col < 5
    });
    let out = scatter_all(c, 8, store_fragment_named_row);
    assert_cells(c, 8, &out, |_, _| true);
}
