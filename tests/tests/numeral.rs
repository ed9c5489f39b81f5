//! The numeral engine: encode, decode, the bijection check and its words, matrix offsets.

use fraglayout_tests::ownership::Ownership;
use fraglayout_tests::ptx;
use layout_core::catalog::{
    SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F16_C, SM80_16x8x16_F32_C,
};
use layout_core::{Digit, LayoutError, MatrixAt, Numeral, Source};

type Formula = fn(u32, u32) -> (u32, u32);

const M16N8K16: [(&Numeral, Formula); 4] = [
    (&SM80_16x8x16_F16_A_ROW, ptx::m16n8k16_f16_a),
    (&SM80_16x8x16_F16_B_COL, ptx::m16n8k16_f16_b),
    (&SM80_16x8x16_F32_C, ptx::m16n8k16_c),
    (&SM80_16x8x16_F16_C, ptx::m16n8k16_c),
];

#[test]
fn m16n8k16_numerals_match_the_ptx_formulas_everywhere() {
    for (n, formula) in M16N8K16 {
        for lane in 0..32 {
            for e in 0..n.elements {
                assert_eq!(
                    n.coords(lane, e),
                    Some(formula(lane, e)),
                    "{} lane {lane} e {e}",
                    n.name
                );
            }
        }
    }
}

#[test]
fn every_m16n8k16_numeral_is_an_exact_cover_and_decode_inverts_encode() {
    for (n, _) in M16N8K16 {
        let own = Ownership::of(n);
        assert!(own.is_bijection(), "{}: {own:?}", n.name);
        assert!(n.check().is_ok());
        for lane in 0..32 {
            for e in 0..n.elements {
                let (row, col) = n.coords(lane, e).unwrap();
                assert_eq!(n.decode_coords(row, col), Some((lane, e)), "{}", n.name);
                assert_eq!(n.decode(row * n.cols + col), Some((lane, e)));
            }
        }
        assert_eq!(n.decode(n.size() as u32), None, "offset past the tile");
        assert_eq!(n.decode_coords(n.rows, 0), None);
        assert_eq!(n.decode_coords(0, n.cols), None);
    }
}

#[test]
fn the_element_index_splits_over_non_adjacent_places() {
    // m16n8k16 C: element 0 -> 1 moves one column, 0 -> 2 moves eight rows.
    let c = &SM80_16x8x16_F32_C;
    for lane in 0..32 {
        let (r0, c0) = c.coords(lane, 0).unwrap();
        assert_eq!(c.coords(lane, 1), Some((r0, c0 + 1)));
        assert_eq!(c.coords(lane, 2), Some((r0 + 8, c0)));
        assert_eq!(c.coords(lane, 3), Some((r0 + 8, c0 + 1)));
    }
    // m16n8k16 A: element 4 moves eight columns, element 2 eight rows.
    let a = &SM80_16x8x16_F16_A_ROW;
    let (r0, c0) = a.coords(7, 0).unwrap();
    assert_eq!(a.coords(7, 2), Some((r0 + 8, c0)));
    assert_eq!(a.coords(7, 4), Some((r0, c0 + 8)));
}

#[test]
fn out_of_range_threads_and_elements_are_rejected_not_wrapped() {
    let c = &SM80_16x8x16_F32_C;
    assert_eq!(c.coords(32, 0), None);
    assert_eq!(c.coords(u32::MAX, 0), None);
    assert_eq!(c.coords(0, 4), None);
    assert_eq!(c.offset(0, u32::MAX), None);
    assert_eq!(c.matrix_offset(32, 0, MatrixAt::origin(8)), None);
    // A warpgroup numeral takes threads 0..128.
    let wg = c.with_warps(4);
    assert!(wg.in_range(127, 3));
    assert!(!wg.in_range(128, 0));
}

#[test]
fn tiles_placed_at_strided_origins_stay_disjoint_and_inside() {
    // A 48 x 40 matrix (ld 40) tiled by 3 x 5 accumulator tiles: every cell written once.
    let c = &SM80_16x8x16_F32_C;
    let (rows, ld) = (48usize, 40usize);
    let mut hits = vec![0u8; rows * ld];
    for tr in 0..3 {
        for tc in 0..5 {
            for lane in 0..32 {
                for e in 0..4 {
                    let at = MatrixAt {
                        row: tr * 16,
                        col: tc * 8,
                        ld,
                    };
                    let off = c.matrix_offset(lane, e, at).unwrap();
                    let (row, col) = c.coords(lane, e).unwrap();
                    assert_eq!(off, (tr * 16 + row as usize) * ld + tc * 8 + col as usize);
                    hits[off] += 1;
                }
            }
        }
    }
    assert!(hits.iter().all(|&h| h == 1));
}

#[test]
fn matrix_offsets_reject_overflow_and_elements_past_the_row() {
    let c = &SM80_16x8x16_F32_C;
    let at = |row, col, ld| MatrixAt { row, col, ld };
    assert_eq!(
        c.matrix_offset(0, 0, at(usize::MAX, 0, 8)),
        None,
        "row overflow"
    );
    assert_eq!(
        c.matrix_offset(31, 3, at(usize::MAX / 8, 0, 8)),
        None,
        "multiply overflow"
    );
    assert_eq!(
        c.matrix_offset(0, 0, at(0, usize::MAX, usize::MAX)),
        None,
        "column past the row"
    );
    assert_eq!(
        c.matrix_offset(0, 1, at(0, usize::MAX - 1, usize::MAX)),
        None,
        "column overflow"
    );
    assert_eq!(
        c.matrix_offset(31, 3, MatrixAt::origin(8)),
        Some(15 * 8 + 7)
    );
    assert_eq!(MatrixAt::origin(8), at(0, 0, 8));
    // The largest offset that fits: the last element of a tile whose last row ends usize::MAX.
    let ld = 8usize;
    let last_row = usize::MAX / ld - 1;
    let top = at(last_row - 15, 0, ld);
    assert_eq!(c.matrix_offset(31, 3, top), Some(last_row * ld + 7));
}

/// A tile that sticks out of the right edge of its matrix: every element inside the row gets
/// its offset, every element past it `None`, never an element of the next row.
#[test]
fn matrix_offsets_of_a_tile_past_the_row_end() {
    let c = &SM80_16x8x16_F32_C;
    for ld in 1..=16usize {
        for col in 0..ld + 2 {
            let at = MatrixAt { row: 2, col, ld };
            for lane in 0..32 {
                for e in 0..4 {
                    let (r, k) = c.coords(lane, e).unwrap();
                    let mc = col + k as usize;
                    let want = (mc < ld).then(|| (2 + r as usize) * ld + mc);
                    assert_eq!(c.matrix_offset(lane, e, at), want, "ld {ld} col {col}");
                }
            }
        }
    }
}

fn numeral(rows: u32, cols: u32, elements: u32, digits: &[Digit]) -> Numeral<'_> {
    Numeral::new("t", rows, cols, elements, digits)
}

#[test]
fn an_overlap_is_named_by_both_claimants() {
    // `e / 2` at place 4 lands on `lane % 4`'s places: (lane 0, e 2) and (lane 2, e 0) collide.
    let digits = [
        Digit::element(1, 2, 1),
        Digit::lane(1, 4, 2),
        Digit::element(2, 2, 4),
        Digit::lane(4, 8, 8),
    ];
    let n = numeral(16, 8, 4, &digits);
    let own = Ownership::of(&n);
    assert!(!own.is_bijection());
    assert!(
        own.collisions.contains(&(4, (0, 2), (2, 0))),
        "{:?}",
        &own.collisions[..4]
    );
    // Written between `lane % 4` and `lane / 4`, `e / 2` keeps that order: it moves to 8, and
    // `lane / 4` above it, in one message.
    assert_eq!(
        n.errors().iter().collect::<Vec<_>>(),
        [LayoutError::PlaceMoves { first: 2, count: 2 }]
    );
    assert_eq!(
        n.check().unwrap_err().message(&n).as_str(),
        "places overlap: `e / 2` at place 4 falls inside `lane % 4` (places 2 to 7): move it to \
         place 8 and `lane / 4` to place 16"
    );
    // On a tile twice the size, 32 threads x 4 elements fall short of it whatever the places:
    // the count is named, before any digit.
    let n = numeral(16, 16, 4, &digits);
    assert_eq!(
        n.errors().iter().collect::<Vec<_>>(),
        [LayoutError::ElementCount {
            threads: 32,
            elements: 4,
            size: 256
        }]
    );
}

/// (digits, elements, the first error's message)
fn first_message(rows: u32, cols: u32, elements: u32, digits: &[Digit]) -> String {
    let n = numeral(rows, cols, elements, digits);
    let e = n.check().expect_err("must fail");
    assert!(
        !Ownership::of(&n).is_bijection(),
        "brute force agrees it fails"
    );
    e.message(&n).to_string()
}

/// The first error's message, for numerals the brute-force map cannot judge: a digit that is
/// always 0 is harmless to the map but still a mistake, and a 2^32 tile is too large to map.
fn message_of(rows: u32, cols: u32, elements: u32, digits: &[Digit]) -> String {
    let n = numeral(rows, cols, elements, digits);
    n.check().expect_err("must fail").message(&n).to_string()
}

#[test]
fn each_error_says_what_is_wrong_with_numbers_and_the_fix() {
    let e2 = Digit::element(1, 2, 1);
    let lo = Digit::lane(1, 4, 2);
    let hi = Digit::lane(4, 8, 8);
    assert_eq!(
        first_message(16, 8, 2, &[e2, lo, hi]),
        "32 threads x 2 elements = 64, but the 16 x 8 tile has 128 elements: use `elements 4`"
    );
    assert_eq!(
        first_message(16, 8, 4, &[e2, lo, hi]),
        "element digits cover 2 of 4 elements: add a digit `e / 2`"
    );
    assert_eq!(
        first_message(
            16,
            8,
            4,
            &[e2, lo, Digit::lane(4, 4, 8), Digit::element(2, 2, 64)]
        ),
        "lane digits cover 16 of 32 lanes: add a digit `lane / 16`"
    );
    assert_eq!(
        first_message(
            16,
            8,
            4,
            &[e2, lo, Digit::lane(8, 4, 8), Digit::element(2, 2, 64)]
        ),
        "no digit reads lane / 4: add a digit `lane / 4 % 2`"
    );
    assert_eq!(
        first_message(
            16,
            8,
            4,
            &[e2, lo, Digit::lane(4, 8, 16), Digit::element(2, 2, 64)]
        ),
        "no digit has place 8: move `lane / 4` from place 16 to place 8"
    );
    assert_eq!(
        first_message(
            16,
            8,
            4,
            &[e2, lo, Digit::lane(4, 8, 16), Digit::element(2, 2, 128)]
        ),
        "no digit has place 8: move `lane / 4` from place 16 to place 8 and `e / 2` to place 64"
    );
    assert_eq!(
        first_message(
            16,
            16,
            4,
            &[e2, lo, Digit::lane(4, 8, 16), Digit::element(2, 2, 128)]
        ),
        "32 threads x 4 elements = 128, but the 16 x 16 tile has 256 elements: use `elements 8`"
    );
    assert_eq!(
        first_message(
            16,
            8,
            4,
            &[e2, lo, Digit::lane(8, 8, 8), Digit::element(2, 2, 64)]
        ),
        "no digit reads lane / 4: change `lane / 8 % 8` to `lane / 4`"
    );
    assert_eq!(
        first_message(16, 8, 4, &[e2, lo, hi, Digit::element(4, 2, 64)]),
        "`e / 4` is always 0: `elements 4` keeps e below 4; use a divisor below 4, or raise \
         `elements`"
    );
    assert_eq!(
        message_of(32, 1, 1, &[Digit::lane(1, 32, 1), Digit::element(4, 2, 32)]),
        "`e / 4` is always 0: there is only 1 element; remove the digit, or raise `elements`"
    );
    assert_eq!(
        message_of(8, 8, 2, &[e2, Digit::lane(1, 32, 2), Digit::warp(1, 2, 64)]),
        "`warp` is always 0: there is only 1 warp; remove the digit, or raise `warps`"
    );
    assert_eq!(
        message_of(8, 8, 2, &[e2, lo, hi, Digit::lane(64, 2, 64)]),
        "`lane / 64` is always 0: lane is below 32; use a divisor below 32"
    );
    assert_eq!(
        message_of(65536, 65536, 4, &[e2, lo, hi]),
        "tile is 65536 x 65536 = 4294967296 elements: a tile holds at most 2^32 - 1 = 4294967295"
    );
    assert_eq!(
        first_message(16, 8, 8, &[e2, lo, hi, Digit::element(2, 4, 64)]),
        "32 threads x 8 elements = 256, but the 16 x 8 tile has 128 elements: use `elements 4`"
    );
    assert_eq!(
        first_message(10, 10, 4, &[e2, lo, hi, Digit::element(2, 2, 64)]),
        "32 threads x 4 elements = 128, but the 10 x 10 tile has 100 elements, not a multiple \
         of 32 threads: no element count fills it"
    );
    assert_eq!(
        first_message(4, 4, 1, &[Digit::lane(1, 16, 1), Digit::lane(16, 2, 16)]),
        "32 threads x 1 element = 32, but the 4 x 4 tile has 16 elements, fewer than the \
         threads: every thread holds at least one element"
    );
    assert_eq!(
        first_message(16, 8, 4, &[e2, lo, hi, Digit::element(2, 2, 0)]),
        "digit `e / 2` broadcasts (place 0), but only lane and warp digits can: one thread's \
         elements are distinct; give it a place of 1 or more"
    );
    assert_eq!(
        first_message(0, 8, 4, &[e2, lo, hi, Digit::element(2, 2, 64)]),
        "tile is 0 x 8: a tile needs at least 1 row and 1 column"
    );
}

#[test]
fn digits_that_select_nothing_are_errors_even_where_harmless() {
    // A range-1 digit adds nothing, so the map is still a bijection, but it is a mistake.
    let acc = [
        Digit::element(1, 2, 1),
        Digit::lane(1, 4, 2),
        Digit::lane(4, 8, 8),
        Digit::element(2, 2, 64),
    ];
    let with = |extra: Digit| {
        let mut d = acc.to_vec();
        d.push(extra);
        d
    };
    let range_one = with(Digit::lane(4, 1, 128));
    let n = numeral(16, 8, 4, &range_one);
    assert!(Ownership::of(&n).is_bijection());
    assert_eq!(n.check(), Err(LayoutError::DegenerateRange { digit: 4 }));
    // `warp` with one warp is always 0: one message, for the divisor, not also for the range.
    let warp = with(Digit::warp(1, 1, 128));
    let n = numeral(16, 8, 4, &warp);
    assert!(Ownership::of(&n).is_bijection());
    assert_eq!(
        n.errors().iter().collect::<Vec<_>>(),
        [LayoutError::AlwaysZero { digit: 4 }]
    );
    let zero_div = [Digit::element(0, 2, 1), Digit::lane(1, 32, 2)];
    let n = numeral(8, 8, 2, &zero_div);
    assert_eq!(n.check(), Err(LayoutError::ZeroDivisor { digit: 0 }));
}

/// The moves a `PlaceMove` or `PlaceMoves` names, applied: worked out here from the rule in
/// the message (one digit to the place given; or every digit, in place order, to the product
/// of the ranges below it), independently of layout-core's own search.
fn apply_place_fix(digits: &[Digit], e: LayoutError) -> Vec<Digit> {
    let mut out = digits.to_vec();
    match e {
        LayoutError::PlaceMove { digit, place } => out[digit].place = place as u32,
        LayoutError::PlaceMoves { .. } => {
            let mut order: Vec<usize> = (0..out.len()).collect();
            order.sort_by_key(|&i| out[i].place); // stable: equal places keep written order
            let mut place = 1u32;
            for i in order {
                out[i].place = place;
                place *= out[i].range;
            }
        }
        other => panic!("not a place move: {other:?}"),
    }
    out
}

fn apply_source_fix(digits: &[Digit], e: LayoutError) -> Vec<Digit> {
    let mut out = digits.to_vec();
    match e {
        LayoutError::SourceMove { digit, divisor, .. } => out[digit].divisor = divisor as u32,
        LayoutError::SourceMoves { source, .. } => {
            let mut order: Vec<usize> = (0..out.len())
                .filter(|&i| out[i].source == source)
                .collect();
            order.sort_by_key(|&i| out[i].divisor);
            let mut divisor = 1u32;
            for i in order {
                out[i].divisor = divisor;
                divisor *= out[i].range;
            }
        }
        other => panic!("not a divisor move: {other:?}"),
    }
    out
}

#[test]
fn one_misplaced_digit_is_one_message_whose_move_fixes_the_numeral() {
    // Every catalog numeral, every digit put at other places (doubled, halved, at 1, at the
    // top, far past the tile): whatever the check says is one message, and doing what it says
    // gives a bijection (the brute-force ownership map agrees).
    let mut cases = 0;
    // The brute-force verdict of each fixed numeral, computed once: most fixes give back the
    // catalog's digits, which many mistakes share.
    let mut brute: std::collections::HashMap<String, bool> = std::collections::HashMap::new();
    for entry in layout_core::catalog::CATALOG {
        let n = entry.numeral;
        // The broadcast scale layouts' messages: test `broadcast`.
        if n.size() > 1 << 16 || n.has_broadcast() {
            continue;
        }
        for i in 0..n.digits.len() {
            let p = n.digits[i].place;
            let wrong = [
                p * 2,
                p / 2,
                1,
                n.size() as u32 / 2,
                p.saturating_mul(1 << 10),
                p + 1,
            ];
            for &q in &wrong {
                if q == p || q == 0 {
                    continue;
                }
                let mut digits = n.digits.to_vec();
                digits[i].place = q;
                let bad =
                    Numeral::new(n.name, n.rows, n.cols, n.elements, &digits).with_warps(n.warps);
                let errors: Vec<_> = bad.errors().iter().collect();
                assert_eq!(errors.len(), 1, "{} digit {i} at {q}: {errors:?}", n.name);
                let fixed = apply_place_fix(&digits, errors[0]);
                let good =
                    Numeral::new(n.name, n.rows, n.cols, n.elements, &fixed).with_warps(n.warps);
                assert!(
                    good.is_bijection(),
                    "{} digit {i} at {q}: {:?}",
                    n.name,
                    errors[0]
                );
                let key = format!("{:?}", good);
                let exact = *brute
                    .entry(key)
                    .or_insert_with(|| Ownership::of(&good).is_bijection());
                assert!(exact, "{} digit {i} at {q}", n.name);
                cases += 1;
            }
        }
    }
    assert!(cases > 1000, "{cases}");
}

#[test]
fn one_misread_divisor_is_one_message_whose_change_fixes_the_input() {
    // Each digit of each catalog numeral read from the wrong divisor (ranges kept): the input's
    // stage says one thing, and doing it leaves that input exactly covered.
    let mut cases = 0;
    for entry in layout_core::catalog::CATALOG {
        let n = entry.numeral;
        for i in 0..n.digits.len() {
            let d = n.digits[i];
            let extent = n.extent(d.source);
            for q in [d.divisor * 2, d.divisor / 2, 1] {
                if q == d.divisor || q == 0 || q >= extent {
                    continue;
                }
                let mut digits = n.digits.to_vec();
                digits[i].divisor = q;
                let bad =
                    Numeral::new(n.name, n.rows, n.cols, n.elements, &digits).with_warps(n.warps);
                let errors: Vec<_> = bad.errors().iter().collect();
                assert_eq!(errors.len(), 1, "{} digit {i} / {q}: {errors:?}", n.name);
                let fixed = apply_source_fix(&digits, errors[0]);
                let good =
                    Numeral::new(n.name, n.rows, n.cols, n.elements, &fixed).with_warps(n.warps);
                // The input is now read exactly: whatever is left is about places.
                for e in good.errors().iter() {
                    assert!(
                        matches!(
                            e,
                            LayoutError::PlaceMove { .. } | LayoutError::PlaceMoves { .. }
                        ),
                        "{} digit {i} / {q}: {e:?}",
                        n.name
                    );
                }
                cases += 1;
            }
        }
    }
    assert!(cases > 100, "{cases}");
}

#[test]
fn the_guide_example_says_move_not_add() {
    // docs/GUIDE.md: the m16n8k16 accumulator with `lane / 4` at 16 instead of 8.
    let digits = [
        Digit::element(1, 2, 1),
        Digit::lane(1, 4, 2),
        Digit::lane(4, 8, 16),
        Digit::element(2, 2, 64),
    ];
    let n = numeral(16, 8, 4, &digits);
    assert_eq!(
        n.errors().iter().collect::<Vec<_>>(),
        [LayoutError::PlaceMove { digit: 2, place: 8 }]
    );
    let guide = include_str!("../../docs/GUIDE.md");
    let message = n.check().unwrap_err().message(&n);
    assert!(
        guide.contains(&format!("lane / 4 => 16,   // error: {message}")),
        "docs/GUIDE.md shows another message than `{message}`"
    );
}

#[test]
fn decoding_a_hand_built_tile_past_u32_never_panics_nor_wraps() {
    // 65536 x 65537 elements: more than 2^32, which the check refuses; decode and encode must
    // still answer `None` where an offset does not fit in u32, never a wrapped `Some`.
    let digits = [Digit::lane(1, 32, 1 << 31)];
    let big = Numeral::new("big", 65536, 65537, 1, &digits);
    assert!(matches!(big.check(), Err(LayoutError::BadTile { .. })));
    assert_eq!(big.offset(1, 0), Some(1 << 31));
    assert_eq!(big.offset(2, 0), None, "2^32 does not fit in u32");
    assert_eq!(big.coords(2, 0), None);
    assert_eq!(big.decode_coords(65535, 65536), None, "offset past u32");
    assert_eq!(
        big.decode_coords(32767, 32769),
        Some((1, 0)),
        "32767 * 65537 + 32769 = 2^31"
    );
    assert_eq!(big.decode_coords(0, 5), None);
    // A warp index whose thread number passes u32.
    let warps = [Digit::warp(1 << 27, 2, 1)];
    let w = Numeral::new("w", 1, 2, 1, &warps).with_warps(u32::MAX);
    assert_eq!(w.decode(1), None);
    // Two digits whose decoded input sum passes u64.
    let huge = [
        Digit::lane(u32::MAX, u32::MAX, 1),
        Digit::lane(u32::MAX, u32::MAX, 1),
    ];
    let h = Numeral::new("h", 65536, 65535, 1, &huge);
    assert_eq!(h.decode(65536 * 65535 - 1), None);
    assert_eq!(h.decode_coords(65535, 65534), None);
}

#[test]
fn every_problem_of_a_stage_is_listed() {
    let digits = [
        Digit::element(1, 2, 1),
        Digit::lane(1, 2, 2),
        Digit::lane(4, 2, 4),  // gap at lane / 2
        Digit::lane(16, 2, 8), // gap at lane / 8
        Digit::element(2, 2, 16),
    ];
    let n = numeral(16, 8, 4, &digits);
    assert!(!Ownership::of(&n).is_bijection());
    let all: Vec<_> = n.errors().iter().collect();
    assert_eq!(
        all,
        [
            LayoutError::SourceGap {
                source: Source::Lane,
                divisor: 2,
                next: 4,
                digit: 2
            },
            LayoutError::SourceGap {
                source: Source::Lane,
                divisor: 8,
                next: 16,
                digit: 3
            },
        ]
    );
}

#[test]
fn one_vocabulary_for_sources() {
    for (k, s) in Source::ALL.into_iter().enumerate() {
        assert_eq!(s.index(), k);
        assert_eq!(Source::from_name(s.name()), Some(s));
        assert_eq!(s.noun(), format!("{}s", s.singular()));
        assert_eq!(s.constructor(), s.singular());
    }
    assert_eq!(
        Source::ALL.map(|s| (s.name(), s.singular())),
        [("lane", "lane"), ("warp", "warp"), ("e", "element")]
    );
    // Only the names digit expressions use, exactly.
    for word in [
        "element", "elements", "lanes", "Lane", "E", "", "e ", "ee", "thread",
    ] {
        assert_eq!(Source::from_name(word), None, "{word:?}");
    }
    // The constructor names are Digit's: numeral! expands each row through them.
    layout_macros::numeral! {
        WG: 64 x 8, warps 4 {
            e % 2 => 1, lane % 4 => 2, lane / 4 => 8, e / 2 => 64, warp => 128,
        }
    }
    let sources: Vec<Source> = WG.digits.iter().map(|d| d.source).collect();
    use Source::{Element, Lane, Warp};
    assert_eq!(sources, [Element, Lane, Lane, Element, Warp]);
    assert_eq!(WG.digits[4], Digit::warp(1, 4, 128));
    // Messages take their nouns from the same table.
    let n = numeral(16, 8, 4, &[]).with_warps(0);
    assert_eq!(
        n.check().unwrap_err().message(&n).as_str(),
        "0 warps: a fragment needs at least 1 warp"
    );
}

#[test]
fn sources_name_their_digits_canonically() {
    assert_eq!(Source::Lane.name(), "lane");
    let mut m = layout_core::Message::new();
    m.push_digit(&Digit::lane(4, 2, 8), 32);
    m.push(", ");
    m.push_digit(&Digit::lane(4, 8, 8), 32);
    m.push(", ");
    m.push_digit(&Digit::element(1, 4, 1), 4);
    assert_eq!(m.as_str(), "lane / 4 % 2, lane / 4, e");
}

#[test]
fn the_check_runs_at_compile_time() {
    const OK: bool = SM80_16x8x16_F32_C.is_bijection();
    const ERR: Result<(), LayoutError> = Numeral::new("x", 4, 4, 1, &[]).check();
    const { assert!(OK) };
    assert!(ERR.is_err());
}

#[test]
fn an_error_worded_for_another_numeral_does_not_panic() {
    let digits = [
        Digit::element(1, 2, 1),
        Digit::lane(1, 4, 2),
        Digit::element(2, 2, 4),
    ];
    let bad = numeral(16, 8, 4, &digits);
    let err = bad.errors().get(0).expect("fails");
    let empty = numeral(16, 8, 4, &[]);
    assert!(!err.message(&empty).as_str().is_empty());
}

#[test]
fn every_error_is_worded_without_panicking_whatever_its_numbers() {
    // LayoutError's fields are public: one built by hand, with zeros, huge numbers or digit
    // indices past the numeral, is still worded (a const fn must not panic on it).
    use LayoutError::*;
    let s = Source::Element;
    let mut all = Vec::new();
    for (x, i) in [(0u64, 0usize), (1, 1), (u64::MAX, usize::MAX), (7, 99)] {
        let v = x as u32;
        all.extend([
            BadTile { rows: v, cols: v },
            EmptySource { source: s },
            TooManyDigits { count: i },
            DegenerateRange { digit: i },
            ZeroDivisor { digit: i },
            AlwaysZero { digit: i },
            ZeroPlace { digit: i },
            SourceOverlap {
                source: s,
                first: i,
                second: i,
            },
            SourceGap {
                source: s,
                divisor: x,
                next: x,
                digit: i,
            },
            SourceSpan {
                source: s,
                covered: x,
                extent: v,
                top: Some(i),
            },
            ElementCount {
                threads: x,
                elements: v,
                size: x,
            },
            SourceMove {
                source: s,
                digit: i,
                divisor: x,
            },
            SourceMoves {
                source: s,
                first: i,
                count: i,
            },
            PlaceMove { digit: i, place: x },
            PlaceMoves { first: i, count: i },
        ]);
    }
    let broken = [
        Digit::element(0, 0, 0),
        Digit::lane(u32::MAX, u32::MAX, u32::MAX),
    ];
    for n in [
        numeral(16, 8, 4, &[]),
        numeral(0, 0, 0, &broken),
        SM80_16x8x16_F32_C,
    ] {
        for e in &all {
            assert!(!e.message(&n).as_str().is_empty(), "{e:?}");
        }
    }
}

#[test]
fn no_numeral_makes_a_const_fn_panic() {
    // Random numerals built from edge values (0, 1, powers of two, u32::MAX): the check, its
    // words, encode and decode answer, and never overflow (tests run with overflow checks).
    const EDGE: [u32; 10] = [0, 1, 2, 3, 4, 31, 32, 33, 1 << 31, u32::MAX];
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    for _ in 0..20_000 {
        let mut digits = Vec::new();
        for _ in 0..next(4) {
            let source = Source::ALL[next(3)];
            digits.push(Digit::new(
                source,
                EDGE[next(10)],
                EDGE[next(10)],
                EDGE[next(10)],
            ));
        }
        let n = Numeral::new(
            "fuzz",
            EDGE[next(10)],
            EDGE[next(10)],
            EDGE[next(10)],
            &digits,
        )
        .with_warps(EDGE[next(10)]);
        for e in n.errors().iter() {
            assert!(!e.message(&n).as_str().is_empty());
        }
        let (t, e) = (EDGE[next(10)], EDGE[next(10)]);
        let _ = (n.offset(t, e), n.coords(t, e), n.raw_offset(t, e));
        let _ = (n.decode(t), n.decode_coords(t, e));
        let _ = n.matrix_offset(
            t,
            e,
            MatrixAt {
                row: usize::MAX,
                col: usize::MAX,
                ld: usize::MAX,
            },
        );
    }
}
