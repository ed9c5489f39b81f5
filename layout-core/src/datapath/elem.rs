//! The element types of a data path, spelled as the catalog spells them (`"bf16"`).

/// An element type of A, B, C or D, named as PTX and the catalog's
/// [`Entry::element_type`](crate::catalog::Entry::element_type) name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Elem {
    /// `f16`.
    F16,
    /// `bf16`.
    Bf16,
    /// `tf32` (stored in 32 bits).
    Tf32,
    /// `f32`.
    F32,
    /// `e4m3` (8-bit float).
    E4m3,
    /// `e5m2` (8-bit float).
    E5m2,
    /// `s8`.
    S8,
    /// `u8`.
    U8,
    /// `s32`.
    S32,
}

impl Elem {
    /// Every type.
    pub const ALL: [Elem; 9] = [
        Elem::F16,
        Elem::Bf16,
        Elem::Tf32,
        Elem::F32,
        Elem::E4m3,
        Elem::E5m2,
        Elem::S8,
        Elem::U8,
        Elem::S32,
    ];

    /// The PTX spelling: `"bf16"`.
    pub const fn name(self) -> &'static str {
        match self {
            Elem::F16 => "f16",
            Elem::Bf16 => "bf16",
            Elem::Tf32 => "tf32",
            Elem::F32 => "f32",
            Elem::E4m3 => "e4m3",
            Elem::E5m2 => "e5m2",
            Elem::S8 => "s8",
            Elem::U8 => "u8",
            Elem::S32 => "s32",
        }
    }

    /// The type spelled `name`, if any.
    pub const fn from_name(name: &str) -> Option<Elem> {
        let mut i = 0;
        while i < Elem::ALL.len() {
            if eq(Elem::ALL[i].name().as_bytes(), name.as_bytes()) {
                return Some(Elem::ALL[i]);
            }
            i += 1;
        }
        None
    }

    /// Bytes an element occupies in memory: 1, 2 or 4.
    pub const fn bytes(self) -> u32 {
        match self {
            Elem::F16 | Elem::Bf16 => 2,
            Elem::Tf32 | Elem::F32 | Elem::S32 => 4,
            Elem::E4m3 | Elem::E5m2 | Elem::S8 | Elem::U8 => 1,
        }
    }

    /// Whether the tensor cores read it as a multiplicand (A or B).
    pub const fn is_multiplicand(self) -> bool {
        !matches!(self, Elem::F32 | Elem::S32)
    }
}

/// Byte-wise equality in `const`.
pub(crate) const fn eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
