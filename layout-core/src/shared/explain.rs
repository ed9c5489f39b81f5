//! The words for a [`SharedError`] and for a [`SharedLayout`]: lowercase, short, with the
//! numbers and the fix. One `const fn` writes each, so a compile-time assertion, `Display` and
//! the tools say the same thing.

use super::check::SharedError;
use super::layout::{Major, SharedLayout, ATOM_LINES};
use super::swizzle::{Swizzle, SwizzleMode};
use crate::message::Message;

impl SharedLayout {
    /// Appends `64 x 64 of 2-byte elements, row-major, Swizzle<3, 3, 3>` (and `padded by 8`,
    /// or `in the 128-byte swizzle mode`).
    pub const fn write(&self, m: &mut Message) {
        m.push_num(self.rows() as u64);
        m.push(" x ");
        m.push_num(self.cols() as u64);
        m.push(" of ");
        m.push_num(self.elem_bytes() as u64);
        m.push("-byte elements, ");
        m.push(match self.major() {
            Major::Row => "row-major",
            Major::Col => "column-major",
        });
        if self.pad() != 0 {
            m.push(", padded by ");
            m.push_num(self.pad() as u64);
        }
        match self.mode() {
            Some(SwizzleMode::None) if self.atom_len() < self.line_len() => {
                m.push(", in core matrices");
            }
            Some(mode) => {
                m.push(", in the ");
                m.push(mode.name());
                m.push(" mode");
            }
            None => {
                if !self.swizzle().is_identity() {
                    m.push(", ");
                    self.swizzle().write(m);
                }
            }
        }
        if self.is_grid() {
            m.push(", ");
            m.push_num(self.atoms_along() as u64);
            m.push(" atoms of ");
            m.push_num(self.atom_len() as u64);
            m.push(" along a line, in ");
            m.push(self.order().name());
        }
    }

    /// The description [`write`](Self::write) appends, in a buffer.
    pub const fn describe(&self) -> Message {
        let mut m = Message::new();
        self.write(&mut m);
        m
    }
}

impl SharedError {
    /// The message, in a buffer.
    pub const fn message(&self) -> Message {
        let mut m = Message::new();
        self.write(&mut m);
        m
    }

    /// Writes the message for this error.
    pub const fn write(&self, m: &mut Message) {
        match *self {
            SharedError::EmptyTile { rows, cols } => {
                m.push("tile is ");
                m.push_num(rows as u64);
                m.push(" x ");
                m.push_num(cols as u64);
                m.push(": a tile needs at least 1 row and 1 column");
            }
            SharedError::ElementBytes { bytes } => {
                m.push("elements of ");
                m.push_num(bytes as u64);
                m.push(" bytes: use 1, 2, 4, 8 or 16 bytes");
            }
            SharedError::TooLarge { span_bytes } => {
                // The span saturates at u64::MAX: the tile spans that many bytes or more.
                m.push(if span_bytes == u64::MAX {
                    "the tile spans at least "
                } else {
                    "the tile spans "
                });
                m.push_num(span_bytes);
                m.push(" bytes, more than ");
                m.push_num(u32::MAX as u64);
                m.push(": use a smaller tile");
            }
            SharedError::SwizzleOverlap { swizzle } => write_overlap(swizzle, m),
            SharedError::SwizzleBeyondTile {
                swizzle,
                span,
                span_bits,
            } => write_beyond(swizzle, span, span_bits, m),
            SharedError::SwizzleBlock { swizzle, span } => {
                swizzle.write(m);
                m.push(" permutes blocks of ");
                m.push_num(swizzle.block());
                m.push(" elements, but the tile spans ");
                m.push_num(span);
                m.push(": make the span a multiple of ");
                m.push_num(swizzle.block());
                m.push(" (");
                m.push_num(
                    span.div_ceil(swizzle.block())
                        .saturating_mul(swizzle.block()),
                );
                m.push(")");
            }
            _ => self.write_mode_or_atoms(m),
        }
    }
}

impl SharedError {
    /// The words for the stage-3 errors: a Hopper mode's padding and width, a grid's shape.
    const fn write_mode_or_atoms(&self, m: &mut Message) {
        match *self {
            SharedError::ModePadded { mode, pad } => {
                m.push("the ");
                m.push(mode.name());
                m.push(" mode takes no padding: remove the pad of ");
                m.push_num(pad as u64);
                m.push(if pad == 1 { " element" } else { " elements" });
            }
            SharedError::ModeLine {
                mode,
                line_len,
                elem_bytes,
            } => {
                m.push("the ");
                m.push(mode.name());
                m.push(" mode needs lines of a multiple of ");
                m.push_num(mode.bytes() as u64);
                m.push(" bytes, but a line here is ");
                m.push_num(line_len as u64 * elem_bytes as u64);
                m.push(" bytes (");
                m.push_num(line_len as u64);
                m.push(" elements of ");
                m.push_num(elem_bytes as u64);
                m.push(" bytes): use lines of ");
                write_multiples(line_len, mode.bytes() / elem_bytes, m);
                m.push(" elements");
            }
            SharedError::AtomWidth { line_len, atom_len } => {
                m.push("lines of ");
                m.push_num(line_len as u64);
                m.push(" elements are not a whole number of atoms of ");
                m.push_num(atom_len as u64);
                m.push(": use lines of ");
                write_multiples(line_len, atom_len, m);
                m.push(" elements");
            }
            SharedError::AtomLines { lines } => {
                m.push("a grid of atoms needs a multiple of ");
                m.push_num(ATOM_LINES as u64);
                m.push(" lines, but the tile has ");
                m.push_num(lines as u64);
                m.push(": use ");
                write_multiples(lines, ATOM_LINES, m);
                m.push(" lines");
            }
            SharedError::AtomPadded { pad } => {
                m.push("a grid of atoms takes no padding: remove the pad of ");
                m.push_num(pad as u64);
                m.push(if pad == 1 { " element" } else { " elements" });
            }
            _ => {}
        }
    }
}

/// The multiples of `unit` around `n`: `64 or 128` (just `64` below the first).
const fn write_multiples(n: u32, unit: u32, m: &mut Message) {
    let unit = if unit == 0 { 1 } else { unit as u64 };
    let below = n as u64 / unit * unit;
    if below > 0 {
        m.push_num(below);
        m.push(" or ");
    }
    m.push_num(below + unit);
}

/// `Swizzle<3, 3, 2> reads bits 5..8 and writes bits 3..6, which overlap: use a shift of 3 or
/// more`.
const fn write_overlap(s: Swizzle, m: &mut Message) {
    s.write(m);
    m.push(" reads bits ");
    write_bits(s.source_bit(), s.top(), m);
    m.push(" and writes bits ");
    write_bits(s.base, s.base.saturating_add(s.bits), m);
    m.push(", which overlap: use a shift of ");
    m.push_num(s.bits as u64);
    m.push(" or more");
}

/// `Swizzle<3, 3, 3> reads offset bits 6..9, but the tile's 256 elements need only bits 0..8:
/// use Swizzle<2, 3, 3>, or a tile of at least 512 elements` (or a lower shift, when one fits).
const fn write_beyond(s: Swizzle, span: u64, bits: u32, m: &mut Message) {
    s.write(m);
    m.push(" reads offset bits ");
    write_bits(s.source_bit(), s.top(), m);
    m.push(", but the tile's ");
    m.push_num(span);
    m.push(" elements need only bits ");
    write_bits(0, bits, m);
    m.push(": use ");
    let (base, width) = (s.base as u64, s.bits as u64);
    let bits = bits as u64;
    if bits >= base + 2 * width {
        m.push("a shift of at most ");
        m.push_num(bits - base - width);
        m.push(", or ");
    } else if bits > base + s.shift as u64 {
        let fewer = bits - base - s.shift as u64;
        Swizzle::new(fewer as u32, s.base, s.shift).write(m);
        m.push(", or ");
    }
    m.push("a tile of at least ");
    if s.top() >= 64 {
        m.push("2^");
        m.push_num(s.top() as u64);
    } else {
        m.push_num(1u64 << s.top());
    }
    m.push(" elements");
}

/// `6..9`.
const fn write_bits(from: u32, to: u32, m: &mut Message) {
    m.push_num(from as u64);
    m.push("..");
    m.push_num(to as u64);
}

impl core::fmt::Display for SharedError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.message(), f)
    }
}

impl core::fmt::Display for SharedLayout {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.describe(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    extern crate std;
    use std::string::ToString;

    fn first(l: SharedLayout) -> std::string::String {
        l.check().unwrap_err().to_string()
    }

    #[test]
    fn messages_quote_the_numbers_and_the_fix() {
        assert_eq!(
            first(SharedLayout::swizzled(4, 64, 2, Swizzle::new(3, 3, 3))),
            "Swizzle<3, 3, 3> reads offset bits 6..9, but the tile's 256 elements need only \
             bits 0..8: use Swizzle<2, 3, 3>, or a tile of at least 512 elements"
        );
        assert_eq!(
            first(SharedLayout::swizzled(8, 64, 2, Swizzle::new(3, 3, 2))),
            "Swizzle<3, 3, 2> reads bits 5..8 and writes bits 3..6, which overlap: use a shift \
             of 3 or more"
        );
        assert_eq!(
            first(SharedLayout::swizzled(10, 10, 2, Swizzle::new(1, 2, 2))),
            "Swizzle<1, 2, 2> permutes blocks of 8 elements, but the tile spans 100: make the \
             span a multiple of 8 (104)"
        );
        assert_eq!(
            first(SharedLayout::hopper(8, 48, 2, SwizzleMode::B64)),
            "the 64-byte swizzle mode needs lines of a multiple of 64 bytes, but a line here \
             is 96 bytes (48 elements of 2 bytes): use lines of 32 or 64 elements"
        );
        assert_eq!(
            first(SharedLayout::hopper(12, 128, 2, SwizzleMode::B128)),
            "a grid of atoms needs a multiple of 8 lines, but the tile has 12: use 8 or 16 lines"
        );
        assert_eq!(
            SharedLayout::hopper(64, 256, 4, SwizzleMode::B128).to_string(),
            "64 x 256 of 4-byte elements, row-major, in the 128-byte swizzle mode, 8 atoms of \
             32 along a line, in slabs"
        );
        assert_eq!(
            SharedLayout::hopper(8, 64, 2, SwizzleMode::B128).to_string(),
            "8 x 64 of 2-byte elements, row-major, in the 128-byte swizzle mode"
        );
    }
}
