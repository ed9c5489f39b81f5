//! Whether `ldmatrix` / `stmatrix` can move a register fragment: the fragment's layout divided
//! on the left by the instruction's tile (Triton's `divideLeft`).
//!
//! The instruction's tile fixes the low part of the fragment: lane `l`, half `h` of register
//! `i` is element `(r, c)` of matrix `i`, `(l / 4, 2 (l % 4) + h)` without `.trans` and
//! `(2 (l % 4) + h, l / 4)` with it ([`MatrixVariant::holder`]), and each matrix row `r` is 8
//! elements the instruction moves as one 16-byte run. A fragment is divisible when, for every
//! register, each such row is 8 consecutive elements along one line of the tile (a row of a
//! row-major tile, a column of a column-major one) from a position that is a multiple of 8;
//! the quotient is where each matrix row starts. Rows are addressed one by one (lane `8i + r`
//! supplies row `r` of matrix `i`), so the rows of a matrix may lie anywhere.
//!
//! [`divide_matrices`] answers from the fragment alone, in the fragment's tile coordinates:
//! on a tile without swizzle, or whose swizzle keeps 8-element runs, and whose lines are a
//! multiple of 8 elements with the fragment at a multiple of 8, it is exactly when
//! [`ldmatrix_rows_at`](super::ldmatrix_rows_at) finds the addresses.
//!
//! ```
//! use fraglayout::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL};
//! use fraglayout::shared::{divide_matrices, Major, MatrixVariant};
//! let d = divide_matrices(&SM80_16x8x16_F16_A_ROW, MatrixVariant::X4, Major::Row, 0).unwrap();
//! assert_eq!(d.instructions(), 1);
//! // Registers 0..4 are the 8x8 blocks at (0, 0), (8, 0), (0, 8), (8, 8).
//! assert_eq!(d.block(1), Some((8, 0)));
//! assert_eq!(d.block(2), Some((0, 8)));
//! // The B fragment holds K pairs: from a K-major (row-major K x N) tile it needs .trans.
//! assert!(divide_matrices(&SM80_16x8x16_F16_B_COL, MatrixVariant::X2, Major::Row, 0).is_err());
//! assert!(divide_matrices(&SM80_16x8x16_F16_B_COL, MatrixVariant::X2_TRANS, Major::Row, 0).is_ok());
//! ```

use super::error::AccessError;
use super::layout::Major;
use super::ldmatrix::MatrixVariant;
use crate::message::Message;
use crate::Numeral;

/// The most registers a [`MatrixDivision`] holds: 128 (the 256 16-bit elements a lane of the
/// widest `wgmma` accumulator holds).
pub const MAX_DIVISION_REGISTERS: usize = 128;

/// A fragment divided by an `ldmatrix` / `stmatrix` tile: for each register (matrix `j %
/// num` of instruction `j / num`), the tile coordinates where each of its matrix's 8 rows
/// starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatrixDivision {
    variant: MatrixVariant,
    major: Major,
    registers: u32,
    starts: [[(u32, u32); 8]; MAX_DIVISION_REGISTERS],
}

impl MatrixDivision {
    /// The instruction form.
    pub const fn variant(&self) -> MatrixVariant {
        self.variant
    }

    /// The registers of a lane (two 16-bit elements each).
    pub const fn registers(&self) -> u32 {
        self.registers
    }

    /// The instructions that move the fragment: `registers / num`.
    pub const fn instructions(&self) -> u32 {
        self.registers / self.variant.num
    }

    /// Where row `row` (0..8) of register `register`'s matrix starts, in the fragment's tile.
    pub const fn row_start(&self, register: u32, row: u32) -> Option<(u32, u32)> {
        if register >= self.registers || row >= 8 {
            return None;
        }
        Some(self.starts[register as usize][row as usize])
    }

    /// The `(row, col)` of the 8x8 block register `register` holds, when its matrix's rows are
    /// 8 neighbouring lines at one position (else `None`: rows gathered from apart).
    pub const fn block(&self, register: u32) -> Option<(u32, u32)> {
        let Some((r0, c0)) = self.row_start(register, 0) else {
            return None;
        };
        let mut r = 1;
        while r < 8 {
            let want = match self.major {
                Major::Row => (r0.wrapping_add(r), c0),
                Major::Col => (r0, c0.wrapping_add(r)),
            };
            let got = self.starts[register as usize][r as usize];
            if got.0 != want.0 || got.1 != want.1 {
                return None;
            }
            r += 1;
        }
        Some((r0, c0))
    }
}

/// Why a form of `ldmatrix` / `stmatrix` does not move a fragment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DivideError {
    /// The form, the fragment or its registers do not fit (the variant's count, the numeral's
    /// check, the warp, an odd element count, registers not a multiple of the count).
    Access(AccessError),
    /// More registers than [`MAX_DIVISION_REGISTERS`].
    TooManyRegisters {
        /// The fragment's registers.
        registers: u32,
    },
    /// Element `element` of row `row` of register `register`'s matrix is not the next one
    /// along the line after element `element - 1`.
    Apart {
        /// The register (matrix `register % num` of instruction `register / num`).
        register: u32,
        /// The matrix row, 0..8.
        row: u32,
        /// The element of the row, 1..8.
        element: u32,
        /// Where it is.
        at: (u32, u32),
        /// Where the element before it is.
        after: (u32, u32),
        /// The lines of the tile.
        major: Major,
        /// Whether the form is `.trans`.
        trans: bool,
    },
    /// Row `row` of register `register`'s matrix starts at `at`, not at a multiple of 8 along
    /// the line: its 16 bytes would straddle two aligned runs.
    Unaligned {
        /// The register.
        register: u32,
        /// The matrix row, 0..8.
        row: u32,
        /// Where it starts.
        at: (u32, u32),
        /// The lines of the tile.
        major: Major,
        /// Whether the form is `.trans`.
        trans: bool,
    },
}

impl DivideError {
    /// The message, in a buffer.
    pub const fn message(&self) -> Message {
        let mut m = Message::new();
        self.write(&mut m);
        m
    }

    /// Writes the message.
    pub const fn write(&self, m: &mut Message) {
        match *self {
            DivideError::Access(e) => e.write(m),
            DivideError::TooManyRegisters { registers } => {
                m.push("the fragment has ");
                m.push_num(registers as u64);
                m.push(" registers a lane, more than the ");
                m.push_num(MAX_DIVISION_REGISTERS as u64);
                m.push(" divided: divide a slice of it");
            }
            DivideError::Apart {
                register,
                row,
                element,
                at,
                after,
                major,
                trans,
            } => {
                push_row(m, register, row);
                m.push(": element ");
                m.push_num(element as u64);
                m.push(" is at ");
                push_at(m, at);
                m.push(", not next to element ");
                m.push_num(element as u64 - 1);
                m.push(" at ");
                push_at(m, after);
                push_line(m, major, trans);
            }
            DivideError::Unaligned {
                register,
                row,
                at,
                major,
                trans,
            } => {
                push_row(m, register, row);
                m.push(" starts at ");
                push_at(m, at);
                m.push(", not at a multiple of 8");
                push_line(m, major, trans);
            }
        }
    }
}

impl core::fmt::Display for DivideError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.message(), f)
    }
}

/// `register 1, matrix row 3`.
const fn push_row(m: &mut Message, register: u32, row: u32) {
    m.push("register ");
    m.push_num(register as u64);
    m.push(", matrix row ");
    m.push_num(row as u64);
}

/// `(3, 9)`.
const fn push_at(m: &mut Message, at: (u32, u32)) {
    m.push("(");
    m.push_num(at.0 as u64);
    m.push(", ");
    m.push_num(at.1 as u64);
    m.push(")");
}

/// The line a matrix row must follow, and the other way to try.
const fn push_line(m: &mut Message, major: Major, trans: bool) {
    m.push(match major {
        Major::Row => {
            " along a row of a row-major tile: a matrix row is 8 neighbouring elements (try "
        }
        Major::Col => {
            " along a column of a column-major tile: a matrix row is 8 neighbouring elements (try "
        }
    });
    m.push(if trans {
        "without `.trans`"
    } else {
        "`.trans`"
    });
    m.push(match major {
        Major::Row => ", or a column-major tile)",
        Major::Col => ", or a row-major tile)",
    });
}

/// The left division of `fragment` (16-bit elements, two per register; warp `warp`'s part)
/// by `variant`'s tile, with matrix rows along the lines `major` of the tile: the quotient
/// ([`MatrixDivision`]: where each register's matrix rows start), or the first register and
/// row that do not divide.
pub const fn divide_matrices(
    fragment: &Numeral,
    variant: MatrixVariant,
    major: Major,
    warp: u32,
) -> Result<MatrixDivision, DivideError> {
    let registers = match division_registers(fragment, variant, warp) {
        Ok(r) => r,
        Err(e) => return Err(e),
    };
    let mut d = MatrixDivision {
        variant,
        major,
        registers,
        starts: [[(0, 0); 8]; MAX_DIVISION_REGISTERS],
    };
    let mut j = 0;
    while j < registers {
        let mut r = 0;
        while r < 8 {
            match matrix_row(fragment, variant, major, warp, j, r) {
                Ok(start) => d.starts[j as usize][r as usize] = start,
                Err(e) => return Err(e),
            }
            r += 1;
        }
        j += 1;
    }
    Ok(d)
}

/// The registers of `fragment`, checked: the variant's count, the numeral, the warp, whole
/// registers in whole instructions, at most [`MAX_DIVISION_REGISTERS`].
const fn division_registers(
    fragment: &Numeral,
    variant: MatrixVariant,
    warp: u32,
) -> Result<u32, DivideError> {
    if !matches!(variant.num, 1 | 2 | 4) {
        return Err(DivideError::Access(AccessError::Variant {
            num: variant.num,
        }));
    }
    if let Err(e) = fragment.check() {
        return Err(DivideError::Access(AccessError::Fragment(e)));
    }
    if warp >= fragment.warps {
        return Err(DivideError::Access(AccessError::Warp {
            warp,
            warps: fragment.warps,
        }));
    }
    if fragment.elements % 2 != 0 {
        return Err(DivideError::Access(AccessError::OddElements {
            elements: fragment.elements,
        }));
    }
    let registers = fragment.elements / 2;
    if registers % variant.num != 0 {
        return Err(DivideError::Access(AccessError::MatrixCount {
            num: variant.num,
            registers,
        }));
    }
    if registers as usize > MAX_DIVISION_REGISTERS {
        return Err(DivideError::TooManyRegisters { registers });
    }
    Ok(registers)
}

/// Where row `r` of register `j`'s matrix starts, when its 8 elements follow each other along
/// the line from a multiple of 8.
const fn matrix_row(
    fragment: &Numeral,
    variant: MatrixVariant,
    major: Major,
    warp: u32,
    j: u32,
    r: u32,
) -> Result<(u32, u32), DivideError> {
    let (first, i) = (j - j % variant.num, j % variant.num);
    let start = coords(fragment, variant, warp, first, i, r, 0);
    let mut prev = start;
    let mut c = 1;
    while c < 8 {
        let at = coords(fragment, variant, warp, first, i, r, c);
        let next = match major {
            Major::Row => (prev.0, prev.1.wrapping_add(1)),
            Major::Col => (prev.0.wrapping_add(1), prev.1),
        };
        if at.0 != next.0 || at.1 != next.1 {
            return Err(DivideError::Apart {
                register: j,
                row: r,
                element: c,
                at,
                after: prev,
                major,
                trans: variant.trans,
            });
        }
        prev = at;
        c += 1;
    }
    let along = match major {
        Major::Row => start.1,
        Major::Col => start.0,
    };
    if along % 8 != 0 {
        return Err(DivideError::Unaligned {
            register: j,
            row: r,
            at: start,
            major,
            trans: variant.trans,
        });
    }
    Ok(start)
}

/// The tile coordinates of element `(r, c)` of matrix `i` of the instruction from register
/// `first`, in warp `warp` (a checked fragment: every lane and element has them).
const fn coords(
    fragment: &Numeral,
    variant: MatrixVariant,
    warp: u32,
    first: u32,
    i: u32,
    r: u32,
    c: u32,
) -> (u32, u32) {
    let (lane, e) = variant.holder(first, i, r, c);
    match fragment.coords(warp * crate::numeral::LANES + lane, e) {
        Some(rc) => rc,
        None => (u32::MAX, u32::MAX),
    }
}
