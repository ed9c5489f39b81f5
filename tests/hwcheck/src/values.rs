//! Element values: exact small numbers, their bit patterns per PTX type, and packing into
//! 32-bit register words (`pack_words`, `unpack_words`: defined with the generated code in
//! `fraglayout-hwcheck-layouts`, tested here).
//!
//! Every value used is an integer small enough that it, every product and every partial sum
//! are exact in the element and accumulator types, so the host result is bit-exact whatever
//! order the hardware adds in.

use layout_core::catalog::Operand;

// The packing convention lives with the generated code that packs with it.
pub use fraglayout_hwcheck_layouts::pack::{pack_words, unpack_words};

/// The bit pattern of an integer `v` as PTX type `ty` (`f16`, `bf16`, `tf32`, `f32`, `f64`,
/// `s32`, `s8`, `u8`, `s4`, `u4`, `b1`, `e4m3`, `e5m2`, `b16`), the type looked up once for
/// many elements (the host simulation of a `wgmma` runs a few hundred thousand). Panics if `v`
/// is not exact in `ty` (for `b1`: not 0 or 1).
pub fn encoder(ty: &str) -> impl Fn(i64) -> u64 + '_ {
    let raw: fn(i64) -> u64 = match ty {
        "f16" => |v| F16.encode(v),
        "bf16" => |v| BF16.encode(v),
        "f32" | "tf32" => |v| u64::from((v as f32).to_bits()),
        "f64" => |v| (v as f64).to_bits(),
        "s32" => |v| u64::from(v as i32 as u32),
        "s8" | "u8" | "b8" => |v| u64::from(v as u8),
        "s4" | "u4" => |v| (v as u64) & 0xf,
        "b1" => |v| (v as u64) & 1,
        "b16" => |v| u64::from(v as u16),
        "e4m3" => |v| E4M3.encode(v),
        "e5m2" => |v| E5M2.encode(v),
        _ => panic!("no encoding for type {ty}"),
    };
    let back = decoder(ty);
    move |v| {
        let bits = raw(v);
        assert_eq!(back(bits), v as f64, "{v} is not exact in {ty}");
        bits
    }
}

/// The value of bit pattern `bits` of PTX type `ty`.
pub fn decode(ty: &str, bits: u64) -> f64 {
    decoder(ty)(bits)
}

/// [`decode`] for type `ty`, the type looked up once.
pub fn decoder(ty: &str) -> fn(u64) -> f64 {
    match ty {
        "f16" => |b| F16.decode(b),
        "bf16" => |b| BF16.decode(b),
        // tf32 is read from an f32 register; its low 13 mantissa bits are ignored.
        "tf32" => |b| f64::from(f32::from_bits(b as u32 & !0x1fff)),
        "f32" => |b| f64::from(f32::from_bits(b as u32)),
        "f64" => f64::from_bits,
        "s32" => |b| f64::from(b as u32 as i32),
        "s8" => |b| f64::from(b as u8 as i8),
        "u8" | "b8" => |b| f64::from(b as u8),
        "s4" => |b| f64::from(((b as u8) << 4) as i8 >> 4),
        "u4" => |b| f64::from(b as u8 & 0xf),
        "b1" => |b| f64::from(b as u8 & 1),
        "b16" => |b| f64::from(b as u16),
        "e4m3" => |b| E4M3.decode(b),
        "e5m2" => |b| E5M2.decode(b),
        _ => panic!("no decoding for type {ty}"),
    }
}

/// Bits of one element of PTX type `ty`.
pub fn bits_of(ty: &str) -> u32 {
    match ty {
        "f64" => 64,
        "f32" | "tf32" | "s32" => 32,
        "f16" | "bf16" | "b16" => 16,
        "s8" | "u8" | "e4m3" | "e5m2" => 8,
        "s4" | "u4" => 4,
        "b1" => 1,
        _ => panic!("unknown type {ty}"),
    }
}

/// Value ranges `(lo, hi)` for an operand of type `ty` in an instruction accumulating in
/// `acc`, chosen so that every product and partial sum is exact (see docs/TESTING.md). The
/// bounds hold for the largest K of each type: 16 for f16 accumulators with 16-bit inputs,
/// 32 for fp8 (`32 * 8 * 6 + 64 < 2048`); a sparse instruction adds K/2 non-zero products per
/// element (at most 16 and 32: `wgmma.mma_async.sp` k32 f16, k64 fp8).
pub fn exact_range(ty: &str, acc: &str, operand: Operand) -> (i64, i64) {
    match (ty, acc, operand) {
        ("s8", _, _) => (-128, 127),
        ("u8", _, _) => (0, 255),
        ("s4", _, _) => (-8, 7),
        ("u4", _, _) => (0, 15),
        ("b1", _, _) => (0, 1),
        ("e4m3" | "e5m2", _, Operand::A) => (-8, 8),
        ("e4m3" | "e5m2", _, _) => (-6, 6),
        // f16 accumulators hold integers exactly up to 2048: 16 * 16 * 7 + 64 < 2048.
        (_, "f16", Operand::A) => (-16, 15),
        (_, "f16", Operand::B) => (-7, 7),
        ("f16", "f16", _) => (-64, 63),
        ("s32", _, _) => (-100_000, 99_999),
        ("f32" | "f64", _, Operand::C) => (-1024, 1023),
        _ => (-128, 127),
    }
}

/// A binary float: a sign bit, `e` exponent bits (bias `2^(e-1) - 1`), `m` mantissa bits.
#[derive(Clone, Copy)]
struct Float {
    e: u32,
    m: u32,
    /// What the all-ones exponent means: infinity (mantissa 0) and NaN, as IEEE 754 has it
    /// (`f16`, `bf16`, `e5m2`); or, for `e4m3`, finite values but for NaN at mantissa all ones.
    ieee: bool,
}

const F16: Float = Float {
    e: 5,
    m: 10,
    ieee: true,
};
const BF16: Float = Float {
    e: 8,
    m: 7,
    ieee: true,
};
const E4M3: Float = Float {
    e: 4,
    m: 3,
    ieee: false,
};
const E5M2: Float = Float {
    e: 5,
    m: 2,
    ieee: true,
};

impl Float {
    fn bias(self) -> i32 {
        (1 << (self.e - 1)) - 1
    }

    /// The bit pattern of the integer `v`, which the format must hold exactly.
    fn encode(self, v: i64) -> u64 {
        let (e, m) = (self.e, self.m);
        if v == 0 {
            return 0;
        }
        let sign = u64::from(v < 0) << (e + m);
        let a = v.unsigned_abs();
        let exp = 63 - a.leading_zeros(); // floor(log2 a)
        let frac = (a - (1 << exp)) << m >> exp;
        assert_eq!(
            ((1u64 << m) + frac) << exp >> m,
            a,
            "{v} not exact in e{e}m{m}"
        );
        let biased = u64::from(exp) + self.bias() as u64;
        let top = (1 << e) - 1;
        let finite = biased < top || !self.ieee && biased == top && frac != (1 << m) - 1;
        assert!(finite, "{v} too large for e{e}m{m}");
        sign | biased << m | frac
    }

    /// The value of the bit pattern `bits` (the low `1 + e + m` bits).
    fn decode(self, bits: u64) -> f64 {
        let (e, m) = (self.e, self.m);
        let sign = if bits >> (e + m) & 1 != 0 { -1.0 } else { 1.0 };
        let exp = (bits >> m) & ((1 << e) - 1);
        let frac = bits & ((1 << m) - 1);
        let scale = f64::from(1u32 << m);
        match (exp, self.ieee) {
            (0, _) => sign * frac as f64 / scale * 2f64.powi(1 - self.bias()),
            (x, true) if x == (1 << e) - 1 => {
                if frac == 0 {
                    sign * f64::INFINITY
                } else {
                    f64::NAN
                }
            }
            (x, false) if x == (1 << e) - 1 && frac == (1 << m) - 1 => f64::NAN,
            (x, _) => sign * (1.0 + frac as f64 / scale) * 2f64.powi(x as i32 - self.bias()),
        }
    }
}

/// A small deterministic generator (64-bit LCG, high bits).
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// The next value below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// `count` integers from `lo..=hi` in shuffled order: a shuffled `0..count` folded into the
/// range, so all distinct when the range holds `count` values, and otherwise each value of
/// the range used about equally often.
pub fn shuffled(count: usize, lo: i64, hi: i64, seed: u64) -> Vec<i64> {
    let mut idx: Vec<u64> = (0..count as u64).collect();
    let mut rng = Rng::new(seed);
    for i in (1..idx.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        idx.swap(i, j);
    }
    let span = (hi - lo + 1) as u64;
    idx.into_iter().map(|i| lo + (i % span) as i64).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings_round_trip() {
        for v in -8..=7 {
            for ty in [
                "e4m3", "e5m2", "f16", "bf16", "f32", "tf32", "f64", "s8", "s4", "s32",
            ] {
                assert_eq!(decode(ty, encoder(ty)(v)), v as f64, "{ty} {v}");
            }
        }
        assert_eq!(encoder("e4m3")(1), 0x38);
        assert_eq!(encoder("e5m2")(1), 0x3c);
        assert_eq!(encoder("e4m3")(-6), 0xcc);
        assert_eq!(encoder("s4")(-1), 0xf);
        assert_eq!((encoder("b1")(0), encoder("b1")(1)), (0, 1));
        assert_eq!((decode("b1", 0), decode("b1", 1)), (0.0, 1.0));
        for v in [-1, 2, 3] {
            assert!(
                std::panic::catch_unwind(|| encoder("b1")(v)).is_err(),
                "b1 {v}"
            );
        }
        assert_eq!(encoder("f16")(1), 0x3c00);
        assert_eq!(encoder("bf16")(-2), 0xc000);
        // IEEE 754 binary16 and bfloat16 bit patterns.
        assert_eq!(encoder("f16")(-1), 0xbc00);
        assert_eq!(encoder("f16")(2048), 0x6800);
        assert_eq!(encoder("f16")(3), 0x4200);
        assert_eq!(encoder("bf16")(1), 0x3f80);
        assert_eq!(encoder("bf16")(255), 0x437f);
        assert_eq!(decode("f16", 0x0001), 2f64.powi(-24));
        assert_eq!(decode("f16", 0x7bff), 65504.0);
        assert_eq!(decode("f16", 0xfc00), f64::NEG_INFINITY);
        assert!(decode("f16", 0x7e00).is_nan());
        assert_eq!(decode("bf16", 0x0001), 2f64.powi(-133));
        assert_eq!(decode("bf16", 0x7f80), f64::INFINITY);
        assert!(decode("bf16", 0x7fc0).is_nan());
        // fp8 (OCP): e4m3 has no infinity, its largest value is 448; e5m2's is 57344.
        assert_eq!(decode("e4m3", 0x7e), 448.0);
        assert_eq!(
            (encoder("e4m3")(448), encoder("e5m2")(-57344)),
            (0x7e, 0xfb)
        );
        assert!(decode("e4m3", 0x7f).is_nan());
        assert_eq!(decode("e5m2", 0x7b), 57344.0);
        assert_eq!(decode("e5m2", 0x7c), f64::INFINITY);
        // 2049 needs 11 mantissa bits; f16 has 10 and rounds, so it is refused.
        assert!(std::panic::catch_unwind(|| encoder("f16")(2049)).is_err());
    }

    #[test]
    fn packing_follows_the_crate_convention() {
        assert_eq!(
            pack_words(&[1, 2, 3, 4], 16),
            vec![0x0002_0001, 0x0004_0003]
        );
        assert_eq!(pack_words(&[1, 2, 3, 4], 8), vec![0x0403_0201]);
        assert_eq!(
            pack_words(&[1, 2, 3, 4, 5, 6, 7, 0xf], 4),
            vec![0xf765_4321]
        );
        // b1: element 32r + j in bit j of register r.
        let bits: Vec<u64> = (0..64).map(|j| u64::from(j % 3 == 0 || j == 40)).collect();
        assert_eq!(pack_words(&bits, 1), vec![0x4924_9249, 0x9249_2592]);
        let w = pack_words(&[0x1122_3344_5566_7788], 64);
        assert_eq!(w, vec![0x5566_7788, 0x1122_3344]);
        for bits in [1, 4, 8, 16, 32, 64] {
            let el: Vec<u64> = (0..16u64)
                .map(|v| v & ((1u64 << bits.min(63)) - 1))
                .collect();
            assert_eq!(unpack_words(&pack_words(&el, bits), bits, 16), el);
        }
    }

    #[test]
    fn shuffled_values_are_distinct_when_they_fit() {
        let v = shuffled(256, -128, 127, 3);
        let mut s = v.clone();
        s.sort();
        s.dedup();
        assert_eq!(s.len(), 256);
        assert_ne!(v[..8], s[..8]);
    }
}
