//! The Rust type `expand`'s synthetic function holds one element in, from the catalog entry.
//!
//! A user stores an element's *bits* in the unsigned integer of its width (stable Rust has no
//! f16, bf16 or f8), except where Rust has the type itself: f32 (and tf32, an f32 whose low
//! mantissa bits the hardware ignores), s32 as `i32`, f64. Elements narrower than a byte (s4,
//! u4, b4, b1) have no Rust scalar: they show as a `u8` holding the value in its low bits, and
//! the output says so. Worked: `SM80_16x8x16_F16_A_ROW` (f16) is `u16`,
//! `SM80_16x8x16_F32_C` (f32) is `f32`, `SM80_16x8x32_S4_A_ROW` (s4) is `u8`, not natural.

use layout_core::catalog::Entry;

/// The element type and a sentence on how it holds one element.
pub struct Scalar {
    /// The Rust type, e.g. `u16`.
    pub ty: &'static str,
    /// One sentence for the output, e.g. "f16 elements as their bits in `u16` ...".
    pub note: String,
}

/// The scalar for `e`'s elements.
pub fn scalar(e: &Entry) -> Scalar {
    let (t, bits) = (e.element_type, e.element_bits);
    let per = e.elements_per_register();
    let natural = |ty: &'static str, note: String| Scalar { ty, note };
    match (bits, t) {
        (64, "f64") => natural("f64", "f64 elements as `f64`, one per 64-bit register".into()),
        (32, "f32") => natural("f32", "f32 elements as `f32`, one per .b32 register".into()),
        (32, "tf32") => natural(
            "f32",
            "tf32 elements as `f32` (tf32 is the f32 format, its low 13 mantissa bits ignored), one per .b32 register".into(),
        ),
        (32, "s32") => natural("i32", "s32 elements as `i32`, one per .b32 register".into()),
        (16 | 8 | 32, _) => {
            let ty = match bits {
                16 => "u16",
                8 => "u8",
                _ => "u32",
            };
            let packing = if bits == 32 {
                "one per .b32 register".to_string()
            } else {
                format!(
                    "{per} per .b32 register, element {per}r in bits 0-{} of register r",
                    bits - 1
                )
            };
            let container = if t.starts_with('e') && bits == 8 && !matches!(t, "e4m3" | "e5m2") {
                " (the 8-bit container .kind::f8f6f4 puts them in)"
            } else {
                ""
            };
            natural(
                ty,
                format!("{t} elements as their bits in `{ty}`{container}, {packing}"),
            )
        }
        _ => {
            let low = if bits == 1 {
                "bit 0".to_string()
            } else {
                format!("bits 0-{}", bits.saturating_sub(1))
            };
            Scalar {
                ty: "u8",
                note: format!(
                    "{t} elements are {bits}-bit and Rust has no such scalar: each shows as a `u8` holding its value in {low}; the registers hold {per} per .b32 (element {per}r in {low} of register r), packing this code does not do"
                ),
            }
        }
    }
}
