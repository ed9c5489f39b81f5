//! The layout-core docs write the `m16n8k16` f32 accumulator in three notations ("Next to CuTe
//! and Triton"); each, evaluated here the way its own library defines it, is the catalog
//! numeral at every lane and element.

use layout_core::catalog::{SM80_16x8x16_F32_C as ACC, SM90_64x24x16_F32_C};

/// CuTe: `((4, 8), (2, 2)) : ((2, 8), (1, 64))`: coordinates colexicographic (first mode
/// fastest), index = sum of coordinate * stride, read row-major over 16 x 8.
fn cute_row_major(lane: u32, e: u32) -> (u32, u32) {
    let idx = (lane % 4) * 2 + (lane / 4) * 8 + (e % 2) + (e / 2) * 64;
    (idx / 8, idx % 8)
}

/// CuTe's own `SM80_16x8_Row`: `((4, 8), (2, 2)) : ((32, 1), (16, 8))`, index `m + 16 n`.
fn cute_column_major(lane: u32, e: u32) -> (u32, u32) {
    let idx = (lane % 4) * 32 + (lane / 4) + (e % 2) * 16 + (e / 2) * 8;
    (idx % 16, idx / 16)
}

/// Triton: the XOR of the bases of the set bits of each input, bases as (row, col).
fn triton(lane: u32, e: u32) -> (u32, u32) {
    const REGISTER: [(u32, u32); 2] = [(0, 1), (8, 0)];
    const LANE: [(u32, u32); 5] = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)];
    let mut out = (0, 0);
    for (bit, b) in REGISTER.iter().enumerate() {
        if e >> bit & 1 == 1 {
            out = (out.0 ^ b.0, out.1 ^ b.1);
        }
    }
    for (bit, b) in LANE.iter().enumerate() {
        if lane >> bit & 1 == 1 {
            out = (out.0 ^ b.0, out.1 ^ b.1);
        }
    }
    out
}

#[test]
fn the_three_notations_are_the_numeral() {
    for lane in 0..32 {
        for e in 0..4 {
            let want = ACC.coords(lane, e);
            assert_eq!(
                Some(cute_row_major(lane, e)),
                want,
                "cute row-major {lane} {e}"
            );
            assert_eq!(Some(cute_column_major(lane, e)), want, "cute {lane} {e}");
            assert_eq!(Some(triton(lane, e)), want, "triton {lane} {e}");
        }
    }
}

#[test]
fn the_n24_accumulator_has_a_digit_of_range_three() {
    let odd: Vec<_> = SM90_64x24x16_F32_C
        .digits
        .iter()
        .filter(|d| !d.range.is_power_of_two())
        .collect();
    assert_eq!(odd.len(), 1);
    assert_eq!((odd[0].range, odd[0].divisor), (3, 4), "e / 4, range 3");
}
