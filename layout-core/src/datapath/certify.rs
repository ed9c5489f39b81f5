//! The certificate: every element of A and B goes from global memory through its TMA copy to
//! the shared byte the MMA reads it from, once per K step; every element of D is held by one
//! thread once and stored once.
//!
//! The two sides of each joint are computed independently of the shared tile's own formula
//! ([`SharedLayout::offset`](crate::shared::SharedLayout::offset)):
//!
//! - written: TMA copy `i` writes its box densely, inner dimension first, from
//!   [`TmaBox::destination`]`(i)`, the byte address swizzled by the tensor map's mode; the
//!   box starts at the tile's [`TmaBox::origin`]`(i)`;
//! - read: the MMA at (MN block, K step) reads operand element `(mn, k)` at
//!   [`Descriptor::read_byte`]: its start plus the ISA's canonical offset from the
//!   descriptor's LBO and SBO, in the majorness the instruction reads, swizzled by the
//!   descriptor's mode.
//!
//! [`Path::certify`] decides it in steps of the tile's extents plus its copies, so that a
//! `const` of a whole tile builds under default lints. With one swizzle on both sides, the
//! bytes agree exactly when their unswizzled offsets do, and both offsets are a term of `mn`
//! plus a term of `k`:
//!
//! - written: the copies are checked to partition the tile into a grid of boxes, copy `i`
//!   at byte `i * copy_bytes`, numbered as a term of the box row plus a term of the box
//!   column; inside a box the offset is `line * inner + pos` elements;
//! - read: the MMAs' starts are checked to be a term of the MN block plus a term of the K
//!   step; the ISA's canonical offset is a sum of terms of `mn` and of `k`.
//!
//! So the sides agree everywhere when they agree on the axes `(mn, 0)` and `(0, k)`, which
//! are walked; the copies' partition makes every element written once, each at its own
//! byte. D: the accumulator's layout is a checked bijection onto its block
//! ([`Numeral::is_bijection`](crate::Numeral::is_bijection)) and the blocks tile D; a TMA
//! store is checked as the operands' copies are (the shared tile's offset is a row term plus
//! a column term, by its formula). Where a premise does not hold (two swizzles, copies out of
//! grid order) the certificate walks every element ([`Path::certify_exhaustive`]); a
//! refusal is named as the walk names it, the first element in copy order that goes wrong.
//!
//! [`TmaBox::destination`]: crate::shared::TmaBox::destination
//! [`TmaBox::origin`]: crate::shared::TmaBox::origin
//! [`Descriptor::read_byte`]: crate::shared::Descriptor::read_byte

use super::declare::Majorness;
use super::derive::Path;
use super::error::{PathError, Tensor};
use super::operand::OperandPath;
use super::walk;
use crate::shared::{SharedLayout, TmaBox};

/// What a certified path was proven for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// Elements of A a stage delivers, each to the byte its MMA reads.
    pub a_elements: u32,
    /// Elements of B, likewise.
    pub b_elements: u32,
    /// Elements of D held once and stored once.
    pub d_elements: u32,
}

/// Copies a tile may have for the reasoning on the axes (more are walked).
const MAX_COPIES: usize = 1024;

impl Path {
    /// Proves the joints (see the [module docs](self)) in steps of the tiles' extents and
    /// copies, or names an element that goes wrong: the step, where it lands, where it
    /// should, and the fix.
    pub const fn certify(&self) -> Result<Certificate, PathError> {
        let a_elements = match operand(&self.a) {
            Ok(n) => n,
            Err(e) => return Err(e),
        };
        let b_elements = match operand(&self.b) {
            Ok(n) => n,
            Err(e) => return Err(e),
        };
        let d_elements = match held(self) {
            Ok(n) => n,
            Err(e) => return Err(e),
        };
        match stored(self) {
            Ok(()) => Ok(Certificate {
                a_elements,
                b_elements,
                d_elements,
            }),
            Err(e) => Err(e),
        }
    }

    /// The same proof by walking every element of A, B and D (at most [`MAX_CERTIFIED`]
    /// each): the first element in copy order that goes wrong.
    ///
    /// [`MAX_CERTIFIED`]: super::MAX_CERTIFIED
    pub const fn certify_exhaustive(&self) -> Result<Certificate, PathError> {
        let a_elements = match walk::operand(&self.a) {
            Ok(n) => n,
            Err(e) => return Err(e),
        };
        let b_elements = match walk::operand(&self.b) {
            Ok(n) => n,
            Err(e) => return Err(e),
        };
        let d_elements = match walk::held(self) {
            Ok(n) => n,
            Err(e) => return Err(e),
        };
        match walk::stored(self) {
            Ok(()) => Ok(Certificate {
                a_elements,
                b_elements,
                d_elements,
            }),
            Err(e) => Err(e),
        }
    }
}

/// One operand, on the axes; walked where a premise fails.
const fn operand(op: &OperandPath) -> Result<u32, PathError> {
    if !walk::matches_mode(op) {
        return walk::operand(op);
    }
    match partition(
        op.tensor,
        op.major,
        &op.tma,
        op.layout.lines(),
        op.layout.line_len(),
    ) {
        Ok(true) => {}
        Ok(false) => return walk::operand(op),
        Err(e) => return named(walk::operand(op), e),
    }
    let d = op.descriptor;
    let (blocks, steps) = (d.mn_blocks(), d.k_steps());
    let origin = start(op, 0, 0);
    let mut i = 0;
    while i < blocks * steps {
        let (b, s) = (i / steps, i % steps);
        if start(op, b, s) + origin != start(op, b, 0) + start(op, 0, s) {
            return walk::operand(op);
        }
        i += 1;
    }
    // The first line, then the first place of every other, in the order the copies write.
    let (lines, len) = (op.layout.lines(), op.layout.line_len());
    let mut i = 0;
    while i < len + lines - 1 {
        let (line, pos) = if i < len { (0, i) } else { (i - len + 1, 0) };
        let (mn, k) = op.element_at(line, pos);
        if let Err(e) = joint(op, mn, k) {
            return named(walk::operand(op), e);
        }
        i += 1;
    }
    let (mn_ext, k_ext) = op.extents();
    Ok(mn_ext * k_ext)
}

/// A refusal on the axes, named as the walk names it (the first element in copy order that
/// goes wrong); `e` should the walk find none, or the tile be past its bound.
const fn named<T: Copy>(walked: Result<T, PathError>, e: PathError) -> Result<T, PathError> {
    match walked {
        Err(PathError::Bound { .. }) | Ok(_) => Err(e),
        Err(w) => Err(w),
    }
}

/// The unswizzled start of the MMA at (`block`, `step`), as a wide number (0 outside).
const fn start(op: &OperandPath, block: u32, step: u32) -> u64 {
    match op.descriptor.start(block, step) {
        Some(s) => s as u64,
        None => 0,
    }
}

/// Element `(mn, k)`: the offset its copy writes it at against the one its MMA reads.
const fn joint(op: &OperandPath, mn: u32, k: u32) -> Result<(), PathError> {
    let tensor = op.tensor;
    let (line, pos) = op.element_at(mn, k);
    let Some((copy, at)) = written(&op.tma, line, pos) else {
        return Err(PathError::Never { tensor, mn, k });
    };
    let d = op.descriptor;
    let (block, step) = (mn / d.mn(), k / d.k());
    let k_major = matches!(op.read, Majorness::K);
    let read = d.read_offset(k_major, block, step, mn % d.mn(), k % d.k());
    match read {
        Some(r) if r as u64 == at => Ok(()),
        _ => {
            let swizzle = op.tma.mode.byte_swizzle();
            Err(PathError::Joint {
                tensor,
                mn,
                k,
                block,
                step,
                copy,
                written: swizzle.apply(at as u32) as u64,
                read: match read {
                    Some(r) => d.mode().byte_swizzle().apply(r) as u64,
                    None => u64::MAX,
                },
                cause: walk::cause(op),
            })
        }
    }
}

/// The copy that writes the tile's `(line, pos)` and the unswizzled byte it writes it at.
const fn written(tma: &TmaBox, line: u32, pos: u32) -> Option<(u32, u64)> {
    let e = tma.copy_bytes() as u64 / (tma.inner as u64 * tma.outer as u64);
    let mut i = 0;
    while i < tma.copies {
        if let (Some((l0, p0)), Some(dest)) = (tma.origin(i), tma.destination(i)) {
            if line >= l0 && line - l0 < tma.outer && pos >= p0 && pos - p0 < tma.inner {
                let box_at = (line - l0) as u64 * tma.inner as u64 + (pos - p0) as u64;
                return Some((i, dest as u64 + box_at * e));
            }
        }
        i += 1;
    }
    None
}

/// Whether the copies partition a tile of `lines` lines of `line_len` into a grid of boxes,
/// copy `i` at byte `i * copy_bytes`, numbered as a row term plus a column term (`Ok(true)`);
/// `Ok(false)` when the numbering is not such a sum, or there are too many copies to tell
/// here; an error for a copy outside the tile, twice at a place, or off its bytes.
const fn partition(
    tensor: Tensor,
    major: Majorness,
    tma: &TmaBox,
    lines: u32,
    line_len: u32,
) -> Result<bool, PathError> {
    let (inner, outer) = (tma.inner, tma.outer);
    let whole = (tma.copies as u64) * inner as u64 * outer as u64;
    if inner == 0 || outer == 0 || tma.copies as usize > MAX_COPIES {
        return Ok(false);
    }
    let across = line_len / inner;
    let mut cell = [u32::MAX; MAX_COPIES];
    let mut i = 0;
    while i < tma.copies {
        let Some((l0, p0)) = tma.origin(i) else {
            return Ok(false);
        };
        if l0 >= lines || p0 >= line_len || lines - l0 < outer || line_len - p0 < inner {
            return Err(PathError::Outside {
                tensor,
                copy: i,
                line: l0,
                pos: p0,
            });
        }
        if l0 % outer != 0 || p0 % inner != 0 {
            return Ok(false);
        }
        let c = ((l0 / outer) * across + p0 / inner) as usize;
        if c >= MAX_COPIES {
            return Ok(false);
        }
        let (mn, k) = match major {
            Majorness::K => (l0, p0),
            Majorness::Mn => (p0, l0),
        };
        if cell[c] != u32::MAX {
            return Err(PathError::Twice {
                tensor,
                mn,
                k,
                copy: i,
            });
        }
        match (tma.destination(i), i.checked_mul(tma.copy_bytes())) {
            (Some(d), Some(want)) if d == want => {}
            (d, _) => {
                let byte = match d {
                    Some(d) => d as u64,
                    None => u64::MAX,
                };
                return Err(PathError::Collide {
                    tensor,
                    mn,
                    k,
                    byte,
                });
            }
        }
        cell[c] = i;
        i += 1;
    }
    if whole != lines as u64 * line_len as u64 {
        return Err(PathError::Never {
            tensor,
            mn: 0,
            k: 0,
        });
    }
    // Every cell holds a copy (distinct, as many as cells): the numbering a sum of terms?
    let mut c = 0;
    while c < tma.copies as usize {
        let (row, col) = (c / across as usize, c % across as usize);
        let sum = cell[row * across as usize] as u64 + cell[col] as u64;
        if sum != cell[c] as u64 + cell[0] as u64 {
            return Ok(false);
        }
        c += 1;
    }
    Ok(true)
}

/// D held once: a bijection of each block, the blocks tiling D; walked otherwise.
const fn held(path: &Path) -> Result<u32, PathError> {
    let frag = path.acc.numeral();
    let (rows, cols) = (path.epilogue.rows, path.epilogue.cols);
    let tiles = frag.rows as u64 * path.m_blocks as u64 == rows as u64
        && frag.cols as u64 * path.n_blocks as u64 == cols as u64;
    if tiles && frag.copies() == 1 && frag.is_bijection() {
        Ok(rows * cols)
    } else {
        walk::held(path)
    }
}

/// A TMA store: the byte the store reads each element from is the byte its thread wrote it
/// to, on the axes; walked where a premise fails.
const fn stored(path: &Path) -> Result<(), PathError> {
    let Some((tile, tma)) = path.epilogue.staged else {
        return Ok(());
    };
    if !same_swizzle(&tile, &tma) {
        return walk::stored(path);
    }
    match partition(Tensor::D, Majorness::K, &tma, tile.rows(), tile.cols()) {
        Ok(true) => {}
        Ok(false) => return walk::stored(path),
        Err(e) => return named(walk::stored(path), e),
    }
    let e = tile.elem_bytes() as u64;
    let mut i = 0;
    while i < tile.rows() + tile.cols() {
        let (row, col) = if i < tile.rows() {
            (i, 0)
        } else {
            (0, i - tile.rows())
        };
        let Some((copy, read)) = written(&tma, row, col) else {
            return Err(PathError::Never {
                tensor: Tensor::D,
                mn: row,
                k: col,
            });
        };
        let wrote = match tile.linear(row, col) {
            Some(l) => l as u64 * e,
            None => u64::MAX,
        };
        if wrote != read {
            let swizzle = tma.mode.byte_swizzle();
            return named(
                walk::stored(path),
                PathError::DStore {
                    row,
                    col,
                    copy,
                    written: match tile.byte_offset(row, col) {
                        Some(w) => w as u64,
                        None => u64::MAX,
                    },
                    read: swizzle.apply(read as u32) as u64,
                },
            );
        }
        i += 1;
    }
    Ok(())
}

/// Whether the tile's swizzle of element offsets is the store's mode on bytes.
const fn same_swizzle(tile: &SharedLayout, tma: &TmaBox) -> bool {
    let mode = tma.mode.byte_swizzle();
    match tile.swizzle().in_bytes(tile.elem_bytes()) {
        Some(s) => s.bits == mode.bits && s.base == mode.base && s.shift == mode.shift,
        None => false,
    }
}
