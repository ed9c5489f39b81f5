//! Row runs: a body `BASE[INDEX]` with `col` a unit term of `INDEX` reaches each element through
//! the slice of its row run (`BASE[i..i + span]`, one range index per element, which the
//! optimizer merges into one bounds check per run for a slice), for every layout, in the body's
//! own order; not where the index is not `... + col`, and not when turned off (`unpaired`).
//! The [`Numeral::adjacent_pairs`] rule (elements `2k`, `2k + 1` side by side) is checked too.

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
fn scatter_runs_fire_for_c_and_keep_every_value_in_place() {
    assert_eq!(
        run_scatter(&SM80_16x8x16_F32_C, store_c, false),
        (0, 128),
        "4 elements x 32 lanes, each through its run"
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
        (0, 128),
        "B's runs are single elements, still through a slice"
    );
}

#[test]
fn read_modify_write_bodies_use_runs_and_compute_the_same_result() {
    let mut out = Recorder::new(16 * 16);
    for lane in 0..32 {
        axpby_c(lane, &codes(lane), &mut out, 16);
    }
    // Reads stay per element (the body reads `out` itself); the stores go through the runs.
    assert_eq!(out.counts(), (128, 128));
    for lane in 0..32 {
        for e in 0..4 {
            let (r, c) = SM80_16x8x16_F32_C.coords(lane, e).unwrap();
            let i = r as usize * 16 + c as usize;
            assert_eq!(out.data[i], 2 * codes(lane)[e as usize] + 3 * i as u32);
        }
    }
}

#[test]
fn gather_runs_fire_for_a_and_return_elements_in_order() {
    let a = Recorder::new(16 * 16);
    for lane in 0..32 {
        let got = load_a(lane, &a, 16);
        assert_eq!(got, load_a_unpaired(lane, &a, 16));
        for (e, v) in got.iter().enumerate() {
            let (r, c) = SM80_16x8x16_F16_A_ROW.coords(lane, e as u32).unwrap();
            assert_eq!(*v, r * 16 + c);
        }
    }
    // 32 lanes: 8 run loads each, and 8 single loads each unpaired.
    assert_eq!(a.counts(), (32 * 8, 32 * 8));
}

#[test]
fn compound_assignments_use_runs_too() {
    let mut out = Recorder::new(16 * 16);
    for lane in 0..32 {
        accumulate_c(lane, &codes(lane), &mut out, 16);
    }
    assert_eq!(out.counts(), (0, 128), "each element through its run");
    for lane in 0..32 {
        for e in 0..4 {
            let (r, c) = SM80_16x8x16_F32_C.coords(lane, e).unwrap();
            let i = r as usize * 16 + c as usize;
            assert_eq!(out.data[i], i as u32 + codes(lane)[e as usize]);
        }
    }
}

/// An epilogue that keeps its output tile in a field: pairs fire through `self.out` too.
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
fn field_bases_use_runs_and_keep_every_value_in_place() {
    let mut e = epilogue();
    for lane in 0..32 {
        e.store(lane, &codes(lane));
    }
    assert_eq!(
        e.out.counts(),
        (0, 128),
        "self.out makes runs like a plain name"
    );
    let mut b = epilogue();
    for lane in 0..32 {
        b.blend(lane, &codes(lane));
    }
    assert_eq!(
        b.out.counts(),
        (128, 128),
        "reads per element, stores through the runs"
    );
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
    assert_eq!(
        g.out.counts(),
        (0, 32 * 8),
        "gathers use runs through self.out"
    );
}

#[test]
fn a_body_that_calls_a_method_of_the_root_sees_every_store_before_it() {
    let (mut p, mut u) = (epilogue(), epilogue());
    for lane in 0..32 {
        p.store_normed(lane, &codes(lane));
        u.store_normed_unpaired(lane, &codes(lane));
    }
    assert_eq!(p.out.counts(), (0, 128));
    assert_eq!(u.out.counts(), (128, 0));
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
    assert_eq!((p.counts(), u.counts()), ((0, 128), (128, 0)));
    assert_eq!(p.data, u.data);
}
