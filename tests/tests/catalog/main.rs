//! The catalog, one subject per module: every layout against its ISA transcription and the
//! invariants all layouts keep; the instruction spellings entries list; the coincidences and
//! relations between layouts; hand-read ISA figures; sparse `mma.sp`; `wgmma`.

mod figures;
mod invariants;
mod names;
mod relations;
mod sparse;
mod tmem;
mod wgmma;

use layout_core::catalog::{Entry, CATALOG};
use layout_core::Numeral;

/// The entries that list the instruction spelled `instr`, in catalog order.
fn listing(instr: &str) -> Vec<&'static Entry> {
    CATALOG
        .iter()
        .filter(|e| e.instructions.contains(&instr))
        .collect()
}

/// Same digits, different names.
fn same(a: &Numeral, b: &Numeral) -> bool {
    (a.rows, a.cols, a.warps, a.elements, a.digits)
        == (b.rows, b.cols, b.warps, b.elements, b.digits)
}

/// Same `(thread, element) -> (row, col)` map on the same tile, whatever the digits.
fn same_map(a: &Numeral, b: &Numeral) -> bool {
    a.rows == b.rows
        && a.cols == b.cols
        && a.threads() == b.threads()
        && a.elements == b.elements
        && (0..a.threads()).all(|t| (0..a.elements).all(|i| a.coords(t, i) == b.coords(t, i)))
}
