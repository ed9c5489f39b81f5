// A thread index generic over its count, `Thread<N>`, a const parameter of the function or of
// its `impl`: it builds, and computes what the same function on `Lane` computes. The count is
// checked in the function's body (an inline `const`), for each instantiation the compiler
// builds: `N` below the layout's threads fails to build; `cargo check` builds none.
use fraglayout::catalog::{SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N, SM80_16x8x16_F32_C};
use fraglayout::{convert_layout, fragment_layout, Lane, Thread};

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store<const N: u32>(t: Thread<N>, acc: &[f32; 4], d: &mut [f32]) {
    |row, col, value| d[row * 8 + col] = value
}

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_lane(t: Lane, acc: &[f32; 4], d: &mut [f32]) {
    |row, col, value| d[row * 8 + col] = value
}

#[fragment_layout(SM80_16x8x16_F32_C, gather)]
fn load<const N: u32>(t: Thread<N>, a: &[f32]) -> [f32; 4] {
    |row, col| a[row * 8 + col]
}

struct Warp<const N: u32>;

impl<const N: u32> Warp<N> {
    #[fragment_layout(SM80_16x8x16_F32_C, gather)]
    fn load(&self, t: Thread<N>, a: &[f32]) -> [f32; 4] {
        |row, col| a[row * 8 + col]
    }

    #[convert_layout(SM75_U32x1_LDSM_N => SM75_U16x2_LDSM_T)]
    fn transpose(&self, lane: Thread<N>, from: [u16; 2], shuffle: impl FnMut(u16, u32) -> u16) -> [u16; 2] {}
}

#[convert_layout(SM75_U32x1_LDSM_N => SM75_U16x2_LDSM_T)]
fn transpose<const N: u32>(lane: Thread<N>, from: [u16; 2], shuffle: impl FnMut(u16, u32) -> u16) -> [u16; 2] {}

#[convert_layout(SM75_U32x1_LDSM_N => SM75_U16x2_LDSM_T)]
fn transpose_lane(lane: Lane, from: [u16; 2], shuffle: impl FnMut(u16, u32) -> u16) -> [u16; 2] {}

/// The PTX ISA's `m16n8k16` f32 accumulator: element `i` of lane `l` at row `l / 4` (plus 8
/// for `i >= 2`), column `2 * (l % 4) + i % 2`.
fn accumulator(lane: u32, i: usize) -> (usize, usize) {
    let (l, i) = (lane as usize, i);
    (l / 4 + 8 * (i / 2), 2 * (l % 4) + i % 2)
}

/// Each lane's result of `f` with a shuffle that answers from the value and the source lane
/// alone (not a warp's: the same calls give the same results, which is what is compared).
fn transposed(f: impl Fn(u32, [u16; 2], &mut dyn FnMut(u16, u32) -> u16) -> [u16; 2]) -> Vec<[u16; 2]> {
    (0..32u32)
        .map(|l| {
            let mut shuffle = |v: u16, src: u32| v.wrapping_mul(31).wrapping_add(src as u16);
            f(l, [2 * l as u16, 2 * l as u16 + 1], &mut shuffle)
        })
        .collect()
}

pub fn main() {
    for lane in 0..32u32 {
        let acc = [1.0, 2.0, 3.0, 4.0].map(|v| v + 10.0 * lane as f32);
        let (mut wide, mut plain) = ([0.0f32; 128], [0.0f32; 128]);
        store(Thread::<128>::new(lane).unwrap(), &acc, &mut wide);
        store_lane(Lane::new(lane).unwrap(), &acc, &mut plain);
        assert_eq!(wide, plain, "lane {lane}");
        for (i, &v) in acc.iter().enumerate() {
            let (row, col) = accumulator(lane, i);
            assert_eq!(plain[row * 8 + col], v, "lane {lane} element {i}");
        }
        let a: Vec<f32> = (0..128).map(|v| v as f32).collect();
        let want: [f32; 4] = core::array::from_fn(|i| {
            let (row, col) = accumulator(lane, i);
            a[row * 8 + col]
        });
        assert_eq!(load(Thread::<32>::new(lane).unwrap(), &a), want);
        assert_eq!(Warp::<64>.load(Thread::new(lane).unwrap(), &a), want);
    }
    // A thread the wider index names outside the layout's 32 reads nothing.
    let a = [1.0f32; 128];
    assert_eq!(load(Thread::<64>::new(40).unwrap(), &a), [0.0; 4]);
    let lane = transposed(|l, f, s| transpose_lane(Lane::new(l).unwrap(), f, s));
    assert_eq!(transposed(|l, f, s| transpose(Thread::<32>::new(l).unwrap(), f, s)), lane);
    assert_eq!(transposed(|l, f, s| Warp::<256>.transpose(Thread::new(l).unwrap(), f, s)), lane);
}
