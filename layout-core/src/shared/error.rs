//! Why an access cannot be made from a shared layout ([`AccessError`]), and its words:
//! lowercase, short, quantitative, with the fix.

use super::banks::BankError;
use super::check::SharedError;
use crate::message::Message;
use crate::LayoutError;

/// Why two elements that must be neighbours in shared memory are not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gap {
    /// They are neighbours in their line, but the swizzle moves them apart: its `base` is
    /// below the run.
    Swizzle,
    /// They are not neighbours in a line of the layout (another line, or not adjacent).
    Line,
}

/// An element that should lie right after its neighbour in shared memory, and where it lies:
/// tile element `(row, col)` at offset `offset`, not `expected`, for the reason `gap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct Misplaced {
    pub row: u32,
    pub col: u32,
    pub offset: u32,
    pub expected: u32,
    pub gap: Gap,
}

impl Misplaced {
    /// `, tile (11, 5), is at offset 1029, not 1028`.
    const fn write(&self, m: &mut Message) {
        m.push(", tile (");
        m.push_num(self.row as u64);
        m.push(", ");
        m.push_num(self.col as u64);
        m.push("), is at offset ");
        m.push_num(self.offset as u64);
        m.push(", not ");
        m.push_num(self.expected as u64);
    }
}

/// What is wrong with an access of a shared layout: an `ldmatrix` / `stmatrix`, a fragment's
/// element-wise scatter or gather, or row-wise reads. Tile coordinates are `(row, col)` of
/// the shared tile; offsets are element offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum AccessError {
    /// The shared layout fails its check.
    Layout(SharedError),
    /// The fragment numeral fails its check.
    Fragment(LayoutError),
    /// A warp past the fragment's warps.
    Warp { warp: u32, warps: u32 },
    /// The fragment's `rows x cols` tile placed at `(row, col)` does not fit in the
    /// `layout_rows x layout_cols` shared tile.
    FragmentOutside {
        row: u32,
        col: u32,
        rows: u32,
        cols: u32,
        layout_rows: u32,
        layout_cols: u32,
    },
    /// `ldmatrix` / `stmatrix` with a matrix count other than 1, 2 or 4.
    Variant { num: u32 },
    /// `ldmatrix` / `stmatrix` from a layout whose elements are not 2 bytes.
    ElementBytes { bytes: u32 },
    /// A fragment with an odd element count, so not whole registers of two 16-bit elements.
    OddElements { elements: u32 },
    /// The whole-fragment form with a matrix count other than the fragment's registers.
    MatrixCount { num: u32, registers: u32 },
    /// Registers `first..first + num` reach past the fragment's `registers`.
    Registers {
        first: u32,
        num: u32,
        registers: u32,
    },
    /// Row `row` of matrix `matrix` starts at byte `byte`, not a multiple of 16.
    Misaligned { matrix: u32, row: u32, byte: u32 },
    /// Element `element` (0..8) of row `row` of matrix `matrix` is not right after the row's
    /// previous element.
    NotContiguous {
        matrix: u32,
        row: u32,
        element: u32,
        at: Misplaced,
    },
    /// An access width other than 1, 2, 4, 8 or 16 bytes, or not a multiple of the element.
    Width { width: u32, elem_bytes: u32 },
    /// The fragment's `elements` per thread do not split into vectors of `per` elements.
    Vector { elements: u32, per: u32 },
    /// Element `e` of `thread` is not right after the previous element of its vector.
    NotVector { thread: u32, e: u32, at: Misplaced },
    /// Row-wise runs of `per` elements do not divide the tile's `cols`.
    RowsSplit { cols: u32, per: u32 },
    /// An element of a row-wise run is not right after the previous one.
    NotRun(Misplaced),
    /// The addresses make a request the bank model refuses.
    Bank(BankError),
    /// Instruction `k` of an access of `count` instructions.
    NoRequest { k: u32, count: u32 },
}

impl AccessError {
    /// The message, in a buffer.
    pub const fn message(&self) -> Message {
        let mut m = Message::new();
        self.write(&mut m);
        m
    }

    /// Writes the message for this error.
    pub const fn write(&self, m: &mut Message) {
        match *self {
            AccessError::Layout(e) => {
                m.push("the shared layout is unsound: ");
                e.write(m);
            }
            AccessError::Fragment(_) => {
                m.push(
                    "the fragment is not a bijection onto its tile: fix it first \
                        (`assert_bijection` says how)",
                );
            }
            AccessError::Warp { warp, warps } => {
                m.push("warp ");
                m.push_num(warp as u64);
                m.push(" of a fragment of ");
                m.push_num(warps as u64);
                m.push(if warps == 1 { " warp" } else { " warps" });
                m.push(": warps are 0..");
                m.push_num(warps as u64);
            }
            AccessError::FragmentOutside {
                row,
                col,
                rows,
                cols,
                layout_rows,
                layout_cols,
            } => write_outside(row, col, rows, cols, layout_rows, layout_cols, m),
            AccessError::Bank(e) => e.write(m),
            AccessError::NoRequest { k, count } => {
                m.push("instruction ");
                m.push_num(k as u64);
                m.push(" of an access of ");
                m.push_num(count as u64);
                m.push(": instructions are 0..");
                m.push_num(count as u64);
            }
            AccessError::Variant { .. }
            | AccessError::ElementBytes { .. }
            | AccessError::OddElements { .. }
            | AccessError::MatrixCount { .. }
            | AccessError::Registers { .. } => self.write_matrices(m),
            _ => self.write_placement(m),
        }
    }

    /// The words of the errors about `ldmatrix` / `stmatrix`'s matrices and registers.
    const fn write_matrices(&self, m: &mut Message) {
        match *self {
            AccessError::Variant { num } => {
                m.push("ldmatrix and stmatrix move 1, 2 or 4 matrices, not ");
                m.push_num(num as u64);
                m.push(": use .x1, .x2 or .x4");
            }
            AccessError::ElementBytes { bytes } => {
                m.push("ldmatrix and stmatrix move 2-byte elements, but the layout's are ");
                m.push_num(bytes as u64);
                m.push(" bytes: use a layout of 2-byte elements");
            }
            AccessError::OddElements { elements } => {
                m.push("the fragment has ");
                m.push_num(elements as u64);
                m.push(" elements per thread, not whole registers of two 16-bit elements");
            }
            AccessError::MatrixCount { num, registers } => {
                m.push("the fragment has ");
                m.push_num(registers as u64);
                m.push(if registers == 1 {
                    " register, but ."
                } else {
                    " registers, but ."
                });
                write_x(num, m);
                m.push(" moves ");
                m.push_num(num as u64);
                m.push(if num == 1 { " matrix: " } else { " matrices: " });
                if matches!(registers, 1 | 2 | 4) {
                    m.push("use .");
                    write_x(registers, m);
                } else {
                    m.push("move it in parts, from a first register");
                }
            }
            AccessError::Registers {
                first,
                num,
                registers,
            } => {
                m.push("registers ");
                m.push_num(first as u64);
                m.push("..");
                m.push_num(first as u64 + num as u64);
                m.push(" reach past the fragment's ");
                m.push_num(registers as u64);
                if num > registers {
                    m.push(": use a matrix count of at most ");
                    m.push_num(registers as u64);
                } else {
                    m.push(": start at register ");
                    m.push_num((registers - num) as u64);
                    m.push(" or below");
                }
            }
            _ => {}
        }
    }

    /// The words of the errors about where elements lie: rows, vectors and runs.
    const fn write_placement(&self, m: &mut Message) {
        match *self {
            AccessError::Misaligned { matrix, row, byte } => {
                write_matrix_row(matrix, row, m);
                m.push(" starts at byte ");
                m.push_num(byte as u64);
                m.push(
                    ", not a multiple of 16: rows of ldmatrix and stmatrix are 16-byte \
                        aligned; make line pitches a multiple of 16 bytes",
                );
            }
            AccessError::NotContiguous {
                matrix,
                row,
                element,
                at,
            } => {
                write_matrix_row(matrix, row, m);
                m.push(": element ");
                m.push_num(element as u64);
                at.write(m);
                m.push(": a matrix row is 8 contiguous elements; ");
                match at.gap {
                    Gap::Swizzle => {
                        m.push("the swizzle splits it: use a swizzle base of 3 or more")
                    }
                    Gap::Line => m.push(
                        "it does not run along a line here: use the other \
                                         .trans, or the other majorness",
                    ),
                }
            }
            AccessError::Width { width, elem_bytes } => {
                m.push("an access of ");
                m.push_num(width as u64);
                m.push(" bytes per lane with ");
                m.push_num(elem_bytes as u64);
                m.push("-byte elements: use 1, 2, 4, 8 or 16 bytes, at least one element");
            }
            AccessError::Vector { elements, per } => write_split(
                "the fragment's ",
                elements,
                " elements per thread do not split into vectors of ",
                per,
                m,
            ),
            AccessError::NotVector { thread, e, at } => {
                m.push("thread ");
                m.push_num(thread as u64);
                m.push(", element ");
                m.push_num(e as u64);
                write_broken(at, "vector", m);
            }
            AccessError::RowsSplit { cols, per } => write_split(
                "rows of ",
                cols,
                " elements do not split into runs of ",
                per,
                m,
            ),
            AccessError::NotRun(at) => {
                m.push("a row-wise run");
                write_broken(at, "run", m);
            }
            _ => {}
        }
    }
}

/// Where an element of a `what` (`vector`, `run`) lies and the fix: `, tile (2, 8), is at
/// offset 136, not 130: a vector is contiguous; it leaves its line of the layout: narrow the
/// access`.
const fn write_broken(at: Misplaced, what: &str, m: &mut Message) {
    at.write(m);
    m.push(": a ");
    m.push(what);
    m.push(" is contiguous; ");
    match at.gap {
        Gap::Swizzle => {
            m.push("the swizzle splits it: raise the swizzle base or narrow the access")
        }
        Gap::Line => m.push("it leaves its line of the layout: narrow the access"),
    }
}

/// Elements that do not split evenly: `rows of 12 elements do not split into runs of 8: use a
/// narrower width`.
const fn write_split(before: &str, total: u32, between: &str, per: u32, m: &mut Message) {
    m.push(before);
    m.push_num(total as u64);
    m.push(between);
    m.push_num(per as u64);
    m.push(": use a narrower width");
}

/// `matrix 1 row 3`.
const fn write_matrix_row(matrix: u32, row: u32, m: &mut Message) {
    m.push("matrix ");
    m.push_num(matrix as u64);
    m.push(" row ");
    m.push_num(row as u64);
}

/// `x4`.
const fn write_x(num: u32, m: &mut Message) {
    m.push("x");
    m.push_num(num as u64);
}

/// `the 16 x 16 fragment at (56, 0) reaches row 72, past the 64 x 64 tile: place it at rows
/// 0..=48 and columns 0..=48`.
const fn write_outside(
    row: u32,
    col: u32,
    rows: u32,
    cols: u32,
    layout_rows: u32,
    layout_cols: u32,
    m: &mut Message,
) {
    m.push("the ");
    m.push_num(rows as u64);
    m.push(" x ");
    m.push_num(cols as u64);
    m.push(" fragment at (");
    m.push_num(row as u64);
    m.push(", ");
    m.push_num(col as u64);
    m.push(") reaches (");
    m.push_num(row as u64 + rows as u64);
    m.push(", ");
    m.push_num(col as u64 + cols as u64);
    m.push("), past the ");
    m.push_num(layout_rows as u64);
    m.push(" x ");
    m.push_num(layout_cols as u64);
    m.push(" tile: ");
    if rows > layout_rows || cols > layout_cols {
        m.push("use a larger tile");
    } else {
        m.push("place it at rows 0..=");
        m.push_num((layout_rows - rows) as u64);
        m.push(" and columns 0..=");
        m.push_num((layout_cols - cols) as u64);
    }
}

impl core::fmt::Display for AccessError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.message(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misplaced_elements_and_uneven_splits_say_where_and_the_fix() {
        let at = Misplaced {
            row: 8,
            col: 0,
            offset: 64,
            expected: 2,
            gap: Gap::Line,
        };
        for (e, text) in [
            (
                AccessError::NotVector {
                    thread: 0,
                    e: 2,
                    at,
                },
                "thread 0, element 2, tile (8, 0), is at offset 64, not 2: a vector is \
                 contiguous; it leaves its line of the layout: narrow the access",
            ),
            (
                AccessError::NotRun(Misplaced {
                    gap: Gap::Swizzle,
                    ..at
                }),
                "a row-wise run, tile (8, 0), is at offset 64, not 2: a run is contiguous; the \
                 swizzle splits it: raise the swizzle base or narrow the access",
            ),
            (
                AccessError::NotContiguous {
                    matrix: 1,
                    row: 3,
                    element: 4,
                    at,
                },
                "matrix 1 row 3: element 4, tile (8, 0), is at offset 64, not 2: a matrix row \
                 is 8 contiguous elements; it does not run along a line here: use the other \
                 .trans, or the other majorness",
            ),
            (
                AccessError::Vector {
                    elements: 4,
                    per: 8,
                },
                "the fragment's 4 elements per thread do not split into vectors of 8: use a \
                 narrower width",
            ),
            (
                AccessError::RowsSplit { cols: 12, per: 8 },
                "rows of 12 elements do not split into runs of 8: use a narrower width",
            ),
        ] {
            assert_eq!(e.message().as_str(), text);
        }
    }
}
