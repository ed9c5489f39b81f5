//! What `gather, packed` can check about element widths. A packed gather puts two 16-bit
//! elements in each `u32` register ([`crate::pack::pack_b16`]), so:
//!
//! - the value the body reads must be 16 bits wide: generated code passes it through [`b16`],
//!   whose bound [`Bits16`] holds for `u16` and `i16` only, so `f32` or `u32` is an error on the
//!   body that names the width (stable Rust has no `f16`; read its bits as `u16`);
//! - the numeral must lay out 16-bit elements, which a numeral does not say (it places
//!   elements, whatever their width). What is checkable: a catalog layout, named as in the
//!   catalog with the same digits, carries its element width ([`packed_width_error`]); a
//!   numeral of your own (or a renamed catalog one) is not checked for it.

use crate::catalog::CATALOG;
use crate::message::Message;
use crate::Numeral;

/// A 16-bit element type: what a packed gather's body may read.
#[diagnostic::on_unimplemented(
    message = "`packed` puts two 16-bit elements in each `u32` register, and `{Self}` is not a 16-bit type",
    label = "reads `{Self}`, not a 16-bit value",
    note = "read 16-bit bit patterns (`u16`, `i16`; an `f16` as its bits), or remove `packed` and return the elements unpacked"
)]
pub trait Bits16: Copy {
    /// The value's 16 bits.
    fn bits(self) -> u16;
}

impl Bits16 for u16 {
    #[inline(always)]
    fn bits(self) -> u16 {
        self
    }
}

impl Bits16 for i16 {
    #[inline(always)]
    fn bits(self) -> u16 {
        self as u16
    }
}

/// The 16 bits of an element a packed gather read.
#[inline(always)]
pub fn b16<T: Bits16>(value: T) -> u16 {
    value.bits()
}

/// Whether `a` and `b` are the same layout under the same name.
const fn same_layout(a: &Numeral, b: &Numeral) -> bool {
    crate::digit::bytes_eq(a.name.as_bytes(), b.name.as_bytes())
        && super::same_catalog_layout(*a, *b)
}

/// Why `gather, packed` does not fit numeral `n`, if the catalog says so: `n` is a catalog
/// layout whose elements are not 16 bits wide.
///
/// ```
/// use fraglayout::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C};
/// use fraglayout::generated::packed_width_error;
/// assert!(packed_width_error(&SM80_16x8x16_F16_A_ROW).is_none());
/// let m = packed_width_error(&SM80_16x8x16_F32_C).unwrap();
/// assert!(m.as_str().contains("lays out 32-bit elements (f32)"));
/// ```
pub const fn packed_width_error(n: &Numeral) -> Option<Message> {
    let mut i = 0;
    while i < CATALOG.len() {
        let entry = &CATALOG[i];
        if same_layout(entry.numeral, n) {
            if entry.element_bits == 16 {
                return None;
            }
            let mut m = Message::new();
            m.push("`packed` puts two 16-bit elements in each `u32` register, but numeral `");
            m.push(n.name);
            m.push("` lays out ");
            m.push_num(entry.element_bits as u64);
            m.push("-bit elements (");
            m.push(entry.element_type);
            m.push("): remove `packed` and return the ");
            m.push_num(n.elements as u64);
            m.push(" elements unpacked");
            return Some(m);
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{SM80_16x8x16_F16_C, SM80_16x8x16_F32_C, SM80_16x8x32_S8_A_ROW};

    #[test]
    fn only_catalog_layouts_of_other_widths_are_refused() {
        assert!(packed_width_error(&SM80_16x8x16_F16_C).is_none());
        let m = packed_width_error(&SM80_16x8x32_S8_A_ROW).unwrap();
        assert!(m.as_str().contains("8-bit elements"), "{}", m.as_str());
        // The same digits under another name are not the catalog's: not known, not refused.
        assert!(packed_width_error(&SM80_16x8x16_F32_C.renamed("MINE")).is_none());
        assert_eq!(b16(-1i16), 0xffff);
    }
}
