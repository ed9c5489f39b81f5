//! A tile's atoms, its TMA box and its MMA descriptor, in words: what `fraglayout smem`
//! prints above the picture (64 x 256 f32 in the 128-byte swizzle mode):
//!
//! ```text
//! atoms: 8 lines x 128 bytes, 8 along a line, in slabs of 64 lines (8192 bytes each)
//! TMA: box {32, 64} (inner, outer), 8 copies of 8192 bytes, one after the other
//!   copy 0: (line, pos) (0, 0) to byte 0
//!   copy 1: (line, pos) (0, 32) to byte 8192
//!   ...
//! ```

use core::fmt::{self, Write};

use crate::shared::{AtomOrder, Base, Descriptor, Operand, SharedLayout, SwizzleMode, ATOM_LINES};

/// The MMA a tile feeds: its operand and its MN extent (M for A, N for B).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mma {
    /// Which operand the tile holds.
    pub operand: Operand,
    /// Rows (A) or columns (B) one MMA reads.
    pub mn: u32,
}

/// Writes the atoms, the TMA box (for lines `global_stride` bytes apart in global memory) and,
/// with `mma`, the descriptor: its fields, each K step's start and the encoded values for a
/// tile at shared address 0. A part that does not exist says why.
pub fn atoms(
    l: &SharedLayout,
    mma: Option<Mma>,
    global_stride: u64,
    w: &mut impl Write,
) -> fmt::Result {
    write_atoms(l, w)?;
    match l.tma_box(global_stride) {
        Ok(b) => {
            write!(w, "TMA: box {{{}, {}}} (inner, outer)", b.inner, b.outer)?;
            writeln!(
                w,
                ", {} cop{} of {} bytes, one after the other",
                b.copies,
                if b.copies == 1 { "y" } else { "ies" },
                b.copy_bytes()
            )?;
            for i in 0..b.copies.min(4) {
                if let (Some(at), Some((line, pos))) = (b.destination(i), b.origin(i)) {
                    writeln!(w, "  copy {i}: (line, pos) ({line}, {pos}) to byte {at}")?;
                }
            }
            if b.copies > 4 {
                writeln!(w, "  ... {} more", b.copies - 4)?;
            }
        }
        Err(e) => writeln!(w, "TMA: none: {e}")?,
    }
    match mma {
        Some(m) => write_descriptor(l, m, w),
        None => Ok(()),
    }
}

/// `atoms: 8 lines x 128 bytes, 8 along a line, in slabs of 64 lines`.
fn write_atoms(l: &SharedLayout, w: &mut impl Write) -> fmt::Result {
    let line_bytes = l.atom_len() as u64 * l.elem_bytes() as u64;
    if !l.is_grid() {
        return writeln!(
            w,
            "atoms: one atom wide, {} lines of {line_bytes} bytes ({} bytes)",
            l.lines(),
            l.span_bytes()
        );
    }
    write!(
        w,
        "atoms: {ATOM_LINES} lines x {line_bytes} bytes, {} along a line, ",
        l.atoms_along()
    )?;
    match l.order() {
        AtomOrder::Slabs => writeln!(
            w,
            "in slabs of {} lines ({} bytes each)",
            l.lines(),
            l.lines() as u64 * line_bytes
        ),
        AtomOrder::Bands => writeln!(
            w,
            "in bands of {ATOM_LINES} lines across the atoms ({} bytes each)",
            ATOM_LINES as u64 * line_bytes * l.atoms_along() as u64
        ),
    }
}

/// The descriptor's fields, each K step's start, and the encodings at address 0.
fn write_descriptor(l: &SharedLayout, m: Mma, w: &mut impl Write) -> fmt::Result {
    let name = match m.operand {
        Operand::A => "A, M",
        Operand::B => "B, N",
    };
    let d = match Descriptor::derive(l, m.operand, m.mn) {
        Ok(d) => d,
        Err(e) => return writeln!(w, "descriptor ({name} = {}): none: {e}", m.mn),
    };
    let mode = match d.mode() {
        SwizzleMode::None => "interleaved",
        other => other.name(),
    };
    writeln!(
        w,
        "descriptor ({name} = {}): {}-major, {mode}, LBO {}, SBO {}",
        m.mn,
        if d.k_major() { "K" } else { "MN" },
        d.lbo(),
        d.sbo()
    )?;
    write!(w, "  K steps of {} elements start at bytes", d.k())?;
    for step in 0..d.k_steps().min(8) {
        if let Some(s) = d.start(0, step) {
            write!(w, " {s}")?;
        }
    }
    writeln!(w, "{}", if d.k_steps() > 8 { " ..." } else { "" })?;
    if let (Ok(h), Ok(b)) = (
        d.wgmma(0, 0, 0, Base::Refuse),
        d.tcgen05(0, 0, 0, Base::Refuse),
    ) {
        writeln!(w, "  at address 0: wgmma {h:#018x}, tcgen05 {b:#018x}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    extern crate std;
    use std::string::String;

    #[test]
    fn the_epilogue_tile_and_an_operand_in_words() {
        let c = SharedLayout::hopper(64, 256, 4, SwizzleMode::B128);
        let mut out = String::new();
        atoms(&c, None, 1024, &mut out).unwrap();
        assert!(
            out.contains("in slabs of 64 lines (8192 bytes each)"),
            "{out}"
        );
        assert!(
            out.contains("TMA: box {32, 64} (inner, outer), 8 copies of 8192 bytes"),
            "{out}"
        );
        assert!(
            out.contains("copy 1: (line, pos) (0, 32) to byte 8192"),
            "{out}"
        );
        assert!(out.contains("... 4 more"), "{out}");
        let a = SharedLayout::hopper(128, 64, 2, SwizzleMode::B128)
            .col_major()
            .with_order(AtomOrder::Bands);
        let mut out = String::new();
        let mma = Mma {
            operand: Operand::A,
            mn: 128,
        };
        atoms(&a, Some(mma), 256, &mut out).unwrap();
        assert!(
            out.contains("descriptor (A, M = 128): MN-major, 128-byte swizzle, LBO 1024, SBO 2048"),
            "{out}"
        );
        assert!(
            out.contains("K steps of 16 elements start at bytes 0 4096 8192 12288"),
            "{out}"
        );
        assert!(out.contains("wgmma 0x4000008000400000"), "{out}");
        let mut out = String::new();
        atoms(
            &SharedLayout::padded(64, 64, 2, 8),
            Some(mma),
            128,
            &mut out,
        )
        .unwrap();
        assert!(out.contains("TMA: none: "), "{out}");
        assert!(out.contains("descriptor (A, M = 128): none: "), "{out}");
    }
}
