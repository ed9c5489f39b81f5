//! The shared-tile versions (`calls_smem.rs`) agree: every version writes exactly the offsets
//! `SMEM.offset` names for the thread's elements, for every thread, and a thread outside the
//! layout writes nothing (but for `typed` and `unchecked`, whose thread the type or the caller
//! keeps inside).

use fraglayout_benches::calls_smem::{CALLS, CASES, SMEM, SPAN};
use layout_core::catalog::SM80_16x8x16_F32_C;
use layout_core::shared::SwizzleMode;

#[test]
fn the_tile_is_the_128_byte_swizzle_over_the_accumulator() {
    assert!(SMEM.check().is_ok());
    assert_eq!(Some(SMEM.swizzle()), SwizzleMode::B128.swizzle(4));
    assert_eq!((SMEM.rows(), SMEM.cols(), SPAN), (16, 8, 512));
    // Every measured function is a version of a registered case.
    for &(case, version, _) in CALLS {
        let c = CASES.iter().find(|c| c.name == case).unwrap();
        assert!(
            c.versions.iter().any(|v| v.0 == version),
            "{case} {version}"
        );
    }
}

#[test]
fn every_version_writes_exactly_the_layouts_offsets() {
    let n = &SM80_16x8x16_F32_C;
    let acc = [-1.0, -2.0, -3.0, -4.0];
    let base: [f32; SPAN] = core::array::from_fn(|i| i as f32);
    for &(case, version, f) in CALLS {
        let checked = !matches!(version, "typed" | "unchecked");
        for t in 0..32 + u32::from(checked) {
            let mut smem = base;
            f(t, &acc, &mut smem);
            let mut want = base;
            for e in 0..4 {
                if let Some((r, c)) = n.coords(t, e) {
                    want[SMEM.offset(r, c).unwrap() as usize] = acc[e as usize];
                }
            }
            assert!(smem == want, "{case} {version} thread {t}");
        }
    }
}
