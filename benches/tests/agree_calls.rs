//! The per-call versions (`calls.rs`) agree: generated, skilled and floor write or read exactly
//! the cells the numeral names, for every thread (on a partial tile: those inside its valid
//! part), and a thread outside the layout writes nothing and reads the fill values (but for
//! `typed` and `unchecked`, whose thread the type or the caller keeps inside).

use fraglayout_benches::calls::{call_matrix, Entry, CASES, CLD};
use layout_core::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C, SM90_64x256x16_F32_C};
use layout_core::Numeral;

const O: usize = 3;

fn numeral(case: &str) -> &'static Numeral<'static> {
    match case.split('_').next().unwrap() {
        "scatter4" | "gather4" => &SM80_16x8x16_F32_C,
        "gather8" => &SM80_16x8x16_F16_A_ROW,
        _ => &SM90_64x256x16_F32_C,
    }
}

#[test]
fn every_version_touches_exactly_the_numerals_cells() {
    let base = call_matrix();
    let a16: Vec<u16> = (0..base.len()).map(|i| i as u16).collect();
    for case in CASES {
        let n = numeral(case.name);
        for &(version, entry) in case.versions {
            // `typed` and `unchecked` take only threads inside the layout (a typed index
            // cannot name another; the unchecked code trusts its caller).
            let unchecked = matches!(version, "typed" | "unchecked");
            let last = case.threads - u32::from(unchecked);
            for t in 0..=last {
                // `_swizzle`: the column XORed with `(row & 7) << 3`.
                let swizzled = case.name.contains("_swizzle");
                let cell = |e: u32| {
                    n.coords(t, e).map(|(r, c)| {
                        let (r, c) = (r as usize, c as usize);
                        let c = if swizzled { c ^ ((r & 7) << 3) } else { c };
                        O + r * CLD + c
                    })
                };
                let what = format!("{} {version} thread {t}", case.name);
                match entry {
                    Entry::S4(f) => {
                        let mut d = base.clone();
                        f(t, &[-1.0, -2.0, -3.0, -4.0], &mut d, O, CLD);
                        // `_axpy`: `d[i] += 0.5 * value`.
                        let axpy = case.name.contains("_axpy");
                        let want = (0..4).filter_map(|e| {
                            let (at, v) = (cell(e)?, -(e as f32) - 1.0);
                            Some((at, if axpy { base[at] + 0.5 * v } else { v }))
                        });
                        check_scatter(&base, &d, want, &what);
                    }
                    Entry::S128(f) => {
                        let mut d = base.clone();
                        let acc: [f32; 128] = core::array::from_fn(|e| -(e as f32) - 1.0);
                        f(t, &acc, &mut d, O, CLD);
                        let want = (0..128).filter_map(|e| Some((cell(e)?, acc[e as usize])));
                        check_scatter(&base, &d, want, &what);
                    }
                    Entry::SB4(f, rows, cols) => {
                        let mut d = base.clone();
                        f(t, &[-1.0, -2.0, -3.0, -4.0], &mut d, O, CLD, rows, cols);
                        let want = (0..4).filter_map(|e| {
                            inside(n, t, e, rows, cols).then_some((cell(e)?, -(e as f32) - 1.0))
                        });
                        check_scatter(&base, &d, want, &what);
                    }
                    Entry::SB128(f, rows, cols) => {
                        let mut d = base.clone();
                        let acc: [f32; 128] = core::array::from_fn(|e| -(e as f32) - 1.0);
                        f(t, &acc, &mut d, O, CLD, rows, cols);
                        let want = (0..128).filter_map(|e| {
                            inside(n, t, e, rows, cols).then_some((cell(e)?, acc[e as usize]))
                        });
                        check_scatter(&base, &d, want, &what);
                    }
                    Entry::G4(f) => check_gather(&f(t, &base, O, CLD), &base, cell, &what),
                    Entry::G8(f) => check_gather(&f(t, &a16, O, CLD), &a16, cell, &what),
                    Entry::G128(f) => check_gather(&f(t, &base, O, CLD), &base, cell, &what),
                    // Checked by the tests of the module that declares the case.
                    Entry::Other(_) => {}
                }
            }
        }
    }
}

/// Whether element `e` of thread `t` lies in the valid `rows x cols` of the tile.
fn inside(n: &Numeral, t: u32, e: u32, rows: usize, cols: usize) -> bool {
    n.coords(t, e)
        .is_some_and(|(r, c)| (r as usize) < rows && (c as usize) < cols)
}

fn check_scatter(base: &[f32], d: &[f32], want: impl Iterator<Item = (usize, f32)>, what: &str) {
    let mut expect = base.to_vec();
    for (i, v) in want {
        expect[i] = v;
    }
    assert!(d == expect, "{what}");
}

fn check_gather<T: Copy + Default + PartialEq + core::fmt::Debug>(
    got: &[T],
    m: &[T],
    cell: impl Fn(u32) -> Option<usize>,
    what: &str,
) {
    for (e, v) in got.iter().enumerate() {
        let want = cell(e as u32).map_or(T::default(), |i| m[i]);
        assert_eq!(*v, want, "{what} element {e}");
    }
}
