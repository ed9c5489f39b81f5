//! Row runs: a body `BASE[INDEX]` over a slice parameter with `col` a unit term of `INDEX`
//! reaches each element through the slice of its row run or of the footprint (`BASE[i..i +
//! span]`, which the optimizer merges into one bounds check), for every layout, in the body's
//! own order; not where the index is not `... + col`, and not when turned off (`unpaired`).
//! A base of any other type (here `Recorder`, which counts how it is indexed, as a parameter
//! and as a field) is indexed element by element, exactly as the closure indexes it. The
//! [`Numeral::adjacent_pairs`] rule (elements `2k`, `2k + 1` side by side) is checked too.

use core::cell::Cell;
use core::ops::{Index, IndexMut, Range};
use layout_core::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F32_C};
use layout_core::{Digit, Numeral};
use layout_macros::fragment_layout;

/// A matrix that counts how it is indexed: one element at a time, or a range at a time.
struct Recorder {
    data: Vec<u32>,
    single: Cell<usize>,
    ranges: Cell<usize>,
}

impl Recorder {
    fn new(len: usize) -> Recorder {
        Recorder {
            data: (0..len as u32).collect(),
            single: Cell::new(0),
            ranges: Cell::new(0),
        }
    }
    fn counts(&self) -> (usize, usize) {
        (self.single.get(), self.ranges.get())
    }
}

impl Index<usize> for Recorder {
    type Output = u32;
    fn index(&self, i: usize) -> &u32 {
        self.single.set(self.single.get() + 1);
        &self.data[i]
    }
}

impl IndexMut<usize> for Recorder {
    fn index_mut(&mut self, i: usize) -> &mut u32 {
        self.single.set(self.single.get() + 1);
        &mut self.data[i]
    }
}

impl Index<Range<usize>> for Recorder {
    type Output = [u32];
    fn index(&self, r: Range<usize>) -> &[u32] {
        self.ranges.set(self.ranges.get() + 1);
        &self.data[r]
    }
}

impl IndexMut<Range<usize>> for Recorder {
    fn index_mut(&mut self, r: Range<usize>) -> &mut [u32] {
        self.ranges.set(self.ranges.get() + 1);
        &mut self.data[r]
    }
}

#[test]
fn the_rule_holds_for_a_and_c_and_not_for_b() {
    assert!(SM80_16x8x16_F32_C.adjacent_pairs());
    assert!(SM80_16x8x16_F16_A_ROW.adjacent_pairs());
    assert!(
        !SM80_16x8x16_F16_B_COL.adjacent_pairs(),
        "B's place-1 digit is lane / 4"
    );
    // `e % 2` at place 1 but read as `e / 2 % 2`: elements 0 and 2 are neighbours, not 0 and 1.
    let digits = [
        Digit::element(2, 2, 1),
        Digit::lane(1, 32, 2),
        Digit::element(1, 2, 64),
    ];
    let odd = Numeral::new("odd", 16, 8, 4, &digits);
    assert!(odd.is_bijection());
    assert!(!odd.adjacent_pairs());
}

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_c(lane: u32, frag: &[u32; 4], out: &mut Recorder, ld: usize) {
    |row, col, value| out[row * ld + col] = value
}

#[fragment_layout(SM80_16x8x16_F32_C, unpaired)]
fn store_c_unpaired(lane: u32, frag: &[u32; 4], out: &mut Recorder, ld: usize) {
    |row, col, value| out[row * ld + col] = value
}

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_c_col_major(lane: u32, frag: &[u32; 4], out: &mut Recorder, ld: usize) {
    |row, col, value| out[col * ld + row] = value
}

#[fragment_layout(SM80_16x8x16_F32_C)]
fn axpby_c(lane: u32, frag: &[u32; 4], out: &mut Recorder, ld: usize) {
    |row, col, value| out[row * ld + col] = 2 * value + 3 * out[row * ld + col]
}

#[fragment_layout(SM80_16x8x16_F32_C)]
fn accumulate_c(lane: u32, frag: &[u32; 4], out: &mut Recorder, ld: usize) {
    |row, col, value| out[row * ld + col] += value
}

#[fragment_layout(SM80_16x8x16_F16_B_COL)]
fn store_b(lane: u32, frag: &[u32; 4], out: &mut Recorder, ld: usize) {
    |row, col, value| out[row * ld + col] = value
}

#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather)]
fn load_a(lane: u32, a: &Recorder, lda: usize) -> [u32; 8] {
    |row, col| a[row * lda + col]
}

#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather, unpaired)]
fn load_a_unpaired(lane: u32, a: &Recorder, lda: usize) -> [u32; 8] {
    |row, col| a[row * lda + col]
}

// The index depends on the value: each element's own value picks its block of rows.
#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_by_value(lane: u32, frag: &[u32; 4], out: &mut Recorder, ld: usize) {
    |row, col, value| out[(value as usize % 3) * 16 * ld + row * ld + col] = value
}

#[fragment_layout(SM80_16x8x16_F32_C, unpaired)]
fn store_by_value_unpaired(lane: u32, frag: &[u32; 4], out: &mut Recorder, ld: usize) {
    |row, col, value| out[(value as usize % 3) * 16 * ld + row * ld + col] = value
}

fn codes(lane: u32) -> [u32; 4] {
    [0, 1, 2, 3].map(|e| 1000 + lane * 4 + e)
}

/// Runs a scatter for all lanes; returns the index counts and whether every element landed
/// where the numeral says (`transpose` for the column-major store).
fn run_scatter(
    n: &Numeral,
    store: fn(u32, &[u32; 4], &mut Recorder, usize),
    transpose: bool,
) -> (usize, usize) {
    let mut out = Recorder::new(16 * 16);
    for lane in 0..32 {
        store(lane, &codes(lane), &mut out, 16);
    }
    for lane in 0..32 {
        for e in 0..4 {
            let (r, c) = n.coords(lane, e).unwrap();
            let (r, c) = if transpose { (c, r) } else { (r, c) };
            assert_eq!(
                out.data[r as usize * 16 + c as usize],
                codes(lane)[e as usize]
            );
        }
    }
    out.counts()
}

#[test]
fn a_base_of_another_type_is_indexed_as_the_closure_indexes_it() {
    assert_eq!(
        run_scatter(&SM80_16x8x16_F32_C, store_c, false),
        (128, 0),
        "4 elements x 32 lanes, each indexed once, as the closure does"
    );
    assert_eq!(
        run_scatter(&SM80_16x8x16_F32_C, store_c_unpaired, false),
        (128, 0)
    );
    assert_eq!(
        run_scatter(&SM80_16x8x16_F32_C, store_c_col_major, true),
        (128, 0),
        "col * ld + row: neighbours in the tile are not neighbours in memory"
    );
    assert_eq!(
        run_scatter(&SM80_16x8x16_F16_B_COL, store_b, false),
        (128, 0)
    );
}

#[test]
fn read_modify_write_bodies_compute_the_closures_result() {
    let mut out = Recorder::new(16 * 16);
    for lane in 0..32 {
        axpby_c(lane, &codes(lane), &mut out, 16);
    }
    // A read and a store per element, as the closure makes them.
    assert_eq!(out.counts(), (256, 0));
    for lane in 0..32 {
        for e in 0..4 {
            let (r, c) = SM80_16x8x16_F32_C.coords(lane, e).unwrap();
            let i = r as usize * 16 + c as usize;
            assert_eq!(out.data[i], 2 * codes(lane)[e as usize] + 3 * i as u32);
        }
    }
}

#[test]
fn gathers_return_elements_in_order() {
    let a = Recorder::new(16 * 16);
    for lane in 0..32 {
        let got = load_a(lane, &a, 16);
        assert_eq!(got, load_a_unpaired(lane, &a, 16));
        for (e, v) in got.iter().enumerate() {
            let (r, c) = SM80_16x8x16_F16_A_ROW.coords(lane, e as u32).unwrap();
            assert_eq!(*v, r * 16 + c);
        }
    }
    // 32 lanes: 8 single loads each, paired or not.
    assert_eq!(a.counts(), (2 * 32 * 8, 0));
}

#[test]
fn compound_assignments_index_each_element_once() {
    let mut out = Recorder::new(16 * 16);
    for lane in 0..32 {
        accumulate_c(lane, &codes(lane), &mut out, 16);
    }
    assert_eq!(out.counts(), (128, 0), "each element indexed once");
    for lane in 0..32 {
        for e in 0..4 {
            let (r, c) = SM80_16x8x16_F32_C.coords(lane, e).unwrap();
            let i = r as usize * 16 + c as usize;
            assert_eq!(out.data[i], i as u32 + codes(lane)[e as usize]);
        }
    }
}

/// An epilogue that keeps its output tile in a field: `self.out`, of a type the macro cannot
/// see, is indexed as the closure indexes it.
struct Epilogue {
    out: Recorder,
    alpha: u32,
    ld: usize,
}

impl Epilogue {
    fn norm(&self) -> u32 {
        self.out.data.iter().sum::<u32>() % 7
    }

    #[fragment_layout(SM80_16x8x16_F32_C)]
    fn store(&mut self, lane: u32, frag: &[u32; 4]) {
        |row, col, value| self.out[row * self.ld + col] = self.alpha * value
    }

    #[fragment_layout(SM80_16x8x16_F32_C)]
    fn blend(&mut self, lane: u32, frag: &[u32; 4]) {
        |row, col, value| {
            self.out[row * self.ld + col] = value + self.alpha * self.out[row * self.ld + col]
        }
    }

    // The body calls a method of `self`, which reads the whole tile: each element must be
    // stored before the next value is computed, which runs keep (value, then store, per
    // element).
    #[fragment_layout(SM80_16x8x16_F32_C)]
    fn store_normed(&mut self, lane: u32, frag: &[u32; 4]) {
        |row, col, value| self.out[row * self.ld + col] = value + self.norm()
    }

    #[fragment_layout(SM80_16x8x16_F32_C, unpaired)]
    fn store_normed_unpaired(&mut self, lane: u32, frag: &[u32; 4]) {
        |row, col, value| self.out[row * self.ld + col] = value + self.norm()
    }

    #[fragment_layout(SM80_16x8x16_F16_A_ROW, gather)]
    fn load(&self, lane: u32) -> [u32; 8] {
        |row, col| self.out[row * self.ld + col]
    }
}

fn epilogue() -> Epilogue {
    Epilogue {
        out: Recorder::new(16 * 16),
        alpha: 3,
        ld: 16,
    }
}

#[test]
fn field_bases_are_indexed_as_the_closure_indexes_them() {
    let mut e = epilogue();
    for lane in 0..32 {
        e.store(lane, &codes(lane));
    }
    assert_eq!(e.out.counts(), (128, 0), "one index per element");
    let mut b = epilogue();
    for lane in 0..32 {
        b.blend(lane, &codes(lane));
    }
    assert_eq!(b.out.counts(), (256, 0), "a read and a store per element");
    for lane in 0..32 {
        for el in 0..4 {
            let (r, c) = SM80_16x8x16_F32_C.coords(lane, el).unwrap();
            let i = r as usize * 16 + c as usize;
            let v = codes(lane)[el as usize];
            assert_eq!(e.out.data[i], 3 * v);
            assert_eq!(b.out.data[i], v + 3 * i as u32);
        }
    }
    let g = epilogue();
    for lane in 0..32 {
        for (el, v) in g.load(lane).iter().enumerate() {
            let (r, c) = SM80_16x8x16_F16_A_ROW.coords(lane, el as u32).unwrap();
            assert_eq!(*v, r * 16 + c);
        }
    }
    assert_eq!(g.out.counts(), (32 * 8, 0), "one index per element");
}

#[test]
fn a_body_that_calls_a_method_of_the_root_sees_every_store_before_it() {
    let (mut p, mut u) = (epilogue(), epilogue());
    for lane in 0..32 {
        p.store_normed(lane, &codes(lane));
        u.store_normed_unpaired(lane, &codes(lane));
    }
    assert_eq!((p.out.counts(), u.out.counts()), ((128, 0), (128, 0)));
    assert_eq!(
        p.out.data, u.out.data,
        "each value sees the stores before it"
    );
}

#[test]
fn an_index_that_uses_the_value_takes_each_elements_own_value() {
    let (mut p, mut u) = (Recorder::new(3 * 16 * 16), Recorder::new(3 * 16 * 16));
    for lane in 0..32 {
        store_by_value(lane, &codes(lane), &mut p, 16);
        store_by_value_unpaired(lane, &codes(lane), &mut u, 16);
    }
    assert_eq!((p.counts(), u.counts()), ((128, 0), (128, 0)));
    assert_eq!(p.data, u.data);
}

// The thread's footprint (issue 17): a body `BASE[REST + row * K + col]` with `K` a constant
// reaches every element through one slice from the thread's first element to its last, where
// the numeral's footprint is tight; with `K` known at run time, through its row run found from
// the thread's base index. Both checked against `Numeral::coords` for every thread and element
// of catalog accumulators and A operands.

/// A constant row stride, odd and wider than every tile here.
const LD: usize = 263;

/// Scatter and gather functions over `$numeral` (`$e` elements a thread) with the constant
/// stride `LD` (the footprint) and a run-time `ld` (row runs from the base).
macro_rules! reach_fns {
    ($numeral:path, $e:literal) => {
        #[fragment_layout($numeral)]
        fn scatter_const(t: u32, frag: &[u32; $e], out: &mut [u32], o: usize) {
            |row, col, value| out[o + row * LD + col] = value
        }

        #[fragment_layout($numeral)]
        fn scatter_ld(t: u32, frag: &[u32; $e], out: &mut [u32], o: usize, ld: usize) {
            |row, col, value| out[o + ld * row + col] = value
        }

        #[fragment_layout($numeral, gather)]
        fn gather_const(t: u32, a: &[u32], o: usize) -> [u32; $e] {
            |row, col| a[col + row * LD + o]
        }

        #[fragment_layout($numeral, gather)]
        fn gather_ld(t: u32, a: &[u32], o: usize, ld: usize) -> [u32; $e] {
            |row, col| a[o + row * ld + col]
        }
    };
}

/// Runs the four functions of `$module` over every thread of `$numeral` and compares every
/// cell with the numeral's coordinates; the footprint must be tight for the layout.
macro_rules! check_reach {
    ($module:ident, $numeral:path, $e:literal) => {{
        mod $module {
            use super::*;
            reach_fns!($numeral, $e);
            pub fn run() {
                check_all(
                    &$numeral,
                    $e,
                    scatter_const,
                    scatter_ld,
                    gather_const,
                    gather_ld,
                );
            }
        }
        $module::run();
    }};
}

type Scatter<const E: usize> = fn(u32, &[u32; E], &mut [u32], usize);
type ScatterLd<const E: usize> = fn(u32, &[u32; E], &mut [u32], usize, usize);
type Gather<const E: usize> = fn(u32, &[u32], usize) -> [u32; E];
type GatherLd<const E: usize> = fn(u32, &[u32], usize, usize) -> [u32; E];

fn check_all<const E: usize>(
    n: &Numeral,
    e: usize,
    scatter_const: Scatter<E>,
    scatter_ld: ScatterLd<E>,
    gather_const: Gather<E>,
    gather_ld: GatherLd<E>,
) {
    assert_eq!(n.elements as usize, e);
    let table: [layout_core::generated::ElementAt; E] = n.element_table();
    let rows: std::collections::BTreeSet<usize> = table.iter().map(|x| x.at.0).collect();
    if rows.len() > 1 {
        assert!(
            table.iter().all(|x| x.foot_reach != x.run_reach),
            "{}: the footprint is tight, so every element goes through it",
            n.name
        );
    }
    let (o, ld) = (5, 261);
    for (stride, which) in [(LD, "constant"), (ld, "run-time")] {
        let len = o + n.rows as usize * stride;
        let mut out = vec![u32::MAX; len];
        let source: Vec<u32> = (0..len as u32).collect();
        for t in 0..n.threads() {
            let frag: [u32; E] = core::array::from_fn(|k| t * 1000 + k as u32);
            let got = if which == "constant" {
                scatter_const(t, &frag, &mut out, o);
                gather_const(t, &source, o)
            } else {
                scatter_ld(t, &frag, &mut out, o, ld);
                gather_ld(t, &source, o, ld)
            };
            for k in 0..E {
                let (r, c) = n.coords(t, k as u32).unwrap();
                let i = o + r as usize * stride + c as usize;
                assert_eq!(
                    got[k], i as u32,
                    "{} {which}: gather, thread {t}, element {k}",
                    n.name
                );
                assert_eq!(
                    out[i], frag[k],
                    "{} {which}: scatter, thread {t}, element {k}",
                    n.name
                );
            }
        }
        let written = out.iter().filter(|&&v| v != u32::MAX).count();
        assert_eq!(
            written,
            (n.threads() * n.elements) as usize,
            "{} {which}: only the tile",
            n.name
        );
    }
}

#[test]
fn footprint_and_runs_from_the_base_place_every_element_of_catalog_layouts() {
    check_reach!(c32, layout_core::catalog::SM80_16x8x16_F32_C, 4);
    check_reach!(c16, layout_core::catalog::SM80_16x8x16_F16_C, 4);
    check_reach!(a16, layout_core::catalog::SM80_16x8x16_F16_A_ROW, 8);
    check_reach!(s32, layout_core::catalog::SM80_16x8x32_S32_C, 4);
    check_reach!(s8a, layout_core::catalog::SM80_16x8x32_S8_A_ROW, 16);
    check_reach!(s4a, layout_core::catalog::SM80_16x8x64_S4_A_ROW, 32);
    check_reach!(tf32a, layout_core::catalog::SM80_16x8x4_TF32_A_ROW, 2);
    check_reach!(f16a8, layout_core::catalog::SM75_16x8x8_F16_A_ROW, 4);
    check_reach!(f64c, layout_core::catalog::SM90_16x8x16_F64_C, 4);
    check_reach!(f64a, layout_core::catalog::SM90_16x8x16_F64_A_ROW, 8);
    check_reach!(m884c, layout_core::catalog::SM70_8x8x4_F16_C, 8);
    check_reach!(m884a, layout_core::catalog::SM70_8x8x4_F16_A_ROW, 4);
    check_reach!(e4m3a, layout_core::catalog::SM89_16x8x32_E4M3_A_ROW, 16);
    check_reach!(wg8, layout_core::catalog::SM90_64x8x16_F32_C, 4);
    check_reach!(wg256, layout_core::catalog::SM90_64x256x16_F32_C, 128);
}

#[fragment_layout(SM80_16x8x16_F32_C)]
fn edge_footprint(lane: u32, frag: &[u32; 4], out: &mut [u32]) {
    |row, col, value| out[row * LD + col] = value
}

#[fragment_layout(SM80_16x8x16_F32_C)]
fn edge_runs(lane: u32, frag: &[u32; 4], out: &mut [u32], ld: usize) {
    |row, col, value| out[row * ld + col] = value
}

#[fragment_layout(SM80_16x8x16_F32_C, unpaired)]
fn edge_unpaired(lane: u32, frag: &[u32; 4], out: &mut [u32]) {
    |row, col, value| out[row * LD + col] = value
}

#[fragment_layout(SM80_16x8x16_F32_C, gather)]
fn edge_gather(lane: u32, a: &[u32]) -> [u32; 4] {
    |row, col| a[row * LD + col]
}

/// Runs `store` on a buffer of `len` elements; whether it panicked, and the cells it wrote.
fn stored(len: usize, store: impl FnOnce(&mut [u32])) -> (bool, usize) {
    let mut out = vec![0u32; len];
    let panicked =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| store(&mut out))).is_err();
    (panicked, out.iter().filter(|&&v| v != 0).count())
}

/// At the end of the buffer: the footprint panics exactly when an element's own index is out
/// of bounds (when the buffer ends before the thread's last element), as the per-element code
/// does, but before any element is stored; so does a run-time stride over these 4 elements (a
/// footprint too). Which stores happen before a panic is not part of the contract
/// (docs/GUIDE.md, "Panics"): this pins what the code does today.
#[test]
fn at_a_buffer_edge_the_footprint_panics_exactly_when_an_element_is_out_and_stores_nothing() {
    let frag = [1, 2, 3, 4];
    for lane in [0, 5, 31] {
        // Elements 0, 1 in one row, 2, 3 in the row 8 below: indices increase with `e`.
        let index: Vec<usize> = (0..4)
            .map(|e| {
                let (r, c) = SM80_16x8x16_F32_C.coords(lane, e).unwrap();
                r as usize * LD + c as usize
            })
            .collect();
        let last = index[3];
        // Lengths from inside the first row's gap up to the last element's index + 1.
        for len in [last - LD, last - 2, last - 1, last, last + 1] {
            let foot = stored(len, |o| edge_footprint(lane, &frag, o));
            let runs = stored(len, |o| edge_runs(lane, &frag, o, LD));
            let each = stored(len, |o| edge_unpaired(lane, &frag, o));
            let in_bounds = len > last;
            assert_eq!(foot.0, !in_bounds, "lane {lane}, len {len}");
            assert_eq!((runs.0, each.0), (foot.0, foot.0), "lane {lane}, len {len}");
            let gathered = std::panic::catch_unwind(|| edge_gather(lane, &vec![7; len]));
            assert_eq!(gathered.is_err(), !in_bounds, "lane {lane}, len {len}");
            // The per-element code stores the elements before the first one out of bounds;
            // the footprint all or nothing, checked before the first store.
            let before = index.iter().filter(|&&i| i < len).count();
            let all = if in_bounds { 4 } else { 0 };
            assert_eq!(
                (foot.1, runs.1, each.1),
                (all, all, before),
                "lane {lane}, len {len}"
            );
        }
    }
}

/// A matrix with only `Index<usize>` and `IndexMut<usize>`: no range to slice.
struct Cells(Vec<u32>);

impl Index<usize> for Cells {
    type Output = u32;
    fn index(&self, i: usize) -> &u32 {
        &self.0[i]
    }
}

impl IndexMut<usize> for Cells {
    fn index_mut(&mut self, i: usize) -> &mut u32 {
        &mut self.0[i]
    }
}

layout_macros::numeral! {
    OWN_C: 16 x 8, elements 4 {
        e % 2    => 1,
        lane % 4 => 2,
        lane / 4 => 8,
        e / 2    => 64,
    }
}

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_deque(lane: u32, frag: &[u32; 4], out: &mut std::collections::VecDeque<u32>, ld: usize) {
    |row, col, value| out[row * ld + col] = value
}

#[fragment_layout(OWN_C, gather)]
fn load_cells(lane: u32, a: &Cells) -> [u32; 4] {
    |row, col| a[row * 8 + col]
}

#[fragment_layout(SM80_16x8x16_F32_C, bounds(rows, cols))]
fn add_cells(lane: u32, frag: &[u32; 4], out: &mut Cells, rows: usize, cols: usize) {
    |row, col, value| out[row * 8 + col] += value
}

struct CellsTile {
    out: Cells,
}

impl CellsTile {
    #[fragment_layout(OWN_C)]
    fn store(&mut self, lane: u32, frag: &[u32; 4]) {
        |row, col, value| self.out[row * 8 + col] = value
    }
}

/// The finding of issue 27: a base with only `IndexMut<usize>` (a `VecDeque`, a type of one's
/// own, as a parameter or a field; a catalog layout or one's own numeral; whole and partial
/// tiles) compiles and writes and reads what the closure does.
#[test]
fn a_base_with_only_index_mut_usize_compiles_and_behaves_like_the_closure() {
    let mut deque: std::collections::VecDeque<u32> = (0..128).map(|_| 0).collect();
    let mut cells = Cells(vec![0; 128]);
    let mut tile = CellsTile {
        out: Cells(vec![0; 128]),
    };
    for lane in 0..32 {
        store_deque(lane, &codes(lane), &mut deque, 8);
        add_cells(lane, &codes(lane), &mut cells, 9, 5);
        tile.store(lane, &codes(lane));
    }
    let read = Cells((0..128).collect());
    for lane in 0..32 {
        let got = load_cells(lane, &read);
        for e in 0..4 {
            let (r, c) = SM80_16x8x16_F32_C.coords(lane, e).unwrap();
            let i = r as usize * 8 + c as usize;
            let v = codes(lane)[e as usize];
            assert_eq!((deque[i], tile.out[i]), (v, v), "lane {lane} e {e}");
            let inside = r < 9 && c < 5;
            assert_eq!(cells[i], if inside { v } else { 0 }, "lane {lane} e {e}");
            assert_eq!(got[e as usize], i as u32);
        }
    }
}
