//! The digits as a Markdown table.

use super::describe::shape;
use super::limits::TABLE_DIGITS;
use super::text::spaces;
use crate::{Digit, Message, Numeral};
use core::fmt;

/// Writes the numeral's digits as a Markdown table sorted by place, under a line giving the
/// tile's shape; a numeral failing [`Numeral::check`] gets its errors listed below the table.
/// A numeral of more than [`TABLE_DIGITS`] digits gets the first of them
/// by place, then how many more there are.
///
/// Each digit is written in its canonical form (`lane % 4`, `lane / 4`, `e / 2 % 2`; see
/// [`Message::push_digit`]); the source column names the input and, for power-of-two
/// divisors and ranges, the bits the digit reads.
///
/// # Example
/// ```
/// use fraglayout::{catalog, render};
/// let mut out = String::new();
/// render::digit_table(&catalog::SM80_16x8x16_F32_C, &mut out).unwrap();
/// assert_eq!(out, "\
/// SM80_16x8x16_F32_C: 16 x 8 tile, 32 threads x 4 elements
///
/// | digit      | range | place | source         |
/// |------------|-------|-------|----------------|
/// | `e % 2`    | 2     | 1     | element, bit 0 |
/// | `lane % 4` | 4     | 2     | lane, bits 0-1 |
/// | `lane / 4` | 8     | 8     | lane, bits 2-4 |
/// | `e / 2`    | 2     | 64    | element, bit 1 |
/// ");
/// ```
pub fn digit_table(n: &Numeral, w: &mut impl fmt::Write) -> fmt::Result {
    write!(w, "{}: ", n.name)?;
    shape(n, w)?;
    w.write_str("\n\n")?;

    let mut widths = ["digit".len(), "range".len(), "place".len(), "source".len()];
    for i in by_place(n) {
        let row = cells(n, &n.digits[i]);
        for (k, cell) in row.iter().enumerate() {
            widths[k] = widths[k].max(cell.as_str().len());
        }
    }
    let line = |w: &mut dyn fmt::Write, row: [&str; 4]| -> fmt::Result {
        for (k, cell) in row.iter().enumerate() {
            write!(w, "| {cell}")?;
            spaces(w, widths[k].saturating_sub(cell.len()) + 1)?;
        }
        w.write_str("|\n")
    };
    line(w, ["digit", "range", "place", "source"])?;
    for width in widths {
        w.write_str("|")?;
        for _ in 0..width + 2 {
            w.write_char('-')?;
        }
    }
    w.write_str("|\n")?;
    for i in by_place(n) {
        let row = cells(n, &n.digits[i]);
        line(
            w,
            [
                row[0].as_str(),
                row[1].as_str(),
                row[2].as_str(),
                row[3].as_str(),
            ],
        )?;
    }
    if n.digits.len() > TABLE_DIGITS {
        writeln!(w, "\n(and {} more digits)", n.digits.len() - TABLE_DIGITS)?;
    }

    let errors = n.errors();
    if !errors.is_empty() {
        w.write_str("\nnot a bijection:\n")?;
        for e in errors.iter() {
            writeln!(w, "- {}", e.message(n))?;
        }
        if errors.dropped() > 0 {
            writeln!(w, "- (and {} more)", errors.dropped())?;
        }
    }
    Ok(())
}

/// The indices of the first [`TABLE_DIGITS`] digits in `(place, index)` order: a selection
/// without a buffer, stable, in time `TABLE_DIGITS` times the digits.
fn by_place<'n>(n: &'n Numeral) -> impl Iterator<Item = usize> + 'n {
    let mut prev: Option<(u32, usize)> = None;
    core::iter::from_fn(move || {
        let mut next: Option<(u32, usize)> = None;
        for (i, d) in n.digits.iter().enumerate() {
            let key = (d.place, i);
            if prev.is_some_and(|p| key <= p) {
                continue;
            }
            if next.is_none_or(|m| key < m) {
                next = Some(key);
            }
        }
        prev = next;
        next.map(|(_, i)| i)
    })
    .take(TABLE_DIGITS)
}

/// The four cells of a digit's row.
fn cells(n: &Numeral, d: &Digit) -> [Message; 4] {
    let mut digit = Message::new();
    digit.push("`");
    digit.push_digit(d, n.extent(d.source));
    digit.push("`");
    let mut range = Message::new();
    range.push_num(d.range as u64);
    let mut place = Message::new();
    if d.is_broadcast() {
        place.push("broadcast");
    } else {
        place.push_num(d.place as u64);
    }
    let mut source = Message::new();
    source.push(d.source.singular());
    if d.divisor.is_power_of_two() && d.range.is_power_of_two() && d.range > 1 {
        let lo = d.divisor.trailing_zeros() as u64;
        let hi = lo + d.range.trailing_zeros() as u64 - 1;
        if lo == hi {
            source.push(", bit ");
            source.push_num(lo);
        } else {
            source.push(", bits ");
            source.push_num(lo);
            source.push("-");
            source.push_num(hi);
        }
    }
    [digit, range, place, source]
}
