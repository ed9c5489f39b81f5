//! The row address of every thread of a fragment, and the straight-line code that computes it
//! from the thread index: what `#[matrix_rows]` generates.
//!
//! [`ThreadRows::new`] derives the `ldmatrix` / `stmatrix` row addresses
//! ([`ldmatrix_rows_at`]) for every warp of the fragment: thread `t` is lane `t % 32` of warp
//! `t / 32`, and a lane past `8 * num` holds a copy of lane `t % (8 * num)`'s address (PTX
//! ignores it; on `sm_75` and below it must still be valid). [`ThreadRows::code`] then finds
//! how that address depends on the bits of `t`:
//!
//! - **sum** ([`Combine::Add`]): `address(t) = base + sum of d_i over the set bits i of t`, in
//!   wrapping `u32` arithmetic: padded and plain layouts (each lane bit moves a row or a
//!   matrix by a fixed stride);
//! - **XOR** ([`Combine::Xor`]): `address(t) = base ^ XOR of d_i over the set bits i of t`:
//!   power-of-two swizzles (`Swizzle<B, M, S>` XORs offset bits, and each lane bit sets
//!   offset bits), when the fragment sits at a row that is a multiple of the swizzle's period;
//! - otherwise a **table** ([`Combine::Table`]) of the `threads` addresses.
//!
//! The sum is tried first (when both hold, the two agree). A swizzle often is a sum: where
//! each lane bit reaches its own swizzled bit, XOR with the constant part flips that bit one
//! way for every lane, `16 (3 ^ r) = 48 + 16 (r & 4) - 16 (r & 3)`; it takes the XOR where
//! two lane bits reach the same bit (the A operand's row and matrix both move the 16-byte
//! unit). Contributions of neighbouring bits that double (`d_{i+1} = 2 d_i`, and for XOR
//! with disjoint bits) merge into one [`Term`] `((t >> shift) & mask) * mul`, so a run of
//! lane bits that walks the rows of a matrix is one multiply:
//!
//! ```text
//! ldmatrix.x4 of the m16n8k16 A operand (16 x 16) at the corner of a 64 x 64 f16 tile
//! (128-byte rows); lane 8i + r supplies row r + 8 (i % 2), columns 8 (i / 2)..:
//!
//! row-major         address = 128 (r + 8 (i % 2)) + 16 (i / 2)
//!                   lane bits 0..3 add 128, 256, 512; bit 3 adds 1024; bit 4 adds 16
//!                   = (t & 7) * 128 + ((t >> 3) & 1) * 1024 + ((t >> 4) & 1) * 16
//!                     (the first two merge: (t & 15) * 128)
//! 128-byte swizzle  address = 128 (r + 8 (i % 2)) + 16 ((i / 2) ^ r)
//!                   bits 0..3 give 128 ^ 16 = 144, 288, 576 (disjoint: one run); bit 3 1024
//!                   = (t & 7) * 144 ^ ((t >> 3) & 1) * 1024 ^ ((t >> 4) & 1) * 16
//! ```
//!
//! ```
//! use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
//! use fraglayout::shared::{Combine, FragmentAt, MatrixVariant, SharedLayout, SwizzleMode, ThreadRows};
//! const TILE: SharedLayout = SharedLayout::hopper(64, 64, 2, SwizzleMode::B128);
//! const ROWS: ThreadRows = match ThreadRows::new(
//!     MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW, &TILE, FragmentAt::ORIGIN, 0,
//! ) {
//!     Ok(rows) => rows,
//!     Err(_) => panic!(),
//! };
//! let code = ROWS.code();
//! assert_eq!(code.combine(), Combine::Xor);
//! assert_eq!(code.to_string(), "(t & 7) * 144 ^ ((t >> 3) & 1) * 1024 ^ ((t >> 4) & 1) * 16");
//! for t in 0..32 {
//!     assert_eq!(Some(code.eval(t)), ROWS.address(t));
//! }
//! let plain = ThreadRows::new(
//!     MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW, &SharedLayout::row_major(64, 64, 2),
//!     FragmentAt::ORIGIN, 0,
//! ).unwrap();
//! assert_eq!(plain.code().to_string(), "(t & 15) * 128 + ((t >> 4) & 1) * 16");
//! ```

use super::banks::{BankError, PhaseReport, Wavefronts};
use super::error::AccessError;
use super::fragment::FragmentAt;
use super::layout::SharedLayout;
use super::ldmatrix::{ldmatrix_rows_at, MatrixVariant, RowAddresses};
use super::suggest::{write_search, Searched};
use crate::message::Message;
use crate::numeral::LANES;
use crate::Numeral;

/// The most warps a fragment may have for its row addresses: a warpgroup.
pub const MAX_ROW_WARPS: u32 = 4;

/// The most threads, `32 * MAX_ROW_WARPS`.
pub const MAX_ROW_THREADS: u32 = LANES * MAX_ROW_WARPS;

/// The most [`Term`]s of a [`RowCode`]: one per bit of the thread index.
pub const MAX_ROW_TERMS: usize = MAX_ROW_THREADS.trailing_zeros() as usize;

/// Why the row addresses of a fragment cannot be derived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowsError {
    /// The fragment's warp `warp` (of `warps`) cannot make the access.
    Access {
        /// The warp.
        warp: u32,
        /// The fragment's warps.
        warps: u32,
        /// Why.
        error: AccessError,
    },
    /// A fragment of `warps` warps: the thread index splits into lane and warp by its bits
    /// only for 1, 2 or 4 warps.
    Warps {
        /// The fragment's warps.
        warps: u32,
    },
}

/// The argument of `#[matrix_rows]` a [`RowsError`] is about, so the error points there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Culprit {
    /// The instruction form: its matrix count.
    Instruction,
    /// The register fragment.
    Fragment,
    /// The shared layout.
    Layout,
    /// Where the fragment's tile is placed.
    Place,
    /// The first register moved.
    First,
}

impl RowsError {
    /// The argument at fault: the instruction for a matrix count that does not fit, the
    /// fragment for one of the wrong shape, the place for a fragment outside the tile, the
    /// first register for registers past the fragment; otherwise the layout (unsound, of
    /// other elements, or storing a matrix row out of line).
    pub const fn culprit(&self) -> Culprit {
        match *self {
            RowsError::Warps { .. } => Culprit::Fragment,
            RowsError::Access { error, .. } => match error {
                AccessError::Variant { .. } | AccessError::MatrixCount { .. } => {
                    Culprit::Instruction
                }
                AccessError::Fragment(_)
                | AccessError::Warp { .. }
                | AccessError::OddElements { .. } => Culprit::Fragment,
                AccessError::FragmentOutside { .. } => Culprit::Place,
                AccessError::Registers { .. } => Culprit::First,
                _ => Culprit::Layout,
            },
        }
    }

    /// Writes the message: the access error (with `warp 1: ` in front for a multi-warp
    /// fragment), or the warps.
    pub const fn write(&self, m: &mut Message) {
        match *self {
            RowsError::Access { warp, warps, error } => {
                if warps > 1 {
                    m.push("warp ");
                    m.push_num(warp as u64);
                    m.push(": ");
                }
                error.write(m);
            }
            RowsError::Warps { warps } => {
                m.push("the fragment has ");
                m.push_num(warps as u64);
                m.push(
                    " warps: row addresses are derived for fragments of 1, 2 or 4 warps \
                     (the thread index's bits split into lane and warp)",
                );
            }
        }
    }

    /// The message, in a buffer.
    pub const fn message(&self) -> Message {
        let mut m = Message::new();
        self.write(&mut m);
        m
    }
}

impl core::fmt::Display for RowsError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.message(), f)
    }
}

/// The row addresses of every thread of a fragment, warp by warp (see the [module](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadRows {
    warps: u32,
    rows: [Option<RowAddresses>; MAX_ROW_WARPS as usize],
}

impl ThreadRows {
    /// The row addresses of registers `first..first + num` of `fragment`, its tile at `at` in
    /// `layout` (`at.warp` is ignored: every warp of the fragment is derived), or the first
    /// warp's error ([`ldmatrix_rows_at`] lists them).
    pub const fn new(
        variant: MatrixVariant,
        fragment: &Numeral,
        layout: &SharedLayout,
        at: FragmentAt,
        first: u32,
    ) -> Result<ThreadRows, RowsError> {
        let warps = fragment.warps;
        if !matches!(warps, 1 | 2 | 4) {
            return Err(RowsError::Warps { warps });
        }
        let mut rows = [None; MAX_ROW_WARPS as usize];
        let mut w = 0;
        while w < warps {
            match ldmatrix_rows_at(variant, fragment, layout, at.warp(w), first) {
                Ok(r) => rows[w as usize] = Some(r),
                Err(error) => {
                    return Err(RowsError::Access {
                        warp: w,
                        warps,
                        error,
                    })
                }
            }
            w += 1;
        }
        Ok(ThreadRows { warps, rows })
    }

    /// [`new`](Self::new) for the whole fragment: exactly `num` registers, from register 0
    /// (the error [`AccessError::MatrixCount`] otherwise, as [`ldmatrix_rows`] says it).
    ///
    /// [`ldmatrix_rows`]: super::ldmatrix_rows
    pub const fn whole(
        variant: MatrixVariant,
        fragment: &Numeral,
        layout: &SharedLayout,
        at: FragmentAt,
    ) -> Result<ThreadRows, RowsError> {
        if fragment.elements % 2 == 0 && fragment.elements / 2 != variant.num {
            return Err(RowsError::Access {
                warp: 0,
                warps: fragment.warps,
                error: AccessError::MatrixCount {
                    num: variant.num,
                    registers: fragment.elements / 2,
                },
            });
        }
        ThreadRows::new(variant, fragment, layout, at, 0)
    }

    /// The instruction form.
    pub const fn variant(&self) -> MatrixVariant {
        match self.rows[0] {
            Some(r) => r.variant(),
            None => MatrixVariant::X1,
        }
    }

    /// Threads: `32 * warps`.
    pub const fn threads(&self) -> u32 {
        LANES * self.warps
    }

    /// Warps of the fragment.
    pub const fn warps(&self) -> u32 {
        self.warps
    }

    /// Warp `warp`'s row addresses.
    pub const fn warp(&self, warp: u32) -> Option<RowAddresses> {
        if warp < self.warps {
            self.rows[warp as usize]
        } else {
            None
        }
    }

    /// The address thread `thread` supplies: lane `thread % 32` of warp `thread / 32`, a
    /// copy of lane `lane % (8 * num)`'s for a lane whose address the instruction ignores
    /// ([`RowAddresses::address_or_copy`]). `None` past the threads.
    pub const fn address(&self, thread: u32) -> Option<u32> {
        match self.warp(thread / LANES) {
            Some(r) => r.address_or_copy(thread % LANES),
            None => None,
        }
    }

    /// The largest address any thread supplies.
    pub const fn max_address(&self) -> u32 {
        let mut max = 0;
        let mut t = 0;
        while t < self.threads() {
            if let Some(a) = self.address(t) {
                if a > max {
                    max = a;
                }
            }
            t += 1;
        }
        max
    }

    /// The wavefronts of every warp's instruction, summed.
    pub const fn wavefronts(&self) -> Result<Wavefronts, BankError> {
        let mut w = Wavefronts::ZERO;
        let mut k = 0;
        while k < self.warps {
            if let Some(r) = self.rows[k as usize] {
                match r.wavefronts() {
                    Ok(more) => w = w.plus(more),
                    Err(e) => return Err(e),
                }
            }
            k += 1;
        }
        Ok(w)
    }

    /// The first phase with the most wavefronts, when it takes more than one: its warp and
    /// report. `None` for a conflict-free access.
    pub const fn worst_phase(&self) -> Option<(u32, PhaseReport)> {
        let mut worst: Option<(u32, PhaseReport)> = None;
        let mut k = 0;
        while k < self.warps {
            if let Some(rows) = self.rows[k as usize] {
                let request = rows.request();
                let mut p = 0;
                while p < request.phases() {
                    if let Ok(report) = request.phase(p) {
                        let more = match worst {
                            Some((_, w)) => report.wavefronts > w.wavefronts,
                            None => report.wavefronts > 1,
                        };
                        if more {
                            worst = Some((k, report));
                        }
                    }
                    p += 1;
                }
            }
            k += 1;
        }
        worst
    }

    /// The code computing each thread's address from its index (see the [module](self)).
    pub const fn code(&self) -> RowCode {
        let mut table = [0u32; MAX_ROW_THREADS as usize];
        let mut t = 0;
        while t < self.threads() {
            table[t as usize] = match self.address(t) {
                Some(a) => a,
                None => 0,
            };
            t += 1;
        }
        RowCode::derive(&table, self.threads())
    }

    /// `ldmatrix.x4 of `SM80_16x8x16_F16_A_ROW` from `SMEM_A`: ` and the error: the message
    /// of `#[matrix_rows]` for a fragment that cannot be moved so. `store` names `stmatrix`
    /// (`into` the layout) rather than `ldmatrix`.
    pub const fn error_message(
        store: bool,
        variant: MatrixVariant,
        fragment: &Numeral,
        layout_name: &str,
        e: &RowsError,
    ) -> Message {
        let mut m = Message::new();
        write_access(store, variant, fragment, layout_name, &mut m);
        m.push(": ");
        e.write(&mut m);
        m
    }

    /// For a conflicting access, the message of `#[matrix_rows(.., conflict_free)]` (for
    /// some of the fragment's registers, `first = ..`, the search it suggests is over all of
    /// them, and it says so):
    /// `ldmatrix.x4 of `A` from `SMEM_A` is not conflict-free: 32 wavefronts, ideal 4
    /// (8-way conflict); phase 0 (lanes 0..8): 8 wavefronts, bank 0 holds 8 words for lanes
    /// 0, 1, ...: swizzle or pad the layout`. `None` when conflict-free.
    pub const fn conflict_message(
        &self,
        store: bool,
        fragment: &Numeral,
        layout: &SharedLayout,
        at: FragmentAt,
        layout_name: &str,
    ) -> Option<Message> {
        let w = match self.wavefronts() {
            Ok(w) => w,
            // Row addresses are 16-byte aligned and the width is 16: not reached.
            Err(_) => return None,
        };
        if w.conflict_free() {
            return None;
        }
        let mut m = Message::new();
        write_access(store, self.variant(), fragment, layout_name, &mut m);
        m.push(" is not conflict-free: ");
        w.write(&mut m);
        if let Some((warp, phase)) = self.worst_phase() {
            m.push("; ");
            if self.warps > 1 {
                m.push("warp ");
                m.push_num(warp as u64);
                m.push(" ");
            }
            phase.write(&mut m);
        }
        m.push(": swizzle or pad the layout");
        let what = Searched::Matrices {
            store,
            variant: self.variant(),
        };
        write_search(what, fragment, layout, layout_name, at, &mut m);
        let registers = fragment.elements / 2;
        let num = self.variant().num;
        if registers != num && num != 0 {
            // The search moves the whole fragment, these registers among them.
            m.push(" for all ");
            m.push_num(registers as u64);
            m.push(" registers (");
            m.push_num((registers / num) as u64);
            m.push(" instructions, these among them)");
        }
        Some(m)
    }

    /// For a return type whose largest value is `type_max` (named `type_name`), the message
    /// when some address does not fit in it.
    pub const fn address_type_message(&self, type_max: u128, type_name: &str) -> Option<Message> {
        let max = self.max_address();
        if max as u128 <= type_max {
            return None;
        }
        let mut m = Message::new();
        m.push("the row addresses reach byte ");
        m.push_num(max as u64);
        m.push(", past `");
        m.push(type_name);
        m.push("`'s ");
        m.push_num(type_max as u64);
        m.push(if max <= u16::MAX as u32 {
            ": return `u16` or wider"
        } else {
            ": return `u32` or wider"
        });
        Some(m)
    }
}

/// `ldmatrix.x4.trans of `FRAG` from `SMEM``, or `stmatrix.x2 of `FRAG` into `SMEM``.
const fn write_access(
    store: bool,
    variant: MatrixVariant,
    fragment: &Numeral,
    layout_name: &str,
    m: &mut Message,
) {
    write_form(store, variant, m);
    m.push(" of `");
    m.push(fragment.name);
    m.push(if store { "` into `" } else { "` from `" });
    m.push(layout_name);
    m.push("`");
}

/// `ldmatrix.x4.trans`, `stmatrix.x1`.
pub const fn write_form(store: bool, variant: MatrixVariant, m: &mut Message) {
    m.push(if store { "stmatrix.x" } else { "ldmatrix.x" });
    m.push_num(variant.num as u64);
    if variant.trans {
        m.push(".trans");
    }
}

/// How a [`RowCode`] combines its base and terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Combine {
    /// `base + term + term ...` (wrapping).
    Add,
    /// `base ^ term ^ term ...`.
    Xor,
    /// A table of every thread's address, indexed by `t & (threads - 1)`.
    Table,
}

/// One term of a [`RowCode`]: `((t >> shift) & mask) * mul` (wrapping).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Term {
    /// The lowest bit of the thread index read.
    pub shift: u32,
    /// `2^bits - 1` for the `bits` bits read.
    pub mask: u32,
    /// What bit `shift` contributes; bit `shift + k` contributes `mul << k`.
    pub mul: u32,
}

impl Term {
    /// No term: 0 for every thread.
    pub const ZERO: Term = Term {
        shift: 0,
        mask: 0,
        mul: 0,
    };

    /// The term's value for thread `t`.
    pub const fn eval(&self, t: u32) -> u32 {
        ((t >> self.shift) & self.mask).wrapping_mul(self.mul)
    }
}

/// How a thread's address is computed from its index `t`: `base` combined with
/// [`terms`](Self::terms) [`Term`]s (sum or XOR), or a table (see the [module](self)).
/// [`eval`](Self::eval) is exactly the generated code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowCode {
    combine: Combine,
    base: u32,
    terms: [Term; MAX_ROW_TERMS],
    len: u32,
    threads: u32,
    table: [u32; MAX_ROW_THREADS as usize],
}

impl RowCode {
    /// Address 0 for every thread of one warp: what generated code falls back to after an
    /// error, so that nothing built on it reports again.
    pub const ZERO: RowCode = RowCode {
        combine: Combine::Add,
        base: 0,
        terms: [Term::ZERO; MAX_ROW_TERMS],
        len: 0,
        threads: LANES,
        table: [0; MAX_ROW_THREADS as usize],
    };

    /// The code for `addresses[t]`, `t < threads` (a power of two up to
    /// [`MAX_ROW_THREADS`]; other counts, or a slice shorter than `threads`, give a table of
    /// what there is, with zeros).
    pub const fn derive(addresses: &[u32], threads: u32) -> RowCode {
        let mut code = RowCode::ZERO;
        code.threads = threads;
        let mut t = 0;
        while t < threads && t < MAX_ROW_THREADS && (t as usize) < addresses.len() {
            code.table[t as usize] = addresses[t as usize];
            t += 1;
        }
        if !threads.is_power_of_two()
            || threads > MAX_ROW_THREADS
            || (threads as usize) > addresses.len()
        {
            code.combine = Combine::Table;
            return code;
        }
        code.base = code.table[0];
        let bits = threads.trailing_zeros();
        if code.try_runs(Combine::Add, bits) || code.try_runs(Combine::Xor, bits) {
            return code;
        }
        code.combine = Combine::Table;
        code.len = 0;
        code.terms = [Term::ZERO; MAX_ROW_TERMS];
        code
    }

    /// Sets the terms for `combine` and says whether they give every thread's address.
    const fn try_runs(&mut self, combine: Combine, bits: u32) -> bool {
        self.combine = combine;
        self.len = 0;
        self.terms = [Term::ZERO; MAX_ROW_TERMS];
        let mut d = [0u32; MAX_ROW_TERMS];
        let mut i = 0;
        while i < bits {
            let a = self.table[1 << i];
            d[i as usize] = match combine {
                Combine::Xor => a ^ self.base,
                _ => a.wrapping_sub(self.base),
            };
            i += 1;
        }
        let mut i = 0;
        while i < bits {
            let first = d[i as usize];
            if first == 0 {
                i += 1;
                continue;
            }
            // Extend the run while each bit doubles the previous (and, for XOR, while the
            // run's contributions share no bit, so the product has no carry).
            let mut used = first;
            let mut j = i + 1;
            while j < bits {
                let prev = d[(j - 1) as usize];
                let next = d[j as usize];
                let doubles = prev >> 31 == 0 && next == prev << 1;
                let fits = match combine {
                    Combine::Xor => used & next == 0,
                    _ => true,
                };
                if !(doubles && fits) || next == 0 {
                    break;
                }
                used |= next;
                j += 1;
            }
            self.terms[self.len as usize] = Term {
                shift: i,
                mask: (1 << (j - i)) - 1,
                mul: first,
            };
            self.len += 1;
            i = j;
        }
        let mut t = 0;
        while t < (1u32 << bits) {
            if self.eval(t) != self.table[t as usize] {
                return false;
            }
            t += 1;
        }
        true
    }

    /// How the terms combine.
    pub const fn combine(&self) -> Combine {
        self.combine
    }

    /// Whether the code is a table lookup.
    pub const fn is_table(&self) -> bool {
        matches!(self.combine, Combine::Table)
    }

    /// Whether the terms combine by XOR.
    pub const fn is_xor(&self) -> bool {
        matches!(self.combine, Combine::Xor)
    }

    /// The address of thread 0, which the terms combine with.
    pub const fn base(&self) -> u32 {
        self.base
    }

    /// How many terms (0 for a table).
    pub const fn terms(&self) -> u32 {
        self.len
    }

    /// Term `k`, or [`Term::ZERO`] past the last.
    pub const fn term(&self, k: u32) -> Term {
        if k < self.len {
            self.terms[k as usize]
        } else {
            Term::ZERO
        }
    }

    /// Threads the code is for: the table's length, and `threads - 1` masks its index.
    pub const fn threads(&self) -> u32 {
        self.threads
    }

    /// The table's first `N` entries (`N = threads` in generated code).
    pub const fn table<const N: usize>(&self) -> [u32; N] {
        let mut out = [0u32; N];
        let mut t = 0;
        while t < N && t < MAX_ROW_THREADS as usize {
            out[t] = self.table[t];
            t += 1;
        }
        out
    }

    /// The address of thread `t` (its low bits), as the generated code computes it.
    pub const fn eval(&self, t: u32) -> u32 {
        match self.combine {
            Combine::Table => {
                let i = (t & self.threads.wrapping_sub(1)) as usize;
                if i < MAX_ROW_THREADS as usize {
                    self.table[i]
                } else {
                    0
                }
            }
            Combine::Add => {
                let mut a = self.base;
                let mut k = 0;
                while k < self.len {
                    a = a.wrapping_add(self.terms[k as usize].eval(t));
                    k += 1;
                }
                a
            }
            Combine::Xor => {
                let mut a = self.base;
                let mut k = 0;
                while k < self.len {
                    a ^= self.terms[k as usize].eval(t);
                    k += 1;
                }
                a
            }
        }
    }
}

/// The code as Rust over the thread index `t`: `2048 + (t & 15) * 144`, `(t & 7) * 144 ^
/// ((t >> 3) & 1) * 1024`, or `table[t & 31]`.
impl core::fmt::Display for RowCode {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let op = match self.combine {
            Combine::Table => return write!(f, "table[t & {}]", self.threads.wrapping_sub(1)),
            Combine::Add => " + ",
            Combine::Xor => " ^ ",
        };
        let mut first = true;
        if self.base != 0 || self.len == 0 {
            write!(f, "{}", self.base)?;
            first = false;
        }
        for t in &self.terms[..self.len as usize] {
            if !first {
                f.write_str(op)?;
            }
            first = false;
            match t.shift {
                0 => write!(f, "(t & {})", t.mask)?,
                s => write!(f, "((t >> {s}) & {})", t.mask)?,
            }
            if t.mul != 1 {
                write!(f, " * {}", t.mul)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_C, SM90_64x16x16_F16_C};
    use crate::shared::{Swizzle, SwizzleMode};
    use std::string::ToString;

    #[test]
    fn padding_sums_and_a_misplaced_swizzle_tables() {
        let padded = SharedLayout::padded(64, 64, 2, 8);
        let rows = ThreadRows::whole(
            MatrixVariant::X4,
            &SM80_16x8x16_F16_A_ROW,
            &padded,
            FragmentAt::new(16, 8),
        )
        .unwrap();
        let code = rows.code();
        assert_eq!(code.combine(), Combine::Add);
        // Pitch 144 bytes; the fragment starts at row 16, column 8: byte 16 * 144 + 16.
        assert_eq!(
            code.to_string(),
            "2320 + (t & 15) * 144 + ((t >> 4) & 1) * 16"
        );
        // At row 4 the swizzle's row bits carry into the row index: neither sum nor XOR.
        let swizzled = SharedLayout::hopper(64, 64, 2, SwizzleMode::B128);
        let rows = ThreadRows::whole(
            MatrixVariant::X4,
            &SM80_16x8x16_F16_A_ROW,
            &swizzled,
            FragmentAt::new(4, 0),
        )
        .unwrap();
        let code = rows.code();
        assert!(code.is_table(), "{code}");
        for t in 0..64 {
            assert_eq!(code.eval(t), rows.address(t % 32).unwrap(), "thread {t}");
        }
    }

    #[test]
    fn ignored_lanes_copy_and_warps_are_bits() {
        let tile = SharedLayout::row_major(16, 8, 2);
        let rows = ThreadRows::new(
            MatrixVariant::X1,
            &SM80_16x8x16_F16_C,
            &tile,
            FragmentAt::ORIGIN,
            1,
        )
        .unwrap();
        // Register 1 holds rows 8..16: lane r supplies row 8 + r; lanes 8.. copy lane % 8.
        assert_eq!(rows.address(9), Some(16 * 9));
        assert_eq!(rows.code().to_string(), "128 + (t & 7) * 16");
        // A warpgroup accumulator: warp w owns rows 16w.., so bits 5 and 6 step 16 rows.
        let stage = SharedLayout::swizzled(64, 16, 2, Swizzle::new(1, 3, 3));
        let rows = ThreadRows::whole(
            MatrixVariant::X4,
            &SM90_64x16x16_F16_C,
            &stage,
            FragmentAt::ORIGIN,
        )
        .unwrap();
        assert_eq!(rows.threads(), 128);
        let code = rows.code();
        assert!(!code.is_table(), "{code}");
        for t in 0..128 {
            assert_eq!(Some(code.eval(t)), rows.address(t), "thread {t}");
        }
        assert_eq!(code.eval(32), 16 * 16 * 2, "warp 1's lane 0: row 16");
    }

    #[test]
    fn messages_name_the_access_and_the_collision() {
        let plain = SharedLayout::row_major(64, 64, 2);
        let rows = ThreadRows::whole(
            MatrixVariant::X4,
            &SM80_16x8x16_F16_A_ROW,
            &plain,
            FragmentAt::ORIGIN,
        )
        .unwrap();
        let m = rows
            .conflict_message(
                false,
                &SM80_16x8x16_F16_A_ROW,
                &plain,
                FragmentAt::ORIGIN,
                "SMEM",
            )
            .unwrap();
        assert_eq!(
            m.as_str(),
            "ldmatrix.x4 of `SM80_16x8x16_F16_A_ROW` from `SMEM` is not conflict-free: 32 \
             wavefronts, ideal 4 (8-way conflict); phase 0 (lanes 0..8): 8 wavefronts, bank 0 \
             holds 8 words for lanes 0, 1, 2, 3, 4, 5, 6, 7: swizzle or pad the layout: \
             `fraglayout banks ldmatrix.x4 SM80_16x8x16_F16_A_ROW --tile 64x64 --elem 2 --find` \
             searches"
        );
        let e = ThreadRows::whole(
            MatrixVariant::X2,
            &SM80_16x8x16_F16_A_ROW,
            &plain,
            FragmentAt::ORIGIN,
        )
        .unwrap_err();
        assert_eq!(
            ThreadRows::error_message(true, MatrixVariant::X2, &SM80_16x8x16_F16_A_ROW, "S", &e)
                .as_str(),
            "stmatrix.x2 of `SM80_16x8x16_F16_A_ROW` into `S`: the fragment has 4 registers, \
             but .x2 moves 2 matrices: use .x4"
        );
        assert_eq!(
            rows.address_type_message(255, "u8").unwrap().as_str(),
            "the row addresses reach byte 1936, past `u8`'s 255: return `u16` or wider"
        );
        assert!(rows.address_type_message(u16::MAX as u128, "u16").is_none());
        assert!(rows
            .address_type_message(1935, "small")
            .unwrap()
            .as_str()
            .ends_with("1935: return `u16` or wider"));
    }

    #[test]
    fn odd_thread_counts_become_tables() {
        let code = RowCode::derive(&[5, 9, 2], 3);
        assert!(code.is_table());
        assert_eq!(code.table::<3>(), [5, 9, 2]);
        let sum = RowCode::derive(&[7, 9, 11, 13], 4);
        assert_eq!(sum.to_string(), "7 + (t & 3) * 2");
        let xor = RowCode::derive(&[0, 3, 5, 6], 4);
        assert_eq!(xor.to_string(), "(t & 1) * 3 ^ ((t >> 1) & 1) * 5");
        assert_eq!(RowCode::derive(&[0; 4], 4).to_string(), "0");
    }
}
