//! The tile as an SVG picture.
use crate::Numeral;
use core::fmt;
/// Writes the SVG.
pub fn svg(n: &Numeral, w: &mut impl fmt::Write) -> fmt::Result {
    let _ = (n, w);
    Ok(())
}
