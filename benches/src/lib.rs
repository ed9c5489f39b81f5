//! The code that the benchmarks, the instruction counts (`fl-count` under callgrind) and the
//! assembly check measure: the `m16n8k16` f32 accumulator epilogue (scatter) and the `m16n8k16`
//! A-operand load (gather), each written several ways that compute the same thing.
//!
//! | version     | how each element's `(row, col)` is found                                      |
//! |-------------|-------------------------------------------------------------------------------|
//! | `generated` | `#[fragment_layout]`: unrolled, coordinates folded to constants, neighbouring elements moved in one access |
//! | `unpaired`  | `#[fragment_layout(.., unpaired)]`: the same, one access per element           |
//! | `seed`      | hand-written PTX formulas `acc_coords(lane, e)` called in a `for e` loop        |
//! | `runtime`   | [`Numeral::coords`] at run time over the digits, numeral hidden by `black_box` |
//! | `lut`       | a `[[(u8, u8); E]; 32]` table built once                                       |
//!
//! Every version works on the same region: a 64 x 4096 block of a row-major matrix with row
//! stride [`LD`] = 4096, cut into tiles. The scatter writes the accumulators of all 32 lanes of
//! 4 x 512 tiles of 16 x 8 (2048 tiles, 262144 `f32`); the gather reads the A fragments of all 32
//! lanes of 4 x 256 tiles of 16 x 16 (1024 tiles, 262144 `u16`).
//!
//! The `fl_*` functions are `#[no_mangle]` and `#[inline(never)]`, so that callgrind can count
//! exactly their instructions (`--toggle-collect=fl_scatter_generated`) and the assembly check
//! can find them by name.

pub mod calls;
pub mod calls_convert;
pub mod calls_smem;
pub mod case;
pub mod epilogue_crate;
pub mod form_crates;

use core::hint::black_box;
use layout_core::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C};
use layout_core::Numeral;
use layout_macros::fragment_layout;

/// Row stride of the matrices (elements).
pub const LD: usize = 4096;
/// Rows of the region.
pub const REGION_ROWS: usize = 64;
/// Accumulator tiles (16 x 8) in the region: 4 x 512.
pub const C_TILES: usize = (REGION_ROWS / 16) * (LD / 8);
/// A tiles (16 x 16) in the region: 4 x 256.
pub const A_TILES: usize = (REGION_ROWS / 16) * (LD / 16);
/// Elements scattered or gathered over the region by each benchmark: 262144.
pub const REGION_ELEMENTS: usize = REGION_ROWS * LD;

/// One accumulator tile: the 4 `f32` of each of the 32 lanes.
pub type AccTile = [[f32; 4]; 32];
/// One A tile: the 8 `u16` of each of the 32 lanes.
pub type ATile = [[u16; 8]; 32];
/// A lookup table: `(row, col)` of each element of each lane.
pub type Lut<const E: usize> = [[(u8, u8); E]; 32];

/// Offset of accumulator tile `t` (tiles numbered row-major over the region).
#[inline(always)]
pub fn c_origin(t: usize) -> usize {
    (t / (LD / 8)) * 16 * LD + (t % (LD / 8)) * 8
}

/// Offset of A tile `t` (tiles numbered row-major over the region).
#[inline(always)]
pub fn a_origin(t: usize) -> usize {
    (t / (LD / 16)) * 16 * LD + (t % (LD / 16)) * 16
}

// ---------------------------------------------------------------------------------------------
// Scatter of the m16n8k16 f32 accumulator, one lane.

/// (a) Generated: one block per element, coordinates folded.
#[fragment_layout(SM80_16x8x16_F32_C)]
pub fn store_c_generated(lane: u32, acc: &[f32; 4], d: &mut [f32], o: usize) {
    |row, col, value| d[o + row * LD + col] = value
}

/// (a') Generated without pairing: one store per element.
#[fragment_layout(SM80_16x8x16_F32_C, unpaired)]
pub fn store_c_unpaired(lane: u32, acc: &[f32; 4], d: &mut [f32], o: usize) {
    |row, col, value| d[o + row * LD + col] = value
}

/// The PTX ISA formula for accumulator element `e` of `lane`, written by hand.
pub fn acc_coords(lane: u32, e: u32) -> (usize, usize) {
    let row = lane / 4 + 8 * (e / 2);
    let col = 2 * (lane % 4) + (e % 2);
    (row as usize, col as usize)
}

/// (b) Seed style: the hand-written formula in a loop over the elements.
#[inline]
pub fn store_c_seed(lane: u32, acc: &[f32; 4], d: &mut [f32], o: usize) {
    for (e, &value) in acc.iter().enumerate() {
        let (row, col) = acc_coords(lane, e as u32);
        d[o + row * LD + col] = value;
    }
}

/// (c) The numeral evaluated at run time, digit by digit.
#[inline]
pub fn store_c_runtime(n: &Numeral, lane: u32, acc: &[f32; 4], d: &mut [f32], o: usize) {
    for (e, &value) in acc.iter().enumerate() {
        let (row, col) = n.coords(lane, e as u32).expect("lane and element in range");
        d[o + row as usize * LD + col as usize] = value;
    }
}

/// (d) A table of coordinates built once.
#[inline]
pub fn store_c_lut(lut: &Lut<4>, lane: u32, acc: &[f32; 4], d: &mut [f32], o: usize) {
    let coords = &lut[lane as usize];
    for (&(row, col), &value) in coords.iter().zip(acc) {
        d[o + row as usize * LD + col as usize] = value;
    }
}

/// The table of `(row, col)` for every lane and element of `n`, built at run time.
pub fn build_lut<const E: usize>(n: &Numeral) -> Lut<E> {
    core::array::from_fn(|lane| {
        core::array::from_fn(|e| {
            let (row, col) = n.coords(lane as u32, e as u32).expect("in range");
            (row as u8, col as u8)
        })
    })
}

// ---------------------------------------------------------------------------------------------
// Gather of the m16n8k16 A fragment (16 x 16, row-major), one lane.

/// (a) Generated.
#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather)]
pub fn load_a_generated(lane: u32, a: &[u16], o: usize) -> [u16; 8] {
    |row, col| a[o + row * LD + col]
}

/// (a') Generated without pairing: one load per element.
#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather, unpaired)]
pub fn load_a_unpaired(lane: u32, a: &[u16], o: usize) -> [u16; 8] {
    |row, col| a[o + row * LD + col]
}

/// The PTX ISA formula for A element `e` of `lane`, written by hand.
pub fn a_coords(lane: u32, e: u32) -> (usize, usize) {
    let row = lane / 4 + 8 * ((e / 2) % 2);
    let col = 2 * (lane % 4) + (e % 2) + 8 * (e / 4);
    (row as usize, col as usize)
}

/// (b) Seed style.
#[inline]
pub fn load_a_seed(lane: u32, a: &[u16], o: usize) -> [u16; 8] {
    let mut frag = [0; 8];
    for (e, slot) in frag.iter_mut().enumerate() {
        let (row, col) = a_coords(lane, e as u32);
        *slot = a[o + row * LD + col];
    }
    frag
}

/// (c) Run-time numeral.
#[inline]
pub fn load_a_runtime(n: &Numeral, lane: u32, a: &[u16], o: usize) -> [u16; 8] {
    let mut frag = [0; 8];
    for (e, slot) in frag.iter_mut().enumerate() {
        let (row, col) = n.coords(lane, e as u32).expect("lane and element in range");
        *slot = a[o + row as usize * LD + col as usize];
    }
    frag
}

/// (d) Lookup table.
#[inline]
pub fn load_a_lut(lut: &Lut<8>, lane: u32, a: &[u16], o: usize) -> [u16; 8] {
    let coords = &lut[lane as usize];
    core::array::from_fn(|e| {
        let (row, col) = coords[e];
        a[o + row as usize * LD + col as usize]
    })
}

// ---------------------------------------------------------------------------------------------
// Whole regions: what the benchmarks and the instruction counts measure.

/// (a) Scatter of the whole region, generated.
#[no_mangle]
#[inline(never)]
pub fn fl_scatter_generated(acc: &[AccTile], d: &mut [f32]) {
    for (t, tile) in acc.iter().enumerate() {
        let o = c_origin(t);
        for (lane, frag) in tile.iter().enumerate() {
            store_c_generated(lane as u32, frag, d, o);
        }
    }
}

/// (a') Scatter of the whole region, generated without pairing.
#[no_mangle]
#[inline(never)]
pub fn fl_scatter_unpaired(acc: &[AccTile], d: &mut [f32]) {
    for (t, tile) in acc.iter().enumerate() {
        let o = c_origin(t);
        for (lane, frag) in tile.iter().enumerate() {
            store_c_unpaired(lane as u32, frag, d, o);
        }
    }
}

/// (b) Scatter of the whole region, seed style.
#[no_mangle]
#[inline(never)]
pub fn fl_scatter_seed(acc: &[AccTile], d: &mut [f32]) {
    for (t, tile) in acc.iter().enumerate() {
        let o = c_origin(t);
        for (lane, frag) in tile.iter().enumerate() {
            store_c_seed(lane as u32, frag, d, o);
        }
    }
}

/// (c) Scatter of the whole region, run-time numeral (hidden from the optimizer).
#[no_mangle]
#[inline(never)]
pub fn fl_scatter_runtime(acc: &[AccTile], d: &mut [f32]) {
    let n = black_box(&SM80_16x8x16_F32_C);
    for (t, tile) in acc.iter().enumerate() {
        let o = c_origin(t);
        for (lane, frag) in tile.iter().enumerate() {
            store_c_runtime(n, lane as u32, frag, d, o);
        }
    }
}

/// (d) Scatter of the whole region, lookup table.
#[no_mangle]
#[inline(never)]
pub fn fl_scatter_lut(lut: &Lut<4>, acc: &[AccTile], d: &mut [f32]) {
    for (t, tile) in acc.iter().enumerate() {
        let o = c_origin(t);
        for (lane, frag) in tile.iter().enumerate() {
            store_c_lut(lut, lane as u32, frag, d, o);
        }
    }
}

/// (a) Gather of the whole region, generated.
#[no_mangle]
#[inline(never)]
pub fn fl_gather_generated(a: &[u16], out: &mut [ATile]) {
    for (t, tile) in out.iter_mut().enumerate() {
        let o = a_origin(t);
        for (lane, frag) in tile.iter_mut().enumerate() {
            *frag = load_a_generated(lane as u32, a, o);
        }
    }
}

/// (a') Gather of the whole region, generated without pairing.
#[no_mangle]
#[inline(never)]
pub fn fl_gather_unpaired(a: &[u16], out: &mut [ATile]) {
    for (t, tile) in out.iter_mut().enumerate() {
        let o = a_origin(t);
        for (lane, frag) in tile.iter_mut().enumerate() {
            *frag = load_a_unpaired(lane as u32, a, o);
        }
    }
}

/// (b) Gather of the whole region, seed style.
#[no_mangle]
#[inline(never)]
pub fn fl_gather_seed(a: &[u16], out: &mut [ATile]) {
    for (t, tile) in out.iter_mut().enumerate() {
        let o = a_origin(t);
        for (lane, frag) in tile.iter_mut().enumerate() {
            *frag = load_a_seed(lane as u32, a, o);
        }
    }
}

/// (c) Gather of the whole region, run-time numeral (hidden from the optimizer).
#[no_mangle]
#[inline(never)]
pub fn fl_gather_runtime(a: &[u16], out: &mut [ATile]) {
    let n = black_box(&SM80_16x8x16_F16_A_ROW);
    for (t, tile) in out.iter_mut().enumerate() {
        let o = a_origin(t);
        for (lane, frag) in tile.iter_mut().enumerate() {
            *frag = load_a_runtime(n, lane as u32, a, o);
        }
    }
}

/// (d) Gather of the whole region, lookup table.
#[no_mangle]
#[inline(never)]
pub fn fl_gather_lut(lut: &Lut<8>, a: &[u16], out: &mut [ATile]) {
    for (t, tile) in out.iter_mut().enumerate() {
        let o = a_origin(t);
        for (lane, frag) in tile.iter_mut().enumerate() {
            *frag = load_a_lut(lut, lane as u32, a, o);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Single-lane epilogues for the assembly check (`tests/asm.rs`).

/// The generated epilogue for one lane, not inlined: its body must have no division and no
/// loop.
#[no_mangle]
#[inline(never)]
pub fn fl_one_lane_scatter_generated(lane: u32, acc: &[f32; 4], d: &mut [f32], o: usize) {
    store_c_generated(lane, acc, d, o)
}

/// The generated epilogue without pairing for one lane, not inlined: no division, no loop.
#[no_mangle]
#[inline(never)]
pub fn fl_one_lane_scatter_unpaired(lane: u32, acc: &[f32; 4], d: &mut [f32], o: usize) {
    store_c_unpaired(lane, acc, d, o)
}

/// The generated A load for one lane, not inlined: no division and no loop.
#[no_mangle]
#[inline(never)]
pub fn fl_one_lane_gather_generated(lane: u32, a: &[u16], o: usize) -> [u16; 8] {
    load_a_generated(lane, a, o)
}

// ---------------------------------------------------------------------------------------------
// Data.

/// A distinct value for every element of every accumulator tile.
pub fn acc_tiles() -> Vec<AccTile> {
    (0..C_TILES)
        .map(|t| {
            core::array::from_fn(|lane| core::array::from_fn(|e| (t * 128 + lane * 4 + e) as f32))
        })
        .collect()
}

/// The output matrix of the scatter, zeroed: the region exactly.
pub fn c_matrix() -> Vec<f32> {
    vec![0.0; REGION_ELEMENTS]
}

/// The input matrix of the gather: element `i` is `i as u16`.
pub fn a_matrix() -> Vec<u16> {
    (0..REGION_ELEMENTS).map(|i| i as u16).collect()
}

/// The output of the gather, zeroed.
pub fn a_tiles() -> Vec<ATile> {
    vec![[[0; 8]; 32]; A_TILES]
}

/// A scatter version over the whole region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// `#[fragment_layout]`.
    Generated,
    /// `#[fragment_layout(.., unpaired)]`.
    Unpaired,
    /// Hand-written PTX formula in a loop.
    Seed,
    /// `Numeral::coords` at run time.
    Runtime,
    /// Lookup table.
    Lut,
}

impl Version {
    /// Every version, in the order of the tables.
    pub const ALL: [Version; 5] = [
        Version::Generated,
        Version::Unpaired,
        Version::Seed,
        Version::Runtime,
        Version::Lut,
    ];

    /// Its name in benchmark ids, `fl-count` arguments and the `fl_*` symbols.
    pub const fn name(self) -> &'static str {
        match self {
            Version::Generated => "generated",
            Version::Unpaired => "unpaired",
            Version::Seed => "seed",
            Version::Runtime => "runtime",
            Version::Lut => "lut",
        }
    }

    /// The version named `name`.
    pub fn from_name(name: &str) -> Option<Version> {
        Version::ALL.into_iter().find(|v| v.name() == name)
    }
}

/// Data for the scatter: accumulators, output, table.
pub struct ScatterData {
    /// The accumulator tiles.
    pub acc: Vec<AccTile>,
    /// The output matrix.
    pub d: Vec<f32>,
    /// The table for [`Version::Lut`].
    pub lut: Lut<4>,
}

impl ScatterData {
    /// Fresh data.
    pub fn new() -> ScatterData {
        ScatterData {
            acc: acc_tiles(),
            d: c_matrix(),
            lut: build_lut(&SM80_16x8x16_F32_C),
        }
    }

    /// Runs `v` over the whole region.
    pub fn run(&mut self, v: Version) {
        match v {
            Version::Generated => fl_scatter_generated(&self.acc, &mut self.d),
            Version::Unpaired => fl_scatter_unpaired(&self.acc, &mut self.d),
            Version::Seed => fl_scatter_seed(&self.acc, &mut self.d),
            Version::Runtime => fl_scatter_runtime(&self.acc, &mut self.d),
            Version::Lut => fl_scatter_lut(&self.lut, &self.acc, &mut self.d),
        }
    }
}

impl Default for ScatterData {
    fn default() -> Self {
        Self::new()
    }
}

/// Data for the gather: input matrix, output fragments, table.
pub struct GatherData {
    /// The A matrix.
    pub a: Vec<u16>,
    /// The gathered fragments.
    pub out: Vec<ATile>,
    /// The table for [`Version::Lut`].
    pub lut: Lut<8>,
}

impl GatherData {
    /// Fresh data.
    pub fn new() -> GatherData {
        GatherData {
            a: a_matrix(),
            out: a_tiles(),
            lut: build_lut(&SM80_16x8x16_F16_A_ROW),
        }
    }

    /// Runs `v` over the whole region.
    pub fn run(&mut self, v: Version) {
        match v {
            Version::Generated => fl_gather_generated(&self.a, &mut self.out),
            Version::Unpaired => fl_gather_unpaired(&self.a, &mut self.out),
            Version::Seed => fl_gather_seed(&self.a, &mut self.out),
            Version::Runtime => fl_gather_runtime(&self.a, &mut self.out),
            Version::Lut => fl_gather_lut(&self.lut, &self.a, &mut self.out),
        }
    }
}

impl Default for GatherData {
    fn default() -> Self {
        Self::new()
    }
}

// ---------------------------------------------------------------------------------------------
// Compile time: many epilogues on catalog numerals.

/// One `#[fragment_layout]` function on a catalog numeral, as source text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Epilogue {
    /// The catalog constant, e.g. `SM80_16x8x16_F32_C`.
    pub numeral: &'static str,
    /// Elements per thread.
    pub elements: u32,
    /// Whether it is a gather (else a scatter).
    pub gather: bool,
    /// The attribute's arguments, e.g. `::layout_core::catalog::SM80_16x8x16_F32_C, gather`.
    pub args: String,
    /// The function it goes on.
    pub item: String,
    /// A call of it with `lane: u32` and `buf: &mut [u32]` in scope (a 64-wide matrix).
    pub call: String,
}

impl Epilogue {
    /// The whole item with its attribute.
    pub fn source(&self) -> String {
        format!(
            "#[::fraglayout::fragment_layout({})]\n{}\n",
            self.args, self.item
        )
    }
}

/// `count` epilogues over the catalog: every separable layout without broadcast digits (a
/// scatter refuses those) in turn, a scatter
/// (`out[row * ld + col] = value`) and then a gather (`a[row * ld + col]`), as many rounds as
/// needed. The functions are named `epilogue_0`, `epilogue_1`, ...
pub fn catalog_epilogues(count: usize) -> Vec<Epilogue> {
    let layouts: Vec<(&'static str, u32)> = layout_core::catalog::CATALOG
        .iter()
        .filter(|e| e.numeral.inseparable_digit().is_none() && !e.numeral.has_broadcast())
        .map(|e| (e.name(), e.numeral.elements))
        .collect();
    (0..count)
        .map(|i| {
            let (numeral, elements) = layouts[(i / 2) % layouts.len()];
            let gather = i % 2 == 1;
            let path = format!("::fraglayout::catalog::{numeral}");
            let (args, item) = if gather {
                (
                    format!("{path}, gather"),
                    format!(
                        "pub fn epilogue_{i}(lane: u32, a: &[u32], ld: usize) -> [u32; {elements}] {{\n    |row, col| a[row * ld + col]\n}}"
                    ),
                )
            } else {
                (
                    path,
                    format!(
                        "pub fn epilogue_{i}(lane: u32, frag: &[u32; {elements}], out: &mut [u32], ld: usize) {{\n    |row, col, value| out[row * ld + col] = value\n}}"
                    ),
                )
            };
            let call = if gather {
                format!("core::hint::black_box(epilogue_{i}(lane, buf, 64));")
            } else {
                format!("epilogue_{i}(lane, &[lane; {elements}], buf, 64);")
            };
            Epilogue {
                numeral,
                elements,
                gather,
                args,
                item,
                call,
            }
        })
        .collect()
}
