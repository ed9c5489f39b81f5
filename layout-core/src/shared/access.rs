//! The accesses a shared tile sees, as warp requests for the bank model.
//!
//! An [`Access`] says what a warp does with the tile in the tile's own terms; for a
//! [`SharedLayout`] it becomes one or more [`Request`]s (one per warp instruction), whose
//! wavefronts the bank model counts:
//!
//! | access | instructions | lane `l` of instruction `k` |
//! |---|---|---|
//! | [`Access::Matrices`] | `registers / num` `ldmatrix` / `stmatrix` | row `l % 8` of matrix `l / 8`, registers `k * num..` |
//! | [`Access::Elements`] | `elements / per` vector loads or stores | the vector of elements `k * per..` of lane `l` |
//! | [`Access::Rows`]     | `runs / 32` vector loads or stores | run `32 k + l` of the tile, runs of `per` elements in row-major order |
//!
//! (`per = width / elem_bytes` elements per lane.) An element-wise access may leave its width
//! free ([`Access::elements_widest`], width 0): on a layout it moves the widest vector (16, 8,
//! 4, 2 or 1 bytes) that keeps each lane's elements whole there ([`Access::widest`]), and
//! [`find`](super::find) tries the widest first. The staging of the `m16n8k16` accumulator
//! for a wide global store is `[Access::matrices(X2, &SM80_16x8x16_F16_C), Access::rows(16)]`:
//! `stmatrix` of each fragment, then 16-byte row-wise reads.
//!
//! ```
//! use fraglayout::catalog::SM80_16x8x16_F16_C;
//! use fraglayout::shared::{Access, MatrixVariant, SharedLayout, Swizzle};
//! let plain = SharedLayout::row_major(16, 64, 2);
//! let staged = Access::matrices(MatrixVariant::X2, &SM80_16x8x16_F16_C);
//! let w = staged.wavefronts(&plain).unwrap();
//! assert_eq!((w.total, w.ideal), (16, 2));       // rows 128 bytes apart: 8-way conflict
//! let swizzled = plain.with_swizzle(Swizzle::new(3, 3, 3));
//! assert!(staged.wavefronts(&swizzled).unwrap().conflict_free());
//! assert!(Access::rows(16).wavefronts(&swizzled).unwrap().conflict_free());
//! ```

use super::banks::{Request, Wavefronts};
use super::error::AccessError;
use super::fragment::{check_placement, misplaced, place, FragmentAt, Placed};
use super::layout::SharedLayout;
use super::ldmatrix::{matrix_registers, row_coords, rows_of, MatrixVariant, RowCoords};
use crate::numeral::LANES;
use crate::Numeral;

/// What a warp does with a shared tile (see the [module table](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access<'a> {
    /// `ldmatrix` or `stmatrix` of the whole fragment (16-bit elements, two per register):
    /// one instruction of `variant` per `variant.num` registers.
    Matrices {
        /// The instruction form.
        variant: MatrixVariant,
        /// The register fragment.
        fragment: &'a Numeral<'a>,
        /// Where its tile lies, and which warp acts.
        at: FragmentAt,
    },
    /// Each lane stores (scatter) or loads (gather) its own fragment elements, `width` bytes
    /// (`width / elem_bytes` consecutive elements `e`) per instruction.
    Elements {
        /// The register fragment.
        fragment: &'a Numeral<'a>,
        /// Where its tile lies, and which warp acts.
        at: FragmentAt,
        /// Bytes per lane and instruction.
        width: u32,
    },
    /// The warp walks the whole tile in row-major order, `width` bytes per lane and
    /// instruction: the reads (or writes) that go with a wide, coalesced global store (load).
    Rows {
        /// Bytes per lane and instruction.
        width: u32,
    },
}

impl<'a> Access<'a> {
    /// `ldmatrix` / `stmatrix` of the whole fragment at the tile's corner, warp 0.
    pub const fn matrices(variant: MatrixVariant, fragment: &'a Numeral<'a>) -> Access<'a> {
        Access::Matrices {
            variant,
            fragment,
            at: FragmentAt::ORIGIN,
        }
    }

    /// Element-wise scatter or gather of the fragment at the tile's corner, warp 0.
    pub const fn elements(fragment: &'a Numeral<'a>, width: u32) -> Access<'a> {
        Access::Elements {
            fragment,
            at: FragmentAt::ORIGIN,
            width,
        }
    }

    /// Element-wise scatter or gather of the fragment at the tile's corner, warp 0, its width
    /// free (stored as 0): the widest vector the layout keeps whole ([`widest`](Self::widest)).
    pub const fn elements_widest(fragment: &'a Numeral<'a>) -> Access<'a> {
        Access::elements(fragment, 0)
    }

    /// Whether the access's width is free: an element-wise access of width 0.
    pub const fn free_width(&self) -> bool {
        matches!(*self, Access::Elements { width: 0, .. })
    }

    /// A free-width access at `width` bytes a lane; any other access unchanged.
    pub const fn with_width(self, width: u32) -> Access<'a> {
        match self {
            Access::Elements {
                fragment,
                at,
                width: 0,
            } => Access::Elements {
                fragment,
                at,
                width,
            },
            other => other,
        }
    }

    /// The bytes a lane moves per instruction on `layout`: a fixed width as given (checked
    /// when the access is made); for a free one the widest of 16, 8, 4, 2, 1 (at least the
    /// element) whose vectors the layout keeps whole, or the error of the access at one
    /// element a lane.
    pub const fn widest(&self, layout: &SharedLayout) -> Result<u32, AccessError> {
        if !self.free_width() {
            return Ok(self.width());
        }
        if let Err(e) = layout.check() {
            return Err(AccessError::Layout(e));
        }
        let bytes = layout.elem_bytes();
        let mut width = 16;
        while width > bytes && width > 1 {
            if width % bytes == 0 && self.with_width(width).wavefronts(layout).is_ok() {
                return Ok(width);
            }
            width /= 2;
        }
        match self.with_width(bytes).wavefronts(layout) {
            Ok(_) => Ok(bytes),
            Err(e) => Err(e),
        }
    }

    /// The access with its width fixed for `layout` (a free width at [`widest`](Self::widest)).
    const fn sized(&self, layout: &SharedLayout) -> Result<Access<'a>, AccessError> {
        if !self.free_width() {
            return Ok(*self);
        }
        match self.widest(layout) {
            Ok(width) => Ok(self.with_width(width)),
            Err(e) => Err(e),
        }
    }

    /// Row-wise runs of `width` bytes per lane over the whole tile.
    pub const fn rows(width: u32) -> Access<'a> {
        Access::Rows { width }
    }

    /// The same access with the fragment placed at `at` (row-wise runs have no fragment and
    /// stay as they are).
    pub const fn at(self, at: FragmentAt) -> Access<'a> {
        match self {
            Access::Matrices {
                variant, fragment, ..
            } => Access::Matrices {
                variant,
                fragment,
                at,
            },
            Access::Elements {
                fragment, width, ..
            } => Access::Elements {
                fragment,
                at,
                width,
            },
            Access::Rows { width } => Access::Rows { width },
        }
    }

    /// How many warp instructions the access takes on `layout`, when it can be made there.
    pub const fn requests(&self, layout: &SharedLayout) -> Result<u32, AccessError> {
        if let Err(e) = layout.check() {
            return Err(AccessError::Layout(e));
        }
        if self.free_width() {
            return match self.sized(layout) {
                Ok(a) => a.requests(layout),
                Err(e) => Err(e),
            };
        }
        match *self {
            Access::Matrices {
                variant,
                fragment,
                at,
            } => {
                if !matches!(variant.num, 1 | 2 | 4) {
                    return Err(AccessError::Variant { num: variant.num });
                }
                let registers = match matrix_registers(fragment, layout, at) {
                    Ok(r) => r,
                    Err(e) => return Err(e),
                };
                if registers % variant.num != 0 {
                    return Err(AccessError::MatrixCount {
                        num: variant.num,
                        registers,
                    });
                }
                Ok(registers / variant.num)
            }
            Access::Elements {
                fragment,
                at,
                width,
            } => {
                let per = match per_lane(width, layout) {
                    Ok(p) => p,
                    Err(e) => return Err(e),
                };
                if let Err(e) = check_placement(fragment, layout, at) {
                    return Err(e);
                }
                if fragment.elements % per != 0 {
                    return Err(AccessError::Vector {
                        elements: fragment.elements,
                        per,
                    });
                }
                Ok(fragment.elements / per)
            }
            Access::Rows { width } => {
                let per = match per_lane(width, layout) {
                    Ok(p) => p,
                    Err(e) => return Err(e),
                };
                if layout.cols() % per != 0 {
                    return Err(AccessError::RowsSplit {
                        cols: layout.cols(),
                        per,
                    });
                }
                // The layout passed its check: the tile has at most u32::MAX bytes.
                let runs = (layout.size() / per as u64) as u32;
                Ok(runs.div_ceil(LANES))
            }
        }
    }

    /// Warp instruction `k` (`0..requests`) of the access on `layout`.
    pub const fn request(&self, layout: &SharedLayout, k: u32) -> Result<Request, AccessError> {
        if self.free_width() {
            return match self.sized(layout) {
                Ok(a) => a.request(layout, k),
                Err(e) => Err(e),
            };
        }
        let count = match self.requests(layout) {
            Ok(c) => c,
            Err(e) => return Err(e),
        };
        if k >= count {
            return Err(AccessError::NoRequest { k, count });
        }
        self.request_of(layout, k, None)
    }

    /// [`request`](Self::request) `k` of an access of fixed width whose
    /// [`requests`](Self::requests) on `layout` passed and counted more than `k`, without
    /// repeating their checks of the layout and the fragment: for a caller walking every
    /// instruction (`conflict_free`'s count).
    pub(crate) const fn request_counted(
        &self,
        layout: &SharedLayout,
        k: u32,
    ) -> Result<Request, AccessError> {
        if self.free_width() {
            return self.request(layout, k);
        }
        self.request_of(layout, k, None)
    }

    /// Instruction `k` of an access whose [`requests`](Self::requests) passed: the checks of
    /// the layout, the fragment and its place are not repeated. An `ldmatrix` / `stmatrix`
    /// takes its rows' tile coordinates from `known` where they are there.
    const fn request_of(
        &self,
        layout: &SharedLayout,
        k: u32,
        known: Option<&KnownRows>,
    ) -> Result<Request, AccessError> {
        match *self {
            Access::Matrices {
                variant,
                fragment,
                at,
            } => {
                let known = match known {
                    Some(rows) if k < rows.count => Some(&rows.coords[k as usize]),
                    _ => None,
                };
                match rows_of(variant, fragment, layout, at, k * variant.num, known) {
                    Ok(rows) => Ok(rows.request()),
                    Err(e) => Err(e),
                }
            }
            Access::Elements {
                fragment,
                at,
                width,
            } => element_request(fragment, layout, at, width, k),
            Access::Rows { width } => rows_request(layout, width, k),
        }
    }

    /// Bytes per lane and instruction (16 for `ldmatrix` / `stmatrix` rows; 0 for a free
    /// width, whose width on a layout is [`widest`](Self::widest)).
    pub const fn width(&self) -> u32 {
        match *self {
            Access::Matrices { .. } => 16,
            Access::Elements { width, .. } | Access::Rows { width } => width,
        }
    }

    /// The wavefronts of all the access's instructions on `layout`.
    pub const fn wavefronts(&self, layout: &SharedLayout) -> Result<Wavefronts, AccessError> {
        self.wavefronts_known(layout, None)
    }

    /// [`wavefronts`](Self::wavefronts), with the tile coordinates of an `ldmatrix` /
    /// `stmatrix`'s rows from `known` ([`known_rows`](Self::known_rows) on a layout of the same
    /// tile): the same result, without the numeral's arithmetic.
    pub(crate) const fn wavefronts_known(
        &self,
        layout: &SharedLayout,
        known: Option<&KnownRows>,
    ) -> Result<Wavefronts, AccessError> {
        if self.free_width() {
            return match self.sized(layout) {
                Ok(a) => a.wavefronts_known(layout, known),
                Err(e) => Err(e),
            };
        }
        let count = match self.requests(layout) {
            Ok(c) => c,
            Err(e) => return Err(e),
        };
        let mut w = Wavefronts::ZERO;
        let mut k = 0;
        while k < count {
            let r = match self.request_of(layout, k, known) {
                Ok(r) => r,
                Err(e) => return Err(e),
            };
            match r.wavefronts() {
                Ok(more) => w = w.plus(more),
                Err(e) => return Err(AccessError::Bank(e)),
            }
            k += 1;
        }
        Ok(w)
    }
}

/// The tile coordinates of the rows of an `ldmatrix` / `stmatrix` access's first
/// [`KNOWN_REQUESTS`] instructions ([`RowCoords`] each): what its wavefronts compute through
/// the fragment's numeral on every layout, and which no padding or swizzle changes. `find`
/// (`search.rs`) computes them once for the candidates it tries: the numeral's arithmetic was
/// two thirds of a search, and constant evaluation runs it slowly.
#[derive(Clone, Copy)]
pub(crate) struct KnownRows {
    /// How many instructions' rows `coords` holds.
    count: u32,
    coords: [RowCoords; KNOWN_REQUESTS],
}

/// The instructions of one access whose rows [`KnownRows`] holds (the rest go through the
/// numeral): 4, 8 KiB of coordinates.
const KNOWN_REQUESTS: usize = 4;

impl Access<'_> {
    /// The [`KnownRows`] of an `ldmatrix` / `stmatrix` access on `layout` (any layout of the
    /// tile: only its size is read), or `None` for another access or one that `layout` does
    /// not admit.
    pub(crate) const fn known_rows(&self, layout: &SharedLayout) -> Option<KnownRows> {
        let Access::Matrices {
            variant,
            fragment,
            at,
        } = *self
        else {
            return None;
        };
        let count = match self.requests(layout) {
            Ok(c) => c,
            Err(_) => return None,
        };
        let mut rows = KnownRows {
            count: 0,
            coords: [[[(0, 0); 8]; LANES as usize]; KNOWN_REQUESTS],
        };
        while rows.count < count && (rows.count as usize) < KNOWN_REQUESTS {
            let first = rows.count * variant.num;
            match row_coords(variant, fragment, layout, at, first) {
                Ok(c) => rows.coords[rows.count as usize] = c,
                Err(_) => return None,
            }
            rows.count += 1;
        }
        Some(rows)
    }
}

/// Elements per lane for a width of `width` bytes: `width / elem_bytes`.
const fn per_lane(width: u32, layout: &SharedLayout) -> Result<u32, AccessError> {
    let bytes = layout.elem_bytes();
    if !matches!(width, 1 | 2 | 4 | 8 | 16) || width < bytes || width % bytes != 0 {
        return Err(AccessError::Width {
            width,
            elem_bytes: bytes,
        });
    }
    Ok(width / bytes)
}

/// Instruction `k` of an element-wise access: each lane's vector of elements `k * per..`.
const fn element_request(
    fragment: &Numeral,
    layout: &SharedLayout,
    at: FragmentAt,
    width: u32,
    k: u32,
) -> Result<Request, AccessError> {
    let per = width / layout.elem_bytes();
    let mut r = Request::new(width);
    let mut lane = 0;
    while lane < LANES {
        let first = match place(fragment, layout, at, lane, k * per) {
            Ok(p) => p,
            Err(e) => return Err(e),
        };
        let mut prev = first;
        let mut j = 1;
        while j < per {
            let p = match place(fragment, layout, at, lane, k * per + j) {
                Ok(p) => p,
                Err(e) => return Err(e),
            };
            if p.offset as u64 != first.offset as u64 + j as u64 {
                return Err(AccessError::NotVector {
                    thread: at.warp * LANES + lane,
                    e: k * per + j,
                    at: misplaced(layout, prev, p, first.offset.wrapping_add(j)),
                });
            }
            prev = p;
            j += 1;
        }
        r.set(lane, Some(first.offset * layout.elem_bytes()));
        lane += 1;
    }
    Ok(r)
}

/// Tile element `(row, col)` with its offset (inside the tile of a checked layout, so the
/// offset exists).
const fn placed(layout: &SharedLayout, row: u32, col: u32) -> Placed {
    let offset = match layout.offset(row, col) {
        Some(o) => o,
        None => 0,
    };
    Placed { row, col, offset }
}

/// Instruction `k` of row-wise runs: lane `l` moves run `32 k + l` (`per` elements each, in
/// row-major order of the tile).
const fn rows_request(layout: &SharedLayout, width: u32, k: u32) -> Result<Request, AccessError> {
    let per = width / layout.elem_bytes();
    let per_row = layout.cols() / per;
    let runs = layout.size() / per as u64;
    let mut r = Request::new(width);
    let mut lane = 0;
    while lane < LANES {
        let q = k as u64 * LANES as u64 + lane as u64;
        if q < runs {
            let row = (q / per_row as u64) as u32;
            let col = (q % per_row as u64) as u32 * per;
            let start = placed(layout, row, col);
            let mut prev = start;
            let mut j = 1;
            while j < per {
                let p = placed(layout, row, col + j);
                if p.offset as u64 != start.offset as u64 + j as u64 {
                    let expected = start.offset.wrapping_add(j);
                    return Err(AccessError::NotRun(misplaced(layout, prev, p, expected)));
                }
                prev = p;
                j += 1;
            }
            r.set(lane, Some(start.offset * layout.elem_bytes()));
        }
        lane += 1;
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{SM80_16x8x16_F16_C, SM80_16x8x16_F32_C};

    #[test]
    fn every_instruction_is_counted_and_bad_ones_refused() {
        let tile = SharedLayout::row_major(16, 8, 2);
        let stage = Access::matrices(MatrixVariant::X1, &SM80_16x8x16_F16_C);
        assert_eq!(stage.requests(&tile), Ok(2));
        assert_eq!(
            stage.request(&tile, 2),
            Err(AccessError::NoRequest { k: 2, count: 2 })
        );
        let f32_tile = SharedLayout::row_major(16, 8, 4);
        assert_eq!(
            stage.requests(&f32_tile),
            Err(AccessError::ElementBytes { bytes: 4 })
        );
        // Elements 0, 1 of a lane are neighbours, element 2 is 8 rows down.
        assert_eq!(
            Access::elements(&SM80_16x8x16_F32_C, 16).wavefronts(&f32_tile),
            Err(AccessError::NotVector {
                thread: 0,
                e: 2,
                at: crate::shared::Misplaced {
                    row: 8,
                    col: 0,
                    offset: 64,
                    expected: 2,
                    gap: crate::shared::Gap::Line,
                },
            })
        );
        assert_eq!(
            Access::elements(&SM80_16x8x16_F32_C, 2).requests(&f32_tile),
            Err(AccessError::Width {
                width: 2,
                elem_bytes: 4
            })
        );
        assert_eq!(
            Access::rows(16).requests(&SharedLayout::row_major(16, 6, 4)),
            Err(AccessError::RowsSplit { cols: 6, per: 4 })
        );
        // 16 x 8 f32 read in 16-byte runs: 32 runs, one instruction.
        assert_eq!(Access::rows(16).requests(&f32_tile), Ok(1));
    }
}
