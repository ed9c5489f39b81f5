//! The row addresses each lane hands `ldmatrix` / `stmatrix`, derived from a register
//! fragment and a shared layout.
//!
//! `ldmatrix.sync.aligned.m8n8.{x1,x2,x4}{,.trans}.shared.b16` moves `num` 8x8 matrices of
//! 16-bit elements; matrix `i` fills register `i` of each lane, and its 8 rows are read from
//! the 16-byte-aligned addresses that lanes `8i..8i+7` supply (PTX ISA, `ldmatrix`: "addresses
//! addr0–addr7 correspond to the rows of the first matrix"; "a group of four consecutive
//! threads loads 16 bytes"). Without `.trans`, lane `l` receives row `l / 4`, columns
//! `2 (l % 4)` and `+ 1` of each matrix, in the low and high half of its register; with
//! `.trans`, rows `2 (l % 4)` and `+ 1` of column `l / 4`. `stmatrix` is the same with the
//! data going the other way. So element `(r, c)` of matrix `i`, as stored, is
//!
//! ```text
//! without .trans: lane 4 r + c / 2, element 2 i + c % 2   (register i, half c % 2)
//! with .trans:    lane 4 c + r / 2, element 2 i + r % 2   (register i, half r % 2)
//! ```
//!
//! To load a fragment (any numeral of 16-bit elements, two per register, e.g.
//! [`SM80_16x8x16_F16_A_ROW`](crate::catalog::SM80_16x8x16_F16_A_ROW)) its register `first + i`
//! is matrix `i`: [`ldmatrix_rows_at`] maps each element of matrix `i`'s row `r` through the
//! fragment numeral to tile coordinates and through the [`SharedLayout`] to shared memory,
//! requires the 8 elements to be contiguous there and 16-byte aligned, and returns the row's
//! address as lane `8i + r`'s. When that fails the error names the matrix, the row and the
//! element out of line, with the offsets.
//!
//! ```
//! use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
//! use fraglayout::shared::{ldmatrix_rows, MatrixVariant, SharedLayout, SwizzleMode};
//! let tile = SharedLayout::hopper(16, 64, 2, SwizzleMode::B128);
//! let rows = ldmatrix_rows(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW, &tile).unwrap();
//! // Register 0 holds rows 0..8, columns 0..8: lane r supplies row r, whose first 16-byte unit
//! // the swizzle moved to unit 0 ^ r.
//! assert_eq!(rows.address(3), Some(3 * 128 + 16 * 3));
//! // Register 2 holds rows 0..8, columns 8..16 (unit 1 ^ r): lane 16 + r.
//! assert_eq!(rows.address(16 + 3), Some(3 * 128 + 16 * (1 ^ 3)));
//! assert!(rows.wavefronts().unwrap().conflict_free());
//! let plain = SharedLayout::row_major(16, 64, 2);
//! let w = ldmatrix_rows(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW, &plain)
//!     .unwrap()
//!     .wavefronts()
//!     .unwrap();
//! assert_eq!((w.total, w.ideal, w.worst), (32, 4, 8)); // 8-way conflicted
//! ```

use super::banks::{BankError, Request, Wavefronts};
use super::error::AccessError;
use super::fragment::{check_placement, misplaced, placed_at, tile_coords, FragmentAt};
use super::layout::{Major, SharedLayout};
use crate::numeral::LANES;
use crate::Numeral;

/// Bytes of one matrix row: 8 elements of 16 bits.
pub const MATRIX_ROW_BYTES: u32 = 16;

/// An `ldmatrix` / `stmatrix` form: how many 8x8 matrices (1, 2 or 4) and whether `.trans`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatrixVariant {
    /// Matrices moved: 1, 2 or 4 (`.x1`, `.x2`, `.x4`).
    pub num: u32,
    /// Whether `.trans`: each matrix is transposed between memory and registers.
    pub trans: bool,
}

impl MatrixVariant {
    /// `.x1`.
    pub const X1: MatrixVariant = MatrixVariant::new(1, false);
    /// `.x2`.
    pub const X2: MatrixVariant = MatrixVariant::new(2, false);
    /// `.x4`.
    pub const X4: MatrixVariant = MatrixVariant::new(4, false);
    /// `.x1.trans`.
    pub const X1_TRANS: MatrixVariant = MatrixVariant::new(1, true);
    /// `.x2.trans`.
    pub const X2_TRANS: MatrixVariant = MatrixVariant::new(2, true);
    /// `.x4.trans`.
    pub const X4_TRANS: MatrixVariant = MatrixVariant::new(4, true);
    /// Every form.
    pub const ALL: [MatrixVariant; 6] = [
        MatrixVariant::X1,
        MatrixVariant::X2,
        MatrixVariant::X4,
        MatrixVariant::X1_TRANS,
        MatrixVariant::X2_TRANS,
        MatrixVariant::X4_TRANS,
    ];

    /// `num` matrices, `.trans` or not.
    pub const fn new(num: u32, trans: bool) -> MatrixVariant {
        MatrixVariant { num, trans }
    }

    /// Lanes that supply a row address: `8 * num`.
    pub const fn address_lanes(&self) -> u32 {
        8 * self.num
    }

    /// The PTX instruction: `ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16`; `None` for a
    /// count other than 1, 2, 4.
    pub const fn ldmatrix(&self) -> Option<&'static str> {
        self.pick([
            "ldmatrix.sync.aligned.m8n8.x1.shared.b16",
            "ldmatrix.sync.aligned.m8n8.x2.shared.b16",
            "ldmatrix.sync.aligned.m8n8.x4.shared.b16",
            "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16",
            "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16",
            "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
        ])
    }

    /// The PTX instruction: `stmatrix.sync.aligned.m8n8.x4.trans.shared.b16`; `None` for a
    /// count other than 1, 2, 4.
    pub const fn stmatrix(&self) -> Option<&'static str> {
        self.pick([
            "stmatrix.sync.aligned.m8n8.x1.shared.b16",
            "stmatrix.sync.aligned.m8n8.x2.shared.b16",
            "stmatrix.sync.aligned.m8n8.x4.shared.b16",
            "stmatrix.sync.aligned.m8n8.x1.trans.shared.b16",
            "stmatrix.sync.aligned.m8n8.x2.trans.shared.b16",
            "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
        ])
    }

    /// This variant's name among `names`: `.x1`, `.x2`, `.x4`, then the same `.trans`.
    const fn pick(&self, names: [&'static str; 6]) -> Option<&'static str> {
        let i = match self.num {
            1 => 0,
            2 => 1,
            4 => 2,
            _ => return None,
        };
        Some(names[if self.trans { i + 3 } else { i }])
    }

    /// The `(lane, element)` of a fragment that holds element `(r, c)` (each 0..8) of matrix
    /// `i`, as stored in memory, when the matrices are registers `first..` of the fragment.
    pub const fn holder(&self, first: u32, i: u32, r: u32, c: u32) -> (u32, u32) {
        let reg = first + i;
        if self.trans {
            (4 * c + r / 2, 2 * reg + r % 2)
        } else {
            (4 * r + c / 2, 2 * reg + c % 2)
        }
    }
}

/// The byte address (from the tile's base) each lane supplies to an `ldmatrix` /
/// `stmatrix`: lane `8i + r` gives row `r` of matrix `i`; lanes `8 * num..32` give none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowAddresses {
    variant: MatrixVariant,
    bytes: [u32; LANES as usize],
}

impl RowAddresses {
    /// The instruction form the addresses are for.
    pub const fn variant(&self) -> MatrixVariant {
        self.variant
    }

    /// The byte address lane `lane` supplies; `None` for lanes past `8 * num` (whose address
    /// the instruction ignores) and past the warp.
    pub const fn address(&self, lane: u32) -> Option<u32> {
        if lane < self.variant.address_lanes() {
            Some(self.bytes[lane as usize])
        } else {
            None
        }
    }

    /// The address lane `lane` should hold: its own, or for an ignored lane the address of
    /// lane `lane % (8 * num)` (PTX: for `sm_75` and below every lane must hold a valid
    /// address; copying lower lanes' is the documented way). `None` past the warp.
    pub const fn address_or_copy(&self, lane: u32) -> Option<u32> {
        if lane >= LANES {
            return None;
        }
        Some(self.bytes[(lane % self.variant.address_lanes()) as usize])
    }

    /// The address of row `row` (0..8) of matrix `matrix` (0..num).
    pub const fn row(&self, matrix: u32, row: u32) -> Option<u32> {
        if matrix >= self.variant.num || row >= 8 {
            return None;
        }
        self.address(8 * matrix + row)
    }

    /// The instruction as the bank model sees it: a 16-byte request from lanes `0..8 * num`,
    /// one phase per matrix.
    pub const fn request(&self) -> Request {
        let mut r = Request::new(MATRIX_ROW_BYTES);
        let mut l = 0;
        while l < self.variant.address_lanes() {
            r.set(l, Some(self.bytes[l as usize]));
            l += 1;
        }
        r
    }

    /// The wavefronts the instruction takes (ideal: one per matrix).
    pub const fn wavefronts(&self) -> Result<Wavefronts, BankError> {
        self.request().wavefronts()
    }
}

/// The row addresses for moving the whole fragment `fragment` (16-bit elements, two per
/// register, exactly `num` registers) between registers and `layout`, the fragment's tile at
/// the shared tile's corner, warp 0. See [`ldmatrix_rows_at`].
pub const fn ldmatrix_rows(
    variant: MatrixVariant,
    fragment: &Numeral,
    layout: &SharedLayout,
) -> Result<RowAddresses, AccessError> {
    if fragment.elements % 2 == 0 && fragment.elements / 2 != variant.num {
        return Err(AccessError::MatrixCount {
            num: variant.num,
            registers: fragment.elements / 2,
        });
    }
    ldmatrix_rows_at(variant, fragment, layout, FragmentAt::ORIGIN, 0)
}

/// The row addresses for moving registers `first..first + num` of `fragment` (16-bit
/// elements, two per register) with the fragment's tile placed at `at` in `layout`.
///
/// Errors, in this order: the variant ([`AccessError::Variant`]), the layout's check, its
/// element size (2 bytes), the fragment's check and placement, the registers; then, matrix by
/// matrix and row by row, a row that is not 8 contiguous elements
/// ([`AccessError::NotContiguous`]) or not 16-byte aligned ([`AccessError::Misaligned`]).
pub const fn ldmatrix_rows_at(
    variant: MatrixVariant,
    fragment: &Numeral,
    layout: &SharedLayout,
    at: FragmentAt,
    first: u32,
) -> Result<RowAddresses, AccessError> {
    if !matches!(variant.num, 1 | 2 | 4) {
        return Err(AccessError::Variant { num: variant.num });
    }
    if let Err(e) = layout.check() {
        return Err(AccessError::Layout(e));
    }
    let registers = match matrix_registers(fragment, layout, at) {
        Ok(r) => r,
        Err(e) => return Err(e),
    };
    if first as u64 + variant.num as u64 > registers as u64 {
        return Err(AccessError::Registers {
            first,
            num: variant.num,
            registers,
        });
    }
    rows_of(variant, fragment, layout, at, first, None)
}

/// The registers of `fragment` placed at `at` in `layout`, for `ldmatrix` / `stmatrix`: the
/// checks after the variant's and the layout's, in order: 2-byte elements, the fragment's
/// check and placement, whole registers of two elements.
pub(crate) const fn matrix_registers(
    fragment: &Numeral,
    layout: &SharedLayout,
    at: FragmentAt,
) -> Result<u32, AccessError> {
    if layout.elem_bytes() != 2 {
        return Err(AccessError::ElementBytes {
            bytes: layout.elem_bytes(),
        });
    }
    if let Err(e) = check_placement(fragment, layout, at) {
        return Err(e);
    }
    if fragment.elements % 2 != 0 {
        return Err(AccessError::OddElements {
            elements: fragment.elements,
        });
    }
    Ok(fragment.elements / 2)
}

/// The tile coordinates of the 8 elements of each row of each matrix of one instruction
/// (`[8 * matrix + row][element]`): the numeral's part of [`rows_of`], the same for every
/// layout of the tile, so that a search over layouts (`search.rs`) computes them once.
pub(crate) type RowCoords = [[(u32, u32); 8]; LANES as usize];

/// The [`RowCoords`] of the instruction moving registers `first..first + num` of `fragment`
/// placed at `at` (checked: [`matrix_registers`] passed on a layout of this tile).
pub(crate) const fn row_coords(
    variant: MatrixVariant,
    fragment: &Numeral,
    layout: &SharedLayout,
    at: FragmentAt,
    first: u32,
) -> Result<RowCoords, AccessError> {
    let mut out = [[(0, 0); 8]; LANES as usize];
    let mut i = 0;
    while i < variant.num {
        let mut r = 0;
        while r < 8 {
            let mut c = 0;
            while c < 8 {
                let (lane, e) = variant.holder(first, i, r, c);
                match tile_coords(fragment, layout, at, lane, e) {
                    Ok(rc) => out[(8 * i + r) as usize][c as usize] = rc,
                    Err(err) => return Err(err),
                }
                c += 1;
            }
            r += 1;
        }
        i += 1;
    }
    Ok(out)
}

/// [`ldmatrix_rows_at`] after its checks of the variant, the layout, the fragment, its place
/// and the registers: the matrices row by row, their elements' tile coordinates from `known`
/// where they were computed before ([`row_coords`]), else computed here. (The coordinates of
/// a fragment that passed those checks are all in its tile: the first error, if any, is the
/// layout's, row by row as the rows are read.)
pub(crate) const fn rows_of(
    variant: MatrixVariant,
    fragment: &Numeral,
    layout: &SharedLayout,
    at: FragmentAt,
    first: u32,
    known: Option<&RowCoords>,
) -> Result<RowAddresses, AccessError> {
    let computed;
    let coords = match known {
        Some(k) => k,
        None => {
            computed = match row_coords(variant, fragment, layout, at, first) {
                Ok(c) => c,
                Err(e) => return Err(e),
            };
            &computed
        }
    };
    let mut bytes = [0u32; LANES as usize];
    let mut i = 0;
    while i < variant.num {
        let mut r = 0;
        while r < 8 {
            let k = (8 * i + r) as usize;
            match row_start(fragment, layout, at, &coords[k], i, r) {
                Ok(start) => bytes[k] = start,
                Err(e) => return Err(e),
            }
            r += 1;
        }
        i += 1;
    }
    Ok(RowAddresses { variant, bytes })
}

/// The byte address of row `r` of matrix `i`, whose elements lie at `coords` in the tile, when
/// they are contiguous in `layout` and the row is 16-byte aligned.
const fn row_start(
    fragment: &Numeral,
    layout: &SharedLayout,
    at: FragmentAt,
    coords: &[(u32, u32); 8],
    i: u32,
    r: u32,
) -> Result<u32, AccessError> {
    let start = match placed_at(fragment, layout, at, coords[0]) {
        Ok(p) => p,
        Err(err) => return Err(err),
    };
    // The layout passed its check, so its byte offsets fit in u32.
    let byte = start.offset * 2;
    if follows_in_chunk(layout, coords) {
        // The loop below would find every element at `start.offset + c`: 7 of a row's 8
        // look-ups skipped, most of a `find` in constant evaluation.
        return Ok(byte);
    }
    let mut prev = start;
    let mut c = 1;
    while c < 8 {
        let p = match placed_at(fragment, layout, at, coords[c as usize]) {
            Ok(p) => p,
            Err(err) => return Err(err),
        };
        if p.offset as u64 != start.offset as u64 + c as u64 {
            return Err(AccessError::NotContiguous {
                matrix: i,
                row: r,
                element: c,
                at: misplaced(layout, prev, p, prev.offset.wrapping_add(1)),
            });
        }
        prev = p;
        c += 1;
    }
    if byte % MATRIX_ROW_BYTES != 0 {
        return Err(AccessError::Misaligned {
            matrix: i,
            row: r,
            byte,
        });
    }
    Ok(byte)
}

/// Whether a row's 8 elements at `coords` lie at 8 consecutive offsets of `layout` from a
/// 16-byte aligned one, decided without placing each: they follow each other along one line
/// of the tile (a row of a row-major tile, a column of a column-major one), all inside it,
/// from a position 8-aligned in the line's unswizzled offsets (in one atom of a grid), and the swizzle moves nothing
/// below 8 elements (no swizzle, or its lowest written bit at 8 elements or above). Then the
/// unswizzled offsets `lin + c` (c < 8) share every bit from the fourth up, so the swizzle,
/// which reads and writes only those, moves all eight by the same amount. `false` does not
/// say they are not contiguous: [`row_start`] then places each.
const fn follows_in_chunk(layout: &SharedLayout, coords: &[(u32, u32); 8]) -> bool {
    let swizzle = layout.swizzle();
    if swizzle.bits != 0 && swizzle.base < 3 {
        return false;
    }
    let (r0, c0) = coords[0];
    let mut c = 1;
    while c < 8 {
        let (r, col) = coords[c as usize];
        let along = match layout.major() {
            Major::Row => r == r0 && col as u64 == c0 as u64 + c as u64,
            Major::Col => col == c0 && r as u64 == r0 as u64 + c as u64,
        };
        if !along {
            return false;
        }
        c += 1;
    }
    match (
        layout.linear(r0, c0),
        layout.linear(coords[7].0, coords[7].1),
    ) {
        // In one atom: a grid's atoms need not follow each other.
        (Some(first), Some(last)) => first % 8 == 0 && last as u64 == first as u64 + 7,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{
        SM75_U16x8_LDSM_T, SM75_U32x4_LDSM_N, SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL,
    };
    use crate::shared::{Gap, Misplaced, Swizzle};

    #[test]
    fn each_form_names_its_instructions_and_other_counts_none() {
        assert_eq!(
            MatrixVariant::X2.ldmatrix(),
            Some("ldmatrix.sync.aligned.m8n8.x2.shared.b16")
        );
        assert_eq!(
            MatrixVariant::X1_TRANS.ldmatrix(),
            Some("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16")
        );
        assert_eq!(
            MatrixVariant::X4_TRANS.stmatrix(),
            Some("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16")
        );
        assert_eq!(
            MatrixVariant::X4.stmatrix(),
            Some("stmatrix.sync.aligned.m8n8.x4.shared.b16")
        );
        assert_eq!(MatrixVariant::new(3, false).ldmatrix(), None);
        assert_eq!(MatrixVariant::new(8, true).stmatrix(), None);
    }

    #[test]
    fn the_catalog_tiles_read_their_own_rows() {
        // The stacked tile of `.x4`: lane l supplies tile row l, for both forms.
        let tile = SharedLayout::row_major(32, 8, 2);
        for (v, n) in [
            (MatrixVariant::X4, &SM75_U32x4_LDSM_N),
            (MatrixVariant::X4_TRANS, &SM75_U16x8_LDSM_T),
        ] {
            let rows = ldmatrix_rows(v, n, &tile).unwrap();
            for l in 0..32 {
                assert_eq!(rows.address(l), Some(16 * l), "{v:?} lane {l}");
            }
        }
    }

    #[test]
    fn b_loads_transposed_from_k_by_n_and_plain_from_n_contiguous() {
        let kn = SharedLayout::row_major(16, 8, 2);
        let rows = ldmatrix_rows(MatrixVariant::X2_TRANS, &SM80_16x8x16_F16_B_COL, &kn).unwrap();
        assert_eq!(rows.address(9), Some(16 * 9));
        let err = ldmatrix_rows(MatrixVariant::X2, &SM80_16x8x16_F16_B_COL, &kn).unwrap_err();
        assert!(
            matches!(
                err,
                AccessError::NotContiguous {
                    at: Misplaced { gap: Gap::Line, .. },
                    ..
                }
            ),
            "{err:?}"
        );
        let nk = kn.col_major();
        let rows = ldmatrix_rows(MatrixVariant::X2, &SM80_16x8x16_F16_B_COL, &nk).unwrap();
        // Matrix 1 is k = 8..16; its row r is column n = r, stored from offset 16 r + 8.
        assert_eq!(rows.row(1, 3), Some(2 * (16 * 3 + 8)));
    }

    #[test]
    fn a_swizzle_below_16_bytes_splits_rows() {
        // Bit 6 (row 4 and up) flips bit 2: row 4's columns 0..4 and 4..8 swap.
        let tile = SharedLayout::swizzled(16, 16, 2, Swizzle::new(1, 2, 4));
        let err = ldmatrix_rows(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW, &tile).unwrap_err();
        assert_eq!(
            err,
            AccessError::NotContiguous {
                matrix: 0,
                row: 4,
                element: 4,
                at: Misplaced {
                    row: 4,
                    col: 4,
                    offset: 64,
                    expected: 72,
                    gap: Gap::Swizzle,
                },
            }
        );
    }

    #[test]
    fn counts_registers_and_alignment() {
        let tile = SharedLayout::row_major(16, 16, 2);
        assert_eq!(
            ldmatrix_rows(MatrixVariant::X2, &SM80_16x8x16_F16_A_ROW, &tile),
            Err(AccessError::MatrixCount {
                num: 2,
                registers: 4
            })
        );
        let half = ldmatrix_rows_at(
            MatrixVariant::X2,
            &SM80_16x8x16_F16_A_ROW,
            &tile,
            FragmentAt::ORIGIN,
            2,
        )
        .unwrap();
        // Register 2 holds rows 0..8, columns 8..16.
        assert_eq!(half.address(0), Some(16));
        assert_eq!(half.address(16), None);
        assert_eq!(half.address_or_copy(16), Some(16));
        let odd = SharedLayout::padded(16, 16, 2, 4);
        assert_eq!(
            ldmatrix_rows(MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW, &odd),
            Err(AccessError::Misaligned {
                matrix: 0,
                row: 1,
                byte: 40
            })
        );
        assert_eq!(
            ldmatrix_rows_at(
                MatrixVariant::X4,
                &SM80_16x8x16_F16_A_ROW,
                &SharedLayout::row_major(32, 32, 2),
                FragmentAt::new(24, 0),
                0
            ),
            Err(AccessError::FragmentOutside {
                row: 24,
                col: 0,
                rows: 16,
                cols: 16,
                layout_rows: 32,
                layout_cols: 32
            })
        );
    }

    /// Wherever `follows_in_chunk` takes a row as contiguous without placing its elements,
    /// placing each finds them so, from the start `row_start` gives: over row- and column-major tiles, paddings and
    /// every swizzle of up to 3 bits, for runs of 8 along a line from every position, runs
    /// with a gap and runs across lines. And it does take most aligned runs.
    #[test]
    fn a_row_taken_as_contiguous_unplaced_is_so_when_placed() {
        let n = &SM80_16x8x16_F16_A_ROW;
        let at = FragmentAt::ORIGIN;
        // Runs taken unplaced, and contiguous aligned runs along a line.
        let (mut taken, mut aligned) = (0, 0);
        // No swizzle, then 3 bit counts x 5 bases x 3 shifts.
        let mut swizzles = [Swizzle::NONE; 46];
        let mut k = 1;
        for bits in 1..=3 {
            for base in 0..=4 {
                for shift in bits..=bits + 2 {
                    swizzles[k] = Swizzle::new(bits, base, shift);
                    k += 1;
                }
            }
        }
        for col_major in [false, true] {
            for pad in [0, 1, 8] {
                for &swizzle in &swizzles {
                    let mut layout = SharedLayout::row_major(16, 64, 2)
                        .with_pad(pad)
                        .with_swizzle(swizzle);
                    if col_major {
                        layout = layout.col_major();
                    }
                    if layout.check().is_err() {
                        continue;
                    }
                    let (lines, len) = (layout.lines(), layout.line_len());
                    let tile =
                        |line: u32, pos: u32| if col_major { (pos, line) } else { (line, pos) };
                    for line in 0..lines {
                        for pos in 0..len {
                            // Along the line (running past its end near it), every other
                            // element, and across lines.
                            let runs: [[(u32, u32); 8]; 3] = [
                                core::array::from_fn(|c| tile(line, pos + c as u32)),
                                core::array::from_fn(|c| tile(line, pos + 2 * c as u32)),
                                core::array::from_fn(|c| tile(line + c as u32, pos)),
                            ];
                            for coords in &runs {
                                let Some(lin) = layout.linear(coords[0].0, coords[0].1) else {
                                    continue;
                                };
                                // Each element placed: at consecutive offsets from an
                                // aligned one, or not.
                                let start = placed_at(n, &layout, at, coords[0]).unwrap().offset;
                                let contiguous = start % 8 == 0
                                    && (1..8).all(|c| {
                                        placed_at(n, &layout, at, coords[c])
                                            .is_ok_and(|p| p.offset == start + c as u32)
                                    });
                                let run_along = contiguous && lin % 8 == 0 && coords == &runs[0];
                                aligned += usize::from(run_along);
                                if follows_in_chunk(&layout, coords) {
                                    taken += 1;
                                    assert!(contiguous, "{layout:?} {coords:?}");
                                    assert_eq!(
                                        row_start(n, &layout, at, coords, 0, 0),
                                        Ok(start * 2)
                                    );
                                } else if run_along {
                                    // A contiguous aligned run along a line is missed only
                                    // under a swizzle that moves elements within 8.
                                    assert!(
                                        swizzle.bits != 0 && swizzle.base < 3,
                                        "{layout:?} {coords:?}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(
            taken * 2 > aligned && taken > 1000,
            "{taken} of {aligned} taken"
        );
    }
}
