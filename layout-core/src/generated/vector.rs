//! Vector access: `#[fragment_layout(NUMERAL, vector = N)]` hands the body `N` adjacent
//! elements at once (`|row, col, values: [T; N]|`, or a gather body returning `[T; N]`), the
//! way a CUTLASS epilogue works on access-sized vectors; the body stores or loads them as its
//! backend prefers (a slice, `get_unchecked_mut`, a raw pointer cast to `*mut [T; N]`).
//!
//! The rule, checked at compile time ([`vector_error`]): the numeral has no band
//! ([`Numeral::thread_wrap`] 0), `N` divides its elements per thread, and for every group `g`
//! the elements `N * g .. N * g + N` have element parts `(r, c), (r, c + 1), ...,
//! (r, c + N - 1)`; then, since every element of a thread gets the same thread part, they are
//! `N` adjacent columns of one row for every thread. And each group starts at a column that is
//! a multiple of `N` for every thread (`c` and every thread term's column weight multiples of
//! `N`), so a row-major matrix whose row stride and origin are multiples of `N` gets accesses
//! aligned to `N` elements, what a GPU's vector loads and stores need.
//!
//! Worked: the `m16n8k16` accumulator (`e % 2 => 1, lane % 4 => 2, lane / 4 => 8,
//! e / 2 => 64`) has groups of 2 at element parts `(0, 0), (0, 1)` and `(8, 0), (8, 1)`, and
//! column weight 2 for `lane % 4`: `vector = 2` fits; `vector = 4` does not (elements 2 and 3
//! are in row 8, not columns 2 and 3 of row 0), and the message says the widest is 2.

use crate::message::Message;
use crate::Numeral;

/// Why `width` adjacent elements per access do not fit the numeral.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Misfit {
    /// `width` is 0.
    Zero,
    /// `width` does not divide the elements per thread.
    Count,
    /// A lane or warp digit straddles rows, so adjacency differs from thread to thread.
    Band,
    /// The group starting at the first element is not `width` adjacent columns of one row:
    /// the second element is the first that is not where it should be.
    Apart(u32, u32),
    /// Group starting at this element starts at a column that is not a multiple of `width`
    /// for some thread.
    Misaligned(u32),
}

impl Numeral<'_> {
    /// Why accesses of `width` adjacent elements do not fit, if they do not.
    const fn vector_misfit(&self, width: u32) -> Option<Misfit> {
        if width == 0 {
            return Some(Misfit::Zero);
        }
        if self.elements % width != 0 {
            return Some(Misfit::Count);
        }
        if self.thread_wrap() != 0 {
            return Some(Misfit::Band);
        }
        let mut g = 0;
        while g < self.elements {
            let (row, col) = self.element_part(g);
            let mut j = 1;
            while j < width {
                let (r, c) = self.element_part(g + j);
                if r != row || c != col + j as usize {
                    return Some(Misfit::Apart(g, g + j));
                }
                j += 1;
            }
            if col % width as usize != 0 {
                return Some(Misfit::Misaligned(g));
            }
            g += width;
        }
        let (terms, _) = self.build_thread_terms();
        let mut k = 0;
        while k < terms.len() {
            if terms[k].col_mul % width != 0 {
                return Some(Misfit::Misaligned(0));
            }
            k += 1;
        }
        None
    }

    /// The widest access that fits: the greatest `w` for which `vector = w` is accepted
    /// (1 always is). For the `m16n8k16` accumulator and A operand, 2.
    pub const fn widest_vector(&self) -> u32 {
        let mut w = self.elements;
        while w > 1 {
            if self.vector_misfit(w).is_none() {
                return w;
            }
            w -= 1;
        }
        1
    }
}

/// Why the body cannot take `width` adjacent elements per access on numeral `n`, if it cannot:
/// the message says which elements are not adjacent (or not aligned) and the widest that fits.
///
/// ```
/// use fraglayout::catalog::SM80_16x8x16_F32_C;
/// use fraglayout::generated::vector_error;
/// assert!(vector_error(&SM80_16x8x16_F32_C, 2).is_none());
/// let m = vector_error(&SM80_16x8x16_F32_C, 4).unwrap();
/// assert!(m.as_str().contains("the widest that fits is `vector = 2`"));
/// ```
pub const fn vector_error(n: &Numeral, width: usize) -> Option<Message> {
    let w = if width > u32::MAX as usize {
        u32::MAX
    } else {
        width as u32
    };
    let misfit = match n.vector_misfit(w) {
        None => return None,
        Some(m) => m,
    };
    let mut m = Message::new();
    m.push("`vector = ");
    m.push_num(width as u64);
    m.push("` does not fit numeral `");
    m.push(n.name);
    m.push("`: ");
    match misfit {
        Misfit::Zero => m.push("an access holds at least one element"),
        Misfit::Count => {
            m.push("it gives each thread ");
            m.push_num(n.elements as u64);
            m.push(" elements, not a multiple of ");
            m.push_num(width as u64);
        }
        Misfit::Band => m.push(
            "a lane or warp digit straddles rows, so a thread's elements are not adjacent in every thread",
        ),
        Misfit::Apart(g, k) => {
            let (r0, c0) = n.element_part(g);
            let (r, c) = n.element_part(k);
            m.push("elements ");
            m.push_num(g as u64);
            m.push("..");
            m.push_num((g + w - 1) as u64);
            m.push(" are not adjacent columns of one row (element ");
            m.push_num(k as u64);
            m.push(" is at (");
            m.push_num(r as u64);
            m.push(", ");
            m.push_num(c as u64);
            m.push(") of the thread's offsets, not (");
            m.push_num(r0 as u64);
            m.push(", ");
            m.push_num((c0 + (k - g) as usize) as u64);
            m.push("))");
        }
        Misfit::Misaligned(g) => {
            m.push("the access starting at element ");
            m.push_num(g as u64);
            m.push(" does not start at a column that is a multiple of ");
            m.push_num(width as u64);
            m.push(" for every thread");
        }
    }
    m.push("; the widest that fits is `vector = ");
    m.push_num(n.widest_vector() as u64);
    m.push("`");
    Some(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM90_64x256x16_F32_C};

    #[test]
    fn widest_vectors_of_catalog_fragments() {
        assert_eq!(SM80_16x8x16_F16_A_ROW.widest_vector(), 2);
        assert_eq!(SM90_64x256x16_F32_C.widest_vector(), 2);
        // B: `lane / 4` at place 1, so no two elements of a thread are neighbours in a row.
        assert_eq!(SM80_16x8x16_F16_B_COL.widest_vector(), 1);
        let m = vector_error(&SM80_16x8x16_F16_B_COL, 2).unwrap();
        assert!(
            m.as_str().contains("elements 0..1 are not adjacent"),
            "{}",
            m.as_str()
        );
        let m = vector_error(&SM80_16x8x16_F16_A_ROW, 3).unwrap();
        assert!(
            m.as_str().contains("8 elements, not a multiple of 3"),
            "{}",
            m.as_str()
        );
        assert!(vector_error(&SM80_16x8x16_F16_A_ROW, 0).is_some());
    }
}
