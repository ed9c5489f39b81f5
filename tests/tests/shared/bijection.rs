//! Every layout the check accepts puts each tile element at its own offset inside the span,
//! and `decode` inverts `offset`: by a brute-force map over random tiles, paddings, majorness
//! and swizzles, seeded so a failure names its case.

use std::collections::HashMap;

use layout_core::shared::{SharedError, SharedLayout, Swizzle, SwizzleMode};

use super::Rng;

/// The brute-force verdict: each element's offset below the span, no two the same, and the
/// offsets `decode` maps back (and nothing else, padding included).
pub(crate) fn injective_onto_span(l: &SharedLayout) -> Result<(), String> {
    let span = l.span();
    let mut owner: HashMap<u32, (u32, u32)> = HashMap::new();
    for row in 0..l.rows() {
        for col in 0..l.cols() {
            let off = l
                .offset(row, col)
                .ok_or(format!("({row}, {col}) has no offset"))?;
            if off as u64 >= span {
                return Err(format!("({row}, {col}) at {off}, past the span {span}"));
            }
            if let Some(prev) = owner.insert(off, (row, col)) {
                return Err(format!("({row}, {col}) and {prev:?} both at {off}"));
            }
            if l.byte_offset(row, col) != Some(off * l.elem_bytes()) {
                return Err(format!("({row}, {col}): byte offset disagrees"));
            }
        }
    }
    for off in 0..span as u32 {
        if l.decode(off) != owner.get(&off).copied() {
            return Err(format!("decode({off}) = {:?}", l.decode(off)));
        }
    }
    Ok(())
}

/// A random tile, padding, majorness and swizzle; swizzles are drawn near the tile's size so
/// that many pass the check and many fail it.
fn random_layout(rng: &mut Rng) -> SharedLayout {
    let rows = rng.pick(&[1, 2, 3, 8, 12, 16, 32, 64]);
    let cols = rng.pick(&[1, 4, 8, 10, 16, 32, 64, 128]);
    let elem = rng.pick(&[1, 2, 4, 8, 16]);
    let pad = if rng.below(2) == 0 { 0 } else { rng.below(17) };
    let swizzle = if rng.below(5) == 0 {
        Swizzle::NONE
    } else {
        Swizzle::new(1 + rng.below(4), rng.below(6), rng.below(8))
    };
    let l = SharedLayout::row_major(rows, cols, elem)
        .with_pad(pad)
        .with_swizzle(swizzle);
    if rng.below(2) == 0 {
        l.col_major()
    } else {
        l
    }
}

#[test]
fn accepted_random_layouts_are_bijections_onto_their_span() {
    let mut accepted = 0;
    let mut refused = [0; 3];
    for seed in 0..500u64 {
        let mut rng = Rng(seed);
        let l = random_layout(&mut rng);
        match l.check() {
            Ok(()) => {
                accepted += 1;
                if let Err(e) = injective_onto_span(&l) {
                    panic!("seed {seed}, {l}: {e}");
                }
            }
            Err(SharedError::SwizzleOverlap { .. }) => refused[0] += 1,
            Err(SharedError::SwizzleBeyondTile { .. }) => refused[1] += 1,
            Err(SharedError::SwizzleBlock { .. }) => refused[2] += 1,
            Err(e) => panic!("seed {seed}, {l}: unexpected {e:?}"),
        }
    }
    // The draw exercises both verdicts and every refusal, so the test cannot pass vacuously.
    assert!(accepted >= 150, "only {accepted} of 500 accepted");
    assert!(refused.iter().all(|&n| n >= 10), "refusals {refused:?}");
}

#[test]
fn refused_swizzles_do_not_do_what_they_say() {
    // A swizzle reading bits the tile never sets moves nothing that those bits would.
    for seed in 0..500u64 {
        let mut rng = Rng(seed);
        let l = random_layout(&mut rng);
        if let Err(SharedError::SwizzleBeyondTile { swizzle, span, .. }) = l.check() {
            let top = swizzle.top();
            assert!(
                (1u64 << (top - 1)) >= span,
                "seed {seed}: bit {} is set below the span {span}",
                top - 1
            );
        }
    }
}

#[test]
fn hopper_modes_are_bijections_for_every_element_size() {
    for mode in SwizzleMode::ALL {
        for elem in [1u32, 2, 4, 8, 16] {
            let cols = if mode.bytes() == 0 {
                64
            } else {
                mode.bytes() / elem
            };
            for rows in [8, 16, 64] {
                for l in [
                    SharedLayout::hopper(rows, cols, elem, mode),
                    SharedLayout::hopper(cols, rows, elem, mode).col_major(),
                ] {
                    if let Err(e) = l.check() {
                        panic!("{l}: {e}");
                    }
                    injective_onto_span(&l).unwrap_or_else(|e| panic!("{l}: {e}"));
                }
            }
        }
    }
}

#[test]
fn the_128_byte_mode_is_the_byte_swizzle_of_the_ptx_isa() {
    // 128-byte mode: byte bits 4..7 (the 16-byte unit of a 128-byte row) are XORed with bits
    // 7..10 (the row within 8 rows), whatever the element size.
    for elem in [1u32, 2, 4, 8, 16] {
        let per_row = 128 / elem;
        let l = SharedLayout::hopper(16, per_row, elem, SwizzleMode::B128);
        for row in 0..16 {
            for col in 0..per_row {
                let byte = row * 128 + col * elem;
                let unit = (byte >> 4) & 7;
                let want = (byte & !0x70) | ((unit ^ (row % 8)) << 4);
                assert_eq!(l.byte_offset(row, col), Some(want), "{elem} ({row}, {col})");
            }
        }
    }
}
