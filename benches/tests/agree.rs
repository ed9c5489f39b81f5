//! Every benchmarked version computes the same thing, and the generated one agrees with the
//! numeral: the instruction counts compare equal work.

use fraglayout_benches::{c_origin, GatherData, ScatterData, Version, A_TILES, C_TILES, LD};
use layout_core::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C};

#[test]
fn scatter_versions_agree_with_the_numeral() {
    let mut reference = None;
    for v in Version::ALL {
        let mut data = ScatterData::new();
        data.run(v);
        for t in [0, 1, 511, 512, C_TILES - 1] {
            for lane in 0..32 {
                for e in 0..4 {
                    let (r, c) = SM80_16x8x16_F32_C.coords(lane, e).unwrap();
                    let at = c_origin(t) + r as usize * LD + c as usize;
                    assert_eq!(data.d[at], data.acc[t][lane as usize][e as usize], "{v:?}");
                }
            }
        }
        assert!(data.d.iter().all(|&x| x != 0.0 || data.d[0] == x), "{v:?}");
        match &reference {
            None => reference = Some(data.d),
            Some(r) => assert!(r == &data.d, "{v:?} differs from generated"),
        }
    }
}

#[test]
fn gather_versions_agree_with_the_numeral() {
    let mut reference = None;
    for v in Version::ALL {
        let mut data = GatherData::new();
        data.run(v);
        for t in [0, 1, 255, 256, A_TILES - 1] {
            let origin = (t / 256) * 16 * LD + (t % 256) * 16;
            for lane in 0..32 {
                for e in 0..8 {
                    let (r, c) = SM80_16x8x16_F16_A_ROW.coords(lane, e).unwrap();
                    let at = origin + r as usize * LD + c as usize;
                    assert_eq!(data.out[t][lane as usize][e as usize], data.a[at], "{v:?}");
                }
            }
        }
        match &reference {
            None => reference = Some(data.out),
            Some(r) => assert!(r == &data.out, "{v:?} differs from generated"),
        }
    }
}
