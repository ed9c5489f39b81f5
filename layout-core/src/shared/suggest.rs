//! What a bank-conflict message suggests to search for a conflict-free layout, written so that
//! it runs as printed and counts what the message counts: for a catalog layout, or one tiled
//! from it, on a tile the command's options build, the `fraglayout banks` command on the same
//! access, tile, element size, padding, swizzle, atoms, majorness, place and warps
//! (`fraglayout banks store.8 SM80_16x8x16_F32_C --tile 16x8 --elem 4 --find`; `--warp all`
//! for a fragment of several warps, all of whose accesses the message sums); otherwise, the
//! call of [`find`](super::find) on the user's constants (`fraglayout::shared::find(&SMEM,
//! &[..], 8)`).

use crate::catalog::CATALOG;
use crate::message::Message;
use crate::Numeral;

use super::fragment::FragmentAt;
use super::layout::{AtomOrder, Major, SharedLayout};
use super::ldmatrix::MatrixVariant;
use super::swizzle::SwizzleMode;

/// The access a message is about.
#[derive(Clone, Copy)]
pub enum Searched {
    /// `ldmatrix` or `stmatrix` of the whole fragment.
    Matrices {
        /// `stmatrix`.
        store: bool,
        /// How many matrices, transposed or not.
        variant: MatrixVariant,
    },
    /// Each lane's elements, `bytes` at a time.
    Elements {
        /// A gather (`load.W`), not a scatter (`store.W`).
        gather: bool,
        /// The bytes a lane moves at a time.
        bytes: u32,
    },
}

/// Writes ``: `COMMAND` searches`` (or the code) for `what` of `n` on `s` (the user's constant
/// `layout_name`), the fragment's tile at `at`, every warp of `n` acting.
pub const fn write_search(
    what: Searched,
    n: &Numeral,
    s: &SharedLayout,
    layout_name: &str,
    at: FragmentAt,
    m: &mut Message,
) {
    m.push(": `");
    match catalog_name(n.name) {
        Some(tiled) if same(s, &built(s)) => write_command(what, n, tiled, s, at, m),
        _ => write_code(what, n.name, layout_name, at, m),
    }
    m.push("` searches");
}

/// For a catalog name, `Some(None)`; for `NAME tiled R x C` with `NAME` in the catalog,
/// `Some(Some(len of NAME))`; otherwise `None`.
const fn catalog_name(name: &str) -> Option<Option<usize>> {
    if in_catalog(name.as_bytes(), name.len()) {
        return Some(None);
    }
    let b = name.as_bytes();
    let mut i = 0;
    while i + 7 <= b.len() {
        if starts(b, i, b" tiled ") {
            return if in_catalog(b, i) {
                Some(Some(i))
            } else {
                None
            };
        }
        i += 1;
    }
    None
}

/// `pat` at `b[at..]`.
const fn starts(b: &[u8], at: usize, pat: &[u8]) -> bool {
    if at + pat.len() > b.len() {
        return false;
    }
    let mut k = 0;
    while k < pat.len() {
        if b[at + k] != pat[k] {
            return false;
        }
        k += 1;
    }
    true
}

/// `b[..len]` is a catalog layout's name.
const fn in_catalog(b: &[u8], len: usize) -> bool {
    let mut i = 0;
    while i < CATALOG.len() {
        let c = CATALOG[i].numeral.name.as_bytes();
        if c.len() == len && starts(b, 0, c) {
            return true;
        }
        i += 1;
    }
    false
}

/// The layout the command's tile options build for `s` as [`write_shape_options`] writes
/// them (the command's `TileArgs::layout`): a Hopper mode's layout, the interleaved core
/// matrices, or the tile padded and swizzled; atoms in bands; column-major.
const fn built(s: &SharedLayout) -> SharedLayout {
    let (rows, cols, elem) = (s.rows(), s.cols(), s.elem_bytes());
    let mut l = match s.mode() {
        Some(SwizzleMode::None) => SharedLayout::core_matrices(rows, cols, elem),
        Some(mode) => SharedLayout::hopper(rows, cols, elem, mode),
        None => SharedLayout::row_major(rows, cols, elem)
            .with_pad(s.pad())
            .with_swizzle(s.swizzle()),
    };
    if s.is_grid() && matches!(s.order(), AtomOrder::Bands) {
        l = l.with_order(AtomOrder::Bands);
    }
    if matches!(s.major(), Major::Col) {
        l = l.col_major();
    }
    l
}

/// Whether `a` and `b` place every element alike: the same tile, elements, padding, swizzle,
/// majorness, mode and atoms.
const fn same(a: &SharedLayout, b: &SharedLayout) -> bool {
    let (x, y) = (a.swizzle(), b.swizzle());
    a.rows() == b.rows()
        && a.cols() == b.cols()
        && a.elem_bytes() == b.elem_bytes()
        && a.pad() == b.pad()
        && x.bits == y.bits
        && (x.bits == 0 || (x.base == y.base && x.shift == y.shift))
        && matches!(
            (a.major(), b.major()),
            (Major::Row, Major::Row) | (Major::Col, Major::Col)
        )
        && a.atom_len() == b.atom_len()
        && (!a.is_grid()
            || matches!(
                (a.order(), b.order()),
                (AtomOrder::Slabs, AtomOrder::Slabs) | (AtomOrder::Bands, AtomOrder::Bands)
            ))
}

/// `fraglayout banks ACCESS LAYOUT --tile RxC --elem B [...] --find`.
const fn write_command(
    what: Searched,
    n: &Numeral,
    tiled: Option<usize>,
    s: &SharedLayout,
    at: FragmentAt,
    m: &mut Message,
) {
    m.push("fraglayout banks ");
    match what {
        Searched::Matrices { store, variant } => {
            m.push(if store { "stmatrix.x" } else { "ldmatrix.x" });
            m.push_num(variant.num as u64);
            if variant.trans {
                m.push(".trans");
            }
        }
        Searched::Elements { gather, bytes } => {
            m.push(if gather { "load." } else { "store." });
            m.push_num(bytes as u64);
        }
    }
    m.push(" ");
    let name = n.name;
    match tiled {
        None => m.push(name),
        Some(len) => {
            let (base, rest) = name.as_bytes().split_at(len);
            m.push("'");
            push_bytes(base, m);
            m.push("[");
            write_dims(rest, "x", m);
            m.push("]'");
        }
    }
    m.push(" --tile ");
    m.push_num(s.rows() as u64);
    m.push("x");
    m.push_num(s.cols() as u64);
    m.push(" --elem ");
    m.push_num(s.elem_bytes() as u64);
    write_shape_options(s, m);
    if at.row != 0 || at.col != 0 {
        m.push(" --at ");
        m.push_num(at.row as u64);
        m.push(",");
        m.push_num(at.col as u64);
    }
    if n.warps > 1 {
        m.push(" --warp all");
    }
    m.push(" --find");
}

/// `b`, part of a name split before a space, as text.
const fn push_bytes(b: &[u8], m: &mut Message) {
    if let Ok(s) = core::str::from_utf8(b) {
        m.push(s);
    }
}

/// The numbers of ` tiled R x C` (`b`), `sep` between them: `1x2`, `1, 2`.
const fn write_dims(b: &[u8], sep: &str, m: &mut Message) {
    let mut i = 0;
    let mut first = true;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let mut n: u64 = 0;
            while i < b.len() && b[i].is_ascii_digit() {
                n = n * 10 + (b[i] - b'0') as u64;
                i += 1;
            }
            if !first {
                m.push(sep);
            }
            m.push_num(n);
            first = false;
        } else {
            i += 1;
        }
    }
}

/// The Rust for the numeral `name`: `W2`, or `W2.tiled_or_panic(1, 2).numeral()` for
/// `W2 tiled 1 x 2`.
pub(crate) const fn write_expression(name: &str, m: &mut Message) {
    let b = name.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if starts(b, i, b" tiled ") {
            let (base, rest) = b.split_at(i);
            push_bytes(base, m);
            m.push(".tiled_or_panic(");
            write_dims(rest, ", ", m);
            m.push(").numeral()");
            return;
        }
        i += 1;
    }
    m.push(name);
}

/// ` --pad N`, ` --swizzle ..`, ` --atoms bands`, ` --col-major` where the layout has them.
const fn write_shape_options(s: &SharedLayout, m: &mut Message) {
    if s.pad() != 0 {
        m.push(" --pad ");
        m.push_num(s.pad() as u64);
    }
    let z = s.swizzle();
    match s.mode() {
        Some(SwizzleMode::B128) => m.push(" --swizzle 128B"),
        Some(SwizzleMode::B64) => m.push(" --swizzle 64B"),
        Some(SwizzleMode::B32) => m.push(" --swizzle 32B"),
        Some(SwizzleMode::None) => m.push(" --swizzle interleave"),
        None if !z.is_identity() => {
            m.push(" --swizzle ");
            m.push_num(z.bits as u64);
            m.push(",");
            m.push_num(z.base as u64);
            m.push(",");
            m.push_num(z.shift as u64);
        }
        None => {}
    }
    if s.is_grid() && matches!(s.order(), AtomOrder::Bands) {
        m.push(" --atoms bands");
    }
    if matches!(s.major(), Major::Col) {
        m.push(" --col-major");
    }
}

/// `fraglayout::shared::find(&SMEM, &[fraglayout::shared::Access::..(..)], 8)`.
const fn write_code(
    what: Searched,
    name: &str,
    layout_name: &str,
    at: FragmentAt,
    m: &mut Message,
) {
    m.push("fraglayout::shared::find(&");
    m.push(layout_name);
    m.push(", &[fraglayout::shared::Access::");
    match what {
        Searched::Matrices { variant, .. } => {
            m.push("matrices(fraglayout::shared::MatrixVariant::new(");
            m.push_num(variant.num as u64);
            m.push(if variant.trans {
                ", true), &"
            } else {
                ", false), &"
            });
        }
        Searched::Elements { .. } => m.push("elements(&"),
    }
    write_expression(name, m);
    if let Searched::Elements { bytes, .. } = what {
        m.push(", ");
        m.push_num(bytes as u64);
    }
    m.push(")");
    if at.row != 0 || at.col != 0 || at.warp != 0 {
        m.push(".at(fraglayout::shared::FragmentAt::new(");
        m.push_num(at.row as u64);
        m.push(", ");
        m.push_num(at.col as u64);
        m.push(").warp(");
        m.push_num(at.warp as u64);
        m.push("))");
    }
    m.push("], 8)");
}
