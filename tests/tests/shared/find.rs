//! The search keeps its contract, held against an enumeration of the same candidates written
//! here: a conflict-free answer is the first conflict-free layout in the documented order (no
//! padding before padding; fewer bits, lower base, lower shift first), and otherwise the
//! answer has the fewest wavefronts of all.

use layout_core::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F16_C};
use layout_core::shared::{
    find, wavefronts_of, Access, FragmentAt, MatrixVariant, SharedLayout, Swizzle,
};

use super::Rng;
use super::{BLOCKS, COLUMNS};

/// The candidates in the documented order: pads `0..=max_pad`; for each, no swizzle, then
/// `<bits, base, shift>` by bits, base, shift with the written bits inside a 128-byte row and
/// the layout passing its check.
fn candidates(base: &SharedLayout, max_pad: u32) -> Vec<SharedLayout> {
    let mut out = Vec::new();
    let row_bits = (128 / base.elem_bytes()).trailing_zeros();
    for pad in 0..=max_pad {
        let padded = base.with_pad(pad).with_swizzle(Swizzle::NONE);
        out.push(padded);
        for bits in 1..=5 {
            for b in 0..=row_bits.saturating_sub(bits) {
                for shift in bits..32 {
                    out.push(padded.with_swizzle(Swizzle::new(bits, b, shift)));
                }
            }
        }
    }
    out.retain(|l| l.check().is_ok());
    out
}

/// The verdicts of every candidate: `(layout, total)` for those every access can use.
fn enumerate(base: &SharedLayout, accesses: &[Access], max_pad: u32) -> Vec<(SharedLayout, u32)> {
    candidates(base, max_pad)
        .into_iter()
        .filter_map(|l| wavefronts_of(&l, accesses).ok().map(|w| (l, w.total)))
        .collect()
}

fn check_contract(base: &SharedLayout, accesses: &[Access], max_pad: u32, what: &str) -> bool {
    let found = find(base, accesses, max_pad).unwrap_or_else(|e| panic!("{what}: {e}"));
    let all = enumerate(base, accesses, max_pad);
    let ideal = found.wavefronts.ideal;
    if found.conflict_free() {
        let first = all.iter().find(|(_, t)| *t <= ideal).unwrap();
        assert_eq!(
            first.0, found.layout,
            "{what}: not the first conflict-free layout"
        );
    } else {
        let least = all.iter().map(|(_, t)| *t).min().unwrap();
        assert_eq!(
            found.wavefronts.total, least,
            "{what}: not the fewest wavefronts"
        );
        assert!(
            all.iter().all(|(_, t)| *t > ideal),
            "{what}: missed a conflict-free one"
        );
    }
    found.conflict_free()
}

#[test]
fn the_search_keeps_its_contract_on_random_accesses() {
    let mut free = 0;
    for seed in 0..24u64 {
        let mut rng = Rng(seed);
        let rows = rng.pick(&[16u32, 32, 64]);
        let cols = rng.pick(&[16u32, 32, 64, 128]);
        let base = SharedLayout::row_major(rows, cols, 2);
        let mut accesses = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let at = FragmentAt::new(16 * rng.below(rows / 16), 16 * rng.below(cols / 16));
            accesses.push(match rng.below(4) {
                0 => Access::matrices(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW).at(at),
                1 => Access::matrices(MatrixVariant::X2_TRANS, &SM80_16x8x16_F16_B_COL).at(at),
                2 => Access::matrices(MatrixVariant::X2, &SM80_16x8x16_F16_C).at(at),
                _ => Access::rows(rng.pick(&[4, 8, 16])),
            });
        }
        if check_contract(&base, &accesses, 8, &format!("seed {seed}")) {
            free += 1;
        }
    }
    assert!(free >= 12, "only {free} of 24 made conflict-free");
}

/// A 32 x 32 f32 tile read down its columns (lane `l` reads row `l`) and in 2 x 16 blocks
/// (lane `l` reads row `l / 2`, column `l % 2` of a pair of columns): no swizzle alone serves
/// both (the column walk needs every row bit in the bank bits, the blocks need the bank's
/// bit 0 kept out of the first 16 rows'), so without padding the search returns the fewest
/// wavefronts; padding and a swizzle together do serve both.
#[test]
fn without_a_fix_it_returns_the_fewest_wavefronts() {
    const _: () = layout_core::assert_bijection(&COLUMNS);
    const _: () = layout_core::assert_bijection(&BLOCKS);
    let base = SharedLayout::row_major(32, 32, 4);
    let accesses = [Access::elements(&COLUMNS, 4), Access::elements(&BLOCKS, 4)];
    let plain = wavefronts_of(&base, &accesses).unwrap();
    assert_eq!(
        (plain.worst, plain.ideal),
        (32, 64),
        "columns are 32-way on the plain tile"
    );
    let free = check_contract(&base, &accesses, 0, "columns and blocks, no padding");
    let found = find(&base, &accesses, 0).unwrap();
    assert!(!free, "{found:?}");
    assert!(found.wavefronts.total < plain.total);
    assert!(check_contract(
        &base,
        &accesses,
        3,
        "columns and blocks, padding up to 3"
    ));
    let padded = find(&base, &accesses, 3).unwrap();
    assert!(
        padded.layout.pad() > 0 && !padded.layout.swizzle().is_identity(),
        "{padded:?}"
    );
}

/// A free-width access moves the widest vector some layout admits: the search's width is the
/// first of 16, 8, 4 bytes at which the enumeration admits any layout, and its layout is the
/// first conflict-free one (or the fewest wavefronts) at that width. The f32 accumulator's
/// lanes hold pairs of neighbours (`c0, c1` at row `g`, `c2, c3` eight rows down): 8 bytes.
#[test]
fn a_free_width_is_the_widest_some_layout_admits() {
    use layout_core::catalog::{SM80_16x8x16_F16_C, SM80_16x8x16_F32_C};
    let cases: [(SharedLayout, Vec<Access>, u32); 3] = [
        (
            SharedLayout::row_major(16, 64, 4),
            vec![
                Access::elements_widest(&SM80_16x8x16_F32_C),
                Access::rows(16),
            ],
            8,
        ),
        (
            SharedLayout::row_major(16, 8, 4),
            vec![Access::elements_widest(&SM80_16x8x16_F32_C)],
            8,
        ),
        (
            SharedLayout::row_major(16, 64, 2),
            vec![
                Access::elements_widest(&SM80_16x8x16_F16_C).at(FragmentAt::new(0, 8)),
                Access::matrices(MatrixVariant::X2, &SM80_16x8x16_F16_C),
            ],
            4,
        ),
    ];
    for (base, accesses, want) in cases {
        let found = find(&base, &accesses, 4).unwrap();
        let at = |w: u32| -> Vec<Access> { accesses.iter().map(|a| a.with_width(w)).collect() };
        let first_admitted = [16u32, 8, 4, 2]
            .into_iter()
            .find(|&w| !enumerate(&base, &at(w), 4).is_empty())
            .unwrap();
        assert_eq!(first_admitted, want, "{base}");
        assert_eq!(found.width, Some(want), "{base}");
        let fixed = find(&base, &at(want), 4).unwrap();
        assert_eq!(
            (found.layout, found.wavefronts),
            (fixed.layout, fixed.wavefronts),
            "{base}"
        );
        check_contract(&base, &at(want), 4, "the free width fixed");
        // The wider passes tried every layout and none admitted the access.
        let wider: usize = [16u32, 8]
            .into_iter()
            .filter(|&w| w > want)
            .map(|_| candidates(&base, 4).len())
            .sum();
        assert_eq!(found.tried as usize, wider + fixed.tried as usize, "{base}");
        let text = found.criterion();
        assert!(
            text.as_str().starts_with(&format!(
                "the widest vectors (free widths at {want} bytes a lane), then the fewest \
                 wavefronts, over paddings 0..=4 elements"
            )),
            "{}",
            text.as_str()
        );
    }
}

/// On one layout a free width is the widest vector that layout keeps whole: a swizzle of
/// single f32 elements splits the accumulator's pairs.
#[test]
fn a_free_width_on_a_layout_is_its_widest_vector() {
    use layout_core::catalog::SM80_16x8x16_F32_C;
    let free = Access::elements_widest(&SM80_16x8x16_F32_C);
    assert!(free.free_width() && !Access::elements(&SM80_16x8x16_F32_C, 8).free_width());
    let plain = SharedLayout::row_major(16, 64, 4);
    assert_eq!(free.widest(&plain), Ok(8));
    assert_eq!(
        free.wavefronts(&plain),
        Access::elements(&SM80_16x8x16_F32_C, 8).wavefronts(&plain)
    );
    let split = plain.with_swizzle(Swizzle::new(1, 0, 6)); // row 1's pairs swapped
    assert_eq!(free.widest(&split), Ok(4));
    assert_eq!(free.requests(&split), Ok(4));
    assert_eq!(
        free.request(&split, 3),
        Access::elements(&SM80_16x8x16_F32_C, 4).request(&split, 3)
    );
}
