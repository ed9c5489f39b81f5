//! `fuzz-constructors`: the layout-core constructors whose sizes are products of their
//! arguments, called with the extremes of every integer argument (0, 1, 2, powers of two near
//! 2^31 and 2^32, `u32::MAX`, the `u64` extremes where the argument is a `u64`) and random
//! values, each call under `catch_unwind`.
//!
//! A case is judged clean when nothing panics and every `Ok` is self-consistent, its sizes
//! recomputed here in `u128`: a tiled layout passes its check, is the product of its copies and
//! puts each copy's elements where the copy is; a TMEM fragment passes its check over the tile
//! it says; a scale-factor provider is a lane the selector reads, holding that scale; a shared
//! layout's offsets decode back inside its exact span, and its TMA box's copies fill it; the
//! scale-factor atoms decode back.

use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};

use layout_core::catalog::{scale_layout, ScaleVec, Scaled, Selector, CATALOG};
use layout_core::shared::{AtomOrder, ScaleAtoms, SharedLayout, SwizzleMode};
use layout_core::tmem::{a_duplicated, accumulator, fragment, Lanes, MmaLayout};
use layout_core::tmem_sf::{scale_factors, Duplication};
use layout_core::Numeral;

use crate::rng::Rng;

/// The `u32` extremes every `u32` argument draws from half the time.
pub const EDGES_U32: [u32; 22] = [
    0,
    1,
    2,
    3,
    4,
    8,
    16,
    32,
    64,
    128,
    256,
    512,
    1 << 16,
    (1 << 31) - 1,
    1 << 31,
    (1 << 31) + 1,
    3 << 30,
    u32::MAX - 15,
    u32::MAX - 2,
    u32::MAX - 1,
    u32::MAX,
    65535,
];

/// The `u64` extremes of the TMA global stride.
pub const EDGES_U64: [u64; 14] = [
    0,
    1,
    15,
    16,
    128,
    1024,
    u32::MAX as u64,
    1 << 32,
    (1 << 40) - 16,
    1 << 40,
    (1 << 40) + 16,
    1 << 63,
    u64::MAX - 15,
    u64::MAX,
];

/// A `u32` argument: an extreme, a small number, a power of two and its neighbours, or any.
pub fn arg_u32(rng: &mut Rng) -> u32 {
    match rng.below(5) {
        0 | 1 => *rng.pick(&EDGES_U32),
        2 => rng.below(600) as u32,
        3 => (1u32 << rng.below(32))
            .wrapping_add(rng.below(3) as u32)
            .wrapping_sub(1),
        _ => rng.next_u64() as u32,
    }
}

/// A `u64` argument, as [`arg_u32`] over 64 bits, or a multiple of 16 of a likely size.
pub fn arg_u64(rng: &mut Rng) -> u64 {
    match rng.below(5) {
        0 | 1 => *rng.pick(&EDGES_U64),
        2 => 16 * rng.below(1 << 12) as u64,
        3 => 1u64 << rng.below(64),
        _ => rng.next_u64(),
    }
}

/// One call of a constructor, its arguments drawn.
#[derive(Clone, Debug)]
pub enum Case {
    /// `CATALOG[entry].numeral.tiled(tile_rows, tile_cols)`.
    Tiled {
        entry: usize,
        tile_rows: u32,
        tile_cols: u32,
    },
    /// `tmem::fragment(acc, load, lanes)`, the numerals' fields drawn too.
    Fragment {
        acc: Acc,
        load: Fields,
        lanes: Lanes,
    },
    /// `catalog::scale_layout(side, vec, selector)`, then `byte(e)` and `provider(index, block)`.
    Scale {
        side: Scaled,
        vec: ScaleVec,
        selector: Selector,
        e: u32,
        index: u32,
        block: u32,
    },
    /// `SharedLayout::hopper` (or another constructor) with the variations, then `tma_box`.
    Shared { shared: Shared, stride: u64 },
    /// `ScaleAtoms::new(rows, kblocks)` and `tmem_sf::scale_factors(rows)`.
    Atoms {
        rows: u32,
        kblocks: u32,
        duplication: Duplication,
    },
}

/// An accumulator for [`fragment`]: `tmem::accumulator` or `a_duplicated` at `n`, its fields
/// then replaced where `fields` says.
#[derive(Clone, Debug)]
pub struct Acc {
    /// `None`: `a_duplicated(n)`.
    pub layout: Option<MmaLayout>,
    pub n: u32,
    pub fields: Fields,
}

/// A catalog numeral (its index in [`CATALOG`]) with fields replaced by drawn ones.
#[derive(Clone, Debug, Default)]
pub struct Fields {
    pub entry: usize,
    pub rows: Option<u32>,
    pub cols: Option<u32>,
    pub elements: Option<u32>,
    pub warps: Option<u32>,
}

impl Fields {
    fn draw(rng: &mut Rng, entry: usize) -> Fields {
        let some = |rng: &mut Rng| rng.one_in(4).then(|| arg_u32(rng));
        Fields {
            entry,
            rows: some(rng),
            cols: some(rng),
            elements: some(rng),
            warps: some(rng),
        }
    }

    fn apply<'a>(&self, n: &Numeral<'a>) -> Numeral<'a> {
        Numeral::new(
            n.name,
            self.rows.unwrap_or(n.rows),
            self.cols.unwrap_or(n.cols),
            self.elements.unwrap_or(n.elements),
            n.digits,
        )
        .with_warps(self.warps.unwrap_or(n.warps))
    }
}

/// A shared layout's arguments: `hopper(rows, cols, elem_bytes, mode)` (or `row_major`, or
/// `core_matrices`), optionally column-major, padded, with atoms, in `order`.
#[derive(Clone, Debug)]
pub struct Shared {
    pub rows: u32,
    pub cols: u32,
    pub elem_bytes: u32,
    /// `None`: `row_major`; `Some(None)`: `core_matrices`.
    pub mode: Option<Option<SwizzleMode>>,
    pub col_major: bool,
    pub pad: Option<u32>,
    pub atoms: Option<u32>,
    pub order: AtomOrder,
}

impl Shared {
    pub fn layout(&self) -> SharedLayout {
        let l = match self.mode {
            Some(Some(mode)) => SharedLayout::hopper(self.rows, self.cols, self.elem_bytes, mode),
            Some(None) => SharedLayout::core_matrices(self.rows, self.cols, self.elem_bytes),
            None => SharedLayout::row_major(self.rows, self.cols, self.elem_bytes),
        };
        let l = if self.col_major { l.col_major() } else { l };
        let l = match self.pad {
            Some(p) => l.with_pad(p),
            None => l,
        };
        let l = match self.atoms {
            Some(a) => l.with_atoms(a, self.order),
            None => l,
        };
        l.with_order(self.order)
    }
}

/// The catalog indices of the `tcgen05.ld` shapes (`SM100_TMEM_*`).
fn tmem_loads() -> Vec<usize> {
    CATALOG
        .iter()
        .enumerate()
        .filter(|(_, e)| e.name().starts_with("SM100_TMEM_"))
        .map(|(i, _)| i)
        .collect()
}

/// A case of each constructor in turn, its arguments drawn.
pub fn draw(rng: &mut Rng, round: u64) -> Case {
    match round % 5 {
        0 => Case::Tiled {
            entry: rng.below(CATALOG.len()),
            tile_rows: arg_u32(rng),
            tile_cols: arg_u32(rng),
        },
        1 => draw_fragment(rng),
        2 => Case::Scale {
            side: *rng.pick(&[Scaled::A, Scaled::B]),
            vec: *rng.pick(&ScaleVec::ALL),
            selector: Selector {
                thread_id: if rng.one_in(2) {
                    rng.below(5) as u32
                } else {
                    arg_u32(rng)
                },
                byte_id: if rng.one_in(2) {
                    rng.below(5) as u32
                } else {
                    arg_u32(rng)
                },
            },
            e: arg_u32(rng),
            index: arg_u32(rng),
            block: arg_u32(rng),
        },
        3 => Case::Shared {
            shared: draw_shared(rng),
            stride: arg_u64(rng),
        },
        _ => Case::Atoms {
            rows: arg_u32(rng),
            kblocks: arg_u32(rng),
            duplication: *rng.pick(&[Duplication::FourByOne, Duplication::TwoByTwo]),
        },
    }
}

fn draw_fragment(rng: &mut Rng) -> Case {
    let loads = tmem_loads();
    let layout = if rng.one_in(7) {
        None
    } else {
        Some(*rng.pick(&MmaLayout::ALL))
    };
    // Mostly an N the accumulator takes (it panics on others, as documented).
    let n = if rng.one_in(3) {
        arg_u32(rng)
    } else {
        8 * (1 + rng.below(32) as u32)
    };
    let acc_fields = if rng.one_in(3) {
        Fields::draw(rng, 0)
    } else {
        Fields::default()
    };
    let load = *rng.pick(&loads);
    let load = if rng.one_in(3) {
        Fields::draw(rng, load)
    } else {
        Fields {
            entry: load,
            ..Fields::default()
        }
    };
    Case::Fragment {
        acc: Acc {
            layout,
            n,
            fields: acc_fields,
        },
        load,
        lanes: *rng.pick(&[Lanes::Quarter, Lanes::Lower, Lanes::Upper]),
    }
}

fn draw_shared(rng: &mut Rng) -> Shared {
    let small = |rng: &mut Rng| (8 * (1 + rng.below(64))) as u32;
    let size = |rng: &mut Rng| {
        if rng.one_in(2) {
            small(rng)
        } else {
            arg_u32(rng)
        }
    };
    let mode = match rng.below(6) {
        0 => None,
        1 => Some(None),
        _ => Some(Some(*rng.pick(&SwizzleMode::ALL))),
    };
    Shared {
        rows: size(rng),
        cols: size(rng),
        elem_bytes: if rng.one_in(3) {
            arg_u32(rng)
        } else {
            *rng.pick(&[1, 2, 4, 8, 16])
        },
        mode,
        col_major: rng.one_in(2),
        pad: rng.one_in(4).then(|| arg_u32(rng)),
        atoms: rng.one_in(4).then(|| arg_u32(rng)),
        order: *rng.pick(&[AtomOrder::Slabs, AtomOrder::Bands]),
    }
}

/// Runs `case` under `catch_unwind`: `Ok(true)` when the constructor built something and it is
/// self-consistent, `Ok(false)` when it refused (with a message), `Err` with what went wrong, a
/// panic's message included.
pub fn judge(case: &Case) -> Result<bool, String> {
    match catch_unwind(AssertUnwindSafe(|| run(case))) {
        Ok(verdict) => verdict,
        Err(payload) => {
            let why = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(format!("panicked: {why}"))
        }
    }
}

fn run(case: &Case) -> Result<bool, String> {
    match case {
        Case::Tiled {
            entry,
            tile_rows,
            tile_cols,
        } => tiled(CATALOG[*entry].numeral, *tile_rows, *tile_cols),
        Case::Fragment { acc, load, lanes } => tmem_fragment(acc, load, *lanes),
        Case::Scale {
            side,
            vec,
            selector,
            e,
            index,
            block,
        } => scale(*side, *vec, *selector, *e, (*index, *block)),
        Case::Shared { shared, stride } => shared_layout(&shared.layout(), *stride),
        Case::Atoms {
            rows,
            kblocks,
            duplication,
        } => {
            let a = atoms(ScaleAtoms::new(*rows, *kblocks))?;
            Ok(tmem_sf(*rows, *duplication)? || a)
        }
    }
}

/// A refusal: `Ok(false)` when it says why.
fn refused(message: &str) -> Result<bool, String> {
    expect(!message.is_empty(), || "a refusal without a message".into())?;
    Ok(false)
}

/// `Err(text)` unless `ok`.
fn expect(ok: bool, text: impl FnOnce() -> String) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(text())
    }
}

fn tiled(inner: &Numeral, r: u32, c: u32) -> Result<bool, String> {
    let rows = u128::from(inner.rows) * u128::from(r);
    let cols = u128::from(inner.cols) * u128::from(c);
    let elements = u128::from(inner.elements) * u128::from(r) * u128::from(c);
    let fits = rows * cols <= u128::from(u32::MAX) && elements <= u128::from(u32::MAX);
    let t = match inner.tiled(r, c) {
        Ok(t) => t,
        Err(e) => {
            let m = e.message();
            expect(!m.as_str().is_empty(), || "an empty message".into())?;
            expect(
                r == 0 || c == 0 || !fits || !matches!(e, layout_core::TileError::TooLarge { .. }),
                || format!("{r} x {c} of {}: too large, but it fits: {m}", inner.name),
            )?;
            return Ok(false);
        }
    };
    let n = t.numeral();
    expect(fits, || format!("{r} x {c} of {}: Ok past u32", inner.name))?;
    expect(n.check().is_ok(), || format!("{}: fails its check", n.name))?;
    let got = (
        u128::from(n.rows),
        u128::from(n.cols),
        u128::from(n.elements),
    );
    expect(
        got == (rows, cols, elements) && n.warps == inner.warps,
        || format!("{}: {got:?}, want {:?}", n.name, (rows, cols, elements)),
    )?;
    // Element e of copy (ti, tj) is element e + elements * (ti * c + tj), moved by the copy.
    for (ti, tj) in [(0, 0), (r - 1, c - 1), (r / 2, c / 3)] {
        for (thread, e) in [(0, 0), (inner.threads() - 1, inner.elements - 1)] {
            let Some((row, col)) = inner.coords(thread, e) else {
                continue;
            };
            let e2 = u64::from(e)
                + u64::from(inner.elements) * (u64::from(ti) * u64::from(c) + u64::from(tj));
            let want = (
                u64::from(row) + u64::from(ti) * u64::from(inner.rows),
                u64::from(col) + u64::from(tj) * u64::from(inner.cols),
            );
            let got = n
                .coords(thread, e2 as u32)
                .map(|(a, b)| (u64::from(a), u64::from(b)));
            expect(got == Some(want), || {
                format!(
                    "{}: thread {thread}, element {e2}: {got:?}, want {want:?}",
                    n.name
                )
            })?;
        }
    }
    Ok(true)
}

fn tmem_fragment(acc: &Acc, load: &Fields, lanes: Lanes) -> Result<bool, String> {
    let owned = match acc.layout {
        Some(l) if l.takes(acc.n) => accumulator(l, acc.n),
        None if acc.n >= 8 && acc.n <= 256 && acc.n % 8 == 0 => a_duplicated(acc.n),
        _ => return Ok(false),
    };
    let base = owned.numeral();
    let acc_n = if acc.fields.rows.is_some()
        || acc.fields.cols.is_some()
        || acc.fields.elements.is_some()
        || acc.fields.warps.is_some()
    {
        acc.fields.apply(&base)
    } else {
        base
    };
    let load_n = load.apply(CATALOG[load.entry].numeral);
    let f = match fragment(&acc_n, &load_n, lanes) {
        Ok(f) => f,
        Err(e) => return refused(e.message().as_str()),
    };
    let n = f.numeral();
    expect(n.check().is_ok(), || format!("{}: fails its check", n.name))?;
    let cells = u128::from(n.rows) * u128::from(n.cols) * u128::from(n.copies());
    expect(
        n.warps == 4 && cells == 128 * u128::from(n.elements) && n.elements <= 512,
        || {
            format!(
                "{}: {} x {} over {} registers",
                n.name, n.rows, n.cols, n.elements
            )
        },
    )?;
    Ok(true)
}

fn scale(
    side: Scaled,
    vec: ScaleVec,
    selector: Selector,
    e: u32,
    at: (u32, u32),
) -> Result<bool, String> {
    let l = match scale_layout(side, vec, selector) {
        Ok(l) => l,
        Err(e) => return refused(e.message().as_str()),
    };
    expect(
        selector.thread_id < side.thread_ids() && vec.byte_ids().contains(&selector.byte_id),
        || format!("{selector:?} accepted for {side:?} {vec:?}"),
    )?;
    let want = (e < vec.blocks()).then(|| selector.byte_id as u64 + e as u64);
    expect(l.byte(e).map(u64::from) == want, || {
        format!("byte({e}) = {:?}", l.byte(e))
    })?;
    let (index, block) = at;
    match l.provider(index, block) {
        Ok((lane, byte)) => {
            let (row, col) = match side {
                Scaled::A => (index, block),
                Scaled::B => (block, index),
            };
            let e = byte.checked_sub(selector.byte_id);
            let holds = e.and_then(|e| l.numeral.coords(lane, e)) == Some((row, col));
            expect(l.reads(lane) && byte < 4 && holds, || {
                format!("{side:?} {vec:?} {selector:?}: ({index}, {block}) from lane {lane}, byte {byte}")
            })?;
        }
        Err(_) => expect(
            index >= [16, 8][side as usize] || block >= vec.blocks(),
            || format!("{side:?} {vec:?}: ({index}, {block}) refused"),
        )?,
    }
    Ok(true)
}

/// The exact span of `l` in `u128`: lines x atom pitch x atoms along.
fn exact_span(l: &SharedLayout) -> u128 {
    let along = if l.atom_len() == 0 {
        0
    } else {
        u128::from(l.line_len()).div_ceil(u128::from(l.atom_len()))
    };
    u128::from(l.lines()) * (u128::from(l.atom_len()) + u128::from(l.pad())) * along
}

fn shared_layout(l: &SharedLayout, stride: u64) -> Result<bool, String> {
    let mut m = String::new();
    let _ = write!(m, "{l}");
    // Any layout: its offsets answer, whatever they are.
    for (r, c) in [
        (0, 0),
        (l.rows().wrapping_sub(1), l.cols().wrapping_sub(1)),
        (u32::MAX, u32::MAX),
    ] {
        let _ = (l.linear(r, c), l.offset(r, c), l.byte_offset(r, c));
    }
    for off in [0, 1, u32::MAX] {
        let _ = (l.decode(off), l.decode_byte(off));
    }
    let span = exact_span(l);
    expect(l.span() as u128 == span.min(u128::from(u64::MAX)), || {
        format!("{m}: span {} of {span}", l.span())
    })?;
    let checked = l.check();
    if let Err(e) = checked {
        let _ = write!(m, ": {e}");
        expect(
            matches!(
                l.tma_box(stride),
                Err(layout_core::shared::TmaError::Layout(_))
            ),
            || format!("{m}: a TMA box for a layout failing its check"),
        )?;
        return Ok(false);
    }
    let bytes = span * u128::from(l.elem_bytes());
    expect(
        bytes <= u128::from(u32::MAX) && u128::from(l.span_bytes()) == bytes,
        || format!("{m}: accepted, spanning {bytes} bytes"),
    )?;
    for (r, c) in [
        (0, 0),
        (l.rows() - 1, l.cols() - 1),
        (l.rows() / 2, l.cols() / 3),
    ] {
        let off = l.offset(r, c);
        let back = off.and_then(|o| l.decode(o));
        expect(
            off.is_some_and(|o| u128::from(o) < span) && back == Some((r, c)),
            || format!("{m}: ({r}, {c}) at {off:?}, decoded {back:?}"),
        )?;
    }
    tma(l, stride, bytes)?;
    // Deriving a descriptor reads every element: small tiles only.
    if bytes <= 1 << 16 {
        descriptors(l, stride);
    }
    Ok(true)
}

/// The descriptors of an accepted layout, at MMA sizes and addresses from the stride's bits:
/// whatever they answer, they answer without a panic.
fn descriptors(l: &SharedLayout, bits: u64) {
    use layout_core::shared::{Base, Descriptor, Operand};
    let (mn, at) = (bits as u32, (bits >> 32) as u32);
    for operand in [Operand::A, Operand::B] {
        for mn in [mn, 64, l.cols(), l.rows()] {
            let Ok(d) = Descriptor::derive(l, operand, mn) else {
                continue;
            };
            for (block, step) in [
                (0, 0),
                (at, at),
                (d.mn_blocks(), d.k_steps()),
                (u32::MAX, 0),
            ] {
                let _ = d.start(block, step);
                for base in [0, at, 1024, u32::MAX - 15] {
                    for how in [Base::Refuse, Base::Carry] {
                        let _ = (
                            d.wgmma(base, block, step, how),
                            d.tcgen05(base, block, step, how),
                        );
                    }
                }
            }
        }
    }
}

fn tma(l: &SharedLayout, stride: u64, bytes: u128) -> Result<(), String> {
    let Ok(b) = l.tma_box(stride) else {
        return Ok(());
    };
    let line = u64::from(l.line_len()) * u64::from(l.elem_bytes());
    expect(
        stride % 16 == 0 && stride >= line && stride < 1 << 40,
        || format!("{l}: a TMA box for a global stride of {stride}"),
    )?;
    expect(
        u128::from(b.copies) * u128::from(b.copy_bytes()) == bytes,
        || {
            format!(
                "{l}: {} copies of {} bytes for {bytes}",
                b.copies,
                b.copy_bytes()
            )
        },
    )?;
    for i in [0, b.copies - 1, b.copies / 2] {
        let (line, pos) = b.origin(i).ok_or_else(|| format!("{l}: no origin {i}"))?;
        let (r, c) = match l.major() {
            layout_core::shared::Major::Row => (line, pos),
            layout_core::shared::Major::Col => (pos, line),
        };
        // The copy is written from its destination on, swizzled by the address: its first
        // element lies where the swizzle puts the destination (a box of lines that are not
        // whole swizzle periods starts inside one).
        let dest = b
            .destination(i)
            .map(|d| l.swizzle().apply(d / l.elem_bytes()));
        expect(l.offset(r, c) == dest, || {
            format!("{l}: copy {i} at {dest:?}")
        })?;
    }
    Ok(())
}

fn atoms(a: ScaleAtoms) -> Result<bool, String> {
    for (m, s) in [
        (0, 0),
        (u32::MAX, u32::MAX),
        (a.rows().wrapping_sub(1), a.kblocks().wrapping_sub(1)),
    ] {
        let _ = (a.byte(m, s), a.place(m, s), a.byte_of_element(m, s, 32));
    }
    for b in [0, 511, 512, u32::MAX] {
        let _ = a.decode(b);
    }
    if let Err(e) = a.check() {
        return refused(e.message().as_str());
    }
    let span = 512 * u128::from(a.rows().div_ceil(128)) * u128::from(a.kblocks().div_ceil(4));
    expect(
        span <= u128::from(u32::MAX) && u128::from(a.span_bytes()) == span,
        || format!("{a:?}: accepted, spanning {span} bytes"),
    )?;
    for (m, s) in [
        (0, 0),
        (a.rows() - 1, a.kblocks() - 1),
        (a.rows() / 2, a.kblocks() / 3),
    ] {
        let b = a.byte(m, s);
        expect(
            b.is_some_and(|b| u128::from(b) < span) && b.and_then(|b| a.decode(b)) == Some((m, s)),
            || format!("{a:?}: ({m}, {s}) at {b:?}"),
        )?;
    }
    Ok(true)
}

fn tmem_sf(mn: u32, d: Duplication) -> Result<bool, String> {
    let l = match scale_factors(mn, d) {
        Ok(l) => l,
        Err(e) => return refused(e.message().as_str()),
    };
    let n = l.numeral();
    expect(
        n.check().is_ok() && l.columns() * d.rows_per_column() == mn && mn <= 256,
        || format!("{}: {} columns", n.name, l.columns()),
    )?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_draws_the_same_cases() {
        let draw_all = |seed| {
            let mut rng = Rng::new(seed);
            (0..50)
                .map(|i| format!("{:?}", draw(&mut rng, i)))
                .collect::<Vec<_>>()
        };
        assert_eq!(draw_all(3), draw_all(3));
        assert_ne!(draw_all(3), draw_all(4));
    }
}
