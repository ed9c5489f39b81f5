//! The picture's sizes, its colours, and escaping text for XML.

use core::fmt::{self, Write};

pub(super) const MARGIN: u32 = 16;
pub(super) const CELL_H: u32 = 36;
/// Cell labels: 12 px monospace, about 7.2 px a character; 7.5 leaves slack.
pub(super) const fn text_w(chars: usize) -> u32 {
    (chars as u32 * 75).div_ceil(10)
}
/// Headings: 16 px bold sans-serif, at most about 10 px a character.
pub(super) const fn title_w(chars: usize) -> u32 {
    chars as u32 * 10
}
/// Legend text: 12 px sans-serif, at most about 7 px a character.
pub(super) const fn note_w(chars: usize) -> u32 {
    chars as u32 * 7
}
pub(super) const SWATCH_H: u32 = 22;
pub(super) const SWATCHES_PER_ROW: u32 = 8;
pub(super) const LINE_H: u32 = 18;
/// Claims outside the tile listed in the legend.
pub(super) const MAX_OUTSIDE: usize = 6;

/// Lane hues: Tableau 10 without its red and grey, which mark collisions and gaps.
const HUES: [[u8; 3]; 8] = [
    [0x1f, 0x77, 0xb4],
    [0xff, 0x7f, 0x0e],
    [0x2c, 0xa0, 0x2c],
    [0x94, 0x67, 0xbd],
    [0x8c, 0x56, 0x4b],
    [0xe3, 0x77, 0xc2],
    [0xbc, 0xbd, 0x22],
    [0x17, 0xbe, 0xcf],
];
/// How much white each group of 8 lanes mixes in, in percent: lanes 0-7, 8-15, 16-23, 24-31.
const TINTS: [u32; 4] = [55, 78, 35, 68];
/// The bar marking the warp of a warpgroup cell.
pub(super) const WARP_COLOURS: [&str; 4] = ["#222222", "#6a3d9a", "#b15928", "#1b7837"];
pub(super) const COLLISION_FILL: &str = "#f26d6d";
pub(super) const COLLISION_STROKE: &str = "#b00000";

/// A cell's fill colour: hue by `lane % 8`, lightness by `lane / 8`.
pub(crate) struct Colour(pub(crate) u32);

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lane = self.0 % 32;
        let hue = HUES[(lane % 8) as usize];
        let tint = TINTS[(lane / 8) as usize];
        f.write_char('#')?;
        for c in hue {
            let c = c as u32;
            write!(f, "{:02x}", c + (255 - c) * tint / 100)?;
        }
        Ok(())
    }
}

/// Text with `&`, `<`, `>`, `"` and `'` escaped for XML.
pub(crate) struct Esc<'s>(pub(crate) &'s str);

impl fmt::Display for Esc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for ch in self.0.chars() {
            match ch {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                '"' => f.write_str("&quot;")?,
                '\'' => f.write_str("&apos;")?,
                c => f.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// A sink that escapes what passes through and drops newlines.
pub(super) struct EscSink<'w, W: Write>(pub(super) &'w mut W);

impl<W: Write> Write for EscSink<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        write!(self.0, "{}", Esc(s.trim_end_matches('\n')))
    }
}
