//! The `tcgen05.mma` instruction descriptor (`idesc`): the operand and accumulator formats,
//! the majorness each operand is read in, N and M, derived from the declaration (PTX ISA,
//! "Instruction descriptor" of `tcgen05.mma`; CuTe's `UMMA::InstrDescriptor`).

use super::declare::{DataPath, Majorness, Mma};
use super::elem::Elem;
use super::error::PathError;

/// The `.kind` of a `tcgen05.mma` without block scaling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `.kind::f16`: f16 x f16 or bf16 x bf16, f16 or f32 accumulators.
    F16,
    /// `.kind::tf32`: tf32 x tf32, f32 accumulators.
    Tf32,
    /// `.kind::f8f6f4` with 8-bit floats: e4m3 / e5m2 operands, f16 or f32 accumulators.
    F8f6f4,
    /// `.kind::i8`: s8 / u8 operands, s32 accumulators.
    I8,
}

impl Kind {
    /// `"kind::f16"`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::F16 => "kind::f16",
            Kind::Tf32 => "kind::tf32",
            Kind::F8f6f4 => "kind::f8f6f4",
            Kind::I8 => "kind::i8",
        }
    }

    /// The kind that multiplies `a` by `b` into `c`, if one does.
    pub const fn of(a: Elem, b: Elem, c: Elem) -> Option<Kind> {
        let kind = match (a, b) {
            (Elem::F16, Elem::F16) | (Elem::Bf16, Elem::Bf16) => Kind::F16,
            (Elem::Tf32, Elem::Tf32) => Kind::Tf32,
            (Elem::E4m3 | Elem::E5m2, Elem::E4m3 | Elem::E5m2) => Kind::F8f6f4,
            (Elem::S8 | Elem::U8, Elem::S8 | Elem::U8) => Kind::I8,
            _ => return None,
        };
        let takes_c = match kind {
            Kind::F16 | Kind::F8f6f4 => matches!(c, Elem::F16 | Elem::F32),
            Kind::Tf32 => matches!(c, Elem::F32),
            Kind::I8 => matches!(c, Elem::S32),
        };
        if takes_c {
            Some(kind)
        } else {
            None
        }
    }
}

/// An operand's format field: f16 0, bf16 1, tf32 2; e4m3 0, e5m2 1; u8 0, s8 1.
const fn format(e: Elem) -> u32 {
    match e {
        Elem::Bf16 | Elem::E5m2 | Elem::S8 => 1,
        Elem::Tf32 => 2,
        _ => 0,
    }
}

/// The kind of a `tcgen05` declaration, or why its types have none.
pub(crate) const fn kind(decl: &DataPath) -> Result<Kind, PathError> {
    match Kind::of(decl.a, decl.b, decl.c) {
        Some(k) => Ok(k),
        None => Err(PathError::NoKind {
            a: decl.a,
            b: decl.b,
            c: decl.c,
        }),
    }
}

impl DataPath {
    /// The 32-bit instruction descriptor of a dense `tcgen05.mma` of this declaration: C's
    /// format at bit 4 (f16 0, f32 1, s32 2), A's and B's at bits 7 and 10, A and B read
    /// MN-major at bits 15 and 16 (as the instruction reads them, [`a_read`](Self::a_read)),
    /// N / 8 at bit 17, M / 16 at bit 24; `None` for `wgmma` or types no `.kind` takes.
    ///
    /// ```
    /// use fraglayout::catalog::TmemShape;
    /// use fraglayout::datapath::{DataPath, Elem};
    /// let d = DataPath::new(128, 256, 64)
    ///     .types(Elem::Bf16, Elem::Bf16, Elem::F32, Elem::Bf16)
    ///     .tcgen05(128, 256, 1, TmemShape::S32x32b, 64, false);
    /// assert_eq!(d.idesc(), Some(1 << 4 | 1 << 7 | 1 << 10 | (256 / 8) << 17 | (128 / 16) << 24));
    /// ```
    pub const fn idesc(&self) -> Option<u32> {
        let Mma::Tcgen05 { m, n, .. } = self.mma else {
            return None;
        };
        if Kind::of(self.a, self.b, self.c).is_none() || m > 256 || n > 256 {
            return None;
        }
        let c = match self.c {
            Elem::F16 => 0,
            Elem::S32 => 2,
            _ => 1,
        };
        Some(
            c << 4
                | format(self.a) << 7
                | format(self.b) << 10
                | mn_major(self.a_read) << 15
                | mn_major(self.b_read) << 16
                | (n >> 3) << 17
                | (m >> 4) << 24,
        )
    }
}

/// 1 for an operand read MN-major.
const fn mn_major(read: Majorness) -> u32 {
    match read {
        Majorness::Mn => 1,
        Majorness::K => 0,
    }
}
