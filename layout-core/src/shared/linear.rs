//! The GF(2)-linear optimum of a set of accesses: the fewest wavefronts any linear layout of
//! the tile's vectors gives them, the reference Triton's swizzle selection reaches.
//!
//! Where the tile's sides and element size are powers of two and every access moves the same
//! width `w` of at least 4 bytes, a tile offset is a vector of bits: index the tile's `w`-byte
//! units by their place in the plain row- or column-major tile (`n` bits). A GF(2)-linear
//! layout is an invertible matrix `A` on those bits; the units of one 128-byte row of banks
//! are those whose images agree above the low `k = log2(128 / w)` bits, so the row bits pull
//! back to a subspace `R` of codimension `k`, and any such `R` comes from some `A`. In each
//! phase of an instruction the lanes' units form a coset of a subspace `T` (the lane tile)
//! when the access is linear; the phase takes `2^dim(T ∩ R)` wavefronts (Triton's
//! `bankConflicts`: `2^dim(segment ∩ lane tile) - 1` conflicts). The optimum is the least
//! sum over the phases, over every `R`.
//!
//! Only `R ∩ S` matters, `S` the sum of the lane tiles (dimension `s`), and a smaller
//! intersection is never worse, so [`linear_optimum`] enumerates the subspaces `Q` of `S` of
//! dimension `max(0, s - k)` (each is some `R ∩ S`) in reduced row echelon form.

use super::access::Access;
use super::layout::SharedLayout;
use super::swizzle::Swizzle;
use crate::message::Message;

/// The most subspaces [`linear_optimum`] enumerates, and the most phases it reads.
pub const MAX_LINEAR_WORK: u64 = 1 << 20;

/// The fewest wavefronts of a set of accesses over the GF(2)-linear layouts of the tile's
/// `width`-byte units, against the ideal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinearOptimum {
    /// The optimum's wavefronts.
    pub wavefronts: u32,
    /// One per phase: the conflict-free count.
    pub ideal: u32,
    /// The bytes a lane moves in every access.
    pub width: u32,
}

impl LinearOptimum {
    /// Writes how `total` wavefronts (a layout's) compare: `matches the GF(2)-linear optimum
    /// (18 wavefronts)`, or the difference.
    pub const fn write_against(&self, total: u32, m: &mut Message) {
        if total == self.wavefronts {
            m.push("matches the GF(2)-linear optimum (");
        } else if total > self.wavefronts {
            m.push_num((total - self.wavefronts) as u64);
            m.push(" wavefronts more than the GF(2)-linear optimum (");
        } else {
            m.push_num((self.wavefronts - total) as u64);
            m.push(" wavefronts fewer than the GF(2)-linear optimum (padding is not linear; ");
        }
        m.push_num(self.wavefronts as u64);
        m.push(if self.wavefronts == 1 {
            " wavefront)"
        } else {
            " wavefronts)"
        });
    }
}

/// A subspace of GF(2)^n as a reduced basis: `rows[i]` has its highest bit `pivot(i)`, a bit
/// no other row has.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Space {
    rows: [u32; 32],
    dim: usize,
}

impl Space {
    const ZERO: Space = Space {
        rows: [0; 32],
        dim: 0,
    };

    /// Adds `v`; `true` when it was outside.
    fn insert(&mut self, mut v: u32) -> bool {
        for &r in &self.rows[..self.dim] {
            let top = 31 - r.leading_zeros();
            if v >> top & 1 == 1 {
                v ^= r;
            }
        }
        if v == 0 {
            return false;
        }
        let top = 31 - v.leading_zeros();
        for r in &mut self.rows[..self.dim] {
            if *r >> top & 1 == 1 {
                *r ^= v;
            }
        }
        self.rows[self.dim] = v;
        self.dim += 1;
        self.rows[..self.dim].sort_unstable();
        true
    }

    /// The dimension of `self + other`.
    fn sum_dim(&self, other: &Space) -> usize {
        let mut s = *self;
        for &v in &other.rows[..other.dim] {
            s.insert(v);
        }
        s.dim
    }
}

/// The most distinct lane tiles [`linear_optimum`] keeps.
pub const MAX_LANE_TILES: usize = 16;

/// The distinct lane tiles of a set of accesses, with how many phases have each.
struct Tiles {
    tiles: [(Space, u32); MAX_LANE_TILES],
    len: usize,
}

impl Tiles {
    fn all(&self) -> &[(Space, u32)] {
        &self.tiles[..self.len]
    }

    /// Counts one phase of lane tile `t`; `false` when there is no room for another tile.
    fn count(&mut self, t: Space) -> bool {
        if let Some((_, n)) = self.tiles[..self.len].iter_mut().find(|(s, _)| *s == t) {
            *n += 1;
            return true;
        }
        if self.len == MAX_LANE_TILES {
            return false;
        }
        self.tiles[self.len] = (t, 1);
        self.len += 1;
        true
    }
}

/// The one width all the accesses move on `plain`, when it is 4 bytes or more.
fn common_width(plain: &SharedLayout, accesses: &[Access]) -> Option<u32> {
    let mut width = 0;
    for a in accesses {
        let w = a.widest(plain).ok()?;
        if width != 0 && w != width {
            return None;
        }
        width = w;
    }
    (width >= 4).then_some(width)
}

/// The lane tile of lanes `lanes` of a request on `width`-byte units, `Some(None)` when no
/// lane of them is active, `None` when their units are not a coset of it.
fn phase_tile(
    r: &super::banks::Request,
    lanes: core::ops::Range<u32>,
    width: u32,
) -> Option<Option<Space>> {
    let mut units = [0u32; 32];
    let mut n = 0;
    for l in lanes {
        if let Some(b) = r.address(l) {
            units[n] = b / width;
            n += 1;
        }
    }
    if n == 0 {
        return Some(None);
    }
    let mut t = Space::ZERO;
    for &u in &units[..n] {
        t.insert(u ^ units[0]);
    }
    let distinct = &mut units[..n];
    distinct.sort_unstable();
    let count = 1 + distinct.windows(2).filter(|w| w[0] != w[1]).count();
    // Not a coset: the access is not linear in its lanes.
    (count == 1 << t.dim).then_some(Some(t))
}

/// The lane tiles of the accesses on the plain tile with how many phases have each, the
/// width, and the ideal; `None` where the model does not apply.
fn lane_tiles(plain: &SharedLayout, accesses: &[Access]) -> Option<(Tiles, u32, u32)> {
    let width = common_width(plain, accesses)?;
    let mut tiles = Tiles {
        tiles: [(Space::ZERO, 0); MAX_LANE_TILES],
        len: 0,
    };
    let (mut ideal, mut read) = (0u32, 0u64);
    for a in accesses {
        let a = a.with_width(width);
        for k in 0..a.requests(plain).ok()? {
            let r = a.request(plain, k).ok()?;
            for p in 0..r.phases() {
                read += 1;
                let lanes = p * r.phase_lanes()..(p + 1) * r.phase_lanes();
                let Some(t) = phase_tile(&r, lanes, width)? else {
                    continue;
                };
                if read > MAX_LINEAR_WORK || !tiles.count(t) {
                    return None;
                }
                ideal += 1;
            }
        }
    }
    Some((tiles, width, ideal))
}

/// The wavefronts of the phases `tiles` where the units of a row of banks pull back to a
/// subspace meeting the lane tiles' sum in `q`.
fn cost(tiles: &[(Space, u32)], q: &Space) -> u32 {
    tiles
        .iter()
        .map(|(t, n)| n << (t.dim + q.dim - t.sum_dim(q)))
        .sum()
}

/// The GF(2)-linear optimum of `accesses` on `base`'s tile (its padding and swizzle
/// ignored), or `None` where the model does not apply: a side or the element size not a
/// power of two, accesses of different widths or under 4 bytes, an access not linear in its
/// lanes, or more than [`MAX_LINEAR_WORK`] phases or subspaces.
pub fn linear_optimum(base: &SharedLayout, accesses: &[Access]) -> Option<LinearOptimum> {
    let plain = base.with_pad(0).with_swizzle(Swizzle::NONE);
    let p2 = |x: u32| x.is_power_of_two();
    if plain.check().is_err() || !p2(plain.rows()) || !p2(plain.cols()) || !p2(plain.elem_bytes()) {
        return None;
    }
    let (tiles, width, ideal) = lane_tiles(&plain, accesses)?;
    let mut sum = Space::ZERO;
    for (t, _) in tiles.all() {
        for &v in &t.rows[..t.dim] {
            sum.insert(v);
        }
    }
    let k = (128 / width).trailing_zeros() as usize;
    let q = sum.dim.saturating_sub(k);
    let basis = &sum.rows[..sum.dim];
    let mut best = u32::MAX;
    let mut seen = 0u64;
    let mut pivots = [0usize; 32];
    for (i, p) in pivots.iter_mut().enumerate() {
        *p = i;
    }
    let pivots = &mut pivots[..q];
    loop {
        if !each_echelon(basis, pivots, &mut |space| {
            best = best.min(cost(tiles.all(), space));
            seen += 1;
            seen <= MAX_LINEAR_WORK
        }) {
            return None;
        }
        if !next_combination(pivots, sum.dim) {
            break;
        }
    }
    Some(LinearOptimum {
        wavefronts: best,
        ideal,
        width,
    })
}

/// The next `q`-subset of `0..s` in lexicographic order; `false` after the last.
fn next_combination(c: &mut [usize], s: usize) -> bool {
    let q = c.len();
    for i in (0..q).rev() {
        if c[i] < s - q + i {
            c[i] += 1;
            for j in i + 1..q {
                c[j] = c[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

/// Calls `f` on every subspace whose reduced row echelon form over `basis` has pivots
/// `pivots` (row `i` is `basis[pivots[i]]` plus any of the later non-pivot basis vectors);
/// `false` when `f` asks to stop.
fn each_echelon(basis: &[u32], pivots: &[usize], f: &mut impl FnMut(&Space) -> bool) -> bool {
    let free = |p: usize| (p + 1..basis.len()).filter(move |j| !pivots.contains(j));
    let bits: usize = pivots.iter().map(|&p| free(p).count()).sum();
    if bits >= 40 {
        return false;
    }
    for choice in 0u64..1 << bits {
        let mut space = Space::ZERO;
        let mut at = 0;
        for &p in pivots.iter() {
            let mut row = basis[p];
            for j in free(p) {
                if choice >> at & 1 == 1 {
                    row ^= basis[j];
                }
                at += 1;
            }
            space.insert(row);
        }
        if !f(&space) {
            return false;
        }
    }
    true
}
