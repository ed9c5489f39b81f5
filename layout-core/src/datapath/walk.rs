//! The certificate's exhaustive form: every element of A, B and D walked once
//! ([`Path::certify_exhaustive`]), up to [`MAX_CERTIFIED`] elements a tile. The tests hold
//! [`Path::certify`]'s reasoning on the axes against it.

use super::bits::{Bits, MAX_CERTIFIED};
use super::declare::Majorness;
use super::derive::Path;
use super::error::{Cause, PathError, Tensor};
use super::operand::OperandPath;
use crate::shared::{Descriptor, Operand};

/// Every element of one operand's tile: the byte its TMA copy writes is the byte its MMA
/// reads; each written once, each at its own byte.
pub(crate) const fn operand(op: &OperandPath) -> Result<u32, PathError> {
    let tensor = op.tensor;
    let (mn_ext, k_ext) = op.extents();
    let size = mn_ext as u64 * k_ext as u64;
    if size > MAX_CERTIFIED as u64 {
        return Err(PathError::Bound {
            tensor,
            elements: size,
        });
    }
    let (tma, e) = (op.tma, op.elem.bytes() as u64);
    let (mut seen, mut slots) = (Bits::new(), Bits::new());
    let mut written = 0u64;
    let mut copy = 0;
    while copy < tma.copies {
        let (Some((line0, pos0)), Some(dest)) = (tma.origin(copy), tma.destination(copy)) else {
            return Err(PathError::Never {
                tensor,
                mn: 0,
                k: 0,
            });
        };
        let mut i = 0u64;
        while i < tma.inner as u64 * tma.outer as u64 {
            let (l, p) = ((i / tma.inner as u64) as u32, (i % tma.inner as u64) as u32);
            let (line, pos) = (line0.saturating_add(l), pos0.saturating_add(p));
            let at = dest as u64 + i * e;
            if line >= op.layout.lines() || pos >= op.layout.line_len() || at >= size * e {
                return Err(PathError::Outside {
                    tensor,
                    copy,
                    line,
                    pos,
                });
            }
            let (mn, k) = op.element_at(line, pos);
            let w = tma.mode.byte_swizzle().apply(at as u32) as u64;
            if let Err(err) = joint(op, copy, mn, k, w) {
                return Err(err);
            }
            if seen.mark(mn as u64 * k_ext as u64 + k as u64) {
                return Err(PathError::Twice {
                    tensor,
                    mn,
                    k,
                    copy,
                });
            }
            if slots.mark(w / e) {
                return Err(PathError::Collide {
                    tensor,
                    mn,
                    k,
                    byte: w,
                });
            }
            written += 1;
            i += 1;
        }
        copy += 1;
    }
    match seen.first_unmarked(size) {
        Some(i) => Err(PathError::Never {
            tensor,
            mn: (i / k_ext as u64) as u32,
            k: (i % k_ext as u64) as u32,
        }),
        None if written == size => Ok(size as u32),
        None => Err(PathError::Never {
            tensor,
            mn: 0,
            k: 0,
        }),
    }
}

/// Element `(mn, k)`, which copy `copy` writes at byte `w`: where its MMA reads it.
const fn joint(op: &OperandPath, copy: u32, mn: u32, k: u32, w: u64) -> Result<(), PathError> {
    let d = op.descriptor;
    let (block, step) = (mn / d.mn(), k / d.k());
    let k_major = matches!(op.read, Majorness::K);
    match d.read_byte(k_major, block, step, mn % d.mn(), k % d.k()) {
        Some(r) if r == w => Ok(()),
        r => Err(PathError::Joint {
            tensor: op.tensor,
            mn,
            k,
            block,
            step,
            copy,
            written: w,
            read: match r {
                Some(r) => r,
                None => u64::MAX,
            },
            cause: cause(op),
        }),
    }
}

/// What a failed joint points at: the tensor map's mode, the instruction's majorness, the
/// descriptor's strides, else the copies.
pub(crate) const fn cause(op: &OperandPath) -> Cause {
    let d = op.descriptor;
    if !matches_mode(op) {
        return Cause::Mode {
            tma: op.tma.mode,
            mma: d.mode(),
        };
    }
    if !matches!(
        (op.major, op.read),
        (Majorness::K, Majorness::K) | (Majorness::Mn, Majorness::Mn)
    ) {
        return Cause::Read {
            global: op.major,
            read: op.read,
        };
    }
    let operand = match op.tensor {
        Tensor::B => Operand::B,
        _ => Operand::A,
    };
    if let Ok(want) = Descriptor::derive(&op.layout, operand, d.mn()) {
        if want.lbo() != d.lbo() || want.sbo() != d.sbo() {
            return Cause::Strides {
                lbo: d.lbo(),
                sbo: d.sbo(),
                want_lbo: want.lbo(),
                want_sbo: want.sbo(),
            };
        }
    }
    Cause::Copies
}

pub(crate) const fn matches_mode(op: &OperandPath) -> bool {
    op.tma.mode as u8 == op.descriptor.mode() as u8
}

/// Every element of D's tile held by exactly one thread's register over the MMAs' blocks.
pub(crate) const fn held(path: &Path) -> Result<u32, PathError> {
    let frag = path.acc.numeral();
    let (rows, cols) = (path.epilogue.rows as u64, path.epilogue.cols as u64);
    let size = rows * cols;
    if size > MAX_CERTIFIED as u64 {
        return Err(PathError::Bound {
            tensor: Tensor::D,
            elements: size,
        });
    }
    let mut seen = Bits::new();
    let blocks = path.m_blocks * path.n_blocks;
    let per = frag.threads() as u64 * frag.elements as u64;
    let mut i = 0u64;
    while i < blocks as u64 * per {
        let (block, rest) = ((i / per) as u32, i % per);
        let (t, r) = (
            (rest / frag.elements as u64) as u32,
            (rest % frag.elements as u64) as u32,
        );
        if let Some((row, col)) = frag.coords(t, r) {
            let row = (block / path.n_blocks) as u64 * frag.rows as u64 + row as u64;
            let col = (block % path.n_blocks) as u64 * frag.cols as u64 + col as u64;
            if row >= rows || col >= cols || seen.mark(row * cols + col) {
                return Err(PathError::DTwice {
                    row: row as u32,
                    col: col as u32,
                    thread: t,
                    register: block * frag.elements + r,
                });
            }
        }
        i += 1;
    }
    match seen.first_unmarked(size) {
        Some(i) => Err(PathError::DNever {
            row: (i / cols) as u32,
            col: (i % cols) as u32,
        }),
        None => Ok(size as u32),
    }
}

/// A TMA store: each element of D read by its store copy from the shared byte its thread
/// wrote it to.
pub(crate) const fn stored(path: &Path) -> Result<(), PathError> {
    let Some((tile, tma)) = path.epilogue.staged else {
        return Ok(());
    };
    let e = tile.elem_bytes() as u64;
    let cols = tile.cols() as u64;
    let mut seen = Bits::new();
    let mut copy = 0;
    while copy < tma.copies {
        let (Some((row0, col0)), Some(dest)) = (tma.origin(copy), tma.destination(copy)) else {
            return Err(PathError::DNever { row: 0, col: 0 });
        };
        let mut i = 0u64;
        while i < tma.inner as u64 * tma.outer as u64 {
            let (row, col) = (
                row0.saturating_add((i / tma.inner as u64) as u32),
                col0.saturating_add((i % tma.inner as u64) as u32),
            );
            if row >= tile.rows() || col >= tile.cols() {
                return Err(PathError::Outside {
                    tensor: Tensor::D,
                    copy,
                    line: row,
                    pos: col,
                });
            }
            if seen.mark(row as u64 * cols + col as u64) {
                return Err(PathError::Twice {
                    tensor: Tensor::D,
                    mn: row,
                    k: col,
                    copy,
                });
            }
            let at = dest as u64 + i * e;
            let read = if at > u32::MAX as u64 {
                u64::MAX
            } else {
                tma.mode.byte_swizzle().apply(at as u32) as u64
            };
            let written = match tile.byte_offset(row, col) {
                Some(w) => w as u64,
                None => u64::MAX,
            };
            if written != read {
                return Err(PathError::DStore {
                    row,
                    col,
                    copy,
                    written,
                    read,
                });
            }
            i += 1;
        }
        copy += 1;
    }
    match seen.first_unmarked(tile.size()) {
        Some(i) => Err(PathError::Never {
            tensor: Tensor::D,
            mn: (i / cols) as u32,
            k: (i % cols) as u32,
        }),
        None => Ok(()),
    }
}
