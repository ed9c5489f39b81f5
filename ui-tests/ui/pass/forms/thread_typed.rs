// A thread index that carries its range (`Lane`, `Thread<N>`): every value names a thread of the
// layout, so the generated code checks nothing; a range wider than the layout's is checked as an
// integer is, and a thread outside writes nothing.
use fraglayout::catalog::{SM80_16x8x16_F32_C, SM90_64x8x16_F32_C};
use fraglayout::{fragment_layout, numeral, Lane, Thread};

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store(lane: Lane, acc: &[f32; 4], d: &mut [f32], ld: usize) {
    |row, col, value| d[row * ld + col] = value
}

#[fragment_layout(SM90_64x8x16_F32_C, gather)]
fn load(t: Thread<128>, a: &[f32]) -> [f32; 4] {
    |row, col| a[row * 8 + col]
}

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store_wide(t: Thread<256>, acc: &[f32; 4], d: &mut [f32]) {
    |row, col, value| d[row * 8 + col] = value
}

numeral! {
    ROWS: 4 x 8, elements 1 { lane => 1 }
}

// A numeral of one's own (not in the catalog): the same rule through its constant.
#[fragment_layout(ROWS)]
fn own(lane: Lane, acc: &[u32; 1], d: &mut [u32]) {
    |row, col, value| d[row * 8 + col] = value
}

pub fn main() {
    let mut d = [0.0f32; 16 * 8];
    for t in 0..64 {
        store(Lane::wrapping(t), &[t as f32; 4], &mut d, 8);
    }
    // Lane 5 (the last time: thread 37) holds row 1, columns 2 and 3, and row 9.
    assert_eq!((d[8 + 2], d[9 * 8 + 3]), (37.0, 37.0));
    let a: Vec<f32> = (0..64 * 8).map(|i| i as f32).collect();
    let t = Thread::<128>::new(37).unwrap();
    // Thread 37: warp 1 (rows 16..32), lane 5: row 17, columns 2 and 3, and row 25.
    assert_eq!(load(t, &a), [138.0, 139.0, 202.0, 203.0]);
    let mut w = [0.0f32; 16 * 8];
    store_wide(Thread::new(200).unwrap(), &[1.0; 4], &mut w);
    assert!(w.iter().all(|&v| v == 0.0), "thread 200 is outside a 32-lane layout");
    store_wide(Thread::new(5).unwrap(), &[1.0; 4], &mut w);
    assert_eq!(w.iter().filter(|&&v| v == 1.0).count(), 4);
    let mut r = [0u32; 32];
    for lane in 0..32 {
        own(Lane::new(lane).unwrap(), &[lane], &mut r);
    }
    assert!(r.iter().enumerate().all(|(i, &v)| v == i as u32));
}
