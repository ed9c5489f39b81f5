//! Resolving a parsed `numeral!` declaration into the numeral it declares, once: the element
//! count derived where it is left out, default ranges filled in. Check, expansion and tools all
//! read the one [`Resolved::numeral`] built here.
//!
//! Judging the numeral is layout-core's: a row whose range cannot be defaulted because its
//! digit is always 0 (`e / 4` with 4 elements) gets a stand-in range and is reported by
//! layout-core's check in its own words. Only what layout-core cannot see is reported here: a
//! left-out element count that the tile does not determine, and a default range that does not
//! divide its input (`lane / 3`).

use super::ast::{Decl, DigitRow};
use super::OwnedNumeral;
use layout_core::{Source, LANES};

/// The numeral a declaration declares, and how its digits map back to the rows written.
pub struct Resolved {
    /// The numeral: the declared tile, warps and name; elements and ranges as given or derived.
    pub numeral: OwnedNumeral,
    /// `rows[i]`: the row that digit `i` of [`numeral`](Self::numeral) came from.
    pub rows: Vec<usize>,
    /// Whether a row was left out (its input's count 0 or unknown, or its range not
    /// derivable): the check can judge the digits one by one, not how they fit together.
    pub left_out: bool,
    /// Whether something in [`numeral`](Self::numeral) is a stand-in rather than what was
    /// written (a row left out, a range or element count not derivable): the numeral is then
    /// good for the check's messages and for a fallback expansion, but not what was declared.
    pub guessed: bool,
}

/// A stand-in range for a row whose range cannot be derived. It is not 0 or 1, so the check
/// says what is wrong with the row (its digit is always 0) rather than with the stand-in.
const STAND_IN_RANGE: u32 = 2;

/// Resolves `decl`; pushes the problems only this step can see onto `errors`.
///
/// Rows of an input whose count is 0 (`warps 0`, `elements 0`: layout-core reports the count)
/// or unknown (the tile does not determine it) are left out. Under an element count that does
/// not fill the tile (`32 threads x 8 elements` on a 128-element tile), element rows that would
/// need a range derived from it get a stand-in: the count is the mistake, reported by
/// layout-core first, and its consequences are not.
pub fn resolve(decl: &Decl, errors: &mut Vec<syn::Error>) -> Resolved {
    let warps = decl.warps.map_or(1, |w| w.value);
    // In u64: `warps 4294967295` is 137438953440 threads, not a saturated u32.
    let threads = LANES as u64 * warps as u64;
    let size = decl.rows.value as u64 * decl.cols.value as u64;
    // Broadcast rows make the threads hold each element `copies` times; where a broadcast
    // row's range is not derivable (reported with the row), a left-out count is unknown too.
    let copies = copies(decl, warps);
    let held = size.saturating_mul(copies.unwrap_or(1));
    let elements = match copies {
        Some(_) => elements_of(decl, threads, held, errors),
        None => decl.elements.map(|e| e.value),
    };
    let count_wrong =
        matches!(elements, Some(e) if e != 0 && threads.saturating_mul(e as u64) != held);
    let mut out = Resolved {
        numeral: OwnedNumeral {
            name: decl.name.to_string(),
            rows: decl.rows.value,
            cols: decl.cols.value,
            warps,
            elements: elements.unwrap_or(1),
            digits: Vec::new(),
        },
        rows: Vec::new(),
        left_out: false,
        guessed: elements.is_none(),
    };
    for (i, row) in decl.digits.iter().enumerate() {
        let extent = match row.source {
            Source::Lane => LANES,
            Source::Warp => warps,
            Source::Element => elements.unwrap_or(0),
        };
        if extent == 0 {
            out.left_out = true;
            out.guessed = true;
            continue;
        }
        let divisor = row.divisor.map_or(1, |d| d.value);
        let stand_in = count_wrong && row.source == Source::Element;
        let range = match range_of(row, divisor, extent, stand_in, errors) {
            RowRange::Known(r) => r,
            RowRange::StandIn => {
                out.guessed = true;
                STAND_IN_RANGE
            }
            RowRange::Refused => {
                out.left_out = true;
                out.guessed = true;
                continue;
            }
        };
        out.numeral.digits.push(layout_core::Digit::new(
            row.source,
            divisor,
            range,
            row.place.value,
        ));
        out.rows.push(i);
    }
    out
}

/// How many threads hold each element: the product of the ranges of the `broadcast` rows of
/// lanes and warps, as stated or derived; `None` when a range cannot be derived (reported with
/// its row by [`range_of`]).
fn copies(decl: &Decl, warps: u32) -> Option<u64> {
    let mut copies: u64 = 1;
    for row in decl.digits.iter().filter(|r| r.place.value == 0) {
        let extent = match row.source {
            Source::Lane => LANES,
            Source::Warp => warps,
            Source::Element => continue,
        };
        let divisor = row.divisor.map_or(1, |d| d.value);
        let range = match row.range {
            Some(r) => r.value,
            None if divisor != 0 && divisor < extent && extent % divisor == 0 => extent / divisor,
            None => return None,
        };
        copies = copies.saturating_mul(range.max(1) as u64);
    }
    Some(copies)
}

/// The element count: as stated, or derived from the tile held `size` times over (by the
/// broadcast rows) (`None` where it cannot be: no threads, a tile past `u32::MAX` elements, or
/// one the threads do not divide, reported here).
fn elements_of(decl: &Decl, threads: u64, size: u64, errors: &mut Vec<syn::Error>) -> Option<u32> {
    match decl.elements {
        Some(e) => Some(e.value),
        None if threads == 0 => None,
        // A tile past u32::MAX elements is layout-core's to report; its element count is
        // unknown here rather than truncated.
        None if size % threads == 0 && size >= threads => u32::try_from(size / threads).ok(),
        None => {
            errors.push(syn::Error::new_spanned(
                &decl.header,
                underivable_elements(decl, threads, size),
            ));
            None
        }
    }
}

/// A row's range once resolved.
enum RowRange {
    /// Stated, or derived from its input's count.
    Known(u32),
    /// Not derivable, for a mistake layout-core reports (a wrong divisor or element count).
    StandIn,
    /// Not derivable, reported here: the row is left out.
    Refused,
}

/// The range of `row` reading its input of `extent` values from `divisor`; `stand_in`: the
/// element count is wrong and this row reads elements.
fn range_of(
    row: &DigitRow,
    divisor: u32,
    extent: u32,
    stand_in: bool,
    errors: &mut Vec<syn::Error>,
) -> RowRange {
    match row.range {
        Some(r) => RowRange::Known(r.value),
        // Layout-core reports the divisor (0, or always 0) on the row's tokens.
        None if divisor == 0 || divisor >= extent => RowRange::StandIn,
        None if extent % divisor == 0 => RowRange::Known(extent / divisor),
        None if stand_in => RowRange::StandIn,
        None => {
            errors.push(syn::Error::new_spanned(
                &row.expr,
                format!(
                    "{name} / {divisor} does not divide the {extent} {noun} evenly: state the \
                     range, `{name} / {divisor} % R`",
                    name = row.source.name(),
                    noun = row.source.noun(),
                ),
            ));
            RowRange::Refused
        }
    }
}

/// Why a left-out element count cannot be derived from the tile, held `size` elements in all.
fn underivable_elements(decl: &Decl, threads: u64, size: u64) -> String {
    let (rows, cols) = (decl.rows.value, decl.cols.value);
    let tile = rows as u64 * cols as u64;
    let held = if size == tile {
        format!(
            "the {rows} x {cols} tile has {size} element{}",
            plural(size)
        )
    } else {
        format!(
            "the {rows} x {cols} tile held {} times (broadcast) is {size} element{}",
            size / tile.max(1),
            plural(size)
        )
    };
    if size < threads {
        format!("{held}, fewer than the {threads} threads: every thread holds at least one element")
    } else {
        format!("{held}, not a multiple of {threads} threads: state `elements N`")
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
